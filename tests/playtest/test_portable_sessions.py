"""Sessions keep their referee when the project folder moves: [Project] relative to the log, --project, exit 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.logparse import parse_log, read_log
from playproof.playtest.projectfind import ProjectNotFound, locate, set_header

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "declared" / "lantern-guild"
MISTAKES = 7
"""Standing violations in the example's playtests/evening-mistakes.log."""


@pytest.fixture
def exported(runner: CliRunner, tmp_path: Path) -> Path:
    """Import the example's mistakes log from a copy of the project in ./my-game and export it to logs/s1.log."""
    shutil.copytree(EXAMPLE, tmp_path / "my-game")
    imported = runner.invoke(cli, ["playtest", "import", "my-game/playtests/evening-mistakes.log"])
    assert imported.exit_code == 0, imported.output
    (tmp_path / "logs").mkdir()
    result = runner.invoke(cli, ["playtest", "export", "1", "-o", "logs/s1.log"])
    assert result.exit_code == 0, result.output
    return tmp_path / "logs" / "s1.log"


def test_an_exported_log_names_its_project_relative_to_itself(exported: Path) -> None:
    header = read_log(exported).header
    assert header["Project"] == "../my-game"
    assert header["Referee"] == "declared"


def test_moving_the_project_is_exit_2_naming_the_places_looked_at(runner: CliRunner, exported: Path,
                                                                   tmp_path: Path) -> None:
    (tmp_path / "my-game").rename(tmp_path / "renamed")
    result = runner.invoke(cli, ["audit", "logs/s1.log"])
    assert result.exit_code == 2
    first = result.output.splitlines()[0]
    assert first.startswith('logs/s1.log:4: cannot find the project of "lantern-guild", whose workbook holds its '
                            "rules; looked in my-game, logs, ., logs/my-game, logs/lantern-guild, lantern-guild;")
    assert first.endswith("pass --project DIR")
    assert "violation" not in result.output and "no referee" not in result.output


def test_project_option_finds_the_moved_project(runner: CliRunner, exported: Path, tmp_path: Path) -> None:
    (tmp_path / "my-game").rename(tmp_path / "renamed")
    result = runner.invoke(cli, ["audit", "logs/s1.log", "--project", "renamed"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"logs/s1.log: {MISTAKES} violation(s) in 46 moves"


def test_a_project_beside_the_log_or_in_the_current_folder_is_found(runner: CliRunner, exported: Path,
                                                                    tmp_path: Path) -> None:
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    shutil.move(str(exported), moved / "s1.log")
    shutil.move(str(tmp_path / "my-game"), moved / "my-game")  # a co-designer unpacked both into one folder
    beside = runner.invoke(cli, ["audit", "elsewhere/s1.log"])
    assert beside.output.splitlines()[-1].endswith(f"{MISTAKES} violation(s) in 46 moves")
    shutil.move(str(moved / "my-game"), tmp_path / "lantern-guild")  # the folder named like the game, here
    here = runner.invoke(cli, ["audit", "elsewhere/s1.log"])
    assert here.exit_code == 1 and f"{MISTAKES} violation(s)" in here.output


def test_report_of_a_log_whose_project_is_gone_is_exit_2_and_writes_nothing(runner: CliRunner, exported: Path,
                                                                            tmp_path: Path) -> None:
    (tmp_path / "my-game").rename(tmp_path / "renamed")
    result = runner.invoke(cli, ["report", "logs/s1.log", "-o", "r.json"])
    assert result.exit_code == 2 and result.output.startswith("Error: logs/s1.log:4: cannot find the project")
    assert not (tmp_path / "r.json").exists()
    found = runner.invoke(cli, ["report", "logs/s1.log", "-o", "r.json", "--project", "renamed"])
    assert found.exit_code == 0, found.output
    data = json.loads((tmp_path / "r.json").read_text())
    assert len(data["sessions"][0]["violations"]) == MISTAKES


def test_a_stored_session_whose_project_moved_needs_project(runner: CliRunner, exported: Path,
                                                           tmp_path: Path) -> None:
    (tmp_path / "my-game").rename(tmp_path / "renamed")
    lost = runner.invoke(cli, ["playtest", "show", "1"])
    assert lost.exit_code == 2 and "Error: session 1:4: cannot find the project" in lost.output
    shown = runner.invoke(cli, ["playtest", "show", "1", "--project", "renamed"])
    assert shown.exit_code == 0 and shown.output.splitlines()[-1] == f"session 1: {MISTAKES} violation(s) in 46 moves"


def test_an_old_log_with_an_absolute_project_still_works(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "g")
    log = read_log(EXAMPLE / "playtests" / "evening-mistakes.log")
    (tmp_path / "old.log").write_text(set_header(log, {"Project": str(tmp_path / "g")}))
    result = runner.invoke(cli, ["audit", "old.log"])
    assert result.exit_code == 1 and f"{MISTAKES} violation(s)" in result.output


def test_project_option_must_be_a_project(runner: CliRunner, exported: Path, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["audit", "logs/s1.log", "--project", "logs"])
    assert result.exit_code == 2
    assert "--project logs: not a game project (no components.xlsx, CSV sheets or layouts.toml in it)" in result.output


def test_a_game_with_no_rules_records_and_audits_anywhere(runner: CliRunner, tmp_path: Path) -> None:
    started = runner.invoke(cli, ["playtest", "start", "home-brew", "--players", "Ann,Ben", "--no-times"],
                            input="Ann: buy Market\nend\n")
    assert started.exit_code == 0, started.output
    runner.invoke(cli, ["playtest", "export", "1", "-o", "far/away/h.log"])
    result = runner.invoke(cli, ["audit", "far/away/h.log"])
    assert result.exit_code == 0
    assert result.output.startswith('far/away/h.log: no rules checked: "home-brew" has no referee')


def test_locate_without_a_hint_of_declared_rules_is_no_project(tmp_path: Path) -> None:
    log = parse_log('[Game "home-brew"]\n[Players "Ann"]\n', "h.log")
    assert locate(log, tmp_path, "home-brew", bundled=False) is None
    declared = parse_log('[Game "home-brew"]\n[Players "Ann"]\n[Referee "declared"]\n', "h.log")
    with pytest.raises(ProjectNotFound, match=r"^h\.log:3: cannot find the project of \"home-brew\""):
        locate(declared, tmp_path, "home-brew", bundled=False)


def test_a_project_found_once_is_looked_for_again_when_it_moves(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "lantern-guild")
    log = parse_log('[Game "lantern-guild"]\n[Players "Ann, Ben"]\n[Project "lantern-guild"]\n'
                    '[Referee "declared"]\n', "s.log")
    assert locate(log, tmp_path, "lantern-guild", bundled=False) == (tmp_path / "lantern-guild").resolve()
    assert locate(log, tmp_path, "lantern-guild", bundled=False) == (tmp_path / "lantern-guild").resolve()
    (tmp_path / "lantern-guild").rename(tmp_path / "gone")
    with pytest.raises(ProjectNotFound):
        locate(log, tmp_path, "lantern-guild", bundled=False)  # the folder found before is not trusted blindly


def test_simulated_logs_name_their_project_relative_to_themselves(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "lantern-guild")
    result = runner.invoke(cli, ["simulate", "lantern-guild", "--players", "2", "--games", "1", "--logs", "sims"])
    assert result.exit_code == 0, result.output
    log = next((tmp_path / "sims").glob("*.log"))
    assert read_log(log).header["Project"] == "../lantern-guild"
    shutil.move(str(tmp_path / "sims"), tmp_path / "lantern-guild" / "sims")  # moved together, into the project
    shutil.move(str(tmp_path / "lantern-guild"), tmp_path / "moved")
    audited = runner.invoke(cli, ["audit", str(Path("moved/sims") / log.name)])
    assert audited.exit_code == 0 and "0 violation(s)" in audited.output


def test_a_project_named_by_its_path_is_known_by_its_folder_and_its_logs_stay_in_the_logs_folder(
        runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "games" / "lantern-guild")
    result = runner.invoke(cli, ["simulate", str(tmp_path / "games" / "lantern-guild"), "--players", "2", "--games",
                                 "2", "--logs", "sims"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("lantern-guild, as printed, 2 players")
    assert sorted(p.name for p in (tmp_path / "sims").iterdir()) == ["lantern-guild-1.log", "lantern-guild-2.log"]
    assert list((tmp_path / "games").glob("*.log")) == []  # not beside the project, as the typed path once made them
    assert read_log(tmp_path / "sims" / "lantern-guild-1.log").header["Game"] == "lantern-guild"


def test_resume_and_add_take_project_for_a_moved_session(runner: CliRunner, exported: Path, tmp_path: Path) -> None:
    started = runner.invoke(cli, ["playtest", "start", "lantern-guild", "--players", "Ann,Ben", "--project",
                                  "my-game", "--no-times"], input="")
    assert started.exit_code == 0, started.output
    (tmp_path / "my-game").rename(tmp_path / "renamed")
    lost = runner.invoke(cli, ["playtest", "add", "2", "Ann: buy Star"])
    assert lost.exit_code == 2 and "cannot find the project" in lost.output
    found = runner.invoke(cli, ["playtest", "add", "2", "Ann: buy Star", "--project", "renamed"])
    assert found.exit_code == 0
    # the declared referee is back: the row was never filled, so the table owed its refill before Ann's buy
    first = found.output.splitlines()[0]  # the row's note, then what was owed
    assert first.startswith("✗ line 9 lantern-guild/moves-refill-due: ") and "the table owed refill" in first
    resumed = runner.invoke(cli, ["playtest", "resume", "2", "--project", "renamed"], input="")
    assert resumed.exit_code == 0 and "Recording session 2" in resumed.output


def test_the_simulation_library_writes_portable_logs(tmp_path: Path) -> None:
    from playproof.playtest.games import resolve_engine
    from playproof.playtest.simulate import run_simulation

    project = tmp_path / "lantern-guild"
    shutil.copytree(EXAMPLE, project)
    run_simulation(resolve_engine("lantern-guild", project), 2, 1, 3, logs=tmp_path / "out" / "logs",
                   project=project)
    header = read_log(next((tmp_path / "out" / "logs").glob("*.log"))).header
    assert header["Project"] == "../../lantern-guild" and header["Referee"] == "declared"


def test_a_declared_log_is_refused_by_a_project_that_declares_no_rules(runner: CliRunner, exported: Path,
                                                                       tmp_path: Path) -> None:
    (tmp_path / "my-game" / "components.xlsx").unlink()  # a folder of that name, now without its rules
    (tmp_path / "my-game" / "Cards.csv").write_text("name\nLamp\n")
    skipped = runner.invoke(cli, ["audit", "logs/s1.log"])  # a folder without rules is not taken for the project
    assert skipped.exit_code == 2 and skipped.output.startswith("logs/s1.log:4: cannot find the project")
    result = runner.invoke(cli, ["audit", "logs/s1.log", "--project", "my-game"])
    assert result.exit_code == 2
    assert result.output.startswith(f"logs/s1.log:5: this log was refereed by rules declared in its project, but "
                                    f"{(tmp_path / 'my-game').resolve()} declares none now (no Moves sheet)")
