"""Sessions in SQLite (WAL): every recorded log line is its own transaction, so a kill loses nothing.

A session has at most one writer: a recorder holds it through a row of `holders` (process id, host,
a token) and every line it stores is checked against that row in the same transaction. A holder whose
process is gone (kill -9) is stale and is replaced; a live one must be taken over explicitly.
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import tempfile
import uuid
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from playproof.errors import PlayproofError

DB_ENV = "PLAYPROOF_DB"
SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    started TEXT NOT NULL,
    started_at REAL NOT NULL,
    timed INTEGER NOT NULL DEFAULT 1,
    project TEXT,
    ended TEXT
);
CREATE TABLE IF NOT EXISTS lines (
    session INTEGER NOT NULL REFERENCES sessions(id),
    number INTEGER NOT NULL,
    text TEXT NOT NULL,
    recorded TEXT NOT NULL,
    PRIMARY KEY (session, number)
);
CREATE TABLE IF NOT EXISTS holders (
    session INTEGER PRIMARY KEY REFERENCES sessions(id),
    token TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    what TEXT NOT NULL,
    since TEXT NOT NULL
);
"""
EXPECTED = {"sessions": {"id", "game", "players", "started", "started_at", "timed", "project", "ended"},
            "lines": {"session", "number", "text", "recorded"}}
"""The tables (and their columns) a session database must have."""
BUSY_SECONDS = 5.0
"""How long a write waits for another process's transaction before `database is locked`."""
MAX_SESSION = 2**63 - 1
"""The largest session id SQLite can hold."""
_LIVE: "weakref.WeakValueDictionary[str, object]" = weakref.WeakValueDictionary()
"""Tokens held by recorders alive in this process (a recorder dropped without release is stale)."""


class StoreError(PlayproofError):
    """The session database failed (locked, full, read-only, corrupt): what was asked is not stored."""


class SessionHeld(PlayproofError):
    """Another recorder holds the session."""


def default_db_path() -> Path:
    """Return $PLAYPROOF_DB, else $XDG_DATA_HOME/playproof/sessions.db (~/.local/share by default)."""
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV]).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home).expanduser() / "playproof" / "sessions.db"


@dataclass(frozen=True)
class SessionInfo:
    """A stored session's summary row."""

    id: int
    game: str
    players: str
    started: str
    started_at: float
    timed: bool
    project: str | None
    ended: str | None
    lines: int


def _now() -> str:
    """Return the current UTC time as ISO text."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Holder:
    """Who holds a session: a token, process id, host, what it is (e.g. `playtest start`) and since when."""

    token: str
    pid: int
    host: str
    what: str
    since: str

    def alive(self) -> bool:
        """Return whether the holder may still be writing (a process gone on this host is not)."""
        if self.host != socket.gethostname():
            return True  # cannot tell for another machine: only an explicit take-over replaces it
        if self.pid == os.getpid():
            return self.token in _LIVE
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except (PermissionError, OSError):  # a process of another user: alive
            return True
        return True

    def __str__(self) -> str:
        return f"{self.what}, process {self.pid} on {self.host}, since {self.since}"


class Store:
    """The session database (read-only when only reading, so a report works in a read-only folder)."""

    def __init__(self, path: Path | str | None = None, readonly: bool = False) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.readonly = readonly
        try:
            self.db = self._open_readonly() if readonly else sqlite3.connect(self._creatable(), isolation_level=None,
                                                                             timeout=BUSY_SECONDS)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.path}: cannot open session database ({_reason(exc)})") from exc
        self._check_schema(empty_ok=not readonly)  # before anything is written to a stranger's database
        if not readonly:
            with self.guard("cannot open session database"):
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.executescript(SCHEMA)

    def _creatable(self) -> Path:
        """Return the database path once its folder exists."""
        if self.path.exists() and not self.path.is_file():
            raise sqlite3.OperationalError(_not_a_file(self.path))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return self.path

    def _open_readonly(self) -> sqlite3.Connection:
        """Open an existing database read-only (immutable when its folder cannot hold WAL files)."""
        if not self.path.exists():  # nothing recorded yet: an empty database, created nowhere
            db = sqlite3.connect(":memory:", isolation_level=None)
            db.executescript(SCHEMA)
            return db
        if not self.path.is_file():
            raise sqlite3.OperationalError(_not_a_file(self.path))
        uri = self.path.resolve().as_uri()
        try:
            db = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None, timeout=BUSY_SECONDS)
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError:  # WAL needs a writable -shm file beside it: read a copy instead
            return self._open_copy()

    def _open_copy(self) -> sqlite3.Connection:
        """Open a private copy of the database and its WAL file (for a folder that cannot be written)."""
        self._copy = tempfile.TemporaryDirectory(prefix="playproof-db-")
        copy = Path(self._copy.name) / "sessions.db"
        shutil.copyfile(self.path, copy)
        wal = Path(f"{self.path}-wal")
        if wal.is_file():
            shutil.copyfile(wal, Path(f"{copy}-wal"))
        return sqlite3.connect(copy, isolation_level=None)

    def _check_schema(self, empty_ok: bool) -> None:
        """Refuse a database that is not a playproof session database (an empty one is made one when writing)."""
        with self.guard("cannot open session database"):
            tables = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if empty_ok and not tables:
                return
            for table, columns in EXPECTED.items():
                found = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")} if table in tables else set()
                if not columns <= found:
                    raise StoreError(f"{self.path}: not a playproof session database (table {table} "
                                     f"{'lacks ' + ', '.join(sorted(columns - found)) if found else 'is missing'})")

    @contextmanager
    def guard(self, what: str) -> Iterator[None]:
        """Turn a database failure (locked, disk full, read-only, corrupt) into one StoreError."""
        try:
            yield
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {what} ({_reason(exc)})") from exc

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def create(self, game: str, players: str, lines: list[str], started_at: float,
               timed: bool = True, project: str | None = None) -> int:
        """Create a session with its first lines (the header) in one transaction; return its id."""
        with self.guard("session NOT stored"), _transaction(self.db):
            cursor = self.db.execute(
                "INSERT INTO sessions (game, players, started, started_at, timed, project) VALUES (?, ?, ?, ?, ?, ?)",
                (game, players, _now(), started_at, int(timed), project))
            session = int(cursor.lastrowid or 0)
            self._insert(session, 1, lines)
        return session

    def append(self, session: int, text: str, token: str | None = None) -> int:
        """Record one line of a session in its own transaction (only by the holder of `token`); return its number."""
        with self.guard("line NOT stored"), _transaction(self.db):
            if token is not None:
                self._check_holder(session, token)
            number = self._count(session) + 1
            self._insert(session, number, [text])
        return number

    def _insert(self, session: int, first: int, lines: list[str]) -> None:
        """Insert lines numbered from `first`."""
        now = _now()
        self.db.executemany("INSERT INTO lines (session, number, text, recorded) VALUES (?, ?, ?, ?)",
                            [(session, first + i, text, now) for i, text in enumerate(lines)])

    def _count(self, session: int) -> int:
        """Return how many lines a session has."""
        return int(self.db.execute("SELECT COUNT(*) FROM lines WHERE session = ?", (session,)).fetchone()[0])

    def lines(self, session: int) -> list[str]:
        """Return a session's log lines in order."""
        self.info(session)
        with self.guard("cannot read session database"):
            rows = self.db.execute("SELECT text FROM lines WHERE session = ? ORDER BY number", (session,))
            return [r[0] for r in rows]

    def count(self, session: int) -> int:
        """Return how many lines of a session are really stored."""
        with self.guard("cannot read session database"):
            return self._count(session)

    def text(self, session: int) -> str:
        """Return a session's log as text."""
        lines = self.lines(session)
        return "\n".join(lines) + "\n" if lines else ""

    def info(self, session: int) -> SessionInfo:
        """Return a session's summary, or raise a clear error for an unknown id."""
        if not 0 < session <= MAX_SESSION:
            raise PlayproofError(f"no session {session} in {self.path} (see `playproof playtest list`)")
        with self.guard("cannot read session database"):
            row = self.db.execute(_INFO + " WHERE s.id = ? GROUP BY s.id", (session,)).fetchone()
        if row is None:
            raise PlayproofError(f"no session {session} in {self.path} (see `playproof playtest list`)")
        return SessionInfo(*row[:5], bool(row[5]), *row[6:])

    def sessions(self) -> list[SessionInfo]:
        """Return every session, oldest first."""
        with self.guard("cannot read session database"):
            rows = self.db.execute(_INFO + " GROUP BY s.id ORDER BY s.id").fetchall()
        return [SessionInfo(*r[:5], bool(r[5]), *r[6:]) for r in rows]

    def end(self, session: int, token: str | None = None) -> None:
        """Mark a session as ended (and free it); with a token, only its holder may."""
        with self.guard("end NOT stored"), _transaction(self.db):
            if token is not None:
                self._check_holder(session, token)
            self.db.execute("UPDATE sessions SET ended = ? WHERE id = ?", (_now(), session))
            self.db.execute("DELETE FROM holders WHERE session = ?", (session,))

    def holder(self, session: int) -> Holder | None:
        """Return who holds a session, or None."""
        with self.guard("cannot read session database"):
            row = self.db.execute("SELECT token, pid, host, what, since FROM holders WHERE session = ?",
                                  (session,)).fetchone()
        return Holder(row[0], int(row[1]), row[2], row[3], row[4]) if row else None

    def acquire(self, session: int, owner: object, what: str, take_over: bool = False) -> str:
        """Make `owner` the one writer of a session and return its token; a live holder refuses unless taken over."""
        token = uuid.uuid4().hex
        with self.guard("cannot hold the session"), _transaction(self.db):
            current = self.holder(session)
            if current is not None and not take_over and current.alive():
                raise SessionHeld(f"session {session} is being recorded elsewhere ({current}); finish there, "
                                  f"or take it over with `playproof playtest resume {session} --take-over`")
            self.db.execute("INSERT OR REPLACE INTO holders (session, token, pid, host, what, since) "
                            "VALUES (?, ?, ?, ?, ?, ?)", (session, token, os.getpid(), socket.gethostname(), what,
                                                          _now()))
        _LIVE[token] = owner
        return token

    def release(self, session: int, token: str) -> None:
        """Free a session held with `token` (nothing happens when another holder took it over)."""
        _LIVE.pop(token, None)
        with self.guard("cannot free the session"), _transaction(self.db):
            self.db.execute("DELETE FROM holders WHERE session = ? AND token = ?", (session, token))

    def _check_holder(self, session: int, token: str) -> None:
        """Refuse a line from a recorder that no longer holds the session."""
        current = self.holder(session)
        if current is None or current.token != token:
            taken = f"it was taken over ({current})" if current else "it is no longer held"
            raise SessionHeld(f"session {session}: line NOT stored, {taken}; this recorder stops writing")


def _not_a_file(path: Path) -> str:
    """Say why a path that exists cannot be a database file."""
    return "unable to open database file: it is a " + ("folder" if path.is_dir() else "device or pipe, not a file")


def _reason(exc: BaseException) -> str:
    """Return a database failure as a short reason."""
    text = str(exc) or exc.__class__.__name__
    if "file is not a database" in text or "malformed" in text:
        return f"{text}: the file is corrupt or not a session database"
    if "readonly" in text or "read-only" in text:
        return f"{text}: the file or its folder cannot be written"
    return text


_INFO = ("SELECT s.id, s.game, s.players, s.started, s.started_at, s.timed, s.project, s.ended, "
         "COUNT(l.number) FROM sessions s LEFT JOIN lines l ON l.session = s.id")


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error) on an autocommit connection."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.Error:  # e.g. disk full at commit: nothing of the transaction is kept
                self._rollback()
                raise
        self._rollback()

    def _rollback(self) -> None:
        """Roll back, when a transaction is still open."""
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")
