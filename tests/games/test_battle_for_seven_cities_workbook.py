"""The engine reads its numbers from the workbook: editing a copy changes the verdict; bad sheets are named."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from playproof.errors import ProblemsError
from playproof.playtest.engine import Setup
from playproof.playtest.games.battle_for_seven_cities import ENGINE
from playproof.playtest.games.battle_for_seven_cities.data import load
from test_battle_for_seven_cities_rules import PLAYERS, events, opening

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "battle-for-seven-cities"


def edited(tmp_path: Path, sheet: str, match: dict[str, object], column: str, value: object) -> Path:
    """Copy the example workbook, setting one column in the rows matching some values."""
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    ws = wb[sheet]
    header = [c.value for c in ws[1]]
    for row in ws.iter_rows(min_row=2):
        if all(row[header.index(k)].value == v for k, v in match.items()):
            row[header.index(column)].value = value
    wb.save(tmp_path / "components.xlsx")
    return tmp_path


def edited_tile(tmp_path: Path, era: str, terrain: str, column: str, value: object) -> Path:
    """Change a tile type's cost in Tile Types and on every tile-group cell that prints it."""
    edited(tmp_path, "Tile Types", {"era": era, "terrain": terrain}, column, value)
    wb = openpyxl.load_workbook(tmp_path / "components.xlsx")
    ws = wb[f"{era.title()} Tile-Groups"]
    header = [c.value for c in ws[1]]
    what = column.split()[0]  # "build" or "travel"
    for row in ws.iter_rows(min_row=2):
        for cell in range(1, 5):
            if row[header.index(f"cell {cell}")].value == terrain:
                row[header.index(f"cell {cell} {what}")].value = value
    wb.save(tmp_path / "components.xlsx")
    return tmp_path


def verdict(scenario: str, project: Path | None = None, **options: str) -> list[str]:
    """Return the rule slugs found by the opening plus a scenario, against a project."""
    engine = ENGINE(Setup(PLAYERS, options={"first": "Ann", **options}, project=project))
    found = []
    for event in events(opening() + "\n" + scenario):
        found += [v.rule.split("/", 1)[1] for v in engine.apply(event)]
    return found


def test_build_cost_follows_the_tile_sheet(tmp_path: Path) -> None:
    build = "Ann: points AP4\nAnn: build"
    assert verdict(build) == []
    project = edited_tile(tmp_path, "future", "soil", "build cost", 5)
    assert verdict(build, project) == ["ap-enough-points"]


def test_travel_cost_follows_the_tile_sheet(tmp_path: Path) -> None:
    walk = "Ann: points AP2\nAnn: move fA3 fA4"  # forest 1 + mountain 3 = 4 > 2
    assert verdict(walk) == ["ap-enough-points"]
    project = edited_tile(tmp_path, "future", "mountain", "travel cost", 1)
    assert verdict(walk, project) == []


def test_past_sea_becomes_buildable_when_given_a_cost(tmp_path: Path) -> None:
    sea = "Ann: points AP4\nAnn: points AP3\nAnn: travel\nAnn: build"
    engine_found = verdict(sea.replace("Ann: build", "Ann: move pA3\nAnn: build"))
    assert engine_found == ["build-no-past-sea"]
    project = edited_tile(tmp_path, "past", "light sea", "build cost", 5)
    assert verdict(sea.replace("Ann: build", "Ann: move pA3\nAnn: build"), project) == []


def test_card_points_follow_the_card_sheet(tmp_path: Path) -> None:
    build = "Ann: points AP4\nAnn: build"
    project = edited(tmp_path, "Action Cards", {"code": "AP4"}, "action points", 3)
    assert verdict(build, project) == ["ap-enough-points"]


def test_hand_limit_and_time_travel_cost_follow_rule_numbers(tmp_path: Path) -> None:
    assert verdict("Ann: end\nBen: points AP2") == ["turn-hand-limit"]
    project = edited(tmp_path, "Rule Numbers", {"key": "hand_limit"}, "value", 3)
    assert verdict("Ann: end\nBen: points AP2", project) == []
    project = edited(tmp_path, "Rule Numbers", {"key": "time_travel_cost"}, "value", 3)
    assert verdict("Ann: points AP2\nAnn: travel", project) == ["ap-enough-points"]


def test_player_badges_follow_the_card_sheet(tmp_path: Path) -> None:
    three = opening({"Ann": "AP4 AP3 ENEMY"})
    engine = ENGINE(Setup(PLAYERS, options={"first": "Ann"}, project=edited(
        tmp_path, "Action Cards", {"code": "ENEMY"}, "players", 4)))
    found = [v.rule.split("/", 1)[1] for e in events(three) for v in engine.apply(e)]
    assert found == ["setup-player-count"]


def test_the_parsed_workbook_is_cached_until_the_file_changes(tmp_path: Path) -> None:
    shutil.copy(EXAMPLE / "components.xlsx", tmp_path / "components.xlsx")
    first = load(tmp_path)
    assert load(tmp_path) is first
    edited(tmp_path, "Rule Numbers", {"key": "hand_limit"}, "value", 4)
    assert load(tmp_path) is not first and load(tmp_path).numbers["hand_limit"] == 4


def broken(tmp_path: Path, change) -> Path:
    """Copy the example workbook with one change applied to the openpyxl workbook."""
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    change(wb)
    wb.save(tmp_path / "components.xlsx")
    return tmp_path


@pytest.mark.parametrize("change, message", [
    (lambda wb: wb["Tile Types"].cell(2, 3).__setattr__("value", 5),
     'components.xlsx, sheet "Future Tile-Groups", row 2, column "cell 1 build": prints "4" but Tile Types '
     'gives future soil build "5"; make them agree'),
    (lambda wb: wb["Future Tile-Groups"].cell(5, 3).__setattr__("value", "0,0 1,0 2,0 3,0"),
     'components.xlsx, sheet "Future Tile-Groups", row 5, column "cells": every tile-group must have the same '
     'cells (one shape, so past and future positions match)'),
    (lambda wb: wb.remove(wb["Clock Cards"]),
     'components.xlsx: sheet "Clock Cards" is missing (the Battle for Seven Cities engine reads it)'),
    (lambda wb: wb["Tile Types"].cell(2, 4).__setattr__("value", "cheap"),
     'components.xlsx, sheet "Tile Types", row 2, column "travel cost": "cheap" is not a whole number'),
    (lambda wb: wb["Past Tile-Groups"].cell(3, 4).__setattr__("value", "lava"),
     'components.xlsx, sheet "Past Tile-Groups", row 3, column "cell 1": "lava" is not one of soil, forest, '
     'mountain, light sea, deep sea, volcano'),
    (lambda wb: wb["Action Cards"].cell(14, 2).__setattr__("value", "FLY"),
     'components.xlsx, sheet "Action Cards", row 14, column "code": "FLY" has no special action the engine '
     'knows (known: ATLANTIS, RAIL, WALL, BURN, EXPEDITION, TAKEOVER, METROPOLIS, DEFEND, REMOTE, SANDS, '
     'ARMY, EMBASSY, ENEMY)'),
    (lambda wb: wb["Clock Cards"].cell(2, 1).__setattr__("value", "noon"),
     'components.xlsx, sheet "Clock Cards", row 2, column "time": "noon" is not a time like 4:30'),
    (lambda wb: wb["Rule Numbers"].delete_rows(2),
     'components.xlsx, sheet "Rule Numbers": no "time_travel_cost" row'),
])
def test_workbook_problems_name_their_cell(tmp_path: Path, change, message: str) -> None:
    with pytest.raises(ProblemsError) as exc:
        load(broken(tmp_path, change))
    assert message in [str(p) for p in exc.value.problems]


def test_reaction_flag_follows_the_card_sheet(tmp_path: Path) -> None:
    hands = {"Ben": "METROPOLIS AP2 AP2"}
    out_of_turn = "Ben: play METROPOLIS fA4"

    def found(project: Path | None) -> list[str]:
        engine = ENGINE(Setup(PLAYERS, options={"first": "Ann"}, project=project))
        for event in events(opening(hands)):
            engine.apply(event)
        for pos, owner in {"fA4": "Ben", "fA2": "Ann", "fA3": "Cat", "fB1": "Ann"}.items():
            engine.s.board.cities[pos] = (owner, 1)
        return [v.rule.split("/", 1)[1] for e in events(out_of_turn, 100) for v in engine.apply(e)]
    assert found(None) == []
    assert found(edited(tmp_path, "Action Cards", {"code": "METROPOLIS"}, "reaction", None)) == ["turn-active-player"]
