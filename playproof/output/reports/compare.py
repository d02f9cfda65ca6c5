"""Sessions grouped by the version they were played on, and two versions side by side with 95 % intervals.

Win rates use the Wilson interval of playproof.balance.stats; scores and lengths its running
moments. A session's version is its [Content] hash, shown with its [Components] name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from playproof.balance.stats import Moments, Rate
from playproof.errors import PlayproofError
from playproof.playtest.audit import AuditResult
from playproof.playtest.engine import EventKind, Status
from playproof.playtest.replay import events_of
from playproof.playtest.reportdata import SessionReport
from playproof.playtest.versioncheck import version_key as header_key
from playproof.playtest.versioncheck import version_name as header_name

FORMATS = ("html", "pdf", "xlsx", "json", "txt")
COMPONENTS_SHOWN = 12
"""The most components side by side in the table (all of them are in the JSON)."""


def version_key(report: SessionReport) -> str:
    """Return the version a session was played on (playtest.versioncheck.version_key)."""
    return header_key(report.header)


def version_name(report: SessionReport) -> str:
    """Return a session's version as people read it: `0.3 (a1b2c3d4)`, or the hash alone."""
    return header_name(report.header)


def matches(report: SessionReport, wanted: str) -> bool:
    """Return True when a session was played on the version named: its name, its hash, or 4+ digits of it."""
    wanted = wanted.strip()
    label, content = report.header.get("Components", "").strip(), report.header.get("Content", "").strip()
    return bool(wanted) and (wanted in (label, content) or (len(wanted) >= 4 and content.startswith(wanted.lower())))


def by_version(reports: list[SessionReport]) -> dict[str, list[SessionReport]]:
    """Return the sessions grouped by version, in the order versions first appear."""
    groups: dict[str, list[SessionReport]] = {}
    for report in reports:
        groups.setdefault(version_key(report), []).append(report)
    return groups


@dataclass
class VersionView:
    """What the sessions of one version showed."""

    version: str
    sessions: int
    seats: list[Rate] = field(default_factory=list)
    scores: Moments = field(default_factory=Moments)
    moves: Moments = field(default_factory=Moments)
    minutes: Moments = field(default_factory=Moments)
    rules: Counter[str] = field(default_factory=Counter)
    taken: Counter[str] = field(default_factory=Counter)
    """Component (or kind of move) -> in how many games it was taken at least once."""
    takers: Counter[str] = field(default_factory=Counter)
    """Component -> how many players took it (each at most once a game)."""
    takers_won: Counter[str] = field(default_factory=Counter)
    """Component -> how many of its takers won their game."""
    rule_sessions: Counter[str] = field(default_factory=Counter)
    """Rule -> in how many sessions it was left broken at least once."""
    held: Counter[str] = field(default_factory=Counter)
    """Component -> how many players held it at the end (sessions whose engine says what players hold)."""
    holders_won: Counter[str] = field(default_factory=Counter)
    """Component -> how many of its holders won their game."""

    def component_rates(self) -> list[tuple[str, Rate, Rate]]:
        """Return per component: its take rate (games it was taken in) and its takers' win rate, both with
        intervals, most taken first."""
        return [(c, Rate(n, self.sessions), Rate(self.takers_won[c], self.takers[c])) for c, n in
                self.taken.most_common()]

    def holder_rates(self) -> list[tuple[str, Rate]]:
        """Return per component held at the end: its holders' win rate with its interval, most held first."""
        return [(c, Rate(self.holders_won[c], n)) for c, n in self.held.most_common()]

    def to_dict(self) -> dict[str, Any]:
        """Return the view as JSON-ready data."""
        return {"version": self.version, "sessions": self.sessions,
                "seat_win_rates": [{"seat": i, **r.to_dict()} for i, r in enumerate(self.seats, start=1)],
                "scores": self.scores.to_dict(), "moves": self.moves.to_dict(), "minutes": self.minutes.to_dict(),
                "violations_per_rule": {rule: n for rule, n in sorted(self.rules.items())},
                "sessions_with_violations_per_rule": {rule: Rate(n, self.sessions).to_dict()
                                                      for rule, n in sorted(self.rule_sessions.items())},
                "components": [{"component": c, "take_rate": t.to_dict(), "takers_win_rate": w.to_dict()}
                               for c, t, w in self.component_rates()],
                "holders": [{"component": c, "holders_win_rate": w.to_dict()} for c, w in self.holder_rates()]}


Takes = dict[str, set[str]]
"""Component -> the players who took it in one game."""


def takes_of(result: AuditResult) -> Takes:
    """Return who took which component in an audited session (the engine names them, as for bot statistics)."""
    if result.engine is None or result.replay is None:
        return {}
    players = {p.lower(): p for p in result.replay.setup.players}
    found: Takes = {}
    for event in events_of(result.log):
        player = players.get(event.actor.lower())
        if event.kind is EventKind.MOVE and player is not None:
            for component in result.engine.components_of(event):
                found.setdefault(component, set()).add(player)
    return found


def view_of(name: str, reports: list[SessionReport], takes: list[Takes] | None = None) -> VersionView:
    """Return the view of a version's sessions (a tie counts as a win for every tied seat)."""
    seats = max((len(r.players) for r in reports), default=0)
    wins, games = [0] * seats, [0] * seats
    view = VersionView(name, len(reports))
    for report, taken in zip(reports, takes or [{} for _ in reports]):
        _add_takes(view, report, taken)
        for seat, player in enumerate(report.players):
            games[seat] += 1
            wins[seat] += bool(report.over and player in report.winners)
        for score in report.scores.values():
            view.scores.add(score)
        view.moves.add(report.moves)
        if report.minutes is not None:
            view.minutes.add(report.minutes)
        broken = [f.rule for f in report.violations if f.status is Status.VIOLATION and not f.corrected_by]
        view.rules.update(broken)
        view.rule_sessions.update(set(broken))
        _add_holders(view, report)
    view.seats = [Rate(w, g) for w, g in zip(wins, games)]
    return view


def _add_takes(view: VersionView, report: SessionReport, taken: Takes) -> None:
    """Count one game's takes: each component once per game, each taker once, and the takers who won."""
    for component, players in taken.items():
        view.taken[component] += 1
        view.takers[component] += len(players)
        view.takers_won[component] += sum(1 for p in players if report.over and p in report.winners)


def _add_holders(view: VersionView, report: SessionReport) -> None:
    """Count one game's holders at the end and the holders who won (nothing when the engine cannot say)."""
    for component, seats in (report.held or {}).items():
        players = [report.players[s] for s in seats if s < len(report.players)]
        view.held[component] += len(players)
        view.holders_won[component] += sum(1 for p in players if report.over and p in report.winners)


def compare(reports: list[SessionReport], first: str, second: str,
            takes: list[Takes] | None = None) -> tuple[VersionView, VersionView]:
    """Return the views of two versions' sessions (`takes`: each session's, in order); a version no session was
    played on is an error."""
    paired = list(zip(reports, takes or [{} for _ in reports]))
    return _side(paired, first), _side(paired, second)


def _side(paired: list[tuple[SessionReport, Takes]], wanted: str) -> VersionView:
    """Return the view of the sessions played on one version."""
    chosen = [(r, t) for r, t in paired if matches(r, wanted)]
    if not chosen:
        known = ", ".join(dict.fromkeys(version_name(r) for r, _ in paired))
        raise PlayproofError(f'--compare "{wanted}": no session given was played on that version '
                             f"(versions of these sessions: {known})")
    reports = [r for r, _ in chosen]
    name = version_name(reports[0]) if len({version_key(r) for r in reports}) == 1 else wanted
    return view_of(name, reports, [t for _, t in chosen])
