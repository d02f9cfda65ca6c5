"""The numbers the referee checks, read from the project's workbook and cached per file version."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from playproof.components import ComponentSet, Workbook, read_project_workbook
from playproof.errors import PlayproofError, Problems

TERRAINS = ("soil", "forest", "mountain", "light sea", "deep sea", "volcano")
ERAS = ("past", "future")
SPECIALS = ("ATLANTIS", "RAIL", "WALL", "BURN", "EXPEDITION", "TAKEOVER", "METROPOLIS", "DEFEND",
            "REMOTE", "SANDS", "ARMY", "EMBASSY", "ENEMY")
"""Card codes whose special action the engine knows; other codes are action points only."""
NUMBERS = ("time_travel_cost", "round_draw", "hand_limit", "win_cities", "shields_per_player")


@dataclass(frozen=True)
class TileType:
    """One tile type: its era and terrain, what building and entering it cost, its symbol."""

    era: str
    terrain: str
    build: int | None  # None: no city may be built with action points (past seas)
    travel: int
    extra_card: bool
    water: bool


@dataclass(frozen=True)
class CardType:
    """One action card title as the engine sees it (badges only change the deck's make-up)."""

    code: str
    title: str
    points: int
    special: bool
    reaction: bool


@dataclass(frozen=True)
class GameData:
    """Everything the engine reads from the workbook."""

    tiles: dict[tuple[str, str], TileType]
    cells: tuple[tuple[int, int], ...]
    layout: tuple[tuple[str, int, int], ...]
    past_groups: dict[str, tuple[str, ...]]
    future_groups: tuple[tuple[str, ...], ...]
    cards: dict[str, CardType]
    copies: tuple[tuple[str, int, int], ...]  # (code, minimum players, copies)
    clocks: dict[str, int]  # printed time -> minutes on a 12-hour dial
    cities_per_player: int
    shields: int
    walls: int
    railways: int
    numbers: dict[str, int]

    def deck(self, players: int) -> Counter[str]:
        """Return the action-card deck for a player count (cards badged above it removed)."""
        deck: Counter[str] = Counter()
        for code, minimum, count in self.copies:
            if minimum <= players:
                deck[code] += count
        return deck


_CACHE: dict[tuple[str, int], GameData] = {}


@lru_cache(maxsize=64)
def _real_path(path: str) -> str:
    """Return a path with its links resolved (remembered: every game of a simulation loads the same workbook)."""
    return str(Path(path).resolve())


def load(project: Path) -> GameData:
    """Return the project's game data, reading the workbook only when the file changed."""
    path = project / "components.xlsx"
    try:
        key = (_real_path(str(path)), path.stat().st_mtime_ns)
    except OSError as exc:
        raise PlayproofError(f"{path}: cannot read the Battle for Seven Cities workbook ({exc})") from exc
    if key not in _CACHE:
        _CACHE[key] = parse(read_project_workbook(project))
    return _CACHE[key]


def parse(workbook: Workbook) -> GameData:
    """Build game data from a workbook, collecting every problem before raising."""
    problems = Problems()
    sheets = _Sheets(workbook, problems)
    tiles = _tiles(sheets.get("Tile Types"), problems)
    data = GameData(
        tiles=tiles,
        cells=_shape(sheets, problems),
        layout=tuple((str(r.get("slot", "")).upper(), _int(r, "q", s, problems), _int(r, "r", s, problems))
                     for s in [sheets.get("Board Layout")] for r in s.rows),
        past_groups=_groups(sheets.get("Past Tile-Groups"), problems),
        future_groups=tuple(_groups(sheets.get("Future Tile-Groups"), problems, by_number=True).values()),
        cards=_cards(sheets.get("Action Cards"), problems),
        copies=_copies(sheets.get("Action Cards"), problems),
        clocks=_clocks(sheets.get("Clock Cards"), problems),
        cities_per_player=_cities(sheets.get("City Tokens"), problems),
        shields=_token_count(sheets.get("Board Tokens"), "shield", problems),
        walls=_token_count(sheets.get("Board Tokens"), "wall", problems),
        railways=_token_count(sheets.get("Board Tokens"), "railway", problems),
        numbers=_numbers(sheets.get("Rule Numbers"), problems),
    )
    _check_shape(data, sheets, problems)
    for name, era in (("Past Tile-Groups", "past"), ("Future Tile-Groups", "future")):
        _check_printed_costs(sheets.get(name), era, tiles, sheets.get("Tile Types"), problems)
    problems.raise_if_errors()
    return data


class _Sheets:
    """Sheet lookup that reports a missing sheet once and hands back an empty one."""

    def __init__(self, workbook: Workbook, problems: Problems) -> None:
        self.workbook = workbook
        self.problems = problems

    def get(self, name: str) -> ComponentSet:
        """Return a sheet by name, or an empty stand-in after reporting it missing."""
        found = self.workbook.sets.get(name)
        if found is None:
            self.problems.error(None, f'components.xlsx: sheet "{name}" is missing '
                                      "(the Battle for Seven Cities engine reads it)")
            found = ComponentSet(name, "components.xlsx", [])
            self.workbook.sets[name] = found
        return found


def _int(row: Any, column: str, sheet: ComponentSet, problems: Problems, *, optional: bool = False) -> Any:
    """Return a whole-number cell, reporting a missing or non-numeric value at its cell."""
    value = row.get(column)
    if value is None and optional:
        return None
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    problems.error(sheet.location(row.row, column), f'"{value if value is not None else ""}" is not a whole number')
    return 0


def _text(row: Any, column: str) -> str:
    """Return a cell as stripped lower-case text ("" when empty)."""
    value = row.get(column)
    return "" if value is None else str(value).strip().lower()


def _tiles(sheet: ComponentSet, problems: Problems) -> dict[tuple[str, str], TileType]:
    """Read the tile types: build and travel cost and the extra-card symbol per era and terrain."""
    tiles = {}
    for row in sheet.rows:
        era, terrain = _text(row, "era"), _text(row, "terrain")
        if era not in ERAS or terrain not in TERRAINS:
            problems.error(sheet.location(row.row, "era" if era not in ERAS else "terrain"),
                           f'"{era if era not in ERAS else terrain}" is not one of '
                           f'{", ".join(ERAS if era not in ERAS else TERRAINS)}')
            continue
        tiles[(era, terrain)] = TileType(
            era, terrain, _int(row, "build cost", sheet, problems, optional=True),
            _int(row, "travel cost", sheet, problems),
            _text(row, "extra card") in ("yes", "y", "x", "true", "1"),
            _text(row, "water") in ("yes", "y", "x", "true", "1"))
    for key in ((e, t) for e in ERAS for t in TERRAINS):
        if key not in tiles:
            problems.error(sheet.location(), f"no row for the {key[0]} {key[1]} tile type")
    return tiles


def _groups(sheet: ComponentSet, problems: Problems, *, by_number: bool = False) -> dict[str, tuple[str, ...]]:
    """Read tile-groups: id (or number) and the terrain of each cell."""
    groups: dict[str, tuple[str, ...]] = {}
    cell_columns = [c for c in sheet.columns if c.lower().startswith("cell ") and c[5:].isdigit()]
    for row in sorted(sheet.rows, key=lambda r: _int(r, "number", sheet, problems)) if by_number else sheet.rows:
        key = str(row.get("id", "")).strip().upper()
        terrains = tuple(_text(row, c) for c in cell_columns)
        for column, terrain in zip(cell_columns, terrains):
            if terrain not in TERRAINS:
                problems.error(sheet.location(row.row, column),
                               f'"{terrain}" is not one of {", ".join(TERRAINS)}')
        groups[key] = terrains
    return groups


def _cards(sheet: ComponentSet, problems: Problems) -> dict[str, CardType]:
    """Read each card code's title, action points, special action and reaction flag."""
    cards = {}
    for row in sheet.rows:
        code = str(row.get("code", "")).strip().upper()
        special = _text(row, "special") in ("yes", "y", "x", "true", "1")
        if special and code not in SPECIALS:
            problems.error(sheet.location(row.row, "code"),
                           f'"{code}" has no special action the engine knows (known: {", ".join(SPECIALS)})')
        cards[code] = CardType(code, str(row.get("title", code)), _int(row, "action points", sheet, problems),
                               special, _text(row, "reaction") in ("yes", "y", "x", "true", "1"))
    return cards


def _copies(sheet: ComponentSet, problems: Problems) -> tuple[tuple[str, int, int], ...]:
    """Read how many copies of each code carry each player-count badge."""
    return tuple((str(r.get("code", "")).strip().upper(), _int(r, "players", sheet, problems), r.count)
                 for r in sheet.rows)


def _clocks(sheet: ComponentSet, problems: Problems) -> dict[str, int]:
    """Read clock card times ("h:mm") as minutes on a 12-hour dial."""
    clocks = {}
    for row in sheet.rows:
        text = str(row.get("time", "")).strip()
        minutes = clock_minutes(text)
        if minutes is None:
            problems.error(sheet.location(row.row, "time"), f'"{text}" is not a time like 4:30')
            continue
        clocks[text] = minutes
    return clocks


def clock_minutes(text: str) -> int | None:
    """Return minutes past 12 on a 12-hour dial for "h:mm" (24-hour times fold onto the dial)."""
    hours, sep, minutes = text.strip().partition(":")
    if not sep or not hours.isdigit() or not minutes.isdigit() or int(minutes) > 59 or int(hours) > 23:
        return None
    return (int(hours) % 12) * 60 + int(minutes)


def _token_count(sheet: ComponentSet, kind: str, problems: Problems) -> int:
    """Return how many board tokens of a kind exist."""
    counts = [r.count for r in sheet.rows if _text(r, "kind") == kind]
    if not counts:
        problems.error(sheet.location(), f'no "{kind}" token row')
    return sum(counts)


def _cities(sheet: ComponentSet, problems: Problems) -> int:
    """Return each player's number of city tokens (the smallest count of a character's row)."""
    if not sheet.rows:
        problems.error(sheet.location(), "no city token rows")
        return 0
    return min(r.count for r in sheet.rows)


def _shape(sheets: _Sheets, problems: Problems) -> tuple[tuple[int, int], ...]:
    """Return the one shape every tile-group shares: its `cells` column (axial q,r pairs)."""
    shapes: dict[str, tuple[ComponentSet, int]] = {}
    for name in ("Past Tile-Groups", "Future Tile-Groups"):
        sheet = sheets.get(name)
        for row in sheet.rows:
            shapes.setdefault(" ".join(str(row.get("cells", "")).split()), (sheet, row.row))
    if len(shapes) != 1:
        sheet, row = list(shapes.values())[-1] if shapes else (sheets.get("Past Tile-Groups"), None)
        problems.error(sheet.location(row, "cells"), "every tile-group must have the same cells (one shape, "
                       "so past and future positions match)")
    text = next(iter(shapes), "")
    try:
        return tuple((int(q), int(r)) for q, r in (pair.split(",") for pair in text.split()))
    except ValueError:
        sheet, row = shapes[text]
        problems.error(sheet.location(row, "cells"), f'"{text}" must be axial q,r pairs like "0,0 1,0 0,1 1,1"')
        return ((0, 0),)


def _check_printed_costs(sheet: ComponentSet, era: str, tiles: dict[tuple[str, str], TileType],
                         tile_sheet: ComponentSet, problems: Problems) -> None:
    """Check the costs (and colours) printed on each tile-group agree with the Tile Types sheet."""
    colours = {(_text(r, "era"), _text(r, "terrain")): r.get("colour") for r in tile_sheet.rows}
    for row in sheet.rows:
        for index in range(1, 1 + sum(1 for c in sheet.columns if c.lower().startswith("cell ") and c[5:].isdigit())):
            tile = tiles.get((era, _text(row, f"cell {index}")))
            if tile is None:
                continue
            printed = {"build": tile.build, "travel": tile.travel, "extra": "yes" if tile.extra_card else None,
                       "colour": colours.get((era, tile.terrain))}
            for what, expected in printed.items():
                column = f"cell {index} {what}"
                if column in sheet.columns and row.get(column) != expected:
                    problems.error(sheet.location(row.row, column), f'prints "{row.get(column) or ""}" but Tile Types '
                                   f'gives {era} {tile.terrain} {what} "{expected or ""}"; make them agree')


def _numbers(sheet: ComponentSet, problems: Problems) -> dict[str, int]:
    """Read the rule numbers (key | value)."""
    numbers = {_text(r, "key"): _int(r, "value", sheet, problems) for r in sheet.rows}
    for key in NUMBERS:
        if key not in numbers:
            problems.error(sheet.location(), f'no "{key}" row')
            numbers[key] = 0
    return numbers


def _check_shape(data: GameData, sheets: _Sheets, problems: Problems) -> None:
    """Check every tile-group has one terrain per shape cell and the deck has cards."""
    for name in ("Past Tile-Groups", "Future Tile-Groups"):
        groups = data.past_groups.values() if name.startswith("Past") else data.future_groups
        if any(len(g) != len(data.cells) for g in groups):
            problems.error(sheets.get(name).location(),
                           f"every tile-group needs one terrain per cell of its shape ({len(data.cells)})")
    if len(data.layout) > len(data.future_groups) or len(data.layout) > len(data.past_groups):
        problems.error(sheets.get("Board Layout").location(), "the starting board needs more tile-groups than exist")
