"""--format showcase: a set's fronts as one grid PNG and one fan PNG."""

from __future__ import annotations

from click.testing import CliRunner
from PIL import Image

from playproof.cli import cli
from playproof.output.showcase import BACKDROP, GAP
from print_fixtures import make_project


def test_grid_and_fan_of_each_set(tmp_path):
    rows = [("name", "text", "count")] + [(f"Card {i}", "x", 1) for i in range(12)]
    project = make_project(tmp_path, sheets={"Cards": rows})
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out"), "--format", "showcase",
                                      "--dpi", "20"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    card_w, card_h = round(63.5 / 25.4 * 20), round(88.9 / 25.4 * 20)  # true poker size, 2.5 x 3.5 in
    with Image.open(tmp_path / "out" / "showcase" / "cards-grid.png") as grid:
        assert grid.size == (GAP + 10 * (card_w + GAP), GAP + 2 * (card_h + GAP))  # 12 cards: rows of 10
        assert grid.getpixel((1, 1)) == BACKDROP and grid.getpixel((GAP + 2, GAP + 2))[:3] == (255, 255, 255)
    with Image.open(tmp_path / "out" / "showcase" / "cards-fan.png") as fan:
        assert fan.width > 3 * card_w and card_h < fan.height < 3 * card_h
        assert min(fan.getpixel((fan.width // 2, GAP + card_h // 2))[:3]) > 240  # the middle card (white)
