"""Bad rules sheets: each problem is reported at check time with its file, sheet, row and cell."""

from __future__ import annotations

from pathlib import Path

import pytest

from declared_helpers import BASE, write_project
from playproof.errors import Problems, ProblemsError
from playproof.playtest.declared import check_rules, declared_engine, has_rules


def problems_of(tmp_path: Path, sheets: dict) -> list[str]:
    """Return every problem check_rules records for a CSV project, as text."""
    project = write_project(tmp_path / "bad", sheets)
    problems = Problems()
    check_rules(project, problems)
    return [str(p) for p in problems.items]


def changed(sheet: str, row: int, column: str, value: object) -> dict:
    """Return the base sheets with one cell changed (row 1 is the header)."""
    sheets = {k: [list(r) for r in v] for k, v in BASE.items()}
    header = sheets[sheet][0]
    if column not in header:
        for r in sheets[sheet]:
            r.append("")
        header[-1] = column
    sheets[sheet][row - 1][header.index(column)] = value
    return sheets


def test_the_base_game_has_no_problems(tmp_path: Path) -> None:
    assert problems_of(tmp_path, BASE) == []


def test_an_unknown_zone_is_located_with_a_suggestion(tmp_path: Path) -> None:
    assert problems_of(tmp_path, changed("Moves", 5, "to", "tablaeu")) == [
        'Moves.csv, row 5, column "to": Moves!E5: unknown zone "tablaeu"; did you mean "tableau"? '
        "(zones: deck, market, hand, tableau)"]


def test_an_unknown_set_is_located(tmp_path: Path) -> None:
    assert problems_of(tmp_path, changed("Setup", 2, "set", "Crads")) == [
        'Setup.csv, row 2, column "set": Setup!A2: unknown set "Crads"; did you mean "Cards"? (sets: Cards)']


def test_an_unknown_field_in_an_expression_names_its_character(tmp_path: Path) -> None:
    assert problems_of(tmp_path, changed("Moves", 4, "cost", "card.cots")) == [
        'Moves.csv, row 4, column "cost": Moves!H4, character 6: unknown field \'cots\'; did you mean "cost"?']


def test_an_unknown_counter_is_located(tmp_path: Path) -> None:
    found = problems_of(tmp_path, changed("Moves", 6, "gain", "coin: 2"))
    assert found == ['Moves.csv, row 6, column "gain": Moves!J6: unknown counter "coin"; did you mean "coins"? '
                     "(counters: coins)"]
    assert problems_of(tmp_path, changed("Scoring", 2, "expression", "coins + gold")) == [
        'Scoring.csv, row 2, column "expression": Scoring!B2, character 9: unknown name \'gold\'']


def test_an_expression_that_does_not_parse_is_located(tmp_path: Path) -> None:
    assert problems_of(tmp_path, changed("Moves", 5, "condition", "card.suit == 'red' or")) == [
        'Moves.csv, row 5, column "condition": Moves!G5, character 22: expected a value, found the end']
    assert problems_of(tmp_path, changed("Scoring", 2, "expression", "sum(tableau, points")) == [
        'Scoring.csv, row 2, column "expression": Scoring!B2, character 20: expected \')\', found the end']
    assert problems_of(tmp_path, changed("Scoring", 2, "expression", "count(pile)")) == [
        'Scoring.csv, row 2, column "expression": Scoring!B2, character 7: count() needs a zone first, not '
        "'pile'"]


def test_a_cycle_among_values_is_an_error_on_each_row(tmp_path: Path) -> None:
    sheets = dict(BASE, Values=[("name", "expression"), ("a", "b + 1"), ("b", "a * 2"), ("c", "a + 1")])
    assert problems_of(tmp_path, sheets) == [
        'Values.csv, row 2, column "expression": Values!B2: value "a" refers to itself through other values '
        "(a cycle)",
        'Values.csv, row 3, column "expression": Values!B3: value "b" refers to itself through other values '
        "(a cycle)"]


def test_a_cost_field_that_is_not_a_number_is_located_in_its_set(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Cards"] = sheets["Cards"][:2] + [("Harbour", "four", "blue", 2, 2)] + sheets["Cards"][3:]
    assert problems_of(tmp_path, sheets) == [
        'Cards.csv, row 3, column "cost": "four" is not a number, but Moves!A4 (buy) reads cost in its cost or gain']


def test_unknown_columns_and_words_say_what_was_meant(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Zones"] = [("zone", "owner", "visiblity", "order", "capacity")] + BASE["Zones"][1:]
    found = problems_of(tmp_path, sheets)
    assert found == ['Zones.csv, row 1, column "visiblity": Zones!C1: unknown column "visiblity"; did you mean '
                     '"visibility"? (columns: zone, owner, visibility, order, capacity, grid, message, note)']
    assert problems_of(tmp_path, changed("Moves", 4, "actor", "turns")) == [
        'Moves.csv, row 4, column "actor": Moves!B4: "turns" is not one of turn, any, table; did you mean "turn"?']
    assert problems_of(tmp_path, changed("Turn", 3, "key", "action")) == [
        'Turn.csv, row 3, column "key": Turn!A3: unknown key "action"; did you mean "actions"? (keys: players, '
        "actions, end turn, phases, end, end at, end now, tiebreak, heuristic, turns each, first player, order, skip, cooperative, round end, options, win, lose)"]


def test_numbers_phases_and_pay_are_checked(tmp_path: Path) -> None:
    assert problems_of(tmp_path, changed("Counters", 2, "max", "ten")) == [
        'Counters.csv, row 2, column "max": Counters!E2: "ten" is not a whole number']
    assert problems_of(tmp_path, changed("Moves", 4, "phase", "shop")) == [
        'Moves.csv, row 4, column "phase": Moves!K4: unknown phase "shop" (phases: main, buy)']
    assert problems_of(tmp_path, changed("Moves", 4, "pay", "")) == [
        'Moves.csv, row 4, column "pay": Moves!I4: a cost needs the counter it is paid from']


def test_bad_sheets_raise_every_problem_when_the_engine_is_asked_for(tmp_path: Path) -> None:
    project = write_project(tmp_path / "bad", changed("Moves", 4, "cost", "card.cost +"))
    with pytest.raises(ProblemsError) as caught:
        declared_engine(project, "bad")
    assert len(caught.value.problems) == 1
    assert "Moves!H4, character 12: expected a value, found the end" in str(caught.value)


def test_has_rules_is_true_only_with_a_moves_sheet(tmp_path: Path) -> None:
    assert has_rules(write_project(tmp_path / "game", BASE))
    assert not has_rules(write_project(tmp_path / "cards", {"Cards": BASE["Cards"]}))
    assert not has_rules(tmp_path / "missing")


def test_an_xlsx_problem_names_the_sheet(tmp_path: Path) -> None:
    from playproof.scaffold import create_project
    import openpyxl

    create_project(tmp_path / "mine")
    book = openpyxl.load_workbook(tmp_path / "mine" / "components.xlsx")
    book["Moves"]["E4"] = "Crads"
    book.save(tmp_path / "mine" / "components.xlsx")
    problems = Problems()
    check_rules(tmp_path / "mine", problems)
    assert [str(p) for p in problems.items] == [
        'components.xlsx, sheet "Moves", row 4, column "components": Moves!E4: unknown set "Crads"; '
        'did you mean "Cards"? (sets: Cards, Tokens)']


def test_an_audit_against_bad_sheets_is_a_located_problem_not_a_traceback(tmp_path: Path) -> None:
    from playproof.playtest.audit import audit_log
    from playproof.playtest.logparse import parse_log

    project = write_project(tmp_path / "bad", changed("Moves", 4, "to", "tablaeu"))
    log = parse_log(f'[Game "bad"]\n[Players "Ann, Ben"]\n[Project "{project}"]\n\nAnn: work\n', "t.log")
    result = audit_log(log)
    assert not result.readable and result.engine is None
    assert [p.message for p in result.problems] == [
        'Moves.csv, row 4, column "to": Moves!E4: unknown zone "tablaeu"; did you mean "tableau"? '
        "(zones: deck, market, hand, tableau)"]


def test_a_value_that_grows_without_bound_is_found_at_check_time_at_its_cell(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Values"] = [("name", "expression")] + [(f"v{n}", f"v{n - 1} * 1000" if n else "coins") for n in range(8)]
    sheets["Scoring"] = [("part", "expression"), ("cards", "sum(tableau, points)"), ("big", "v7")]
    found = problems_of(tmp_path, sheets)
    assert len(found) == 1 and "Values.csv, row" in found[0] and "(found by playing a random game)" in found[0]


def test_a_doubling_chain_of_values_is_evaluated_once_each(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Values"] = [("name", "expression")] + [(f"v{n}", f"v{n - 1} + v{n - 1}" if n else "1") for n in range(40)]
    sheets["Scoring"] = [("part", "expression"), ("cards", "sum(tableau, points)"), ("big", "v39 - v39")]
    assert problems_of(tmp_path, sheets) == []  # 2^40 evaluations would never finish; memoized, it is instant


def test_a_cell_nested_too_deep_is_refused_at_check_time(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Scoring"] = [("part", "expression"), ("deep", "(" * 500 + "1" + ")" * 500)]
    found = problems_of(tmp_path, sheets)
    assert len(found) == 1 and "Scoring!B2" in found[0] and "nested too deeply" in found[0]


def test_a_negative_capacity_is_refused_at_its_cell(tmp_path: Path) -> None:
    found = problems_of(tmp_path, changed("Zones", 3, "capacity", -2))
    assert found == ['Zones.csv, row 3, column "capacity": Zones!E3: a capacity is 0 or more, not -2']


def test_an_expression_that_would_visit_too_many_components_is_found_at_check_time(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in BASE.items()}
    nested = "count(deck, " * 5 + "true" + ")" * 5  # 7 cards: fine; the limit is counted, not timed
    sheets["Scoring"] = [("part", "expression"), ("cards", "sum(tableau, points)"), ("nested", nested)]
    assert problems_of(tmp_path, sheets) == []
    from playproof.playtest.declared.expr_values import STEP_LIMIT
    big = [("name", "cost", "suit", "points", "count"), ("Grain", 1, "red", 1, 900)]
    sheets["Cards"] = big
    sheets["Scoring"] = [("part", "expression"), ("huge", "count(deck, count(deck, count(deck, true)) > 0)")]
    found = problems_of(tmp_path, sheets)
    assert 900 ** 3 > STEP_LIMIT and len(found) == 1 and "visits more than 2,000,000 components" in found[0]


def test_rules_where_a_random_game_gets_stuck_are_warned_of_at_check(tmp_path: Path) -> None:
    # a simultaneous choice declared without `ends turn`: the first player chooses on and on, then has no move
    sheets = {"Cards": [("name", "count"), ("Fox", 6)],
              "Zones": [("zone", "owner", "visibility"), ("hand", "player", "owner"), ("chosen", "player", "owner")],
              "Setup": [("set", "zone", "each"), ("Cards", "hand", 3)],
              "Phases": [("phase", "of", "who"), ("choose", "round", "together")],
              "Moves": [("verb", "from", "to", "components", "phase"), ("choose", "hand", "chosen", "Cards", "choose")],
              "Turn": [("key", "value"), ("players", "2"), ("end", "round > 2")],
              "Scoring": [("part", "expression"), ("cards", "count(chosen)")]}
    problems = problems_of(tmp_path, sheets)
    assert problems == ["a random game of 2 players got stuck before the end: P1 has no legal move after 3 move(s) "
                        "(the last: P1: choose Fox; P1: choose Fox; P1: choose Fox); does a move need `ends turn` = "
                        "`yes`, a `due` table move or a way to pass?"]
    sheets["Moves"] = [("verb", "from", "to", "components", "phase", "ends turn"),
                       ("choose", "hand", "chosen", "Cards", "choose", "yes")]
    assert problems_of(tmp_path / "fixed", sheets) == []


def test_check_tries_the_rules_at_the_most_players_too(tmp_path: Path) -> None:
    # room for four workers: two players place theirs, a third player's second worker has nowhere to go
    sheets = {"Workers": [("name", "count"), ("Worker", 6)],
              "Zones": [("zone", "owner", "capacity"), ("pool", "player", ""), ("dock", "shared", 4)],
              "Setup": [("set", "zone", "each"), ("Workers", "pool", 2)],
              "Moves": [("verb", "from", "to", "components", "ends turn"), ("place", "pool", "dock", "Workers", "yes")],
              "Turn": [("key", "value"), ("players", "2-3"), ("end", "count(dock) == 4 and players == 2 or "
                                                                     "count(dock) == 6")],
              "Scoring": [("part", "expression"), ("workers", "count(dock, by == player)")]}
    problems = problems_of(tmp_path, sheets)
    assert len(problems) == 1 and problems[0].startswith("a random game of 3 players got stuck before the end: P2 ")
    sheets["Turn"] = [("key", "value"), ("players", "2"), ("end", "count(dock) == 4")]
    assert problems_of(tmp_path / "two", sheets) == []


def test_until_belongs_to_a_round_phase_played_each(tmp_path: Path) -> None:
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Phases"] = [("phase", "of", "who", "until"), ("draft", "round", "together", "count(hand) == 0")]
    assert problems_of(tmp_path, sheets) == [
        'Phases.csv, row 2, column "until": Phases!D2: `until` is for a round phase played `each` (lap after lap until '
        'it holds)']
    sheets["Phases"] = [("phase", "of", "who", "until"), ("draft", "round", "each", "count(hnd) == 0")]
    assert problems_of(tmp_path / "typo", sheets) == [
        'Phases.csv, row 2, column "until": Phases!D2, character 7: count() needs a zone first, not \'hnd\'; did you '
        'mean "hand"?']


def test_check_of_a_project_of_rules_only_checks_its_rules(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from playproof.cli import cli

    project = write_project(tmp_path / "rules", BASE)  # rules sheets and components, no layouts.toml
    clean = CliRunner().invoke(cli, ["check", str(project)])
    assert clean.exit_code == 0, clean.output
    assert clean.output.strip().endswith("no errors, 0 warning(s) (rules only: nothing to print)")
    broken = write_project(tmp_path / "broken", changed("Moves", 5, "to", "tablaeu"))
    refused = CliRunner().invoke(cli, ["check", str(broken)])
    assert refused.exit_code == 1 and 'Moves!E5: unknown zone "tablaeu"' in refused.output
    assert "Traceback" not in refused.output


def test_rules_of_a_project_named_by_its_path_use_the_folder_name(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from playproof.cli import cli

    project = write_project(tmp_path / "my-game", BASE)
    by_path = CliRunner().invoke(cli, ["rules", str(project)])
    assert by_path.exit_code == 0, by_path.output
    ids = [line.split()[0] for line in by_path.output.splitlines()[1:] if "/" in line.split()[0]]
    assert ids and all(rule.startswith("my-game/") for rule in ids), ids  # never the path typed
    by_name = CliRunner().invoke(cli, ["rules", "my-game", "--project", str(project)])
    assert by_name.output == by_path.output
