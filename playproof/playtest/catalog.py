"""The games a table can choose from: the seed games and plugins, and the declared games in a projects folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from playproof.playtest.projectfind import is_project

MAX_FOLDERS = 500
"""The most subfolders of a projects folder looked at (a home folder must not be walked)."""


@dataclass(frozen=True)
class GameChoice:
    """A game the table page offers: its id, how it is shown, and its project folder (None: bundled)."""

    game: str
    label: str
    project: Path | None = None


def games_in(root: Path | None) -> list[GameChoice]:
    """Return the bundled games, then each project under `root` (or `root` itself) whose workbook declares rules."""
    from playproof.playtest.games import game_ids

    found = [GameChoice(g, f"{g} (built in)") for g in game_ids()]
    known = {g.game for g in found}
    for folder in project_folders(root):
        if folder.name.lower() not in known and _declares_rules(folder):
            known.add(folder.name.lower())
            found.append(GameChoice(folder.name.lower(), f"{folder.name} (rules declared in its workbook)", folder))
    return found


def project_folders(root: Path | None) -> list[Path]:
    """Return `root` when it is a project, and its subfolders that are projects (sorted by name)."""
    if root is None or not root.is_dir():
        return []
    folders = [root.resolve()] if is_project(root) else []
    try:
        children = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))[:MAX_FOLDERS]
    except OSError:  # an unreadable folder offers no projects
        return folders
    return folders + [p.resolve() for p in children if is_project(p)]


def _declares_rules(folder: Path) -> bool:
    """Return True when the project's workbook declares rules (read cheaply)."""
    from playproof.playtest.declared import has_rules

    return has_rules(folder)


def project_of(root: Path | None, game: str) -> Path | None:
    """Return the project folder named like the game under `root` (a declared game's, or a seed game's own
    workbook), or None."""
    key = game.strip().lower()
    return next((folder for folder in project_folders(root) if folder.name.lower() == key), None)
