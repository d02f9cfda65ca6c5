"""The table of a declared game: zones holding components, counters, the flow of turns, and the evaluation context."""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, Callable, Iterable

from playproof.errors import PlayproofError
from playproof.playtest.declared.expr import TooLarge, Unknown
from playproof.playtest.declared.expr_values import STEP_LIMIT
from playproof.playtest.declared.model import Comp, Game

Entry = tuple[Comp, str]
"""A component in a zone and the player who put it there ('' for the setup or the table)."""

Cell = tuple[int, int]
"""A grid cell: (x, y) on a square grid, (q, r) axial coordinates on a hex grid."""

_NEIGHBOURS = {"square": ((1, 0), (-1, 0), (0, 1), (0, -1)),
               "hex": ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))}


class ZoneState:
    """The components in one zone; `unknown` arrived hidden (`?`), `pending` left hidden (which is not known)."""

    __slots__ = ("items", "unknown", "pending", "cells", "name", "version")

    def __init__(self, name: str = "") -> None:
        self.name = name
        self.version = 0
        """Bumped whenever the zone changes (State.touch_zone): a Watching context notes the version it read."""
        self.items: list[Entry] = []
        self.unknown = 0
        self.pending = 0
        self.cells: dict[Cell, Entry] = {}

    @property
    def size(self) -> int:
        """Return how many components the zone holds."""
        return len(self.items) + self.unknown - self.pending

    @property
    def uncertain(self) -> bool:
        """True when hidden moves leave what the zone holds partly unknown."""
        return bool(self.unknown or self.pending)

    def index(self, key: str) -> int:
        """Return the position of a component design in the zone, or -1."""
        for position, (comp, _) in enumerate(self.items):
            if comp.key == key:
                return position
        return -1

    def remove_at(self, position: int) -> Entry:
        """Remove and return the entry at a position (and free its grid cell)."""
        entry = self.items.pop(position)
        if self.cells:
            for cell, held in list(self.cells.items()):
                if held is entry:
                    del self.cells[cell]
                    break
        return entry


class Flow:
    """Whose turn it is and where the game stands: round, turn order, phase, actions, the end."""

    __slots__ = ("order", "pos", "lap", "rphase", "done", "round", "turns", "round_turns", "actions", "uses",
                 "phase", "over", "ending", "first", "dealer", "next_first", "current", "round_uses", "idle_rounds",
                 "played_on", "started")

    def __init__(self) -> None:
        self.order: tuple[str, ...] = ()
        """This round's turn order."""
        self.pos = 0
        self.lap = 0
        self.rphase = 0
        """The index of the round phase (when the game declares round phases)."""
        self.done: set[str] = set()
        """Players who have finished a phase all play together."""
        self.round = 1
        self.turns = 0
        """Turns ended in the game."""
        self.round_turns = 0
        self.actions = 0
        self.uses: dict[str, int] = {}
        self.phase = 0
        """The index of the turn phase."""
        self.over = False
        self.ending = False
        """The end condition held: the game ends when this round does."""
        self.first = ""
        self.dealer = ""
        self.next_first = ""
        """The player a move named to begin the next round ('' when none)."""
        self.current = ""
        self.round_uses: dict[tuple[str, str], int] = {}
        """Moves made this round, by verb and player (the table's by the player they name)."""
        self.idle_rounds = 0
        """Rounds in a row in which nobody took a turn (every player skipped)."""
        self.started = False
        """True once a player has made a move (before it, the table sets up)."""
        self.played_on = False
        """The table played a move after the end (reported once; the moves after the end are not applied)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Flow:
        copy = Flow.__new__(Flow)
        for name in Flow.__slots__:
            value = getattr(self, name)
            setattr(copy, name, value.copy() if isinstance(value, (set, dict)) else value)
        return copy


class KeptAnswers(dict):
    """Answers kept with what they read; a copy of the state (a bot's search) starts with none."""

    def __deepcopy__(self, memo: dict[int, object]) -> KeptAnswers:
        return KeptAnswers()


class State:
    """Zones (name -> owner -> ZoneState; owner '' when shared), counters (name -> owner -> value), flow, dice."""

    def __init__(self, game: Game, players: tuple[str, ...], seed: int | None = None) -> None:
        self.game = game
        self.players = players
        self.flow = Flow()
        self.roll: tuple[Any, ...] = ()
        self.rng = random.Random(seed)
        self.game_uses: dict[tuple[str, str], int] = {}
        """Moves made this game, by verb and player (a banner once a game)."""
        self.options: dict[str, str] = {}
        """The game's variant options (`[Setup "no-banners=yes"]`), read by `option('no-banners')`."""
        self.assumed: list[tuple[str, str, str]] = []
        """Owed moves the referee made itself (verb, player, component key or '' when unseen): a late logged one
        says which component it was."""
        self.zones: dict[str, dict[str, ZoneState]] = {
            name: {owner: ZoneState(name) for owner in (players if spec.per_player else ("",))}
            for name, spec in game.zones.items()}
        if game.due_readers is None:  # which due conditions read each zone and counter (see touch_zone)
            game.due_readers = due_readers(game)
        self.flow_version = 0
        """Bumped by every move, marker and turn of the flow."""
        self.epoch = 0
        """Bumped whenever a zone or counter changes (or the variant options are set): the named values kept
        for the table (Ctx.shared_values) are for one epoch."""
        self.values: dict[tuple, tuple[Any, bool]] = {}
        self.values_epoch = -1
        self.due_cache: dict[Any, tuple[Any, Any]] = {}
        """Answers of due conditions (and of the end) by rule name, each with the parts of the flow it was for; and
        of due.first_due, with the due_version it was for."""
        self.due_players = KeptAnswers()
        """Answers of due conditions asked player by player, by (rule name, player): the flow's key, what was read
        (see Watching) and the answer (see due._watched_targets)."""
        self.due_version = 0
        """Bumped whenever a zone or counter a due condition (or the end) reads changes."""
        self.counters: dict[str, dict[str, Any]] = {
            name: {owner: self.start_value(name, owner) for owner in (players if spec.per_player else ("",))}
            for name, spec in game.counters.items()}
        self.every_zone = [zone for owners in self.zones.values() for zone in owners.values()]
        """Every zone of the table (each player's and the shared ones, in the sheet's order): zones are made once."""
        self.every_counter = list(self.counters.values())
        """Each counter's values by owner (the dicts are made once; set_counter changes their values)."""
        self._place_setup()
        self.epoch += 1

    def touch_zone(self, zone: ZoneState | None) -> None:
        """Note that a zone changed."""
        if zone is not None:
            self.epoch += 1
            zone.version += 1
            readers = self.game.due_readers[0].get(zone.name)
            if readers:
                self.due_version += 1
                cache = self.due_cache
                for name in readers:
                    cache.pop(name, None)

    def set_counter(self, name: str, owner: str, value: Any) -> None:
        """Set a counter, noting that it changed (the due conditions reading it answer anew)."""
        owners = self.counters[name]
        old = owners.get(owner, owners)
        owners[owner] = value
        if type(old) is type(value) and old == value:
            return  # the same value: nothing that reads it changes
        self.epoch += 1
        readers = self.game.due_readers[1].get(name)
        if readers:
            self.due_version += 1
            cache = self.due_cache
            for reader in readers:
                cache.pop(reader, None)

    def start_value(self, name: str, owner: str) -> Any:
        """Return a counter's start for its owner (a start may depend on the seat and the player count)."""
        try:
            return self.game.counters[name].start(Ctx(self, owner or (self.players[0] if self.players else "")))
        except Exception:  # a start that reads something hidden or absent starts at 0  # noqa: BLE001
            return 0

    def zone(self, name: str, player: str) -> ZoneState:
        """Return a zone: the player's own when each player has one."""
        owners = self.zones[name]
        return owners[player] if player in owners else owners[""]

    def counter_owner(self, name: str, player: str) -> str:
        """Return whose value of a counter a player's move changes ('' when shared)."""
        return player if self.game.counters[name].per_player else ""

    def seat_after(self, player: str, steps: int = 1) -> str:
        """Return the player `steps` seats after another (before, when negative)."""
        if not self.players:
            return ""
        seat = self.players.index(player) if player in self.players else -1
        return self.players[(seat + steps) % len(self.players)]

    def _place_setup(self) -> None:
        """Put the printed copies where the Setup sheet says (in row order; `each` copies per player).

        A row's `where` is read for each player who gets copies (`colour == seat`: each their own colour).
        """
        left = {key: comp.count for key, comp in self.game.comps.items()}
        for row in self.game.setup:
            owners = self.players if row.each is not None else ("",)
            for comp in (c for c in self.game.comps.values() if c.set == row.set):
                getting = [o for o in owners if row.where is None or
                           _holds(row.where, Ctx(self, o or (self.players[0] if self.players else ""), comp))]
                wanted = row.each if row.each is not None else left[comp.key]
                if wanted * len(getting) > left[comp.key]:
                    raise PlayproofError(f"{row.origin}: {len(getting)} x {wanted} copies of {comp.name} are "
                                         f"needed, but only {left[comp.key]} are printed and not placed yet")
                for owner in getting:
                    self.zones[row.zone][owner].items.extend([(comp, "")] * wanted)
                    self.epoch += 1
                left[comp.key] -= wanted * len(getting)


Readers = tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]

MOVE_READS = frozenset(("move", "amount", "target", "x", "y"))
"""What a move names: a due condition is read with no move, so these never change its answer."""
FLOW_FIELDS = {"current": "current", "round": "round", "turn": "turns", "actions": "actions", "first": "first",
               "dealer": "dealer", "started": "started"}
"""The variables of the flow and where they are kept (`roll` is the state's last roll; `move` is no move)."""


def due_readers(game: Game) -> Readers:
    """Return which due conditions (by rule name) read each zone and each counter, and what of the flow each
    condition's answer depends on (see flow_reads)."""
    zones: dict[str, list[str]] = {}
    counters: dict[str, list[str]] = {}
    flows: dict[str, tuple[str, ...]] = {}
    for spec in game.moves.values():
        if spec.due is not None and spec.due_reads is not None:
            name = spec.rule_name or spec.verb
            for zone in spec.due_reads[0]:
                zones.setdefault(zone, []).append(name)
            for counter in spec.due_reads[1]:
                counters.setdefault(counter, []).append(name)
            flows[name] = flow_reads(game, spec)
    for key, read in game.turn.reads.items():  # the end (and a cooperative win or loss), read for the player to move
        name = "<" + key + ">"
        for zone in read[0]:
            zones.setdefault(zone, []).append(name)
        for counter in read[1]:
            counters.setdefault(counter, []).append(name)
        flows[name] = _flow_fields(game, read, True)
    for key, parts in game.turn.part_reads.items():  # each top-level `or` part of one, kept on its own
        for index, (_, read) in enumerate(parts):
            name = part_name(key, index)
            for zone in read[0]:
                zones.setdefault(zone, []).append(name)
            for counter in read[1]:
                counters.setdefault(counter, []).append(name)
            flows[name] = _flow_fields(game, read, True)
    return {k: tuple(v) for k, v in zones.items()}, {k: tuple(v) for k, v in counters.items()}, flows


KeyOf = Callable[["State"], Any]


def part_name(key: str, index: int) -> str:
    """Return the name a top-level `or` part of `end`, `end now`, `win` or `lose` is kept by (`<end 0>`)."""
    return f"<{key} {index}>"


def flow_key_of(game: Game, name: str) -> KeyOf | None:
    """Return what reads the parts of the flow a due condition (or `<end>`, `<win>`, `<lose>`) depends on, see
    flow_reads (None when it reads none). Made once per game."""
    keys = game.due_keys
    if name not in keys:
        fields = game.due_readers[2][name]
        keys[name] = flow_getter(fields) if fields else None
    return keys[name]


def flow_getter(fields: Iterable[str], *first: str) -> KeyOf:
    """Return a function of the state giving the values of attributes of the state (`first`) and of fields of the
    flow (`roll` and `flow_version` are the state's own)."""
    return attrgetter(*first, *(f if f in ("roll", "flow_version") else "flow." + f for f in fields))


def flow_reads(game: Game, spec: Any) -> tuple[str, ...]:
    """Return the fields of the flow (`roll`: the state's last roll, `flow_version`: any move) whose values a due
    condition's answer depends on: the variables it reads, its phase, its limit, and whose turn it is when it is
    evaluated for that player and reads a player's own counter or zone, `player` or `seat`."""
    fields = list(_flow_fields(game, spec.due_reads, not (spec.names_player and spec.result is None)))
    if spec.phase is not None:
        fields += ["rphase", "phase"]
    if spec.limit is not None:
        fields.append("flow_version")
    return tuple(fields)


def _flow_fields(game: Game, read: tuple[frozenset[str], frozenset[str], frozenset[str]],
                 for_current: bool) -> tuple[str, ...]:
    """Return the fields of the flow an expression's answer depends on (`for_current`: it is evaluated for the
    player to move, so whose turn it is counts when it reads a player's own counter or zone, `player` or `seat`)."""
    zones, counters, variables = read
    fields = [FLOW_FIELDS.get(v, "roll") for v in sorted(variables) if v not in MOVE_READS and v != "player"]
    own = "player" in variables  # a player's own counter or zone is a read of `player` (expr.Compiled.reads)
    if own and for_current and "current" not in fields:
        fields.append("current")
    return tuple(fields)


def _holds(fn: Any, ctx: Ctx) -> bool:
    """Evaluate a condition (a hidden value counts as not holding)."""
    try:
        return bool(fn(ctx))
    except Exception:  # a hidden component: the setup only sees printed components  # noqa: BLE001
        return False


class Ctx:
    """What an expression reads while it is evaluated: the table, a player, the move, the item counted."""

    __slots__ = ("state", "player", "card", "item", "uncertain", "engine", "move", "memo", "budget")

    def __init__(self, state: State, player: str, card: Comp | None = None, engine: Any = None,
                 move: Any = None) -> None:
        self.state, self.player, self.card, self.engine, self.move = state, player, card, engine, move
        self.item: Comp | None = None
        self.uncertain = False
        self.memo: dict[Any, Any] = {}
        self.budget = [STEP_LIMIT]
        """Components this evaluation may still visit (shared with the contexts it makes for other players)."""

    def _zone(self, name: str) -> ZoneState:
        """Return a zone as the context reads it (`to` and `from`: the zones of the move evaluated)."""
        if name in ("to", "from"):
            move = self.move
            picked = None if move is None else (move.to_zone if name == "to" else
                                                 move.source or (move.spec.sources[0] if move.spec.sources else None))
            if picked is None:
                raise Unknown(name)
            name = picked
        return self.state.zone(name, self.player)

    def move_zone(self, name: str) -> str:
        """Return the name of the zone the move puts into (`to`) or takes from (`from`); Unknown with no move."""
        move = self.move
        if move is None:
            raise Unknown(name)
        if name == "to":
            return move.to_zone or ""
        return move.source or (move.spec.sources[0] if move.spec.sources else "")

    def shared_values(self) -> dict[tuple, tuple[Any, bool]]:
        """Return the values kept for the table as it is now (see expr_values.memoized)."""
        state = self.state
        if state.values_epoch != state.epoch:
            state.values, state.values_epoch = {}, state.epoch
        return state.values

    def flow_values(self, variables: tuple[str, ...]) -> tuple:
        """Return the values of changing variables (the flow's and the last roll) that do not depend on a move."""
        flow = self.state.flow
        return tuple(getattr(flow, FLOW_FIELDS[v]) if v in FLOW_FIELDS else self.state.roll for v in variables)

    def option(self, name: str) -> Any:
        """Return a variant option of the game's setup ('' when not set; a number when it reads as one)."""
        value = str(self.state.options.get(name, "")).strip()
        return int(value) if value.lstrip("-").isdigit() and len(value) < 16 else value

    def zone_items(self, name: str) -> list[Entry]:
        """Return a zone's known components, noting when hidden moves leave it uncertain."""
        if name == "to" or name == "from":
            zone = self._zone(name)
        else:
            owners = self.state.zones[name]
            zone = owners[self.player] if self.player in owners else owners[""]
        if zone.unknown or zone.pending:
            self.uncertain = True
        return zone.items

    def zone_size(self, name: str) -> int:
        """Return how many components a zone holds."""
        owners = self.state.zones.get(name)
        if owners is None:
            zone = self._zone(name)
        else:
            zone = owners[self.player] if self.player in owners else owners[""]
        return len(zone.items) + zone.unknown - zone.pending

    def counter(self, name: str) -> Any:
        """Return a counter: the context player's own when each player has one, else the shared one."""
        owners = self.state.counters[name]
        return owners[self.player] if self.player in owners else owners.get("", 0)

    def for_player(self, player: str) -> Ctx:
        """Return the same move seen for another player."""
        other = Ctx(self.state, player, self.card, self.engine, self.move)
        other.item = self.item
        other.budget = self.budget
        return other

    def spend(self, visits: int) -> None:
        """Count components an aggregate visits; an evaluation that would visit too many stops (TooLarge)."""
        budget = self.budget
        budget[0] -= visits
        if budget[0] < 0:
            raise TooLarge(f"an expression visits more than {STEP_LIMIT:,} components in one evaluation")

    def player_list(self) -> tuple[str, ...]:
        """Return the players in seat order."""
        return self.state.players

    def seat_after(self, player: str, steps: int) -> str:
        """Return the player `steps` seats after `player` (before, when negative)."""
        return self.state.seat_after(str(player), steps)

    def dice(self) -> tuple[Any, ...]:
        """Return the faces of the last roll."""
        return self.state.roll

    def neighbours(self, zone: str) -> list[Entry]:
        """Return the components in the grid cells next to the cell the move names."""
        cell = getattr(self.move, "cell", None)
        spec = self.state.game.zones.get(zone)
        if cell is None or spec is None or not spec.grid:
            return []
        cells = self.state.zone(zone, self.player).cells
        x, y = cell
        return [cells[(x + dx, y + dy)] for dx, dy in _NEIGHBOURS[spec.grid] if (x + dx, y + dy) in cells]

    def variable(self, name: str) -> Any:
        """Return a built-in variable (see VARIABLES in expr.py; an unknown name reads 0)."""
        read = _VARIABLES.get(name)
        return read(self) if read is not None else 0


Seen = tuple[list[tuple[ZoneState, int]], list[tuple[dict[str, Any], str, Any]], list[str]]
"""What a Watching context read: each zone with its version, each counter's values by owner, the owner and the
value read; and the players it was asked for besides its own (for_player)."""


class Watching(Ctx):
    """A context that notes every zone and counter an evaluation reads (for players' own names too, through
    for_player), so that its answer can be kept until one of them changes (due.py: a due condition asked player by
    player). It reads no value or aggregate kept for the table: what those read is noted too."""

    __slots__ = ("seen",)

    def __init__(self, state: State, player: str, seen: Seen) -> None:  # Ctx.__init__ with no move, inlined
        self.state, self.player, self.card, self.engine, self.move = state, player, None, None, None
        self.item = None
        self.uncertain = False
        self.memo = {}
        self.budget = [STEP_LIMIT]
        self.seen = seen

    def _watched(self, name: str) -> ZoneState:
        """Return a zone as the context reads it, noting its version."""
        owners = self.state.zones.get(name)
        if owners is None:
            zone = self._zone(name)
        else:
            zone = owners[self.player] if self.player in owners else owners[""]
        self.seen[0].append((zone, zone.version))
        return zone

    def zone_items(self, name: str) -> list[Entry]:
        zone = self._watched(name)
        if zone.unknown or zone.pending:
            self.uncertain = True
        return zone.items

    def zone_size(self, name: str) -> int:  # _watched, inlined: counts are what due conditions read most
        owners = self.state.zones.get(name)
        if owners is None:
            zone = self._zone(name)
        else:
            zone = owners[self.player] if self.player in owners else owners[""]
        self.seen[0].append((zone, zone.version))
        return len(zone.items) + zone.unknown - zone.pending

    def counter(self, name: str) -> Any:
        owners = self.state.counters[name]
        owner = self.player if self.player in owners else ""
        value = owners.get(owner, 0)
        self.seen[1].append((owners, owner, value))
        return value

    def neighbours(self, zone: str) -> list[Entry]:
        if zone in self.state.zones:
            self._watched(zone)
        return Ctx.neighbours(self, zone)

    def shared_values(self) -> None:  # type: ignore[override]
        """Kept answers are not read: what they read would not be noted."""
        return None

    def for_player(self, player: str) -> Ctx:
        self.seen[2].append(player)
        other = Watching(self.state, player, self.seen)
        other.item = self.item
        other.budget = self.budget
        return other


def unchanged(seen: Seen) -> bool:
    """Return True when every zone and counter a Watching context read is as it was then."""
    for zone, version in seen[0]:
        if zone.version != version:
            return False
    for owners, owner, value in seen[1]:
        now = owners.get(owner, 0)
        if now is not value and (type(now) is not type(value) or now != value):
            return False
    return True


def _seat(c: Ctx) -> int:
    """Return the context player's seat (1 for the first), 0 for who does not play."""
    players = c.state.players
    return players.index(c.player) + 1 if c.player in players else 0


def _cell_part(c: Ctx, index: int) -> Any:
    """Return a coordinate of the cell the move names ('' when it names none)."""
    cell = getattr(c.move, "cell", None)
    return "" if cell is None else cell[index]


def _roll_total(roll: tuple[Any, ...]) -> Any:
    """Return the sum of the number faces of a roll (what `roll` reads), added in a loop while they are whole
    numbers (a roll of other faces is summed as before: the same total, the same type)."""
    total = 0
    for face in roll:
        if type(face) is not int:
            return sum(face for face in roll if isinstance(face, (int, float)))
        total += face
    return total


_VARIABLES: dict[str, Callable[[Ctx], Any]] = {
    "player": attrgetter("player"),
    "players": lambda c: len(c.state.players),
    "seat": _seat,
    "current": attrgetter("state.flow.current"),
    "amount": lambda c: (c.move.amount or 0) if c.move is not None else 0,
    "target": lambda c: c.move.target if c.move is not None else "",
    "roll": lambda c: _roll_total(c.state.roll),
    "x": lambda c: _cell_part(c, 0),
    "y": lambda c: _cell_part(c, 1),
    "round": attrgetter("state.flow.round"),
    "turn": lambda c: c.state.flow.turns + 1,
    "started": attrgetter("state.flow.started"),
    "actions": attrgetter("state.flow.actions"),
    "first": attrgetter("state.flow.first"),
    "dealer": attrgetter("state.flow.dealer"),
}
"""How each built-in variable is read from a context."""
