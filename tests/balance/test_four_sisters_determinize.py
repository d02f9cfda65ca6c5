"""Four Sisters for search bots: a fast copy equal to a deep copy, and worlds that deal other players' hands afresh."""

from __future__ import annotations

import copy
import os
import random
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from playproof.balance.bots import MctsBot, play
from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import resolve_engine
from playproof.playtest.games.four_sisters import determinize as fast
from playproof.playtest.games.four_sisters.state import Conflict, Seat

PLAYERS = ("Ann", "Bea", "Cy", "Di")


def _day(moves: int, seed: int = 3) -> object:
    """Return a Four Sisters Day after `moves` random moves (hands dealt and some cards played)."""
    engine = resolve_engine("four-sisters", None, None)(Setup(PLAYERS, {}, seed))
    rng = random.Random(seed)
    for _ in range(moves):
        decision = engine.decision()
        if decision is None:
            break
        play(engine, decision.actor, rng.choice(decision.moves))
    return engine


def _state(engine: object) -> dict[str, object]:
    """Everything a move can change, as values to compare (the Conflict, hands, Schemes...)."""
    return {k: v for k, v in copy.deepcopy(vars(engine)).items() if k != "draw_memo"}


def _mid_conflict() -> object:
    """Return a Day stopped in a Conflict (a target or discard pending), and where its settled one may reopen."""
    for seed in range(1, 40):
        engine, rng = _day(0, seed), random.Random(seed)
        for _ in range(400):
            decision = engine.decision()
            if decision is None:
                break
            if engine.conflict is not None and engine.conflict.boosts:
                return engine
            play(engine, decision.actor, rng.choice(decision.moves))
    raise AssertionError("no Conflict with a discard in 40 random Days")


@pytest.mark.parametrize("moves", [0, 12, 40, 90])
def test_the_fast_copy_is_a_deep_copy_and_independent(moves: int) -> None:
    engine = _day(moves)
    before = _state(engine)
    twin = engine.clone()
    assert _state(twin) == before and twin.data is engine.data
    rng = random.Random(5)
    while (decision := twin.decision()) is not None:  # the copy plays its Day to the end
        play(twin, decision.actor, rng.choice(decision.moves))
    assert _state(engine) == before  # the original did not move


def test_the_fast_copy_keeps_a_conflict_shared_between_attributes_shared() -> None:
    engine = _mid_conflict()
    engine.settled = engine.reopenable = fast.Settled(engine.conflict, {}, {})
    twin = engine.clone()
    assert twin.conflict is twin.settled.conflict is twin.reopenable.conflict
    assert twin.conflict is not engine.conflict and twin.conflict == engine.conflict
    twin.conflict.boosts["Ann"] = 99
    assert engine.conflict.boosts.get("Ann") != 99


def test_the_fast_copy_knows_every_field_that_changes_in_place() -> None:
    # a new field of a Seat or a Conflict must be named here, or the fast copy would share it
    seat_values = {"name", "suit", "team", "unknown", "stack", "lost"}
    assert {f.name for f in fields(Seat)} == seat_values | set(fast.SEAT_COPIED)
    conflict_values = {"player", "room", "candidates", "target", "defender", "step", "queen"}
    assert {f.name for f in fields(Conflict)} == conflict_values | set(fast.CONFLICT_COPIED)


def test_a_world_deals_other_hands_afresh_and_keeps_what_the_observer_knows() -> None:
    engine = _day(40)
    before = _state(engine)
    worlds = [engine.determinize("Ann", random.Random(s)) for s in range(8)]
    for world in worlds:
        assert world.board == engine.board and world.oubliette == engine.oubliette
        assert world.seats["Ann"] == engine.seats["Ann"]  # her own hand and Scheme
        for name in PLAYERS[1:]:
            seat, true = world.seats[name], engine.seats[name]
            assert len(seat.hand) == len(true.hand) and len(seat.pool) == len(true.pool)  # counts she sees
            assert (seat.stack, list(seat.bottom)) == (true.stack, list(true.bottom))
            assert set(seat.hand) | seat.pool == set(true.hand) | true.pool  # her suit's unseen cards
            assert not set(seat.hand) & seat.pool
    assert any(w.seats[n].hand != engine.seats[n].hand for w in worlds for n in PLAYERS[1:])
    assert _state(engine) == before  # the true Day is not changed


def test_a_world_plays_on_legally() -> None:
    engine = _day(40)
    for seed in range(4):
        world = engine.determinize("Bea", random.Random(seed))
        rng = random.Random(seed)
        while (decision := world.decision()) is not None:
            verb, _, args = rng.choice(decision.moves).partition(" ")
            assert world.apply(Event(1, decision.actor, verb, args)) == []


def _swapped_hands(engine: object, actor: str) -> object:
    """Return a copy of a Day in which every other player holds cards of her Scheme instead of her hand."""
    swapped = engine.clone()
    for seat in swapped.seats.values():
        if seat.name != actor and seat.pool:
            back = sorted(seat.pool)[:len(seat.hand)]
            out = seat.hand[:len(back)]
            seat.hand[:len(back)] = back
            seat.pool = (seat.pool - set(back)) | set(out)
    return swapped


def test_a_world_does_not_depend_on_what_the_observer_cannot_see() -> None:
    engine = _day(40)
    swapped = _swapped_hands(engine, "Ann")
    assert _state(swapped) != _state(engine)
    for seed in range(4):
        worlds = [e.determinize("Ann", random.Random(seed)) for e in (engine, swapped)]
        assert _state(worlds[0]) == _state(worlds[1])


def test_a_search_bot_does_not_see_other_players_hands() -> None:
    # two Days that differ only in cards the mover cannot see: her search is the same in both
    engine, rng = _day(40), random.Random(9)
    while (decision := engine.decision()).actor not in PLAYERS or len(decision.moves) < 4:
        play(engine, decision.actor, rng.choice(decision.moves))
    swapped = _swapped_hands(engine, decision.actor)
    roots = [MctsBot(budget=60).search(e, e.decision(), random.Random(7)) for e in (engine, swapped)]
    assert roots[0].edges() == roots[1].edges() and len(roots[0].edges()) > 1


def test_the_same_seed_plays_the_same_day_in_any_process() -> None:
    # worlds are dealt from sorted cards: a set's order, which changes with the process's hash seed, decides nothing
    script = ("import json; from playproof.balance.runner import Plan, run_local; "
              "s = run_local(Plan('four-sisters', 4, 1, seed=2, bots='mcts:15,greedy,mcts:15,random')); "
              "s.seconds = 0.0; print(json.dumps(s.to_dict(), sort_keys=True, default=str))")
    root = Path(__file__).resolve().parents[2]
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=root,
                           env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1] and runs[0]
