"""Warn when a log was played on another version of the components than the project's current one."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from playproof.errors import Location, PlayproofError, Problem, Problems, Severity
from playproof.playtest.logmodel import Log

if TYPE_CHECKING:
    from playproof.output.changes import Change

CONTENT_KEY = "Content"
NAME_KEY = "Components"
UNKNOWN = "(no version)"


def version_key(header: dict[str, str]) -> str:
    """Return the version a session was played on: its [Content] hash, else its [Components] name, else UNKNOWN."""
    return header.get(CONTENT_KEY, "").strip() or header.get(NAME_KEY, "").strip() or UNKNOWN


def version_name(header: dict[str, str]) -> str:
    """Return a session's version as people read it: `0.3 (a1b2c3d4)`, or the hash or name alone."""
    label, content = header.get(NAME_KEY, "").strip(), header.get(CONTENT_KEY, "").strip()
    return f"{label} ({content})" if label and content else content or label or UNKNOWN


def versions_note(headers: list[dict[str, str]]) -> str:
    """Return a caution when sessions were played on several versions (how many each), else ""."""
    counts: dict[str, tuple[str, int]] = {}
    for header in headers:
        name, seen = version_name(header), counts.get(version_key(header), ("", 0))
        counts[version_key(header)] = (name, seen[1] + 1)
    if len(counts) < 2:
        return ""
    listed = "; ".join(f"{name}: {n} session(s)" for name, n in counts.values())
    return (f"These sessions were played on {len(counts)} versions ({listed}); "
            "`playproof report ... --compare A B` sets two of them side by side.")


def version_warning(log: Log, project: Path | None) -> Problem | None:
    """Return a warning on the [Content] line when the project has changed since the log was played."""
    played = log.header.get(CONTENT_KEY, "").strip()
    if not played or project is None or not project.is_dir():
        return None
    from playproof.versions import content_version

    now = content_version(project)
    if played == now:
        return None
    where = Location(log.name, line=log.header_line(CONTENT_KEY))
    return Problem(where, f"played on version {played}; the project is now at version {now}: "
                          f"{since_text(project.resolve(), played, now)}", Severity.WARNING)


NAMED = 6
"""The most changed components a version warning names one by one (the rest are counted)."""


@lru_cache(maxsize=64)
def since_text(project: Path, played: str, now: str) -> str:
    """Return what changed from the print of `played` to now: components new, changed (field by field) and
    removed, by name (one reading per project and versions)."""
    from playproof.output.changes import compare
    from playproof.output.history import print_of_version, read_history
    from playproof.versions import designs

    try:
        printed = print_of_version(read_history(project), played)
        if printed is None:
            return "that version is not in the print history, so what changed is unknown"
        found = compare(printed.designs, designs(project, Problems()))
    except PlayproofError as exc:  # a damaged history or workbook: the warning says so, the audit goes on
        return f"what changed is unknown ({exc})"
    said = changes_text(found) or "no component changed"
    return f"since print #{printed.number}: {said} (`playproof changes {project.name} --since {played}` lists them)"


def changes_text(found: list[Change]) -> str:
    """Return changes in words, by kind: `1 changed (Market/star: points 5 → 7), 1 removed (Market/moon)`."""
    from playproof.output.changes import CHANGED, NEW, REMOVED

    parts, named = [], 0
    for kind in (NEW, CHANGED, REMOVED):
        of_kind = [c for c in found if c.kind == kind]
        if not of_kind:
            continue
        shown = of_kind[:max(0, NAMED - named)]
        named += len(shown)
        items = [c.design.id + (f": {', '.join(c.details())}" if c.details() else "") for c in shown]
        more = f"; {len(of_kind) - len(shown)} more" if len(shown) < len(of_kind) else ""
        parts.append(f"{len(of_kind)} {kind}" + (f" ({'; '.join(items)}{more})" if items else ""))
    return ", ".join(parts)
