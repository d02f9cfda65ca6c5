"""Where reports come from: log files, or sessions of the database named by their id."""

from __future__ import annotations

from pathlib import Path

from playproof.errors import PlayproofError
from playproof.playtest.audit import AuditResult, audit_file, audit_log
from playproof.playtest.projectfind import is_project
from playproof.playtest.recorder import session_log
from playproof.playtest.reportdata import SessionReport, session_report
from playproof.playtest.store import Store


LOG_SUFFIXES = (".log", ".jsonl")
"""The files a folder given as a source contributes: text logs and recorded sessions."""


def expand_sources(sources: list[str]) -> list[str]:
    """Return the sources with each folder replaced by the logs in it (`*.log`, `*.jsonl`, sorted by name).

    A folder holding no log is an error naming it; files and session ids are kept as given.
    """
    found: list[str] = []
    for source in sources:
        folder = Path(source)
        if not folder.is_dir():
            found.append(source)
            continue
        logs = sorted((p for p in folder.iterdir() if p.suffix in LOG_SUFFIXES and p.is_file()), key=lambda p: p.name)
        if not logs:
            raise PlayproofError(f"{source}: a folder with no log in it (.log or .jsonl files)")
        found.extend(str(p) for p in logs)
    return found


def audit_source(source: str, db: Path | None = None, engine: str | None = None,
                 project: Path | None = None) -> AuditResult:
    """Audit a log file, or the stored session whose id `source` is (`engine`: a Python engine as module:Class;
    `project`: the game project, wherever the log says it was)."""
    path = Path(source)
    if path.exists():
        return audit_file(path, engine=engine, rounds=True, project=project)
    if source.isascii() and source.isdigit():  # "²" passes isdigit() but is no number
        store = Store(db, readonly=True)
        try:
            info = store.info(int(source))
            return audit_log(session_log(store, info.id), info.game, project=stored_project(info.project, project),
                             engine=engine, rounds=True)
        finally:
            store.close()
    raise PlayproofError(f"{source}: no such log file, and not a session id")


def stored_project(stored: str | None, given: Path | None = None) -> Path | None:
    """Return the project of a stored session: the one given, else the stored folder while it is still there."""
    if given is not None:
        return given
    return Path(stored) if stored and is_project(Path(stored)) else None


def load_reports(sources: list[str], db: Path | None = None, engine: str | None = None,
                 project: Path | None = None) -> list[SessionReport]:
    """Return the session report of every source (log file or session id)."""
    return [session_report(audit_source(s, db, engine, project)) for s in sources]
