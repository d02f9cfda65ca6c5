"""`playproof new`: a small working game project (workbook, layouts, an icon) that builds at once."""

from __future__ import annotations

import shutil
from pathlib import Path

from playproof.errors import PlayproofError

TEMPLATE = Path(__file__).resolve().parent / "template"

CARDS = [
    ("name", "cost", "colour", "text", "count"),
    ("Market", 2, "#3d7a4a", "Gain :coin: 2. Then you may discard a card to draw a card.", 4),
    ("Harbour", 4, "#2a6f97", "Gain :coin: 1 for each **ship** you have. *Once per round.*", 3),
    ("Watchtower", 3, "#9a3b3b", "When another player attacks you, reveal this card to block the attack.", 2),
]
TOKENS = [("value", "count"), (1, 12), (5, 6)]


def create_project(path: Path, name: str | None = None) -> None:
    """Create a project folder at path (which must not exist or be empty)."""
    if path.exists() and not path.is_dir():
        raise PlayproofError(f"{path}: is a file, not a folder; give a new folder's name")
    blocker = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise PlayproofError(f"{path}: cannot create it ({blocker} is a file, not a folder)")
    if path.exists() and any(path.iterdir()):
        raise PlayproofError(f"{path}: already exists and is not empty")
    game = name or path.resolve().name.replace("-", " ").replace("_", " ").title()
    shutil.copytree(TEMPLATE, path, dirs_exist_ok=True)
    _write_workbook(path / "components.xlsx", game)


def _write_workbook(path: Path, game: str) -> None:
    """Write the starter workbook: a Game sheet, Cards and Tokens."""
    from openpyxl import Workbook

    book = Workbook()
    info = book.active
    info.title = "Game"
    for row in (("key", "value"), ("name", game), ("version", "0.1")):
        info.append(row)
    cards = book.create_sheet("Cards")
    for row in CARDS:
        cards.append(row)
    tokens = book.create_sheet("Tokens")
    for row in TOKENS:
        tokens.append(row)
    book.save(path)
