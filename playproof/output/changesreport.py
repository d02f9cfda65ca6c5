"""The `changes` listing: components since a print, and the sessions played on versions older than now."""

from __future__ import annotations

from pathlib import Path

from playproof.errors import Problems
from playproof.output.changes import CHANGED, NEW, REMOVED, PlayedOn, compare, logged_sessions, pull_list, \
    stored_sessions
from playproof.output.history import Print, find_print, print_of_version, read_history
from playproof.versions import content_version, designs, shown, version_label


def changes_lines(project: Path, since: str | None = None, db: Path | None = None) -> list[str]:
    """Return the `changes` listing of a project against a print (the last one by default)."""
    prints = read_history(project)
    base = find_print(prints, since)
    now, label = content_version(project), version_label(project)
    found = compare(base.designs, designs(project, Problems()))
    lines = [f"{project.resolve().name}: version {shown(now, label)} against {base.title()}"]
    if not found:
        lines.append("  no component is new, changed or removed")
    for kind in (NEW, CHANGED, REMOVED):
        lines += [change.line() for change in found if change.kind == kind]
    pull = pull_list(found)
    if pull:
        lines.append(f"pull these from the box before adding a reprint ({len(pull)}):")
        lines += [f"  {line}" for line in pull]
    lines += session_lines(project, prints, now, db)
    return lines


def session_lines(project: Path, prints: list[Print], now: str, db: Path | None) -> list[str]:
    """Return the sessions played on a version other than the current one (and those naming none)."""
    sessions = logged_sessions(project) + stored_sessions(project, db)
    older = [s for s in sessions if s.version and s.version != now]
    unknown = [s for s in sessions if not s.version]
    lines = []
    if older:
        lines.append(f"sessions played on older versions ({len(older)}):")
        lines += [f"  {s.name}: version {_version_of(s, prints)}" for s in older]
    if unknown:
        lines.append(f"sessions naming no version ({len(unknown)}): " + ", ".join(s.name for s in unknown))
    return lines


def _version_of(session: PlayedOn, prints: list[Print]) -> str:
    """Return a session's version with the print that made it, where one did."""
    printed = print_of_version(prints, session.version)
    return session.version + (f" ({printed.title()})" if printed is not None else " (never printed)")
