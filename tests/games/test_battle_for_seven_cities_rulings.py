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
