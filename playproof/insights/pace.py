"""Pace: time per turn by player and by phase, downtime between a player's turns, game length."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from playproof.insights.records import GameRecord, Turn
from playproof.insights.stats import Spread, spread


@dataclass
class Pace:
    """Distributions of turn time (by player, by phase), downtime by player, and game length."""

    by_player: dict[str, Spread]
    by_phase: dict[str, Spread]
    downtime: dict[str, Spread]
    minutes: Spread
    rounds: Spread
    moves: Spread

    def empty(self) -> bool:
        """Return True when no game had anything to measure."""
        return not (self.by_player or self.minutes.n or self.rounds.n)

    def rows(self) -> list[tuple[str, str, Spread, str]]:
        """Return (what, whose or which, distribution, unit) rows for reports, leaving out what was not measured."""
        rows = [("game length", "minutes", self.minutes, " min"), ("game length", "rounds", self.rounds, ""),
                ("game length", "moves", self.moves, "")]
        rows += [("turn seconds", p, s, " s") for p, s in self.by_player.items()]
        rows += [("turn seconds", f"phase {ph}", s, " s") for ph, s in self.by_phase.items()]
        rows += [("downtime seconds", p, s, " s") for p, s in self.downtime.items()]
        return [r for r in rows if r[2].n]

    def to_dict(self) -> dict[str, Any]:
        """Return the pace as JSON-ready data."""
        return {"turn_seconds_by_player": {k: v.to_dict() for k, v in self.by_player.items()},
                "turn_seconds_by_phase": {k: v.to_dict() for k, v in self.by_phase.items()},
                "downtime_seconds_by_player": {k: v.to_dict() for k, v in self.downtime.items()},
                "minutes": self.minutes.to_dict(), "rounds": self.rounds.to_dict(), "moves": self.moves.to_dict()}


def downtimes(turns: Iterable[Turn]) -> dict[str, list[int]]:
    """Return, per player, the seconds between the end of each of their turns and the start of their next one."""
    last_end: dict[str, int] = {}
    found: dict[str, list[int]] = {}
    for turn in turns:
        if turn.player in last_end:
            found.setdefault(turn.player, []).append(max(0, turn.start - last_end[turn.player]))
        last_end[turn.player] = turn.end
    return found


def pace_of(records: list[GameRecord]) -> Pace:
    """Return the pace of the games (turns of every game pooled by player name and by phase)."""
    by_player: dict[str, list[float]] = {}
    by_phase: dict[str, list[float]] = {}
    waits: dict[str, list[float]] = {}
    for record in records:
        for turn in record.turns:
            by_player.setdefault(turn.player, []).append(turn.seconds)
            if turn.phase:
                by_phase.setdefault(turn.phase, []).append(turn.seconds)
        for player, values in downtimes(record.turns).items():
            waits.setdefault(player, []).extend(values)
    return Pace({k: spread(v) for k, v in by_player.items()}, {k: spread(v) for k, v in by_phase.items()},
                {k: spread(v) for k, v in waits.items()},
                spread([r.minutes for r in records if r.minutes is not None]),
                spread([len(r.rounds) for r in records if r.rounds]), spread([r.moves for r in records]))
