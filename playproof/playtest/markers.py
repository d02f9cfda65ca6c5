"""Round markers checked against the referee: `== Round 4 ==` written while the referee is still in round 3.

A marker is the table's note of where the game is, and the referee keeps its own count; when both name a round
by a number (`== Round 4 ==` and the engine's round label `Round 3` or `3`, or `== Age 2 ==` and `Age 1`) and
the numbers differ, the audit warns on the marker's line: a move is missing or extra before it, or the marker
is wrong. Labels that do not name the same kind of round (`== Set-up ==`, Four Sisters' hours) are not compared.
"""

from __future__ import annotations

import re

from playproof.errors import Location, Problem, Severity
from playproof.playtest.engine import Engine, Event, EventKind
from playproof.playtest.logmodel import EntryKind, Log

NUMBERED = re.compile(r"(?:([A-Za-z]+)\s+)?(\d+)")


def numbered(label: str) -> tuple[str, int] | None:
    """Return (kind, number) of a round label (`Round 3`, `3`: round 3; `Age 2`), or None when it has no number."""
    match = NUMBERED.fullmatch(label.strip())
    if match is None:
        return None
    return (match.group(1) or "round").lower(), int(match.group(2))


def has_round_markers(log: Log) -> bool:
    """Return True when a log has a round marker (`== Round 2 ==`)."""
    return any(e.kind is EntryKind.MARKER and e.verb == "round" for e in log)


class MarkerCheck:
    """An observer of a replay (`replay.run`): after each round marker, compare it with the engine's round."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: list[Problem] = []

    def observe(self, engine: Engine, event: Event) -> None:
        """Warn when a round marker names another round of the same kind than the referee is in."""
        if event.kind is not EventKind.MARKER or event.verb != "round":
            return
        said, label = numbered(event.args), engine.round_label()
        now = numbered(label)
        if said is None or now is None or said[0] != now[0] or said[1] == now[1]:
            return
        self.problems.append(Problem(
            Location(self.name, line=event.line),
            f"the marker says {said[0]} {said[1]}, but the referee is in {now[0]} {now[1]} (a move missing or "
            "extra before it, or the marker is wrong)", Severity.WARNING))
