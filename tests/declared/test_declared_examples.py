"""The declared example games: legal logs are clean, mistakes logs give exactly their expected findings,
random games are played to the end with every offered move accepted, and `check` finds nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from declared_helpers import EXAMPLES
from playproof.errors import Problems
from playproof.layouts.project import load_project
from playproof.playtest.audit import audit_file, found_multiset, read_expected
from playproof.playtest.declared import check_rules, declared_engine
from playproof.playtest.engine import Setup
from playproof.playtest.logparse import read_log
from playproof.playtest.simulate import play_random_game, player_names
from playproof.playtest.logmodel import EntryKind

GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())  # who-will-reign-declared prints nothing
LOGS = sorted(EXAMPLES.glob("*/playtests/*.log"))


EXPECTED_GAMES = ["lantern-guild", "market-stalls", "tidepool-tricks"]
EXPECTED_GAMES += ["driftwood-auction", "paper-boats", "reef-divers"]  # bidding, simultaneous selection, dice
EXPECTED_GAMES += ["moss-garden", "storm-keepers", "tern-islands"]  # tile placement, cooperative, area majority


def test_there_are_the_declared_examples() -> None:
    assert GAMES == sorted(EXPECTED_GAMES)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parents[1].name}/{p.name}")
def test_each_log_gives_exactly_its_expected_findings(path: Path) -> None:
    result = audit_file(path)
    assert result.readable, result.problems
    expected = path.with_suffix(".expected")
    if expected.is_file():
        assert found_multiset(result) == read_expected(expected)
        assert len(result.findings) == len(result.violations)
    else:
        assert result.findings == []
        assert result.engine is not None and result.engine.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_random_games_end_and_every_offered_move_is_accepted(game: str) -> None:
    engine = declared_engine(EXAMPLES / game, game)
    for players in range(engine.min_players, engine.max_players + 1):
        for seed in range(3):
            setup = Setup(player_names(players), {}, seed, EXAMPLES / game)
            final, events = play_random_game(engine, setup, random.Random(seed))
            assert final.is_over() and events


@pytest.mark.parametrize("game", GAMES)
def test_the_example_projects_check_clean(game: str) -> None:
    problems = Problems()
    load_project(EXAMPLES / game, problems)
    check_rules(EXAMPLES / game, problems)
    assert [str(p) for p in problems.items] == []


def test_follow_suit_with_a_hand_dealt_face_down_is_undetermined_until_revealed() -> None:
    path = EXAMPLES / "tidepool-tricks" / "playtests" / "evening.log"
    log = read_log(path)
    log.entries = [e for e in log.entries if e.kind is not EntryKind.REVEAL]
    from playproof.playtest.audit import audit_log
    result = audit_log(log, base=path.parent)
    assert [(f.rule, f.status.value) for f in result.findings] == [
        ("tidepool-tricks/moves-play-condition", "undetermined")]
    assert "Cat" in next(e.actor for e in log.entries if e.line == result.findings[0].line)


def test_the_example_workbooks_are_what_the_script_writes(tmp_path: Path) -> None:
    import importlib.util

    import openpyxl

    from declared_helpers import ROOT

    spec = importlib.util.spec_from_file_location("make_examples", ROOT / "tests/data/declared/make_examples.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for game_id, book in script.GAMES.items():
        script.write_workbook(tmp_path / f"{game_id}.xlsx", book)
        fresh = openpyxl.load_workbook(tmp_path / f"{game_id}.xlsx")
        stored = openpyxl.load_workbook(EXAMPLES / game_id / "components.xlsx")
        assert fresh.sheetnames == stored.sheetnames
        for name in fresh.sheetnames:
            assert list(fresh[name].values) == list(stored[name].values), (game_id, name)
        if (EXAMPLES / game_id / "layouts.toml").is_file():
            assert (EXAMPLES / game_id / "layouts.toml").read_text() == script.layouts(game_id, book)
