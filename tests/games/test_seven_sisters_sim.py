"""Seven Sisters through the random-legal-move bot: every game ends clean, quickly."""

from __future__ import annotations

import random

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.seven_sisters import ENGINE
from playproof.playtest.simulate import play_random_game

NAMES = ("Ann", "Ben", "Cat", "Dee", "Eve", "Fay")
VARIANTS = [{}, {"random-order": "true"}, {"empty-is-tie": "true", "pride-tie-anticlockwise": "true"},
            {"majority-ties": "none", "reshuffle-every-round": "true"}]


def test_500_random_games_finish_with_no_violation() -> None:
    rng = random.Random(20261122)
    for number in range(500):
        players = NAMES[:2 + number % 5]
        engine, events = play_random_game(ENGINE, Setup(players, VARIANTS[number % 4]), rng)
        assert engine.is_over() and engine.decision() is None
        assert sorted(engine.scores()) == sorted(players)
        assert sum(engine.table.playable) + sum(engine.table.reserve) + sum(
            sum(row) for row in engine.table.board) == 30 * len(players)


def test_a_replayed_random_game_gives_the_same_result() -> None:
    engine, events = play_random_game(ENGINE, Setup(NAMES[:4]), random.Random(5))
    again = ENGINE(Setup(NAMES[:4]))
    for event in events:
        assert again.apply(Event(event.line, event.actor, event.verb, event.args)) == []
    assert again.is_over() and again.scores() == engine.scores()
    assert again.finish() == []


WORDS = ["Greed", "Lust", "Wrath", "Envy", "Pride", "Ann", "Ben", "Dan", "?", "3", "0", "12", "none",
         "gold", "for", "A", "B", "C", "D", "D2", "Wild", "Greed/Lust", "Envy/Wrath"]


def mutated(events: list[Event], rng: random.Random) -> list[Event]:
    """Return a game's events with a few words changed: the slips a real table makes."""
    events = list(events)
    for _ in range(rng.randrange(1, 8)):
        k = rng.randrange(len(events))
        event, tokens = events[k], events[k].args.split()
        if tokens:
            tokens[rng.randrange(len(tokens))] = rng.choice(WORDS)
        events[k] = Event(event.line, event.actor, event.verb, " ".join(tokens))
    return events


def test_a_log_full_of_slips_never_stops_the_engine_and_its_offered_moves_stay_legal() -> None:
    rng = random.Random(77)
    for number in range(80):
        setup = Setup(NAMES[:4], VARIANTS[number % 4])
        _, events = play_random_game(ENGINE, setup, rng)
        engine = ENGINE(setup)
        for event in mutated(events[:rng.randrange(1, len(events))], rng):
            engine.apply(event)
            engine.decision()
        moves = 0
        while (decision := engine.decision()) is not None:
            verb, _, args = rng.choice(decision.moves).partition(" ")
            found = engine.apply(Event(10_000 + moves, decision.actor, verb, args))
            assert [f for f in found if f.line >= 10_000 and f.status.value == "violation"] == []
            moves += 1
            assert moves < 3000
        assert engine.finish() == [] and engine.is_over()
