"""Humans beside bots: the same game at the same number of players, and where they disagree beyond their intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from playproof.balance.stats import Summary
from playproof.insights.stats import Moments, Rate


@dataclass(frozen=True)
class Side:
    """One measure for humans and for bots, and whether their 95 % intervals are apart."""

    what: str
    human: str
    bots: str
    apart: bool
    flag: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the row as JSON-ready data."""
        return {"what": self.what, "humans": self.human, "bots": self.bots, "disagree": self.apart,
                "flag": self.flag}


def apart(a: Rate, b: Rate) -> bool:
    """Return True when two rates' 95 % intervals do not overlap (both measured)."""
    if not a.trials or not b.trials:
        return False
    (alow, ahigh), (blow, bhigh) = a.interval, b.interval
    return ahigh < blow or bhigh < alow


def means_apart(a: Moments, b: Moments) -> bool:
    """Return True when two means differ by more than 1.96 standard errors of their difference (Welch)."""
    if a.n < 2 or b.n < 2:
        return False
    error = math.sqrt(a.sd ** 2 / a.n + b.sd ** 2 / b.n)
    return abs(a.mean - b.mean) > 1.96 * error if error else a.mean != b.mean


def _pct(rate: Rate) -> str:
    """Return `41 % [38, 44]`."""
    low, high = rate.interval
    return f"{100 * rate.value:.0f} % [{100 * low:.0f}, {100 * high:.0f}]"


def _rate_side(what: str, human: Rate, bots: Rate) -> Side:
    """Return one rate for humans and bots, flagged when their intervals are apart."""
    far = apart(human, bots)
    flag = f"{what}: bots {_pct(bots)}, humans {_pct(human)}" if far else ""
    return Side(what, _pct(human), _pct(bots), far, flag)


def _mean_side(what: str, human: Moments, bots: Moments, digits: int = 1) -> Side:
    """Return one mean for humans and bots, flagged when they differ beyond 1.96 standard errors."""
    far = means_apart(human, bots)
    h, b = f"{human.mean:.{digits}f}", f"{bots.mean:.{digits}f}"
    return Side(what, f"{h} (sd {human.sd:.{digits}f})", f"{b} (sd {bots.sd:.{digits}f})", far,
                f"{what}: bots {b}, humans {h}" if far else "")


@dataclass
class Beside:
    """Human sessions and bots' games of one game at one number of players, side by side."""

    game: str
    players: int
    bots: str
    humans: Summary
    machines: Summary
    rows: list[Side] = field(default_factory=list)
    version: str = ""
    """The version the human sessions were played on ("" when unknown); the bots play the workbook as it is now."""

    def flags(self) -> list[str]:
        """Return the disagreements beyond the intervals, as sentences."""
        return [row.flag for row in self.rows if row.apart]

    def to_dict(self) -> dict[str, Any]:
        """Return the comparison as JSON-ready data."""
        return {"game": self.game, "players": self.players, "version": self.version, "bots": self.bots,
                "human_games": self.humans.games,
                "bot_games": self.machines.games, "rows": [r.to_dict() for r in self.rows], "flags": self.flags()}


def in_wins(summary: Summary, component: str) -> Rate:
    """Return the share of wins in which the winner had taken a component (shared wins as shares)."""
    return Rate(summary.takers_won[component], summary.games)


def beside(game: str, players: int, bots: str, humans: Summary, machines: Summary) -> Beside:
    """Return human and bot play side by side: seat win rates, length, and each component's take and win rates."""
    found = Beside(game, players, bots, humans, machines)
    for seat, (h, b) in enumerate(zip(humans.seat_rates(), machines.seat_rates()), start=1):
        found.rows.append(_rate_side(f"seat {seat} wins", h, b))
    found.rows.append(_mean_side("moves a game", humans.moves, machines.moves, 0))
    if humans.arc.games and machines.arc.games:
        found.rows += [_mean_side("lead changes a game", humans.arc.lead_changes, machines.arc.lead_changes),
                       _rate_side("runaway leader (decided in the first third)", humans.arc.runaway_rate(),
                                  machines.arc.runaway_rate())]
    for component in sorted(set(humans.taken) | set(machines.taken), key=lambda c: -machines.taken[c]):
        h, b = in_wins(humans, component), in_wins(machines, component)
        side = _rate_side(f"{component} in wins", h, b)
        if side.apart:
            humans_did = "never take it" if not humans.taken[component] else f"in {100 * h.value:.0f} %"
            side = Side(side.what, side.human, side.bots, True,
                        f"bots take {component} in {100 * b.value:.0f} % of wins, humans {humans_did}")
        found.rows.append(side)
    return found


def play_beside(groups: list[tuple[str, int, Summary, str]], bots: str, games: int, seed: int = 1,
                engine: str | None = None, project: str | None = None,
                jobs: int = 1) -> tuple[list[Beside], list[str]]:
    """Play `games` bot games of each human group's game and number of players (once for all its versions);
    return them side by side, and why a group could not be played (a game without a referee, unknown bots...)."""
    from playproof.balance.runner import Plan, run_local
    from playproof.errors import PlayproofError
    from playproof.playtest.engine import example_project
    from playproof.playtest.games import find_project

    found: list[Beside] = []
    skipped: list[str] = []
    played: dict[tuple[str, int], Summary | None] = {}
    for game, players, humans, version in groups:
        if (game, players) not in played:
            folder = project or _folder(find_project(game) or example_project(game))
            try:
                played[game, players] = run_local(Plan(game, players, games, seed, bots, (), folder, engine), jobs)
            except PlayproofError as exc:  # the other groups are still compared
                played[game, players] = None
                skipped.append(f"{game}, {players} players: {exc}")
        machines = played[game, players]
        if machines is not None:
            found.append(beside(game, players, bots, humans, machines))
            found[-1].version = version
    return found, skipped


def _folder(path: Any) -> str | None:
    """Return a project folder as an absolute path text (None stays None)."""
    return str(path.resolve()) if path is not None else None
