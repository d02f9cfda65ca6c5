"""Bad logs and JSON Lines twins: located problems, never a traceback, nothing printed that cannot be printed."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardening_support import EXAMPLES, invoke, one_error, peak_mb
from playproof.errors import PlayproofError
from playproof.playtest.logjson import jsonl_to_text, to_jsonl
from playproof.playtest.logparse import parse_jsonl, parse_log, read_log

EVENING = EXAMPLES / "seven-sisters" / "playtests" / "evening.jsonl"
SURROGATE = ('{"line": 8, "kind": "comment", "value": "bad \\ud800 here"}', 8)


def _jsonl_with(tmp_path: Path, record: str, line: int) -> Path:
    """Return a copy of the evening's JSONL twin with one record replaced."""
    rows = EVENING.read_text(encoding="utf-8").split("\n")
    rows[line - 1] = record
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(rows), encoding="utf-8")
    return path


SURROGATE_PROBLEM = ("U+D800 is a lone surrogate, not a character (a broken \\u escape or a byte that is not UTF-8); "
                     "remove it")


def test_a_lone_surrogate_is_a_located_problem_in_audit(tmp_path: Path) -> None:
    path = _jsonl_with(tmp_path, *SURROGATE)
    result = invoke(["audit", path])
    assert "Traceback" not in result.output
    assert f"{path}:8:7: {SURROGATE_PROBLEM}" in result.output.splitlines()
    as_json = invoke(["audit", path, "--format", "json"])
    assert json.loads(as_json.output)["logs"][0]["problems"][0]["message"] == SURROGATE_PROBLEM


def test_a_lone_surrogate_is_refused_by_import(tmp_path: Path, runner: object) -> None:
    path = _jsonl_with(tmp_path, *SURROGATE)
    assert one_error(invoke(["playtest", "import", path])) == f"Error: {path}:8:7: {SURROGATE_PROBLEM}"


@pytest.mark.parametrize("fmt", ["html", "json", "xlsx", "pdf"])
def test_every_report_of_a_log_with_a_lone_surrogate_is_written(tmp_path: Path, fmt: str) -> None:
    path = _jsonl_with(tmp_path, *SURROGATE)
    target = tmp_path / f"r.{fmt}"
    result = invoke(["report", path, "-o", target])
    assert result.exit_code == 0, result.output
    assert target.stat().st_size > 0


def test_a_newline_inside_a_record_does_not_shift_later_lines(tmp_path: Path) -> None:
    path = _jsonl_with(tmp_path, '{"line": 8, "kind": "comment", "text": "# one\\n# two"}', 8)
    log = read_log(path)
    assert [str(p) for p in log.problems] == [
        f"{path}:8: cannot read JSON record (its text holds a line break; one record is one log line)"]
    assert len(log.entries) == len(EVENING.read_text(encoding="utf-8").strip().split("\n"))


def test_jsonl_nested_100000_deep(tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text('{"line": 1, "kind": "note", "x": ' + "[" * 100_000 + "}\n")
    assert [str(p) for p in read_log(path).problems][0] == f"{path}:1: cannot read JSON record (nested too deeply)"


def test_audit_of_a_device_is_refused(tmp_path: Path) -> None:
    result = invoke(["audit", "/dev/zero"])
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == "/dev/zero: not a regular file (a device or pipe); give a log file"


def test_a_log_over_the_size_limit_is_refused_in_bounded_time(tmp_path: Path) -> None:
    path = tmp_path / "huge.log"
    path.write_bytes(b'[Game "seven-sisters"]\n' + b"Ann: take 5 gold 0 fruit\n" * 700_000)
    started = time.perf_counter()
    result, peak = peak_mb(lambda: invoke(["audit", path]))
    assert time.perf_counter() - started < 10 and peak < 40  # at most the 16 MB read, not the whole file
    assert result.output.splitlines()[0] == f"{path}: larger than 16 MB, the largest log read (see docs/limits.md)"


def test_too_many_lines_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.log"
    path.write_text("\n" * 100_001)
    with pytest.raises(PlayproofError) as err:
        read_log(path)
    assert str(err.value) == f"{path}: more than 100,000 lines, the most a log may have (see docs/limits.md)"


@pytest.mark.parametrize(("line", "message"), [
    ("undo " + "9" * 5000, "undo names line 999999999999..., past the last line a log may have"),
    ("amend " + "1" * 5000 + ": Ann: take 1", "amend names line 111111111111..., past the last line a log may have"),
    ("9" * 5000 + ":00 Ann: take 1", "elapsed time 99999999999999999999... is too long"),
])
def test_huge_numbers_in_a_line_are_located(line: str, message: str) -> None:
    log = parse_log(f'[Game "x"]\n{line}\n', "t.log")
    assert log.problems[0].message == message
    assert log.problems[0].location.line == 2


LOG_LINES = st.lists(
    st.one_of(
        st.text(max_size=40),
        st.sampled_from(['[Game "seven-sisters"]', "== Round 1 ==", "-- x --", "undo 3", "amend 2: Ann: take 1",
                         "reveal 2: a, b", "note hi", "1:02:03 Ann: take 5 gold 0 fruit", "Ann: ", ": x", "undo 9" * 3,
                         "\ud800", "[Players \"A, B\"] # c", "0:61 Ann: x", "[Seed \"x\"]"]),
    ), max_size=12)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(LOG_LINES)
def test_any_log_text_parses_into_entries_and_problems(lines: list[str]) -> None:
    log = parse_log("\n".join(lines) + "\n", "fuzz.log")
    assert len(log.entries) == len("\n".join(lines).split("\n"))
    for problem in log.problems:
        assert problem.location is not None and str(problem).encode("utf-8")  # printable, located


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                        max_size=3), max_leaves=8)
RECORDS = st.dictionaries(st.sampled_from(["line", "kind", "text", "actor", "verb", "args", "value", "key", "target",
                                           "eol", "elapsed", "values"]), JSON_VALUES, max_size=6)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(RECORDS | JSON_VALUES, max_size=6))
def test_any_jsonl_gives_a_log_or_located_problems(records: list[object]) -> None:
    content = "".join(json.dumps(r) + "\n" for r in records)
    try:
        log = parse_jsonl(content, "fuzz.jsonl")
    except PlayproofError:
        return
    text, _ = jsonl_to_text(content, "fuzz.jsonl")
    assert len(log.entries) == len(text.split("\n")) - (1 if text.endswith("\n") else 0) or not text
    for problem in log.problems:
        str(problem).encode("utf-8")
    to_jsonl(log)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(["undo 1", "Ann: take 1", "\ud800", "[Game \"nim\"]", "note \x00", "== R ==",
                                 "amend 99999999999999: x", "\t", "reveal 1:"]), max_size=6))
def test_the_audit_command_never_shows_a_traceback(tmp_path_factory: pytest.TempPathFactory, lines: list[str]) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.jsonl"
    path.write_text("".join(json.dumps({"line": n, "kind": "comment", "text": t}) + "\n"
                            for n, t in enumerate(lines, start=1)), encoding="utf-8")
    result = invoke(["audit", path])
    assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
