"""--format png: one image per design side on its own canvas, readable names, an index."""

from __future__ import annotations

import csv
import json

from click.testing import CliRunner
from PIL import Image

from playproof.cli import cli
from print_fixtures import make_project

TOKEN_LAYOUT = '''
[sets.Tokens]
shape = "circle"
size = "20mm"
background = "#d04040"
'''


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_png_writes_one_image_per_design_named_by_its_name_with_an_index(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    result = run("build", str(project), "-o", str(out), "--format", "png")
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out / "png").as_posix() for p in (out / "png").rglob("*.png"))
    assert files == ["cards/fruit-back.png", "cards/fruit-front.png", "cards/gold-back.png", "cards/gold-front.png"]
    with Image.open(out / "png" / "cards" / "gold-front.png") as card:
        assert card.size == (821, 1121)  # (63.5 + 6) x (88.9 + 6) mm at 300 dpi, rounded once
        assert round(card.info["dpi"][0]) == 300
    rows = list(csv.DictReader((out / "png" / "index.csv").open()))
    assert rows[0] == {"file": "cards/gold-front.png", "set": "Cards", "row": "2", "key": "gold", "side": "front",
                       "copies": "3", "width_px": "821", "height_px": "1121"}
    assert json.loads((out / "png" / "index.json").read_text())[3]["file"] == "cards/fruit-back.png"


def test_dpi_and_trim_cut_give_the_trim_size_for_every_design(tmp_path):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    assert run("build", str(project), "-o", str(out), "--format", "png", "--dpi", "100", "--cut", "trim").exit_code == 0
    sizes = {Image.open(p).size for p in (out / "png").rglob("*.png")}
    assert sizes == {(250, 350)}  # 63.5 x 88.9 mm (2.5 x 3.5 in) at 100 dpi


def test_duplicate_names_are_told_apart_by_their_row(tmp_path):
    rows = [("name", "text", "count"), ("Gold", "a", 1), ("Gold", "b", 1), ("", "c", 1)]
    project = make_project(tmp_path, sheets={"Cards": rows})
    out = tmp_path / "out"
    assert run("build", str(project), "-o", str(out), "--format", "png", "--dpi", "30").exit_code == 0
    fronts = sorted(p.name for p in (out / "png" / "cards").glob("*-front.png"))
    assert fronts == ["gold-r2-front.png", "gold-r3-front.png", "row-4-front.png"]


def test_a_round_token_is_transparent_outside_its_outline(tmp_path):
    project = make_project(tmp_path, TOKEN_LAYOUT, sheets={"Tokens": [("name", "count"), ("Coin", 4)]})
    out = tmp_path / "out"
    assert run("build", str(project), "-o", str(out), "--format", "png", "--dpi", "100", "--cut", "trim").exit_code == 0
    with Image.open(out / "png" / "tokens" / "coin-front.png") as token:
        assert token.size == (79, 79) and token.mode == "RGBA"
        assert token.getpixel((1, 1))[3] == 0 and token.getpixel((39, 39)) == (208, 64, 64, 255)


def test_a_card_with_rounded_corners_cut_at_trim_is_transparent_in_its_corners(tmp_path):
    layout = '[sets.Cards]\nsize = "poker"\ncorner_radius = "3mm"\nbackground = "#203040"\n'
    project = make_project(tmp_path, layout, sheets={"Cards": [("name", "count"), ("Gold", 1)]})
    out = tmp_path / "out"
    assert run("build", str(project), "-o", str(out), "--format", "png", "--dpi", "100", "--cut", "trim").exit_code == 0
    with Image.open(out / "png" / "cards" / "gold-front.png") as card:
        assert card.mode == "RGBA" and card.getpixel((0, 0))[3] == 0
        assert card.getpixel((16, 0))[3] > 250 and card.getpixel((124, 173)) == (32, 48, 64, 255)
