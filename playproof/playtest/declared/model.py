"""A declared game as plain data: components, zones, counters, setup, moves, turn and scoring."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

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
    """A place components are: shared or one per player, who sees it, ordered or not, capacity, grid."""

    name: str
    per_player: bool
    visibility: str
    order: str
    capacity: int | None
    origin: Origin
    grid: str = ""
    """'' for a plain zone, `square` or `hex` for a grid whose cells hold one component each."""
    message: Any = None
    """The row's sentence (a template) for a finding about this zone, or None."""


@dataclass(frozen=True)
class CounterSpec:
    """A number kept per player or shared (coins, points) with its start and range."""

    name: str
    per_player: bool
    start: Fn
    """The value it starts at, for a player (it may read `seat` and `players`)."""
    low: int | None
    high: int | None
    reset: str
    """`never`, `turn` (back to its start at the end of its player's turn) or `round` (at the end of a round)."""
    origin: Origin
    internal: bool = False
    """True for bookkeeping: hidden from the state line, the rule list and reports."""
    message: Any = None


@dataclass(frozen=True)
class SetupRow:
    """Where a set's printed copies (those matching `where`) start; `each` copies per player when given."""

    set: str
    where: Fn | None
    zone: str
    each: int | None
    origin: Origin


@dataclass(frozen=True)
class Part:
    """One word of a move's log phrase: a literal word, or a part the log fills in.

    kind: `word` (must be written as is), `player`, `number`, `cards` (the components), `from` (a zone the move
    takes from), `to` (a zone it puts into), `cell` (a grid cell `x,y`).
    """

    kind: str
    text: str
    group: int = 0
    """0 for a required word; n for the words of the n-th optional group (`[taking N food]`)."""


class Lead(NamedTuple):
    """A leading `and` part of a move's condition that listing asks once for all the moves of a row (see
    buildmoves.condition_leads)."""

    fn: Fn
    """The part (`test` None), or the side of `amount OP side` that is not `amount`."""
    test: Callable[[Any, Any], Any] | None = None
    """The comparison of `amount OP side` (expr_shapes.COMPARE), None for a part that reads nothing of the move."""
    amount_first: bool = True
    """`amount` is the left side of the comparison."""


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
    sources: tuple[str, ...] = ()
    """Every zone the move may take from (`from` lists several: the first holding the component)."""
    dests: tuple[str, ...] = ()
    """Every zone the move may put into (several: the log names one)."""
    count: tuple[int, int | None] = (1, 1)
    """How many components one move takes: at least, at most (None: no limit)."""
    phrase: tuple[Part, ...] = ()
    """How the log writes the move after its verb (empty: `[player] [components] [amount]`)."""
    derived: bool = False
    to_player: Fn | None = None
    """Whose `to` zone (a zone of each player's) the components go to, when not the move's player's: `after(player)`
    passes a hand to the left."""
    """True when the referee works the move out itself: a logged one is a claim it checks."""
    result: Fn | None = None
    """What a derived move names (a player, a component or an amount), for the player the move is due for."""
    dice: tuple[str, ...] = ()
    """The dice the move rolls (names of the Dice sheet), one face each in the log."""
    message: Any = None
    """The row's sentence (a template with {expressions}) used as the text of its findings."""
    condition_parts: Any = None
    """The compiled condition (its parts, to explain which failed)."""
    sets_gain: list[tuple[str, Fn]] = field(default_factory=list)
    """Counters the move sets (`counter = expression`) instead of adding to."""
    reads_card: bool = False
    """True when the condition, cost or gains read the move's component (evaluated once per component)."""
    amount: Fn | None = None
    """What the number a move states must be, when it is not a cost (a harvest states the food it takes)."""
    record: bool = False
    """True for the table's record of a zone (`table: discards A B`): checked against the zone, never applied."""
    due_compiled: Any = None
    """The compiled `due` (what it reads)."""
    due_reads: Any = None
    """(zones, counters, reads the flow) the `due` condition depends on, through its values; None: unknown."""
    due_flow_first: Fn | None = None
    """`due` with its parts that read only the flow and whom it is asked for asked first (buildmoves.flow_first), or
    None: what a player-by-player evaluation reads, so its kept answer lasts longer."""
    due_guards: tuple[Any, ...] = ()
    """The closures of the leading `and` parts of `due` that every player reads alike (buildmoves.guards)."""
    note: str = ""
    """The row's `note`: the rule in the designer's words (it opens the row's findings when it has no message)."""
    ends_when: Fn | None = None
    """A condition (the `ends turn` cell as an expression): the move ends the turn when it holds after the move."""
    rule_name: str = ""
    """The move's name in rule ids: its verb, or `verb-2` for the second row of a verb."""
    gain_plan: Any = None
    """The gains as checks.changes runs them (filled on first use)."""
    checked: list[Any] = field(default_factory=list)
    """The compiled condition, cost, gains and amount (what they read decides `card_free`)."""
    card_free: bool = False
    """True when the condition, cost, gains and amount read nothing of the move's components or zones, through
    values too: moves of the row that differ only in their components get the same verdict from them."""
    limit_per: str = "turn"
    """What `limit` counts in: `turn`, `round` or `game` (a table move's default is the round)."""
    gain_constants: dict[tuple[str, int], Any] = field(default_factory=dict)
    """Gains that are plain numbers, by (`add` or `set`, its index): their values (checks.changes reads them)."""
    listing: Any = None
    """What listing the row's moves needs to know of it (legal.Row, worked out on first use)."""
    applying: Any = None
    """How a move of the row is applied without the generic steps it needs none of (apply.Plan, worked out on first
    use; False: the row is applied the generic way)."""
    condition_leads: tuple[Lead, ...] = ()
    """The leading parts of the condition that listing asks once for a row (buildmoves.condition_leads)."""
    condition_rest: Fn | None = None
    """The condition's parts after its leading parts that read nothing of the move (buildmoves.condition_rest): all
    a listed move's condition asks once listing found those hold for the row (None: no such lead)."""
    quiet: bool = False
    """True when checking a move of the row can raise nothing but through its condition or gains: no `where`, and a
    cost, amount and `to player` that cannot grow too large (listing may then refuse a row on its condition's
    leading parts alone, without checking its moves one by one)."""
    by_card: frozenset[int] = frozenset()
    """The cost and gains (by id of their closure) that read nothing but the move's component: its name and fields,
    numbers and operators (buildmoves.by_card). Their value for a design is worked out once (`card_values`)."""
    card_values: dict[tuple[int, str], Any] = field(default_factory=dict)
    """The values of `by_card` expressions, by (id of the closure, component key): checks.card_value fills it."""
    gain_owner: dict[tuple[str, int], str] = field(default_factory=dict)
    """Whose counter a gain changes, by (`add` or `set`, its index): `target` (the player the move names),
    `current`, or `each` (every player, the gain evaluated for each: `each food: 2`); absent: who moves."""
    takes_component: bool = field(init=False, repr=False, compare=False)
    """True when the move names components: it has sets and is no bulk move (worked out as the row is made)."""

    def __post_init__(self) -> None:
        self.takes_component = bool(self.sets) and not self.bulk


@dataclass(frozen=True)
class PhaseSpec:
    """A phase of a turn or of a round, and who acts in it: each player in turn, all together, or the table."""

    name: str
    of: str
    who: str
    origin: Origin
    until: Fn | None = None
    """A round phase played `each`: it goes on lap after lap in the turn order until this holds (three tricks)."""


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
    end_now: Fn | None = None
    """A second end that holds at once whatever `end_at` says ("at once when the deck runs out")."""
    tiebreak: tuple[Fn, ...] = ()
    """Tie-breaks in order: among tied scores the highest first value wins, then the second..."""
    heuristic: Fn | None = None
    origins: dict[str, Origin] = field(default_factory=dict)
    turns_each: int = 1
    first_player: str = "fixed"
    order: Fn | None = None
    skip: Fn | None = None
    cooperative: bool = False
    win: Fn | None = None
    lose: Fn | None = None
    round_phases: tuple[PhaseSpec, ...] = ()
    options: dict[str, str] = field(default_factory=dict)
    """Variant options the rules read with option('name'), and what each does."""
    round_end: Fn | None = None
    """When set, a round goes on lap after lap until this holds (an auction: until the lot is won)."""
    reads: dict[str, Any] = field(default_factory=dict)
    """What `end`, `win` and `lose` read (zones, counters, changing variables; see build.reads), when known: their
    answers are kept while that is unchanged (flow.check_end)."""
    alternatives: dict[str, Any] = field(default_factory=dict)
    """The top-level `or` parts of `end`, `end now`, `win` and `lose`, each compiled on its own (build time)."""
    part_reads: dict[str, tuple[tuple[Fn, Any], ...]] = field(default_factory=dict)
    """Each top-level `or` part's closure and what it reads, when every part's reads are known: each part's answer
    is kept on its own, dropped only when what that part reads changes (flow._kept_parts)."""


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
    dice: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    """Each die by name and its faces."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Other names components are known by in logs (an `alias` column) -> their key."""
    due_cache: dict[str, list[MoveSpec]] = field(default_factory=dict)
    resets: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)
    """The counters that reset each `turn` or `round` (name, one per player), filled on first use."""
    readings: dict[tuple, Any] = field(default_factory=dict)
    """Log lines already read (see engine._read): players, verb, actor, words, turn -> the move as read."""
    due_readers: Any = None
    due_keys: dict[Any, Any] = field(default_factory=dict)
    """What reads the parts of the flow each due condition depends on, by rule name (state.flow_key_of), and what
    due.first_due's kept answers depend on."""
    """Which due conditions (by rule name) read each zone and each counter, and the parts of the flow each one's
    answer depends on (state.due_readers, filled on first use)."""
    player_rows: Any = None
    """The Moves rows a player makes, each with what listing needs to know of it (legal.offer, filled on first
    use)."""
    verb_rows: dict[str, list[MoveSpec]] = field(default_factory=dict)
    """The Moves rows of each verb (filled on first use)."""
    """The table moves that can fall due (filled on first use)."""
    link: str = ""
    """The Game sheet's `components`: another project whose component sets these rules use."""
    linked: Any = None

    def rows_of(self, verb: str) -> list[MoveSpec]:
        """Return the Moves rows of a verb, in the sheet's order (indexed on first use)."""
        if not self.verb_rows:
            for spec in self.moves.values():
                self.verb_rows.setdefault(spec.verb, []).append(spec)
        return self.verb_rows.get(verb, [])

    def component(self, key: str) -> Comp | None:
        """Return the component a log's word names (its name, or one of its aliases), or None."""
        found = self.comps.get(key)
        if found is None and key in self.aliases:
            found = self.comps[self.aliases[key]]
        return found
    linked_stamp: tuple[float, ...] = ()
