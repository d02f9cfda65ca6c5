"""The arc of a game from its scores at the end of each round: lead changes, when it was decided, margins.

Kept as counts and running moments (`ArcTally`), so bots' games sum into it as they are played and
batches merge in order like the rest of a simulation's summary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from playproof.insights.stats import Moments, Rate


@dataclass(frozen=True)
class Arc:
    """One game's arc."""

    rounds: int
    lead_changes: int
    decided: int | None
    """The round after which a winner was always in the lead (ties included); None without rounds or a winner."""
    margin: int | None
    """The winner's final lead over the best other seat (0 on a shared win)."""
    early_leader_won: bool | None
    """Whether the leader after the first third of the rounds won (None when that round's lead was shared)."""
    comeback: int
    """The largest deficit behind the leader a winner made up (0 when a winner was never behind)."""

    def text(self) -> str:
        """Return `decided at round 5 of 9, 3 lead changes, margin 4`."""
        decided = f"decided at round {self.decided} of {self.rounds}" if self.decided else "no winner"
        margin = f", margin {self.margin}" if self.margin is not None else ""
        return f"{decided}, {self.lead_changes} lead change(s){margin}"


def leaders(scores: Sequence[int]) -> set[int]:
    """Return the seats with the highest score."""
    best = max(scores, default=0)
    return {s for s, v in enumerate(scores) if v == best}


def arc_of(rounds: Sequence[Sequence[int]], winners: Sequence[int]) -> Arc | None:
    """Return a game's arc from its scores by seat after each round (None when it has no rounds)."""
    if not rounds:
        return None
    changes, sole = 0, None
    for scores in rounds:
        top = leaders(scores)
        if len(top) == 1:  # a shared lead keeps the lead where it was
            (seat,) = top
            changes += sole is not None and seat != sole
            sole = seat
    won = set(winners)
    decided = None
    if won:
        decided = len(rounds)
        while decided > 1 and leaders(rounds[decided - 2]) & won:
            decided -= 1
    final = rounds[-1]
    others = [v for s, v in enumerate(final) if s not in won]
    margin = (max(final[s] for s in won) - max(others) if others else 0) if won else None
    third = leaders(rounds[max(0, -(-len(rounds) // 3) - 1)])
    early = (bool(third & won) if len(third) == 1 else None) if won else None
    comeback = max((max(r) - max(r[s] for s in won) for r in rounds), default=0) if won else 0
    return Arc(len(rounds), changes, decided, margin, early, comeback)


@dataclass
class ArcTally:
    """Many games' arcs summed up: lead changes, decided round (as a share of the game), margins, comebacks."""

    games: int = 0
    lead_changes: Moments = field(default_factory=Moments)
    decided_share: Moments = field(default_factory=Moments)
    """The decided round as a share of the game's rounds (1.0: decided in the last round)."""
    margin: Moments = field(default_factory=Moments)
    comeback: Moments = field(default_factory=Moments)
    early_leader_won: int = 0
    early_leader_games: int = 0
    runaway: int = 0
    """Games the leader after the first third of the rounds led to the end (decided by then)."""

    def add(self, arc: Arc | None) -> None:
        """Take one game's arc into account."""
        if arc is None:
            return
        self.games += 1
        self.lead_changes.add(arc.lead_changes)
        self.comeback.add(arc.comeback)
        if arc.decided is not None:
            self.decided_share.add(arc.decided / arc.rounds)
            self.runaway += arc.decided <= -(-arc.rounds // 3)
        if arc.margin is not None:
            self.margin.add(arc.margin)
        if arc.early_leader_won is not None:
            self.early_leader_games += 1
            self.early_leader_won += arc.early_leader_won

    def merge(self, other: ArcTally) -> None:
        """Take a later batch's tally into account."""
        self.games += other.games
        for name in ("lead_changes", "decided_share", "margin", "comeback"):
            getattr(self, name).merge(getattr(other, name))
        self.early_leader_won += other.early_leader_won
        self.early_leader_games += other.early_leader_games
        self.runaway += other.runaway

    def early_leader(self) -> Rate:
        """Return how often the leader after the first third of the game won."""
        return Rate(self.early_leader_won, self.early_leader_games)

    def runaway_rate(self) -> Rate:
        """Return how often a game was decided in its first third (a runaway leader)."""
        return Rate(self.runaway, self.games)

    def lines(self, players: int) -> list[tuple[str, str, str]]:
        """Return (measure, value, how to read it) rows for reports."""
        if not self.games:
            return []
        even = 1 / players if players else 0.5
        early, runaway = self.early_leader(), self.runaway_rate()
        return [
            ("lead changes", f"{self.lead_changes.mean:.1f} a game (sd {self.lead_changes.sd:.1f}, "
             f"{self.lead_changes.low:.0f}-{self.lead_changes.high:.0f})", "0 means one player led all game"),
            ("decided", f"after {100 * self.decided_share.mean:.0f} % of the rounds on average",
             "the round after which a winner was never behind"),
            ("final margin", f"{self.margin.mean:.1f} points (sd {self.margin.sd:.1f})" if self.margin.n else "-",
             "winner's lead over the best other seat"),
            ("runaway leader", runaway.text(), "games decided in their first third"),
            ("early leader wins", early.text() if early.trials else "-",
             f"{early.advice(even).text()} (even {100 * even:.0f} %)" if early.trials
             else "the lead after the first third was shared in every game"),
            ("largest comeback", f"{self.comeback.mean:.1f} points on average, at most "
             f"{self.comeback.high:.0f}", "deficit a winner made up"),
        ]

    def to_dict(self) -> dict[str, Any]:
        """Return the tally as JSON-ready data."""
        return {"games": self.games, "lead_changes": self.lead_changes.to_dict(),
                "decided_share": self.decided_share.to_dict(), "margin": self.margin.to_dict(),
                "comeback": self.comeback.to_dict(), "early_leader_wins": self.early_leader().to_dict(),
                "runaway": self.runaway_rate().to_dict()}
