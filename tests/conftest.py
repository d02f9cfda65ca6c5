"""Shared fixtures for the playtest framework tests: the Nim plugin example, registered for the test."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import pytest

from playproof.playtest import games

NIM_PLUGIN = Path(__file__).resolve().parents[1] / "examples" / "plugins" / "nim"
"""The documented example of a designer's own Python engine (a plugin package); the framework tests play it."""
if str(NIM_PLUGIN) not in sys.path:
    sys.path.insert(0, str(NIM_PLUGIN))


@pytest.fixture
def nim() -> Iterator[str]:
    """Register the Nim example engine as game `nim` for one test."""
    saved = dict(games.MODULES)
    games.register("nim", "playproof_nim")
    yield "nim"
    games.MODULES.clear()
    games.MODULES.update(saved)


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> "CliRunner":
    """A CliRunner working in the test's folder, with its own session database there."""
    from click.testing import CliRunner

    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    monkeypatch.chdir(tmp_path)
    return CliRunner()
