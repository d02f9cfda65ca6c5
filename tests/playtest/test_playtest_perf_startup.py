"""Start-up: the CLI imports only click and small modules; each command imports what it uses when it runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules_after(code: str) -> set[str]:
    """Return the modules a fresh interpreter holds after running some code in the checkout."""
    script = f"import sys\n{code}\nprint('\\n'.join(sys.modules))"
    found = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(found.stdout.split())


def test_importing_the_cli_imports_no_heavy_library() -> None:
    loaded = modules_after("from playproof.cli import main, cli")
    heavy = {"reportlab", "openpyxl", "starlette", "svgwrite", "svglib", "sqlite3", "playproof.output.build",
             "playproof.layouts.compose", "playproof.playtest.audit", "playproof.balance.runner"}
    assert heavy & loaded == set()


def test_help_lists_every_command_without_heavy_imports() -> None:
    loaded = modules_after("from playproof.cli import cli\ntry:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass")
    assert not {"reportlab", "openpyxl", "starlette"} & loaded


def test_constants_copied_into_the_commands_match_their_sources() -> None:
    from playproof.commands import playtest_commands, print_commands
    from playproof.output.build import FORMATS
    from playproof.playtest.store import DB_ENV

    assert print_commands.FORMATS == tuple(FORMATS) and playtest_commands.DB_ENV == DB_ENV
