"""parse_log's fast path reads an ASCII move exactly as parse_line does (keywords, long elapsed times, actors)."""

from __future__ import annotations

import pytest

from playproof.playtest.logmodel import Log
from playproof.playtest.logparse import CANONICAL_MOVE, FAST_MOVE, KEYWORDS, check_references, parse_line, parse_log

LINES = ["Ann: take 1", "note: x", "Note taker: play A", "Notebook: play", "note.x: y", "REVEAL: a b",
         "Reveal x: a", "undo 5: x", "1:23 Ann: end", "1:23:45 Ann: end", "123456789012345678:00 Ann: end",
         "12345678901234567:00 Ann: end", "12345678901234:00:00 Ann: end", "123456789012345:00:00 Ann: end",
         "1:23:67 Ann: end", "Ann: Play", "amend: x", "amendment: x", "un do: x", "Ann Lee: pass",
         "table: draw Ann ?", "ann: end", "Ben: end  # late", "Ann:  end"]


@pytest.mark.parametrize("raw", LINES)
def test_fast_pattern_is_the_canonical_one_with_its_checks(raw: str) -> None:
    """FAST_MOVE matches where CANONICAL_MOVE matches and parse_line's checks of its groups pass, with the same groups."""
    found = CANONICAL_MOVE.fullmatch(raw)
    checked = found is not None and found.group(2).split(" ", 1)[0].lower() not in KEYWORDS \
        and len(found.group(1) or "") <= 20
    fast = FAST_MOVE.fullmatch(raw)
    assert (fast.groups() if fast else None) == (found.groups() if checked else None)


@pytest.mark.parametrize("raw", LINES)
def test_a_log_line_reads_as_parse_line_reads_it(raw: str) -> None:
    """After a header naming Ann and Ben, each line becomes the entry and problems parse_line and the reference
    checks make of it (the fast path skips neither)."""
    lines = ['[Game "seven-sisters"]', '[Players "Ann, Ben"]', raw]
    log = parse_log("\n".join(lines) + "\n", "t.log")
    slow = Log("t.log")
    for number, line in enumerate(lines, start=1):
        slow.entries.append(parse_line(line, number, slow, header_allowed=number < 3))
    check_references(slow)
    assert log.entries == slow.entries
    assert [str(p) for p in log.problems] == [str(p) for p in slow.problems]


HEADERS = [['[Game "seven-sisters"]', '[Players "Ann, Ben"]', "", "Ann: take 1"],
           ['[Game "a"]', '[Game "b"]', ""],  # a key named twice
           ['[Game "a"]', '[Note "x"]  # why', '[Date  "2026"]', '[Seed "1"]\r', ""],
           ['[Game "a\\"b"]', '[Path "C:\\\\x"]', '[Game "c"]', '[Players "Ann"]', ""],
           ['[Game "a"]', "Ann: take 1", '[Players "Ann"]', "", ""],  # a header after the first event
           ['[Game "ä"]', '[Game "b"]', '[9x "y"]', '[x-y_z "é"]', '[Players "Ann, Ben"]', "  ", "\t"],
           ["", '[Game "a"]', "", '[Game "a"]', "# note", '[Players "Ann"]']]


def _slowly(lines: list[str]) -> Log:
    """Read lines one by one with parse_line, a header allowed until the first event (what parse_log does)."""
    slow, seen = Log("t.log"), False
    for number, line in enumerate(lines, start=1):
        entry = parse_line(line, number, slow, header_allowed=not seen)
        seen = seen or entry.kind.value not in ("blank", "comment", "header", "error")
        slow.entries.append(entry)
    check_references(slow)
    return slow


@pytest.mark.parametrize("lines", HEADERS)
def test_headers_and_blank_lines_read_as_parse_line_reads_them(lines: list[str]) -> None:
    """parse_log's one-step reading of a header written as the writer writes it, and of an empty line, gives the
    entries and problems parse_line gives (an escape, a comment, a second space, a key named twice, a header after
    the first event, a line ending in CR all take parse_line's way)."""
    log = parse_log("\n".join(lines) + "\n", "t.log")
    slow = _slowly(lines)
    assert log.entries == slow.entries
    assert [str(p) for p in log.problems] == [str(p) for p in slow.problems]
