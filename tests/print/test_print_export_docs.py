"""Every option and format of `playproof build` is documented in docs/cli-print.md and the README."""

from __future__ import annotations

from pathlib import Path

from playproof.commands.print_commands import build_command
from playproof.output.build import FORMATS

ROOT = Path(__file__).resolve().parents[2]


def test_every_build_option_is_documented():
    docs = (ROOT / "docs" / "cli-print.md").read_text()
    options = [name for param in build_command.params for name in param.opts + param.secondary_opts
               if name.startswith("--")]
    assert [name for name in options if f"{name}" not in docs] == []


def test_every_format_is_documented_in_the_docs_and_the_readme():
    docs = (ROOT / "docs" / "cli-print.md").read_text()
    readme = (ROOT / "README.md").read_text()
    assert [f for f in FORMATS if f"--format {f}" not in docs] == []
    assert [f for f in FORMATS if f != "pdf" and f not in readme] == []
