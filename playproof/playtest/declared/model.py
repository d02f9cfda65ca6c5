"""A declared game as plain data: components, zones, counters, setup, moves, turn and scoring."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playproof.playtest.declared.expr import Fn
from playproof.playtest.engine import RuleIndex


@dataclass(frozen=True)
class Origin:
    """Where a declared rule comes from: a sheet's row (and the cell of its first column)."""

    sheet: str
    row: int
    cell: str

    def __str__(self) -> str:
        return self.cell


class ReadOnly:
    """Game data read from the sheets: shared, never copied, by the search copies bots make (Engine.clone)."""

    def __deepcopy__(self, memo: dict[int, object]) -> ReadOnly:
        return self


@dataclass(frozen=True)
class Comp(ReadOnly):
    """One printed component design: its name (key: lower case, spaces as hyphens), set, fields, copies."""

    key: str
    name: str
    set: str
    fields: dict[str, Any]
    count: int


@dataclass(frozen=True)
class ZoneSpec:
    """A place components are: shared or one per player, who sees it, ordered or not, capacity."""

    name: str
    per_player: bool
    visibility: str
    order: str
    capacity: int | None
    origin: Origin


@dataclass(frozen=True)
class CounterSpec:
    """A number kept per player or shared (coins, points) with its start and range."""

    name: str
    per_player: bool
    start: int
    low: int | None
    high: int | None
    reset: bool
    """True when the counter goes back to its start at the end of its player's turn."""
    origin: Origin


@dataclass(frozen=True)
class SetupRow:
    """Where a set's printed copies (those matching `where`) start; `each` copies per player when given."""

    set: str
    where: Fn | None
    zone: str
    each: int | None
    origin: Origin


@dataclass
class MoveSpec:
    """A move: verb, who makes it, what it moves from where to where, its cost, gains, limits and phase."""

    verb: str
    actor: str
    names_player: bool
    source: str | None
    dest: str | None
    sets: tuple[str, ...]
    bulk: bool
    where: Fn | None
    condition: Fn | None
    cost: Fn | None
    pay: str | None
    gains: list[tuple[str, Fn]]
    limit: int | None
    phase: str | None
    action: bool
    ends_turn: bool
    next: str
    due: Fn | None
    origin: Origin
    texts: dict[str, str] = field(default_factory=dict)
    """The row's expressions as written (column -> text), quoted in findings."""

    @property
    def takes_component(self) -> bool:
        """True when the move names one component."""
        return bool(self.sets) and not self.bulk


@dataclass
class TurnSpec:
    """Seat order, actions per turn, how a turn ends, phases, the end of the game and tie-break."""

    min_players: int = 2
    max_players: int = 4
    actions: int | None = None
    end_turn: str = "move"
    phases: tuple[str, ...] = ()
    end: Fn | None = None
    end_at: str = "now"
    tiebreak: Fn | None = None
    heuristic: Fn | None = None
    origins: dict[str, Origin] = field(default_factory=dict)


@dataclass
class Game(ReadOnly):
    """Everything the declared engine needs, compiled once per workbook."""

    game_id: str
    title: str
    comps: dict[str, Comp]
    zones: dict[str, ZoneSpec]
    counters: dict[str, CounterSpec]
    setup: list[SetupRow]
    moves: dict[str, MoveSpec]
    turn: TurnSpec
    scoring: list[tuple[str, Fn]]
    values: dict[str, Fn]
    rules: RuleIndex
    link: str = ""
    """The Game sheet's `components`: another project whose component sets these rules use."""
    linked: Any = None
    linked_stamp: tuple[float, ...] = ()
