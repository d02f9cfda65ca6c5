"""The README's promise end to end, through the real command in a fresh process: bad input gives one `Error:`
line and a non-zero exit, no traceback, and nothing already made or recorded is lost."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from hardening_support import EXAMPLES, ROOT, snapshot

MAIN = "from playproof.cli import main; main()"


def playproof(*args: object, db: Path) -> subprocess.CompletedProcess[str]:
    """Run `playproof ARGS` in a fresh process (as a user would) with its own session database."""
    return subprocess.run([sys.executable, "-c", MAIN, *map(str, args)], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PLAYPROOF_DB": str(db)}, timeout=120)


def assert_promise(done: subprocess.CompletedProcess[str]) -> str:
    """Assert one `Error:` line on stderr, a non-zero exit and no traceback; return the line."""
    assert done.returncode != 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, done.stderr
    return errors[0]


def stored_lines(db: Path) -> list[tuple[object, ...]]:
    """Return every stored line of every session."""
    with sqlite3.connect(db) as connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return [row for table in sorted(tables) for row in connection.execute(f'SELECT * FROM "{table}"')
                if table != "holders"]


def test_bad_input_everywhere_keeps_its_promise(tmp_path: Path) -> None:
    db, out = tmp_path / "sessions.db", tmp_path / "out"
    project = Path(shutil.copytree(EXAMPLES / "who-will-reign", tmp_path / "game",
                                   ignore=shutil.ignore_patterns("out", "playtests")))
    assert playproof("build", project, "-o", out, db=db).returncode == 0
    log = next((EXAMPLES / "who-will-reign" / "playtests").glob("*.log"))
    assert playproof("playtest", "import", log, db=db).returncode == 0
    assert playproof("report", "1", "-o", tmp_path / "r.html", db=db).returncode == 0
    built, stored, report = snapshot(out), stored_lines(db), (tmp_path / "r.html").read_bytes()

    (project / "layouts.toml").write_text((project / "layouts.toml").read_text() + "\n[sets.Broken\n")
    assert "layouts.toml" in assert_promise(playproof("build", project, "-o", out, db=db))
    assert assert_promise(playproof("build", "/tmp/" + "a" * 9000, "-o", out, db=db)).endswith("longer than the "
                                                                                              "system allows")
    assert "--games is" in assert_promise(playproof("simulate", "who-will-reign", "--players", "2", "--games",
                                                    "1000000000000", db=db))
    assert "no session 99" in assert_promise(playproof("playtest", "add", "99", "Ann: harvest", db=db))
    (tmp_path / "blocker").write_text("a file")
    assert "blocker" in assert_promise(playproof("report", "1", "-o", tmp_path / "blocker" / "r.html", db=db))
    assert "--only" in assert_promise(playproof("build", EXAMPLES / "who-will-reign", "-o", out, "--only",
                                                "Court Cards:0", db=db))

    assert snapshot(out) == built  # nothing made is lost
    assert stored_lines(db) == stored  # nothing recorded is lost
    assert (tmp_path / "r.html").read_bytes() == report
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".part")]
