"""The expression language: precedence, functions, aggregates, located errors, and no Python eval."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from declared_helpers import ROOT
from playproof.playtest.declared.expr import ExprError, Names, Unknown, compile_expr


@dataclass
class Card:
    fields: dict[str, Any]
    name: str = "Card"


COUNTERS: dict[str, dict[str, int]] = {"coins": {"Ann": 5, "Ben": 9, "Cat": 1}, "pot": {"": 2}}


@dataclass
class Ctx:
    """A stand-in evaluation context (the Ctx protocol of state.py): counters, zones, seats, dice, a grid cell."""

    card: Card | None = None
    item: Card | None = None
    player: str = "Ann"
    zones: dict[str, list[Card]] = field(default_factory=dict)
    uncertain: bool = False
    memo: dict[Any, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ("Ann", "Ben", "Cat")
    roll: tuple[Any, ...] = ()
    near: dict[str, list[Card]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    """Variables beyond the defaults (current, target, amount, ...)."""
    counters: dict[str, dict[str, int]] = field(default_factory=lambda: COUNTERS)

    def counter(self, name: str) -> Any:
        own = self.counters[name]
        return own[self.player] if self.player in own else own[""]

    def zone_items(self, name: str) -> list[tuple[Card, str]]:
        return [(c, c.fields.get("by", "")) for c in self.zones.get(name, [])]

    def zone_size(self, name: str) -> int:
        return len(self.zones.get(name, []))

    def variable(self, name: str) -> Any:
        known = {"player": self.player, "players": len(self.seats), "round": 2, "current": "Ben", "target": "",
                 "amount": 0, "first": "Ann", "dealer": "", "seat": self.seats.index(self.player) + 1,
                 "roll": sum(f for f in self.roll if isinstance(f, int))}
        return {**known, **self.extra}.get(name, 0)

    def for_player(self, player: str) -> "Ctx":
        return replace(self, player=player, memo={})

    def player_list(self) -> tuple[str, ...]:
        return self.seats

    def seat_after(self, player: str, k: int) -> str:
        return self.seats[(self.seats.index(player) + k) % len(self.seats)]

    def dice(self) -> tuple[Any, ...]:
        return self.roll

    def neighbours(self, zone: str) -> list[tuple[Card, str]]:
        return [(c, c.fields.get("by", "")) for c in self.near.get(zone, [])]


NAMES = Names(zones={"hand": True, "trick": False}, counters={"coins": True, "pot": False},
              fields={"cost", "suit", "rank", "by"}, card=True)
HAND = [Card({"suit": "red", "rank": 3, "cost": 2, "by": "Ann"}), Card({"suit": "blue", "rank": 9, "cost": 4, "by": "Ben"}),
        Card({"suit": "red", "rank": 7, "cost": 1, "by": "Cat"})]


def value(text: str, card: Card | None = None) -> Any:
    return compile_expr(text, NAMES).fn(Ctx(card=card, zones={"hand": HAND, "trick": HAND}))


@pytest.mark.parametrize("text, expected", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("7 // 2", 3), ("7 / 2", 3), ("7 % 3", 1), ("5 / 0", 0), ("-2 + 5", 3),
    ("2 < 3 and 3 < 2 or true", True), ("not 1 == 2", True), ("1 if coins > 4 else 2", 1),
    ("min(3, coins, 9)", 3), ("max(1, pot)", 2), ("abs(1 - 4)", 3), ("'a' < 'b'", True),
    ("coins + pot", 7), ("players * round", 6), ("player == 'Ann'", True),
])
def test_operators_and_functions(text: str, expected: Any) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("count(hand)", 3), ("count(hand, suit == 'red')", 2), ("sum(hand, cost)", 7), ("sum(hand, rank, suit == 'red')", 10),
    ("any(hand, rank > 8)", True), ("all(hand, rank > 2)", True), ("first(trick, suit)", "red"),
    ("last(trick, rank)", 7), ("best(trick, rank)", "Ben"), ("best(trick, rank, suit == first(trick, suit))", "Cat"),
    ("count(hand, suit == card.suit)", 1), ("card.cost + cost", 8), ("sum(hand, item.cost)", 7),
])
def test_aggregates_read_each_component_and_the_moves_card(text: str, expected: Any) -> None:
    assert value(text, Card({"suit": "blue", "cost": 4})) == expected


def test_a_hidden_card_is_unknown() -> None:
    with pytest.raises(Unknown):
        value("card.cost")


@pytest.mark.parametrize("text, message, col", [
    ("1 +", "expected a value, found the end", 4), ("(1 + 2", "expected ')', found the end", 7),
    ("coins $ 2", "unexpected character '$'", 7), ("cots", "unknown name 'cots'; did you mean \"cost\"?", 1),
    ("count(hnad)", "count() needs a zone first, not 'hnad'; did you mean \"hand\"?", 7),
    ("sum(hand)", "sum() takes a zone and 1 to 2 more argument(s)", 1), ("mix(1, 2)", "unknown function 'mix'; "
                                                                          "did you mean \"min\"?", 1),
    ("1 if coins else", "expected a value, found the end", 16), ("1 if coins", "expected 'else', found the end", 11),
    ("card.colour", "unknown field 'colour'", 6),
    ("item.cost", "item.<field> is only meaningful inside a zone aggregate (count/sum/any/all/first/last/nth/best/...)",
     1),
    ("1 2", "unexpected '2'", 3),
])
def test_errors_name_the_character(text: str, message: str, col: int) -> None:
    with pytest.raises(ExprError) as caught:
        compile_expr(text, NAMES)
    assert (str(caught.value), caught.value.col) == (message, col)


def test_no_user_text_is_ever_evaluated_as_python() -> None:
    source = "\n".join(p.read_text() for p in (ROOT / "playproof" / "playtest" / "declared").glob("*.py"))
    assert not re.search(r"(?<![.\w])(eval|exec|compile|literal_eval|__import__)\(|import ast|from ast", source)
