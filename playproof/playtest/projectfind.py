"""Find a log's game project wherever its folder went: the places looked at, in order, and a located error.

A log names its project three ways: `[Project]` (a path, relative to the log where one exists),
`[Game]` (the game id, usually the folder's name) and `[Referee]` (`declared` when the workbook
declares the rules, `none` for a game recorded with no referee). A game whose rules are declared
is never audited without them: when no folder is found, that is an error naming every place tried.
"""

from __future__ import annotations

import os
from pathlib import Path

from typing import TYPE_CHECKING

from playproof.errors import PlayproofError
from playproof.playtest.logmodel import Entry, EntryKind, Log, render

if TYPE_CHECKING:
    from playproof.playtest.engine import Engine

REFEREE_KEY = "Referee"
DECLARED, NO_REFEREE = "declared", "none"
PROJECT_FILES = ("components.xlsx", "layouts.toml")


FOUND_KEPT = 256
_FOUND: dict[tuple[str, str, str, str, bool, str], Path] = {}
"""Where logs with the same header, folder and working folder found their project (at most FOUND_KEPT)."""


class ProjectNotFound(PlayproofError):
    """A log's project (which holds its referee) is nowhere to be found; the CLI exits with 2."""

    exit_code = 2


def is_project(folder: Path) -> bool:
    """Return True for a folder holding a game project's workbook (xlsx or CSV files) or layouts."""
    if not folder.is_dir():
        return False
    if any((folder / name).is_file() for name in PROJECT_FILES):
        return True
    sheets = folder / "components" if (folder / "components").is_dir() else folder
    return any(sheets.glob("*.csv"))


def named_path(text: str, base: Path | None) -> Path | None:
    """Return the [Project] path as written: absolute, or relative to the log's folder (else the current one)."""
    if not text.strip():
        return None
    path = Path(text.strip()).expanduser()
    if path.is_absolute():
        return path
    return ((base or Path.cwd()) / path).resolve()


def candidates(named: str, game_id: str, base: Path | None, bundled: bool, cwd: Path | None = None) -> list[Path]:
    """Return the folders to try, in order: [Project] as written, the log's folder (and its parent), a folder
    beside the log or in the current folder named like [Project] or the game."""
    cwd = cwd or Path.cwd()
    base = base.resolve() if base is not None else None
    found: list[Path] = []
    first = named_path(named, base)
    if first is not None:
        found.append(first)
    names = [n for n in dict.fromkeys([Path(named.strip()).name if named.strip() else "", game_id.strip()]) if n]
    if base is not None and not bundled:  # a log kept in <project>/ or <project>/playtests/
        found += [base, base.parent]
    for folder in ([base] if base is not None else []) + [cwd]:
        found += [folder / name for name in names]
    if cwd.name in names:
        found.append(cwd)
    return list(dict.fromkeys(p.resolve() for p in found))


def locate(log: Log, base: Path | None, game_id: str, bundled: bool,
           override: Path | None = None) -> Path | None:
    """Return the log's project folder; raise ProjectNotFound when the log names one (or declared rules) that
    cannot be found; None for a log with no project (a bundled game's own workbook, or a game with no referee)."""
    if override is not None:
        return _given(override)
    named = log.header.get("Project", "")
    referee = log.header.get(REFEREE_KEY, "").strip().lower()
    if bundled and not named.strip():
        return None
    key = (named, referee, game_id, str(base), bundled, os.getcwd())
    known = _FOUND.get(key)  # logs of one folder name one project: found once, checked again each time
    if known is not None and (_declares(known) if referee == DECLARED else is_project(known)):
        return known  # a folder whose workbook declares rules is a project (one check, not two)
    tried = candidates(named, game_id, base, bundled)
    found = next((c for c in tried if is_project(c) and (referee != DECLARED or _declares(c))), None)
    if found is not None:
        if len(_FOUND) >= FOUND_KEPT:
            _FOUND.clear()
        _FOUND[key] = found
    if found is not None or referee == NO_REFEREE:
        return found
    if bundled:  # a bundled engine says itself what it makes of a folder it cannot read
        return named_path(named, base)
    if named.strip() or referee == DECLARED:
        raise ProjectNotFound(_not_found(log, game_id, tried))
    return None


def _declares(folder: Path) -> bool:
    """Return True when a project's workbook declares rules (a declared game's log looks for one that does)."""
    from playproof.playtest.declared import has_rules

    return has_rules(folder)


def refereed(log: Log, engine_cls: type[Engine], project: Path | None) -> type[Engine]:
    """Return the engine, refusing no referee for a log that says its rules were declared."""
    if engine_cls.checks_rules or log.header.get(REFEREE_KEY, "").strip().lower() != DECLARED:
        return engine_cls
    where = f"{log.name}:{log.header_line(REFEREE_KEY)}"
    raise ProjectNotFound(f'{where}: this log was refereed by rules declared in its project, but {project} '
                          "declares none now (no Moves sheet); pass --project DIR for the project it was played "
                          "with")


def _given(folder: Path) -> Path:
    """Return the folder named with --project, refusing one that holds no project."""
    if not is_project(folder):
        raise ProjectNotFound(f"--project {folder}: not a game project (no components.xlsx, CSV sheets or "
                              "layouts.toml in it)")
    return folder.resolve()


def _not_found(log: Log, game_id: str, tried: list[Path]) -> str:
    """Return the one-line error for a project nowhere to be found, naming the places looked at."""
    line = log.header_line("Project") or log.header_line(REFEREE_KEY) or log.header_line("Game")
    where = f"{log.name}:{line}" if line else log.name
    places = ", ".join(_shown(p) for p in tried)
    return (f'{where}: cannot find the project of "{game_id}", whose workbook holds its rules; looked in '
            f"{places}; pass --project DIR")


def _shown(path: Path) -> str:
    """Return a path as short as it reads best: relative to the current folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd())) or "."
    except ValueError:
        return str(path)


def relative_to(project: Path, folder: Path) -> str:
    """Return the project's path as a log in `folder` should name it: relative, else absolute (another drive)."""
    try:
        return Path(os.path.relpath(project.resolve(), folder.resolve())).as_posix()
    except ValueError:  # Windows: another drive has no relative path
        return str(project.resolve())


def portable_text(log: Log, project: Path | None, folder: Path, values: dict[str, str] | None = None) -> str:
    """Return the log's text with [Project] relative to `folder` (where it will be written) and other header
    values set (e.g. [Referee], [Content]); the moves are kept exactly as they were read."""
    updates = dict(values or {})
    if project is not None and is_project(project):
        updates["Project"] = relative_to(project, folder)
    return set_header(log, updates)


def set_header(log: Log, values: dict[str, str]) -> str:
    """Return the log's text with header values replaced in place, or added after the last header line."""
    lines = [e.raw for e in log.entries]
    pending = {k: v for k, v in values.items() if v}
    last = -1
    for index, entry in enumerate(log.entries):
        if entry.kind is EntryKind.HEADER:
            last = index
            if entry.key in pending:
                lines[index] = render(Entry(0, EntryKind.HEADER, key=entry.key, value=pending.pop(entry.key)))
    added = [render(Entry(0, EntryKind.HEADER, key=k, value=v)) for k, v in pending.items()]
    lines[last + 1:last + 1] = added
    body = "\n".join(lines)
    return body + "\n" if log.final_newline and lines else body


def session_stamp(engine_cls: type[Engine], project: Path | None, engine_spec: str | None = None) -> dict[str, str]:
    """Return the header values a new session records: [Referee] for a game of a designer's own, and the
    project's [Content] version with its named [Components] version."""
    from playproof.playtest.games import is_known
    from playproof.versions import content_version, version_label

    stamp: dict[str, str] = {}
    if engine_spec is None and not is_known(engine_cls.game_id):
        stamp[REFEREE_KEY] = DECLARED if engine_cls.checks_rules else NO_REFEREE
    if project is not None and is_project(project):
        stamp["Components"] = version_label(project)
        stamp["Content"] = content_version(project)
    return {key: value for key, value in stamp.items() if value}
