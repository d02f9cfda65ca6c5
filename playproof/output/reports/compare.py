"""Sessions grouped by the version they were played on, and two versions side by side with 95 % intervals.

Win rates use the Wilson interval of playproof.balance.stats; scores and lengths its running
moments. A session's version is its [Content] hash, shown with its [Components] name.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from playproof.balance.stats import Moments, Rate
from playproof.errors import PlayproofError
from playproof.output.atomic import write_text_atomic
from playproof.playtest.engine import Status
from playproof.playtest.reportdata import SessionReport
from playproof.playtest.versioncheck import version_key as header_key
from playproof.playtest.versioncheck import version_name as header_name

FORMATS = ("html", "json", "txt")


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

    def to_dict(self) -> dict[str, Any]:
        """Return the view as JSON-ready data."""
        return {"version": self.version, "sessions": self.sessions,
                "seat_win_rates": [{"seat": i, **r.to_dict()} for i, r in enumerate(self.seats, start=1)],
                "scores": self.scores.to_dict(), "moves": self.moves.to_dict(), "minutes": self.minutes.to_dict(),
                "violations_per_rule": {rule: n for rule, n in sorted(self.rules.items())}}


def view_of(name: str, reports: list[SessionReport]) -> VersionView:
    """Return the view of a version's sessions (a tie counts as a win for every tied seat)."""
    seats = max((len(r.players) for r in reports), default=0)
    wins, games = [0] * seats, [0] * seats
    view = VersionView(name, len(reports))
    for report in reports:
        for seat, player in enumerate(report.players):
            games[seat] += 1
            wins[seat] += bool(report.over and player in report.winners)
        for score in report.scores.values():
            view.scores.add(score)
        view.moves.add(report.moves)
        if report.minutes is not None:
            view.minutes.add(report.minutes)
        view.rules.update(f.rule for f in report.violations if f.status is Status.VIOLATION and not f.corrected_by)
    view.seats = [Rate(w, g) for w, g in zip(wins, games)]
    return view


def compare(reports: list[SessionReport], first: str, second: str) -> tuple[VersionView, VersionView]:
    """Return the views of two versions' sessions; a version no session was played on is an error."""
    return _side(reports, first), _side(reports, second)


def _side(reports: list[SessionReport], wanted: str) -> VersionView:
    """Return the view of the sessions played on one version."""
    chosen = [r for r in reports if matches(r, wanted)]
    if not chosen:
        known = ", ".join(dict.fromkeys(version_name(r) for r in reports))
        raise PlayproofError(f'--compare "{wanted}": no session given was played on that version '
                             f"(versions of these sessions: {known})")
    return view_of(version_name(chosen[0]) if len({version_key(r) for r in chosen}) == 1 else wanted, chosen)


def _moments(m: Moments, digits: int = 1) -> str:
    """Return `mean ± sd (min-max)`, or `-` with no values."""
    if not m.n:
        return "-"
    return f"{m.mean:.{digits}f} ± {m.sd:.{digits}f} ({m.low:g}-{m.high:g})"


def rows(a: VersionView, b: VersionView) -> list[tuple[str, str, str]]:
    """Return the comparison as (what, first version, second version) rows."""
    table = [("version", a.version, b.version), ("sessions", str(a.sessions), str(b.sessions))]
    for seat in range(max(len(a.seats), len(b.seats))):
        table.append((f"seat {seat + 1} wins", *(v.seats[seat].text() if seat < len(v.seats) else "-"
                                                 for v in (a, b))))
    table += [("score (mean ± sd, range)", _moments(a.scores), _moments(b.scores)),
              ("moves per game", _moments(a.moves), _moments(b.moves)),
              ("minutes per game", _moments(a.minutes), _moments(b.minutes))]
    for rule in sorted(set(a.rules) | set(b.rules), key=lambda r: (-a.rules[r] - b.rules[r], r)):
        table.append((f"violations of {rule} per session", f"{a.rules[rule] / a.sessions:.2f}",
                      f"{b.rules[rule] / b.sessions:.2f}"))
    return table


def text_lines(a: VersionView, b: VersionView) -> list[str]:
    """Return the comparison as aligned text lines."""
    table = rows(a, b)
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in table]


def html_page(a: VersionView, b: VersionView) -> str:
    """Return the comparison as a small self-contained HTML page (every value escaped)."""
    body = "".join(f"<tr><th>{escape(w)}</th><td>{escape(x)}</td><td>{escape(y)}</td></tr>"
                   for w, x, y in rows(a, b)[1:])
    title = f"{a.version} against {b.version}"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title></head>'
            f"<body><h1>{escape(title)}</h1><table><tr><th></th><th>{escape(a.version)}</th>"
            f"<th>{escape(b.version)}</th></tr>{body}</table>"
            "<p>Win rates with 95 % Wilson intervals; a small sample is marked.</p></body></html>\n")


def write_comparison(a: VersionView, b: VersionView, path: Path, fmt: str | None = None) -> Path:
    """Write the comparison as html, json or txt (by the extension when no format is named)."""
    chosen = (fmt or path.suffix.lstrip(".") or "html").lower()
    if chosen not in FORMATS:
        raise PlayproofError(f'--compare writes {", ".join(FORMATS)}, not "{chosen}" (choose with -o or --format)')
    if chosen == "json":
        text = json.dumps({"compare": [a.to_dict(), b.to_dict()]}, indent=2, ensure_ascii=False) + "\n"
    else:
        text = html_page(a, b) if chosen == "html" else "\n".join(text_lines(a, b)) + "\n"
    write_text_atomic(path, text)
    return path
