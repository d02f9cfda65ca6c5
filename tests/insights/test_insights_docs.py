"""Docs cannot drift: every option of `probe` is in docs/insights.md, and report's --bots options too."""

from __future__ import annotations

from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_probe_option_is_documented() -> None:
    from playproof.commands.insight_commands import COMMANDS

    docs = (DOCS / "insights.md").read_text(encoding="utf-8")
    options = {opt for c in COMMANDS for p in c.params for opt in p.opts if opt.startswith("--")}
    assert options and sorted(o for o in options if f"`{o}" not in docs) == []


def test_every_question_of_the_issue_has_its_section() -> None:
    docs = (DOCS / "insights.md").read_text(encoding="utf-8")
    for heading in ("## 1.", "## 2.", "## 3.", "## 4.", "## 5.", "## 6.", "## 7.", "## 8.", "## 9."):
        assert heading in docs
    assert "n = ((1.96 * sqrt(p0 (1 - p0)) + 0.84 * sqrt(p (1 - p))) / (p - p0))^2" in docs
    assert "`--bots greedy` with `--bot-games 300`" in (DOCS / "playtest.md").read_text(encoding="utf-8")
