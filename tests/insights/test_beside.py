"""Humans beside bots: rates whose intervals do not overlap are flagged, in words a designer reads."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from playproof.balance.stats import GameResult, Summary
from playproof.cli import cli
from playproof.insights.compare import apart, beside, means_apart
from playproof.insights.stats import Moments, Rate

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"


def _games(count: int, lighthouse: bool, moves: int) -> Summary:
    """`count` two-player games won by seat 0, the winner taking Lighthouse when `lighthouse`."""
    summary = Summary(2)
    for index in range(count):
        summary.add(GameResult(index, [5, 3], [0], moves + index % 3, 3, {"Lighthouse": [0]} if lighthouse else {}))
    return summary


def test_intervals_apart_and_means_apart() -> None:
    # 0/10: Wilson [0, .2775]; 9/10: [.5958, .9821]: apart; 5/10 [.2366, .7634] overlaps both
    assert apart(Rate(0, 10), Rate(9, 10)) and not apart(Rate(5, 10), Rate(9, 10))
    assert not apart(Rate(0, 0), Rate(9, 10))
    a, b = Moments(), Moments()
    for x in (10, 11, 12):
        a.add(x)
        b.add(x + 10)
    # difference 10 against 1.96 * sqrt(1/3 + 1/3) = 1.60: apart
    assert means_apart(a, b) and not means_apart(a, a)


def test_bots_take_what_humans_never_take() -> None:
    found = beside("demo", 2, "greedy", _games(12, False, 30), _games(40, True, 60))
    assert "bots take Lighthouse in 100 % of wins, humans never take it" in found.flags()
    assert "moves a game: bots 61, humans 31" in found.flags()
    assert not next(r for r in found.rows if r.what == "seat 1 wins").apart  # both 100 %


def test_report_sets_bots_beside_the_sessions(nim: str, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["report", str(DATA / "nim-game.log"), "--bots", "greedy", "--bot-games", "12",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    [found] = json.loads(out.read_text(encoding="utf-8"))["aggregate"]["insights"]["humans_beside_bots"]
    assert (found["game"], found["players"], found["human_games"], found["bot_games"]) == ("nim", 2, 1, 12)
    assert [r["what"] for r in found["rows"]][:3] == ["seat 1 wins", "seat 2 wins", "moves a game"]


def test_a_group_bots_cannot_play_is_listed_and_the_report_still_written(nim: str, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["report", str(DATA / "nim-game.log"), "--bots", "cleverest", "-o", str(out)])
    assert result.exit_code == 0, result.output
    insights = json.loads(out.read_text(encoding="utf-8"))["aggregate"]["insights"]
    assert insights["humans_beside_bots"] == []
    [why] = insights["humans_beside_bots_skipped"]
    assert why.startswith("nim, 2 players: ") and "cleverest" in why
