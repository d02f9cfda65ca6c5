"""The session store and recorder: WAL, one transaction per line, a killed recorder loses nothing."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from playproof.errors import PlayproofError
from playproof.playtest.recorder import Recorder, elapsed_text, header_lines, import_log, session_log
from playproof.playtest.store import Store, default_db_path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data" / "playtest"
NIM_PLUGIN = HERE.parents[1] / "examples" / "plugins" / "nim"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_default_path_respects_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PLAYPROOF_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "playproof" / "sessions.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db_path() == Path.home() / ".local" / "share" / "playproof" / "sessions.db"
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "mine.db"))
    assert default_db_path() == tmp_path / "mine.db"


def test_store_is_wal_and_keeps_lines(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    session = store.create("nim", "Ann, Ben", ['[Game "nim"]'], 5.0)
    assert store.append(session, "Ann: take 1") == 2
    assert store.lines(session) == ['[Game "nim"]', "Ann: take 1"]
    info = store.info(session)
    assert (info.game, info.lines, info.ended) == ("nim", 2, None)
    store.end(session)
    assert store.sessions()[0].ended is not None
    with pytest.raises(PlayproofError) as err:
        store.info(99)
    assert str(err.value) == f"no session 99 in {tmp_path / 's.db'} (see `playproof playtest list`)"


def test_unopenable_database_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(PlayproofError, match=r"dir\.db: cannot open session database \(unable to open"):
        Store(tmp_path / "dir.db")


def test_recorder_validates_stamps_and_corrects(nim: str, tmp_path: Path) -> None:
    clock = Clock()
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], variant="stones=4", clock=clock)
    assert recorder.decision().actor == "Ann"
    clock.now += 65
    assert recorder.enter("take 3").lines() == ["✓ line 6"]
    assert recorder.enter("Ann: take 1").lines() == ["✗ line 7 nim/1-turn-order: it is Ben's turn, not Ann's"]
    assert recorder.undo_last().lines() == ["✓ line 8: line 7 taken back"]
    assert recorder.enter("note Ann jumped the gun").lines() == ["recorded line 9"]
    assert recorder.enter("Ben: take 1").lines() == ["✓ line 10"]
    assert recorder.decision().moves == ("winner Ben",)
    assert recorder.enter("table: winner Ann").lines() == ["✗ line 11 nim/3-winner: Ben took the last stone, not Ann"]
    assert recorder.enter("amend 11: table: winner Ben").lines() == ["✓ line 12: line 11 amended"]
    assert recorder.decision() is None
    assert recorder.store.lines(recorder.session)[5:8] == ["0:01:05 Ann: take 3", "0:01:05 Ann: take 1", "0:01:05 undo 7"]


def test_recorder_rejects_unreadable_lines_without_storing(nim: str, tmp_path: Path) -> None:
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    before = recorder.store.lines(recorder.session)
    with pytest.raises(PlayproofError) as err:
        recorder.enter("Dan: take 1")
    assert str(err.value) == 'line 5:1: unknown actor "Dan" (players: Ann, Ben; or table)'
    with pytest.raises(PlayproofError) as err:
        recorder.enter("undo 2")
    assert str(err.value) == "line 5:6: undo 2: line 2 is not a move"
    assert recorder.store.lines(recorder.session) == before


def test_reveal_rechecks_the_hidden_move(nim: str, tmp_path: Path) -> None:
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    assert recorder.enter("Ann: take ?").lines() == [
        "? line 5 nim/2-take-limit: how many stones were taken is hidden (cannot tell yet)"]
    assert recorder.enter("reveal 5: 7").lines() == ["✗ line 5 nim/2-take-limit: cannot take 7 of 12 stones"]
    assert recorder.enter("Ben: take ?").lines()[0].startswith("? line 7 ")
    assert recorder.enter("reveal 7: 2").lines() == ["✓ line 8: line 7 revealed"]


def test_recorder_refuses_a_bad_setup(nim: str, tmp_path: Path) -> None:
    with pytest.raises(PlayproofError) as err:
        Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben", "Cat", "Dan"])
    assert str(err.value) == "nim is for 2-3 players, not 4"
    assert Store(tmp_path / "s.db").sessions() == []


def test_header_and_elapsed() -> None:
    from datetime import date

    assert header_lines("nim", ["Ann", "Ben"], variant="stones=3", today=date(2026, 11, 20)) == [
        '[Game "nim"]', '[Players "Ann, Ben"]', '[Date "2026-11-20"]', '[Variant "stones=3"]', ""]
    assert [elapsed_text(s) for s in (0, 59.9, 3725)] == ["0:00:00", "0:00:59", "1:02:05"]


def test_import_keeps_the_log_exactly(nim: str, tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    session = import_log(store, DATA / "nim-game-mistakes.log")
    assert session_log(store, session).text() == (DATA / "nim-game-mistakes.log").read_text(encoding="utf-8")
    bad = tmp_path / "bad.log"
    bad.write_text('[Game "nim"]\n[Players "Ann, Ben"]\nAnn take\n', encoding="utf-8")
    with pytest.raises(PlayproofError) as err:
        import_log(store, bad)
    assert str(err.value).startswith(f"{bad}:3:1: cannot read this line")


SCRIPT = """
import sys
sys.path.insert(0, {here!r})
from playproof.playtest import games
games.register("nim", "playproof_nim")
from playproof.cli import main
sys.argv = ["playproof"] + sys.argv[1:]
main()
"""


def _reader(stream: object, lines: "queue.Queue[str]") -> None:
    """Copy a process's output lines into a queue."""
    for line in stream:  # type: ignore[attr-defined]
        lines.put(line)


def _wait_for(lines: "queue.Queue[str]", text: str) -> None:
    """Wait (at most 20 s) until the process printed a line containing text."""
    line = ""
    while text not in line:
        line = lines.get(timeout=20)


def test_killed_recorder_loses_nothing_already_entered(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    command = [sys.executable, "-c", SCRIPT.format(here=str(NIM_PLUGIN)), "playtest", "start", "nim",
               "--players", "Ann,Ben", "--db", str(db), "--no-times"]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
    try:
        for number, move in enumerate(["Ann: take 3", "Ben: take 2", "note tense start"], start=5):
            process.stdin.write(move + "\n")
            process.stdin.flush()
            _wait_for(lines, f"line {number}")
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=20)
    finally:
        process.kill()
    assert process.returncode == -signal.SIGKILL
    stored = Store(db).lines(1)
    assert stored[4:] == ["Ann: take 3", "Ben: take 2", "note tense start"]


def test_unknown_option_does_not_stop_a_session(nim: str, tmp_path: Path) -> None:
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], variant="stones=2, turbo", timed=False)
    assert recorder.enter("Ann: take 2").lines() == ["✓ line 6"]  # after the [Variant] header


def test_a_bare_move_goes_to_the_player_to_move_but_a_bad_keyword_does_not(nim: str, tmp_path: Path) -> None:
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    assert recorder.enter("take 1").entry.actor == "Ann"
    with pytest.raises(PlayproofError) as err:
        recorder.enter("undo last")
    assert str(err.value) == "line 6:6: undo needs a line number, e.g. `undo 15`"
    with pytest.raises(PlayproofError) as err:
        recorder.enter("amend 5 Ann: take 2")
    assert str(err.value) == "line 6:9: amend needs a colon after the line number, e.g. `amend 16: Ann: play Greed`"


def test_nothing_to_undo(nim: str, tmp_path: Path) -> None:
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    with pytest.raises(PlayproofError) as err:
        recorder.undo_last()
    assert str(err.value) == "nothing to undo: no move recorded yet"


def test_prompt_shows_a_few_moves_and_how_to_see_all() -> None:
    from types import SimpleNamespace

    from playproof.playtest.engine import Decision
    from playproof.playtest.repl import prompt_text

    many = SimpleNamespace(decision=lambda: Decision("Ann", tuple(f"take {n}" for n in range(1, 11)), "take"))
    assert prompt_text(many) == ("Ann to decide (take): take 1 | take 2 | take 3 | take 4 | take 5 | take 6 | "
                                 "take 7 | take 8 | ... 2 more (type `moves`)")
    assert prompt_text(SimpleNamespace(decision=lambda: None)) == "game over (type `end` to finish the session)"
    none = SimpleNamespace(decision=lambda: Decision("Ben", (), "Ben's turn"),
                           engine=SimpleNamespace(checks_rules=True))  # a referee with nothing to list
    assert prompt_text(none) == "Ben to decide (Ben's turn): no move the referee can list (type the move as played)"


def test_help_gives_an_example_of_this_game_now(nim: str, tmp_path: Path) -> None:
    from playproof.playtest.repl import handle

    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    first = handle(recorder, "help")[0]
    assert first.startswith(f"Type a log line, e.g. `Ann: {recorder.decision().moves[0]}`") and "Greed" not in first
    recorder.enter("Ann: take 1")
    assert handle(recorder, "help")[0].startswith("Type a log line, e.g. `Ben: take")


def test_lines_added_by_another_process_are_replayed(nim: str, tmp_path: Path) -> None:
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    Store(tmp_path / "s.db").append(recorder.session, "Ann: take 3")  # a writer that holds no lease (import, repair)
    assert recorder.enter("Ann: take 1").lines() == ["✗ line 6 nim/1-turn-order: it is Ben's turn, not Ann's"]
    assert recorder.engine.heap == 8


def test_a_session_has_one_writer_until_it_is_taken_over(nim: str, tmp_path: Path) -> None:
    from playproof.playtest.store import SessionHeld

    first = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    with pytest.raises(SessionHeld) as held:
        Recorder(Store(tmp_path / "s.db"), first.session, what="playtest add")
    assert str(held.value).startswith(f"session 1 is being recorded elsewhere (playtest start, process {os.getpid()}")
    assert str(held.value).endswith("finish there, or take it over with `playproof playtest resume 1 --take-over`")
    second = Recorder(Store(tmp_path / "s.db"), first.session, take_over=True)
    assert second.enter("Ann: take 3").lines() == ["✓ line 5"]
    with pytest.raises(SessionHeld) as gone:
        first.enter("Ann: take 1")
    assert str(gone.value).startswith("session 1: line NOT stored, it was taken over (a recorder, process")
    assert Store(tmp_path / "s.db").lines(1)[-1] == "Ann: take 3"
    second.close()
    with Recorder(Store(tmp_path / "s.db"), first.session) as third:  # freed: the next one may write
        assert third.enter("Ben: take 1").lines() == ["✓ line 6"]


def test_a_holder_whose_process_is_gone_is_stale(nim: str, tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    recorder = Recorder.start(store, nim, ["Ann", "Ben"], timed=False)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    store.db.execute("UPDATE holders SET pid = ?, token = 'gone'", (int(dead.stdout),))
    assert Recorder(Store(tmp_path / "s.db"), recorder.session).enter("Ann: take 1").lines() == ["✓ line 5"]
    del recorder


class FailingDb:
    """A connection whose writes fail as a locked or full database does."""

    def __init__(self, db: object, message: str) -> None:
        self.db, self.message = db, message

    def execute(self, sql: str, *args: object) -> object:
        import sqlite3

        if sql.startswith("INSERT INTO lines"):
            raise sqlite3.OperationalError(self.message)
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, *args: object) -> object:
        return self.execute(sql, *args)

    def __getattr__(self, name: str) -> object:
        return getattr(self.db, name)


@pytest.mark.parametrize("message", ["database is locked", "database or disk is full"])
def test_a_line_the_database_refuses_is_not_stored_and_not_counted(nim: str, tmp_path: Path, message: str) -> None:
    from playproof.playtest.repl import run_repl

    store = Store(tmp_path / "s.db")
    recorder = Recorder.start(store, nim, ["Ann", "Ben"], timed=False)
    real = store.db
    store.db = FailingDb(real, message)  # type: ignore[assignment]
    said: list[str] = []
    typed = iter(["Ann: take 3", None])
    run_repl(recorder, lambda prompt: next(typed), said.append)
    assert said[1] == (f"Error: {tmp_path / 's.db'}: line NOT stored ({message}); type the line again when the "
                       "database works, the session goes on")
    store.db = real  # type: ignore[assignment]
    assert len(store.lines(1)) == 4 and len(recorder.log.entries) == 4
    assert recorder.enter("Ann: take 2").lines() == ["✓ line 5"]  # the verdicts never saw the lost line


def test_a_header_typed_before_the_first_event_changes_the_live_setup(nim: str, tmp_path: Path) -> None:
    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    with pytest.raises(PlayproofError) as bad:
        recorder.enter('[Seed "x"]')
    assert str(bad.value) == 'line 5: [Seed "x"] is not a whole number'
    assert recorder.enter('[Variant "stones=2, fast"]').lines() == [
        "recorded line 5", 'warning: unknown option "fast" for nim (known options: stones)']
    assert recorder.decision().moves == ("take 1", "take 2")
    assert recorder.enter("Ann: take 2").lines() == ["✓ line 6"]
    assert recorder.decision().moves == ("winner Ann",)
    assert recorder.store.lines(recorder.session)[-2:] == ['[Variant "stones=2, fast"]', "Ann: take 2"]


def test_state_says_the_round_once_when_the_summary_names_it(nim: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.playtest.repl import state_text

    recorder = Recorder.start(Store(tmp_path / "s.db"), nim, ["Ann", "Ben"], timed=False)
    assert state_text(recorder)[1:3] == ["round 1", "12 stones left; Ann to take"]
    monkeypatch.setattr(type(recorder.engine), "summary", lambda self: "Round 1, 12 stones left")
    assert state_text(recorder)[1:] == ["Round 1, 12 stones left", "0 violation(s) so far"]


def test_state_at_a_line_says_the_round_once(nim: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.recorder import state_lines
    from playproof.playtest.replay import prepare

    replay = prepare(parse_log('[Game "nim"]\n[Players "Ann, Ben"]\nAnn: take 1\n'))
    monkeypatch.setattr(type(replay.state_at(3)), "summary", lambda self: "Round 1, 11 stones left")
    assert state_lines(replay, 3)[:2] == ["after line 3: Round 1, 11 stones left", "scores: Ann 1, Ben 0"]
