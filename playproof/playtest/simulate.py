"""Random-legal-move play through an engine: the bot behind `playproof simulate`."""

from __future__ import annotations

import random

from playproof.playtest.engine import Engine, Event, Setup

MAX_EVENTS = 100_000


class SimulationError(AssertionError):
    """The engine rejected a move it had itself offered as legal."""


def play_random_game(engine_cls: type[Engine], setup: Setup, rng: random.Random) -> tuple[Engine, list[Event]]:
    """Play one game choosing uniformly among legal moves; return the final engine and events."""
    engine = engine_cls(setup)
    events: list[Event] = []
    while (decision := engine.decision()) is not None:
        if not decision.moves or len(events) >= MAX_EVENTS:
            raise SimulationError(f"no legal move or no end after {len(events)} events: {decision}")
        verb, _, args = rng.choice(decision.moves).partition(" ")
        event = Event(len(events) + 1, decision.actor, verb, args)
        if found := engine.apply(event):
            raise SimulationError(f"engine rejected its own legal move {event}: {found}")
        events.append(event)
    return engine, events


def event_line(event: Event) -> str:
    """Return the log line of a move event: `Actor: verb args`."""
    return f"{event.actor}: {event.text}"
