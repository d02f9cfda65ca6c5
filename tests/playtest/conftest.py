"""Shared fixtures for the playtest framework tests: the toy Nim engine, registered for the test."""

from __future__ import annotations

from typing import Iterator

import pytest

from playproof.playtest import games


@pytest.fixture
def nim() -> Iterator[str]:
    """Register the toy Nim engine as game `nim-test` for one test."""
    saved = dict(games.MODULES)
    games.register("nim-test", "playtest_toy_nim")
    yield "nim-test"
    games.MODULES.clear()
    games.MODULES.update(saved)
