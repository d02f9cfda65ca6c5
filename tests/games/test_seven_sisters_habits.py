"""Seven Sisters logs written with a table's habits: legal games stay clean however they are spelled."""

from __future__ import annotations

import random
import re

from consistency import simulated_events

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.seven_sisters import ENGINE

NAMES = ("Ann", "Ben", "Cat", "Dee", "Eve", "Fay")
BUYBACK = re.compile(r"^(\w+) (none|\d+ for \d+ gold)$")


def replay(setup: Setup, events: list[Event]) -> list:  # type: ignore[type-arg]
    """Return every finding of a game's events, and of its end."""
    engine = ENGINE(setup)
    found = [v for e in events for v in engine.apply(e)]
    return found + engine.finish()


def games(count: int) -> list[tuple[Setup, list[Event]]]:
    """Return random legal games of 2 to 6 players."""
    rng = random.Random(31)
    setups = [Setup(NAMES[:2 + n % 5], {"random-order": "true"} if n % 3 == 0 else {}) for n in range(count)]
    return [(s, simulated_events(ENGINE, s, rng.randrange(10**6))) for s in setups]


def test_buybacks_declined_by_silence_leave_a_legal_game_clean() -> None:
    for setup, events in games(25):
        kept = [e for e in events if not (e.verb == "buyback" and e.args.endswith(" none"))]
        assert replay(setup, kept) == []


def test_the_older_buyback_form_reads_the_same_when_no_line_is_left_out() -> None:
    for setup, events in games(25):
        old = [Event(e.line, e.actor, e.verb, BUYBACK.sub(r"\2", e.args)) if e.verb == "buyback" else e
               for e in events]
        assert replay(setup, old) == []


def test_round_start_adds_and_scoring_announcements_written_out_stay_clean() -> None:
    for setup, events in games(25):
        engine, written = ENGINE(setup), []
        for event in events:
            if event.verb in ("wrath", "pride", "envy") and event.actor != "table":
                sister = {"wrath": "Wrath", "pride": "Pride", "envy": "Envy"}[event.verb]
                written.append(Event(event.line, "table", "scoring", sister))
            written.append(event)
            engine.apply(event)
            if event.verb == "place":
                given = engine.adds_given or []
                written += [Event(event.line, p, "refill", str(n)) for p, n in zip(setup.players, given)]
        assert replay(setup, written) == []
