"""What each seat took, and the scores a random game's result gives, read from its moves as they were played."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from playproof.balance.bots import RandomBot
from playproof.balance.runner import play_game
from playproof.balance.stats import GameResult
from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import player_names

WWR = available_engines()["who-will-reign"]


class NamedCards(WWR):  # type: ignore[misc, valid-type]
    """Who Will Reign? naming what a move takes itself: each word after the verb."""

    def components_of(self, event: Event) -> tuple[str, ...]:
        return tuple(f"{event.verb}:{word}" for word in event.args.split())


def _play(engine_cls: type, players: int, seed: int) -> tuple[GameResult, list[Event]]:
    """Play a game with random seats; return its result and its moves."""
    events: list[Event] = []
    result = play_game(engine_cls, Setup(player_names(players), {}, seed), [RandomBot()] * players,
                       random.Random(seed), events=events)
    return result, events


def _taken(players: int, events: list[Event], named: Callable[[Event], tuple[str, ...]]) -> dict[str, list[int]]:
    """Return what each seat took, move by move: each component in the order first taken, its seats likewise."""
    seats = player_names(players)
    taken: dict[str, list[int]] = {}
    for event in events:
        if event.actor in seats:
            for component in named(event):
                takers = taken.setdefault(component, [])
                if seats.index(event.actor) not in takers:
                    takers.append(seats.index(event.actor))
    return taken


@pytest.mark.parametrize("engine_cls", [WWR, NamedCards])
@pytest.mark.parametrize("players,seed", [(4, 3), (2, 17)])
def test_what_each_seat_took_is_read_from_every_move_in_order(engine_cls: type, players: int, seed: int) -> None:
    """The default components (a move's verb and first word) and an engine's own, in the order they were taken."""
    result, events = _play(engine_cls, players, seed)
    expected = _taken(players, events, engine_cls(Setup(player_names(players), {}, seed)).components_of)
    assert list(result.taken.items()) == list(expected.items())
    assert len(expected) > 10 and all(len(seats) == len(set(seats)) for seats in expected.values())


def test_a_results_scores_are_the_last_rounds_and_its_winners_have_the_most() -> None:
    """The final scores close the arc, and the winners are the seats with the most crowns (the shared tiebreak)."""
    result, events = _play(WWR, 4, 42)
    assert result.by_round[-1] == result.scores and result.by_round[-1] is not result.scores
    assert result.winners == [s for s, v in enumerate(result.scores) if v == max(result.scores)]
    assert result.moves == len(events) and result.rounds == len(result.by_round) > 10
