"""The print history: every PDF build of a project, remembered in a small JSON file a designer can commit.

Each print keeps the project's content version, the named version, which designs it printed
and every design's version and fields at the time, so that `changes` can say, field by field,
what differs from any earlier print, and `build --changed` can reprint only that.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from playproof.errors import PlayproofError
from playproof.output.atomic import write_text_atomic
from playproof.versions import Design, shown

HISTORY_FILE = "playproof-prints.json"
FORMAT = 1
"""The history format this playproof writes and reads; a newer file is refused, never rewritten."""
ALL = "all"
"""A print's `printed` when it printed every design (the ids are not listed twice)."""
MAX_HISTORY_BYTES = 256 * 1024 * 1024
"""Far above any real history (10,000 designs printed once take about 5 MB); refused before it is read."""
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_NUMBER = re.compile(r"^(?:#|print\s*)?(\d+)$", re.IGNORECASE)


@dataclass
class Print:
    """One PDF build: its number, when, the content version (and name), the file, what it printed."""

    number: int
    when: str
    version: str
    label: str
    file: str
    printed: list[str]
    designs: dict[str, Design] = field(default_factory=dict)

    @property
    def day(self) -> str:
        """Return the date of the print (YYYY-MM-DD, UTC)."""
        return self.when[:10]

    def title(self) -> str:
        """Return how the print is named in messages: `print #2 (2026-11-28, version 3 (a1b2c3d4))`."""
        return f"print #{self.number} ({self.day}, version {shown(self.version, self.label)})"

    def to_dict(self, pool: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """Return the print as JSON-ready data, each design's content put in `pool` once by its version (a
        design unchanged from print to print is stored once, so the history stays small)."""
        for design in self.designs.values():
            pool.setdefault(design.version, _content(design))
        printed: str | list[str] = ALL if self.printed == list(self.designs) else self.printed
        return {"print": self.number, "when": self.when, "version": self.version, "label": self.label,
                "file": self.file, "printed": printed,
                "designs": [[d.set, d.key, d.row, d.version] for d in self.designs.values()]}

    @classmethod
    def from_dict(cls, data: dict[str, Any], pool: dict[str, Any]) -> Print:
        """Return a print read back from the history (KeyError/TypeError/ValueError on a damaged entry)."""
        designs = {d.id: d for d in (_design(entry, pool) for entry in data["designs"])}
        printed = data.get("printed") or []
        return cls(int(data["print"]), str(data["when"]), str(data["version"]), str(data.get("label") or ""),
                   str(data.get("file") or ""), list(designs) if printed == ALL else [str(p) for p in printed],
                   designs)


def _content(design: Design) -> dict[str, Any]:
    """Return what a design version is made of (its place, set, key and row, is kept by each print)."""
    return {"count": design.count, "fields": design.fields, "art": design.art, "layout": design.layout}


def _design(entry: list[Any], pool: dict[str, Any]) -> Design:
    """Return a design of a print from its `[set, key, row, version]` and the pool of design contents."""
    name, key, row, version = entry
    return Design.from_dict({"set": name, "key": key, "row": row, **pool[version]})


def history_path(project: Path) -> Path:
    """Return where a project's print history lives."""
    return project / HISTORY_FILE


def read_history(project: Path) -> list[Print]:
    """Return a project's prints, oldest first ([] before the first print); a damaged or newer file is an error."""
    path = history_path(project)
    if not path.is_file():
        return []
    if path.stat().st_size > MAX_HISTORY_BYTES:
        raise PlayproofError(f"{path}: {path.stat().st_size:,} bytes, more than a print history holds "
                             f"({MAX_HISTORY_BYTES:,}); restore it from version control or remove it")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PlayproofError(f"{path}: not a print history ({exc}); restore it from version control or remove it "
                             "(the next build starts a new history)") from None
    if not isinstance(data, dict) or not isinstance(data.get("format"), int):
        raise PlayproofError(f'{path}: not a print history (no "format" number); restore it or remove it')
    if data["format"] > FORMAT:
        raise PlayproofError(f"{path}: written by a newer playproof (history format {data['format']}; this one "
                             f"reads format {FORMAT}); upgrade playproof, nothing was changed")
    return _prints(path, data.get("prints"), data.get("designs"))


def _prints(path: Path, raw: object, pool: object) -> list[Print]:
    """Return the prints of the history's list, naming the entry that is damaged."""
    if not isinstance(raw, list) or not isinstance(pool, dict):
        raise PlayproofError(f'{path}: not a print history ("prints" is not a list or "designs" not an object); '
                             "restore it or remove it")
    prints = []
    for index, entry in enumerate(raw, start=1):
        try:
            prints.append(Print.from_dict(entry, pool))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise PlayproofError(f"{path}: print entry {index} is damaged ({exc.__class__.__name__}: {exc}); "
                                 "restore the file or remove it") from None
    return prints


def record_print(project: Path, version: str, label: str, file: Path, printed: list[str],
                 designs: dict[str, Design], now: datetime | None = None) -> Print:
    """Append a print to the project's history (written atomically, with the build's outputs) and return it."""
    prints = read_history(project)
    when = (now or datetime.now(timezone.utc)).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        shown_file = file.resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        shown_file = str(file.resolve())
    entry = Print(len(prints) + 1, when, version, label, shown_file, printed, designs)
    pool: dict[str, dict[str, Any]] = {}
    listed = [p.to_dict(pool) for p in prints + [entry]]
    document = {"format": FORMAT, "prints": listed, "designs": pool}
    try:
        write_text_atomic(history_path(project), history_text(document))
    except OSError as exc:
        raise PlayproofError(f"{history_path(project)}: cannot write the print history ({exc.strerror or exc}); "
                             "nothing was written (build with --no-remember to leave the history out)") from None
    return entry


def history_text(document: dict[str, Any]) -> str:
    """Return the history as JSON with one line per print's design and per design version (small, and a change
    to one design changes one line of the file in version control)."""
    def line(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    prints = []
    for entry in document["prints"]:
        head = line({k: v for k, v in entry.items() if k != "designs"})[:-1]
        rows = ",\n   ".join(line(d) for d in entry["designs"])
        prints.append(f'{head}, "designs": [\n   {rows}\n  ]}}')
    pool = ",\n  ".join(f"{line(k)}: {line(v)}" for k, v in document["designs"].items())
    return (f'{{"format": {document["format"]},\n "prints": [\n  ' + ",\n  ".join(prints) + "\n ],\n"
            f' "designs": {{\n  {pool}\n }}\n}}\n')


def find_print(prints: list[Print], since: str | None) -> Print:
    """Return the print `since` names: a number (`2`, `#2`), a date (the last print on or before it), a content
    version or a version's name (its last print); the last print when None."""
    if not prints:
        raise PlayproofError("no print yet: this project has no print history (build it once to start one)")
    if since is None:
        return prints[-1]
    text = since.strip()
    found = _by_number(prints, text) or _by_date(prints, text) or _by_version(prints, text)
    if found is None:
        raise PlayproofError(f'--since "{since}": no print, date or version of that name (prints: '
                             f"{_listing(prints)})")
    return found


def _by_number(prints: list[Print], text: str) -> Print | None:
    """Return the print numbered `text` (`2`, `#2`, `print 2`)."""
    match = _NUMBER.match(text)
    return next((p for p in prints if match and p.number == int(match.group(1))), None)


def _by_date(prints: list[Print], text: str) -> Print | None:
    """Return the last print made on or before a date (YYYY-MM-DD)."""
    if not _DATE.match(text):
        return None
    try:
        date.fromisoformat(text)
    except ValueError:
        raise PlayproofError(f'--since "{text}": not a date (write YYYY-MM-DD)') from None
    before = [p for p in prints if p.day <= text]
    if not before:
        raise PlayproofError(f'--since "{text}": no print on or before that date (the first is {prints[0].title()})')
    return before[-1]


def _by_version(prints: list[Print], text: str) -> Print | None:
    """Return the last print of a content version (or a unique prefix of one) or of a named version."""
    matches = [p for p in prints if p.label == text or p.version == text or
               (len(text) >= 4 and p.version.startswith(text.lower()))]
    return matches[-1] if matches else None


def _listing(prints: list[Print], most: int = 5) -> str:
    """Return the last few prints as `#N DATE VERSION`, for an error message."""
    shown_prints = [f"#{p.number} {p.day} {shown(p.version, p.label)}" for p in prints[-most:]]
    return ", ".join(shown_prints)


def print_of_version(prints: list[Print], version: str) -> Print | None:
    """Return the last print of a content version, or None when it was never printed."""
    return next((p for p in reversed(prints) if p.version == version), None)
