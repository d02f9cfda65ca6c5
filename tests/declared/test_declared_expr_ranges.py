"""A condition asked for many candidates: the parts that read the candidate, those that do not (asked once), and the
whole numbers a condition made of bounds lets through (driftwood-auction's bid: `amount > high_bid and amount <=
coins`). Every answer is compared with asking the condition for each candidate."""

from __future__ import annotations

import random
from typing import Any

import pytest

from playproof.playtest.declared.expr import Names, Unknown, compile_expr
from playproof.playtest.declared.expr_ranges import split_condition
from test_declared_expr import Card, Ctx

NAMES = Names(zones={"reef": False}, counters={"coins": True, "high_bid": False, "pot": False, "tag": False},
              fields={"depth"}, card=True)
AMOUNTS = range(0, 21)


def _ctx(amount: int = 0, **counters: Any) -> Ctx:
    """Return a context for Ann with these shared counters (coins: Ann's) and the move's number."""
    values = {"coins": {"Ann": 7, "Ben": 2}, "high_bid": {"": 3}, "pot": {"": 5}, "tag": {"": "x"}}
    for name, value in counters.items():
        values[name] = {"Ann": value} if name == "coins" else {"": value}
    return Ctx(counters=values, extra={"amount": amount}, zones={"reef": [Card({"depth": 4})]})


def _passing(text: str, names: Names = NAMES, **counters: Any) -> list[int]:
    """Return the candidate numbers the whole condition lets through, asked one by one."""
    fn = compile_expr(text, names).fn
    return [n for n in AMOUNTS if fn(_ctx(n, **counters))]


def _allowed(text: str, names: Names = NAMES, **counters: Any) -> list[int] | None:
    split = split_condition(compile_expr(text, names), "amount", names)
    assert split is not None
    found = split.allowed(_ctx(**counters), AMOUNTS)
    return None if found is None else list(found)


def test_a_bid_is_allowed_from_above_the_high_bid_to_the_coins_held() -> None:
    assert _allowed("amount > high_bid and amount <= coins") == [4, 5, 6, 7] == \
        _passing("amount > high_bid and amount <= coins")
    assert _allowed("amount > high_bid and amount <= coins", coins=2) == []


CONDITIONS = ["amount > high_bid and amount <= coins", "high_bid < amount", "amount >= pot and amount < coins * 2",
              "amount == pot", "amount <= pot / 2", "coins > 4 and amount > 2.5",
              "pot > 4 and amount >= high_bid and coins >= amount", "amount == 2.5", "amount >= -3",
              "amount <= 100 and amount > 19"]


@pytest.mark.parametrize("text", CONDITIONS)
def test_the_numbers_allowed_are_those_the_condition_lets_through(text: str) -> None:
    rng = random.Random(text)
    for _ in range(30):
        counters = {"coins": rng.randint(-2, 25), "high_bid": rng.randint(-2, 25), "pot": rng.choice([0, 1, 4, 5, 9])}
        assert _allowed(text, **counters) == _passing(text, **counters)


@pytest.mark.parametrize("text, counters", [
    ("amount > high_bid", {"high_bid": "x"}),  # a text is ordered as a text: each candidate is asked
    ("amount > high_bid", {"high_bid": "3"}),  # a number written as text: asked too
    ("amount > high_bid", {"high_bid": True}),
    ("amount < 2.5 or false", {}),  # an `or` reading the number is no bound
    ("0 < amount <= coins", {}),  # a chain: asked per candidate
    ("amount != pot", {}), ("amount + 1 <= coins", {}),
])
def test_it_cannot_tell_when_a_bound_is_not_a_plain_number(text: str, counters: dict[str, Any]) -> None:
    assert _allowed(text, **counters) is None


def test_a_part_that_does_not_read_the_number_and_fails_lets_none_through() -> None:
    assert _allowed("pot > 9 and amount <= coins") == [] == _passing("pot > 9 and amount <= coins")
    assert _allowed("amount <= coins and pot > 9") == []


def test_a_hidden_part_leaves_every_candidate_to_be_asked() -> None:
    names = Names(counters=NAMES.counters, values={"secret": lambda c: (_ for _ in ()).throw(Unknown("x"))},
                  value_reads={"secret": frozenset()})
    assert _allowed("secret > 1 and amount <= coins", names) is None
    assert _allowed("amount <= secret", names) is None


def test_a_counter_or_value_named_like_the_variable_is_not_the_candidate() -> None:
    names = Names(counters={"amount": False, "coins": True})
    assert split_condition(compile_expr("amount > 1", names), "amount", names) is None
    bid = Names(counters=NAMES.counters, values={"bid": lambda c: c.variable("amount") * 2},
                value_reads={"bid": frozenset({"amount"})})
    split = split_condition(compile_expr("bid <= coins and pot > 1", bid), "amount", bid)
    assert split is not None and not split.bounded and split.allowed(_ctx(), AMOUNTS) is None
    assert [p.reads for p in split.parts] == [True, False]
    unknown = Names(counters=NAMES.counters, values={"v": lambda c: 1})  # what `v` reads is not known: it may read
    assert [p.reads for p in split_condition(compile_expr("v > 0 and amount > 1", unknown), "amount",
                                             unknown).parts] == [True, True]


def _grab(roll: int, air: bool = True) -> tuple[Any, Ctx]:
    """Return reef-divers' grab condition split on the move's component, and a context with this roll."""
    names = Names(zones={"reef": False}, fields={"depth"}, card=True, values={"out_of_air": lambda c: not air},
                  value_reads={"out_of_air": frozenset({"roll"})})
    split = split_condition(compile_expr("roll > 0 and not out_of_air and card.depth <= roll", names), "move", names)
    return split, Ctx(roll=(roll,))


def test_a_pearl_is_grabbed_only_after_a_roll_asked_once_not_per_pearl() -> None:
    split, ctx = _grab(0)
    assert [p.reads for p in split.parts] == [False, False, True] and not split.bounded
    assert split.once(ctx) is False
    split, ctx = _grab(6, air=False)
    assert split.once(ctx) is False
    split, ctx = _grab(6)
    assert split.once(ctx) is True
    assert [bool(split.each(Ctx(roll=(6,), card=Card({"depth": d})))) for d in (4, 6, 8)] == [True, True, False]


def test_once_cannot_tell_after_a_part_that_may_stop_too_large_or_with_hidden_components() -> None:
    names = Names(counters={"pot": False}, fields={"depth"}, card=True)
    risky = split_condition(compile_expr("card.depth * 1000 > 0 and pot > 9", names), "move", names)
    assert risky.once(_ctx()) is None
    safe = split_condition(compile_expr("card.depth > 0 and pot > 9", names), "move", names)
    assert safe.once(_ctx()) is False
    hidden = _ctx()
    hidden.zone_items = lambda name: (setattr(hidden, "uncertain", True), [])[1]  # type: ignore[method-assign]
    names = Names(zones={"reef": False}, counters={"pot": False}, fields={"depth"}, card=True)
    split = split_condition(compile_expr("count(reef, depth > 0) == 0 and card.depth > 1", names), "move", names)
    assert split.once(hidden) is None and hidden.uncertain


def test_a_condition_that_never_reads_the_candidate_is_not_split() -> None:
    assert split_condition(compile_expr("pot > 1 and coins > 2", NAMES), "amount", NAMES) is None
    assert split_condition(None, "amount", NAMES) is None
