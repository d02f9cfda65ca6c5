"""End to end: build, check and new through the CLI; manifest, atomic writes, formats."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.output.png import write_pngs
from print_fixtures import CARD_LAYOUT, make_project

BOARD_AND_HEXES = '''
[sets.Board]
shape = "board"
size = "400mm x 300mm"
background = "#d0e0c0"
elements = [ { type = "text", text = "{name}", x = "20mm", y = "20mm", width = "100mm", height = "20mm", size = "24pt" } ]

[sets.Groups]
shape = "hex"
side = "15mm"
cells = "{cells}"
background = "{colour}"
elements = [ { type = "text", text = "{cost}", cell = 2, x = "30%", y = "30%", width = "40%", height = "40%", align = "center", valign = "middle" } ]
back = { background = "#444444" }

[sets.Screen]
shape = "screen"
size = "270mm x 150mm"
background = "#f0f0ff"
elements = [ { type = "text", text = "{title}", panel = 2, x = "5mm", y = "5mm", width = "80mm", height = "10mm" } ]
'''


def run(*args: str):
    """Run the playproof CLI and return the result."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_build_writes_pdf_and_manifest(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    result = run("build", str(project), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "1 set(s), 5 copies, 2 page(s), 0 warning(s)"
    pdf = (out / "game.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert b"/TrimBox" not in pdf  # sheets of many cards have no single trim box
    manifest = json.loads((out / "game.manifest.json").read_text())
    assert {k: manifest[k] for k in ("game", "version", "paper", "pages", "sets")} == {
        "game": "Test Game", "version": "1.2", "paper": "a4", "pages": 2,
        "sets": {"Cards": {"designs": 2, "copies": 5}}}
    placements = manifest["placements"]
    assert len(placements) == 10
    assert placements[0] == {"set": "Cards", "row": 2, "copy": 1, "page": 1, "side": "front",
                             "x_mm": 9.75, "y_mm": pytest.approx(placements[0]["y_mm"]), "width_mm": 63.5,
                             "height_mm": 88.9}  # true poker size, 2.5 x 3.5 in
    assert sorted((p["row"], p["copy"]) for p in placements if p["side"] == "back") == [
        (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)]
    assert {p.name for p in out.iterdir()} == {"game.pdf", "game.manifest.json"}


def test_default_output_folder_is_project_out(tmp_path):
    project = make_project(tmp_path)
    assert run("build", str(project)).exit_code == 0
    assert (project / "out" / "game.pdf").exists()


def test_errors_reach_the_user_as_one_line_and_nothing_is_written(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": [("name", "text", "count"), ("Gold", "x", "three")]})
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        'Error: components.xlsx, sheet "Cards", row 2, column "count": "three" is not a whole number')
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_build_failing_while_drawing_leaves_no_half_written_pdf(tmp_path):
    layouts = CARD_LAYOUT.replace('background = "#ffffff"', 'background = "{colour}"')
    rows = [("name", "text", "colour"), ("Gold", "x", "navy"), ("Fruit", "y", "mauvish")]
    project = make_project(tmp_path, sheets={"Cards": rows}, layouts=layouts)
    out = tmp_path / "out"
    out.mkdir()
    (out / "game.pdf").write_bytes(b"previous good build")
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        'Error: components.xlsx, sheet "Cards", row 3, column "colour": "mauvish" is not a colour (use #rrggbb, '
        '#rrggbbaa with opacity, or a name like "navy")')
    assert (out / "game.pdf").read_bytes() == b"previous good build"
    assert [p.name for p in out.iterdir()] == ["game.pdf"]


def test_check_reports_and_sets_the_exit_code(tmp_path):
    project = make_project(tmp_path)
    result = run("check", str(project))
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == f"{project}: no errors, 0 warning(s)"
    bad = make_project(tmp_path / "bad", sheets={"Cards": [("name", "count"), ("Gold", 1)]})
    result = CliRunner().invoke(cli, ["check", str(bad)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [  # a lone problem is printed once
        'Error: layouts.toml: set "Cards", element 2, text: uses {text} but components.xlsx, sheet "Cards", has no '
        'column "text"',
    ]


def test_only_selects_sets_and_rejects_unknown_ones(tmp_path):
    project = make_project(tmp_path)
    result = CliRunner().invoke(cli, ["build", str(project), "--only", "Tiles"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == 'Error: --only: no set "Tiles" (sets: Cards)'
    assert run("build", str(project), "--only", "Cards", "--paper", "letter").exit_code == 0
    manifest = json.loads((project / "out" / "game.manifest.json").read_text())
    assert manifest["paper"] == "letter"


def test_new_project_builds_immediately_without_warnings(tmp_path):
    target = tmp_path / "my-game"
    result = run("new", str(target))
    assert result.output.splitlines() == [f"created {target}; build it with: playproof build {target}",
                                          "every layouts.toml key is explained by: playproof docs layouts"]
    build = run("build", str(target))
    assert build.exit_code == 0
    assert build.stdout.splitlines()[-1] == "2 set(s), 30 copies, 4 page(s), 0 warning(s)"  # the tokens share the cards' sheet
    assert run("check", str(target)).output.splitlines()[-1] == f"{target}: no errors, 0 warning(s)"
    again = CliRunner().invoke(cli, ["new", str(target)])
    assert again.output.splitlines()[-1] == f"Error: {target}: already exists and is not empty"


def test_boards_hex_groups_and_screens(tmp_path):
    sheets = {"Board": [("name",), ("Map",)],
              "Groups": [("cells", "colour", "cost", "count"), ("0,0 1,0 0,1 1,1", "#c0a060", 3, 2),
                         ("0,0 1,0 2,0 1,1", "#60a0c0", 4, 1)],
              "Screen": [("title",), ("Turn summary",)]}
    project = make_project(tmp_path, layouts=BOARD_AND_HEXES, sheets=sheets)
    out = tmp_path / "out"
    result = run("build", str(project), "-o", str(out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "game.manifest.json").read_text())
    board = [p for p in manifest["placements"] if p["set"] == "Board"]
    assert [p["part"] for p in board] == [1, 2, 3, 4]
    groups = [p for p in manifest["placements"] if p["set"] == "Groups"]
    assert len(groups) == 6 and manifest["sets"]["Groups"] == {"designs": 2, "copies": 3}
    screen = [p for p in manifest["placements"] if p["set"] == "Screen"]
    assert len(screen) == 1 and "part" not in screen[0]  # 270 mm fits landscape A4
    assert b"/TrimBox" in (out / "game.pdf").read_bytes()


def test_svg_format_writes_one_file_per_design_and_side(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    assert run("build", str(project), "-o", str(out), "--format", "svg").exit_code == 0
    files = sorted(p.relative_to(out / "svg").as_posix() for p in (out / "svg").rglob("*.svg"))
    assert files == ["cards/fruit-back.svg", "cards/fruit-front.svg", "cards/gold-back.svg", "cards/gold-front.svg"]
    svg = (out / "svg" / "cards" / "gold-front.svg").read_text()
    assert "Gold" in svg and "DejaVuSans-Bold" in svg and svg.count("<svg") == 2  # the icon is inline
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == ("69.500mm", "94.900mm")  # trim plus 3 mm bleed each side
    assert [float(v) for v in root.get("viewBox").replace(",", " ").split()] == pytest.approx([-8.504, -8.504, 197.008, 269.008],
                                                                             abs=0.01)
    assert (out / "svg" / "fonts" / "DejaVuSans-Bold.ttf").exists()


def test_png_format_renders_each_design(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    assert run("build", str(project), "-o", str(out), "--format", "png", "--dpi", "150", "--cut", "trim").exit_code == 0
    files = sorted(p.relative_to(out / "png").as_posix() for p in (out / "png").rglob("*.png"))
    assert files == ["cards/fruit-back.png", "cards/fruit-front.png", "cards/gold-back.png", "cards/gold-front.png"]
    from PIL import Image

    with Image.open(out / "png" / "cards" / "gold-front.png") as card:
        width, height = card.size
    assert abs(width - 63.5 / 25.4 * 150) <= 1 and abs(height - 88.9 / 25.4 * 150) <= 1  # the trim box at 150 dpi


def test_png_without_pypdfium2_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)
    with pytest.raises(Exception) as exc:
        write_pngs(tmp_path / "x.pdf", tmp_path, "x")
    assert str(exc.value) == ('--format png needs pypdfium2: install it with pip install "playproof[png]" '
                              "(or pip install pypdfium2)")


def test_duplex_fold_offset_and_calibration_options(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    result = run("build", str(project), "-o", str(out), "--fold", "--calibration", "--back-offset", "1,-0.5")
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "game.manifest.json").read_text())
    assert manifest["pages"] == 4  # calibration front and back, then two folded pages of 3 cards
    assert {(p["page"], p["side"]) for p in manifest["placements"]} == {(3, "front"), (3, "back"), (4, "front"),
                                                                       (4, "back")}
    bad = CliRunner().invoke(cli, ["build", str(project), "--back-offset", "1"])
    assert bad.output.splitlines()[-1] == ('Error: --back-offset "1" must be two lengths like "1.5,-0.5" (mm) or '
                                           '"1mm,-0.5mm"')


def test_warnings_are_printed_and_counted_but_the_build_succeeds(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": [("name", "text"), ("Gold", "many words " * 200)]})
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    (warning,) = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert warning.startswith('warning: components.xlsx, sheet "Cards", row 2, column "text": text overflows its box')
    assert result.stdout.splitlines()[-1] == "1 set(s), 1 copies, 2 page(s), 1 warning(s)"


def test_print_options_in_layouts_are_used_and_the_command_line_wins(tmp_path):
    layouts = CARD_LAYOUT.replace('[game]\npaper = "a4"', '[game]\npaper = "a4"\n[print]\nduplex = "none"\nfooter = false')
    project = make_project(tmp_path, layouts=layouts)
    out = tmp_path / "out"
    assert run("build", str(project), "-o", str(out)).exit_code == 0
    placements = json.loads((out / "game.manifest.json").read_text())["placements"]
    fronts = {(p["row"], p["copy"]): p["x_mm"] for p in placements if p["side"] == "front"}
    backs = {(p["row"], p["copy"]): p["x_mm"] for p in placements if p["side"] == "back"}
    assert fronts == backs  # duplex none: backs stay in place
    assert run("build", str(project), "-o", str(out), "--duplex", "long").exit_code == 0
    placements = json.loads((out / "game.manifest.json").read_text())["placements"]
    backs = {(p["row"], p["copy"]): p["x_mm"] for p in placements if p["side"] == "back"}
    assert backs[(2, 1)] == pytest.approx(210 - fronts[(2, 1)] - 63.5, abs=0.02)


def test_footer_names_game_set_version_copies_and_page(tmp_path):
    from playproof.errors import Problems
    from playproof.layouts.imposition import plan
    from playproof.layouts.project import load_project
    from playproof.output.build import copy_ranges, footer_text, make_jobs, make_sheet, BuildOptions

    project = make_project(tmp_path, sheets={"Cards": [("name", "text", "count"), ("Gold", "x", 19)]})
    loaded = load_project(project, Problems())
    _, sheet = make_sheet(loaded, BuildOptions())
    plan_ = plan(make_jobs(loaded, list(loaded.spec.sets.values())), sheet)
    ranges = copy_ranges(plan_, {"Cards": 19})
    assert [footer_text(loaded, plan_, i, ranges) for i in (0, 1, 5)] == [
        "Test Game · Cards · version 1.2 · copies 1-9 of 19 · page 1 of 6",
        "Test Game · Cards · version 1.2 · back · copies 1-9 of 19 · page 2 of 6",
        "Test Game · Cards · version 1.2 · back · copy 19 of 19 · page 6 of 6",
    ]


def test_an_output_folder_that_cannot_be_written_is_one_error_line(tmp_path):
    project = make_project(tmp_path)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(blocker / "out")])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (f"Error: {blocker / 'out' / 'game.pdf'}: cannot write ({blocker} is "
                                              "a file, not a folder)")


def test_the_pdf_has_a_bookmark_per_set(tmp_path):
    import pypdfium2

    sheets = {"Cards": [("name", "text"), ("Gold", "x")], "Tokens": [("name",), ("A",)]}
    layouts = CARD_LAYOUT + '\n[sets.Tokens]\nshape = "circle"\ndiameter = "2cm"\nelements = [ { type = "text", ' \
                            'text = "{name}", x = "30%", y = "40%", width = "40%", height = "20%" } ]\n'
    project = make_project(tmp_path, layouts=layouts, sheets=sheets)
    build_result = run("build", str(project), "-o", str(tmp_path / "out"))
    assert build_result.exit_code == 0
    document = pypdfium2.PdfDocument(str(tmp_path / "out" / "game.pdf"))
    try:
        titles = [(item.get_title(), item.get_dest().get_index()) for item in document.get_toc()]
    finally:
        document.close()
    assert titles == [("Cards", 0), ("Tokens", 0)]  # the token shares the card's sheet, with its own bookmark


def test_nothing_to_print_is_an_error(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": [("name", "text", "count"), ("Gold", "x", 0)]})
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "Error: nothing to print: the sets chosen have no copies (every count is 0)")


def test_outputs_get_the_umask_file_mode_not_the_temporary_0600(tmp_path: Path) -> None:
    import os
    from playproof.output.atomic import write_text_atomic

    old = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "manifest.json", "{}")
    finally:
        os.umask(old)
    assert (tmp_path / "manifest.json").stat().st_mode & 0o777 == 0o644
