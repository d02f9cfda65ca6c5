"""The declared referee's verdicts stay as recorded (speed work must change no finding): every bundled example's
logs, random games of each example and of the starter game (the same logs, move for move, from the same seeds),
those games with lines left out or swapped, and translated Who Will Reign? games (see declared_golden.py)."""

from __future__ import annotations

import json

from declared_golden import GOLDEN, example_games, verdicts


def test_the_golden_file_covers_every_example() -> None:
    recorded = json.loads(GOLDEN.read_text())
    for game in example_games() + ["starter", "who-will-reign-declared"]:
        assert any(name.startswith(game + "/") for name in recorded), game
    assert sum(len(v["findings"]) for v in recorded.values()) > 500  # the damaged logs give findings to compare


def test_every_verdict_is_as_recorded() -> None:
    recorded = json.loads(GOLDEN.read_text())
    found = verdicts()
    assert sorted(found) == sorted(recorded)
    for name in recorded:
        assert found[name] == recorded[name], name
