"""The state of a game of Who Will Reign?: sisters, the land, the market, deck and discard."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from playproof.playtest.games.who_will_reign.catalogue import Catalogue

UNKNOWN = "?"
"""A market card drawn but not (yet) revealed in the log."""

LAY, MARKET, PLAY, OVER = "lay", "market", "play", "over"


@dataclass
class Sister:
    """One sister: her stores, her court, the guests hovering near it, her banner."""

    name: str
    food: int
    gold: int
    court: list[str] = field(default_factory=list)
    guests: list[str] = field(default_factory=list)
    banner: str = ""
    powers: Powers | None = None
    """Her abilities summed up; reset to None whenever her court, guests or banner change."""
    version: int = 0
    """Counts changes of her court, guests or banner (keys caches of derived move lists)."""
    crowns: Crowns | None = None
    """Her crowns as far as her court, guests and banner alone decide them; reset with `powers`."""

    def changed(self) -> None:
        """Forget what was derived from the court, guests or banner after one of them changed."""
        self.powers = None
        self.crowns = None
        self.version += 1


class Powers(NamedTuple):
    """A sister's ongoing abilities summed over her court, guests and banner (a named tuple: one is made for every
    change of a court, several times a turn in random play)."""

    harvest_food: int
    tax_gold: int
    sweep: int | None
    discounts: dict[str, int]
    paths: dict[str, int]
    """Court cards held per path."""


class Crowns(NamedTuple):
    """A sister's crowns split by what decides them: her court, guests and banner alone (`fixed`), or also the
    table (`varying`: the cards whose crowns count the land or every sister's guests)."""

    fixed: int
    varying: tuple[str, ...]
    table: tuple[int, int, int] | None
    """The table `total` was counted for: the lands' version, their number, every sister's guests in all."""
    total: int
    """All her crowns: `fixed` and the varying cards' (when `varying` is empty: `fixed`)."""


@dataclass
class Land:
    """A land board on the table with the improvements stacked on it (top last)."""

    key: str
    land: str
    base: int
    stack: list[str] = field(default_factory=list)


@dataclass
class Tribute:
    """A moon's open tribute: what is owed, what has been paid, and who has spoken."""

    moon: str
    resource: str
    owed: int
    paid: int = 0
    spoken: set[str] = field(default_factory=set)


@dataclass
class State:
    """Everything on the table, plus whose turn it is."""

    sisters: list[Sister]
    deck: Counter[str]
    phase: str = LAY
    lands: dict[str, Land] = field(default_factory=dict)
    market: list[str] = field(default_factory=list)
    discard: Counter[str] = field(default_factory=Counter)
    box: set[str] = field(default_factory=set)
    banners_taken: dict[str, str] = field(default_factory=dict)
    active: int = 0
    first: int = 0
    round: int = 1
    income_taken: bool = False
    out_of_turn: str = ""
    """The sister whose run of moves out of turn is in progress (reported at its first move)."""
    late: bool = False
    """True once a move after the end of the game has been reported."""
    pending_draws: int = 0
    tribute: Tribute | None = None
    lands_version: int = 0
    """Counts changes of the improvements on the land (keys caches of derived move lists)."""
    outputs: dict[str, tuple[tuple[int, int], int]] = field(default_factory=dict)
    """What each kind of land produces (and what taxing costs, and the boards a crown bonus counts), with the lands'
    version and board count it was counted for (derived)."""

    @property
    def current(self) -> Sister:
        """The sister whose turn it is."""
        return self.sisters[self.active]

    by_name: dict[str, Sister] = field(default_factory=dict)
    """Every sister by her lower-case name (derived)."""

    def __post_init__(self) -> None:
        """Index the sisters by name."""
        self.by_name = {s.name.lower(): s for s in self.sisters}

    def sister(self, name: str) -> Sister | None:
        """Return the sister of a name (case-insensitive), or None."""
        return self.by_name.get(name.strip().lower())

    def lands_of(self, land: str) -> list[Land]:
        """Return the land boards of one kind (farm or village) on the table."""
        return [b for b in self.lands.values() if b.land == land]


def new_state(players: tuple[str, ...], catalogue: Catalogue, first: int) -> State:
    """Return the state before setup: every sister with her starting food and gold."""
    numbers = catalogue.numbers
    sisters = [Sister(p, numbers["start_food"], numbers["start_gold"]) for p in players]
    return State(sisters, Counter(catalogue.deck()), active=first, first=first)


def top_output(land: Land, catalogue: Catalogue) -> int:
    """Return what a land board produces: its top improvement's output, else its own."""
    return catalogue.cards[land.stack[-1]].output if land.stack else land.base


def top_path(land: Land, catalogue: Catalogue) -> str:
    """Return the path of a land board's top improvement ('' when none)."""
    return catalogue.cards[land.stack[-1]].path if land.stack else ""
