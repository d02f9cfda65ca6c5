"""Random seats through an engine's random runs: the same games, statistics and stuck-game reports as through offers."""

from __future__ import annotations

import random

import pytest

from playproof.balance.bots import RandomBot
from playproof.balance.runner import UnfinishedGame, play_game
from playproof.balance.stats import GameResult
from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import player_names

ENGINE = available_engines()["battle-for-seven-cities"]


class OffersOnly(ENGINE):  # type: ignore[misc, valid-type]
    """The same engine with no random runs: every random move comes from `offer()`."""

    random_run = None


def _play(engine_cls: type, players: int, seed: int, max_moves: int = 100_000) -> tuple[GameResult, list[Event]]:
    """Play a game with random seats; return its result and its moves."""
    events: list[Event] = []
    setup = Setup(player_names(players), {}, seed)
    result = play_game(engine_cls, setup, [RandomBot()] * players, random.Random(seed), events=events,
                       max_moves=max_moves)
    return result, events


@pytest.mark.parametrize("players,seed", [(2, 4), (4, 9), (6, 1)])
def test_runs_give_the_results_offers_give(players: int, seed: int) -> None:
    """Moves, scores, winners, components taken, rounds and the scores at each round's end are the same."""
    ran, ran_events = _play(ENGINE, players, seed)
    offered, offered_events = _play(OffersOnly, players, seed)
    assert ran_events == offered_events
    assert ran == offered
    assert len(ran.by_round) == ran.rounds and ran.taken


def test_a_game_stopped_in_a_run_reports_the_same_last_moves() -> None:
    """A game cut off at the most moves allowed, inside a run, is reported as one cut off outside runs."""
    reports = []
    for engine_cls in (ENGINE, OffersOnly):
        setup = Setup(player_names(6), {}, 3)
        with pytest.raises(UnfinishedGame) as stuck:
            play_game(engine_cls, setup, [RandomBot()] * 6, random.Random(3), max_moves=500)
        reports.append(stuck.value.to_dict())
    assert reports[0] == reports[1]
    assert "no end after 500 moves" in str(reports[0]["reason"]) and len(reports[0]["last_moves"]) == 12
