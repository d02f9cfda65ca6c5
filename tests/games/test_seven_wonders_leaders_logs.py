"""7 Wonders Leaders logs through the framework: hidden plays, reveals, corrections, terse deals."""

from __future__ import annotations

from pathlib import Path

import pytest

from playproof.playtest.audit import audit_log
from playproof.playtest.engine import Status
from playproof.playtest.logparse import parse_log

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "7-wonders-leaders" / "playtests" / "three-cities.log"


def first_turn(*moves: str) -> str:
    """Return the example game up to Age I's first turn, then the given lines."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[: lines.index("-- Turn 1 --") + 1] + list(moves)) + "\n"


def findings(text: str) -> list[tuple[int, str, Status]]:
    """Audit a log text and return (line, rule slug, status) per finding."""
    result = audit_log(parse_log(text, "test.log"))
    assert result.readable, result.problems
    return [(f.line, f.rule.split("/")[1], f.status) for f in result.findings]


def test_a_hidden_discard_is_undetermined_until_revealed() -> None:
    text = first_turn("Ann: discard ?", "Ben: build Press", "Cat: build Lumber Yard")
    line = len(text.splitlines()) - 2
    assert findings(text) == [(line, "play-in-hand", Status.UNDETERMINED)]
    assert findings(text + f"reveal {line}: Stone Pit\ntable: coins Ann 7\n") == []
    assert findings(text + f"reveal {line}: Palace\n") == [(line, "move-syntax", Status.VIOLATION)]


def test_an_amended_move_is_checked_instead() -> None:
    text = first_turn("Ann: build Baths", "Ben: build Press", "Cat: build Lumber Yard")
    line = len(text.splitlines()) - 2
    assert {(n, rule) for n, rule, _ in findings(text)} == {(line, "play-in-hand"), (line, "build-resources")}
    assert findings(text + f"amend {line}: Ann: build Stone Pit\n") == []


def test_the_example_game_ends_with_its_logged_scores() -> None:
    result = audit_log(parse_log(EXAMPLE.read_text(encoding="utf-8"), EXAMPLE.name))
    assert result.findings == [] and result.readable
    assert "table: score Cat 59" in EXAMPLE.read_text(encoding="utf-8")


def test_secret_draft_picks_are_checked_once_revealed() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    end = lines.index("== Age 1 ==")
    draft = lines[: end]
    n = draft.index("Ann: draft Leonidas") + 1
    draft[n - 1] = "Ann: draft ?"
    text = "\n".join(draft) + "\n"
    assert [(line, rule, status) for line, rule, status in findings(text) if line == n] == [
        (n, "leaders-draft-hand", Status.UNDETERMINED)]
    assert findings(text + f"reveal {n}: Leonidas\n") == []
    assert findings(text + f"reveal {n}: Hypatia\n")[0][:2] == (n, "leaders-draft-hand")


@pytest.mark.parametrize("name", ["three-cities.log", "two-players.log"])
def test_a_terse_log_without_deals_is_undetermined_not_wrong(name: str) -> None:
    lines = (EXAMPLE.parent / name).read_text(encoding="utf-8").splitlines()
    dealt = ("table: deal", "table: leaders", "table: coins", "table: draw")
    terse = [line for line in lines if not line.startswith(dealt)]
    result = audit_log(parse_log("\n".join(terse) + "\n", "terse.log"))
    assert result.readable and result.violations == []
    assert result.undetermined and {f.rule.split("/")[1] for f in result.undetermined} <= {
        "leaders-draft-hand", "recruit-in-hand", "play-in-hand", "salvage-discard"}
