"""The shapes an expression is compiled into (expr_shapes) give exactly what the general composition of their parts
gives: the same value of the same type, or the same error with the same message; cells that cannot overflow are
left unwrapped; named values are read through the table filled after them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playproof.playtest.declared import expr_shapes
from playproof.playtest.declared.expr import Names, TooLarge, Unknown, compile_expr, memoized
from test_declared_expr import Card, Ctx
from test_declared_expr_props import CARDS, EXPRESSIONS, NAMES, SETTINGS


def _outcome(text: str, context: Ctx) -> tuple[Any, ...]:
    """Return what evaluating text gives: ('value', value, its type) or ('error', its type, its message)."""
    try:
        value = compile_expr(text, NAMES).fn(context)
    except (Unknown, TooLarge) as error:
        return ("error", type(error), str(error))
    return ("value", value, type(value), context.uncertain)


def _both(text: str, context: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """Return the outcome with the shapes and with the general composition (each on a fresh context)."""
    shaped = _outcome(text, Ctx(**context))
    with monkeypatch.context() as patch:
        patch.setattr(expr_shapes, "SPECIALISE", False)
        general = _outcome(text, Ctx(**context))
    return shaped, general


@SETTINGS
@given(EXPRESSIONS, CARDS, CARDS, st.one_of(st.none(), CARDS.map(lambda cs: cs[0] if cs else None)))
def test_every_expression_gives_what_the_general_composition_gives(text: str, hand: list[Card], trick: list[Card],
                                                                  card: Card | None) -> None:
    context = {"card": card, "zones": {"hand": hand, "trick": trick, "board": trick[:1]}, "near": {"board": trick}}
    with pytest.MonkeyPatch.context() as monkeypatch:
        shaped, general = _both(text, context, monkeypatch)
    assert shaped == general


VALUES = ["0", "1", "-1", "2.5", "999999999999999", "-999999999999999", "'3'", "' 4 '", "'x'", "''", "true",
          "false", "coins", "pot", "player"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">="]


@pytest.mark.parametrize("op", OPERATORS)
def test_each_operator_on_literals_and_names_gives_the_general_answer(op: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for left in VALUES:
        for right in VALUES:
            for text in (f"{left} {op} {right}", f"{left} {op} {right} {op} {left}" if op in "+-*" else left,
                         f"max({left}, {right}) {op} 1", f"1 if {left} {op} {right} else {right}"):
                shaped, general = _both(text, {}, monkeypatch)
                assert shaped == general, text


def test_a_result_past_the_bound_is_too_large_on_the_fast_path_too() -> None:
    with pytest.raises(TooLarge, match="too large"):
        compile_expr("999999999999999 + 2", NAMES).fn(Ctx())  # 10**15 is the largest
    with pytest.raises(TooLarge, match="too large"):
        compile_expr("coins * 999999999999999", NAMES).fn(Ctx())  # Ann has 5
    with pytest.raises(TooLarge, match="too large"):
        compile_expr("999999999999999 + 2 - 5", NAMES).fn(Ctx())  # the bound holds at every step of a chain
    assert compile_expr("999999999999999 + 1", NAMES).fn(Ctx()) == 10 ** 15
    assert compile_expr("-999999999999999 - 1", NAMES).fn(Ctx()) == -10 ** 15


def test_a_literal_is_captured_as_its_value() -> None:
    names = Names(counters={"coins": True})
    fn = compile_expr("coins >= 2", names).fn
    captured = [cell.cell_contents for cell in fn.__closure__ or ()]
    assert 2 in captured and fn(Ctx()) is True  # the value itself, not a closure returning it
    assert compile_expr("-3", names).fn(Ctx()) == -3 and compile_expr("- 'x'", names).fn(Ctx()) == 0


@pytest.mark.parametrize(("text", "overflows"), [
    ("coins == 1 and player != 'Ann'", False), ("max(coins, 2) < abs(pot)", False), ("-coins", False),
    ("count(hand) > 0", False), ("coins + 1 > 2", True), ("count(hand, rank > 1) > 0", True), ("any(hand, true)", True),
    ("count(players, coins > 1)", True), ("wealth", True), ("count(hand) > wealth", True),
])
def test_a_cell_overflows_only_by_arithmetic_values_and_aggregates(text: str, overflows: bool) -> None:
    names = Names(zones={"hand": True}, counters={"coins": True, "pot": False}, fields={"rank"},
                  values={"wealth": memoized("wealth", lambda c: 0)})
    assert compile_expr(text, names).overflows is overflows


def test_a_named_value_is_read_from_the_table_filled_after_it() -> None:
    table: dict[str, Any] = {}
    names = Names(counters={"coins": True}, values={"rich": memoized("rich", table)})
    compiled = compile_expr("rich + 1", names)
    table["rich"] = compile_expr("coins * 2", names).fn
    assert compiled.fn(Ctx()) == 11 and compiled.fn(Ctx(player="Ben")) == 19


def test_a_cell_that_overflows_names_itself_and_one_that_cannot_is_left_as_compiled() -> None:
    from playproof.errors import Problems
    from playproof.playtest.declared.cells import compiled
    from playproof.playtest.declared.sheets import RawRow

    names = Names(counters={"coins": True})
    row = RawRow("game.xlsx", "Values", 4, {"expression": "coins * 999999999999999"}, {"expression": "B"})
    found = compiled(row, "expression", names, Problems())
    with pytest.raises(TooLarge, match=r"^Values!B4: a number is too large") as raised:
        found.fn(Ctx())
    assert raised.value.where == row.where("expression")  # type: ignore[attr-defined]
    plain = RawRow("game.xlsx", "Values", 5, {"expression": "coins == 5"}, {"expression": "B"})
    kept = compiled(plain, "expression", names, Problems())
    assert kept.fn(Ctx()) is True
    assert not kept.overflows and kept.fn.__code__.co_name != "run"  # not wrapped by cells.located
