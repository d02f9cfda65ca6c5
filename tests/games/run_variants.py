"""An engine with random runs, twice over: without them (every move offered) and counting what they play."""

from __future__ import annotations

from typing import Callable

from playproof.playtest import simulate
from playproof.playtest.engine import Engine, Event

Run = Callable[[Engine, "simulate.Bits", list[Event], int, int], int]


def run_variants(engine: type[Engine], run: Run) -> tuple[type[Engine], type[Engine]]:
    """Return the engine with no random run (every move from `offer()`) and the engine counting the moves its
    random runs play (the class attribute `played`)."""

    class OffersOnly(engine):  # type: ignore[misc, valid-type]
        """The same engine with no random run: every move comes from `offer()` and its `play`."""

        random_run = None

    class Counted(engine):  # type: ignore[misc, valid-type]
        """The same engine counting the moves its random runs play."""

        played = 0

        def random_run(self, bits: simulate.Bits, events: list[Event], line: int, limit: int) -> int:
            """Play a run and count its moves."""
            done = run(self, bits, events, line, limit)
            Counted.played += done - line
            return done

    return OffersOnly, Counted


def play_both(engine: type[Engine], run: Run, players: int, seed: int,
              option: str) -> tuple[Engine, list[Event], Engine, list[Event], int]:
    """Play one seed with the engine's random runs and with offers only; return each game and its events, and how
    many moves the runs played (`option`: one variant option `name=value`, or '')."""
    import random

    from playproof.playtest.engine import Setup
    from playproof.playtest.simulate import play_random_game, player_names

    offers_only, counted = run_variants(engine, run)
    setup = Setup(player_names(players), dict([option.split("=")]) if option else {}, seed)
    ran, ran_events = play_random_game(counted, setup, random.Random(seed))
    offered, offered_events = play_random_game(offers_only, setup, random.Random(seed))
    return ran, ran_events, offered, offered_events, counted.played  # type: ignore[attr-defined]
