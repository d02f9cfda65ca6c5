"""Bad session databases and arguments: one clear error, and a database that is not ours is never modified."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardening_support import invoke, one_error
from playproof.errors import PlayproofError
from playproof.playtest.replay import EngineFailure
from playproof.playtest import store as store_module
from playproof.playtest.recorder import Recorder
from playproof.playtest.store import Store


def test_a_corrupt_database_is_one_error(tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    db.write_bytes(b"this is not sqlite " * 300)
    before = db.read_bytes()
    for args in (["playtest", "list"], ["playtest", "show", "1"], ["report", "1", "-o", tmp_path / "r.html"]):
        assert one_error(invoke([*args, "--db", db])) == (
            f"Error: {db}: cannot open session database (file is not a database: the file is corrupt or not a "
            "session database)")
    assert db.read_bytes() == before


def test_a_database_with_another_schema_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE sessions (id INTEGER, name TEXT)")
    connection.commit()
    connection.close()
    before = db.read_bytes()
    assert one_error(invoke(["playtest", "list", "--db", db])) == (
        f"Error: {db}: not a playproof session database (table sessions lacks ended, game, players, project, "
        "started, started_at, timed)")
    assert one_error(invoke(["playtest", "start", "seven-sisters", "--players", "A,B,C", "--db", db])).endswith(
        "not a playproof session database (table sessions lacks ended, game, players, project, started, started_at, "
        "timed)")
    assert db.read_bytes() == before
    assert not Path(f"{db}-wal").exists()


def test_reading_commands_do_not_create_a_database(tmp_path: Path) -> None:
    db = tmp_path / "none" / "sessions.db"
    result = invoke(["playtest", "list", "--db", db])
    assert (result.exit_code, result.output) == (0, f"no sessions in {db}\n")
    assert one_error(invoke(["playtest", "show", "3", "--db", db])) == (
        f"Error: no session 3 in {db} (see `playproof playtest list`)")
    assert not db.parent.exists()


@pytest.mark.parametrize("number", ["99999999999999999999999", "0"])
def test_a_huge_or_impossible_session_number(tmp_path: Path, number: str) -> None:
    db = tmp_path / "s.db"
    for args in (["playtest", "show", number], ["playtest", "add", number, "note x"], ["playtest", "export", number]):
        assert one_error(invoke([*args, "--db", db])) == f"Error: no session {number} in {db} (see `playproof playtest list`)"


def test_a_non_utf8_argument_is_a_located_error(tmp_path: Path, nim: str) -> None:
    db = tmp_path / "s.db"
    Recorder.start(Store(db), nim, ["Ann", "Ben"], timed=False).close()
    assert one_error(invoke(["playtest", "add", "1", "Ann: take \udcff", "--db", db])) == (
        "Error: line 5:11: U+DCFF is a lone surrogate, not a character (a broken \\u escape or a byte that is not "
        "UTF-8); remove it")
    assert len(Store(db).lines(1)) == 4


def test_add_is_refused_while_a_recorder_holds_the_session(tmp_path: Path, nim: str) -> None:
    db = tmp_path / "s.db"
    recorder = Recorder.start(Store(db), nim, ["Ann", "Ben"], timed=False)
    line = one_error(invoke(["playtest", "add", "1", "Ann: take 1", "--db", db]))
    assert line.startswith("Error: session 1 is being recorded elsewhere (playtest start, process ")
    assert line.endswith("finish there, or take it over with `playproof playtest resume 1 --take-over`")
    assert len(Store(db).lines(1)) == 4
    recorder.close()
    assert invoke(["playtest", "add", "1", "Ann: take 1", "--db", db]).output == "✓ line 5\n"


def test_add_on_a_locked_database_says_not_stored(tmp_path: Path, nim: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.db"
    Recorder.start(Store(db), nim, ["Ann", "Ben"], timed=False).close()
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.05)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        line = one_error(invoke(["playtest", "add", "1", "Ann: take 1", "--db", db]))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert line in (f"Error: {db}: cannot hold the session (database is locked)",
                    f"Error: {db}: cannot read session database (database is locked)")
    assert len(Store(db).lines(1)) == 4


def test_undo_with_a_5000_digit_number(tmp_path: Path, nim: str) -> None:
    db = tmp_path / "s.db"
    Recorder.start(Store(db), nim, ["Ann", "Ben"], timed=False).close()
    assert one_error(invoke(["playtest", "add", "1", "undo " + "7" * 5000, "--db", db])) == (
        "Error: line 5:6: undo names line 777777777777..., past the last line a log may have")


def test_a_read_only_store_never_writes(tmp_path: Path, nim: str) -> None:
    db = tmp_path / "s.db"
    Recorder.start(Store(db), nim, ["Ann", "Ben"], timed=False).close()
    reader = Store(db, readonly=True)
    assert len(reader.lines(1)) == 4
    with pytest.raises(Exception) as err:
        reader.append(1, "Ann: take 1")
    assert "line NOT stored" in str(err.value)


def test_a_database_whose_folder_cannot_hold_wal_files_is_still_read(tmp_path: Path, nim: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.db"
    Recorder.start(Store(db), nim, ["Ann", "Ben"], timed=False).close()
    real = sqlite3.connect

    def read_only_folder(target: str, *args: object, **kwargs: object) -> sqlite3.Connection:
        if "mode=ro" in str(target):  # what SQLite says when it cannot create the -shm file beside a WAL database
            raise sqlite3.OperationalError("unable to open database file")
        return real(target, *args, **kwargs)

    monkeypatch.setattr(store_module.sqlite3, "connect", read_only_folder)
    result = invoke(["report", "1", "--db", db, "-o", tmp_path / "r.json"])
    assert result.exit_code == 0, result.output


def test_a_recorder_taken_over_stops_its_repl(tmp_path: Path, nim: str) -> None:
    from playproof.playtest.repl import run_repl

    db = tmp_path / "s.db"
    first = Recorder.start(Store(db), nim, ["Ann", "Ben"], timed=False)
    said: list[str] = []

    def read(prompt: str) -> str | None:
        if not said[1:]:
            Recorder(Store(db), 1, take_over=True, what="playtest resume")  # another terminal takes it over
            return "Ann: take 1"
        return "Ben: take 1"  # never read: the REPL has stopped

    assert run_repl(first, read, said.append) is False
    assert said[-1].startswith("Error: session 1: line NOT stored, it was taken over (playtest resume, process ")
    assert len(Store(db).lines(1)) == 4


TYPED = st.one_of(st.text(max_size=30), st.sampled_from([
    "take 1", "Ann: take 9", "undo", "undo 3", "undo 999999999999999999999", "amend 5: Ben: take 1", "reveal 5: x",
    "note \ud800", '[Variant "stones=0"]', '[Seed "1e9"]', "== Round 2 ==", "-- x --", "table: winner Ann",
    "0:00:01 Ann: take 1", "Ann: take 1\nBen: take 1", "\x00", "#", "amend 1: x"]))


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(TYPED, min_size=1, max_size=5))
def test_any_line_typed_at_the_table_is_stored_or_refused(tmp_path: Path, nim: str, lines: list[str]) -> None:
    store = Store(tmp_path / f"fuzz-{abs(hash(tuple(lines)))}.db")
    with Recorder.start(store, nim, ["Ann", "Ben"], timed=False) as recorder:
        for line in lines:
            before = store.count(recorder.session)
            try:
                recorder.enter(line)
            except EngineFailure:  # an engine bug: the message says the line is stored, and it is
                assert store.count(recorder.session) == before + 1
                break
            except PlayproofError:
                assert store.count(recorder.session) == before  # a refused line is never stored
                continue
            assert store.count(recorder.session) == before + 1
            assert len(recorder.log.entries) == before + 1  # the verdicts count exactly the stored lines
