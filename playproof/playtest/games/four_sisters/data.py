"""Four Sisters numbers read from the project's workbook (cards, suits, board, Clock), cached."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playproof.components import ComponentSet, Workbook, read_project_workbook
from playproof.errors import PlayproofError

QUEEN = "Q"
ACE = "A"
RULE_KEYS = ("board_columns", "board_rows", "clock_hours", "hand_size", "queen_day_value",
             "sabbath_every", "first_suit")
CARD_COLUMNS = ("id", "letter", "team", "rank", "value")


@dataclass(frozen=True)
class Card:
    """One card of a Scheme."""

    id: str
    suit: str
    team: str
    rank: str
    value: int

    @property
    def is_queen(self) -> bool:
        """True for a Queen."""
        return self.rank == QUEEN

    @property
    def is_ace(self) -> bool:
        """True for an Ace."""
        return self.rank == ACE


@dataclass(frozen=True)
class GameData:
    """Everything the engine reads from the workbook."""

    cards: dict[str, Card]
    suits: tuple[str, ...]
    teams: dict[str, str]
    rooms: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]
    clock_hours: int
    hand_size: int
    queen_day_value: int
    sabbath_every: int
    first_suit: str
    queens: tuple[str, ...]  # every Queen card id
    by_suit: dict[str, tuple[str, ...]]  # every card id of each suit, in workbook order
    values: dict[str, int] = field(default_factory=dict)  # card id -> value (a hot lookup)
    parsed: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    """Move texts already parsed (replays of many logs share them); cleared when it grows large."""

    def remember(self, key: tuple[Any, ...], value: Any) -> Any:
        """Store a parsed move text and return it."""
        if len(self.parsed) > 100_000:
            self.parsed.clear()
        self.parsed[key] = value
        return value

    def __deepcopy__(self, memo: dict[int, Any]) -> GameData:
        """Share the data with a copied engine: it is read-only (the parse cache only grows)."""
        return self

    def suit_cards(self, suit: str) -> list[str]:
        """Every card id of a suit (one player's Scheme)."""
        return list(self.by_suit.get(suit, ()))


_CACHE: dict[tuple[Any, ...], GameData] = {}


def load_game_data(project: Path) -> GameData:
    """Return the game data of a project, parsed once per (workbook file, modification time)."""
    return _cached(project, _cache_key(project / "components.xlsx"))


def _cache_key(xlsx: Path) -> tuple[Any, ...]:
    """Return what identifies a workbook's contents: its path, the file it names, its mtime."""
    # One stat (which follows symlinks, so the inode is the real file's) replaces resolve():
    # an engine is built per log and resolving the path cost more than the rest of set-up.
    try:
        info = os.stat(xlsx)
    except OSError:
        return (str(xlsx.resolve()), 0.0)
    return (os.path.abspath(xlsx), info.st_dev, info.st_ino, info.st_mtime_ns)


def _cached(project: Path, key: tuple[Any, ...]) -> GameData:
    """Return the parsed game data for a cache key, parsing the project's workbook on a miss."""
    if key not in _CACHE:
        _CACHE[key] = _parse(read_project_workbook(project))
    return _CACHE[key]


def _parse(workbook: Workbook) -> GameData:
    """Build the game data from a workbook's Rules and Cards sheets."""
    numbers = _rules_sheet(workbook)
    cards = _cards(_sheet(workbook, "Cards"))
    suits = tuple(dict.fromkeys(c.suit for c in cards.values()))
    columns, rows = numbers["board_columns"], numbers["board_rows"]
    rooms, neighbours = _board(int(columns), int(rows))
    return GameData(
        cards=cards, suits=suits, teams={c.suit: c.team for c in cards.values()},
        rooms=rooms, neighbours=neighbours, clock_hours=int(numbers["clock_hours"]),
        hand_size=int(numbers["hand_size"]), queen_day_value=int(numbers["queen_day_value"]),
        sabbath_every=int(numbers["sabbath_every"]), first_suit=str(numbers["first_suit"]).upper(),
        queens=tuple(c.id for c in cards.values() if c.is_queen),
        by_suit={s: tuple(c.id for c in cards.values() if c.suit == s) for s in suits},
        values={c.id: c.value for c in cards.values()},
    )


def _sheet(workbook: Workbook, name: str) -> ComponentSet:
    """Return a sheet of the workbook or raise naming what is missing."""
    if name not in workbook.sets:
        raise PlayproofError(f'components.xlsx: the Four Sisters engine needs a sheet "{name}"')
    return workbook.sets[name]


def _rules_sheet(workbook: Workbook) -> dict[str, Any]:
    """Return the Rules sheet's key/value numbers, checking every key is present and valid."""
    sheet = _sheet(workbook, "Rules")
    values = {str(r.get("key")): r for r in sheet.rows}
    for key in RULE_KEYS:
        if key not in values:
            raise PlayproofError(f'{sheet.location()}: missing the key "{key}"')
        if key != "first_suit" and not _positive_int(values[key].get("value")):
            found = values[key].get("value")
            raise PlayproofError(f'{sheet.location(values[key].row, "value")}: "{found}" is not a '
                                 f'whole number above 0 (key "{key}")')
    return {key: values[key].get("value") for key in RULE_KEYS}


def _positive_int(value: Any) -> bool:
    """True when a cell holds a whole number above zero."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _cards(sheet: ComponentSet) -> dict[str, Card]:
    """Return every card of the Cards sheet by id, checking the columns the engine reads."""
    missing = [c for c in CARD_COLUMNS if c not in sheet.columns]
    if missing:
        raise PlayproofError(f'{sheet.location()}: missing column "{missing[0]}"')
    cards = {}
    for row in sheet.rows:
        value = row.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise PlayproofError(f'{sheet.location(row.row, "value")}: "{value}" is not a whole '
                                 "number of 0 or more")
        card = Card(str(row.get("id")).upper(), str(row.get("letter")).upper(),
                    str(row.get("team")), str(row.get("rank")).upper(), value)
        cards[card.id] = card
    return cards


def _board(columns: int, rows: int) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """Return the Room names (A1, B1, ...) and each Room's side-sharing neighbours."""
    def name(c: int, r: int) -> str:
        return f"{chr(65 + c)}{r + 1}"

    rooms = tuple(name(c, r) for r in range(rows) for c in range(columns))
    neighbours = {}
    for r in range(rows):
        for c in range(columns):
            near = [(c, r - 1), (c - 1, r), (c + 1, r), (c, r + 1)]
            neighbours[name(c, r)] = tuple(name(x, y) for x, y in near
                                           if 0 <= x < columns and 0 <= y < rows)
    return rooms, neighbours
