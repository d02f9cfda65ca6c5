"""Every card, board, banner and number of the game, read from the project's workbook."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from playproof.components import ComponentRow, ComponentSet, Workbook, read_project_workbook
from playproof.errors import PlayproofError
from playproof.playtest.games.who_will_reign.grammar import (
    LANDS, PATHS, Ability, GrammarError, MoonEffect, Requirement, parse_ability, parse_moon,
    parse_requirement,
)

COURT, GUEST, MOON, IMPROVEMENT = "court", "guest", "moon", "improvement"
SHEETS = {COURT: "Court Cards", GUEST: "Unwanted Guests", MOON: "Moons",
          IMPROVEMENT: "Land Improvements"}
BOARDS_SHEET, BANNERS_SHEET, RULES_SHEET = "Land Boards", "Banners", "Rules"
NUMBERS = ("start_food", "start_gold", "market_size", "sweep_cost", "court_limit",
           "boards_dealt", "tax_food_per_village")


def card_key(name: str) -> str:
    """Return the typable key of a name: lower case, words joined by hyphens."""
    return "-".join(name.replace("_", " ").replace("-", " ").split()).lower()


def log_name(name: str) -> str:
    """Return a name as written in a log: its words joined by hyphens."""
    return "-".join(name.split())


@dataclass(frozen=True)
class Card:
    """A market-deck card design: court card, unwanted guest, moon or land improvement."""

    key: str
    name: str
    kind: str
    copies: int
    path: str = ""
    crowns: int | None = 0
    cost_gold: int = 0
    cost_food: int = 0
    ability: Ability = Ability()
    land: str = ""
    output: int = 0
    moon: MoonEffect | None = None
    label: str = ""
    """The card's name as written in a log (derived from its name)."""

    def __post_init__(self) -> None:
        """Derive the name as written in a log."""
        object.__setattr__(self, "label", log_name(self.name))


@dataclass(frozen=True)
class Board:
    """A land board: a farm or a village with its starting output."""

    key: str
    name: str
    land: str
    output: int


@dataclass(frozen=True)
class Banner:
    """A banner of a path: its requirement, its ability and its crowns."""

    key: str
    name: str
    requirement: Requirement
    ability: Ability
    crowns: int


@dataclass(frozen=True)
class Catalogue:
    """The game's data: cards by key, boards, banners and the rule numbers."""

    cards: dict[str, Card]
    boards: dict[str, Board]
    banners: dict[str, Banner]
    numbers: dict[str, int]

    def __post_init__(self) -> None:
        """Derive the move texts of the catalogue."""
        object.__setattr__(self, "reveals", {k: f"reveal {c.label}" for k, c in self.cards.items()})
        object.__setattr__(self, "acquires", {k: f"acquire {c.label}" for k, c in self.cards.items()})
        object.__setattr__(self, "names", {**{k: c.name for k, c in self.cards.items()},
                                           **{k: b.name for k, b in self.banners.items()}})

    reveals: dict[str, str] = field(init=False, default_factory=dict)
    """The `reveal CARD` move text of every card, by key (derived)."""
    acquires: dict[str, str] = field(init=False, default_factory=dict, repr=False, compare=False)
    """The `acquire CARD` that begins every move acquiring a card, by key (derived)."""
    names: dict[str, str] = field(init=False, default_factory=dict, repr=False, compare=False)
    """The name of every card and banner, by key (derived)."""
    parsed: dict[tuple[bool, str, str], Any] = field(init=False, default_factory=dict, repr=False, compare=False)
    """Moves already parsed against this catalogue, by (by table, verb, args): replays repeat them."""
    texts: dict[str, Any] = field(init=False, default_factory=dict, repr=False, compare=False)
    """Move texts derived from the catalogue alone, made once when first asked (every game asks again)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalogue:
        """Share the catalogue between copies of a game: it is read-only data (and a cache of parses)."""
        return self

    def deck(self) -> dict[str, int]:
        """Return the market deck as copies per card key."""
        return {k: c.copies for k, c in self.cards.items() if c.copies}


_CACHE: dict[tuple[str, float], Catalogue] = {}


def load_catalogue(project: Path) -> Catalogue:
    """Return the catalogue of a project, cached per (workbook path, modification time)."""
    path, resolved = _workbook(project if project.is_absolute() else project.absolute())  # (cwd may change)
    try:
        modified = os.stat(path).st_mtime
    except OSError:  # no workbook: reading it reports that
        modified = 0.0
    stamp = (resolved, modified)
    if stamp not in _CACHE:
        _CACHE[stamp] = _read(read_project_workbook(project))
    return _CACHE[stamp]


@lru_cache(maxsize=64)
def _workbook(project: Path) -> tuple[Path, str]:
    """Return a project's workbook path and its resolved form, worked out once per process (every game asks)."""
    path = project / "components.xlsx"
    return path, str(path.resolve())


def _sheet(workbook: Workbook, name: str) -> ComponentSet:
    """Return a sheet of the workbook or raise an error naming it."""
    if name not in workbook.sets:
        raise PlayproofError(f'who-will-reign workbook has no sheet "{name}"')
    return workbook.sets[name]


class _Reader:
    """Reads typed values from one row, raising errors located at sheet/row/column."""

    def __init__(self, cset: ComponentSet, row: ComponentRow) -> None:
        """Read from one row of a sheet."""
        self.cset, self.row = cset, row

    def fail(self, column: str, message: str) -> PlayproofError:
        """Return an error located at this row's column."""
        return PlayproofError(f"{self.cset.location(self.row.row, column)}: {message}")

    def text(self, column: str, default: str | None = None) -> str:
        """Return a text cell (required unless a default is given)."""
        value = self.row.get(column)
        if value is None:
            if default is None:
                raise self.fail(column, "a value is required")
            return default
        return str(value).strip()

    def whole(self, column: str, default: int | None = None, allow_unknown: bool = False) -> int | None:
        """Return a whole-number cell; `?` gives None where allowed."""
        value = self.row.get(column)
        if value is None and default is not None:
            return default
        if allow_unknown and str(value).strip() == "?":
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
            return int(value)
        raise self.fail(column, f'"{value}" is not a whole number' + (' or "?"' if allow_unknown else ""))

    def parsed(self, column: str, parse: Callable[[str | None], Any]) -> Any:
        """Return a cell parsed by the effect grammar, locating grammar errors."""
        try:
            return parse(self.row.get(column))
        except GrammarError as exc:
            raise self.fail(column, str(exc)) from None

    def choice(self, column: str, allowed: tuple[str, ...], optional: bool = False) -> str:
        """Return a lower-case cell value that must be one of allowed."""
        value = self.text(column, "" if optional else None).lower()
        if value and value not in allowed or not value and not optional:
            raise self.fail(column, f'"{value}" is not one of: {", ".join(allowed)}')
        return value


def _court(r: _Reader) -> Card:
    """Read a court card row."""
    return Card(card_key(r.text("name")), r.text("name"), COURT, r.row.count,
                path=r.choice("path", PATHS, optional=True), crowns=r.whole("crowns", allow_unknown=True),
                cost_gold=r.whole("cost_gold", 0) or 0, cost_food=r.whole("cost_food", 0) or 0,
                ability=r.parsed("effect", parse_ability))


def _guest(r: _Reader) -> Card:
    """Read an unwanted guest row."""
    return Card(card_key(r.text("name")), r.text("name"), GUEST, r.row.count,
                crowns=r.whole("crowns"), cost_gold=r.whole("cost_gold", 0) or 0,
                ability=r.parsed("effect", parse_ability))


def _moon(r: _Reader) -> Card:
    """Read a moon row."""
    return Card(card_key(r.text("name")), r.text("name"), MOON, r.row.count,
                moon=r.parsed("effect", parse_moon))


def _improvement(r: _Reader) -> Card:
    """Read a land improvement row."""
    return Card(card_key(r.text("name")), r.text("name"), IMPROVEMENT, r.row.count,
                path=r.choice("path", PATHS, optional=True), cost_gold=r.whole("cost_gold", 0) or 0,
                land=r.choice("land", LANDS), output=r.whole("output") or 0)


_CARD_READERS: dict[str, Callable[[_Reader], Card]] = {
    COURT: _court, GUEST: _guest, MOON: _moon, IMPROVEMENT: _improvement}


def _cards(workbook: Workbook) -> dict[str, Card]:
    """Read every market-deck card, rejecting duplicate names."""
    cards: dict[str, Card] = {}
    for kind, sheet in SHEETS.items():
        cset = _sheet(workbook, sheet)
        for row in cset.rows:
            card = _CARD_READERS[kind](_Reader(cset, row))
            if card.key in cards:
                raise _Reader(cset, row).fail("name", f'card name "{card.name}" is used twice')
            cards[card.key] = card
    return cards


def _boards(workbook: Workbook) -> dict[str, Board]:
    """Read the land boards (one board per copy is not supported: each board is named)."""
    cset = _sheet(workbook, BOARDS_SHEET)
    boards = {}
    for row in cset.rows:
        r = _Reader(cset, row)
        board = Board(card_key(r.text("name")), r.text("name"), r.choice("land", LANDS), r.whole("output") or 0)
        if board.key in boards:
            raise r.fail("name", f'land board name "{board.name}" is used twice')
        boards[board.key] = board
    return boards


def _banners(workbook: Workbook) -> dict[str, Banner]:
    """Read the banners, keyed by their path."""
    cset = _sheet(workbook, BANNERS_SHEET)
    banners = {}
    for row in cset.rows:
        r = _Reader(cset, row)
        key = r.choice("path", PATHS + ("balance",))
        if key in banners:
            raise r.fail("path", f'a second banner of the path "{key}" (each path has one banner)')
        banners[key] = Banner(key, r.text("name"), r.parsed("requires", parse_requirement),
                              r.parsed("reward", parse_ability), r.whole("crowns", 0) or 0)
    return banners


def _numbers(workbook: Workbook) -> dict[str, int]:
    """Read the rule numbers (key/value rows of the Rules sheet)."""
    cset = _sheet(workbook, RULES_SHEET)
    found = {str(row.get("key")): _Reader(cset, row).whole("value") for row in cset.rows}
    missing = [k for k in NUMBERS if k not in found]
    if missing:
        raise PlayproofError(f'{cset.location()}: missing rule numbers: {", ".join(missing)}')
    return {k: int(found[k] or 0) for k in NUMBERS}


def _check_references(cards: dict[str, Card]) -> None:
    """Check that every `has CARD` condition names a card of the deck."""
    for card in cards.values():
        for _, cond in card.ability.worth + tuple((0, b.cond) for b in card.ability.bonuses if b.cond):
            if cond.kind == "has" and cond.card not in cards:
                raise PlayproofError(f'card "{card.name}": its effect names an unknown card "{cond.card}"')


def _check_numbers(numbers: dict[str, int], boards: dict[str, Board], workbook: Workbook) -> None:
    """Check that the rule numbers leave a playable game."""
    where = _sheet(workbook, RULES_SHEET).location()
    if not 0 < numbers["boards_dealt"] <= len(boards):
        raise PlayproofError(f"{where}: boards_dealt must be between 1 and the {len(boards)} land boards "
                             f"(got {numbers['boards_dealt']})")
    small = [k for k in ("market_size", "court_limit") if numbers[k] < 1]
    if small:
        raise PlayproofError(f'{where}: {", ".join(small)} must be at least 1')


def _read(workbook: Workbook) -> Catalogue:
    """Build the catalogue from a workbook."""
    cards, boards, numbers = _cards(workbook), _boards(workbook), _numbers(workbook)
    _check_references(cards)
    _check_numbers(numbers, boards, workbook)
    return Catalogue(cards, boards, _banners(workbook), numbers)
