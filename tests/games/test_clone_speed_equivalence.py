"""The engines' hand-written clones (for search bots) copy the whole game: a clone plays on alone.

A clone is checked against replaying the log: the clone plays on exactly as an engine that replays
the original's events and then the clone's, and the original, afterwards, plays on exactly as an
engine that replays only its own events. Either would differ if a clone shared some state with
its original (or dropped some).
"""

from __future__ import annotations

import random

import pytest

from playproof.playtest.engine import Engine, Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import player_names

CASES = [("battle-for-seven-cities", 3, 5), ("battle-for-seven-cities", 6, 8),
         ("7-wonders-leaders", 2, 5), ("7-wonders-leaders", 5, 8), ("seven-sisters", 4, 5)]


def _play(engine: Engine, rng: random.Random, count: int, events: list[Event]) -> list[tuple]:
    """Play up to `count` random moves, appending the events; return what each decision offered."""
    seen: list[tuple] = []
    for _ in range(count):
        decision = engine.decision()
        if decision is None:
            break
        seen.append((decision.actor, decision.moves))
        verb, _, args = rng.choice(decision.moves).partition(" ")
        event = Event(len(events) + 1, decision.actor, verb, args)
        assert not engine.apply(event)
        events.append(event)
    return seen + [tuple(engine.scores().items())]


def _replayed(engine_cls: type[Engine], setup: Setup, events: list[Event]) -> Engine:
    """Return a fresh engine that has applied these events."""
    engine = engine_cls(setup)
    for event in events:
        engine.apply(event)
    return engine


@pytest.mark.parametrize("game,players,seed", CASES)
def test_a_clone_plays_on_alone(game: str, players: int, seed: int) -> None:
    """At points through a game, a clone and its original each play on as a replay of their own log would."""
    engine_cls = available_engines()[game]
    setup = Setup(player_names(players), {}, seed)
    engine, events, rng = engine_cls(setup), [], random.Random(seed)
    for step in (0, 40, 90, 150, 260):
        _play(engine, rng, step - len(events), events)
        twin, twin_events = engine.clone(), list(events)
        played = _play(twin, random.Random(step), 120, twin_events)
        assert played == _play(_replayed(engine_cls, setup, events[:]), random.Random(step), 120, list(events))
        assert _play(_replayed(engine_cls, setup, twin_events), random.Random(1), 30, list(twin_events)) == \
            _play(twin, random.Random(1), 30, list(twin_events))
        assert _play(engine.clone(), random.Random(2), 60, list(events)) == \
            _play(_replayed(engine_cls, setup, events), random.Random(2), 60, list(events))
