"""Random-bot games of 7 Wonders Leaders: every offered move is legal and every game ends."""

from __future__ import annotations

import random

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.seven_wonders_leaders import ENGINE
from playproof.playtest.games.seven_wonders_leaders.resources import Market, Plan, Supply, cheapest
from playproof.playtest.simulate import play_random_game

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
VARIANTS = [("semiramis", "true", 5), ("late-discards", "true", 7), ("rome-stage-discount", "2", 11), ("sides", "B", 13)]


def test_five_hundred_random_games_finish_clean() -> None:
    counts = {}
    for seed in range(500):
        players = NAMES[: 2 + seed % 6]
        options = {name: value for name, value, every in VARIANTS if seed % every == 0}
        engine, events = play_random_game(ENGINE, Setup(players, options, seed), random.Random(seed))
        assert engine.is_over() and engine.decision() is None
        scores = engine.scores()
        assert set(scores) == set(players)
        assert all(engine.score_breakdown()[p]["total"] == scores[p] for p in players)
        counts[len(players)] = counts.get(len(players), 0) + 1
    assert counts == {n: (500 - (n - 2) + 5) // 6 for n in range(2, 8)}


def test_random_games_use_the_expansion() -> None:
    recruited = stages = 0
    for seed in range(30):
        engine, events = play_random_game(ENGINE, Setup(NAMES[:4], {}, seed), random.Random(seed))
        recruited += sum(e.verb == "recruit" for e in events)
        stages += sum(e.verb == "stage" for e in events)
    assert recruited > 30 and stages > 30


def test_mutated_logs_never_crash_the_referee() -> None:
    """Drop, repeat and garble moves of random games: the engine reports, it never raises."""
    for seed in range(40):
        rng = random.Random(seed)
        players = NAMES[: 2 + seed % 6]
        _, events = play_random_game(ENGINE, Setup(players, {}, seed), random.Random(seed))
        engine = ENGINE(Setup(players, {}, seed))
        for event in events:
            roll = rng.random()
            if roll < 0.05:
                continue  # a move nobody wrote down
            if roll < 0.12:
                event = Event(event.line, event.actor, event.verb, rng.choice(events).args)
            elif roll < 0.17:
                event = Event(event.line, rng.choice(players + ("table",)), event.verb, event.args)
            engine.apply(event)
            if roll > 0.97:
                engine.apply(event)  # written twice
            engine.decision()
        engine.scores()


def test_the_kept_cheapest_purchase_still_respects_each_budget() -> None:
    two = (0, 2, 0, 0, 0, 0, 0)  # two units of one resource, one from each neighbour
    one_each = Supply(fixed=(0, 1, 0, 0, 0, 0, 0))
    market = Market(one_each, one_each, (2,) * 7, (1,) * 7)
    assert cheapest(two, Supply(), (), market, 3) == Plan(left=(1,), right=(1,), coins=3)
    assert cheapest(two, Supply(), (), market, 2) is None  # asked again, now with too little
    assert cheapest(two, Supply(), (), market, 9) == Plan(left=(1,), right=(1,), coins=3)
