"""Random seats play through `Engine.offer()`: the same games as choosing from the whole `decision()`."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from playproof.balance.bots import RandomBot
from playproof.balance.runner import _engine_class, play_game
from playproof.playtest.engine import Decision, Engine, Event, Setup
from playproof.playtest.simulate import player_names


@dataclass
class ChoiceBot:
    """Random like RandomBot, but not one: its seats take the decision() path."""

    name: str = "choice"

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        return rng.choice(decision.moves)


def _play(game: str, players: int, bot: object, seed: int) -> tuple[object, list[Event]]:
    engine_cls = _engine_class(game, None, None)
    events: list[Event] = []
    setup = Setup(player_names(players), seed=seed)
    result = play_game(engine_cls, setup, [bot] * players, random.Random(seed), events=events)
    return result, events


@pytest.mark.parametrize("game,players", [("7-wonders-leaders", 3), ("battle-for-seven-cities", 2),
                                          ("seven-sisters", 4)])
def test_random_seats_through_offers_play_the_games_decisions_would(game: str, players: int) -> None:
    for seed in (1, 2):
        fast, fast_events = _play(game, players, RandomBot(), seed)
        slow, slow_events = _play(game, players, ChoiceBot(), seed)
        assert [e.text for e in fast_events] == [e.text for e in slow_events]
        assert fast == slow


def test_games_are_played_collecting_less_and_the_collector_is_restored() -> None:
    import gc

    from playproof.playtest.simulate import YOUNG_THRESHOLD, collecting_less

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with collecting_less():
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD and gc.get_freeze_count() >= frozen
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
