"""Fixtures of the declared-rules tests (helpers are in declared_helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from declared_helpers import BASE, write_project  # noqa: E402


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The base declared game as a CSV project named `toy`."""
    return write_project(tmp_path / "toy", BASE)
