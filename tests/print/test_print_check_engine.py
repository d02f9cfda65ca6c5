"""`playproof check` also loads a seed game's workbook through that game's rules engine."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from playproof.cli import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAVEL_COST = 'components.xlsx, sheet "Tile Types", row 2, column "travel cost": "cheap" is not a whole number'
SUMMARY = "Error: 14 problem(s) found"  # the cost, and 13 tile-group cells that print the old cost


def copy_with_cheap_travel(tmp_path: Path, folder: str) -> Path:
    """Copy the Battle for Seven Cities example and make a travel cost unreadable to the engine."""
    project = tmp_path / folder
    shutil.copytree(EXAMPLES / "battle-for-seven-cities", project, ignore=shutil.ignore_patterns("out"))
    workbook = openpyxl.load_workbook(project / "components.xlsx")
    workbook["Tile Types"].cell(2, 4).value = "cheap"
    workbook.save(project / "components.xlsx")
    return project


def test_a_game_folder_is_checked_by_its_engine(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(copy_with_cheap_travel(tmp_path, "battle-for-seven-cities"))])
    lines = result.output.splitlines()
    assert (result.exit_code, lines[0], lines[-1]) == (1, f"error: {TRAVEL_COST}", SUMMARY)


def test_game_names_the_engine_for_any_folder(tmp_path: Path) -> None:
    project = copy_with_cheap_travel(tmp_path, "my-cities")
    assert CliRunner().invoke(cli, ["check", str(project)]).exit_code == 0  # no game known: print checks only
    result = CliRunner().invoke(cli, ["check", str(project), "--game", "battle-for-seven-cities"])
    lines = result.output.splitlines()
    assert (result.exit_code, lines[0], lines[-1]) == (1, f"error: {TRAVEL_COST}", SUMMARY)


def test_an_unknown_game_is_named(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(EXAMPLES / "seven-sisters"), "--game", "chess"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith('Error: unknown game "chess" (known games: seven-sisters,')


def test_a_single_engine_error_names_the_engine_and_the_cell(tmp_path: Path) -> None:
    project = tmp_path / "seven-sisters"
    shutil.copytree(EXAMPLES / "seven-sisters", project, ignore=shutil.ignore_patterns("out"))
    workbook = openpyxl.load_workbook(project / "components.xlsx")
    workbook["Turn Markers"].cell(2, 1).value = "lots"
    workbook.save(project / "components.xlsx")
    result = CliRunner().invoke(cli, ["check", str(project)])
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        1, 'Error: the seven-sisters rules engine cannot use this workbook: components.xlsx, sheet "Turn Markers", '
           'row 2, column "value": "lots" is not a whole number')
