"""7 Wonders Leaders' random runs (runs.py) play the games the offers play, move for move, in both random loops."""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from playproof.balance.bots import RandomBot
from playproof.balance.runner import UnfinishedGame, play_game
from playproof.playtest import simulate
from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.games.seven_wonders_leaders import runs
from run_variants import play_both, run_variants
from playproof.playtest.simulate import SimulationError, play_random_game, player_names

ENGINE = available_engines()["7-wonders-leaders"]


OffersOnly = run_variants(ENGINE, runs.run)[0]


GAMES = [(2, 5, ""), (3, 8, "extra-purchases=true"), (4, 21, "late-discards=true"), (5, 4, "sides=B"),
         (6, 12, "rome-stage-discount=1"), (7, 7, ""), (7, 31, "sides=B"), (7, 2, "semiramis=true")]


@pytest.mark.parametrize("players,seed,option", GAMES)
def test_runs_play_the_game_the_offers_play(players: int, seed: int, option: str) -> None:
    """The same seed, with and without the engine's random runs: the same events, scores and final cities."""
    ran, ran_events, offered, offered_events, played = play_both(ENGINE, runs.run, players, seed, option)
    assert ran_events == offered_events
    if players > 2:  # all but the boards and follow-ups (none in the 2-player game)
        assert played > 0.9 * len(ran_events)
    else:
        assert played == 0
    assert ran.score_breakdown() == offered.score_breakdown() and ran.winners() == offered.winners()
    assert ran.summary() == offered.summary() and ran.st.discard == offered.st.discard


def test_a_run_stops_at_the_limit_of_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run never plays past the loop's limit (here inside Age I's deal): the loop stops the game with its error."""
    monkeypatch.setattr(simulate, "MAX_EVENTS", 80)
    with pytest.raises(SimulationError, match="no end after 80 events") as stuck:
        play_random_game(ENGINE, Setup(player_names(7), {}, 3), random.Random(3))
    assert len(stuck.value.events) == 80  # type: ignore[attr-defined]


def _play(engine_cls: type, players: int, seed: int, max_moves: int = 100_000) -> tuple[object, list[Event]]:
    """Play a game through the balance runner with random seats; return its result and its moves."""
    events: list[Event] = []
    setup = Setup(player_names(players), {}, seed)
    result = play_game(engine_cls, setup, [RandomBot()] * players, random.Random(seed), events=events,
                       max_moves=max_moves)
    return result, events


@pytest.mark.parametrize("players,seed", [(3, 4), (7, 9)])
def test_runs_give_the_balance_runner_the_results_offers_give(players: int, seed: int) -> None:
    """Through `playproof simulate`'s runner: the same moves, scores, winners, components taken and scores by Age."""
    ran, ran_events = _play(ENGINE, players, seed)
    offered, offered_events = _play(OffersOnly, players, seed)
    assert ran_events == offered_events and ran == offered
    assert ran.rounds == len(ran.by_round) == 5 and ran.taken  # type: ignore[attr-defined]


def test_a_game_stopped_in_a_run_reports_the_same_last_moves() -> None:
    """A game cut off inside a run (an Age's turns) is reported as one cut off outside runs."""
    reports = []
    for engine_cls in (ENGINE, OffersOnly):
        with pytest.raises(UnfinishedGame) as stuck:
            play_game(engine_cls, Setup(player_names(7), {}, 3), [RandomBot()] * 7, random.Random(3), max_moves=200)
        reports.append(stuck.value.to_dict())
    assert reports[0] == reports[1] and "no end after 200 moves" in str(reports[0]["reason"])


def test_a_finished_game_is_freed_without_the_garbage_collector() -> None:
    """No reference cycle is left by a game (its dealer, hand offers, purchase searches): all is freed at once."""
    play_random_game(ENGINE, Setup(player_names(7), {}, 4), random.Random(4))  # (the workbook loaded, caches warm)
    gc.collect()
    gc.disable()
    try:
        engine, events = play_random_game(ENGINE, Setup(player_names(7), {}, 5), random.Random(5))
        freed, state = weakref.ref(engine), weakref.ref(engine.st)
        del engine, events
        assert freed() is None and state() is None
        assert gc.collect() == 0
    finally:
        gc.enable()
