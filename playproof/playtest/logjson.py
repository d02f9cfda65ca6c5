"""The JSON Lines twin of a log: one object per text line, converting both ways exactly.

Reading a twin into a log (`parse_jsonl`) is logparse's: it turns the twin into text here, then parses that.
"""

from __future__ import annotations

import json

from playproof.errors import Location, Problem, Severity
from playproof.playtest.logmodel import Log, from_record, json_text, render, to_record, unknown_keys


def to_jsonl(log: Log) -> str:
    """Return the log as JSON Lines; a last line without a newline is marked `"eol": false`."""
    records = [to_record(e) for e in log.entries]
    if records and not log.final_newline:
        records[-1]["eol"] = False
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def jsonl_to_text(content: str, name: str = "<log>") -> tuple[str, list[Problem]]:
    """Return the log text a JSONL twin describes, with a problem for each unreadable record."""
    lines: list[str] = []
    problems: list[Problem] = []
    final_newline = True
    for number, row in enumerate(content.split("\n"), start=1):
        if not row.strip():
            continue
        try:
            record = json.loads(row)
            entry = from_record(record)
            text = entry.text or render(entry)
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            problems.append(Problem(Location(name, line=number), f"cannot read JSON record ({_reason(exc)})"))
            lines.append("")
            continue
        if extra := unknown_keys(record):  # a misspelt key ("acter") would silently drop what it holds
            problems.append(Problem(Location(name, line=number), f"unknown key(s) {', '.join(map(json_text, extra))} "
                                    "ignored (see docs/log-format.md)", Severity.WARNING))
        if entry.line != len(lines) + 1:  # the twin has one record per text line, in order
            problems.append(Problem(Location(name, line=number), f"record says line {entry.line} but is line "
                                                                 f"{len(lines) + 1} of the log; records come in line order"))
        if "\n" in text:  # one record is one text line, or every later number shifts
            problems.append(Problem(Location(name, line=number), "cannot read JSON record (its text holds a line "
                                                                 "break; one record is one log line)"))
            text = ""
        lines.append(text)
        final_newline = record.get("eol", True) is not False
    text = "\n".join(lines)
    return (text + "\n" if final_newline and lines else text), problems


def _reason(exc: Exception) -> str:
    """Return a short reason for a bad JSON record."""
    if isinstance(exc, KeyError):
        return f"missing key {exc}"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc).split("\n")[0].encode("utf-8", "backslashreplace").decode("utf-8")
