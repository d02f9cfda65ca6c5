"""The expression language's newer words: per-player values, `of`, seats, positions, majority, grid, dice,
`card`/`item`/`by`, comparisons of texts and numbers, explanations, message templates and limits."""

from __future__ import annotations

import time
from typing import Any

import pytest

from playproof.playtest.declared.expr import (
    FUNCTIONS, VARIABLES, Compiled, ExprError, Names, TooLarge, Unknown, compile_expr, memoized, tokenize,
)
from playproof.playtest.declared.explain import explain
from playproof.playtest.declared.template import compile_template
from test_declared_expr import Card, Ctx

NAMES = Names(zones={"hand": True, "trick": False, "north": False, "board": False},
              counters={"coins": True, "pot": False}, fields={"cost", "suit", "rank", "colour"}, card=True)
TRICK = [Card({"suit": "Shell", "rank": 3, "by": "Ann"}, "Shell-3"),
         Card({"suit": "Kelp", "rank": 9, "by": "Ben"}, "Kelp-9"),
         Card({"suit": "Shell", "rank": 7, "by": "Cat"}, "Shell-7")]
NORTH = [Card({"by": "Ben", "colour": "red"}), Card({"by": "Ann", "colour": "red"}),
         Card({"by": "Ben", "colour": "blue"}), Card({"by": "", "colour": "red"})]
HANDS = {"Ann": [Card({"suit": "Kelp", "rank": 2})], "Ben": [], "Cat": [Card({"suit": "Shell", "rank": 1})] * 3}


class Table(Ctx):
    """A context whose `hand` is the evaluated player's own."""

    def zone_items(self, name: str) -> list[tuple[Card, str]]:
        if name == "hand":
            return [(c, self.player) for c in HANDS[self.player]]
        return super().zone_items(name)

    def zone_size(self, name: str) -> int:
        return len(self.zone_items(name))


def ctx(**kwargs: Any) -> Table:
    zones = {"trick": TRICK, "north": NORTH, "board": []}
    return Table(zones=zones, **kwargs)


def value(text: str, names: Names = NAMES, **kwargs: Any) -> Any:
    return compile_expr(text, names).fn(ctx(**kwargs))


def error(text: str, names: Names = NAMES) -> tuple[str, int]:
    with pytest.raises(ExprError) as caught:
        compile_expr(text, names)
    return str(caught.value), caught.value.col


@pytest.mark.parametrize("text, expected", [
    ("count(players)", 3), ("count(others)", 2), ("count(players, coins > 4)", 2), ("count(others, coins > 4)", 1),
    ("sum(players, coins)", 15), ("sum(others, coins)", 10), ("sum(players, coins, coins < 9)", 6),
    ("any(players, coins > 8)", True), ("all(players, coins > 1)", False), ("any(others, player == 'Ann')", False),
    ("max(players, coins)", 9), ("min(players, coins)", 1), ("min(others, coins)", 1),
    ("max(others, coins, coins < 5)", 1),
    ("best(players, coins)", "Ben"), ("best(players, -coins)", "Cat"), ("best(players, 1)", "Ann"),
    ("best(others, count(hand))", "Cat"), ("count(players, count(hand) == 0)", 1), ("max(players, 2)", 2),
    ("max(1, coins)", 5), ("max(players, 1)", 1), ("sum(players, seat)", 6), ("max(players)", 3),
    ("min(players)", 3), ("max(players + 0, 1)", 3),
    ("coins == max(players, coins)", False), ("max(players, coins) - min(players, coins)", 8),
])
def test_aggregates_over_players_evaluate_names_for_each_player(text: str, expected: Any) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("coins of current", 9), ("coins of 'Cat'", 1), ("coins of 'cat'", 1), ("count(hand) of after(current)", 3),
    ("coins of current + 1", 10), ("-coins of current", -9), ("coins of current > coins", True),
    ("2 * coins of 'Cat'", 2), ("player of before(player)", "Cat"), ("(coins + 1) of current", 10),
    ("pot of current", 2), ("coins of best(players, coins)", 9), ("count(players, coins > coins of 'Ann')", 1),
])
def test_of_reads_a_value_for_another_player_and_binds_tightest(text: str, expected: Any) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("after(player)", "Ben"), ("after(current)", "Cat"), ("after('Cat')", "Ann"), ("after(player, 2)", "Cat"),
    ("before(player)", "Cat"), ("before(current, 2)", "Cat"), ("after(player, -1)", "Cat"), ("after(player, 3)", "Ann"),
])
def test_players_by_seat(text: str, expected: Any) -> None:
    assert value(text) == expected


def test_a_value_for_someone_who_does_not_play_is_unknown() -> None:
    for text in ("coins of target", "coins of 'Zed'", "after('Zed')"):
        with pytest.raises(Unknown):
            value(text)


@pytest.mark.parametrize("text, expected", [
    ("nth(trick, 1, suit)", "Shell"), ("nth(trick, 2, suit)", "Kelp"), ("nth(trick, 3, rank)", 7),
    ("nth(trick, 4, rank)", ""), ("nth(trick, 0, rank)", ""), ("nth(trick, 2, rank, suit == 'Shell')", 7),
    ("nth(trick, 3, rank, suit == 'shell')", ""),
    ("nth(trick, count(players) - 1, item)", "Kelp-9"), ("first(trick, rank, suit == 'Kelp')", 9),
    ("last(trick, rank, suit == 'Shell')", 7), ("first(trick, rank, rank > 100)", ""), ("last(trick, item)", "Shell-7"),
    ("first(trick, by)", "Ann"), ("nth(trick, 2, by)", "Ben"), ("first(board, rank)", ""),
])
def test_positions_in_an_ordered_zone(text: str, expected: Any) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("zone, expected", [
    (NORTH, "Ben"), (NORTH[:2], ""), ([], ""), (NORTH[3:], ""), (NORTH[1:], ""), (NORTH[:3] + [NORTH[1]], ""),
])
def test_majority_is_who_put_the_most_and_nobody_on_a_tie(zone: list[Card], expected: str) -> None:
    assert compile_expr("majority(north)", NAMES).fn(Table(zones={"north": zone})) == expected


@pytest.mark.parametrize("text, expected", [
    ("majority(north, colour == 'red')", ""), ("majority(north, colour == 'blue')", "Ben"),
    ("count(north, by == player)", 1), ("count(north, by == 'Ben')", 2), ("count(north, by == '')", 1),
    ("majority(north) == player", False), ("count(north, by == majority(north))", 2),
    ("count(north, count(trick, by == 'Ann') == 1 and by == 'Ben')", 2),
    ("count(north, by != '' and by == by of by)", 3),
    ("count(north, any(players, player == by))", 3), ("sum(north, count(others, player != by))", 6),
])
def test_majority_with_a_condition_and_the_by_pseudo_field(text: str, expected: Any) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("adjacent(board)", 3), ("adjacent(board, colour == 'red')", 2), ("adjacent(board, by == player)", 1),
    ("adjacent(north)", 0), ("adjacent(board, item == 'Lake')", 1),
])
def test_adjacent_counts_the_neighbouring_cells(text: str, expected: Any) -> None:
    near = {"board": [Card({"colour": "red", "by": "Ann"}, "Lake"), Card({"colour": "RED"}), Card({"colour": "blue"})]}
    assert value(text, near=near) == expected


@pytest.mark.parametrize("text, expected", [
    ("die(1)", 6), ("die(2)", "skull"), ("die(3)", 6), ("die(4)", ""), ("die(0)", ""), ("rolled(6)", 2),
    ("rolled('6')", 2), ("rolled('Skull')", 1), ("rolled(1)", 0), ("roll", 12), ("die(1) + die(3) == roll", True),
])
def test_dice_of_the_last_roll(text: str, expected: Any) -> None:
    assert value(text, roll=(6, "skull", 6)) == expected


def test_no_roll_yet() -> None:
    assert (value("die(1)"), value("rolled(6)"), value("roll")) == ("", 0, 0)


@pytest.mark.parametrize("text, expected", [
    ("card", "Kelp-2"), ("card == 'kelp-2'", True), ("count(trick, item == card)", 0),
    ("count(trick, suit == card.suit)", 1),
    ("sum(trick, rank, item != 'Kelp-9')", 10), ("target", ""), ("amount + 1", 1), ("first", "Ann"), ("dealer", ""),
])
def test_card_item_and_the_new_variables(text: str, expected: Any) -> None:
    assert value(text, card=Card({"suit": "Kelp"}, "Kelp-2")) == expected


def test_a_hidden_card_name_is_unknown() -> None:
    with pytest.raises(Unknown):
        value("card == 'Kelp-2'")
    assert {"amount", "target", "first", "dealer", "roll"} <= set(VARIABLES)
    assert {"nth", "majority", "adjacent", "after", "before", "die", "rolled"} <= set(FUNCTIONS)


@pytest.mark.parametrize("text, expected", [
    ("3 == '3'", True), ("'3' == 3", True), ("3 == '3.0'", True), ("3 != '3'", False), ("'03' == 3", True),
    ("'3' == '3.0'", False), ("'Shell' == 'shell'", True), ("'Shell' != 'SHELL'", False), ("'a' < 'B'", True),
    ("10 > '9'", True), ("'10' > '9'", False), ("0 == ''", False), ("'' == ''", True), ("'x' == 0", False),
    ("card.rank == 4", True), ("card.rank + 1", 5), ("card.rank > 3", True), ("card.suit == 'kelp'", True),
    ("count(trick, suit == 'SHELL')", 2), ("'12345678901234567890' == '12345678901234567890'", True),
])
def test_texts_ignore_case_and_numeric_texts_compare_as_numbers(text: str, expected: Any) -> None:
    assert value(text, card=Card({"rank": "4", "suit": "Kelp"})) == expected


@pytest.mark.parametrize("text, message, col", [
    ("count(players, 1, 2)", "count() takes players and 0 to 1 more argument(s)", 1),
    ("any(others)", "any() takes others and 1 more argument(s)", 1),
    ("best(players)", "best() takes players and 1 to 2 more argument(s)", 1),
    ("max(others)", "others is only meaningful as the first argument of count/sum/any/all/max/min/best", 5),
    ("others", "others is only meaningful as the first argument of count/sum/any/all/max/min/best", 1),
    ("coins of", "expected a value, found the end", 9), ("of current", "expected a value, found 'of'", 1),
    ("after()", "expected a value, found ')'", 7), ("after(player, 1, 2)", "after() takes a player and optionally "
                                                                          "how many seats", 1),
    ("before(1, 2, 3)", "before() takes a player and optionally how many seats", 1),
    ("nth(trick, 1)", "nth() takes a zone and 2 to 3 more argument(s)", 1),
    ("nth(trick)", "nth() takes a zone and 2 to 3 more argument(s)", 1),
    ("nth(tricks, 1, suit)", "nth() needs a zone first, not 'tricks'; did you mean \"trick\"?", 5),
    ("nth(trick, item.rank, suit)", "item.<field> is only meaningful inside a zone aggregate "
                                    "(count/sum/any/all/first/last/nth/best/...)", 12),
    ("first(trick, rank, suit == 1, 2)", "first() takes a zone and 1 to 2 more argument(s)", 1),
    ("majority(north, 1, 2)", "majority() takes a zone and 0 to 1 more argument(s)", 1),
    ("majority(coins)", "majority() needs a zone first, not 'coins'", 10),
    ("adjacent(bord)", "adjacent() needs a zone first, not 'bord'; did you mean \"board\"?", 10),
    ("die()", "expected a value, found ')'", 5), ("die(1, 2)", "die() takes one value", 1),
    ("rolled(1, 2)", "rolled() takes one value", 1),
    ("by == player", "by is only meaningful inside a zone aggregate (count/sum/any/all/first/last/nth/best/...)", 1),
    ("item", "item is only meaningful inside a zone aggregate (count/sum/any/all/first/last/nth/best/...)", 1),
    ("coins of current of", "expected a value, found the end", 20),
    ("'Shell", "the text starting here has no closing '", 1), ("1 + ٣", "unexpected character '٣'", 5),
    ("1234567890123456", "number too long (more than 15 digits)", 1),
    ("2 * 1.234567890123456", "number too long (more than 15 digits)", 5),
    ("\ud800", "unexpected character '\\ud800'", 1),
])
def test_misuse_is_a_located_error(text: str, message: str, col: int) -> None:
    assert error(text) == (message, col)


def test_card_needs_a_move_naming_a_component() -> None:
    names = Names(zones={"hand": True}, counters={"coins": True}, fields={"cost"})
    assert error("card == 'x'", names) == ("card: this expression belongs to no move that names a component", 1)


def test_nesting_is_bounded_with_a_located_error_never_a_recursion_error() -> None:
    assert value("(" * 60 + "1" + ")" * 60) == 1
    for text in ("(" * 70 + "1" + ")" * 70, "(" * 5000, "-" * 5000 + "1", "not " * 3000 + "true",
                 "abs(" * 100 + "1" + ")" * 100, "1 if true else " * 100 + "1"):
        message, col = error(text)
        assert message == "nested too deeply (more than 64 levels)" and 1 <= col <= len(text)


def test_long_flat_cells_compile_and_evaluate_in_one_loop() -> None:
    assert value(" + ".join(["1"] * 4000)) == 4000
    assert value(" and ".join(["coins > 1"] * 3000)) is True
    assert value(" == ".join(["1"] * 3000)) is True
    assert value(" - ".join(["1"] * 3000)) == -2998
    assert len(tokenize("1 + " * 2300 + "1")) == 4602


def test_arithmetic_past_ten_to_the_fifteen_is_too_large() -> None:
    assert value("999999999999999 + 1") == 10 ** 15
    for text in ("999999999999999 + 2", "999999999 * 999999999", "-999999999999999 - 2",
                 "sum(players, 999999999999999)", "sum(trick, 999999999999999)", "card.cost + 1",
                 "card.cost * 0 + 1 - card.cost"):
        with pytest.raises(TooLarge):
            value(text, card=Card({"cost": 10 ** 20}))


def _doubling(depth: int) -> tuple[Names, dict[str, int]]:
    """Values v0 = 1, v1 = v0 + v0, ... counting how often each is computed."""
    names = Names()
    calls = {f"v{i}": 0 for i in range(depth + 1)}
    compiled: dict[str, Compiled] = {}

    def reader(name: str) -> Any:
        def read(c: Any) -> Any:
            calls[name] += 1
            return compiled[name].fn(c)
        return memoized(name, read)
    for i in range(depth + 1):
        names.values[f"v{i}"] = reader(f"v{i}")
    compiled["v0"] = compile_expr("1", names)
    for i in range(1, depth + 1):
        compiled[f"v{i}"] = compile_expr(f"v{i - 1} + v{i - 1}", names)
    return names, calls


def test_named_values_are_memoized_per_evaluation() -> None:
    names, calls = _doubling(50)
    started = time.perf_counter()
    with pytest.raises(TooLarge):
        compile_expr("v50", names).fn(Ctx())
    assert set(calls.values()) == {1} and time.perf_counter() - started < 1
    names, calls = _doubling(30)
    assert compile_expr("v30 - v29", names).fn(Ctx()) == 2 ** 29
    assert compile_expr("v1", names).fn(Ctx()) == 2 and calls["v1"] == 2


def test_a_memoized_value_is_per_player_and_per_item() -> None:
    names = Names(zones={"trick": False}, counters={"coins": True}, fields={"rank"})
    names.values["wealth"] = memoized("wealth", lambda c: c.counter("coins"))
    names.values["high"] = memoized("high", lambda c: c.item.fields["rank"] if c.item else 0)
    assert compile_expr("sum(players, wealth)", names).fn(ctx()) == 15
    assert compile_expr("sum(trick, high) + high", names).fn(ctx()) == 19


def test_a_value_that_depends_on_itself_is_too_large_not_a_recursion_error() -> None:
    names = Names()
    compiled: dict[str, Compiled] = {}
    names.values["a"] = memoized("a", lambda c: compiled["a"].fn(c))
    compiled["a"] = compile_expr("a + 1", names)
    with pytest.raises(TooLarge, match="depends on itself"):
        compiled["a"].fn(Ctx())


def test_compiled_keeps_the_top_level_conjuncts_with_the_sides_of_comparisons() -> None:
    compiled = compile_expr("card.suit == led and (coins > 2 or pot == 1) and not any(hand, rank > 8)",
                            Names(zones={"hand": True}, counters={"coins": True, "pot": False, "led": False},
                                  fields={"suit", "rank"}, card=True))
    assert [p.text for p in compiled.conjuncts] == ["card.suit == led", "coins > 2 or pot == 1",
                                                    "not any(hand, rank > 8)"]
    assert [s.text for s in compiled.conjuncts[0].sides] == ["card.suit", "led"]
    assert [p.text for p in compiled.conjuncts[1].alternatives] == ["coins > 2", "pot == 1"]
    assert [p.text for p in compile_expr("coins > 2", NAMES).conjuncts] == ["coins > 2"]


EXPLAIN_NAMES = Names(zones={"hand": True, "trick": False}, counters={"coins": True, "pot": False, "led": False},
                      fields={"suit", "rank", "cost"}, card=True)


@pytest.mark.parametrize("text, expected", [
    ("count(hand, suit == led) == 0", "count(hand, suit == led) == 0 does not hold: count(hand, suit == led) is 2"),
    ("card.suit == led", "card.suit == led does not hold: card.suit is 'Kelp', led is 'Shell'"),
    ("coins > 1 and card.suit == led and pot > 100",
     "card.suit == led does not hold: card.suit is 'Kelp', led is 'Shell'"),
    ("coins > 9 or card.suit == led", "coins > 9 or card.suit == led does not hold: coins is 5, card.suit is 'Kelp', "
                                      "led is 'Shell'"),
    ("coins < 9 and coins", "coins does not hold: coins is 0"),
    ("any(hand, rank > 8)", "any(hand, rank > 8) does not hold"),
    ("card.cost * 2 >= 2.5", "card.cost * 2 >= 2.5 does not hold: card.cost * 2 is 1"),
    ("coins > 1", "coins > 1 holds"), ("led != 'shell'", "led != 'shell' does not hold: led is 'Shell'"),
    ("after(player) == 'Cat'", "after(player) == 'Cat' does not hold: after(player) is 'Ben'"),
    ("card.cost == 0.5 and 1 == 2", "1 == 2 does not hold"),
])
def test_explain_names_the_first_failing_part_and_its_values(text: str, expected: str) -> None:
    counters = {"coins": {"Ann": 5}, "pot": {"": 2}, "led": {"": "Shell"}}
    if text == "coins < 9 and coins":
        counters["coins"] = {"Ann": 0}
    c = Table(card=Card({"suit": "Kelp", "cost": 0.5}), zones={"hand": []}, counters=counters)
    HANDS["Ann"] = [Card({"suit": "Shell"}), Card({"suit": "shell"}), Card({"suit": "Kelp"})]
    try:
        assert explain(compile_expr(text, EXPLAIN_NAMES), c) == expected
    finally:
        HANDS["Ann"] = [Card({"suit": "Kelp", "rank": 2})]


def test_explain_shows_a_hidden_value_as_a_question_mark() -> None:
    c = Table(card=None, counters={"coins": {"Ann": 5}, "pot": {"": 2}, "led": {"": "Shell"}})
    assert explain(compile_expr("coins > 9 or card.suit == led", EXPLAIN_NAMES), c) == \
        "coins > 9 or card.suit == led cannot be told: coins is 5, card.suit is ?, led is 'Shell'"


@pytest.mark.parametrize("text, expected", [
    ("{player} must follow {led}", "Ann must follow Shell"), ("{{literal}} {coins}", "{literal} 5"),
    ("{card} costs {card.cost * 2}", "Kelp-2 costs 3"), ("no placeholders", "no placeholders"), ("", ""),
    ("{coins / 2} and {1.0 * 3}", "2 and 3"), ("{coins > 2}", "true"), ("{'}'}", "}"), ("{{{coins}}}", "{5}"),
    ("{best(players, coins)} leads with {max(players, coins)}", "Ben leads with 9"), ("{target}", ""),
    ("{1.5 * 1}", "1.5"), ("{0.1 + 0.2}", "0.3"), ("{2.5 * 2}", "5"), ("{first(trick, item)}", "Shell-3"),
    ("}}{{", "}{"),
])
def test_templates_render_values_as_players_read_them(text: str, expected: str) -> None:
    c = ctx(card=Card({"cost": 1.5}, "Kelp-2"), counters={"coins": {"Ann": 5, "Ben": 9, "Cat": 1}, "pot": {"": 2},
                                                         "led": {"": "Shell"}})
    assert compile_template(text, EXPLAIN_NAMES).render(c) == expected


def test_a_hidden_value_renders_as_a_question_mark() -> None:
    template = compile_template("{player} cannot play {card} ({card.suit})", EXPLAIN_NAMES)
    assert template.render(ctx(card=None)) == "Ann cannot play ? (?)"
    assert [c.text for c in template.compiled] == ["player", "card", "card.suit"]


@pytest.mark.parametrize("text, offset, message, col", [
    ("{cots} left", 0, "unknown name 'cots'; did you mean \"cost\"?", 2),
    ("You have {coins + } left", 0, "expected a value, found the end", 19),
    ("{coins", 0, "this '{' has no closing '}' (write '{{' for a brace)", 1),
    ("a } b", 0, "a lone '}' (write '}}' for a brace)", 3), ("x {} y", 0, "an empty {} (write '{{}}' for braces)", 3),
    ("{{ok}} {pot + cots}", 10, "unknown name 'cots'; did you mean \"cost\"?", 25),
    ("{'}", 0, "this '{' has no closing '}' (write '{{' for a brace)", 1),
])
def test_template_errors_are_located_in_the_whole_cell(text: str, offset: int, message: str, col: int) -> None:
    with pytest.raises(ExprError) as caught:
        compile_template(text, EXPLAIN_NAMES, offset)
    assert (str(caught.value), caught.value.col) == (message, col)


def test_nested_and_chains_are_conjuncts_too() -> None:
    compiled = compile_expr("(coins > 1 and pot > 1) and (coins < 9 and (pot < 9 and 1 == 1))", NAMES)
    assert [p.text for p in compiled.conjuncts] == ["coins > 1", "pot > 1", "coins < 9", "pot < 9", "1 == 1"]
    assert explain(compile_expr("(coins > 1 and pot > 5) and true", NAMES), ctx()) == \
        "pot > 5 does not hold: pot is 2"


def test_values_read_too_deep_inside_one_another_are_too_large_not_a_recursion_error() -> None:
    names = Names()
    compiled: dict[str, Compiled] = {}
    for i in range(400):
        names.values[f"w{i}"] = memoized(f"w{i}", lambda c, n=f"w{i}": compiled[n].fn(c))
    compiled["w0"] = compile_expr("1", names)
    for i in range(1, 400):
        compiled[f"w{i}"] = compile_expr(f"(w{i - 1} + 1) of player", names)
    assert compiled["w99"].fn(ctx()) == 100
    with pytest.raises(TooLarge, match="more than 100 deep"):
        compiled["w399"].fn(ctx())
    assert compiled["w50"].fn(ctx()) == 51


@pytest.mark.parametrize("text, expected", [
    ("word('on tax gold 1', 4)", 1), ("word('on tax gold 1', 3)", "gold"), ("word('on tax', 9)", ""),
    ("contains('Discount Wisdom 1', 'wisdom')", True), ("starts('on tax gold 1', 'ON TAX')", True),
    ("starts('worth 0', 'on')", False),
])
def test_text_functions_read_ability_texts(text: str, expected: object) -> None:
    assert compile_expr(text, Names()).fn(None) == expected
