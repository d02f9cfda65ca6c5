"""The playtest log as data: one Entry per text line, rendered back to text exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Iterator

from playproof.errors import Problem, Severity
from playproof.playtest.engine import UNKNOWN_TOKEN

UNKNOWN = UNKNOWN_TOKEN


class EntryKind(str, Enum):
    """What a log line is."""

    BLANK = "blank"
    COMMENT = "comment"
    HEADER = "header"
    MARKER = "marker"
    MOVE = "move"
    REVEAL = "reveal"
    UNDO = "undo"
    AMEND = "amend"
    NOTE = "note"
    QUESTION = "question"
    ERROR = "error"


@dataclass(slots=True)
class Entry:
    """One line of a log, parsed; `text` keeps the raw line when it differs from the rendering.

    Only the parser sets fields (it is not frozen because building frozen entries costs a
    third of the audit's time); everyone else treats an Entry as immutable.
    """

    line: int
    kind: EntryKind
    elapsed: str = ""
    actor: str = ""
    verb: str = ""
    args: str = ""
    key: str = ""
    value: str = ""
    target: int = 0
    values: tuple[str, ...] = ()
    comment: str | None = None
    error: str = ""
    col: int = 0
    text: str = ""

    @property
    def raw(self) -> str:
        """Return the line exactly as it is written in the log."""
        return self.text or render(self)

    @property
    def seconds(self) -> int | None:
        """Return the elapsed time in seconds, or None when the line has none."""
        if not self.elapsed:
            return None
        total = 0
        for part in self.elapsed.split(":"):
            total = total * 60 + int(part)
        return total

    @property
    def move(self) -> str:
        """Return the move of a move or amend line as `verb args`."""
        return f"{self.verb} {self.args}".strip()

    def unknowns(self) -> int:
        """Return how many `?` tokens (hidden information) the move's arguments hold."""
        return len(UNKNOWN.findall(self.args))


def _trailer(entry: Entry) -> str:
    """Return the trailing comment as written canonically."""
    return "" if entry.comment is None else f"  # {entry.comment}".rstrip()


def _move_text(actor: str, verb: str, args: str) -> str:
    """Return `Actor: verb args`."""
    return f"{actor}: {verb} {args}".rstrip()


def render(entry: Entry) -> str:
    """Return the canonical text of an entry (what the writer emits for it)."""
    kind = entry.kind
    if kind is EntryKind.BLANK:
        return ""
    if kind is EntryKind.COMMENT:
        return f"# {entry.value}".rstrip()
    if kind is EntryKind.HEADER:
        value = entry.value.replace("\\", "\\\\").replace('"', '\\"')
        return f'[{entry.key} "{value}"]' + _trailer(entry)
    if kind is EntryKind.ERROR:
        return entry.text
    prefix = f"{entry.elapsed} " if entry.elapsed else ""
    return prefix + body_text(entry) + _trailer(entry)


def body_text(entry: Entry) -> str:
    """Return the text of an event line after its elapsed time and before its comment."""
    kind = entry.kind
    if kind is EntryKind.MARKER:
        return f"== {entry.value} ==" if entry.verb == "round" else f"-- {entry.value} --"
    if kind is EntryKind.MOVE:
        return _move_text(entry.actor, entry.verb, entry.args)
    if kind is EntryKind.REVEAL:
        return f"reveal {entry.target}: {', '.join(entry.values)}"
    if kind is EntryKind.UNDO:
        return f"undo {entry.target}"
    if kind is EntryKind.AMEND:
        return f"amend {entry.target}: " + _move_text(entry.actor, entry.verb, entry.args)
    if kind is EntryKind.QUESTION:
        return question_text(entry)
    return f"note {entry.value}".rstrip()


def question_text(entry: Entry) -> str:
    """Return a question line: `? [line] [rule id] [Actor:] words` (`? 14 Ben: can I buy after playing?`)."""
    parts = ["?", str(entry.target) if entry.target else "", entry.key, f"{entry.actor}:" if entry.actor else "",
             entry.value]
    return " ".join(p for p in parts if p)


def to_record(entry: Entry) -> dict[str, Any]:
    """Return an entry as a JSON-ready dict holding only its non-default fields."""
    record: dict[str, Any] = {"line": entry.line, "kind": entry.kind.value}
    for f in fields(entry)[2:]:
        value = getattr(entry, f.name)
        if value != f.default:
            record[f.name] = list(value) if isinstance(value, tuple) else value
    return record


_INT_FIELDS = frozenset(("line", "target", "col"))


def from_record(record: object) -> Entry:
    """Return the entry a JSON record describes (unknown keys are ignored); a malformed one raises ValueError."""
    if not isinstance(record, dict):
        raise ValueError(f"expected a JSON object, got {type(record).__name__}")
    known = {f.name for f in fields(Entry)}
    data = {k: v for k, v in record.items() if k in known}
    for key in ("line", "kind"):
        if key not in data:
            raise ValueError(f"missing key '{key}'")
    if data["kind"] not in _KINDS:
        raise ValueError(f'unknown kind {json_text(data["kind"])}; kinds: {", ".join(_KINDS)}')
    for name, value in data.items():
        _check_field(name, value)
    data["kind"] = EntryKind(data["kind"])
    if "values" in data:
        data["values"] = tuple(data["values"])
    return Entry(**data)


_KINDS = tuple(kind.value for kind in EntryKind)


def json_text(value: object) -> str:
    """Return a JSON value as written in the record, a lone surrogate as its escape (it cannot be printed)."""
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "backslashreplace").decode("utf-8")


def unknown_keys(record: dict[str, Any]) -> list[str]:
    """Return the keys of a record that no entry field (nor `eol`) reads, in the record's order."""
    known = {f.name for f in fields(Entry)} | {"eol"}
    return [key for key in record if key not in known]


def _check_field(name: str, value: object) -> None:
    """A record's field has the JSON type of its Entry field (numbers for line/target/col, texts else)."""
    if name in _INT_FIELDS:
        ok = isinstance(value, int) and not isinstance(value, bool)
        wanted = "a whole number"
    elif name == "values":
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        wanted = "a list of texts"
    elif name == "comment":
        ok = value is None or isinstance(value, str)
        wanted = "a text or null"
    else:
        ok = isinstance(value, str)
        wanted = "a text"
    if not ok:
        raise ValueError(f'"{name}" must be {wanted}, not {json_text(value)}')


def with_raw(entry: Entry, raw: str) -> Entry:
    """Return the entry keeping `raw` as its text only when the rendering would differ."""
    entry.text = ""
    if render(entry) != raw:
        entry.text = raw
    return entry


_BEFORE_EVENTS = (EntryKind.BLANK, EntryKind.COMMENT, EntryKind.HEADER, EntryKind.ERROR)


@dataclass
class Log:
    """A parsed log: its entries in line order and every problem found while reading it."""

    name: str
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    final_newline: bool = True

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    @property
    def header(self) -> dict[str, str]:
        """Return the header as key -> value (first occurrence of each key)."""
        found: dict[str, str] = {}
        for entry in self.entries:
            if entry.kind is EntryKind.HEADER:
                found.setdefault(entry.key, entry.value)
            elif entry.kind not in _BEFORE_EVENTS:
                break  # headers come before the first event
        return found

    def header_line(self, key: str) -> int:
        """Return the line of a header key, or 0 when the log has none."""
        return next((e.line for e in self.entries if e.kind is EntryKind.HEADER and e.key == key), 0)

    @property
    def errors(self) -> list[Problem]:
        """Return the problems that are errors."""
        return [p for p in self.problems if p.severity is Severity.ERROR]

    def text(self) -> str:
        """Return the log as text, exactly as it was read."""
        body = "\n".join(e.raw for e in self.entries)
        return body + "\n" if self.final_newline and self.entries else body

    def entry(self, line: int) -> Entry | None:
        """Return the entry of a line number, or None."""
        if 1 <= line <= len(self.entries) and self.entries[line - 1].line == line:
            return self.entries[line - 1]
        return next((e for e in self.entries if e.line == line), None)
