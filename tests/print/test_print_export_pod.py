"""--for SERVICE: per-card images with bleed at each print-on-demand service's pixel sizes."""

from __future__ import annotations

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
    assert files == ["cards/fruit-back.png", "cards/fruit-front.png", "cards/gold-back.png", "cards/gold-front.png"]
    with Image.open(out / service / "cards" / "gold-front.png") as card:
        assert card.size == size
        assert card.getpixel((0, 0)) == card.getpixel((40, 40)) == (255, 255, 255)  # the bleed is the card's art
    assert (out / service / "index.csv").read_text().splitlines()[1].endswith(f",{size[0]},{size[1]}")


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
