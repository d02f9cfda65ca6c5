"""The 7 Wonders Leaders engine reads its numbers from the workbook: edits change verdicts."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from playproof.errors import PlayproofError
from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.seven_wonders_leaders import ENGINE
from playproof.playtest.games.seven_wonders_leaders.city import Hand
from playproof.playtest.games.seven_wonders_leaders.data import load, parse_cost, parse_effect

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "7-wonders-leaders"


def copy_project(tmp_path: Path) -> Path:
    """Copy the example workbook into a fresh project folder."""
    project = tmp_path / "game"
    project.mkdir(parents=True)
    shutil.copy(PROJECT / "components.xlsx", project / "components.xlsx")
    return project


def edit(project: Path, sheet: str, key: str, column: str, value: object, key_column: str = "name") -> None:
    """Set one cell of the row whose key column equals key."""
    book = openpyxl.load_workbook(project / "components.xlsx")
    ws = book[sheet]
    header = [c.value for c in ws[1]]
    for row in ws.iter_rows(min_row=2):
        if row[header.index(key_column)].value == key:
            row[header.index(column)].value = value
    book.save(project / "components.xlsx")


def recruit_pericles(project: Path) -> list[str]:
    """Recruit Pericles with 5 coins and return the rules broken."""
    eng = ENGINE(Setup(("Ann", "Ben", "Cat"), {}, 1, project))
    for city, board in zip(eng.st.cities, ("Gizah A", "Rhodos A", "Ephesos A")):
        eng.apply(Event(1, "table", "wonder", f"{city.name} {board}"))
        city.leader_hand = Hand(["Pericles"])
        city.coins = 5
    eng._start_recruitment()
    return [v.rule.split("/")[1] for v in eng.apply(Event(2, "Ann", "recruit", "Pericles"))]


def test_editing_a_leader_cost_changes_the_verdict(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert recruit_pericles(project) == ["recruit-cost"]  # Pericles costs 6
    edit(project, "Leaders", "Pericles", "cost", 5)
    assert recruit_pericles(project) == []


def test_editing_a_card_cost_changes_the_verdict(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    edit(project, "Age Cards", "Baths", "cost", "stone:2")
    eng = ENGINE(Setup(("Ann", "Ben", "Cat"), {}, 1, project))
    for city, board in zip(eng.st.cities, ("Gizah A", "Rhodos A", "Ephesos A")):
        eng.apply(Event(1, "table", "wonder", f"{city.name} {board}"))
        city.hand = Hand(["Baths"])
    eng.st.phase, eng.st.turn = "turn", 1
    assert [v.rule.split("/")[1] for v in eng.apply(Event(2, "Ann", "build", "Baths"))] == ["build-resources"]


def stage_verdict(project: Path) -> list[str]:
    """Build Gizah A's first stage with the one stone the board makes; return the rules broken."""
    eng = ENGINE(Setup(("Ann", "Ben", "Cat"), {}, 1, project))
    for city, board in zip(eng.st.cities, ("Gizah A", "Rhodos A", "Ephesos A")):
        eng.apply(Event(1, "table", "wonder", f"{city.name} {board}"))
        city.hand = Hand(["Baths"])
    eng.st.phase, eng.st.turn = "turn", 1
    return [v.rule.split("/")[1] for v in eng.apply(Event(2, "Ann", "stage", "Baths"))]


def test_editing_a_wonder_stage_cost_changes_the_verdict(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert stage_verdict(project) == ["build-resources"]  # the stage costs 2 stone
    book = openpyxl.load_workbook(project / "components.xlsx")
    for row in book["Wonders"].iter_rows(min_row=2):
        if [c.value for c in row[:3]] == ["Gizah", "A", 1]:
            row[3].value = "stone:1"
    book.save(project / "components.xlsx")
    assert stage_verdict(project) == []


def six_coins_verdict(project: Path) -> list[str]:
    """Log Ann's treasury as 6 coins before play; return the rules broken."""
    eng = ENGINE(Setup(("Ann", "Ben", "Cat"), {}, 1, project))
    return [v.rule.split("/")[1] for v in eng.apply(Event(1, "table", "coins", "Ann 6"))]


def test_editing_the_starting_coins_changes_the_verdict(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert six_coins_verdict(project) == []
    edit(project, "Game", "start_coins", "value", 3, key_column="key")
    assert six_coins_verdict(project) == ["consequence-coins"]


def test_data_is_cached_per_path_and_mtime(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert load(project) is load(project)
    first = load(project)
    edit(project, "Leaders", "Sappho", "cost", 2)
    assert load(project) is not first and load(project).leaders["Sappho"].cost == 2


def test_workbook_holds_the_rulebook_counts() -> None:
    data = load(PROJECT)
    assert len(data.leaders) == 37 and data.leaders["Pericles"].cost == 6
    assert len(data.guilds) == 14
    assert [sum(data.deck(age, n).values()) for age in (1, 2) for n in (3, 7)] == [21, 49, 21, 49]
    assert [sum(data.deck(3, n).values()) for n in (3, 4, 5, 6, 7)] == [16, 22, 28, 34, 40]
    assert [len(data.boards[f"Rome {s}"].stages) for s in "AB"] == [2, 3]
    assert data.const("start_coins", 0) == 6


def test_bad_cells_name_sheet_row_and_column(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    edit(project, "Leaders", "Nero", "cost", "cheap")
    with pytest.raises(PlayproofError) as err:
        load(project)
    assert str(err.value) == 'components.xlsx, sheet "Leaders", row 23, column "cost": "cheap" is not a whole number'
    project = copy_project(tmp_path / "b")
    edit(project, "Leaders", "Nero", "effect", "juggle:3")
    with pytest.raises(PlayproofError, match=r'row 23, column "effect": unknown effect "juggle"'):
        load(project)


def test_missing_sheet_is_reported(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    book = openpyxl.load_workbook(project / "components.xlsx")
    del book["Rome Board"]
    book.save(project / "components.xlsx")
    with pytest.raises(PlayproofError) as err:
        load(project)
    assert str(err.value) == f'{project / "components.xlsx"}: sheet "Rome Board" is missing'


def test_cost_and_effect_grammar() -> None:
    assert parse_cost("wood:2;coin:1").units[0] == 2 and parse_cost("wood:2;coin:1").coins == 1
    assert parse_cost("free").free
    with pytest.raises(ValueError, match='unknown resource "gold"'):
        parse_cost("gold:1")
    icons = parse_cost(":stone: :stone: :papyrus: :coin:")  # the printable notation of Guilds and Rome
    assert icons.units == (0, 2, 0, 0, 0, 0, 1) and icons.coins == 1
    with pytest.raises(ValueError, match='"stone" is not an icon like :wood:'):
        parse_cost(":wood: stone")
    assert parse_effect("vp:3;shields:1") == (("vp", ("3",)), ("shields", ("1",)))
    with pytest.raises(ValueError, match='effect "vp" takes 1-1 argument'):
        parse_effect("vp")
    with pytest.raises(ValueError) as err:
        parse_effect("vp_per:pink:own:1")
    assert str(err.value).endswith('in own, neighbours, all, not "pink" in "own"')
    with pytest.raises(ValueError, match='effect "produce" names an unknown resource in "wood/gold"'):
        parse_effect("produce:wood/gold")
    with pytest.raises(ValueError, match='effect "trade" is raw or goods, then left, right or both, not "raw:up"'):
        parse_effect("trade:raw:up")
    with pytest.raises(ValueError, match='effect "reduce" names a colour'):
        parse_effect("reduce:white")
    with pytest.raises(ValueError, match='effect "science" is one of compass, gear, tablet or any, not "star"'):
        parse_effect("science:star")


def test_setup_errors_are_plain_messages() -> None:
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(("Ann",), {}, 1, PROJECT))
    assert str(err.value) == "7-wonders-leaders is played by 2 to 7 players, not 1"
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(("Ann", "Ben", "Cat"), {"sides": "C"}, 1, PROJECT))
    assert str(err.value) == '7-wonders-leaders: option sides must be A, B or any, not "C"'
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(("Ann", "Ben", "Cat"), {"rome-stage-discount": "two"}, 1, PROJECT))
    assert str(err.value) == '7-wonders-leaders: option rome-stage-discount must be a whole number, not "two"'


def test_variant_leaders_join_the_pool_only_with_their_option() -> None:
    assert "Semiramis" not in ENGINE(Setup(("Ann", "Ben", "Cat"), {}, 1, PROJECT)).st.box
    assert ENGINE(Setup(("Ann", "Ben", "Cat"), {"semiramis": "true"}, 1, PROJECT)).st.box["Semiramis"] == 1
