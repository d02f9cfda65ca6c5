"""Every number the Seven Sisters engine checks, read from the project's workbook and cached."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playproof.components import ComponentSet, Workbook, read_project_workbook
from playproof.errors import PlayproofError

WILD = "Wild"
RULES_SHEET = "Rules"
NUMBER_KEYS = (
    "rounds", "servants", "playable_start", "cards_dealt", "cards_played", "action_a_servants",
    "action_a_extra", "action_c_servants", "round_start_place", "round_start_add",
    "round_start_add_last", "gift_winner", "gift_others", "envy_servants", "set_bonus",
    "majority_point", "min_players",
)


@dataclass(frozen=True)
class GameData:
    """The game's numbers: sisters, deck, markers, supplies and the Rules sheet."""

    sisters: tuple[str, ...]
    """Sister names in numerical order (tile 1 first)."""
    favours: tuple[int, ...]
    cards: dict[str, int]
    """Card name (`Primary/Secondary` or `Wild`) -> copies in the deck."""
    pairs: dict[str, tuple[int, int]]
    """Pair card name -> (primary, secondary) sister indices."""
    markers: tuple[int, ...]
    gold: int
    fruit: int
    max_players: int
    numbers: dict[str, int]
    buyback: tuple[tuple[int, int], ...]
    """Gold -> servants packages, e.g. ((1, 1), (2, 3), (3, 5))."""

    def __deepcopy__(self, memo: dict[int, object]) -> GameData:
        """Return this data itself: it never changes once read."""
        return self

    def n(self, key: str) -> int:
        """Return a number from the Rules sheet."""
        return self.numbers[key]

    @property
    def deck_size(self) -> int:
        """Return the number of influence cards."""
        return sum(self.cards.values())


_CACHE: dict[tuple[str, float], GameData] = {}


def load_data(project: Path) -> GameData:
    """Return the game data of a project, parsed once per (workbook path, mtime)."""
    xlsx = project / "components.xlsx"
    key = (str(xlsx.resolve()), xlsx.stat().st_mtime if xlsx.exists() else 0.0)
    if key not in _CACHE:
        _CACHE[key] = parse_workbook(read_project_workbook(project), xlsx.name)
    return _CACHE[key]


def parse_workbook(wb: Workbook, file: str) -> GameData:
    """Build the game data from a workbook, raising one located error for the first gap."""
    tiles = _sheet(wb, "Sister Tiles", file)
    sisters = tuple(str(_field(tiles, r.row, r.get("sister"), "sister")) for r in
                    sorted(tiles.rows, key=lambda r: _int(tiles, r.row, r.get("number"), "number")))
    favour_sheet = _sheet(wb, "Favour Tokens", file)
    favour_count = {str(r.get("sister")): r.count for r in favour_sheet.rows}
    favours = tuple(favour_count.get(s, 0) for s in sisters)
    cards, pairs = _deck(_sheet(wb, "Influence Cards", file), sisters)
    markers = _markers(_sheet(wb, "Turn Markers", file))
    goods = {str(r.get("good", "")).lower(): r.count for r in _sheet(wb, "Goods", file).rows}
    numbers, buyback = _rules(_sheet(wb, RULES_SHEET, file))
    screens = _sheet(wb, "Player Screens", file).copies
    return GameData(sisters, favours, cards, pairs, markers, goods.get("gold", 0),
                    goods.get("fruit", 0), screens, numbers, buyback)


def _sheet(wb: Workbook, name: str, file: str) -> ComponentSet:
    """Return a sheet the engine needs, or raise naming it."""
    if name not in wb.sets:
        raise PlayproofError(f'{file}: sheet "{name}" is missing; the Seven Sisters engine reads '
                             "its numbers from it")
    return wb.sets[name]


def _field(cset: ComponentSet, row: int, value: Any, column: str) -> Any:
    """Return a required field value, or raise with its location."""
    if value is None:
        raise PlayproofError(f"{cset.location(row, column)}: a value is required")
    return value


def _int(cset: ComponentSet, row: int, value: Any, column: str) -> int:
    """Return a whole-number field, or raise with its location."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise PlayproofError(f'{cset.location(row, column)}: "{value}" is not a whole number')


def _deck(cset: ComponentSet, sisters: tuple[str, ...]) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    """Return card copies by name and the sisters of each pair card."""
    index = {s: i for i, s in enumerate(sisters)}
    cards: dict[str, int] = {}
    pairs: dict[str, tuple[int, int]] = {}
    for r in cset.rows:
        if str(r.get("kind", "")).lower() == "wild":
            cards[WILD] = cards.get(WILD, 0) + r.count
            continue
        primary, secondary = r.get("primary"), r.get("secondary")
        if primary not in index or secondary not in index or primary == secondary:
            raise PlayproofError(f"{cset.location(r.row, 'primary')}: a pair card needs two different "
                                 f"sisters from the Sister Tiles sheet, not {primary}/{secondary}")
        name = f"{primary}/{secondary}"
        cards[name] = cards.get(name, 0) + r.count
        pairs[name] = (index[primary], index[secondary])
    return cards, pairs


def _markers(cset: ComponentSet) -> tuple[int, ...]:
    """Return every turn marker value, one entry per physical marker."""
    values: list[int] = []
    for r in cset.rows:
        values.extend([_int(cset, r.row, r.get("value"), "value")] * r.count)
    return tuple(sorted(values))


def _rules(cset: ComponentSet) -> tuple[dict[str, int], tuple[tuple[int, int], ...]]:
    """Return the Rules sheet's numbers and the buy-back packages."""
    rows = {str(r.get("key")): r for r in cset.rows}
    numbers = {}
    for key in NUMBER_KEYS:
        if key not in rows:
            raise PlayproofError(f'{cset.location()}: key "{key}" is missing')
        numbers[key] = _int(cset, rows[key].row, rows[key].get("value"), "value")
    if "buyback" not in rows:
        raise PlayproofError(f'{cset.location()}: key "buyback" is missing')
    return numbers, _packages(cset, rows["buyback"].row, str(rows["buyback"].get("value", "")))


def _packages(cset: ComponentSet, row: int, text: str) -> tuple[tuple[int, int], ...]:
    """Parse `1:1 2:3 3:5` into (gold, servants) packages."""
    try:
        packages = tuple((int(g), int(s)) for g, s in (item.split(":") for item in text.split()))
    except ValueError:
        packages = ()
    if not packages or any(g <= 0 or s <= 0 for g, s in packages):
        raise PlayproofError(f'{cset.location(row, "value")}: "{text}" is not a list of '
                             "gold:servants packages such as 1:1 2:3 3:5")
    return packages

