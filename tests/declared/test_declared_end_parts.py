"""The end's top-level `or` parts (and those of `end now`, `win`, `lose`) are kept each on its own, dropped only when
what that part reads changes: every example plays and audits the same with this on and off."""

from __future__ import annotations

import random
from typing import Any

import pytest

from declared_helpers import EXAMPLES

from playproof.playtest.audit import audit_log
from playproof.playtest.declared import declared_engine, flow
from playproof.playtest.declared.engine import DeclaredEngine
from playproof.playtest.engine import Setup
from playproof.playtest.logparse import parse_log
from playproof.playtest.simulate import play_random_game, player_names, simulate_games

GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())


def _engine(game: str) -> type[DeclaredEngine]:
    return declared_engine(EXAMPLES / game, game)


def _played(engine_cls: type[DeclaredEngine], players: int, seed: int) -> tuple[list[str], Any, bool, dict]:
    """Return a random game's moves, its flow at the end, whether it is over, and its scores."""
    engine, events = play_random_game(engine_cls, Setup(player_names(players), {}, seed), random.Random(seed))
    state = engine.state  # type: ignore[attr-defined]
    return [f"{e.actor} {e.verb} {e.args}" for e in events], (state.flow.round, state.flow.turns), \
        state.flow.over, engine.scores()


@pytest.mark.parametrize("game", GAMES)
def test_games_end_the_same_with_and_without_kept_parts(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game)
    sizes = range(engine_cls.min_players, min(4, engine_cls.max_players) + 1)
    with_parts = [_played(engine_cls, n, seed) for n in sizes for seed in (1, 2, 3)]
    monkeypatch.setattr(flow, "PARTS", False)
    assert [_played(engine_cls, n, seed) for n in sizes for seed in (1, 2, 3)] == with_parts


@pytest.mark.parametrize("game", GAMES)
def test_logs_and_verdicts_the_same_with_and_without_kept_parts(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game)
    project = EXAMPLES / game

    def logs_and_verdicts() -> list[tuple[str, list]]:
        logs = [g.log for g in simulate_games(engine_cls, engine_cls.min_players, 3, 5)]
        found = []
        for text in logs:
            result = audit_log(parse_log(text.replace("\n\n", f'\n[Project "{project}"]\n\n', 1), "x.log"))
            found.append((text, [(f.line, f.rule, f.status.value) for f in result.findings]))
        return found
    kept = logs_and_verdicts()
    monkeypatch.setattr(flow, "PARTS", False)
    assert logs_and_verdicts() == kept


def test_reef_divers_end_is_kept_in_two_parts_and_the_sea_drops_only_its_own() -> None:
    game = _engine("reef-divers").game
    parts = game.turn.part_reads["end"]
    assert len(parts) == 2  # any(players, pearls >= 12) | count(sea) == 0 and count(reef) == 0
    zones = game.due_readers[0]
    assert "<end 1>" in zones["sea"] and "<end 0>" not in zones["sea"]
    assert "<end 1>" in zones["reef"]


def test_a_condition_with_no_top_level_or_is_kept_whole() -> None:
    assert _engine("paper-boats").game.turn.part_reads == {}  # its end is no `or`
    storm = _engine("storm-keepers").game
    assert storm.turn.part_reads == {} and set(storm.turn.reads) == {"win", "lose"}


def test_a_part_is_asked_again_only_when_what_it_reads_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine("reef-divers")
    game = engine_cls.game
    asked = [0, 0]
    for index, (fn, read) in enumerate(game.turn.part_reads["end"]):
        def counting(ctx: Any, fn: Any = fn, index: int = index) -> Any:
            asked[index] += 1
            return fn(ctx)
        monkeypatch.setitem(game.turn.part_reads, "end", tuple(
            (counting, read) if i == index else part for i, part in enumerate(game.turn.part_reads["end"])))
    monkeypatch.setattr(game, "due_keys", {})
    engine = engine_cls(Setup(player_names(3), {}, 1))
    state = engine.state  # type: ignore[attr-defined]
    flow.check_end(state)
    first = list(asked)
    assert first == [1, 1]  # nobody has 12 pearls: the second part is asked too
    flow.check_end(state)
    assert asked == first  # nothing changed: both answers kept
    state.touch_zone(state.zone("sea", ""))
    flow.check_end(state)
    assert asked == [1, 2]  # the sea changed: only the part that reads it is asked again
