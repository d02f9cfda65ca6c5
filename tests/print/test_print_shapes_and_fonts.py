"""Hex and hex-group geometry, project fonts, SVG text matching the PDF layout, calibration and progress."""

from __future__ import annotations

import json
import math
import shutil

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.errors import Problems
from playproof.layouts.compose import Composer
from playproof.layouts.fonts import BUNDLED, FontBook
from playproof.layouts.geometry import hex_group, hex_size
from playproof.layouts.project import load_project
from playproof.layouts.scene import TextOp
from playproof.output.build import BuildOptions, build
from playproof.units import mm
from print_fixtures import CARD_LAYOUT, make_project


def test_hex_sizes_by_orientation():
    assert hex_size("flat", 10) == pytest.approx((20, 10 * math.sqrt(3)))
    assert hex_size("pointy", 10) == pytest.approx((10 * math.sqrt(3), 20))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_four_hex_group_is_cut_along_its_outer_edges_only(orientation):
    group = hex_group(orientation, 10.0, ((0, 0), (1, 0), (0, 1), (1, 1)))
    (loop,) = group.outline().loops  # one closed outline: inner edges cancel
    assert len(loop) == 4 * 6 - 2 * 5  # 24 corners, 5 shared edges remove 2 corners each
    xs, ys = [p[0] for p in loop], [p[1] for p in loop]
    assert min(xs) == pytest.approx(0) and min(ys) == pytest.approx(0)
    assert max(xs) == pytest.approx(group.width) and max(ys) == pytest.approx(group.height)


def test_group_cells_are_adjacent_hexes():
    group = hex_group("flat", 10.0, ((0, 0), (1, 0), (0, 1)))
    centres = group.centres
    for a in range(3):
        for b in range(a + 1, 3):
            assert math.dist(centres[a], centres[b]) == pytest.approx(10 * math.sqrt(3))


def test_a_ring_of_hexes_has_an_outer_and_an_inner_outline():
    ring = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert len(hex_group("pointy", 10.0, ring).outline().loops) == 2


def test_mirrored_group_outline_for_backs():
    group = hex_group("flat", 10.0, ((0, 0), (1, 0), (2, 0), (1, 1)))
    outline = group.outline()
    mirrored = outline.mirrored(True)
    assert sorted((round(group.width - x, 6), round(y, 6)) for x, y in outline.loops[0]) == sorted(
        (round(x, 6), round(y, 6)) for x, y in mirrored.loops[0])


def test_project_fonts_form_families(tmp_path):
    layouts = CARD_LAYOUT.replace('size = "12pt"', 'size = "12pt"\nfont = "title"').replace(
        'background = "#ffffff"', 'background = "#ffffff"\nfonts = { title = "Titling" }')
    project = make_project(tmp_path, layouts=layouts)
    (project / "fonts").mkdir()
    shutil.copy(BUNDLED / "DejaVuSans.ttf", project / "fonts" / "Titling-Regular.ttf")
    shutil.copy(BUNDLED / "DejaVuSans-Bold.ttf", project / "fonts" / "Titling-Bold.ttf")
    book = FontBook(project)
    family = book.family("Titling")
    assert (family.regular, family.bold, family.italic) == ("Titling-Regular", "Titling-Bold", "Titling-Regular")
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout, cset = loaded.spec.sets["Cards"], loaded.workbook.sets["Cards"]
    scene = composer.scene(layout, layout.front, cset, cset.rows[0])
    title = [op for op in scene.ops if isinstance(op, TextOp)][0]
    assert title.block.lines[0].pieces[0].font == "Titling-Bold"  # **{name}** in the title family
    assert not problems.items
    assert build(project, tmp_path / "out").pages == 2


def test_unknown_font_is_an_error_naming_the_available_ones(tmp_path):
    project = make_project(tmp_path, layouts=CARD_LAYOUT.replace('size = "12pt"', 'size = "12pt"\nfont = "Comic"'))
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout, cset = loaded.spec.sets["Cards"], loaded.workbook.sets["Cards"]
    composer.scene(layout, layout.front, cset, cset.rows[0])
    assert [str(p) for p in problems.items] == [
        'layouts.toml: set "Cards", element 1: unknown font "Comic" (available: DejaVuSans, '
        "DejaVuSans-Bold, DejaVuSans-BoldOblique, DejaVuSans-Oblique; add .ttf files to the project's fonts/ folder)"]


def test_svg_text_lines_match_the_pdf_layout(tmp_path):
    rows = [("name", "text"), ("Gold", "Take one fruit from the supply and place it on the sister of your choice.")]
    project = make_project(tmp_path, sheets={"Cards": rows})
    build(project, tmp_path / "out", BuildOptions(format="svg"))
    svg = (tmp_path / "out" / "svg" / "cards" / "gold-front.svg").read_text()
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout, cset = loaded.spec.sets["Cards"], loaded.workbook.sets["Cards"]
    text = [op for op in composer.scene(layout, layout.front, cset, cset.rows[0]).ops if isinstance(op, TextOp)][1]
    assert len(text.block.lines) > 1
    for line in text.block.lines:
        assert f">{line.pieces[0].piece.text}</text>" in svg


def test_calibration_sheet_and_back_offset_build(tmp_path):
    project = make_project(tmp_path)
    result = build(project, tmp_path / "out", BuildOptions(calibration=True, back_offset=(mm(1), 0.0)))
    assert result.pages == 4
    manifest = json.loads((tmp_path / "out" / "game.manifest.json").read_text())
    assert min(p["page"] for p in manifest["placements"]) == 3  # pages 1 and 2 are the calibration sheet
    front = [p for p in manifest["placements"] if p["side"] == "front"][0]
    back = [p for p in manifest["placements"] if p["side"] == "back" and p["row"] == front["row"]
            and p["copy"] == front["copy"]][0]
    assert back["x_mm"] == pytest.approx(210 - front["x_mm"] - 63.5 + 1, abs=0.02)  # mirrored, then 1 mm right


def test_progress_bar_on_long_builds(tmp_path):
    rows = [("name", "text", "count"), ("Gold", "x", 200)]
    project = make_project(tmp_path, sheets={"Cards": rows})
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    assert "pages" in result.stderr  # the progress bar's label
    assert result.stdout.splitlines()[-1] == "1 set(s), 200 copies, 46 page(s), 0 warning(s)"
