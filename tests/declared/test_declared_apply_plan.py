"""Applying a checked move by its row's plan (apply.Plan, worked out once per Moves row): the same table, the same
games as the generic perform, and rows or moves that need a generic step are left to it. Also the whole-number
loops of `roll` and rolled()."""

from __future__ import annotations

import random
from typing import Any

import pytest

from declared_helpers import EXAMPLES

from playproof.playtest.declared import apply, declared_engine
from playproof.playtest.declared.engine import DeclaredEngine
from playproof.playtest.declared.expr_functions import rolled
from playproof.playtest.declared.state import _roll_total
from playproof.playtest.engine import TABLE, Setup
from playproof.playtest.simulate import play_random_game, player_names

GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())


def _engine(game: str) -> type[DeclaredEngine]:
    return declared_engine(EXAMPLES / game, game)


def _table(engine: DeclaredEngine) -> tuple:
    """Return everything a move can change: the zones, counters, flow, roll and uses."""
    state, flow = engine.state, engine.state.flow
    zones = tuple((name, owner, [(c.key, by) for c, by in z.items], z.unknown, z.pending, dict(z.cells))
                  for name, owners in state.zones.items() for owner, z in owners.items())
    counters = tuple((name, tuple(sorted(owners.items()))) for name, owners in state.counters.items())
    return zones, counters, tuple(repr(getattr(flow, slot)) for slot in type(flow).__slots__), state.roll, \
        tuple(sorted(state.game_uses.items()))


def _played(engine_cls: type[DeclaredEngine], players: int, seed: int) -> tuple[list[str], tuple, dict]:
    engine, events = play_random_game(engine_cls, Setup(player_names(players), {}, seed), random.Random(seed))
    return [f"{e.actor} {e.verb} {e.args}" for e in events], _table(engine), engine.scores()  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_games_play_the_same_with_and_without_plans(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game)
    players = max(engine_cls.min_players, min(3, engine_cls.max_players))
    planned = 0
    by_plan = apply._planned

    def counting(state: Any, play: Any, plan: apply.Plan) -> bool:
        nonlocal planned
        done = by_plan(state, play, plan)
        planned += done
        return done
    monkeypatch.setattr(apply, "_planned", counting)
    with_plans = [_played(engine_cls, players, seed) for seed in (1, 2)]
    game_rows = engine_cls.game
    assert planned > 0 or not any(apply._plan(game_rows, spec) for spec in game_rows.moves.values())  # (tern-islands:
    # its one row puts into several zones)
    monkeypatch.setattr(apply, "PLANS", False)
    assert [_played(engine_cls, players, seed) for seed in (1, 2)] == with_plans


def test_a_row_is_planned_unless_it_needs_a_generic_step() -> None:
    reef = _engine("reef-divers").game
    grab, dive, refill = (apply._plan(reef, reef.moves[verb]) for verb in ("grab", "dive", "refill"))
    assert isinstance(grab, apply.Plan) and (grab.source, grab.dest, grab.takes, grab.ends) == \
        ("reef", "haul", True, True)
    assert isinstance(dive, apply.Plan) and (dive.source, dive.dest, dive.takes, dive.ends, dive.counted) == \
        (None, None, False, False, False)  # its limit counts per turn: nothing to count for the round or game
    assert isinstance(refill, apply.Plan) and not refill.player_move and not refill.in_turn
    lantern, moss, tern = (_engine(name).game for name in ("lantern-guild", "moss-garden", "tern-islands"))
    assert apply._plan(lantern, lantern.moves["tidy"]) is False  # a bulk move
    assert apply._plan(moss, moss.moves["lay"]) is False  # onto a grid
    assert apply._plan(tern, tern.moves["nest"]) is False  # several zones to put into


def test_a_move_that_needs_a_generic_step_is_left_to_it() -> None:
    engine_cls = _engine("reef-divers")
    engine = engine_cls(Setup(player_names(3), {}, 4))
    offer = engine.offer()
    assert offer is not None and offer.actor == TABLE  # the reef is filled first
    state = engine.state
    play = _refills(engine)[0]
    plan = apply._plan(engine.game, play.spec)
    assert isinstance(plan, apply.Plan)
    before = _table(engine)
    unchecked = _copy(play, changes=None)  # what it changes is not known: checks.changes works it out
    named = _copy(play, source="sea")  # a zone the line names
    elsewhere = _copy(play, comps=[next(c for c in engine.game.comps.values() if c.key not in _keys(state))]
                      if len(_keys(state)) < len(engine.game.comps) else [])
    for move in (unchecked, named) + ((elsewhere,) if elsewhere.comps else ()):
        assert not apply._planned(state, move, plan)
        assert _table(engine) == before  # nothing done
    assert apply._planned(state, play, plan)  # the move as listed
    assert _table(engine) != before


def _refills(engine: DeclaredEngine) -> list[Any]:
    from playproof.playtest.declared.legal import due_moves
    return [play for _, play in due_moves(engine.state) if play is not None]


def _keys(state: Any) -> set[str]:
    return {c.key for c, _ in state.zone("sea", "").items}


def _copy(play: Any, **changed: Any) -> Any:
    from dataclasses import replace
    return replace(play, **changed)


def test_roll_adds_its_number_faces_as_before() -> None:
    for roll in [(), (3, 4), (6, 6, 1), (3, "skull", 2), (True, 2), (1.5, 2), ("6",)]:
        assert _roll_total(roll) == sum(f for f in roll if isinstance(f, (int, float)))
        assert type(_roll_total(roll)) is type(sum(f for f in roll if isinstance(f, (int, float))))


class _Dice:
    def __init__(self, faces: tuple[Any, ...]) -> None:
        self.faces = faces

    def dice(self) -> tuple[Any, ...]:
        return self.faces


@pytest.mark.parametrize("faces,wanted,count", [((1, 6), 1, 1), ((1, 1), 1, 2), ((2, 3), 1, 0), ((6, "6"), 6, 2),
                                                (("Skull", 6), "skull", 1), ((6, 2), "6", 1), ((1.0, 1), 1, 2)])
def test_rolled_counts_the_faces_equal_to_its_value(faces: tuple, wanted: Any, count: int) -> None:
    assert rolled([lambda c: wanted])(_Dice(faces)) == count
