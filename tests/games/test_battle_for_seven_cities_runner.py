"""Battle for Seven Cities' random runs (runner.py) play the games the offers play, move for move."""

from __future__ import annotations

import random

import pytest

from playproof.playtest import simulate
from playproof.playtest.engine import PLAIN_EVENT, Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.games.battle_for_seven_cities import runner
from run_variants import play_both
from playproof.playtest.simulate import SimulationError, play_random_game, player_names

ENGINE = available_engines()["battle-for-seven-cities"]


GAMES = [(2, 5, ""), (3, 8, "tokens=connected"), (4, 21, "expedition=twin"), (5, 4, "recycle=unshielded"),
         (6, 12, "shortage=skip"), (6, 31, "defend=owner"), (6, 7, ""), (4, 9, "win-count=future")]


@pytest.mark.parametrize("players,seed,option", GAMES)
def test_runs_play_the_game_the_offers_play(players: int, seed: int, option: str) -> None:
    """The same seed, with and without the engine's random runs: the same events, the same final state."""
    ran, ran_events, offered, offered_events, played = play_both(ENGINE, runner.run, players, seed, option)
    assert ran_events == offered_events
    assert played > 0.9 * len(ran_events)  # the runs played nearly all of it
    assert ran.scores() == offered.scores() and ran.winners() == offered.winners()
    assert ran.s.hands == offered.s.hands and ran.s.deck == offered.s.deck and ran.s.blue == offered.s.blue


def test_a_run_stops_at_the_limit_of_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run never plays past the loop's limit: the loop then stops the game with its own error."""
    monkeypatch.setattr(simulate, "MAX_EVENTS", 150)
    with pytest.raises(SimulationError, match="no end after 150 events"):
        play_random_game(ENGINE, Setup(player_names(6), {}, 3), random.Random(3))


def test_a_run_made_event_equals_the_dataclass_one() -> None:
    """The runner's quick events equal `Event(...)` made the ordinary way (and print the same)."""
    made = runner.event(7, "Ann", "points", "AP2")
    assert made == Event(7, "Ann", "points", "AP2") and repr(made) == repr(Event(7, "Ann", "points", "AP2"))
    assert PLAIN_EVENT or type(made) is Event


def test_below_draws_as_randrange() -> None:
    """The index a run draws from the generator's bits is `rng.randrange(count)`: the same numbers from a seed."""
    bits, rng = random.Random(5).getrandbits, random.Random(5)
    assert [simulate.below(bits, n) for n in range(1, 300)] == [rng.randrange(n) for n in range(1, 300)]


class OwnDraws(random.Random):
    """A generator with its own `randrange` (every index drawn by the base class's, then counted)."""

    calls = 0

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        """Count the draw."""
        OwnDraws.calls += 1
        return super().randrange(*args)


def test_a_generator_with_its_own_randrange_is_asked_for_every_move() -> None:
    """Runs draw from the bits only where `randrange` would: a generator drawing otherwise plays by offers."""
    OwnDraws.calls = 0
    _, own = play_random_game(ENGINE, Setup(player_names(4), {}, 6), OwnDraws(6))
    _, ran = play_random_game(ENGINE, Setup(player_names(4), {}, 6), random.Random(6))
    assert OwnDraws.calls == len(own) and own == ran
