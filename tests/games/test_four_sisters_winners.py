"""Four Sisters winners: the players of the team that won the Day, as the end of the Day decides it."""

from __future__ import annotations

from pathlib import Path

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.four_sisters import ENGINE
from playproof.playtest.games.four_sisters.engine import FourSistersEngine
from test_four_sisters_rules import OPENING, PLAYERS, SHORT, TINY, deal, small_project


def engine_after(text: str, project: Path | None = None) -> FourSistersEngine:
    """Return an engine that has applied the log lines without a violation."""
    engine = ENGINE(Setup(PLAYERS, project=project))
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    for number, line in enumerate(lines, start=1):
        actor, _, move = line.partition(":")
        verb, _, args = move.strip().partition(" ")
        assert engine.apply(Event(number, actor.strip(), verb.lower(), args)) == [], line
    engine.finish()
    return engine


def test_a_full_chateau_is_won_by_the_team_with_the_higher_total(tmp_path: Path) -> None:
    project = small_project(tmp_path, board_columns=2, board_rows=1)
    engine = engine_after(TINY + "\nAnn: introduce 3H A1 with AH 2H\nBen: place QC B1", project)
    assert engine.is_over() and engine.team_totals() == {"Younger": 3, "Elder": 10}
    assert engine.winners() == ["Ben", "Dee"]  # Ben and Dee are the Elder team


def test_equal_totals_in_a_full_chateau_are_a_drawn_day(tmp_path: Path) -> None:
    project = small_project(tmp_path, board_columns=2, board_rows=1)
    hands = deal(Ann="AH 2H 3H", Ben="AC 2C 3C", Cat="AD 2D 3D", Dee="AS 2S 3S")
    engine = engine_after(hands + "\nAnn: introduce 3H A1 with AH 2H\nBen: introduce 3C B1 with AC 2C\n"
                          "Ben: target A1\nAnn: refuse\ntable: winner none", project)
    assert engine.is_over() and engine.team_totals() == {"Younger": 3, "Elder": 3}
    assert engine.winners() == []  # a drawn Day: nobody wins (not a win shared by all four)


def test_a_team_whose_schemes_run_out_loses_whatever_the_totals(tmp_path: Path) -> None:
    project = small_project(tmp_path, ranks=("Q", "A", "2", "3"))
    engine = engine_after(SHORT + "\nAnn: place QH A1\nBen: end\nCat: place QD B1", project)  # Schemes empty
    assert engine.is_over() and engine.team_totals() == {"Younger": 20, "Elder": 0}
    assert engine.winners() == ["Ben", "Dee"]


def test_before_the_end_the_leading_team() -> None:
    engine = engine_after(OPENING)
    assert not engine.is_over() and engine.winners() == []  # 0 to 0: nobody leads
    engine = engine_after(OPENING + "\nAnn: place AH A1")
    assert not engine.is_over() and engine.winners() == ["Ann", "Cat"]
