"""Real bleed on pages that hold one piece: boards, screens and tiled parts have BleedBox beyond TrimBox, with art."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.spec import PAPERS
from playproof.output.build import build
from playproof.units import mm

from print_fixtures import make_project

pytestmark = pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="needs poppler-utils")

BOARD = '''
[sets.Board]
shape = "board"
size = "{size}"
background = "#c03020"
'''


def boxes(pdf) -> dict[int, dict[str, tuple[float, ...]]]:
    """Return every page's boxes as pdfinfo reports them."""
    text = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "1000", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    found: dict[int, dict[str, tuple[float, ...]]] = {}
    for page, name, numbers in re.findall(r"Page\s+(\d+) (\w+Box):\s+([\d.\s-]+)\n", text):
        found.setdefault(int(page), {})[name] = tuple(float(n) for n in numbers.split())
    return found


def board(tmp_path, size: str):
    """Build a one-board project; return the PDF."""
    project = make_project(tmp_path, layouts=BOARD.replace("{size}", size),
                           sheets={"Board": [("name", "count"), ("Map", 1)]})
    return build(project, tmp_path / "out").outputs[0]


def test_a_board_on_one_page_has_its_bleed_beyond_the_trim_and_art_in_it(tmp_path):
    pdf = board(tmp_path, "250mm x 150mm")
    got = boxes(pdf)[1]
    trim, bleed = got["TrimBox"], got["BleedBox"]
    assert trim[2] - trim[0] == pytest.approx(mm(250), abs=0.01)
    assert (trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]) == pytest.approx(
        (mm(3),) * 4, abs=0.01)  # 3 mm of bleed on every side
    image = render(pdf, tmp_path)
    height = got["MediaBox"][3]
    for x, y in ((bleed[0] + 2, (trim[1] + trim[3]) / 2), (bleed[2] - 2, (trim[1] + trim[3]) / 2),
                 ((trim[0] + trim[2]) / 2, bleed[1] + 2), ((trim[0] + trim[2]) / 2, bleed[3] - 2)):
        assert image.getpixel((round(x), round(height - y))) == (192, 48, 32)  # the art fills the bleed


def render(pdf, folder):
    """Return page 1 rendered at 72 dpi (one pixel a point)."""
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(pdf), str(folder / "p")], check=True)
    return Image.open(next(folder.glob("p-*.png"))).convert("RGB")


def test_tiled_parts_bleed_at_the_boards_edges_and_end_at_the_overlap(tmp_path):
    pdf = board(tmp_path, "400mm x 150mm")  # two parts side by side
    got = boxes(pdf)
    assert len(got) == 4  # two parts, each with its (blank) back
    left, right = got[1], got[3]
    for part, outer in ((left, 0), (right, 2)):
        trim, bleed = part["TrimBox"], part["BleedBox"]
        inner = 2 - outer
        assert abs(trim[outer] - bleed[outer]) == pytest.approx(mm(3), abs=0.01)  # the board's own edge
        assert trim[inner] == pytest.approx(bleed[inner], abs=0.01)  # the end of the overlap: cut there
        assert (trim[1] - bleed[1], bleed[3] - trim[3]) == pytest.approx((mm(3), mm(3)), abs=0.01)


def test_the_plan_of_tiled_parts_keeps_the_glue_guides_and_crop_marks_outside_the_art():
    job = SetJob("Board", mm(400), mm(150), mm(3), mm(6), (Copy("Board", 2, 1, 0),), False, overlap=mm(10))
    pages = plan([job], Sheet(*PAPERS["a4"], duplex="none")).pages
    assert [sorted({m.kind for m in p.marks}) for p in pages] == [["align", "crop", "glue"], ["align", "crop", "cut"]]
    for page in pages:
        (slot,) = page.slots
        assert slot.art.contains(slot.trim) and page.single
        for mark in (m for m in page.marks if m.kind in ("crop", "align")):
            assert not (slot.art.x < min(mark.x1, mark.x2) < slot.art.right and
                        slot.art.y < min(mark.y1, mark.y2) < slot.art.bottom)


def test_a_screen_that_fits_only_with_less_bleed_keeps_what_fits_and_is_not_tiled():
    copies = (Copy("Screens", 2, 1, 0),)
    screen = SetJob("Screens", mm(264), mm(125), mm(3), mm(6), copies, True)
    pages = plan([screen], Sheet(*PAPERS["letter"])).pages
    assert len(pages) == 2 and all(p.single for p in pages)
    front = pages[0].slots[0]
    assert front.part is None
    kept = (front.trim.x - front.art.x, front.art.right - front.trim.right)
    assert kept == pytest.approx((mm(1.2), mm(1.2)), abs=0.01)  # 279.4 mm less 2 x 6.5 mm, less 264 mm, halved
    assert front.trim.y - front.art.y == pytest.approx(mm(1.2), abs=0.01)


def test_a_page_with_one_piece_of_a_grid_is_single():
    copies = (Copy("Cards", 2, 1, 0),)
    result = plan([SetJob("Cards", mm(63.5), mm(88.9), mm(3), mm(6), copies, True)], Sheet(*PAPERS["a4"]))
    assert [p.single for p in result.pages] == [True, True]
