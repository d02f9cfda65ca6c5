"""Single hex tiles nest in a honeycomb when that holds more: a gutter between neighbours, backs behind fronts."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import pytest

from playproof.errors import Problems
from playproof.layouts.geometry import SQRT3, hex_size
from playproof.layouts.imposition import Copy, SetJob, Sheet, choose_grid, plan
from playproof.layouts.project import load_project
from playproof.layouts.spec import PAPERS
from playproof.output.build import make_jobs, selected_sets
from playproof.units import mm

from print_fixtures import make_project
from test_rotation import EXAMPLES, Size, assert_back_behind_front, pairs


def hexes(orientation: str, side: float = 20, count: int = 200, bleed: float = 3, has_back: bool = False) -> SetJob:
    """Return a set of single hexes (sizes in mm) kept 2 x bleed apart, as make_jobs makes it."""
    width, height = hex_size(orientation, mm(side))
    copies = tuple(Copy("Hexes", 2, n, 0) for n in range(1, count + 1))
    return SetJob("Hexes", width, height, mm(bleed), 2 * mm(bleed), copies, has_back, crop_marks=False,
                  hex=orientation)


def centres(slots) -> list[tuple[float, float]]:
    """Return the centres of the slots' trim boxes."""
    return [(s.trim.x + s.trim.width / 2, s.trim.y + s.trim.height / 2) for s in slots]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_single_hexes_nest_and_fit_more_than_a_square_grid(orientation, paper):
    sheet = Sheet(*PAPERS[paper], duplex="none")
    nested = plan([hexes(orientation)], sheet).pages[0]
    square = plan([replace(hexes(orientation), hex="")], sheet).pages[0]
    assert len(nested.slots) > len(square.slots)
    side, gap = mm(20), mm(6)
    across = SQRT3 * side + gap  # neighbours' centres: across two apothems and the gap
    for (ax, ay), (bx, by) in itertools.combinations(centres(nested.slots), 2):
        assert math.hypot(ax - bx, ay - by) >= across - 1e-6  # the bleed hexes never overlap
    near = [math.hypot(ax - bx, ay - by) for (ax, ay), (bx, by) in itertools.combinations(centres(nested.slots), 2)]
    assert min(near) == pytest.approx(across)  # and they do nest: neighbours exactly a gutter apart
    for slot in nested.slots:
        assert mm(4) <= slot.art.x and slot.art.right <= nested.width - mm(4) + 1e-6
        assert mm(4) <= slot.art.y and slot.art.bottom <= nested.height - mm(9) + 1e-6


def test_flat_hexes_nest_in_columns_and_pointy_hexes_in_rows():
    flat = plan([hexes("flat")], Sheet(*PAPERS["a4"], duplex="none")).pages[0]
    xs = sorted({round(s.trim.x, 3) for s in flat.slots})
    step = 1.5 * (mm(20) + mm(6) / SQRT3)  # three quarters of a hex grown by half the gap all round
    assert xs[1] - xs[0] == pytest.approx(step, abs=0.01)  # columns three quarters of a hex apart
    first = [s.trim.y for s in flat.slots if round(s.trim.x, 3) == xs[0]]
    second = [s.trim.y for s in flat.slots if round(s.trim.x, 3) == xs[1]]
    assert second[0] - first[0] == pytest.approx((SQRT3 * mm(20) + mm(6)) / 2)  # odd columns half a hex down
    pointy = plan([hexes("pointy")], Sheet(*PAPERS["a4"], duplex="none")).pages[0]
    ys = sorted({round(s.trim.y, 3) for s in pointy.slots})
    assert ys[1] - ys[0] == pytest.approx(1.5 * (mm(20) + mm(6) / SQRT3), abs=0.01)
    row0 = min(s.trim.x for s in pointy.slots if round(s.trim.y, 3) == ys[0])
    row1 = min(s.trim.x for s in pointy.slots if round(s.trim.y, 3) == ys[1])
    assert row1 - row0 == pytest.approx((SQRT3 * mm(20) + mm(6)) / 2)  # odd rows half a hex right


def test_the_honeycomb_is_used_only_when_it_holds_more():
    big = hexes("flat", side=80, count=4)  # one to a page either way
    page = plan([big], Sheet(*PAPERS["a4"], duplex="none")).pages[0]
    assert len(page.slots) == 1
    two = hexes("pointy", side=60, count=4)
    grid = plan([two], Sheet(*PAPERS["a4"], duplex="none")).pages[0]
    square = plan([replace(two, hex="")], Sheet(*PAPERS["a4"], duplex="none")).pages[0]
    assert len(grid.slots) == len(square.slots)  # no gain: the square grid is kept
    assert [s.trim for s in grid.slots] == [s.trim for s in square.slots]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("duplex, fold", [("long", False), ("short", False), ("long", True)])
def test_nested_backs_lie_exactly_behind_their_fronts(orientation, duplex, fold):
    job = hexes(orientation, count=45, has_back=True)
    for paper in ("a4", "letter"):
        sheet = Sheet(*PAPERS[paper], duplex=duplex, fold=fold, back_offset=(mm(0.5), mm(0.3)))
        result = plan([job], sheet)
        found = pairs(result)
        assert len(found) == 45
        assert any(s.trim.y != result.pages[0].slots[0].trim.y for s in result.pages[0].slots)
        for page, front, back, axis in found:
            folded = replace(sheet, back_offset=(0.0, 0.0)) if fold else sheet
            assert_back_behind_front(front, back, page, folded, Size(job.width, job.height), axis)


HEX_LAYOUT = '''
[sets.Terrain]
shape = "hex"
hex = "{orientation}"
side = "18mm"
background = "#3a7d44"
[sets.Terrain.back]
background = "#203040"
'''


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_hex_set_is_nested_by_the_build_and_cut_along_its_outline(tmp_path, orientation):
    from playproof.output.build import build

    project = make_project(tmp_path, layouts=HEX_LAYOUT.replace("{orientation}", orientation),
                           sheets={"Terrain": [("name", "count"), ("Forest", 32)]})
    problems = Problems()
    loaded = load_project(project, problems)
    (job,) = make_jobs(loaded, selected_sets(loaded, ()))
    assert job.hex == orientation and not job.crop_marks  # no crop marks: hexes are cut along their outline
    assert loaded.spec.sets["Terrain"].cut_lines
    result = plan([job], Sheet(*PAPERS["a4"]))
    assert not any(p.marks for p in result.pages)
    assert any(s.trim.x != result.pages[0].slots[0].trim.x and s.trim.y != result.pages[0].slots[0].trim.y
               for s in result.pages[0].slots)
    assert len(result.pages[0].slots) == 32 and build(project, tmp_path / "out").pages == 2  # a square grid holds 30


def group_job(cells: str, other_cells: str | None = None, count: int = 40) -> SetJob:
    """Return the job make_jobs makes of pointy hex groups (17 mm sides, 2 mm bleed): half of the copies
    with cells, half with other_cells (the same cells when not given)."""
    import tempfile
    from pathlib import Path

    layouts = HEX_LAYOUT.replace("{orientation}", "pointy").replace(
        'side = "18mm"\n', 'side = "17mm"\nbleed = "2mm"\ncells = "{cells}"\n')
    rows = [("name", "count", "cells"), ("A", count // 2, cells), ("B", count - count // 2, other_cells or cells)]
    with tempfile.TemporaryDirectory() as folder:
        project = make_project(Path(folder), layouts=layouts, sheets={"Terrain": rows})
        problems = Problems()
        loaded = load_project(project, problems)
        (job,) = make_jobs(loaded, selected_sets(loaded, ()))
    return job


def hex_distance(orientation: str, dx: float, dy: float) -> float:
    """Return twice the apothem of the smallest hex (of the orientation) around two cells this far apart."""
    angles = (0, 60, 120) if orientation == "pointy" else (30, 90, 150)
    return max(abs(dx * math.cos(math.radians(a)) + dy * math.sin(math.radians(a))) for a in angles)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hex_groups_with_the_same_cells_in_every_row_nest_a_gap_apart(paper):
    job = group_job("0,0 1,0 0,1 1,1")  # Battle for Seven Cities' four-hex tiles
    assert job.hex == "pointy" and len(job.cells) == 4
    job = replace(job, narrow=False)  # the full gutter (narrowing to save a sheet: test_print_paper_fill.py)
    sheet = Sheet(*PAPERS[paper], duplex="none")
    page = plan([job], sheet).pages[0]
    boxes = plan([replace(job, hex="", cells=())], sheet).pages[0]
    assert len(page.slots) >= len(boxes.slots)
    need = SQRT3 * mm(17) + mm(4)
    closest = math.inf
    for a, b in itertools.combinations(page.slots, 2):
        for ax, ay in job.cells:
            for bx, by in job.cells:
                dx, dy = (b.trim.x + bx) - (a.trim.x + ax), (b.trim.y + by) - (a.trim.y + ay)
                closest = min(closest, hex_distance("pointy", dx, dy))
    assert closest >= need - 1e-6  # every cell of every other copy a gutter (2 x bleed) away: no shared cut
    if paper == "a4":  # (US Letter holds 9 either way: the bounding boxes' grid is kept)
        assert len(page.slots) > len(boxes.slots)  # 12 instead of 9 to an A4 page
        assert closest == pytest.approx(need, abs=0.5)  # and the copies do nest


def test_hex_groups_whose_cells_differ_by_row_are_laid_out_on_their_bounding_boxes():
    job = group_job("0,0 1,0 0,1 1,1", "0,0 1,0 2,0")
    assert job.hex == "" and job.cells == ()  # irregular nesting of different shapes is not done


def test_battle_for_seven_cities_tile_groups_nest_twelve_to_an_a4_page():
    problems = Problems()
    project = load_project(EXAMPLES / "battle-for-seven-cities", problems)
    jobs = [j for j in make_jobs(project, selected_sets(project, ())) if j.name.endswith("Tile-Groups")]
    assert all(j.cells for j in jobs)
    assert choose_grid(jobs[0], Sheet(*PAPERS["a4"])).per_page == 12
