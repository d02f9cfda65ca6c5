"""The Seven Sisters engine reads its numbers from the workbook: edits change its verdicts."""

from __future__ import annotations

import os
from pathlib import Path

import openpyxl
import pytest
from seven_sisters_support import EXAMPLE, Game

from playproof.errors import PlayproofError
from playproof.playtest.engine import Event, EventKind, Setup
from playproof.playtest.games.seven_sisters import ENGINE
from playproof.playtest.games.seven_sisters.data import load_data


def edited(tmp_path: Path, sheet: str, edit: dict[str, object] | None = None,
           rows: list[list[object]] | None = None) -> Path:
    """Copy the example workbook, setting Rules keys or replacing a sheet's rows."""
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    ws = wb[sheet]
    for row in ws.iter_rows(min_row=2):
        if edit and row[0].value in edit:
            row[1].value = edit[row[0].value]
    if rows is not None:
        ws.delete_rows(2, ws.max_row)
        for values in rows:
            ws.append(values)
    wb.save(tmp_path / "components.xlsx")
    return tmp_path


def test_example_numbers_match_the_rulebook() -> None:
    data = load_data(EXAMPLE)
    assert data.sisters == ("Wrath", "Greed", "Gluttony", "Lust", "Sloth", "Pride", "Envy")
    assert data.markers == (3, 3, 4, 4, 5, 5)
    assert data.favours == (5,) * 7 and (data.gold, data.fruit) == (50, 50)
    assert data.deck_size == 55 and data.cards["Wild"] == 13 and len(data.pairs) == 42
    assert data.buyback == ((1, 1), (2, 3), (3, 5)) and data.max_players == 6


def test_a_bigger_greed_gift_in_the_workbook_changes_the_verdict(tmp_path: Path) -> None:
    claims = "table: gift Greed Ann 5"
    game = Game().to_play()
    game.score_with(greed=(2, 0, 0))
    assert game.feed(claims) == []
    game = Game(project=edited(tmp_path, "Rules", {"gift_winner": 6})).to_play()
    game.score_with(greed=(2, 0, 0))
    assert game.feed(claims) == ["gifts-amounts"]


def test_turn_marker_values_come_from_the_workbook(tmp_path: Path) -> None:
    assert Game().feed("table: flip 6") == ["2-flip-marker"]
    project = edited(tmp_path, "Turn Markers", rows=[[6, 4]])
    assert Game(project=project).feed("table: flip 6") == []


def test_buyback_packages_come_from_the_workbook(tmp_path: Path) -> None:
    project = edited(tmp_path, "Rules", {"buyback": "1:1 2:4"})
    game = Game(project=project).to_play()
    game.score_with(greed=(4, 0, 0))
    assert game.feed("Ann: buyback 4 for 2 gold") == []


def test_a_card_removed_from_the_workbook_is_no_card(tmp_path: Path) -> None:
    project = edited(tmp_path, "Influence Cards",
                     rows=[["pair", "Greed", "Lust", None, None, None, None, 1], ["wild", "Wild", None,
                                                                                  None, None, None, None, 5]])
    assert Game(project=project).to_play().feed("Ann: play Envy/Pride C") == ["1-card-exists"]


def test_the_cache_follows_the_workbook_mtime(tmp_path: Path) -> None:
    project = edited(tmp_path, "Rules", {"rounds": 4})
    first = load_data(project)
    assert load_data(project) is first
    edited(tmp_path, "Rules", {"rounds": 3})
    os.utime(project / "components.xlsx", (1, 2_000_000_000))
    assert load_data(project).n("rounds") == 3


def test_workbook_error_messages(tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    del wb["Turn Markers"]
    wb.save(tmp_path / "components.xlsx")
    with pytest.raises(PlayproofError) as exc:
        load_data(tmp_path)
    assert str(exc.value) == ('components.xlsx: sheet "Turn Markers" is missing; the Seven Sisters '
                              "engine reads its numbers from it")


def test_rules_sheet_error_messages(tmp_path: Path) -> None:
    with pytest.raises(PlayproofError) as exc:
        load_data(edited(tmp_path, "Rules", {"buyback": "one for one"}))
    assert str(exc.value) == ('components.xlsx, sheet "Rules", row 16, column "value": "one for one" is '
                              "not a list of gold:servants packages such as 1:1 2:3 3:5")
    with pytest.raises(PlayproofError) as exc:
        load_data(edited(tmp_path, "Rules", {"rounds": "four"}))
    assert str(exc.value) == 'components.xlsx, sheet "Rules", row 2, column "value": "four" is not a whole number'


def test_pair_card_error_message(tmp_path: Path) -> None:
    project = edited(tmp_path, "Influence Cards", rows=[["pair", "Greed", "Greed", None, None, None, None, 1]])
    with pytest.raises(PlayproofError) as exc:
        load_data(project)
    assert str(exc.value) == ('components.xlsx, sheet "Influence Cards", row 2, column "primary": a pair '
                              "card needs two different sisters from the Sister Tiles sheet, not Greed/Greed")


def test_setup_error_messages() -> None:
    with pytest.raises(PlayproofError) as exc:
        ENGINE(Setup(tuple("ABCDEFG")))
    assert str(exc.value) == "Seven Sisters is played by 2 to 6 players (one player screen each), not 7"
    with pytest.raises(PlayproofError) as exc:
        ENGINE(Setup(("Ann", "Ben"), {"first": "Dan"}))
    assert str(exc.value) == 'Setup "first=Dan": Dan is not one of the players (Ann, Ben)'
    with pytest.raises(PlayproofError) as exc:
        ENGINE(Setup(("Ann", "Ben"), {"random-order": "true", "order": "Envy Pride"}))
    assert str(exc.value) == 'Setup "order": name each of the 7 sisters exactly once'
    with pytest.raises(PlayproofError) as exc:
        ENGINE(Setup(("Ann", "Ben"), {"markers": "3 x"}))
    assert str(exc.value) == 'Setup "markers": "x" is not a turn marker value'


def test_every_option_and_rule_is_documented_in_the_rulings() -> None:
    text = (EXAMPLE.parents[1] / "docs" / "rulings" / "seven-sisters.md").read_text(encoding="utf-8")
    assert [name for name in ENGINE.options if f"- `{name}`: {ENGINE.options[name]}" not in text] == []


def test_every_rule_quotes_the_rulebook_and_the_rulings_map_it() -> None:
    text = (EXAMPLE.parents[1] / "docs" / "rulings" / "seven-sisters.md").read_text(encoding="utf-8")
    table = text.split("## Rule ids and the rulebook sentences they check", 1)[1]
    assert [rule.id for rule in ENGINE.rules if not rule.text.strip()] == []
    assert [rule.id for rule in ENGINE.rules
            if f"| `{rule.id.split('/', 1)[1]}` | {rule.text} |" not in table] == []


def test_claims_after_the_last_round_speak_of_it_until_the_final_scoring_is_marked(tmp_path: Path) -> None:
    game = Game(project=edited(tmp_path, "Rules", {"rounds": 1})).to_play()
    game.score_with(greed=(2, 0, 0), lust=(0, 0, 3))  # round 1 is also the last round here
    game.settle(until="never")
    assert game.engine.is_over() and game.engine.pass_no == 2
    # Round 1 gave Greed to Ann; the final scoring found nobody left on Greed.
    assert game.feed("table: favour Greed Ann") == []
    game.engine.apply(Event(99, "", "phase", "Final scoring", EventKind.MARKER))
    assert game.feed("table: favour Greed Ann") == ["scoring-favour"]
    assert game.feed("table: favour Greed none") == []


def test_the_rounds_variant_shortens_the_game() -> None:
    import random

    from playproof.playtest.simulate import play_random_game
    engine, _ = play_random_game(ENGINE, Setup(("Ann", "Ben"), {"rounds": "2"}), random.Random(4))
    assert engine.is_over() and engine.pass_no == 3 and engine.round == 2
    with pytest.raises(PlayproofError) as exc:
        ENGINE(Setup(("Ann", "Ben"), {"rounds": "7"}))
    assert str(exc.value) == 'Variant "rounds=7": play 1 to 6 rounds (one turn marker each)'
    with pytest.raises(PlayproofError) as exc:
        ENGINE(Setup(("Ann", "Ben"), {"random-order": "true", "order": "Envy Pride Foo"}))
    assert str(exc.value) == ('Setup "order": "Foo" is not a sister (Wrath, Greed, Gluttony, Lust, '
                              "Sloth, Pride, Envy)")


def test_the_workbook_matches_its_build_script(tmp_path: Path) -> None:
    import importlib.util
    script = EXAMPLE.parents[1] / "tests" / "data" / "seven-sisters" / "build_workbook.py"
    spec = importlib.util.spec_from_file_location("seven_sisters_build_workbook", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.build(tmp_path / "components.xlsx")
    built = openpyxl.load_workbook(tmp_path / "components.xlsx")
    example = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    assert built.sheetnames == example.sheetnames
    for name in built.sheetnames:
        assert list(built[name].iter_rows(values_only=True)) == list(example[name].iter_rows(values_only=True))
