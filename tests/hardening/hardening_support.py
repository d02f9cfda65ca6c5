"""Helpers for the bad-input corpus: run the CLI and check it failed the way the README promises."""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path
from typing import Callable, TypeVar

from click.testing import CliRunner, Result

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
EXAMPLES = ROOT / "examples"
T = TypeVar("T")
for helper in (TESTS / "print", TESTS / "playtest"):  # print_fixtures and the toy Nim engine
    if str(helper) not in sys.path:
        sys.path.insert(0, str(helper))


def invoke(args: list[str], input: str | None = None) -> Result:
    """Run the CLI in process, the way `playproof ...` does (exceptions are not caught by the runner)."""
    from playproof.cli import cli

    return CliRunner().invoke(cli, [str(a) for a in args], input=input, catch_exceptions=True)


def one_error(result: Result, code: int = 1) -> str:
    """Assert the run failed with `code`, no traceback and exactly one `Error:` line; return that line."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    return errors[0]


def no_parts(folder: Path) -> list[Path]:
    """Return every temporary `.part` file left under a folder."""
    return sorted(p for p in folder.rglob("*") if p.name.endswith(".part"))


def snapshot(folder: Path) -> dict[str, bytes]:
    """Return every file under a folder with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def peak_mb(action: Callable[[], T]) -> tuple[T, float]:
    """Run action and return its result and the peak of Python memory it allocated, in MB."""
    tracemalloc.start()
    try:
        result = action()
        return result, tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
