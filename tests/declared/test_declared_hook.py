"""A declared game with a Python hook for the one rule its sheets cannot say (docs/rules-sheets.md)."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from declared_helpers import ROOT
from playproof.cli import cli
from playproof.scaffold import create_project

HOOK = Path(__file__).resolve().parent / "hook_example.py"
LOG = "\n".join(['[Game "my-game"]', '[Players "Ann, Ben"]', "", "table: refill Lighthouse", "table: refill Lighthouse",
                 "table: refill Market"] + ["Ann: collect", "Ben: collect"] * 4 + ["Ann: buy Lighthouse",
                 "table: refill Harbour", "Ben: collect"] + ["Ann: collect", "Ben: collect"] * 6
                + ["Ann: buy Lighthouse"]) + "\n"
"""Ann buys a Lighthouse with 6 coins, then a second one 6 collects later (line 30)."""


def test_the_docs_show_the_tested_hook() -> None:
    docs = (ROOT / "docs" / "rules-sheets.md").read_text()
    block = re.search(r"```python\n(.*?)```", docs, re.S).group(1)
    assert HOOK.read_text().split('"""\n\n', 1)[1] == block


@pytest.fixture
def hooked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new game `my-game` with the hook module beside its workbook, importable as my_game_rules."""
    create_project(tmp_path / "my-game")
    shutil.copy(HOOK, tmp_path / "my-game" / "my_game_rules.py")
    monkeypatch.syspath_prepend(str(tmp_path / "my-game"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.log").write_text(LOG)
    yield tmp_path
    sys.modules.pop("my_game_rules", None)


def test_the_hook_reports_its_rule_and_the_declared_ones_still_apply(hooked: Path) -> None:
    result = CliRunner().invoke(cli, ["audit", "two.log", "--engine", "my_game_rules:ENGINE"])
    assert result.output.splitlines()[0] == \
        "two.log:30 my-game/house-one-lighthouse Ann already owns a Lighthouse"
    assert result.exit_code == 1


def test_without_the_hook_the_declared_rules_allow_it(hooked: Path) -> None:
    (hooked / "my-game" / "playtests" / "two.log").write_text(LOG)
    result = CliRunner().invoke(cli, ["audit", "my-game/playtests/two.log"])
    assert result.output == "my-game/playtests/two.log: 0 violation(s) in 27 moves\n"



def test_legal_moves_leave_out_what_the_hook_refuses(hooked: Path) -> None:
    import importlib

    from playproof.playtest.declared import declared_engine
    from playproof.playtest.engine import Event, Setup

    hooked_cls = importlib.import_module("my_game_rules").ENGINE
    plain_cls = declared_engine(hooked / "my-game", "my-game")
    lines = [line for line in LOG.splitlines()[3:-1]]  # everything before Ann's second Lighthouse
    engines = [cls(Setup(("Ann", "Ben"), project=hooked / "my-game")) for cls in (hooked_cls, plain_cls)]
    for engine in engines:
        for line in lines:
            actor, _, rest = line.partition(": ")
            verb, _, args = rest.partition(" ")
            engine.apply(Event(1, actor, verb, args))
    hooked_moves, plain_moves = (e.decision().moves for e in engines)
    assert "buy Lighthouse" in plain_moves and "buy Lighthouse" not in hooked_moves
