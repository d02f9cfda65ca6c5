"""`playproof docs`: the guide is installed with the package and printed by topic."""

from __future__ import annotations

import tomllib
from pathlib import Path

from click.testing import CliRunner

from playproof.cli import cli
from playproof.docs import TOPICS, docs_folder

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_of_the_guide_is_a_topic_and_installed():
    assert sorted(TOPICS) == sorted(p.stem for p in (ROOT / "docs").glob("*.md"))
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    assert table["share/playproof/docs"] == ["docs/*.md"]
    assert docs_folder() == ROOT / "docs"


def test_docs_prints_a_topic():
    result = CliRunner().invoke(cli, ["docs", "layouts"])
    assert result.exit_code == 0
    assert result.output == (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")


def test_docs_lists_the_topics():
    result = CliRunner().invoke(cli, ["docs"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[1] == "layouts        layouts.toml: how each component set is drawn"
    assert len(lines) == len(TOPICS) + 1
    assert lines[-1] == "read one with: playproof docs layouts"


def test_an_unknown_topic_suggests_one():
    result = CliRunner().invoke(cli, ["docs", "layots"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        'Error: no docs topic "layots"; did you mean "layouts"? (topics: workbook, layouts, cli-print, limits, '
        "your-own-game, rules-sheets, playtest, log-format, simulate, design-loop)")
