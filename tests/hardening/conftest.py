"""Fixtures for the bad-input corpus (helpers are in hardening_support.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import hardening_support  # noqa: F401  (puts the print and playtest test helpers on sys.path)


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CliRunner whose session database lives in the test's folder."""
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    return CliRunner()
