"""Recorder traps: a legal move that is also a command is the move; a bare move is a player's, never the table's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from declared_helpers import EXAMPLES
from playproof.cli import cli


@pytest.fixture
def guild(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lantern Guild (a game with a move called `end`) in the test's folder, with its session database there."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    shutil.copytree(EXAMPLES / "lantern-guild", tmp_path / "lantern-guild")
    return tmp_path / "lantern-guild"


def record(lines: list[str]) -> str:
    result = CliRunner().invoke(cli, ["playtest", "start", "lantern-guild", "--players", "Ann,Ben", "--no-times"],
                                input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


DEAL = ["table: refill Lamp", "table: refill Wick", "table: refill Star", "table: refill Beacon"] + \
    [f"table: draw {p} Spark" for p in ("Ann", "Ben") for _ in range(5)]


def test_a_legal_move_called_end_is_recorded_as_the_move(guild: Path) -> None:
    output = record(DEAL + ["end", "state", "end session"])
    assert "`end` is a move now: recorded as a move (`end session` finishes the session)" in output
    assert "session 1 ended" in output
    shown = CliRunner().invoke(cli, ["playtest", "show", "1"])
    assert "Ann: end" in shown.output


def test_end_finishes_the_session_when_it_is_no_move(guild: Path) -> None:
    output = record(["end"])  # the table must refill first: `end` is no legal move, so it ends the session
    assert "session 1 ended" in output and "is a move now" not in output


def test_a_bare_move_is_never_silently_the_tables(guild: Path) -> None:
    output = record(["refill Lamp", "end session"])
    assert "Error: `refill` is the table's move: write `table: refill Lamp`" in output
    assert "✓ line" not in output
    later = record(DEAL + ["refill Lamp", "end session"])  # Ann's turn: a bare table verb is still never hers
    assert "Error: `refill` is the table's move: write `table: refill Lamp`" in later
    assert "Ann: refill" not in CliRunner().invoke(cli, ["playtest", "show", "2"]).output
    done = record(DEAL + ["play Spark", "end session"])
    assert "✓ line" in done
    shown = CliRunner().invoke(cli, ["playtest", "show", "3"])
    assert "Ann: play Spark" in shown.output
