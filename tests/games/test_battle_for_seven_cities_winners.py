"""Battle for Seven Cities winners: decided at the end of a round, future cities on water breaking ties."""

from __future__ import annotations

import random

from playproof.playtest.engine import Setup
from playproof.playtest.games.battle_for_seven_cities import BattleEngine
from playproof.playtest.simulate import play_random_game, player_names
from test_battle_for_seven_cities_rules import (ROUND_END, SEVEN, Prep, cities, engine_after, events, opening,
                                                tied)


def after_round_one(prep: Prep, log: str = ROUND_END) -> BattleEngine:
    """Return an engine after the opening, a prepared board, then the log (no violation)."""
    engine = engine_after(opening(), first="Ann")
    prep(engine)
    for event in events(log, start=100):
        assert engine.apply(event) == [], event
    return engine


def test_seven_future_cities_at_the_round_end_win() -> None:
    engine = after_round_one(cities(**SEVEN, fA2="Ben"))
    assert engine.is_over() and engine.scores() == {"Ann": 7, "Ben": 1, "Cat": 0}
    assert engine.winners() == ["Ann"]


def test_a_tie_goes_to_the_most_future_cities_on_water() -> None:
    engine = after_round_one(tied, ROUND_END + "\ntable: winner Ben")
    assert engine.is_over() and engine.scores() == {"Ann": 7, "Ben": 7, "Cat": 0}
    assert engine.winners() == ["Ben"]  # Ben's 7 include 4 on water, Ann's none


def test_before_the_round_ends_the_leaders_by_the_same_tie_break() -> None:
    engine = after_round_one(cities(fA1="Ann", fB2="Ben", fC1="Cat"), "")
    assert not engine.is_over() and engine.winners() == ["Cat"]  # fC1 is light sea
    cities(fA3="Ann")(engine)
    assert engine.winners() == ["Ann"]


def test_cities_counted_for_every_player_at_once_are_each_players_count() -> None:
    """`Board.tokens` (scores, the most cities) gives each player's `count`, in seat order, whatever the era."""
    for seed in (2, 5):
        engine = play_random_game(BattleEngine, Setup(player_names(5), {}, seed), random.Random(seed))[0]
        board, seats = engine.s.board, engine.s.seats
        assert any(board.cities) and list(board.tokens(seats, None)) == list(seats)
        for era in ("f", "p", None):
            assert board.tokens(seats, era) == {p: board.count(p, era) for p in seats}
            assert board.most(seats, era or "f") == max(board.count(p, era or "f") for p in seats)
