"""Fixtures of the web app tests: an app over a temporary database, the Nim example, a served app and a browser."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest

from webserve import CHROMIUM, CHROMIUM_ARGS, Served, free_port  # noqa: E402


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A running `playproof serve` over a fresh database."""
    server = Served(tmp_path / "sessions.db", free_port(), tmp_path / "serve.log").start()
    yield server
    server.stop()


def browser_missing() -> str:
    """Return why no real browser can run the tests here, or an empty string when one can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Python Playwright is not installed (pip install playwright)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    return ""


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """A headless Debian chromium driven by Playwright (skipped outside CI when missing; CI fails instead)."""
    reason = browser_missing()
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"browser tests cannot run in CI: {reason}")
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
