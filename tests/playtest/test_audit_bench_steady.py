"""benchmarks/audit_bench.py --steady: the first log is audited untimed, the rate counts the other logs' events."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from playproof.playtest.logparse import parse_log
from playproof.playtest.replay import events_of

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import audit_bench  # noqa: E402


def test_steady_times_every_log_but_the_first(tmp_path: Path) -> None:
    """The events counted are those of logs 2..N (the first warms up), and the CPU time is that of their audit."""
    audit_bench._write("four-sisters", 3, 5, tmp_path)
    paths = sorted(tmp_path.glob("*.log"))
    assert len(paths) == 3
    found = audit_bench._steady(paths)
    counts = [len(events_of(parse_log(p.read_text(encoding="utf-8")))) for p in paths]
    assert found["events"] == sum(counts[1:]) and found["events"] > 0
    assert found["audit"] > 0 and found["parse"] == found["audit"]  # parse and audit are timed together


def test_steady_refuses_a_log_that_does_not_audit_clean(tmp_path: Path) -> None:
    """The benchmark measures legal games: a log with a violation stops it, naming the log."""
    audit_bench._write("four-sisters", 2, 5, tmp_path)
    second = sorted(tmp_path.glob("*.log"))[1]
    lines = second.read_text(encoding="utf-8").splitlines()
    move = next(i for i, line in enumerate(lines) if ": " in line and not line.startswith("["))
    lines.insert(move, "Ann: storm")  # a Storm with no Queen in the Oubliette: not a legal move
    second.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="did not audit clean"):
        audit_bench._steady(sorted(tmp_path.glob("*.log")))
