"""Who Will Reign? random runs (turns and market draws played in the engine): the same games as the loop's offers."""

from __future__ import annotations

import random

import pytest

from playproof.balance.bots import RandomBot
from playproof.balance.runner import UnfinishedGame, play_game
from playproof.balance.stats import GameResult
from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import SimulationError, player_names, random_moves

ENGINE = available_engines()["who-will-reign"]


class OffersOnly(ENGINE):  # type: ignore[misc, valid-type]
    """The same engine with no random runs: every random move comes from `offer()`."""

    random_run = None


def _play(engine_cls: type, players: int, seed: int, options: dict[str, str],
          max_moves: int = 100_000) -> tuple[GameResult, list[Event]]:
    """Play a game with random seats through the balance runner; return its result and its moves."""
    events: list[Event] = []
    result = play_game(engine_cls, Setup(player_names(players), options, seed), [RandomBot()] * players,
                       random.Random(seed), events=events, max_moves=max_moves)
    return result, events


@pytest.mark.parametrize("players,seed,options", [(4, 1, {}), (4, 42, {}), (3, 8, {"no-banners": "true"}),
                                                  (2, 17, {}), (4, 5, {"replace-when-full": "true"}),
                                                  (3, 2, {"first": "cat", "tiebreak": "stores"})])
def test_runs_play_the_games_offers_play(players: int, seed: int, options: dict[str, str]) -> None:
    """Moves, scores, winners, components taken, rounds and the scores at each round's end are the same."""
    ran, ran_events = _play(ENGINE, players, seed, options)
    offered, offered_events = _play(OffersOnly, players, seed, options)
    assert ran_events == offered_events
    assert ran == offered
    assert len(ran.by_round) == ran.rounds > 5
    verbs = {e.verb for e in ran_events}
    assert {"reveal", "acquire", "end", "harvest", "pay"} <= verbs  # turns, draws and tributes were played


def test_a_game_stopped_in_a_run_reports_the_same_last_moves() -> None:
    """A game cut off at the most moves allowed, inside a run, is reported as one cut off outside runs."""
    reports = []
    for engine_cls in (ENGINE, OffersOnly):
        with pytest.raises(UnfinishedGame) as stuck:
            _play(engine_cls, 4, 3, {}, max_moves=200)
        reports.append(stuck.value.to_dict())
    assert reports[0] == reports[1]
    assert "no end after 200 moves" in str(reports[0]["reason"]) and len(reports[0]["last_moves"]) == 12


def test_a_move_the_engine_rejects_in_a_run_names_it() -> None:
    """A run checks what applying its move found, as the loop does with an offered move."""

    class Rejecting(ENGINE):  # type: ignore[misc, valid-type]
        def _play_turn(self, k: int, event: Event) -> list[object]:
            super()._play_turn(k, event)
            return ["wrong"] if event.verb == "tax" else []

    engine = Rejecting(Setup(player_names(4), {}, 1))
    with pytest.raises(SimulationError, match="rejected its own legal move .*tax"):
        random_moves(engine, random.Random(1))
