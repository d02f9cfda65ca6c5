"""Applying a declared move: components between zones, counters, dice, the turn's bookkeeping, the game's end."""

from __future__ import annotations

from typing import Any, NamedTuple

from playproof.playtest.declared.checks import changes, holder, owed_zone, receiver
from playproof.playtest.declared.flow import check_end, end_turn, lead_from, phase_kind
from playproof.playtest.declared.play import Play, kept_roll
from playproof.playtest.declared.expr import Unknown
from playproof.playtest.declared.model import Game, MoveSpec
from playproof.playtest.declared.state import Ctx, State, ZoneState
from playproof.playtest.engine import TABLE


PLANS = True
"""Apply a checked move by its row's plan (see Plan; tests compare the games played with and without)."""


def perform(state: State, play: Play) -> None:
    """Apply a move as written, then end the game and pass the turn as the Turn sheet says."""
    spec = play.spec
    plan = spec.applying
    if plan is None:
        plan = spec.applying = _plan(state.game, spec)
    if plan and PLANS and _planned(state, play, plan):
        return
    out_of_turn = spec.actor == "turn" and not _in_turn(state, play.actor)
    unreadable = bool(play.problem) and not play.check  # what the line means is unknown: nothing moves
    found = play.changes  # found by the check, on the table before the move (gains read it as it was)
    if found is None:
        found = [] if unreadable else changes(state, play, play.paid or 0)
    if not unreadable:
        _move(state, play)
    for name, owner, value in found:
        state.set_counter(name, owner, _clamp(state, name, value))
    if spec.limit is not None:
        _count_use(state, play)
    if spec.dice:
        state.roll = kept_roll(state.roll, play.faces) or play.faces  # kept dice (`-`) keep their faces
    check_end(state)
    if out_of_turn:  # a move out of turn is applied but neither counts against nor passes the turn
        return
    round_before = state.flow.round
    state.flow.started = state.flow.started or play.actor != TABLE
    _bookkeeping(state, play)
    if state.flow.round != round_before:
        check_end(state, at_round_start=True)


class Plan(NamedTuple):
    """How a move of a row is applied, worked out once for the row (see _plan): what perform and _bookkeeping do for
    it without asking of each move what the row has not (bulk moves, `to player`, a grid, several `from` zones, a
    `next` player, an `ends turn` condition)."""

    source: str | None
    """The one zone the move takes from (None: none)."""
    dest: str | None
    """The zone it puts into (None: none)."""
    takes: bool
    """It moves one component (MoveSpec.takes_component; the row names at most one: see _planned)."""
    in_turn: bool
    """It is a turn move: made out of turn, it neither counts against nor passes the turn."""
    counted: bool
    """Its limit counts per round or per game (_count_use)."""
    player_move: bool
    """It is an action of a player (counts against the turn's actions)."""
    phase: int | None
    """The turn phase it enters (None: none)."""
    ends: bool
    """It ends the turn (`ends turn` yes)."""
    auto: bool
    """The turn ends by itself after the Turn sheet's `actions` (and it is a player's action)."""


def _plan(game: Game, spec: MoveSpec) -> Plan | bool:
    """Return how a row's moves are applied by _planned, or False when a move of the row may need a generic step: a
    bulk move, `to player`, several `from` zones, a grid to put on, a `next` player or an `ends turn` condition."""
    if spec.bulk or spec.to_player is not None or len(spec.sources) > 1 or spec.ends_when is not None or \
            spec.next in ("player", "first") or len(spec.dests) > 1 or (spec.dest and game.zones[spec.dest].grid):
        return False
    turn = game.turn
    player_move = spec.action and spec.actor != "table"
    return Plan(spec.sources[0] if spec.sources else None, spec.dest or None, spec.takes_component,
                spec.actor == "turn", spec.limit is not None and spec.limit_per != "turn", player_move,
                turn.phases.index(spec.phase) if spec.phase and spec.phase in turn.phases else None, spec.ends_turn,
                turn.end_turn == "auto" and turn.actions is not None and player_move)


def _planned(state: State, play: Play, plan: Plan) -> bool:
    """Apply a move as perform does, by its row's plan, and return True; False (nothing done) when the move itself
    needs a generic step: it was not checked (what it changes is not known), its line has a problem, or it names
    hidden components, a zone or a cell, or a component not where it comes from."""
    changes = play.changes
    if changes is None or play.problem or play.hidden or play.source is not None or play.dest is not None or \
            play.cell is not None:
        return False
    mover = play.mover
    source = state.zone(plan.source, mover) if plan.source is not None else None
    position = -1
    if plan.takes:
        if len(play.comps) != 1 or source is None:
            return False
        position = source.index(play.comps[0].key)
        if position < 0:
            return False
    elif play.comps:
        return False
    actor = play.actor
    out_of_turn = plan.in_turn and not _in_turn(state, actor)
    dest = state.zone(plan.dest, mover) if plan.dest is not None else None
    state.touch_zone(dest)
    state.touch_zone(source)
    if plan.takes and source is not None:
        source.remove_at(position)
        if dest is not None:
            dest.items.append((play.comps[0], actor if actor != TABLE else play.target))
    for name, owner, value in changes:
        state.set_counter(name, owner, _clamp(state, name, value))
    if plan.counted:
        _count_use(state, play)
    if play.spec.dice:
        state.roll = kept_roll(state.roll, play.faces) or play.faces
    check_end(state)
    if out_of_turn:
        return True
    flow = state.flow
    round_before = flow.round
    flow.started = flow.started or actor != TABLE
    verb = play.spec.verb
    flow.uses[verb] = flow.uses.get(verb, 0) + 1
    if plan.player_move:
        flow.actions += 1
    if plan.phase is not None:
        flow.phase = max(flow.phase, plan.phase)
    if plan.ends or (plan.auto and flow.actions >= state.game.turn.actions):  # type: ignore[operator]
        end_turn(state, actor if actor != TABLE else flow.current)
    if flow.round != round_before:
        check_end(state, at_round_start=True)
    return True


def _count_use(state: State, play: Play) -> None:
    """Count a move for the limits per round and per game."""
    if play.spec.limit is None or play.spec.limit_per == "turn":
        return
    key = (play.spec.verb, play.actor if play.actor != TABLE else play.target)
    counts = state.flow.round_uses if play.spec.limit_per == "round" else state.game_uses
    counts[key] = counts.get(key, 0) + 1


def _ends_now(state: State, play: Play) -> bool:
    """Return True when a move's `ends turn` condition holds after it (a roll of a 1 ends the dive)."""
    if play.spec.ends_when is None:
        return False
    try:
        return bool(play.spec.ends_when(Ctx(state, play.mover, play.comp, None, play)))
    except Unknown:
        return False


def perform_late(state: State, play: Play, assumed: str) -> None:
    """A due move the log writes late: it names the component the referee already moved (`assumed`, '' unseen)."""
    spec = play.spec
    comp = play.comps[0]
    dest_name = play.to_zone
    if assumed == comp.key:
        return
    state.touch_zone(state.zone(dest_name, play.mover) if dest_name else None)
    for name in spec.sources:
        state.touch_zone(state.zone(name, play.mover))
    if assumed:  # the referee took another component: it goes back where it came from, on top
        _undo(state, play, assumed)
    source_name = holder(state, play, comp) if spec.sources else None
    if source_name is not None:
        source = state.zone(source_name, play.mover)
        position = source.index(comp.key)
        if position >= 0 and source.pending:
            source.remove_at(position)
            source.pending -= 1
        else:
            _take(state, source, comp.key)
    if dest_name:
        dest = state.zone(dest_name, play.mover)
        dest.unknown = max(0, dest.unknown - 1)
        dest.items.append((comp, play.target))


def _undo(state: State, play: Play, key: str) -> None:
    """Put back a component the referee moved for an owed move, so the late line can move the one it names."""
    dest_name, source_name = play.to_zone, play.spec.sources[0] if play.spec.sources else None
    dest = state.zone(dest_name, play.mover) if dest_name else None
    position = dest.index(key) if dest is not None else -1
    if dest is None or position < 0:
        return
    comp, _ = dest.remove_at(position)
    dest.unknown += 1  # the late line's component takes its place
    if source_name:
        state.zone(source_name, play.mover).items.insert(0, (comp, ""))
        state.zone(source_name, play.mover).pending += 1


def _in_turn(state: State, actor: str) -> bool:
    """Return True when a player may make a turn move now (their turn, or a phase all play together)."""
    if phase_kind(state) == "together":
        return actor in state.players and actor not in state.flow.done
    return actor == state.flow.current


def _clamp(state: State, name: str, value: Any) -> Any:
    """Keep a counter in its range (a move that broke it is reported once, not on every later move)."""
    spec = state.game.counters[name]
    if not isinstance(value, (int, float)):
        return value
    if spec.low is not None and value < spec.low:
        return spec.low
    if spec.high is not None and value > spec.high:
        return spec.high
    return value


def _move(state: State, play: Play) -> None:
    """Move the component(s) from the zones they come from to the zone they go to."""
    spec = play.spec
    dest_name = play.dest or spec.dest
    mover = play.mover
    dest = state.zone(dest_name, (receiver(state, play) if spec.to_player is not None else "") or mover) \
        if dest_name else None
    by = play.actor if play.actor != TABLE else play.target
    state.touch_zone(dest)
    for name in ((play.source,) if play.source else spec.sources):
        state.touch_zone(state.zone(name, mover))
    if spec.bulk:
        _move_all(state, play, dest_name, dest)
        return
    if not spec.takes_component:
        return
    source = state.zone(play.source or spec.sources[0], mover) if spec.sources else None
    for _ in range(play.hidden):
        _move_hidden(source, dest)
    for comp in play.comps:
        zone_name = holder(state, play, comp) if spec.sources else None
        if zone_name is not None:
            _take(state, state.zone(zone_name, mover), comp.key)
        if dest is not None:
            entry = (comp, by)
            dest.items.append(entry)
            if play.cell is not None and state.game.zones[dest_name or ""].grid:
                dest.cells[play.cell] = entry


def _empty_into(source: ZoneState, dest: ZoneState | None) -> None:
    """Move everything a zone holds into another (or off the table)."""
    if dest is not None:
        dest.items.extend(source.items)
        dest.unknown += source.unknown
        dest.pending += source.pending
    source.items, source.unknown, source.pending = [], 0, 0
    source.cells = {}


def _move_all(state: State, play: Play, dest_name: str | None, dest: ZoneState | None) -> None:
    """Move every component of the `from` zones (`components` = `all`). A table move naming no player gathers from
    every player's zone of a `from` zone that is each player's (the table gathers the tricks won), and puts into a
    zone that is each player's by giving each component back to the player who put it (workers return home)."""
    spec, zones = play.spec, state.game.zones
    table_wide = play.actor == TABLE and not spec.names_player
    to_owners = bool(dest_name) and zones[dest_name or ""].per_player and not spec.names_player and \
        spec.to_player is None
    for name in spec.sources:
        owners = state.players if table_wide and zones[name].per_player else (play.mover,)
        for owner in owners:
            source = state.zone(name, owner)
            state.touch_zone(source)
            if to_owners:
                _return_to_owners(state, source, dest_name or "")
            else:
                _empty_into(source, dest)


def _return_to_owners(state: State, source: ZoneState, dest_name: str) -> None:
    """Move each component of a zone into the player's zone `dest_name` of the player who put it there; what no
    player put (the setup's, the table's, hidden arrivals) stays."""
    kept = []
    for entry in source.items:
        owner = entry[1]
        if owner in state.players:
            zone = state.zone(dest_name, owner)
            state.touch_zone(zone)
            zone.items.append(entry)
        else:
            kept.append(entry)
    if len(kept) != len(source.items):
        source.items = kept
        source.cells = {cell: entry for cell, entry in source.cells.items() if entry in kept}


def _move_hidden(source: ZoneState | None, dest: ZoneState | None) -> None:
    """Move one component nobody named (`?`)."""
    if source is not None and source.size > 0:
        if source.unknown:
            source.unknown -= 1
        else:
            source.pending += 1
    if dest is not None:
        dest.unknown += 1


def _take(state: State, zone: ZoneState, key: str) -> None:
    """Remove a component from a zone: a known copy, else one of its hidden arrivals (found where it left)."""
    position = zone.index(key)
    if position >= 0:
        zone.remove_at(position)
        return
    owed = owed_zone(state, key) if zone.unknown else None
    if owed is not None:
        state.touch_zone(owed)
        owed.remove_at(owed.index(key))
        owed.pending -= 1
        zone.unknown -= 1


def _bookkeeping(state: State, play: Play) -> None:
    """Count the move against the turn, enter its phase, and pass the turn when it ends."""
    spec, turn, flow = play.spec, state.game.turn, state.flow
    flow.uses[spec.verb] = flow.uses.get(spec.verb, 0) + 1
    player_move = spec.action and spec.actor != "table"
    if player_move:
        flow.actions += 1
    if spec.phase and spec.phase in turn.phases:
        flow.phase = max(flow.phase, turn.phases.index(spec.phase))
    if spec.next == "player" and play.target:
        lead_from(state, play.target)
        return
    if spec.next == "first":  # the player named takes the first-player marker, else the player making the move
        flow.next_first = play.target or (play.actor if play.actor != TABLE else "") or flow.next_first
    actor = play.actor if play.actor != TABLE else flow.current
    if spec.ends_turn or (spec.ends_when is not None and _ends_now(state, play)) or \
            (turn.end_turn == "auto" and turn.actions is not None and flow.actions >= turn.actions and player_move):
        end_turn(state, actor)
