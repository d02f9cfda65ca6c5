"""Concurrent `playtest add` on one session: each waits its turn and every line is stored."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.recorder import Recorder
from playproof.playtest.store import Store

ADD = "from playproof.cli import main; main()"


def _session(db: Path) -> int:
    """Start a Seven Sisters session nobody holds; return its id."""
    return Recorder.start(Store(db), "seven-sisters", ["Ann", "Ben", "Cy"], hold=False).session


def test_concurrent_adds_each_wait_their_turn_and_nothing_is_lost(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    session = _session(db)
    adds = [subprocess.Popen([sys.executable, "-c", ADD, "playtest", "add", str(session), f"# note {n}", "--db",
                              str(db)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for n in range(5)]
    outputs = [(a.wait(timeout=60), a.stdout.read()) for a in adds]  # type: ignore[union-attr]
    assert [code for code, _ in outputs] == [0] * 5, outputs
    stored = Store(db).text(session)
    assert sorted(line for line in stored.splitlines() if line.startswith("# note")) == [f"# note {n}" for n in range(5)]
    assert sorted(int(out.split()[-1]) for _, out in outputs) == list(range(5, 10))  # one line number each


def test_a_session_held_by_a_recording_table_is_refused_at_once(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    session = _session(db)
    with Recorder(Store(db), session, what="playtest start"):
        began = time.monotonic()
        result = CliRunner().invoke(cli, ["playtest", "add", str(session), "# late", "--db", str(db)])
    assert time.monotonic() - began < 2  # a table recording for hours is not waited for
    assert result.exit_code == 1 and result.output.startswith(f"Error: session {session} is being recorded elsewhere")
    assert "# late" not in Store(db).text(session)


def test_an_add_waits_at_most_its_limit_for_another_add(tmp_path: Path) -> None:
    import pytest

    from playproof.playtest.store import SessionHeld
    from playproof.playtest.waiting import recorder_in_turn

    db = tmp_path / "s.db"
    session = _session(db)
    with Recorder(Store(db), session, what="playtest add"):  # another add that never finishes
        began = time.monotonic()
        with pytest.raises(SessionHeld, match=f"session {session} is being recorded elsewhere"):
            recorder_in_turn(Store(db), session, None, seconds=0.4)
        waited = time.monotonic() - began
    assert 0.4 <= waited < 3
