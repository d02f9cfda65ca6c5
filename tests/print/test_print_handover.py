"""Files a designer hands over unchecked: text clipped to its box, files named by component, honest summaries."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from print_fixtures import make_project
from playproof.cli import cli
from playproof.output.build import BuildOptions, build
from playproof.units import mm

OVERFLOW = [("name", "text"), ("Gold", "many words " * 200)]


def _page_image(pdf: Path) -> object:
    """Render page 1 at 72 dpi (one pixel per point), greyscale."""
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[0].render(scale=1).to_pil().convert("L")
    finally:
        document.close()


def test_overflowing_text_is_clipped_to_its_box_and_still_warned(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": OVERFLOW})
    result = build(project, tmp_path / "out")
    assert any("text overflows its box" in str(w) for w in result.warnings)
    card = json.loads((tmp_path / "out" / "game.manifest.json").read_text())["placements"][0]
    x, y = mm(card["x_mm"]), mm(card["y_mm"])
    image = _page_image(result.outputs[0])
    inside = image.crop((round(x + mm(5)), round(y + mm(41)), round(x + mm(58)), round(y + mm(79))))
    below = image.crop((round(x + mm(5)), round(y + mm(81)), round(x + mm(58)), round(y + mm(88))))
    assert inside.getextrema()[0] < 100  # the text is drawn in its box
    assert below.getextrema()[0] > 230  # and nothing of it below the box, on the card's white


def test_overflowing_text_is_clipped_in_svg_too(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": OVERFLOW})
    build(project, tmp_path / "out", BuildOptions(format="svg"))
    root = ET.parse(tmp_path / "out" / "svg" / "cards" / "gold-front.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    clipped = [g for g in root.iter(f"{ns}g") if g.get("clip-path", "").startswith("url(#") and
               g.get("clip-path") != "url(#bleed)"]
    assert clipped and any(g.find(f"{ns}text") is not None for g in clipped)
    rect = root.find(f".//{ns}clipPath[@id='{clipped[-1].get('clip-path')[5:-1]}']/{ns}rect")
    assert float(rect.get("height")) == pytest.approx(mm(40), abs=0.01)


def test_svg_and_png_files_are_named_by_component_with_the_row_only_for_duplicates(tmp_path):
    rows = [("name", "text"), ("Gold", "a"), ("Fruit", "b"), ("Gold", "c"), (None, "d")]
    project = make_project(tmp_path, sheets={"Cards": rows})
    build(project, tmp_path / "out", BuildOptions(format="svg"))
    build(project, tmp_path / "out", BuildOptions(format="png", dpi=30))
    svg = sorted(p.stem for p in (tmp_path / "out" / "svg" / "cards").glob("*-front.svg"))
    png = sorted(p.stem for p in (tmp_path / "out" / "png" / "cards").glob("*-front.png"))
    assert svg == png == ["fruit-front", "gold-r2-front", "gold-r4-front", "row-5-front"]


@pytest.mark.parametrize("fmt, written", [("svg", "4 .svg file(s)"), ("png", "6 file(s) (4 .png, 1 .csv, 1 .json)"),
                                          ("pdf", "2 page(s)")])
def test_the_summary_reports_what_was_written(tmp_path, fmt, written):
    project = make_project(tmp_path)
    args = ["build", str(project), "-o", str(tmp_path / "out"), "--format", fmt] + (["--dpi", "30"] * (fmt == "png"))
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"1 set(s), 5 copies, {written}, 0 warning(s)"


def test_check_prints_a_lone_problem_once(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": [("name", "count"), ("Gold", 1)]})
    result = CliRunner().invoke(cli, ["check", str(project)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        'Error: layouts.toml: set "Cards", element 2, text: uses {text} but components.xlsx, sheet "Cards", has no '
        'column "text"']


def test_check_prints_every_problem_when_there_are_several(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": [("name", "count"), ("Gold", "x"), ("Fruit", "y")]})
    lines = CliRunner().invoke(cli, ["check", str(project)]).output.splitlines()
    assert len([line for line in lines if line.startswith("error: ")]) == 3
    assert lines[-1] == "Error: 3 problem(s) found"
