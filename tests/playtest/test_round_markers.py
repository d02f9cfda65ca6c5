"""Round markers checked against the referee's own round: a warning on the marker's line when they differ."""

from __future__ import annotations

from pathlib import Path

import pytest

from playproof.errors import Severity
from playproof.playtest.audit import audit_file, audit_log
from playproof.playtest.logparse import parse_log
from playproof.playtest.markers import numbered

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(("label", "parts"), [("3", ("round", 3)), ("Round 3", ("round", 3)), ("Age 2", ("age", 2)),
                                              ("Set-up", None), ("turn 5, hour 5", None), ("Leaders", None)])
def test_a_label_names_a_numbered_round_or_nothing(label: str, parts: tuple[str, int] | None) -> None:
    assert numbered(label) == parts


def _warnings(result) -> list[tuple[int | None, str]]:
    return [(p.location.line if p.location else None, p.message) for p in result.problems
            if p.severity is Severity.WARNING]


def test_markers_where_the_referee_is_are_quiet_and_one_off_by_a_round_is_a_warning() -> None:
    folder = EXAMPLES / "who-will-reign" / "playtests"
    assert _warnings(audit_file(folder / "royal-succession.log")) == []
    text = (folder / "royal-succession.log").read_text()
    assert "== Round 3 ==" in text
    shifted = audit_log(parse_log(text.replace("== Round 3 ==", "== Round 4 =="), "shifted.log"))
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if row.strip() == "== Round 3 ==")
    assert _warnings(shifted) == [(line, "the marker says round 4, but the referee is in round 3 (a move missing "
                                         "or extra before it, or the marker is wrong)")]
    assert shifted.findings == []  # a legal game still: the marker is a warning, never a finding


def test_labels_of_other_kinds_are_not_compared() -> None:
    log = EXAMPLES / "7-wonders-leaders" / "playtests" / "three-cities.log"  # `== Set-up ==` against `Leaders`
    assert _warnings(audit_file(log)) == []
    text = log.read_text().replace("== Age 2 ==", "== Age 3 ==", 1)
    assert [m for _, m in _warnings(audit_log(parse_log(text, "aged.log")))] == [
        "the marker says age 3, but the referee is in age 2 (a move missing or extra before it, or the marker is "
        "wrong)"]
