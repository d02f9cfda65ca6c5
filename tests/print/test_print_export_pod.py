"""--for SERVICE: per-card images with bleed at each print-on-demand service's pixel sizes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from PIL import Image

from playproof.cli import cli
from playproof.output.pod import SERVICES, product_for, product_size
from print_fixtures import CARD_LAYOUT, make_project

TOKENS = '''
[sets.Tokens]
shape = "circle"
size = "25mm"
'''


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("service, size", [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122)),
                                           ("printplaygames", (825, 1125))])
def test_poker_cards_get_the_service_pixel_size(tmp_path, service, size):
    project = make_project(tmp_path)
    out = tmp_path / "out"
    result = run("build", str(project), "-o", str(out), "--for", service)
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out / service).as_posix() for p in (out / service).rglob("*.png"))
    assert files == ["cards/back.png", "cards/fruit-front.png", "cards/gold-front.png"]  # one back: all are the same
    with Image.open(out / service / "cards" / "gold-front.png") as card:
        assert card.size == size
        assert card.getpixel((0, 0)) == card.getpixel((40, 40)) == (255, 255, 255)  # the bleed is the card's art
    index = (out / service / "index.csv").read_text().splitlines()
    assert f",{size[0]},{size[1]},poker {size[0]}x{size[1]}" in index[1]


def test_a_size_no_product_has_is_warned_about(tmp_path):
    project = make_project(tmp_path, CARD_LAYOUT + TOKENS, sheets={
        "Cards": [("name", "text", "count"), ("Gold", "x", 1)], "Tokens": [("name", "count"), ("Coin", 2)]})
    result = run("build", str(project), "-o", str(tmp_path / "out"), "--for", "thegamecrafter", "--only", "Tokens")
    assert result.exit_code == 0, result.output
    assert ('warning: set "Tokens": 25.0 x 25.0 mm is none of The Game Crafter\'s card sizes (poker 2.5 x 3.5 in, '
            "bridge 2.25 x 3.5 in, tarot 2.75 x 4.75 in, square 3.5 x 3.5 in, mini 1.75 x 2.5 in, "
            "jumbo 3.5 x 5.5 in); exported at its own size") in result.output
    with Image.open(tmp_path / "out" / "thegamecrafter" / "tokens" / "coin-front.png") as token:
        assert token.size == (295 + 75, 295 + 75)


def test_documented_sizes():
    tgc, mpc = SERVICES["thegamecrafter"], SERVICES["makeplayingcards"]
    assert product_size(tgc, "poker", False) == (825, 1125) and product_size(tgc, "tarot", False) == (900, 1500)
    assert product_size(mpc, "bridge", False) == (747, 1122) and product_size(mpc, "square", False) == (822, 822)
    assert product_for(tgc, 63 / 25.4 * 72, 88 / 25.4 * 72) == "poker"
    assert product_for(tgc, 88 / 25.4 * 72, 63 / 25.4 * 72) == "poker"
    assert product_for(tgc, 50 / 25.4 * 72, 50 / 25.4 * 72) is None


def test_for_needs_image_output_and_pod_needs_for(tmp_path):
    project = make_project(tmp_path)
    result = run("build", str(project), "--for", "thegamecrafter", "--format", "svg")
    assert result.exit_code == 1
    assert "Error: --for thegamecrafter makes per-card images (--format pod), not --format svg" in result.output
    result = run("build", str(project), "--format", "pod")
    assert "Error: --format pod needs --for thegamecrafter, makeplayingcards or printplaygames" in result.output


def test_each_set_says_the_product_and_template_it_was_matched_to_or_why_not(tmp_path):
    project = make_project(tmp_path, CARD_LAYOUT + TOKENS, sheets={
        "Cards": [("name", "text", "count"), ("Gold", "x", 3), ("Fruit", "y", 2)],
        "Tokens": [("name", "count"), ("Coin", 2)]})
    out = tmp_path / "out"
    result = run("build", str(project), "-o", str(out), "--for", "thegamecrafter")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "The Game Crafter: 4 image(s) for 2 set(s)",
        "  Cards: The Game Crafter poker (2.5 x 3.5 in), template 825 x 1125 px: the trim 63.5 x 88.9 mm matches "
        "within 1 mm",
        "  Tokens: 25.0 x 25.0 mm is none of The Game Crafter's card sizes (each within 1 mm, either way round); "
        "exported at its own size with the service's bleed"]
    manifest = json.loads((out / "thegamecrafter" / "manifest.json").read_text())
    cards, tokens = manifest["sets"]
    assert (cards["product"], tokens["product"]) == ("poker", None)
    assert [(i["file"], i["side"], i["copies"]) for i in cards["images"]] == [
        ("cards/gold-front.png", "front", 3), ("cards/fruit-front.png", "front", 2), ("cards/back.png", "back", 5)]
    assert "pages" not in manifest and "placements" not in manifest  # images, not sheets
    assert not (out / "game.manifest.json").exists()
    index = (out / "thegamecrafter" / "index.csv").read_text().splitlines()
    assert index[0].endswith(",product") and index[1].endswith(",poker 825x1125")
    assert index[-1].endswith(",none (own size)")
    assert lines[-2] == f"wrote {out / 'thegamecrafter' / 'manifest.json'}"


def test_backs_that_differ_are_each_written(tmp_path):
    layout = CARD_LAYOUT.replace('[sets.Cards.back]\nbackground = "#203040"',
                                 '[sets.Cards.back]\nbackground = "{colour}"')
    project = make_project(tmp_path, layout, sheets={
        "Cards": [("name", "text", "colour"), ("Gold", "x", "#aa0000"), ("Fruit", "y", "#00aa00")]})
    result = run("build", str(project), "-o", str(tmp_path / "out"), "--for", "thegamecrafter")
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in (tmp_path / "out" / "thegamecrafter" / "cards").glob("*.png"))
    assert files == ["fruit-back.png", "fruit-front.png", "gold-back.png", "gold-front.png"]
