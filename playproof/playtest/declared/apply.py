"""Applying a declared move: components between zones, counters, the turn's bookkeeping, the game's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playproof.playtest.declared.expr import Unknown
from playproof.playtest.declared.play import Play
from playproof.playtest.declared.state import Ctx, ZoneState
from playproof.playtest.engine import TABLE, Event, Violation

if TYPE_CHECKING:
    from playproof.playtest.declared.engine import DeclaredEngine


def perform(engine: DeclaredEngine, play: Play) -> None:
    """Apply a move as written, then pass the turn and end the game as the Turn sheet says."""
    spec = play.spec
    out_of_turn = spec.actor == "turn" and play.actor != engine.turn_player
    changes = play.changes  # found by the check, on the state before the move (gains read it as it was)
    if changes is None:
        changes = engine._changes(play, Ctx(engine.state, play.mover, play.comp, engine), play.paid or 0)
    _move(engine, play)
    for name, owner, value in changes:
        engine.state.counters[name][owner] = _clamp(engine, name, value)
    if not out_of_turn:  # a move out of turn is applied but neither counts against nor passes the turn
        _bookkeeping(engine, play)
    _check_end(engine)


def _clamp(engine: DeclaredEngine, name: str, value: int) -> int:
    """Keep a counter in its range (a move that broke it is reported once, not on every later move)."""
    spec = engine.game.counters[name]
    if spec.low is not None and value < spec.low:
        return spec.low
    if spec.high is not None and value > spec.high:
        return spec.high
    return value


def _move(engine: DeclaredEngine, play: Play) -> None:
    """Move the component(s) from the source zone to the destination zone."""
    spec, state = play.spec, engine.state
    source = state.zone(spec.source, play.mover) if spec.source else None
    dest = state.zone(spec.dest, play.mover) if spec.dest else None
    by = play.actor if play.actor != TABLE else play.target
    if spec.bulk:
        if source is not None and dest is not None:
            dest.items.extend(source.items)
            dest.unknown += source.unknown
            dest.pending += source.pending
            source.items, source.unknown, source.pending = [], 0, 0
        return
    if not spec.takes_component:
        return
    if play.hidden:
        if source is not None and source.size > 0:
            if source.unknown:
                source.unknown -= 1
            else:
                source.pending += 1
        if dest is not None:
            dest.unknown += 1
        return
    if play.comp is None:
        return
    if source is not None:
        _take(engine, source, play.comp.key)
    if dest is not None:
        dest.items.append((play.comp, by))


def _take(engine: DeclaredEngine, zone: ZoneState, key: str) -> None:
    """Remove a component from a zone: a known copy, else one of its hidden arrivals (found where it left)."""
    position = zone.index(key)
    if position >= 0:
        del zone.items[position]
        return
    owed = engine._owed(key) if zone.unknown else None
    if owed is not None:
        del owed.items[owed.index(key)]
        owed.pending -= 1
        zone.unknown -= 1


def start_turn(engine: DeclaredEngine, seat: int) -> None:
    """Begin a player's turn: no actions made, no move used, first phase."""
    engine.current = seat
    engine.actions = 0
    engine.uses = {}
    engine.phase = 0


def _bookkeeping(engine: DeclaredEngine, play: Play) -> None:
    """Count the move against the turn, enter its phase, and pass the turn when it ends."""
    spec, turn = play.spec, engine.game.turn
    engine.uses[spec.verb] = engine.uses.get(spec.verb, 0) + 1
    if spec.action and spec.actor != "table":
        engine.actions += 1
    if spec.phase:
        engine.phase = max(engine.phase, turn.phases.index(spec.phase))
    if spec.next == "player" and play.target:
        start_turn(engine, engine.players.index(play.target))
    elif spec.ends_turn or (turn.end_turn == "auto" and turn.actions is not None and engine.actions >= turn.actions
                            and spec.action and spec.actor != "table"):
        end_turn(engine)


def end_turn(engine: DeclaredEngine) -> None:
    """End the current player's turn: counters reset as declared, the next seat plays."""
    player = engine.turn_player
    for name, spec in engine.game.counters.items():
        if spec.reset:
            engine.state.counters[name][player if spec.per_player else ""] = spec.start
    engine.turns += 1
    start_turn(engine, (engine.current + 1) % max(1, len(engine.players)))
    if engine.end_pending and engine.turns % max(1, len(engine.players)) == 0:
        engine.over = True


def _check_end(engine: DeclaredEngine) -> None:
    """The game ends when the Turn sheet's `end` holds (at once, or at the end of that round)."""
    turn = engine.game.turn
    if engine.over or turn.end is None or engine.end_pending:
        return
    try:
        ended = bool(turn.end(Ctx(engine.state, engine.turn_player, None, engine)))
    except Unknown:
        ended = False
    if not ended:
        return
    if turn.end_at == "now" or engine.turns % max(1, len(engine.players)) == 0 and engine.actions == 0:
        engine.over = True
    else:
        engine.end_pending = True


def check_claim(engine: DeclaredEngine, event: Event) -> list[Violation]:
    """`table: score Ann 12` and `table: winner Ann` are checked against the declared scoring."""
    words = event.args.replace(",", " ").split()
    names = {p.lower(): p for p in engine.players}
    if event.verb == "score":
        if len(words) != 2 or words[0].lower() not in names or not words[1].lstrip("-").isdigit():
            return [engine.violation("moves-verbs", "a score is recorded as `table: score <player> <points>`", event)]
        player, claimed = names[words[0].lower()], int(words[1])
        actual = engine.scores()[player]
        if claimed == actual:
            return []
        return [engine.violation("scoring-score", f"{player} scores {actual}, not {claimed}", event)]
    claimed_set = {names.get(w.lower(), w) for w in words}
    winners = engine.winners()
    if claimed_set == set(winners):
        return []
    return [engine.violation("scoring-winner", f"the winner is {' and '.join(winners) or 'nobody'}, not "
                             f"{' and '.join(sorted(claimed_set)) or 'nobody'}", event)]
