"""Property tests of the expression language (issue 26): any text compiles or is one ExprError, and any
well-formed expression evaluates (and is explained and rendered) or raises only Unknown / TooLarge."""

from __future__ import annotations

import contextlib

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playproof.playtest.declared.expr import ExprError, Names, TooLarge, Unknown, compile_expr
from playproof.playtest.declared.explain import explain
from playproof.playtest.declared.template import compile_template
from test_declared_expr import Card, Ctx

NAMES = Names(zones={"hand": True, "trick": False, "board": False}, counters={"coins": True, "pot": False},
              fields={"cost", "suit", "rank"}, card=True)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TOKENS = ["(", ")", ",", "+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or", "not", "if",
          "else", "of", "true", "false", "1", "0", "2.5", "999999999999999", "'a'", "'Shell'", "\"x\"", "coins", "pot",
          "cost", "suit", "rank", "card", "item", "by", "card.cost", "item.rank", "player", "current", "players",
          "others", "roll", "target", "first", "count", "sum", "any", "all", "max", "min", "best", "nth", "last",
          "majority", "adjacent", "after", "before", "die", "rolled", "abs", "hand", "trick", "board", "{", "}", "'",
          "\ud800", "٣", "1e5", "$"]


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_compiles_or_is_one_located_expr_error(text: str) -> None:
    _compiles_or_errs(text)


@SETTINGS
@given(st.lists(st.sampled_from(TOKENS), max_size=60), st.sampled_from([" ", ""]))
def test_any_token_soup_compiles_or_is_one_located_expr_error(tokens: list[str], glue: str) -> None:
    text = glue.join(tokens)
    _compiles_or_errs(text)
    try:
        compile_template(text, NAMES, 3)
    except ExprError as error:
        assert 1 <= error.col <= len(text) + 5


def _compiles_or_errs(text: str) -> None:
    """Compile text: success, or an ExprError whose column lies in (or just after) the text."""
    try:
        compile_expr(text, NAMES)
    except ExprError as error:
        assert 1 <= error.col <= len(text) + 1 and str(error)


NUMBERS = st.one_of(st.integers(-10 ** 15 + 1, 10 ** 15 - 1).map(str), st.sampled_from(["0.5", "2.25", "0", "7"]))
LEAVES = st.one_of(NUMBERS, st.sampled_from(["'Shell'", "'kelp'", "'3'", "''", "true", "false", "coins", "pot",
                                             "cost", "suit", "rank", "card", "card.cost", "player", "current",
                                             "players", "seat", "round", "turn", "actions", "amount", "target",
                                             "first", "dealer", "roll", "'Ann'", "'Ben'"]))
ZONES = st.sampled_from(["hand", "trick", "board"])
PLAYER_SETS = st.sampled_from(["players", "others"])


def _composite(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Expressions built from smaller ones by every operator and function."""
    binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=", "and",
                                               "or", "of"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})")
    return st.one_of(
        binary,
        inner.map(lambda a: f"(not {a})"), inner.map(lambda a: f"(-{a})"), inner.map(lambda a: f"abs({a})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        st.lists(inner, min_size=1, max_size=3).map(lambda a: f"max({', '.join(a)})"),
        st.tuples(st.sampled_from(["count", "any", "all", "majority", "adjacent"]), ZONES, inner)
        .map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        st.tuples(st.sampled_from(["sum", "first", "last", "best"]), ZONES, inner, inner)
        .map(lambda t: f"{t[0]}({t[1]}, {t[2]}, {t[3]})"),
        st.tuples(ZONES, inner, inner, inner).map(lambda t: f"nth({t[0]}, {t[1]}, {t[2]}, {t[3]})"),
        st.tuples(ZONES, inner).map(lambda t: f"count({t[0]}, by == {t[1]})"),
        st.tuples(st.sampled_from(["count", "sum", "any", "all", "max", "min", "best"]), PLAYER_SETS, inner)
        .map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        st.tuples(st.sampled_from(["after", "before"]), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        st.tuples(st.sampled_from(["after", "before", "die", "rolled"]), inner).map(lambda t: f"{t[0]}({t[1]})"),
    )


EXPRESSIONS = st.recursive(LEAVES, _composite, max_leaves=12)
CARDS = st.lists(st.builds(lambda s, r, b: Card({"suit": s, "rank": r, "cost": r, "by": b}, f"{s}-{r}"),
                           st.sampled_from(["Shell", "kelp", ""]), st.one_of(st.integers(-5, 10 ** 15), st.just("4")),
                           st.sampled_from(["Ann", "Ben", "Cat", ""])), max_size=4)


@SETTINGS
@given(EXPRESSIONS, CARDS, CARDS, st.one_of(st.none(), CARDS.map(lambda cs: cs[0] if cs else None)),
       st.lists(st.one_of(st.integers(1, 6), st.sampled_from(["skull", "6"])), max_size=3))
def test_well_formed_expressions_evaluate_or_raise_only_unknown_or_too_large(
        text: str, hand: list[Card], trick: list[Card], card: Card | None, roll: list[Any]) -> None:
    compiled = compile_expr(text, NAMES)
    context = Ctx(card=card, zones={"hand": hand, "trick": trick, "board": trick[:1]}, roll=tuple(roll),
                  near={"board": trick})
    with contextlib.suppress(Unknown, TooLarge):  # the only two ways an evaluation may stop
        compiled.fn(context)
    assert context.item is None
    with contextlib.suppress(TooLarge):  # a value too large stops explaining and rendering too, and nothing else
        assert isinstance(explain(compiled, context), str)
        assert compile_template(f"{{{{ {{{text}}} }}}}", NAMES).render(context).startswith("{ ")
    assert context.item is None
