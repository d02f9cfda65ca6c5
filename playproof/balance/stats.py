"""Answers with error bars: win rates with Wilson intervals, score and length distributions, components.

Everything here is kept as counts and sums, so memory stays flat however many games are played,
and two summaries of consecutive batches merge into the summary of both (in order, so the same
games give the same numbers whatever the number of processes).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054
SMALL_SAMPLE = 30
"""Below this many games (or takers), a rate is shown with a warning that the sample is small."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion (95 % by default); (0, 1) with no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Rate:
    """A proportion with its 95 % interval."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        """Return the proportion (0 with no trials)."""
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Return the Wilson 95 % interval."""
        return wilson(self.successes, self.trials)

    @property
    def small(self) -> bool:
        """Return True when the sample is too small to read much into."""
        return self.trials < SMALL_SAMPLE

    def text(self) -> str:
        """Return `41.0 % [38.0, 44.1]`, with a warning mark for a small sample."""
        low, high = self.interval
        warn = " (small sample)" if self.small else ""
        return f"{100 * self.value:.1f} % [{100 * low:.1f}, {100 * high:.1f}]{warn}"

    def to_dict(self) -> dict[str, Any]:
        """Return the rate as JSON-ready data."""
        low, high = self.interval
        return {"rate": self.value, "low": low, "high": high, "n": self.trials, "small_sample": self.small}


@dataclass
class Moments:
    """Count, mean and spread of a number, kept as running sums (Welford's method), plus its min and max."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0
    low: float = math.inf
    high: float = -math.inf

    def add(self, x: float) -> None:
        """Take one value into account."""
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)
        self.low, self.high = min(self.low, x), max(self.high, x)

    def merge(self, other: Moments) -> None:
        """Take another batch's moments into account (Chan's parallel formula)."""
        if not other.n:
            return
        n = self.n + other.n
        delta = other.mean - self.mean
        self.m2 += other.m2 + delta * delta * self.n * other.n / n
        self.mean += delta * other.n / n
        self.n, self.low, self.high = n, min(self.low, other.low), max(self.high, other.high)

    @property
    def sd(self) -> float:
        """Return the sample standard deviation."""
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Return the moments as JSON-ready data."""
        if not self.n:
            return {"n": 0}
        return {"n": self.n, "mean": self.mean, "sd": self.sd, "min": self.low, "max": self.high}


@dataclass
class GameResult:
    """What one game showed: the seats' scores and wins, its length, and who took which component."""

    index: int
    scores: list[int]
    winners: list[int]
    moves: int
    rounds: int
    taken: dict[str, list[int]] = field(default_factory=dict)
    """Component (or move kind) -> the seats that took it at least once."""


@dataclass
class Summary:
    """Many games summed up: wins by seat, scores, lengths, and each component's takers and their wins."""

    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    scores: list[Moments] = field(default_factory=list)
    moves: Moments = field(default_factory=Moments)
    rounds: Moments = field(default_factory=Moments)
    score_counts: Counter[int] = field(default_factory=Counter)
    taken: Counter[str] = field(default_factory=Counter)
    takers_won: Counter[str] = field(default_factory=Counter)
    """Component -> how many of the seats that took it won (shared wins as shares): taken by winners."""
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.players
        self.scores = self.scores or [Moments() for _ in range(self.players)]

    def add(self, game: GameResult) -> None:
        """Take one game into account (a shared win counts as a share for each winner)."""
        self.games += 1
        share = 1.0 / len(game.winners) if game.winners else 0.0
        for seat in game.winners:
            self.wins[seat] += share
        for seat, score in enumerate(game.scores):
            self.scores[seat].add(score)
            self.score_counts[score] += 1
        self.moves.add(game.moves)
        self.rounds.add(game.rounds)
        for component, seats in game.taken.items():
            self.taken[component] += len(seats)
            self.takers_won[component] += sum(share for s in seats if s in game.winners)

    def merge(self, other: Summary) -> None:
        """Take a later batch's summary into account."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        for mine, theirs in zip(self.scores, other.scores):
            mine.merge(theirs)
        self.moves.merge(other.moves)
        self.rounds.merge(other.rounds)
        for mine, theirs in ((self.score_counts, other.score_counts), (self.taken, other.taken),
                             (self.takers_won, other.takers_won)):
            mine.update(theirs)

    def seat_rates(self) -> list[Rate]:
        """Return each seat's win rate with its interval."""
        return [Rate(w, self.games) for w in self.wins]

    def first_player_advantage(self) -> tuple[Rate, float]:
        """Return the first seat's win rate and the even share (1 / players) it is compared with."""
        return Rate(self.wins[0], self.games), 1.0 / self.players

    def component_rates(self) -> list[tuple[str, int, Rate]]:
        """Return per component, most taken first: times taken (by winners: the rate's successes, by others: the
        rest) and the win rate of the players who took it."""
        return [(c, times, Rate(self.takers_won[c], times)) for c, times in self.taken.most_common()]

    def to_dict(self) -> dict[str, Any]:
        """Return the summary as JSON-ready data."""
        rate, even = self.first_player_advantage()
        return {"games": self.games, "players": self.players, "seconds": self.seconds,
                "win_rate_by_seat": [r.to_dict() for r in self.seat_rates()],
                "first_player": {**rate.to_dict(), "even": even},
                "score_by_seat": [m.to_dict() for m in self.scores],
                "score_distribution": {str(k): v for k, v in sorted(self.score_counts.items())},
                "moves": self.moves.to_dict(), "rounds": self.rounds.to_dict(),
                        "components": [{"component": c, "taken": n, "by_winners": r.successes, "by_others": n - r.successes,
                                "takers_win_rate": r.to_dict()} for c, n, r in self.component_rates()]}
