"""`playproof new` makes a game whose rules are declared: check, build, rules, playtest, audit, simulate, report."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.audit import audit_file, found_multiset, read_expected


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new project `my-game` in the test's folder (the working folder), with its session database there."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    result = CliRunner().invoke(cli, ["new", "my-game"])
    assert result.exit_code == 0, result.output
    return tmp_path / "my-game"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_check_and_build_the_new_game(game: Path) -> None:
    assert run("check", "my-game") == (0, "my-game: no errors, 0 warning(s)\n")
    code, output = run("build", "my-game")
    assert code == 0 and "0 warning(s)" in output


def test_the_rules_come_from_the_workbook(game: Path) -> None:
    code, output = run("rules", "my-game")
    assert code == 0
    assert "my-game/moves-buy-cost" in output and "Moves!A4" in output


def test_the_example_logs_audit_as_expected(game: Path) -> None:
    logs = game / "playtests"
    assert run("audit", "my-game/playtests/example.log") == (
        0, "my-game/playtests/example.log: 0 violation(s) in 43 moves\n")
    mistakes = audit_file(logs / "example-mistakes.log")
    assert found_multiset(mistakes) == read_expected(logs / "example-mistakes.expected")
    code, output = run("audit", "my-game/playtests/example-mistakes.log")
    assert code == 1
    assert "my-game/playtests/example-mistakes.log:13 my-game/moves-buy-cost Market costs 2, not 1 (Moves!A4)" \
        in output


def test_simulate_the_new_game(game: Path) -> None:
    code, output = run("simulate", "my-game", "--players", "3", "--games", "20")
    assert code == 0, output
    assert output.startswith("my-game, as printed, 3 players, bots random: 20 games in ")


def test_record_a_playtest_of_the_new_game(game: Path) -> None:
    result = CliRunner().invoke(cli, ["playtest", "start", "my-game", "--players", "Ann,Ben", "--no-times"],
                                input="table: refill Market\ntable: refill Harbour\ntable: refill Market\n"
                                      "Ann: buy Harbour\nend\n")
    assert result.exit_code == 0, result.output
    assert "refill Market | refill Harbour | refill Watchtower | refill Lighthouse" in result.output
    assert "my-game/counters-coins" in result.output  # 2 coins do not buy a Harbour


def test_report_on_the_new_game(game: Path) -> None:
    code, output = run("report", "my-game/playtests/example.log", "my-game/playtests/example-mistakes.log",
                       "-o", "report.json")
    assert code == 0, output
    assert "my-game/moves-buy-cost" in (game.parent / "report.json").read_text()


def test_a_misspelt_rules_cell_fails_check_with_its_cell(game: Path) -> None:
    import openpyxl

    book = openpyxl.load_workbook(game / "components.xlsx")
    book["Moves"]["F4"] = "cots"
    book.save(game / "components.xlsx")
    result = CliRunner().invoke(cli, ["check", "my-game"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == ('Error: components.xlsx, sheet "Moves", row 4, column "cost": Moves!F4, '
                                              "character 1: unknown name 'cots'; did you mean \"cost\"?")


def test_the_walkthrough_names_real_commands_and_files(game: Path) -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "your-own-game.md").read_text()
    for name in ("example.log", "example-mistakes.log", "example-mistakes.expected"):
        assert name in docs and (game / "playtests" / name).is_file()
    assert "my-game/playtests/example-mistakes.log:13 my-game/moves-buy-cost Market costs 2, not 1 (Moves!A4)" in docs
