"""Honest statistics shared by every source of games: Wilson intervals, running moments, sample-size advice.

Standard library only (math, statistics): a Wilson interval and a normal-approximation sample size
need no scipy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Sequence

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""
POWER = 0.8
"""The chance the advised number of games tells a difference of the observed size apart (80 %, the usual choice)."""
Z_POWER = NormalDist().inv_cdf(POWER)
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
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends: no 5e-17 from rounding
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def games_needed(rate: float, even: float, z: float = Z95, z_power: float = Z_POWER) -> int | None:
    """Return how many games tell a true rate `rate` from `even` (two-sided 95 %, 80 % power); None if equal.

    The normal-approximation size of a one-sample test of a proportion:
    n = ((z * sqrt(p0 (1 - p0)) + z_power * sqrt(p (1 - p))) / (p - p0))^2, rounded up.
    """
    difference = rate - even
    if abs(difference) < 1e-12:
        return None
    root = z * math.sqrt(even * (1 - even)) + z_power * math.sqrt(rate * (1 - rate))
    return math.ceil((root / difference) ** 2 - 1e-9)


@dataclass(frozen=True)
class Advice:
    """Whether a rate can be told from an even share yet, and roughly how many more games would tell it."""

    told: bool
    """True when the 95 % interval already excludes the even share."""
    more: int | None
    """About how many more games would tell a difference of the observed size (None: no difference observed)."""
    direction: str
    """`above`, `below` or `even`: where the observed rate lies against the even share."""

    unit: str = "games"
    """What the trials are: games for a seat, takes for a component (its takers' win rate counts takers)."""

    def text(self) -> str:
        """Return the advice as a short phrase ("needs about 140 more games")."""
        if self.told:
            return f"told apart: {self.direction} even"
        if self.more is None:
            return "no difference observed"
        return f"needs about {self.more:,} more {self.unit}"

    def to_dict(self) -> dict[str, Any]:
        """Return the advice as JSON-ready data."""
        return {"told_apart": self.told, "more": self.more, "unit": self.unit, "direction": self.direction,
                "text": self.text()}


def advise(successes: float, trials: int, even: float, unit: str = "games") -> Advice:
    """Return whether a rate differs from `even` at 95 %, and how many more trials a difference its size needs."""
    if trials <= 0:
        return Advice(False, None, "even", unit)
    rate = successes / trials
    low, high = wilson(successes, trials)
    direction = "above" if rate > even else "below" if rate < even else "even"
    if low > even or high < even:
        return Advice(True, 0, direction, unit)
    needed = games_needed(rate, even)
    return Advice(False, None if needed is None else max(needed - trials, 1), direction, unit)


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

    def advice(self, even: float, unit: str = "games") -> Advice:
        """Return whether this rate can be told from `even`, and how many more trials (`unit`) that needs."""
        return advise(self.successes, self.trials, even, unit)

    def text(self) -> str:
        """Return `41.0 % [38.0, 44.1]`, with a warning mark for a small sample."""
        low, high = self.interval
        warn = " (small sample)" if self.small else ""
        return f"{100 * self.value:.1f} % [{100 * low:.1f}, {100 * high:.1f}]{warn}"

    def to_dict(self, even: float | None = None, unit: str = "games") -> dict[str, Any]:
        """Return the rate as JSON-ready data (with the sample-size advice when an even share is given)."""
        low, high = self.interval
        data: dict[str, Any] = {"rate": self.value, "low": low, "high": high, "n": self.trials,
                                "small_sample": self.small}
        if even is not None:
            data["advice"] = self.advice(even, unit).to_dict()
        return data


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


def quantile(values: Sequence[float], q: float) -> float:
    """Return the q-quantile of sorted values by linear interpolation (the `inclusive` method); 0 when empty."""
    if not values:
        return 0.0
    position = q * (len(values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(values) - 1)
    return values[below] + (values[above] - values[below]) * (position - below)


@dataclass(frozen=True)
class Spread:
    """A distribution in five numbers: count, min, quartiles, max (and the mean)."""

    n: int
    low: float
    q1: float
    median: float
    q3: float
    high: float
    mean: float

    def text(self, unit: str = "") -> str:
        """Return `median 42 (quartiles 30-55, 12-90), n=31`."""
        if not self.n:
            return "-"
        return (f"median {self.median:.0f}{unit} (middle half {self.q1:.0f}-{self.q3:.0f}, "
                f"all {self.low:.0f}-{self.high:.0f}), n={self.n}")

    def to_dict(self) -> dict[str, Any]:
        """Return the distribution as JSON-ready data."""
        return {"n": self.n, "min": self.low, "q1": self.q1, "median": self.median, "q3": self.q3,
                "max": self.high, "mean": self.mean}


def spread(values: Sequence[float]) -> Spread:
    """Return the five-number summary (and mean) of some values."""
    ordered = sorted(values)
    if not ordered:
        return Spread(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    return Spread(len(ordered), ordered[0], quantile(ordered, 0.25), quantile(ordered, 0.5),
                  quantile(ordered, 0.75), ordered[-1], sum(ordered) / len(ordered))
