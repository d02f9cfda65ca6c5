"""`playproof new`: a small working game project (workbook with declared rules, layouts, an icon, logs)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playproof.errors import PlayproofError

TEMPLATE = Path(__file__).resolve().parent / "template"

CARDS = [
    ("name", "cost", "coins", "points", "colour", "text", "count"),
    ("Market", 2, 1, 1, "#3d7a4a", "Stalls of fish and bread: a steady coin.", 4),
    ("Harbour", 4, 2, 2, "#2a6f97", "Ships bring trade: two coins each time you collect.", 3),
    ("Watchtower", 3, 0, 3, "#9a3b3b", "No income, but the town sleeps safe.", 3),
    ("Lighthouse", 6, 0, 6, "#c08a1e", "The pride of the harbour, seen for miles.", 2),
]
TOKENS = [("value", "count"), (1, 12), (5, 6)]

RULES: dict[str, list[tuple[object, ...]]] = {
    "Zones": [("zone", "owner", "visibility", "order", "capacity", "note"),
              ("deck", "shared", "hidden", "ordered", None, "the Cards, shuffled"),
              ("market", "shared", "public", "unordered", 3, "three cards for sale"),
              ("tableau", "player", "public", "unordered", None, "the cards a player has bought")],
    "Counters": [("counter", "owner", "start", "min", "max", "note"),
                 ("coins", "player", 2, 0, None, "a player's coins: never below 0")],
    "Setup": [("set", "zone", "note"), ("Cards", "deck", "every printed card starts in the deck")],
    "Moves": [("verb", "actor", "from", "to", "components", "cost", "pay", "gain", "due", "note"),
              ("refill", "table", "deck", "market", "Cards", None, None, None,
               "count(market) < 3 and count(deck) > 0", "the table turns up cards until three are for sale"),
              ("collect", "turn", None, None, None, None, None, "coins: 1 + sum(tableau, coins)",
               None, "take 1 coin plus the coins of your cards"),
              ("buy", "turn", "market", "tableau", "Cards", "cost", "coins", None, None,
               "pay a card's cost to put it in your tableau")],
    "Turn": [("key", "value"), ("players", "2-4"), ("actions", 1), ("end turn", "auto"),
             ("end", "count(deck) == 0 and count(market) == 0 or round >= 30"), ("end at", "round"), ("tiebreak", "coins"),
             ("heuristic", "3 * sum(tableau, points) + sum(tableau, coins) + coins // 3")],
    "Scoring": [("part", "expression"), ("cards", "sum(tableau, points)"), ("coins", "coins // 3")],
}
"""The starter game's rules, declared in the workbook (docs/rules-sheets.md explains every column)."""


_SHELL_SAFE = re.compile(r"^[A-Za-z0-9_./:@%+=,-]+$")


def shell_arg(value: object) -> str:
    """Return an argument as typed in a shell: as is when safe, else in double quotes (`"Space Game"`)."""
    text = str(value)
    if _SHELL_SAFE.match(text):
        return text
    return '"' + re.sub(r'(["\\$`])', r"\\\1", text) + '"'


def command_hint(*args: object) -> str:
    """Return a playproof command line to suggest, every argument quoted as a shell needs it."""
    return " ".join(["playproof", *(shell_arg(a) for a in args)])


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
    _write_logs(path / "playtests", path.resolve().name.lower())


def _write_workbook(path: Path, game: str) -> None:
    """Write the starter workbook: a Game sheet, Cards, Tokens and the rules sheets."""
    from openpyxl import Workbook

    book = Workbook()
    info = book.active
    info.title = "Game"
    for row in (("key", "value"), ("name", game), ("version", "0.1")):
        info.append(row)
    for title, rows in (("Cards", CARDS), ("Tokens", TOKENS), *RULES.items()):
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.save(path)


def _write_logs(folder: Path, game_id: str) -> None:
    """Write the example logs (a legal game, and one with mistakes and the findings it should give)."""
    folder.mkdir(exist_ok=True)
    source = TEMPLATE.parent / "logs"
    for name in ("example.log", "example-mistakes.log", "example-mistakes.expected"):
        text = (source / name).read_text(encoding="utf-8").replace("{game}", game_id)
        (folder / name).write_text(text, encoding="utf-8")
