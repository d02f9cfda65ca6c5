"""`audit` and `report` take a folder of logs: every .log and .jsonl file in it, in name order."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.errors import PlayproofError
from playproof.playtest.sources import expand_sources

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with a clean log, a log with a finding, and a file that is no log."""
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(DATA / "nim-game.log", logs / "b-game.log")
    shutil.copy(DATA / "nim-game-mistakes.log", logs / "a-mistakes.log")
    (logs / "notes.txt").write_text("not a log\n", encoding="utf-8")
    return logs


def test_expand_sources_lists_the_logs_of_a_folder_in_name_order(folder: Path) -> None:
    assert expand_sources([str(folder), "12"]) == [str(folder / "a-mistakes.log"), str(folder / "b-game.log"), "12"]


def test_a_folder_with_no_log_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(PlayproofError, match="a folder with no log in it"):
        expand_sources([str(tmp_path)])


def test_audit_of_a_folder_audits_every_log_in_it(nim: str, folder: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    result = CliRunner().invoke(cli, ["audit", str(folder)])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "2 logs: 1 clean, 1 with violations, 0 unreadable"
    assert f"{folder / 'a-mistakes.log'}:9 nim/1-turn-order" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = CliRunner().invoke(cli, ["audit", str(empty)])
    assert refused.exit_code != 0 and "a folder with no log in it" in refused.output
    assert "Traceback" not in refused.output


def test_report_of_a_folder_reports_every_log_in_it(nim: str, folder: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    out = tmp_path / "report.json"
    result = CliRunner().invoke(cli, ["report", str(folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    sessions = json.loads(out.read_text(encoding="utf-8"))["sessions"]
    assert len(sessions) == 2
