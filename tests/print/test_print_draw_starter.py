"""The starter project teaches good bleed, points to `playproof docs`, and its hints quote their arguments."""

from __future__ import annotations

import tomllib

from click.testing import CliRunner

from playproof.cli import cli
from playproof.scaffold import TEMPLATE, command_hint


def test_a_hint_quotes_arguments_a_shell_would_split():
    assert command_hint("new", "Space Game") == 'playproof new "Space Game"'
    assert command_hint("build", "games/space-game") == "playproof build games/space-game"
    assert command_hint("new", 'say "hi" $HOME') == 'playproof new "say \\"hi\\" \\$HOME"'


def test_new_suggests_a_quoted_command(tmp_path):
    target = tmp_path / "Space Game"
    result = CliRunner().invoke(cli, ["new", str(target)])
    assert result.exit_code == 0
    assert result.output.splitlines() == [f'created {target}; build it with: playproof build "{target}"',
                                          "every layouts.toml key is explained by: playproof docs layouts"]


def test_the_starter_cards_run_their_colour_into_the_bleed_with_even_corners():
    text = (TEMPLATE / "layouts.toml").read_text()
    cards = tomllib.loads(text)["sets"]["Cards"]
    assert cards["background"] == "{colour}" and cards["bleed"] == "3mm"  # the colour fills trim and bleed
    assert "border" not in cards
    panel = cards["elements"][0]
    assert panel["type"] == "rect" and panel["radius"] == "2mm"  # every corner of the panel rounded alike
    assert "docs/" not in text and "playproof docs layouts" in text
