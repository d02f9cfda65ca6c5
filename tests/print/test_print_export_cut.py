"""--format cut: a print PDF with three registration squares and matching SVG pages of cut paths only."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from playproof.cli import cli
from playproof.layouts.spec import paper_from
from playproof.output.cut import marks
from print_fixtures import make_project

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "battle-for-seven-cities"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def _page_image(pdf: Path, index: int):
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=1).to_pil().convert("RGB")
    finally:
        document.close()


def test_hex_groups_are_cut_along_their_outline_beside_registration_squares(tmp_path):
    run("build", str(EXAMPLE), "-o", str(tmp_path), "--format", "cut", "--only", "Past Tile-Groups")
    folder = tmp_path / "cut"
    svgs = sorted(folder.glob("*.svg"))
    assert [p.name for p in svgs] == ["battle-for-seven-cities-cut-001.svg", "battle-for-seven-cities-cut-002.svg"]
    roots = [ET.parse(p).getroot() for p in svgs]
    layers = [g for root in roots for g in root.iter(f"{SVG}g")]
    assert {g.get("{http://www.inkscape.org/namespaces/inkscape}label") for g in layers} == {"cut"}
    paths = [p for root in roots for p in root.iter(f"{SVG}path")]
    assert len(paths) == 11 and all(p.get("d").count("L") >= 11 for p in paths)  # a hex group: one loop, 12+ corners
    page = _page_image(folder / "battle-for-seven-cities-print.pdf", 0)
    for square in marks(paper_from("a4")):
        assert page.getpixel((round(square.x + square.width / 2), round(square.y + square.height / 2))) == (0, 0, 0)
    first = [tuple(map(float, point.split(","))) for point in paths[0].get("d")[1:].split(" Z")[0].split(" L")]
    cx = sum(x for x, _ in first) / len(first)
    cy = sum(y for _, y in first) / len(first)
    assert page.getpixel((round(cx), round(cy))) != (255, 255, 255)  # the cut path surrounds printed art


def test_cards_are_cut_with_rounded_corners_and_circles_as_circles(tmp_path):
    layout = '''
[sets.Cards]
size = "poker"
corner_radius = "3mm"
background = "#203040"

[sets.Coins]
shape = "circle"
size = "20mm"
background = "#d4a017"
'''
    project = make_project(tmp_path, layout, sheets={"Cards": [("name", "count"), ("A", 2)],
                                                    "Coins": [("name", "count"), ("C", 3)]})
    run("build", str(project), "-o", str(tmp_path / "out"), "--format", "cut")
    roots = [ET.parse(p).getroot() for p in sorted((tmp_path / "out" / "cut").glob("*.svg"))]
    rects = [r for root in roots for r in root.iter(f"{SVG}rect")]
    circles = [c for root in roots for c in root.iter(f"{SVG}circle")]
    assert len(rects) == 2 and all(abs(float(r.get("rx")) - 3 / 25.4 * 72) < 0.01 for r in rects)
    assert len(circles) == 3 and abs(float(circles[0].get("r")) - 10 / 25.4 * 72) < 0.01
