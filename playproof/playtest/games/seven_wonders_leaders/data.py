"""The game's numbers, read from the project workbook: cards, Leaders, Wonders and constants."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from playproof.components import ComponentRow, ComponentSet, read_project_workbook
from playproof.errors import PlayproofError

RESOURCES = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
RAW_MASK = 0b0001111
GOODS_MASK = 0b1110000
ANY_MASK = 0b1111111
COLOURS = ("brown", "grey", "blue", "yellow", "green", "red", "purple")
SCIENCE = ("compass", "gear", "tablet")

EFFECT_ARITY = {
    "produce": (1, 2), "private": (1, 1), "vp": (1, 1), "shields": (1, 1), "science": (1, 1),
    "coins": (1, 1), "trade": (2, 2), "coins_per": (3, 3), "vp_per": (3, 3), "vp_per_set": (2, 2),
    "victory_bonus": (1, 1), "science_set_bonus": (1, 1), "reduce": (1, 1), "bank_buy": (1, 1),
    "free_leaders": (0, 0), "free_color": (1, 1), "defeat_to_winner": (0, 0), "trade_rebate": (1, 1),
    "coins_per_victory": (1, 1), "coins_per_build": (2, 2), "coins_per_chain": (1, 1),
    "salvage": (0, 0), "free_build_per_age": (0, 0), "play_seventh": (0, 0), "copy_guild": (0, 0),
    "courtesan": (0, 0), "leader_discount": (1, 1), "neighbour_leader_discount": (1, 1),
    "draw_leaders": (1, 1), "extra_recruit": (0, 0),
}

Effect = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Cost:
    """A price: resource units by index, and coins."""

    units: tuple[int, ...] = (0,) * 7
    coins: int = 0
    need: tuple[tuple[int, int], ...] = field(default=(), init=False, compare=False, repr=False)
    """The units asked for as (resource, count) pairs, the resources with a count only (a cost asks for few)."""

    def __post_init__(self) -> None:
        """Work out `need` from the units."""
        object.__setattr__(self, "need", tuple((r, n) for r, n in enumerate(self.units) if n))

    @property
    def free(self) -> bool:
        """Return True when nothing at all is to be paid."""
        return self.coins == 0 and not any(self.units)

    def __deepcopy__(self, memo: dict[int, Any]) -> Cost:
        """Return self: it is immutable."""
        return self


@dataclass(frozen=True)
class Card:
    """An Age card (structure) as the engine sees it."""

    name: str
    age: int
    colour: str
    cost: Cost
    effect: Effect
    chain_from: tuple[str, ...] = ()
    min_players: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        """Return self: it is immutable."""
        return self


@dataclass(frozen=True)
class Leader:
    """A Leader card: coin cost and effect."""

    name: str
    cost: int
    effect: Effect
    variant: str | None = None
    """A Leader with a variant joins the pool only when that variant option is on (Semiramis)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Leader:
        """Return self: it is immutable."""
        return self


@dataclass(frozen=True)
class Board:
    """One side of a Wonder board: its own production/power and its stages."""

    name: str
    side: str
    power: Effect
    stages: tuple[tuple[Cost, Effect], ...]

    @property
    def label(self) -> str:
        """Return `Name side`, as logs write it."""
        return f"{self.name} {self.side}"

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        """Return self: it is immutable."""
        return self


class CardPlay(NamedTuple):
    """What a hand's offer needs of a card, worked out once: its move texts, chains and costs."""

    build: str
    """`build NAME` (and `stage NAME`, `discard NAME` below)."""
    stage: str
    discard: str
    free_build: str
    """`build NAME; free`: Olympia A's free build."""
    chain_from: frozenset[str]
    colour: str
    cost: Cost
    coins_only: Cost
    """The cost when the city builds the colour for coins alone (Leaders' `free_color`)."""
    no_units: bool
    """The cost asks for no resource: paying it is a matter of coins."""
    free: bool
    """The cost asks for nothing at all (`Cost.free`)."""


def card_play(card: Card) -> CardPlay:
    """Return a card's texts and costs as a hand's offer asks for them."""
    name, cost = card.name, card.cost
    return CardPlay("build " + name, "stage " + name, "discard " + name, f"build {name}; free",
                    frozenset(card.chain_from), card.colour, cost, Cost(coins=cost.coins), not any(cost.units),
                    cost.free)


@dataclass
class GameData:
    """Everything numeric the engine checks, from one workbook."""

    cards: dict[int, dict[str, Card]]
    deck_rows: dict[int, list[Card]]
    guilds: dict[str, Card]
    leaders: dict[str, Leader]
    boards: dict[str, Board]
    constants: dict[str, int] = field(default_factory=dict)
    parsed: dict[tuple[str, str], dict[str, dict[str, Any]]] = field(default_factory=dict)
    """Move texts already parsed (replays of many logs share them), by scope (`parsed_for`), verb and
    arguments: nested dicts, so that a lookup hashes the event's own strings and makes no key."""
    remembered: int = 0
    """How many parsed texts `parsed` holds; past 100,000 it is emptied."""
    canon: dict[str, str] = field(default_factory=dict)
    """Lower-case card and Leader names mapped to their spelling (filled by the first engine)."""
    decks: dict[tuple[int, int], Counter[str]] = field(default_factory=dict)
    """Each Age's deck by player count (`deck`), counted once per workbook."""
    plays: dict[int, dict[str, CardPlay]] = field(default_factory=dict)
    pools: dict[frozenset[str], Counter[str]] = field(default_factory=dict)
    """The Leader pool by the options a game is played with (`leader_pool`)."""
    """Each Age's cards as a hand offers them (`card_plays`), made once per workbook."""

    def __deepcopy__(self, memo: dict[int, Any]) -> GameData:
        """Return self: the workbook's numbers are read-only and shared by every copy of an engine."""
        return self

    def canonical_names(self) -> dict[str, str]:
        """Return lower-case names of cards and Leaders mapped to their spelling in the workbook."""
        if not self.canon:
            self.canon.update({n.lower(): n for age in self.cards.values() for n in age})
            self.canon.update({n.lower(): n for n in self.leaders})
        return self.canon

    def parsed_for(self, scope: tuple[str, str]) -> dict[str, dict[str, Any]]:
        """Return the parsed texts of a scope (whose texts, and the seats: parsing depends on them) by verb and arguments."""
        found = self.parsed.get(scope)
        if found is None:
            found = self.parsed[scope] = {}
        return found

    def remember(self, texts: dict[str, dict[str, Any]], verb: str, args: str, value: Any) -> Any:
        """Store a parsed move text in a scope's texts (`parsed_for`) and return it."""
        self.remembered += 1
        if self.remembered > 100_000:  # emptied in place: engines keep their scope's dict
            for scope in self.parsed.values():
                scope.clear()
            self.remembered = 1
        by_args = texts.get(verb)
        if by_args is None:
            by_args = texts[verb] = {}
        by_args[args] = value
        return value

    def deck(self, age: int, players: int) -> Counter[str]:
        """Return the non-guild cards of an Age for a player count (2 players use the 3 deck)."""
        count = max(players, 3)
        key = (age, count)
        deck = self.decks.get(key)
        if deck is None:
            deck = self.decks[key] = Counter(c.name for c in self.deck_rows[age]
                                             if c.min_players is not None and c.min_players <= count)
        return Counter(deck)  # a copy: the game deals from it

    def card(self, age: int, name: str) -> Card | None:
        """Return the card of an Age by name (guilds belong to Age III)."""
        return self.cards.get(age, {}).get(name)

    def any_card(self, name: str) -> Card | None:
        """Return a card of any Age by name (the latest Age wins for reprinted names)."""
        for age in (3, 2, 1):
            if name in self.cards[age]:
                return self.cards[age][name]
        return None

    def leader_pool(self, options: frozenset[str]) -> Counter[str]:
        """Return the Leaders of a game with these options (a new Counter; a Leader with a variant only with it)."""
        pool = self.pools.get(options)
        if pool is None:
            pool = self.pools[options] = Counter(n for n, l in self.leaders.items()
                                                 if l.variant is None or l.variant in options)
        return Counter(pool)

    def card_plays(self, age: int) -> dict[str, CardPlay]:
        """Return the cards of an Age by name with their move texts and costs worked out (once per workbook)."""
        found = self.plays.get(age)
        if found is None:
            found = self.plays[age] = {name: card_play(card) for name, card in self.cards.get(age, {}).items()}
        return found

    def const(self, key: str, default: int) -> int:
        """Return a rule constant from the Game sheet."""
        return self.constants.get(key, default)


_CACHE: dict[tuple[Any, ...], GameData] = {}


_BOOKS: dict[Path, str] = {}
"""Each absolute project folder's workbook path, as `os.stat` takes it (joined once per folder)."""


def load(project: Path) -> GameData:
    """Return the game data of a project, parsed once per (workbook path, modification time)."""
    book = _BOOKS.get(project)
    if book is None:
        book = os.path.abspath(project / "components.xlsx")
        if project.is_absolute():  # (a relative folder names another workbook after a change of directory)
            if len(_BOOKS) > 1000:
                _BOOKS.clear()
            _BOOKS[project] = book
    key = _cache_key(book)
    if key not in _CACHE:
        _CACHE[key] = _parse(project)
    return _CACHE[key]


def _cache_key(path: str) -> tuple[Any, ...]:
    """Return what identifies a workbook's contents: its absolute path, the file it names, its mtime."""
    # One stat (which follows symlinks, so the inode is the real file's) replaces resolve():
    # an engine is built per log and resolving the path cost more than the rest of set-up.
    try:
        info = os.stat(path)
    except OSError:
        return (str(Path(path).resolve()), 0.0)
    return (path, info.st_dev, info.st_ino, info.st_mtime_ns)


def _parse(project: Path) -> GameData:
    """Read and check every sheet the engine needs."""
    book = read_project_workbook(project)
    sheets = book.sets
    for name in ("Age Cards", "Guilds", "Leaders", "Wonders", "Rome Board"):
        if name not in sheets:
            raise PlayproofError(f'{project / "components.xlsx"}: sheet "{name}" is missing')
    cards: dict[int, dict[str, Card]] = {1: {}, 2: {}, 3: {}}
    deck_rows: dict[int, list[Card]] = {1: [], 2: [], 3: []}
    guilds: dict[str, Card] = {}
    for cset in (sheets["Age Cards"], sheets["Guilds"]):
        for row in cset.rows:
            card = _card(cset, row)
            cards[card.age][card.name] = card
            if card.colour == "purple":
                guilds[card.name] = card
            else:
                deck_rows[card.age].extend([card] * max(row.count, 1))
    leaders = {str(r.get("name")): _leader(sheets["Leaders"], r) for r in sheets["Leaders"].rows}
    boards = _boards(sheets["Wonders"]) | _rome(sheets["Rome Board"])
    constants = {k: int(v) for k, v in book.info.items() if isinstance(v, (int, float))}
    return GameData(cards, deck_rows, guilds, leaders, boards, constants)


def _need(cset: ComponentSet, row: ComponentRow, column: str) -> Any:
    """Return a required field, or raise naming sheet, row and column."""
    value = row.get(column)
    if value is None:
        raise PlayproofError(f"{cset.location(row.row, column)}: a value is required")
    return value


def _int(cset: ComponentSet, row: ComponentRow, column: str) -> int:
    """Return a whole-number field, or raise naming sheet, row and column."""
    value = _need(cset, row, column)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or int(value) != value:
        raise PlayproofError(f'{cset.location(row.row, column)}: "{value}" is not a whole number')
    return int(value)


def parse_cost(text: str) -> Cost:
    """Parse `wood:1;ore:2`, `:wood: :ore: :ore:` (printable icons), `coin:1` or `free` into a Cost."""
    if text.strip().lower() in ("free", "-", ""):
        return Cost()
    if text.strip().startswith(":"):
        return _icon_cost(text)
    units = [0] * 7
    coins = 0
    for item in text.split(";"):
        name, _, number = item.strip().partition(":")
        amount = int(number) if number.strip() else 1
        if name.strip() == "coin":
            coins += amount
        elif name.strip() in RES_INDEX:
            units[RES_INDEX[name.strip()]] += amount
        else:
            raise ValueError(f'unknown resource "{name.strip()}"')
    return Cost(tuple(units), coins)


def _icon_cost(text: str) -> Cost:
    """Parse a cost written as inline icons, one icon per unit: `:wood: :wood: :coin:`."""
    units = [0] * 7
    coins = 0
    for token in text.split():
        name = token.strip(":")
        if token.count(":") != 2 or not token.startswith(":") or not token.endswith(":"):
            raise ValueError(f'"{token}" is not an icon like :wood:')
        if name == "coin":
            coins += 1
        elif name in RES_INDEX:
            units[RES_INDEX[name]] += 1
        else:
            raise ValueError(f'unknown resource "{name}"')
    return Cost(tuple(units), coins)


def parse_effect(text: str | None) -> Effect:
    """Parse `kind:arg:arg;kind` into effect items; raise ValueError on an unknown kind or arity."""
    items = []
    for item in (text or "").split(";"):
        if not item.strip():
            continue
        kind, *args = [p.strip() for p in item.split(":")]
        low, high = EFFECT_ARITY.get(kind, (-1, -1))
        if low < 0:
            raise ValueError(f'unknown effect "{kind}" (known: {", ".join(sorted(EFFECT_ARITY))})')
        if not low <= len(args) <= high:
            raise ValueError(f'effect "{kind}" takes {low}-{high} argument(s), got {len(args)}')
        _check_args(kind, args)
        items.append((kind, tuple(args)))
    return tuple(items)


COUNTED = set(COLOURS) | {"stage", "victory", "defeat", "leader", "coins3"}
WHERE = ("own", "neighbours", "all")


def _check_args(kind: str, args: list[str]) -> None:
    """Check the words of an effect item: resources, colours, sides, what is counted and where."""
    if kind in ("produce", "private") and any(r not in RES_INDEX for r in args[0].split("/")):
        raise ValueError(f'effect "{kind}" names an unknown resource in "{args[0]}"')
    if kind in ("coins_per", "vp_per") and (any(w not in COUNTED for w in args[0].split("+")) or args[1] not in WHERE):
        counted, where = "/".join(sorted(COUNTED)), ", ".join(WHERE)
        raise ValueError(f'effect "{kind}" counts {counted} in {where}, not "{args[0]}" in "{args[1]}"')
    if kind == "trade" and (args[0] not in ("raw", "goods") or args[1] not in ("left", "right", "both")):
        raise ValueError(f'effect "trade" is raw or goods, then left, right or both, not "{args[0]}:{args[1]}"')
    if kind in ("reduce", "free_color", "coins_per_build") and args[0] not in COLOURS + ("stage",):
        raise ValueError(f'effect "{kind}" names a colour ({", ".join(COLOURS)}) or stage, not "{args[0]}"')
    if kind == "science" and args[0] not in SCIENCE + ("any",):
        raise ValueError(f'effect "science" is one of {", ".join(SCIENCE)} or any, not "{args[0]}"')


def _cost_field(cset: ComponentSet, row: ComponentRow, column: str) -> Cost:
    """Return a cost column parsed, or raise naming its cell."""
    try:
        return parse_cost(str(row.get(column, "free")))
    except ValueError as exc:
        raise PlayproofError(f"{cset.location(row.row, column)}: {exc}") from exc


def _effect_field(cset: ComponentSet, row: ComponentRow, column: str) -> Effect:
    """Return an effect column parsed, or raise naming its cell."""
    try:
        return parse_effect(row.get(column))
    except ValueError as exc:
        raise PlayproofError(f"{cset.location(row.row, column)}: {exc}") from exc


def _card(cset: ComponentSet, row: ComponentRow) -> Card:
    """Build an Age card from a row of `Age Cards` or `Guilds`."""
    chain = str(row.get("chain_from", "") or "")
    minimum = row.get("min_players")
    return Card(
        name=str(_need(cset, row, "name")), age=_int(cset, row, "age"),
        colour=str(_need(cset, row, "colour")), cost=_cost_field(cset, row, "cost"),
        effect=_effect_field(cset, row, "effect"),
        chain_from=tuple(c.strip() for c in chain.split("|") if c.strip()),
        min_players=int(minimum) if isinstance(minimum, (int, float)) else None,
    )


def _leader(cset: ComponentSet, row: ComponentRow) -> Leader:
    """Build a Leader from a row of the `Leaders` sheet."""
    variant = row.get("variant")
    return Leader(str(_need(cset, row, "name")), _int(cset, row, "cost"), _effect_field(cset, row, "effect"),
                  str(variant).strip().lower() if variant else None)


def _boards(cset: ComponentSet) -> dict[str, Board]:
    """Build the base Wonder boards (stage 0 is the board's own production)."""
    grouped: dict[tuple[str, str], list[ComponentRow]] = {}
    for row in cset.rows:
        grouped.setdefault((str(_need(cset, row, "wonder")), str(_need(cset, row, "side"))), []).append(row)
    boards = {}
    for (name, side), rows in grouped.items():
        rows.sort(key=lambda r: _int(cset, r, "stage"))
        power = _effect_field(cset, rows[0], "effect") if _int(cset, rows[0], "stage") == 0 else ()
        stages = tuple((_cost_field(cset, r, "cost"), _effect_field(cset, r, "effect"))
                       for r in rows if _int(cset, r, "stage") > 0)
        boards[f"{name} {side}"] = Board(name, side, power, stages)
    return boards


def _rome(cset: ComponentSet) -> dict[str, Board]:
    """Build Rome's sides from the printed `Rome Board` sheet: one board, `a_...` and `b_...` columns."""
    boards = {}
    for row in cset.rows:
        name = str(row.get("name", "Rome"))
        for side in ("A", "B"):
            pre = side.lower() + "_"
            stages = tuple((_cost_field(cset, row, f"{pre}stage{n}_cost"),
                            _effect_field(cset, row, f"{pre}stage{n}_effect"))
                           for n in (1, 2, 3) if row.get(f"{pre}stage{n}_cost") is not None)
            boards[f"{name} {side}"] = Board(name, side, _effect_field(cset, row, f"{pre}power"), stages)
    return boards
