"""Battle for Seven Cities rulings that follow the rulebook's plain words by default, and their variants."""

from __future__ import annotations

from playproof.playtest.engine import Event, EventKind
from test_battle_for_seven_cities_rules import ROUND_END, cities, engine_after, events, opening, run, shields

ALL_CARDS = "Ann: points AP4\nAnn: points AP3\nAnn: build\nAnn: points AP2\nAnn: move fA3"


# "A turn ends when a player has used all their cards, or if they choose to end their turn..."

def test_a_turn_ends_when_its_player_has_used_all_their_cards() -> None:
    assert run(ALL_CARDS + "\ntable: draw Ann AP2\nBen: points AP2\nBen: end\ntable: hand Ann 1") == []
    assert run(ALL_CARDS + "\nBen: points AP2\nBen: end\ntable: hand Ann 0") == []  # the extra card is optional


def test_a_turn_with_cards_left_still_needs_its_end() -> None:
    assert run("Ann: points AP4\nAnn: build\nBen: points AP2") == ["turn-active-player"]


def test_the_last_turn_of_a_round_ends_with_its_cards_at_a_round_marker() -> None:
    engine = engine_after(opening({"Cat": "AP4 AP3 AP2"}), first="Ann")
    log = "Ann: end\nAnn: discard AP2\nBen: end\nBen: discard AP2\nCat: points AP4\nCat: points AP3\nCat: points AP2"
    found = [v for e in events(log, 100) for v in engine.apply(e)]
    found += engine.apply(Event(120, "", "round", "Round 2", EventKind.MARKER))
    found += [v for e in events("table: draw Cat AP4\ntable: hand Cat 1", 121) for v in engine.apply(e)]
    assert found == [] and engine.s.round == 2


# "The player with the most cities wins the game!"

SEVEN_AND_SIX = {f"f{s}{c}": "Ann" for s, c in ["A1", "A3", "A4", "B1", "B2", "B4", "C2"]}
BEN = {"fA2": "Ben", "fB3": "Ben", "fC1": "Ben", "fC3": "Ben", "fC4": "Ben", "pA2": "Ben", "pB3": "Ben",
       "pC1": "Ben"}


def test_the_most_cities_past_and_future_win_by_default() -> None:
    prep = cities(**SEVEN_AND_SIX, **BEN)
    assert run(ROUND_END + "\ntable: winner Ben", prep=prep) == []  # Ben 8 cities (5 future), Ann 7
    assert run(ROUND_END + "\ntable: winner Ann", prep=prep) == ["win-most-cities"]
    assert run(ROUND_END + "\ntable: winner Ann", prep=prep, **{"win-count": "future"}) == []


# "If you run out of City Tokens you may destroy one of your cities on any tile..."

def test_a_player_out_of_tokens_may_recycle_a_city_on_a_shielded_tile() -> None:
    prep = lambda e: (cities(fC3="Ann")(e), shields(fC3="Ann")(e), e.s.supply.update(Ann=0))  # noqa: E731
    assert run("Ann: recycle fC3", prep=prep) == []
    assert run("Ann: recycle fC3", prep=prep, recycle="unshielded") == ["build-city-supply"]


# "In the past place the top tile-group ... touching the tile your player token is currently on."

EXPEDITION = "Ann: play EXPEDITION\ntable: tile P4\nAnn: place 2 w city pD1"


def test_an_expedition_needs_the_token_in_the_past() -> None:
    hands = {"Ann": "EXPEDITION AP3 AP2"}
    assert run("Ann: points AP2\nAnn: travel\n" + EXPEDITION, hands=hands) == []
    assert run(EXPEDITION, hands=hands) == ["cards-expedition"]  # flagged once; the expedition goes on
    assert run(EXPEDITION, hands=hands, expedition="twin") == []


# One mistake, one finding

def test_acting_after_end_is_flagged_once_and_the_discard_still_follows() -> None:
    assert run("Ann: end\nAnn: discard AP2\nBen: points AP2") == []
    assert run("Ann: end\nAnn: travel\nAnn: discard AP2\nBen: points AP2") == ["turn-active-player"]


def test_an_interrupted_expedition_is_flagged_once_and_may_still_be_placed() -> None:
    hands = {"Ann": "EXPEDITION AP3 AP2"}
    start = "Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4\n"
    assert run(start + "table: hand Ann 1\nAnn: place 2 w city pD1", hands=hands) == []  # a record interrupts nothing
    assert run(start + "Ann: points AP3\nAnn: place 2 w city pD1", hands=hands) == ["cards-expedition"]
    assert run(start + "Ann: end\nBen: points AP2", hands=hands) == ["cards-expedition"]


# "If an opponent has played Hostile Takeover or Burn City, this will negate the effects..."

def test_after_one_opponent_passes_the_next_may_still_defend() -> None:
    hands = {"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2", "Cat": "DEFEND AP3 AP3"}
    engine = engine_after(opening(hands), first="Ann")
    cities(fA1="Ben")(engine)
    found = [v for e in events("Ann: play BURN\nBen: pass", 100) for v in engine.apply(e)]
    assert found == [] and engine.decision().actor == "Cat"
    assert engine.apply(events("Cat: play DEFEND", 102)[0]) == [] and engine.s.board.owner("fA1") == "Ben"
    assert run("Ann: play BURN\nBen: pass\nCat: play DEFEND", hands=hands, prep=cities(fA1="Ben"),
               defend="owner") == ["cards-defend"]


def test_a_stray_draw_while_a_turn_closes_is_flagged_once_and_the_discard_still_follows() -> None:
    assert run("Ann: end\ntable: draw Ben AP2\nAnn: discard AP2") == ["round-draw-three"]  # found by the harness


def test_no_round_cap_by_default_the_game_ends_only_at_seven_future_cities() -> None:
    # "Gameplay ends whenever a player reaches 7 or more cities on future tiles at the end of a round."
    import random

    from playproof.balance.bots import seat_bots
    from playproof.balance.runner import play_game
    from playproof.playtest.engine import Setup
    from playproof.playtest.games import find_engine

    engine_cls = find_engine("battle-for-seven-cities")
    rounds = []
    for seed in range(6):
        result = play_game(engine_cls, Setup(("A", "B", "C"), {}, seed=seed), seat_bots("random", 3),
                           random.Random(seed))
        rounds.append(result.rounds)
    assert max(rounds) > 30  # a game the old default cap of 30 rounds would have cut short
    capped = play_game(engine_cls, Setup(("A", "B", "C"), {"rounds": "2"}, seed=1), seat_bots("random", 3),
                       random.Random(1))
    assert capped.rounds <= 3  # the variant still caps (round labels include the setup)
