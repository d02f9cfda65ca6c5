"""7 Wonders Leaders winners: the most points, ties going to the most coins, then shared."""

from __future__ import annotations

import random

from playproof.playtest.engine import Setup
from playproof.playtest.games.seven_wonders_leaders import ENGINE
from playproof.playtest.games.seven_wonders_leaders.engine import SevenWondersLeaders
from playproof.playtest.simulate import play_random_game

PLAYERS = ("Ann", "Ben", "Cat")


def with_coins(*coins: int) -> SevenWondersLeaders:
    """Return a game before its first move, the players holding these coins (a test position)."""
    engine = SevenWondersLeaders(Setup(PLAYERS))
    for city, amount in zip(engine.st.cities, coins):
        city.coins = amount
    return engine


def test_a_plain_win() -> None:
    engine = with_coins(6, 9, 8)  # treasury: a point per 3 coins
    assert engine.scores() == {"Ann": 2, "Ben": 3, "Cat": 2}
    assert engine.winners() == ["Ben"]


def test_a_tie_goes_to_the_most_coins() -> None:
    engine = with_coins(6, 8, 7)
    assert engine.scores() == {"Ann": 2, "Ben": 2, "Cat": 2}
    assert engine.winners() == ["Ben"]


def test_a_tie_on_points_and_coins_is_shared() -> None:
    engine = with_coins(8, 8, 6)
    assert engine.winners() == ["Ann", "Ben"]


def test_a_finished_game_is_won_by_a_top_scorer_with_the_most_coins_among_them() -> None:
    for seed in range(3):
        engine, _ = play_random_game(ENGINE, Setup(PLAYERS, {}, seed), random.Random(seed))
        assert engine.is_over()
        scores, coins = engine.scores(), {p: c.coins for p, c in zip(PLAYERS, engine.st.cities)}
        top = [p for p in PLAYERS if scores[p] == max(scores.values())]
        assert engine.winners() == [p for p in top if coins[p] == max(coins[q] for q in top)]


def test_a_finished_game_tied_on_points_goes_to_the_richest() -> None:
    players = ("Ann", "Ben", "Cat", "Dan")
    for seed in range(200):  # about one random 4-player game in twelve ends in a tie on points
        engine, _ = play_random_game(ENGINE, Setup(players, {}, seed), random.Random(seed))
        scores, coins = engine.scores(), {p: c.coins for p, c in zip(players, engine.st.cities)}
        top = [p for p in players if scores[p] == max(scores.values())]
        if len(top) > 1 and len({coins[p] for p in top}) == len(top):
            break
    else:
        raise AssertionError("no random game ended in a tie on points")
    assert engine.is_over()
    assert engine.winners() == [max(top, key=coins.__getitem__)]


def test_a_finished_games_score_sheets_follow_the_events_applied_after_its_end() -> None:
    """Scores, their lines and winners are worked out once at the end, and again after any further event."""
    from playproof.playtest.engine import Event
    from playproof.playtest.games.seven_wonders_leaders.scoring import breakdown
    from playproof.playtest.simulate import player_names

    for seed in range(1, 60):  # a game whose end leaves a wild science symbol to choose
        engine, _ = play_random_game(ENGINE, Setup(player_names(5), {}, seed), random.Random(seed))
        chooser = next((c for c in engine.st.cities if c.wild_sources()), None)
        if chooser is not None:
            break
    assert chooser is not None
    st = engine.st

    def fresh() -> dict[str, dict[str, int]]:
        return {p: breakdown(st, i) for i, p in enumerate(st.players)}

    before = engine.score_breakdown()
    assert before == fresh() and engine.scores() == {p: lines["total"] for p, lines in before.items()}
    before[chooser.name]["total"] = -99  # what a caller does with the lines it got does not stick
    assert engine.score_breakdown() == fresh()
    source = chooser.wild_sources()[0]
    for line, symbol in enumerate(("compass", "gear"), 1):  # the second choice of the same source is refused
        engine.apply(Event(900 + line, chooser.name, "science", f"{source} {symbol}"))
        assert engine.score_breakdown() == fresh()
        assert engine.scores() == {p: lines["total"] for p, lines in fresh().items()}
    total = engine.scores()[chooser.name]
    chooser.coins += 30  # the sheets are kept for the events applied, so an edit by hand shows after the next one
    engine.apply(Event(999, "table", "coins", f"{chooser.name} {chooser.coins}"))
    assert engine.scores()[chooser.name] == fresh()[chooser.name]["total"] >= total + 10  # (a treasury point per 3)
    assert engine.winners() == [p for p in st.players if (fresh()[p]["total"], st.cities[st.players.index(p)].coins)
                                == max((fresh()[q]["total"], c.coins) for q, c in zip(st.players, st.cities))]
