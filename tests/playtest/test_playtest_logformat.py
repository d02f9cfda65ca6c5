"""The log format: parsing every kind of line, exact error messages, text <-> JSONL round trips, header -> Setup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playproof.errors import PlayproofError, Problems
from playproof.playtest.engine import Event
from playproof.playtest.header import parse_variant, setup_of
from playproof.playtest.logjson import jsonl_to_text, to_jsonl
from playproof.playtest.logmodel import EntryKind, render
from playproof.playtest.logparse import parse_jsonl, parse_log, read_log

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"
HEAD = '[Game "nim"]\n[Players "Ann, Ben, Cat"]\n\n'


def errors(text: str) -> list[str]:
    """Return the problems of a log as `file:line:col: message` strings."""
    return [str(p) for p in parse_log(text, "t.log").problems]


def test_every_kind_of_line_is_read() -> None:
    log = read_log(DATA / "nim-game.log")
    kinds = [e.kind for e in log]
    assert kinds[:6] == [EntryKind.HEADER] * 5 + [EntryKind.BLANK]
    assert EntryKind.COMMENT in kinds and EntryKind.NOTE in kinds and EntryKind.REVEAL in kinds
    move = log.entries[8]
    assert (move.elapsed, move.actor, move.verb, move.args, move.comment) == ("0:00:05", "Ann", "take", "3", "greedy start")
    assert move.seconds == 5
    assert log.entries[7].kind is EntryKind.MARKER and log.entries[7].verb == "round"
    assert log.entries[14].actor == "Ben"  # typed as `ben:`, spelled as in [Players]
    assert log.entries[14].seconds == 90
    assert log.problems == []


def test_markers_keywords_and_corrections() -> None:
    log = parse_log(HEAD + "== Round 2 ==\n-- Scoring --\nAnn: take ?\nreveal 6: 3\nBen: take 1\n"
                    "undo 8\namend 6: Ann: take 2\nnote who is next?\n", "t.log")
    assert log.problems == []
    marker, phase = log.entries[3], log.entries[4]
    assert (marker.verb, marker.value, phase.verb, phase.value) == ("round", "Round 2", "phase", "Scoring")
    reveal, undo, amend, note = log.entries[6], log.entries[8], log.entries[9], log.entries[10]
    assert (reveal.target, reveal.values) == (6, ("3",))
    assert undo.target == 8
    assert (amend.target, amend.actor, amend.move) == (6, "Ann", "take 2")
    assert note.value == "who is next?"


@pytest.mark.parametrize("line, expected", [
    ("[Players Ann]", "t.log:4:1: cannot read header: expected [Key \"value\"]"),
    ("1:75 Ann: take 1", "t.log:4:1: elapsed time 1:75 is not h:mm:ss or mm:ss (minutes and seconds below 60)"),
    ("0:10", "t.log:4:5: elapsed time without an event after it"),
    ("== Round 2 --", "t.log:4:1: marker opens with == but closes with --"),
    ("== ==", "t.log:4:1: marker without a label"),
    ("undo", "t.log:4:5: undo needs a line number, e.g. `undo 15`"),
    ("undo 3 please", "t.log:4:8: undo takes only a line number, e.g. `undo 15`"),
    ("reveal 3 x", "t.log:4:10: reveal needs a colon after the line number, e.g. `reveal 14: Wrath/Envy`"),
    ("reveal 3:", "t.log:4:10: reveal needs values separated by commas, e.g. `reveal 14: Wrath/Envy, 3`"),
    ("reveal 3: ?", "t.log:4:11: a reveal cannot reveal `?`"),
    ("amend 3 Ann: take 1", "t.log:4:9: amend needs a colon after the line number, e.g. `amend 16: Ann: play Greed`"),
    ("Ann takes one", "t.log:4:1: cannot read this line: expected `Actor: verb args`, a `== Round ==` or "
                      "`-- Phase --` marker, reveal/undo/amend/note, a [Header] or a # comment"),
    ("Ann:", 't.log:4:5: move has no verb after "Ann:"'),
    ("Dan: take 1", 't.log:4:1: unknown actor "Dan" (players: Ann, Ben, Cat; or table)'),
    ("  00:01 Dan: take 1", 't.log:4:9: unknown actor "Dan" (players: Ann, Ben, Cat; or table)'),
    ("reveal 9: 1", "t.log:4:8: reveal 9 points at a later line; it must name an earlier move"),
    ("undo 2", "t.log:4:6: undo 2: line 2 is not a move"),
])
def test_bad_line_gives_file_line_col_and_message(line: str, expected: str) -> None:
    log = parse_log(HEAD + line + "\n", "t.log")
    assert errors(HEAD + line + "\n") == [expected]
    assert log.entries[3].kind is EntryKind.ERROR and log.entries[3].raw == line


def test_header_errors() -> None:
    assert errors('[Game "nim"]\n[Game "x"]\n') == ["t.log:2:2: duplicate header [Game] (first on line 1)"]
    assert errors('[Game "nim"]\nAnn: take 1\n[Date "x"]\n') == [
        "t.log:3:1: header [Date] after the first event; headers come first"]


def test_references_to_corrected_or_revealed_lines() -> None:
    text = HEAD + "Ann: take ?\nBen: take 1\nundo 5\nundo 5\nreveal 4: 1\nreveal 4: 2\namend 4: Ann: take 2\namend 10: Ann: take 3\n"
    assert errors(text) == [
        "t.log:7:6: undo 5: line 5 was already undone on line 6",
        "t.log:9:8: reveal 4: line 4 has no `?` left to reveal",
        "t.log:11:7: amend 10: line 10 is an amend; amend line 4 again instead",
    ]
    assert errors(HEAD + "Ann: take ? ?\nreveal 4: 1, 2, 3\n") == ["t.log:5:8: reveal 4: 3 values for 2 `?` on line 4"]


def test_nothing_after_an_error_is_invented() -> None:
    log = parse_log(HEAD + "Ann take ?\nreveal 4: 2\nBen: take 1\n", "t.log")
    assert [str(p) for p in log.problems][1] == "t.log:5:8: reveal 4: line 4 is not a move"
    assert log.entries[5].kind is EntryKind.MOVE  # reading goes on after the bad lines


def test_comments_and_hashes() -> None:
    log = parse_log(HEAD + "Ann: take 1 #2 # counted twice\n# a comment\n", "t.log")
    move = log.entries[3]
    assert (move.args, move.comment) == ("1", "2 # counted twice")
    assert log.entries[4].kind is EntryKind.COMMENT and log.entries[4].value == "a comment"
    assert parse_log('[Notes "round #3 was slow"]\n').entries[0].value == "round #3 was slow"


def test_header_values_escape_quotes() -> None:
    log = parse_log('[Notes "she said \\"no\\""]\n')
    assert log.entries[0].value == 'she said "no"'
    assert render(log.entries[0]) == '[Notes "she said \\"no\\""]'


def test_unknown_tokens() -> None:
    for args, hidden in [("?", True), ("Greed/?", True), ("?, 2", True), ("what?", False), ("x?y", False)]:
        assert Event(1, "Ann", "play", args).has_unknown is hidden


def all_logs() -> list[Path]:
    """Return every example log and every fixture log."""
    root = Path(__file__).resolve().parents[2]
    return sorted(root.glob("examples/*/playtests/*.log")) + sorted(DATA.glob("*.log"))


@pytest.mark.parametrize("path", all_logs(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_text_jsonl_round_trip_on_every_log(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    log = parse_log(text, path.name)
    assert log.text() == text
    jsonl = to_jsonl(log)
    back = parse_jsonl(jsonl, path.name)
    assert back.text() == text
    assert to_jsonl(back) == jsonl
    assert [json.loads(line)["line"] for line in jsonl.splitlines()] == list(range(1, len(log.entries) + 1))


def test_jsonl_twin_is_structured_and_keeps_layout_only_when_needed() -> None:
    log = parse_log(HEAD + "0:01:00 Ann: take 2  # fast\nBen:   take   1\n")
    records = [json.loads(r) for r in to_jsonl(log).splitlines()]
    assert records[3] == {"line": 4, "kind": "move", "elapsed": "0:01:00", "actor": "Ann", "verb": "take",
                          "args": "2", "comment": "fast"}
    assert records[4]["text"] == "Ben:   take   1" and records[4]["args"] == "1"


def test_jsonl_written_by_a_program_renders_canonically() -> None:
    jsonl = '{"line": 1, "kind": "header", "key": "Game", "value": "nim"}\n' \
            '{"line": 2, "kind": "move", "actor": "Ann", "verb": "take", "args": "1"}\n'
    assert jsonl_to_text(jsonl) == ('[Game "nim"]\nAnn: take 1\n', [])


def test_jsonl_bad_record_is_located() -> None:
    log = parse_jsonl('{"line": 1, "kind": "header", "key": "Game", "value": "x"}\n{"line": 2}\nnot json\n', "t.jsonl")
    assert [str(p) for p in log.problems] == ["t.jsonl:2: cannot read JSON record (missing key 'kind')",
                                              "t.jsonl:3: cannot read JSON record (Expecting value: line 1 column 1 (char 0))"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=30), max_size=12),
       st.booleans())
def test_any_text_round_trips(lines: list[str], final_newline: bool) -> None:
    text = "\n".join(line.replace("\n", " ") for line in lines) + ("\n" if final_newline and lines else "")
    log = parse_log(text)
    assert log.text() == text
    assert parse_jsonl(to_jsonl(log)).text() == text


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PlayproofError) as missing:
        read_log(tmp_path / "nope.log")
    assert str(missing.value) == f"{tmp_path / 'nope.log'}: no such log file"


def test_folder_and_non_utf8_file_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(PlayproofError) as folder:
        read_log(tmp_path)
    assert str(folder.value) == f"{tmp_path}: is a folder, not a log file"
    latin = tmp_path / "latin.log"
    latin.write_bytes(b'[Game "nim"]\nAnn: take \xe9\n')
    with pytest.raises(PlayproofError) as binary:
        read_log(latin)
    assert str(binary.value) == f"{latin}:2: not UTF-8 text (byte 0xe9); save the log as UTF-8"


def test_jsonl_records_of_the_wrong_shape_are_located_not_crashes() -> None:
    content = ('[1, 2]\n"text"\n{"line": 3, "kind": "move", "actor": 5, "verb": "take"}\n'
               '{"line": 4, "kind": "mvoe"}\n{"line": 5, "kind": "reveal", "target": "1", "values": ["a"]}\n'
               '{"line": 6, "kind": "reveal", "target": 1, "values": "a"}\n{"line": 7, "kind": "note", "comment": 3}\n')
    assert [str(p) for p in parse_jsonl(content, "t.jsonl").problems] == [
        "t.jsonl:1: cannot read JSON record (expected a JSON object, got list)",
        "t.jsonl:2: cannot read JSON record (expected a JSON object, got str)",
        't.jsonl:3: cannot read JSON record ("actor" must be a text, not 5)',
        't.jsonl:4: cannot read JSON record (unknown kind "mvoe"; kinds: blank, comment, header, marker, move, '
        'reveal, undo, amend, note, question, error)',
        't.jsonl:5: cannot read JSON record ("target" must be a whole number, not "1")',
        't.jsonl:6: cannot read JSON record ("values" must be a list of texts, not "a")',
        't.jsonl:7: cannot read JSON record ("comment" must be a text or null, not 3)']


def test_header_to_setup(nim: str, tmp_path: Path) -> None:
    from playproof.playtest.games import find_engine

    log = parse_log('[Game "nim"]\n[Players "Ann, Ben"]\n[Seed "42"]\n[Variant "random-order, rounds=3"]\n'
                    '[Setup "first=Ben; markers=3 4 5 4"]\n[Project "proj"]\n', "t.log")
    problems = Problems()
    setup = setup_of(log, find_engine(nim), problems, tmp_path)
    assert setup.players == ("Ann", "Ben") and setup.seed == 42
    assert dict(setup.options) == {"random-order": "true", "rounds": "3", "first": "Ben", "markers": "3 4 5 4"}
    assert setup.project == (tmp_path / "proj").resolve()
    assert problems.errors == [] and len(problems.warnings) == 4  # Nim knows only `stones`
    assert parse_variant("a, b = 2,,") == {"a": "true", "b": "2"}


def test_header_setup_problems(nim: str) -> None:
    from playproof.playtest.games import find_engine

    log = parse_log('[Game "nim"]\n[Players "Ann, ann, Ben, Cat"]\n[Seed "x"]\n[Setup "first"]\n', "t.log")
    problems = Problems()
    setup_of(log, find_engine(nim), problems)
    assert [str(p) for p in problems.items] == [
        't.log:2: a player is named twice in [Players "Ann, ann, Ben, Cat"]',
        "t.log:2: nim is for 2-3 players, not 4",
        't.log:4: [Setup] item "first" is not key=value',
        't.log:3: [Seed "x"] is not a whole number',
    ]


def test_windows_line_endings_and_byte_order_mark(tmp_path: Path) -> None:
    text = '[Game "nim"]\r\n[Players "Ann, Ben"]\r\n\r\nAnn: take 2\r\n0:30 Ben: take 1  # ok\r\n'
    log = parse_log(text)
    assert log.problems == [] and log.text() == text
    assert [(e.actor, e.move, e.comment) for e in log.entries[3:]] == [("Ann", "take 2", None), ("Ben", "take 1", "ok")]
    assert parse_jsonl(to_jsonl(log)).text() == text
    path = tmp_path / "bom.log"
    path.write_bytes("\ufeff".encode() + text.encode())
    assert read_log(path).header == {"Game": "nim", "Players": "Ann, Ben"}


def test_a_bad_header_line_does_not_end_the_header() -> None:
    assert errors('[Game "nim"]\n[Players Ann]\n[Players "Ann, Ben"]\nAnn: take 1\n') == [
        't.log:2:1: cannot read header: expected [Key "value"]']


WORD = st.text(alphabet="abcXY09:/?-_é#.", min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["", "0:05 ", "1:02:03 ", "12:30 "]), st.sampled_from(["Ann", "ann", "table", "Mary Ann", "Zoë"]),
       WORD, st.lists(WORD, max_size=4), st.sampled_from([" ", "  ", ": ", " :"]))
def test_fast_path_reads_like_the_full_reader(elapsed: str, actor: str, verb: str, args: list[str], sep: str) -> None:
    from playproof.playtest.logmodel import Log, with_raw
    from playproof.playtest.logparse import _parse, parse_line

    raw = f"{elapsed}{actor}{sep.rstrip() or ':'}{' ' if sep != ' :' else ' '}{verb} {' '.join(args)}".rstrip()
    quick = parse_line(raw, 1, Log("t"))
    try:
        full = with_raw(_parse(raw, 1), raw)
    except Exception:
        assert quick.kind is EntryKind.ERROR
        return
    assert quick == full


def test_a_windows_log_keeps_its_line_ends_through_every_round_trip(tmp_path: Path) -> None:
    text = '[Game "nim"]\r\n[Players "Ann, Ben"]\r\n\r\nAnn: take 2\r\n0:01:00 Ben: take 1  # ok\r\n'
    path = tmp_path / "windows.log"
    path.write_bytes(text.encode("utf-8"))
    log = read_log(path)
    assert log.problems == [] and log.text() == text
    assert [(e.kind.value, e.actor, e.args, e.comment) for e in log.entries[3:]] == [
        ("move", "Ann", "2", None), ("move", "Ben", "1", "ok")]
    assert parse_jsonl(to_jsonl(log)).text() == text


def test_jsonl_records_carry_their_line_in_order() -> None:
    content = ('{"kind": "comment", "value": "a"}\n{"line": 2, "kind": "comment", "value": "b"}\n'
               '{"line": 4, "kind": "comment", "value": "c"}\n')
    log = parse_jsonl(content, "t.jsonl")
    assert [str(p) for p in log.problems] == [
        "t.jsonl:1: cannot read JSON record (missing key 'line')",
        "t.jsonl:3: record says line 4 but is line 3 of the log; records come in line order"]
    assert log.text() == "\n# b\n# c\n"
