"""A hostile corpus (hypothesis) for the JSON Lines reader and the CLI's numeric options: one error line, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardening_support import invoke

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=12)  # surrogates and controls included
VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | ANY_TEXT,
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
                      max_leaves=6)
KEYS = st.sampled_from(["line", "kind", "text", "actor", "verb", "args", "eol", "elapsed", "colour", "acter", ""])
RECORDS = st.dictionaries(KEYS | ANY_TEXT, VALUES, max_size=6)


def assert_no_traceback(result: object) -> list[str]:
    """Assert a CLI run ended as the README promises (no traceback, printable output); return its lines."""
    exception = getattr(result, "exception")
    assert exception is None or isinstance(exception, SystemExit), repr(exception)
    output: str = getattr(result, "output")
    assert "Traceback" not in output
    output.encode("utf-8")  # every line printable: no lone surrogate reaches the terminal
    return output.splitlines()


@SETTINGS
@given(records=st.lists(RECORDS | VALUES, min_size=1, max_size=5))
def test_any_jsonl_file_audits_to_located_lines(tmp_path: Path, records: list[object]) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = invoke(["audit", path])
    lines = assert_no_traceback(result)
    assert getattr(result, "exit_code") in (0, 1, 2)
    for number, record in enumerate(records, start=1):
        unknown = isinstance(record, dict) and any(k not in {"line", "kind", "text", "actor", "verb", "args", "eol",
                                                             "elapsed"} for k in record)
        if unknown and isinstance(record.get("kind"), str) and "line" in record:
            assert any(line.startswith(f"{path}:{number}: ") for line in lines), lines


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(option=st.sampled_from(["--dpi", "--only"]),
       value=st.one_of(st.integers(-10**20, 10**20).map(str), st.text("0123456789-,:²٣ ", min_size=1, max_size=14),
                       st.just("Cards:1-" + "9" * 5000)))
def test_any_numeric_option_of_build_is_one_error_line_or_a_build(tmp_path: Path, option: str, value: str) -> None:
    from print_fixtures import make_project

    project = make_project(tmp_path / str(len(list(tmp_path.iterdir()))))  # two designs: a build takes a moment
    args = ["build", project, "-o", tmp_path / "out"]
    if option == "--dpi":
        args += ["--format", "png", "--dpi", value, "--only", "Cards:2"]
    else:
        args += ["--only", value if value.startswith("Cards") else f"Cards:{value}"]
    lines = assert_no_traceback(invoke(args))
    assert len([line for line in lines if line.startswith("Error:")]) <= 1


@pytest.mark.parametrize("value", ["2-100000000", "0", "٣", "2-" + "9" * 5000, "1e400", "-3", "2-6,,", "99"])
def test_balance_players_is_one_error_line(tmp_path: Path, value: str) -> None:
    result = invoke(["balance", "who-will-reign", "--players", value, "--games", "1"])
    lines = assert_no_traceback(result)
    if getattr(result, "exit_code") != 0:
        assert len([line for line in lines if line.startswith("Error:")]) == 1, lines
