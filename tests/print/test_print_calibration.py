"""Duplex calibration that means what it says: a sheet per orientation, an offset in the paper's physical directions.

A model of the printer, written here apart from the code under test, puts every page on a portrait
sheet: a landscape page is turned a quarter counter-clockwise (IPP "landscape"); a long-edge back
is seen by turning the sheet over like a book page, a short-edge back like a calendar. The printer
shifts every back by an error measured on the back of the sheet, held portrait (x right, y down).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from playproof.layouts.geometry import Box
from playproof.layouts.imposition import Copy, SetJob, Sheet, Slot, back_slot, plan
from playproof.layouts.spec import PAPERS
from playproof.output.build import BuildOptions, build
from playproof.output.calibration import turned_offset
from playproof.units import mm

PAPER_W, PAPER_H = PAPERS["a4"]  # the portrait sheet the printer prints on
COMBOS = list(itertools.product((False, True), ("long", "short")))  # (landscape page, duplex)


def front_view(point: tuple[float, float], landscape: bool) -> tuple[float, float]:
    """Return where a front page's point lies on the sheet (front side, portrait, y down)."""
    u, v = point
    return (v, PAPER_H - u) if landscape else (u, v)


def back_view(point: tuple[float, float], landscape: bool, duplex: str) -> tuple[float, float]:
    """Return where a back page's point lies on the back of the sheet as a reader holds it (book flip)."""
    u, v = point
    x, y = (v, PAPER_H - u) if landscape else (u, v)
    return (PAPER_W - x, PAPER_H - y) if duplex == "short" else (x, y)


def through(point: tuple[float, float]) -> tuple[float, float]:
    """Return where a point on the back of the sheet lies seen from the front."""
    return (PAPER_W - point[0], point[1])


def corners(box: Box) -> list[tuple[float, float]]:
    """Return a box's four corners."""
    return [(box.x, box.y), (box.right, box.y), (box.x, box.bottom), (box.right, box.bottom)]


def landed(box: Box, landscape: bool, duplex: str, error: tuple[float, float]) -> set[tuple[float, float]]:
    """Return the corners of a back box as printed (with the printer's error), seen from the front."""
    return {tuple(round(c, 6) for c in through((x + error[0], y + error[1])))
            for x, y in (back_view(p, landscape, duplex) for p in corners(box))}


def front_box(landscape: bool) -> tuple[Slot, float, float]:
    """Return an off-centre front slot on a page of the orientation, and the page's size."""
    width, height = (PAPER_H, PAPER_W) if landscape else (PAPER_W, PAPER_H)
    trim = Box(mm(17), mm(23), mm(63), mm(88))
    art = trim.grow(mm(3), mm(3), mm(3), mm(3))
    return Slot(Copy("Cards", 2, 1, 0), "front", 1, trim, art, (trim.x, trim.y)), width, height


@pytest.mark.parametrize("landscape, duplex", COMBOS)
def test_a_measured_offset_puts_every_back_behind_its_front(landscape, duplex):
    error = (mm(1.5), mm(-0.8))  # the printer's shift of the back, on the back of the sheet
    reading = (-error[0], -error[1])  # the front's cross shines through this far from the scales' 0
    front, width, height = front_box(landscape)
    target = {tuple(round(c, 6) for c in front_view(p, landscape)) for p in corners(front.trim)}
    corrected = back_slot(front, Sheet(PAPER_W, PAPER_H, duplex=duplex, back_offset=reading), width, height, 2)
    assert landed(corrected.trim, landscape, duplex, error) == target
    uncorrected = back_slot(front, Sheet(PAPER_W, PAPER_H, duplex=duplex), width, height, 2)
    assert landed(uncorrected.trim, landscape, duplex, error) != target  # the model does see the error


@pytest.mark.parametrize("landscape, duplex", COMBOS)
def test_the_calibration_back_reads_in_the_papers_physical_directions(landscape, duplex):
    sheet = Sheet(PAPER_W, PAPER_H, duplex=duplex, calibration=True, back_offset=(mm(2), mm(1)))
    job = board() if landscape else cards()
    backs = [p for p in plan([job], sheet).pages if p.kind == "calibration" and p.side == "back"]
    (back,) = backs
    assert (back.width > back.height) == landscape and back.label == ("landscape" if landscape else "portrait")
    origin = back_view((0.0, 0.0), landscape, duplex)
    for physical in ((1.0, 0.0), (0.0, 1.0)):  # the scales' X (right) and Y (down) as drawn on the page
        on_page = turned_offset(back.reading, physical)
        seen = back_view(on_page, landscape, duplex)
        assert (round(seen[0] - origin[0], 6), round(seen[1] - origin[1], 6)) == physical


def cards(count: int = 3) -> SetJob:
    """Return poker cards (printed on portrait sheets)."""
    return SetJob("Cards", mm(63), mm(88), mm(3), 0.0, tuple(Copy("Cards", 2, i + 1, 0) for i in range(count)), True)


def board() -> SetJob:
    """Return a board that fits only a landscape sheet."""
    return SetJob("Board", mm(250), mm(170), mm(3), 0.0, (Copy("Board", 2, 1, 0),), True)


def test_one_calibration_sheet_per_orientation_used():
    sheet = Sheet(PAPER_W, PAPER_H, calibration=True)
    pages = plan([cards(), board()], sheet).pages
    calibration = [(p.side, p.label, p.width > p.height) for p in pages if p.kind == "calibration"]
    assert calibration == [("front", "portrait", False), ("back", "portrait", False),
                           ("front", "landscape", True), ("back", "landscape", True)]
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    only_cards = [p for p in plan([cards()], sheet).pages if p.kind == "calibration"]
    assert [(p.side, p.label) for p in only_cards] == [("front", "portrait"), ("back", "portrait")]


def test_calibration_sheets_build_and_show_the_current_offset(tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from print_fixtures import CARD_LAYOUT, make_project

    layouts = CARD_LAYOUT + '''
[sets.Board]
size = "250mm x 170mm"
background = "#ddeeff"

[sets.Board.back]
background = "#334455"
'''
    project = make_project(tmp_path, layouts=layouts, sheets={
        "Cards": [("name", "text"), ("Gold", "a")], "Board": [("name",), ("Map",)]})
    result = build(project, tmp_path / "out", BuildOptions(calibration=True, back_offset=(mm(1), mm(-0.5))))
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(str(result.outputs[0]))
    try:
        sizes = [document[i].get_size() for i in range(4)]
        texts = [document[i].get_textpage().get_text_range() for i in range(4)]
    finally:
        document.close()
    assert [w > h for w, h in sizes] == [False, False, True, True]
    assert "back, landscape sheets" in texts[3] and "Current back_offset: 1 mm, -0.5 mm." in texts[3]
