"""Answers with error bars: win rates with Wilson intervals, score and length distributions, components.

Everything here is kept as counts and sums, so memory stays flat however many games are played,
and two summaries of consecutive batches merge into the summary of both (in order, so the same
games give the same numbers whatever the number of processes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import Any

from playproof.insights.arc import ArcTally, arc_of
from playproof.insights.stats import SMALL_SAMPLE, Z95, Moments, Rate, wilson  # noqa: F401  (shared names)


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
    by_round: list[list[int]] = field(default_factory=list)
    """Scores by seat at the end of each round (for the arc of the game)."""
    held: dict[str, list[int]] | None = None
    """Component -> the seats holding it at the game's end (None when the engine cannot say what players hold)."""


def _tally(counts: Counter[str], won: Counter[str], seats_of: dict[str, list[int]], winners: list[int],
           share: float) -> None:
    """Add each component's seats to `counts`, and to `won` the share of each of them that won: the sum of `share`
    once per winning seat, as `sum()` adds it (an int 0 when none won), read from `_won_shares` by how many won."""
    won_by = set(winners)
    sums = _won_shares(share, len(won_by))
    count_of, won_of = counts.get, won.get
    if len(won_by) == 1:  # the usual game: one winner, among a component's seats at most once
        (winner,) = won_by
        for component, seats in seats_of.items():
            counts[component] = count_of(component, 0) + len(seats)
            k = seats.count(winner)
            won[component] = won_of(component, 0) + (sums[k] if k < 2 else sum(repeat(share, k)))
        return
    for component, seats in seats_of.items():
        counts[component] = count_of(component, 0) + len(seats)
        k = sum(map(seats.count, won_by))
        won[component] = won_of(component, 0) + (sums[k] if k < len(sums) else sum(repeat(share, k)))


@lru_cache(maxsize=64)
def _won_shares(share: float, most: int) -> tuple[float, ...]:
    """Return the sum of k shares for k = 0..most, added one by one as `sum()` adds them (k = 0: the int 0)."""
    return tuple(sum(repeat(share, k)) for k in range(most + 1))


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
    held: Counter[str] = field(default_factory=Counter)
    """Component -> how many seats held it at the end of a game (each seat once a game)."""
    holders_won: Counter[str] = field(default_factory=Counter)
    """Component -> how many of the seats holding it at the end won (shared wins as shares)."""
    holding_games: int = 0
    """Games whose engine said what each player held at the end (the holders' rates count only these)."""
    arc: ArcTally = field(default_factory=ArcTally)
    unfinished: list[dict[str, Any]] = field(default_factory=list)
    """Games that could not go on (no legal move, no end): seed, reason, last moves, state. Not in `games`."""
    cooperative: bool = False
    """The players win or lose together: the answer is how often they win, not who."""
    won_together: int = 0
    """Games the players of a cooperative game won."""

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.players
        self.scores = self.scores or [Moments() for _ in range(self.players)]

    def add(self, game: GameResult) -> None:
        """Take one game into account (a shared win counts as a share for each winner)."""
        self.games += 1
        self.won_together += bool(game.winners) and self.cooperative
        share = 1.0 if self.cooperative else 1.0 / len(game.winners) if game.winners else 0.0  # together: each won
        for seat in game.winners:
            self.wins[seat] += share
        counts, count_of = self.score_counts, self.score_counts.get
        for seat, score in enumerate(game.scores):
            self.scores[seat].add(score)
            counts[score] = count_of(score, 0) + 1
        self.moves.add(game.moves)
        self.rounds.add(game.rounds)
        if game.taken:
            _tally(self.taken, self.takers_won, game.taken, game.winners, share)
        if game.by_round:
            self.arc.add(arc_of(game.by_round, game.winners))
        if game.held is not None:
            self.holding_games += 1
            _tally(self.held, self.holders_won, game.held, game.winners, share)

    def merge(self, other: Summary) -> None:
        """Take a later batch's summary into account."""
        self.games += other.games
        self.cooperative = self.cooperative or other.cooperative
        self.won_together += other.won_together
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        for mine, theirs in zip(self.scores, other.scores):
            mine.merge(theirs)
        self.moves.merge(other.moves)
        self.rounds.merge(other.rounds)
        for mine, theirs in ((self.score_counts, other.score_counts), (self.taken, other.taken),
                             (self.takers_won, other.takers_won), (self.held, other.held),
                             (self.holders_won, other.holders_won)):
            mine.update(theirs)
        self.holding_games += other.holding_games
        self.arc.merge(other.arc)
        self.unfinished.extend(other.unfinished)

    def seat_rates(self) -> list[Rate]:
        """Return each seat's win rate with its interval."""
        return [Rate(w, self.games) for w in self.wins]

    def together_rate(self) -> Rate:
        """Return how often the players of a cooperative game won together."""
        return Rate(self.won_together, self.games)

    def first_player_advantage(self) -> tuple[Rate, float]:
        """Return the first seat's win rate and the even share (1 / players) it is compared with."""
        return Rate(self.wins[0], self.games), 1.0 / self.players

    def component_rates(self) -> list[tuple[str, int, Rate]]:
        """Return per component, most taken first: times taken (by winners: the rate's successes, by others: the
        rest) and the win rate of the players who took it."""
        return [(c, times, Rate(self.takers_won[c], times)) for c, times in self.taken.most_common()]

    def holder_rates(self) -> list[tuple[str, int, Rate]]:
        """Return per component held at a game's end, most held first: how many seats held it and their win rate."""
        return [(c, times, Rate(self.holders_won[c], times)) for c, times in self.held.most_common()]

    def hold_rate(self, component: str) -> Rate:
        """Return how often a seat held a component at the end (of every seat in the games whose holdings are known)."""
        return Rate(self.held[component], self.holding_games * self.players)

    def even(self) -> float:
        """Return the even share of a win: what a seat (or a component's taker) wins if it makes no difference (in a
        cooperative game, how often the players won together)."""
        if self.cooperative:
            return self.together_rate().value
        return 1.0 / self.players if self.players else 0.0

    def take_rate(self, component: str) -> Rate:
        """Return how often a seat took a component in a game (of every seat in every game)."""
        return Rate(self.taken[component], self.games * self.players)

    def to_dict(self) -> dict[str, Any]:
        """Return the summary as JSON-ready data (every rate with its sample-size advice against an even share)."""
        rate, even = self.first_player_advantage()
        together = {"cooperative": True, "won_together": self.together_rate().to_dict()} if self.cooperative else {}
        return {"games": self.games, "players": self.players, "seconds": self.seconds, **together,
                "win_rate_by_seat": [r.to_dict(even) for r in self.seat_rates()],
                "first_player": {**rate.to_dict(even), "even": even},
                "score_by_seat": [m.to_dict() for m in self.scores],
                "score_distribution": {str(k): v for k, v in sorted(self.score_counts.items())},
                "moves": self.moves.to_dict(), "rounds": self.rounds.to_dict(), "arc": self.arc.to_dict(),
                "unfinished": self.unfinished,
                "components": [{"component": c, "taken": n, "by_winners": r.successes, "by_others": n - r.successes,
                                "take_rate": self.take_rate(c).to_dict(), "takers_win_rate": r.to_dict(even, "takes")}
                               for c, n, r in self.component_rates()],
                "holding_games": self.holding_games,
                "holders": [{"component": c, "held": n, "by_winners": r.successes, "by_others": n - r.successes,
                             "hold_rate": self.hold_rate(c).to_dict(), "holders_win_rate": r.to_dict(even, "holders")}
                            for c, n, r in self.holder_rates()]}
