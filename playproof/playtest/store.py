"""Sessions in SQLite (WAL): every recorded log line is its own transaction, so a kill loses nothing."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

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
"""


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


class Store:
    """The session database."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise PlayproofError(f"{self.path}: cannot open session database ({exc})") from exc

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def create(self, game: str, players: str, lines: list[str], started_at: float,
               timed: bool = True, project: str | None = None) -> int:
        """Create a session with its first lines (the header) in one transaction; return its id."""
        with _transaction(self.db):
            cursor = self.db.execute(
                "INSERT INTO sessions (game, players, started, started_at, timed, project) VALUES (?, ?, ?, ?, ?, ?)",
                (game, players, _now(), started_at, int(timed), project))
            session = int(cursor.lastrowid or 0)
            self._insert(session, 1, lines)
        return session

    def append(self, session: int, text: str) -> int:
        """Record one line of a session in its own transaction; return its line number."""
        with _transaction(self.db):
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
        rows = self.db.execute("SELECT text FROM lines WHERE session = ? ORDER BY number", (session,))
        return [r[0] for r in rows]

    def text(self, session: int) -> str:
        """Return a session's log as text."""
        lines = self.lines(session)
        return "\n".join(lines) + "\n" if lines else ""

    def info(self, session: int) -> SessionInfo:
        """Return a session's summary, or raise a clear error for an unknown id."""
        row = self.db.execute(_INFO + " WHERE s.id = ? GROUP BY s.id", (session,)).fetchone()
        if row is None:
            raise PlayproofError(f"no session {session} in {self.path} (see `playproof playtest list`)")
        return SessionInfo(*row[:5], bool(row[5]), *row[6:])

    def sessions(self) -> list[SessionInfo]:
        """Return every session, oldest first."""
        rows = self.db.execute(_INFO + " GROUP BY s.id ORDER BY s.id").fetchall()
        return [SessionInfo(*r[:5], bool(r[5]), *r[6:]) for r in rows]

    def end(self, session: int) -> None:
        """Mark a session as ended."""
        with _transaction(self.db):
            self.db.execute("UPDATE sessions SET ended = ? WHERE id = ?", (_now(), session))


_INFO = ("SELECT s.id, s.game, s.players, s.started, s.started_at, s.timed, s.project, s.ended, "
         "COUNT(l.number) FROM sessions s LEFT JOIN lines l ON l.session = s.id")


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error) on an autocommit connection."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
