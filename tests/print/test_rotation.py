"""Rotation to fit: the plan turns pieces 90 degrees when that fits more, the writers draw them turned,
every back lies exactly behind its front, the manifest records it, and `rotate = false` forbids it.

The back-position check: a point (u, v) of a piece's front design (y down) lies on the page where
the PDF writer draws it; turned over sideways, the same point of the piece is (width - u, v) of
its back design. The printer's flip (or the gutter fold) puts a point of the back page behind a
point of the front page; both must be the same point of the paper, however the piece is turned.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from playproof.errors import Problems
from playproof.layouts.geometry import Box
from playproof.layouts.imposition import Copy, PagePlan, Plan, SetJob, Sheet, Slot, mirror_axis, plan
from playproof.layouts.project import load_project
from playproof.layouts.spec import PAPERS
from playproof.layouts.backs import page_offset
from playproof.output.build import BuildOptions, build, make_jobs, make_sheet, selected_sets
from playproof.output.pdf import design_matrix, design_turn
from playproof.units import mm

from print_fixtures import make_project

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = ["seven-sisters", "four-sisters", "battle-for-seven-cities", "who-will-reign", "7-wonders-leaders"]


@dataclass(frozen=True)
class Size:
    """The size of a design (a stand-in for a scene: design_matrix reads width and height only)."""

    width: float
    height: float


def on_page(slot: Slot, size: Size, page_height: float, u: float, v: float) -> tuple[float, float]:
    """Return where design point (u, v) is printed: page coordinates from the top-left corner, y down."""
    a, b, c, d, e, f = design_matrix(slot, size, page_height)  # type: ignore[arg-type]
    return a * u + c * v + e, page_height - (b * u + d * v + f)


def behind(point: tuple[float, float], page: PagePlan, sheet: Sheet, fold_axis: str = "") -> tuple[float, float]:
    """Return the point of the back page that lies behind a point of the front page."""
    x, y = point
    axis = fold_axis or mirror_axis(sheet, page.width, page.height)
    dx, dy = page_offset(sheet, page.width, page.height)  # physical directions in this page's coordinates
    if axis == "x":
        return page.width - x + dx, y + dy
    if axis == "y":
        return x + dx, page.height - y + dy
    return x + dx, y + dy


def assert_back_behind_front(front: Slot, back: Slot, page: PagePlan, sheet: Sheet, size: Size,
                             fold_axis: str = "") -> None:
    """Assert that every corner and the centre of the piece's back lie behind the same points of its front."""
    for u, v in ((0.0, 0.0), (size.width, 0.0), (0.0, size.height), (size.width / 3, size.height / 5)):
        seen = behind(on_page(front, size, page.height, u, v), page, sheet, fold_axis)
        printed = on_page(back, size, page.height, size.width - u, v)
        assert printed == pytest.approx(seen, abs=1e-6), (front.copy, front.rotation, back.mirrored, (u, v))


def pairs(result: Plan) -> list[tuple[PagePlan, Slot, Slot, str]]:
    """Return (front page, front slot, back slot, fold axis) for every copy with a back."""
    found = []
    for index, page in enumerate(result.pages):
        fronts = {s.copy: s for s in page.slots if s.side == "front" and s.part is None}
        folded = [s for s in page.slots if s.side == "back"]
        following = result.pages[index + 1] if index + 1 < len(result.pages) else None
        backs = folded or (following.slots if following is not None and following.side == "back" else ())
        for back in backs:
            if back.copy in fronts:
                axis = back.mirrored if folded else ""
                found.append((page, fronts[back.copy], back, axis))
    return found


def job(width: float, height: float, count: int = 6, has_back: bool = True, **options) -> SetJob:
    """Return a set of rectangular pieces (sizes in mm) with a 3 mm bleed."""
    copies = tuple(Copy("Tiles", 2, n, 0) for n in range(1, count + 1))
    return SetJob("Tiles", mm(width), mm(height), mm(3), options.pop("gap", mm(6)), copies, has_back, **options)


def test_a_piece_that_fits_only_turned_is_turned_not_tiled():
    result = plan([job(190, 280, count=2)], Sheet(*PAPERS["a4"]))  # too wide for portrait, too tall for landscape
    fronts = [p for p in result.pages if p.side == "front"]
    assert len(fronts) == 2 and all(len(p.slots) == 1 and p.slots[0].part is None for p in fronts)
    (slot,) = fronts[0].slots
    assert slot.rotation == 90 and fronts[0].width > fronts[0].height
    assert (slot.trim.width, slot.trim.height) == pytest.approx((mm(280), mm(190)))
    upright = plan([job(190, 280, count=2, rotate=False)], Sheet(*PAPERS["a4"]))
    assert all(s.part is not None for s in upright.slots())  # without turning: tiled into parts


def test_a_piece_that_fits_more_turned_is_turned():
    # 250 x 95 mm boards: one to a landscape US Letter page (the footer band leaves no room for a
    # second), two to a portrait page turned
    boards = job(250, 95, count=2)
    result = plan([boards], Sheet(*PAPERS["letter"]))
    front = result.pages[0]
    assert len(front.slots) == 2 and all(s.rotation == 90 for s in front.slots)
    assert front.height > front.width
    assert [len(p.slots) for p in plan([replace(boards, rotate=False)], Sheet(*PAPERS["letter"])).pages
            if p.side == "front"] == [1, 1]


def test_upright_wins_a_tie():
    for paper in ("a4", "letter"):
        assert not any(s.rotation for s in plan([job(63.5, 88.9, count=20)], Sheet(*PAPERS[paper])).slots())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex, fold", [("long", False), ("short", False), ("long", True), ("short", True)])
def test_turned_backs_lie_exactly_behind_their_fronts(paper, duplex, fold):
    sheet = Sheet(*PAPERS[paper], duplex=duplex, fold=fold, back_offset=(mm(0.7), mm(-0.4)))
    turns = set()
    tall = (job(190, 280, count=1),) if paper == "a4" else ()  # fits A4 turned; tiled on US Letter
    for pieces in (job(250, 95, count=3), job(88.9, 63.5, count=7), job(120, 40, count=9)) + tall:
        result = plan([pieces], sheet)
        found = pairs(result)
        assert len(found) == len(pieces.copies), (paper, duplex, fold)
        for page, front, back, axis in found:
            assert back.rotation == front.rotation
            turns.add(front.rotation)
            size = Size(pieces.width, pieces.height)
            if not fold:
                assert_back_behind_front(front, back, page, sheet, size)
            elif axis:  # folded (a piece too big to fold is glued, at the same place)
                assert_back_behind_front(front, back, page, replace(sheet, back_offset=(0.0, 0.0)), size, axis)
    assert 90 in turns, (paper, duplex, fold)


def test_turned_designs_smaller_than_their_slot_still_lie_behind_their_fronts():
    # hex groups whose cells come from a field: a design may be smaller than its set's slot
    for duplex in ("long", "short"):
        sheet = Sheet(*PAPERS["letter"], duplex=duplex)
        found = pairs(plan([job(250, 95, count=2)], sheet))
        assert found and all(front.rotation == 90 for _, front, _, _ in found)
        for page, front, back, _ in found:
            assert_back_behind_front(front, back, page, sheet, Size(mm(240), mm(80)))


def test_the_design_turn_of_fronts_and_backs():
    front = Slot(Copy("S", 2, 1, 0), "front", 1, Box(0, 0, 1, 1), Box(0, 0, 1, 1), (0, 0), rotation=90)
    assert design_turn(front) == 90
    assert design_turn(replace(front, side="back", mirrored="x")) == 270  # long edge, portrait paper
    assert design_turn(replace(front, side="back", mirrored="y")) == 90  # short edge: turned over with the page
    assert design_turn(replace(front, rotation=0, side="back", mirrored="y")) == 180
    assert design_turn(replace(front, rotation=0, side="back", mirrored="x")) == 0


@pytest.mark.parametrize("game", GAMES)
def test_every_back_of_every_seed_game_lies_behind_its_front(game):
    problems = Problems()
    project = load_project(EXAMPLES / game, problems)
    jobs = make_jobs(project, selected_sets(project, ()))
    sizes = {j.name: Size(j.width, j.height) for j in jobs}
    for paper in ("a4", "letter"):
        for duplex, fold in (("long", False), ("short", False), ("long", True)):
            _, sheet = make_sheet(project, BuildOptions(paper=paper, duplex=duplex, fold=fold))
            result = plan(jobs, sheet)
            for page, front, back, axis in pairs(result):
                if fold and not axis:
                    continue  # too big to fold: glued, at the same place
                assert_back_behind_front(front, back, page, sheet, sizes[front.copy.set], axis)


def test_crop_marks_of_turned_pieces_sit_on_their_cut_lines_outside_the_art():
    page = plan([job(250, 95, count=2)], Sheet(*PAPERS["letter"])).pages[0]
    assert all(s.rotation == 90 for s in page.slots)
    xs = {round(x, 3) for s in page.slots for x in (s.trim.x, s.trim.right)}
    ys = {round(y, 3) for s in page.slots for y in (s.trim.y, s.trim.bottom)}
    assert {round(m.x1, 3) for m in page.marks if m.x1 == m.x2} == xs
    assert {round(m.y1, 3) for m in page.marks if m.y1 == m.y2} == ys
    for mark in page.marks:
        segment = Box(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1) or 1e-3,
                      abs(mark.y2 - mark.y1) or 1e-3)
        assert not any(segment.overlaps(s.art) for s in page.slots)
        assert max(mark.y1, mark.y2) <= page.height - mm(9) + 1e-6  # clear of the footer band


def test_a_last_sheet_joins_a_sheet_of_the_other_orientation_laid_out_again():
    cards = SetJob("Cards", mm(63.5), mm(88.9), mm(3), 0.0, tuple(Copy("Cards", 2, n, 0) for n in range(1, 4)), True)
    wide = job(120, 70, count=2)  # alone: landscape paper, upright (4 to a page; portrait: 3 upright, 4 turned)
    alone = plan([wide], Sheet(*PAPERS["a4"]))
    assert alone.pages[0].width > alone.pages[0].height and not alone.pages[0].slots[0].rotation
    result = plan([cards, wide], Sheet(*PAPERS["a4"]))
    front = result.pages[0]
    assert len(result.pages) == 2 and front.set == "Cards + Tiles" and front.height > front.width
    assert {s.rotation for s in front.slots if s.copy.set == "Tiles"} == {90}
    kept = plan([cards, replace(wide, rotate=False)], Sheet(*PAPERS["a4"]))
    assert not any(s.rotation for s in kept.slots())


def test_the_manifest_records_the_rotation(tmp_path):
    project = make_project(tmp_path, layouts=WIDE_LAYOUT, sheets={"Boards": [("name", "count"), ("A", 2)]})
    build(project, tmp_path / "out")
    placements = json.loads((tmp_path / "out" / "game.manifest.json").read_text())["placements"]
    assert {(p["side"], p.get("rotation"), p["width_mm"], p["height_mm"]) for p in placements} == {
        ("front", 90, 95.0, 250.0), ("back", 90, 95.0, 250.0)}


def test_rotate_false_is_read_from_layouts_toml_and_forbids_turning(tmp_path):
    project = make_project(tmp_path, layouts=WIDE_LAYOUT.replace('[sets.Boards]\n', '[sets.Boards]\nrotate = false\n'),
                           sheets={"Boards": [("name", "count"), ("A", 2)]})
    problems = Problems()
    loaded = load_project(project, problems)
    assert loaded.spec.sets["Boards"].rotate is False
    (boards,) = make_jobs(loaded, selected_sets(loaded, ()))
    assert boards.rotate is False
    forbidden = WIDE_LAYOUT.replace('[sets.Boards]\n', '[sets.Boards]\nrotate = "no"\n')
    bad = make_project(tmp_path / "bad", layouts=forbidden,
                       sheets={"Boards": [("name", "count"), ("A", 2)]})
    problems = Problems()
    load_project(bad, problems)
    assert [str(p) for p in problems.errors] == ["layouts.toml: set \"Boards\": rotate must be true or false, not 'no'"]


WIDE_LAYOUT = '''
[game]
paper = "letter"

[sets.Boards]
shape = "board"
size = "250mm x 95mm"
cut = "gutter"  # kept apart: two fit on Letter only turned
background = "#ffffff"
elements = [ { type = "rect", x = "0mm", y = "0mm", width = "100%", height = "20mm", fill = "#cc0000" } ]

[sets.Boards.back]
background = "#ffffff"
elements = [ { type = "rect", x = "0mm", y = "0mm", width = "100%", height = "20mm", fill = "#0000cc" } ]
'''


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")
def test_the_pdf_draws_turned_pieces_turned_and_their_backs_behind_them(tmp_path):
    from PIL import Image

    project = make_project(tmp_path, layouts=WIDE_LAYOUT, sheets={"Boards": [("name", "count"), ("A", 2)]})
    pdf = build(project, tmp_path / "out").outputs[0]
    subprocess.run(["pdftoppm", "-r", "36", "-png", str(pdf), str(tmp_path / "page")], check=True)
    problems = Problems()
    loaded = load_project(project, problems)
    _, sheet = make_sheet(loaded, BuildOptions())
    front_page, back_page = plan(make_jobs(loaded, selected_sets(loaded, ())), sheet).pages
    scale = 36 / 72

    def colour(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
        return image.convert("RGB").getpixel((int(x * scale), int(y * scale)))

    front = Image.open(sorted(tmp_path.glob("page-*.png"))[0])
    back = Image.open(sorted(tmp_path.glob("page-*.png"))[1])
    for slot in front_page.slots:  # the top band (red) is on the right: turned clockwise
        middle = slot.trim.y + slot.trim.height / 2
        red, _, blue = colour(front, slot.trim.right - mm(5), middle)
        assert red > 200 > blue
        assert colour(front, slot.trim.x + mm(5), middle) == (255, 255, 255)
    for slot in back_page.slots:  # long-edge flip of a portrait page: the back's top band is on the left
        middle = slot.trim.y + slot.trim.height / 2
        red, _, blue = colour(back, slot.trim.x + mm(5), middle)
        assert blue > 200 > red
        assert colour(back, slot.trim.right - mm(5), middle) == (255, 255, 255)


def test_png_pages_cut_turned_pieces_out_upright(tmp_path):
    pytest.importorskip("pypdfium2")
    from playproof.output.png import write_pngs

    project = make_project(tmp_path, layouts=WIDE_LAYOUT, sheets={"Boards": [("name", "count"), ("A", 2)]})
    pdf = build(project, tmp_path / "out").outputs[0]
    problems = Problems()
    loaded = load_project(project, problems)
    result = plan(make_jobs(loaded, selected_sets(loaded, ())), make_sheet(loaded, BuildOptions())[1])
    written = write_pngs(pdf, tmp_path / "png", "game", result, dpi=36)
    from PIL import Image

    for side, band in (("front", 0), ("back", 2)):
        (image_path,) = [p for p in written if p.name == f"2-{side}.png"]
        image = Image.open(image_path).convert("RGB")
        assert image.width > image.height  # 250 x 95 mm, upright again
        assert image.getpixel((image.width // 2, 3))[band] > 200  # the top band is at the top
        assert image.getpixel((image.width // 2, image.height - 3)) == (255, 255, 255)
