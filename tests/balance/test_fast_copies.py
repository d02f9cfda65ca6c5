"""Search bots' fast copies of a seed game: equal to a deep copy, and independent of the game copied."""

from __future__ import annotations

import copy
import inspect
import random
from dataclasses import fields

import pytest

from playproof.balance.bots import play
from playproof.balance.runner import Plan, engine_class
from playproof.playtest.engine import Engine
from playproof.playtest.games.who_will_reign import clone as wwr
from playproof.playtest.games.who_will_reign.game import Game
from playproof.playtest.games.who_will_reign.state import Land, Sister, State, Tribute


def _played(game: str, players: int, moves: int, seed: int = 3) -> Engine:
    """Return a seed game after some random moves."""
    plan = Plan(game, players, 1, seed=seed)
    engine = engine_class(plan)(plan.setup(0))
    rng = random.Random(seed)
    for _ in range(moves):
        decision = engine.decision()
        if decision is None:
            break
        play(engine, decision.actor, rng.choice(decision.moves))
    return engine


def _state(engine: Engine) -> object:
    """Everything a move can change, as values to compare."""
    return copy.deepcopy(vars(engine.game))  # dataclasses compare field by field


@pytest.mark.parametrize("moves", [0, 20, 80, 200])
def test_the_who_will_reign_copy_is_a_deep_copy_and_independent(moves: int) -> None:
    engine = _played("who-will-reign", 3, moves)
    before = _state(engine)
    twin = engine.clone()
    assert _state(twin) == before and twin.game.catalogue is engine.game.catalogue
    assert all(twin.game.state.by_name[s.name.lower()] is s for s in twin.game.state.sisters)
    rng = random.Random(5)
    while (decision := twin.decision()) is not None:  # the copy plays its game to the end
        play(twin, decision.actor, rng.choice(decision.moves))
    assert twin.is_over() and _state(engine) == before  # the original did not move


def test_the_who_will_reign_copy_knows_every_field_that_changes_in_place() -> None:
    # a new field must be named in COPIED (changed in place) or here (a value, shared), or the copy may share it
    shared = {Game: {"catalogue", "banners_in_play", "replace_when_full", "line"},
              State: {"phase", "active", "first", "round", "income_taken", "out_of_turn", "late",
                      "pending_draws", "lands_version"},
              Sister: {"name", "food", "gold", "banner", "powers", "crowns", "version"},
              Land: {"key", "land", "base"}, Tribute: {"moon", "resource", "owed", "paid"}}
    for cls, values in shared.items():
        assert {f.name for f in fields(cls)} == values | set(wwr.COPIED[cls]), cls.__name__


def _table(engine: Engine) -> object:
    """Everything on the table, without what only remembers the past (caches, their counters, findings)."""
    state = copy.deepcopy(engine.game.state)
    state.lands_version, state.by_name = 0, {}
    for sister in state.sisters:
        sister.version, sister.powers, sister.crowns = 0, None, None
    return state


def _uncached_moves(engine: Engine) -> list[str]:
    """Return the moves a copy of the game offers with every cache emptied (worked out afresh)."""
    fresh = copy.deepcopy(engine)
    game = fresh.game
    game.moves_cache, game.court_tails, game.banners_cache, game.land_moves = {}, {}, {}, [-1, {}]
    game.state.outputs = {}
    decision = fresh.decision()
    return sorted(decision.moves) if decision else []


def test_copies_never_read_each_others_cached_moves() -> None:
    # copies that go different ways reach the same version counters; each must still offer its own moves
    engine = _played("who-will-reign", 3, 30)
    twins = [engine.clone() for _ in range(6)]
    for step in range(40):
        for seed, twin in enumerate(twins):
            decision = twin.decision()
            if decision is None:
                continue
            assert sorted(decision.moves) == _uncached_moves(twin), (seed, step)
            play(twin, decision.actor, random.Random(seed * 100 + step).choice(decision.moves))


def test_a_who_will_reign_key_joins_only_equal_positions() -> None:
    keys: dict[object, object] = {}
    for seed in range(1, 7):
        engine, rng = _played("who-will-reign", 2, 0, seed), random.Random(seed)
        while (decision := engine.decision()) is not None:
            key = engine.position_key()
            assert key == engine.clone().position_key() and hash(key) is not None
            table = _table(engine)
            assert keys.setdefault(key, table) == table  # one key, one position
            play(engine, decision.actor, rng.choice(decision.moves))
    assert len(keys) > 500


def test_the_who_will_reign_key_reads_every_field_that_decides_the_future() -> None:
    # a new field must be read by position_key, or named here as remembering only the past
    past = {Game: {"catalogue", "found", "line", "moves_cache", "court_tails", "guest_moves", "land_moves",
                   "banners_cache"}, State: {"lands_version", "by_name", "outputs"},
            Sister: {"powers", "crowns", "version"}}
    source = inspect.getsource(wwr.position_key)
    for cls in (Game, State, Sister, Land, Tribute):
        read = {f.name for f in fields(cls) if f"{f.name}" in source}
        assert {f.name for f in fields(cls)} - past.get(cls, set()) <= read | {"state"}, cls.__name__
