"""The flow of a declared game: rounds, turn order, first player, phases of a round, resets, and the end.

A round is every player's turns (`turns each` of them) in the round's turn order, or, when the game
declares round phases, each phase in order: in an `each` phase every player takes a turn in order, in a
`together` phase every player acts once in any order, in a `table` phase only the table acts (its due moves).
"""

from __future__ import annotations

from typing import Any, Callable

from playproof.errors import PlayproofError
from playproof.playtest.declared.expr import Unknown, as_number
from playproof.playtest.declared.model import Game, PhaseSpec
from playproof.playtest.declared.state import Ctx, State, flow_key_of, part_name

MAX_SKIPS = 1000
"""Turns passed over in a row before the flow stops looking (every player skipped: the round ends)."""


def begin(state: State, first: str, dealer: str) -> None:
    """Set up the first round: the dealer and first player (options), its turn order and first turn."""
    flow, players = state.flow, state.players
    if not players:
        return
    flow.dealer = _named(players, dealer, "dealer") if dealer else ""
    turn = state.game.turn
    if first:
        flow.first = _named(players, first, "first")
    elif turn.first_player == "dealer left":
        flow.dealer = flow.dealer or players[-1]
        flow.first = state.seat_after(flow.dealer)
    else:
        flow.first = players[0]
    _start_round(state)


def _named(players: tuple[str, ...], name: str, option: str) -> str:
    """Return the player an option names (any letter case), or raise naming the players."""
    found = next((p for p in players if p.lower() == name.strip().lower()), "")
    if not found:
        raise PlayproofError(f'{option}={name} is not one of the players ({", ".join(players)})')
    return found


def round_phases(game: Game) -> tuple[PhaseSpec, ...]:
    """Return the phases of a round (none: a round is every player's turns)."""
    return game.turn.round_phases


def phase_kind(state: State) -> str:
    """Return who acts in the current round phase: `each`, `together` or `table`."""
    phases = state.game.turn.round_phases
    return phases[state.flow.rphase].who if phases else "each"


def phase_name(state: State) -> str:
    """Return the name of the current round phase ('' when the game declares none)."""
    phases = round_phases(state.game)
    return phases[state.flow.rphase].name if phases else ""


def _order(state: State) -> tuple[str, ...]:
    """Return the round's turn order: clockwise from its first player, or by the Turn sheet's `order`."""
    players, first = state.players, state.flow.first
    start = players.index(first) if first in players else 0
    clockwise = players[start:] + players[:start]
    key = state.game.turn.order
    if key is None:
        return clockwise
    return tuple(sorted(clockwise, key=lambda p: (_number(key, state, p), clockwise.index(p))))


def _number(fn: Any, state: State, player: str) -> float:
    """Evaluate a per-player expression as a number (0 when hidden components decide it)."""
    try:
        return float(as_number(fn(Ctx(state, player))))
    except Unknown:
        return 0.0


def _skipped(state: State, player: str) -> bool:
    """Return True when the Turn sheet's `skip` holds for a player (a player who passed)."""
    skip = state.game.turn.skip
    if skip is None:
        return False
    try:
        return bool(skip(Ctx(state, player)))
    except Unknown:
        return False


def _start_round(state: State) -> None:
    """Begin a round: its order, its first phase and turn."""
    flow = state.flow
    flow.order = _order(state)
    flow.pos, flow.lap, flow.rphase, flow.round_turns = 0, 0, 0, 0
    flow.done = set()
    _start_phase(state)


def _start_phase(state: State) -> None:
    """Begin the current round phase at its first player who is not skipped (a table phase: nobody's turn)."""
    flow = state.flow
    flow.pos, flow.lap, flow.done = 0, 0, set()
    if phase_kind(state) == "table":
        start_turn(state, flow.order[0] if flow.order else "")
        return
    _seek(state)


def _seek(state: State) -> None:
    """Move to the next player in order who is not skipped (or who has not acted, together); end the phase after."""
    flow, each = state.flow, max(1, state.game.turn.turns_each)
    together = phase_kind(state) == "together"
    laps = state.game.turn.round_end is None and _until(state) is None  # else it goes on until its condition holds
    is_skipped = _asked_once(state) if state.game.turn.skip is not None else _never

    for _ in range(MAX_SKIPS):
        if flow.pos >= len(flow.order):
            flow.lap += 1
            flow.pos = 0
            if together or (laps and flow.lap >= each) or (not laps and not any(
                    not is_skipped(p) for p in flow.order)):
                end_phase(state)
                return
        player = flow.order[flow.pos]
        if not is_skipped(player) and player not in flow.done:
            start_turn(state, player)
            return
        flow.pos += 1
    end_phase(state)


def _asked_once(state: State) -> Callable[[str], bool]:
    """Return whether the Turn sheet's `skip` holds for a player, asked once per player: nothing changes while the
    flow looks for the next player."""
    skipped: dict[str, bool] = {}

    def is_skipped(player: str) -> bool:
        found = skipped.get(player)
        if found is None:
            found = skipped[player] = _skipped(state, player)
        return found
    return is_skipped


def _never(player: str) -> bool:
    """Nobody is skipped (the Turn sheet has no `skip`)."""
    return False


def start_turn(state: State, player: str) -> None:
    """Begin a player's turn: no actions made, no move used, first turn phase, per-turn counters at their start
    (a move made out of turn cannot spend the turn before it begins)."""
    flow = state.flow
    flow.current, flow.actions, flow.uses, flow.phase = player, 0, {}, 0
    state.roll = ()  # what a roll allows lasts for the turn it was rolled in
    if player:
        _reset(state, "turn", player)


def end_turn(state: State, player: str | None = None) -> None:
    """End a player's turn: counters reset as declared, the next player in order plays."""
    flow = state.flow
    player = flow.current if player is None else player
    _reset(state, "turn", player)
    flow.turns += 1
    flow.round_turns += 1
    turn = state.game.turn
    if (turn.round_end is not None or turn.round_phases) and (round_ends(state) or phase_done(state)):
        end_phase(state)
        return
    if phase_kind(state) == "together":
        flow.done.add(player)
        flow.pos = 0
    else:
        flow.pos += 1
    _seek(state)


def _until(state: State) -> Any:
    """Return the current round phase's `until` condition (None: the phase is one lap, or `turns each` laps)."""
    phases = state.game.turn.round_phases
    return phases[state.flow.rphase].until if phases else None


def phase_done(state: State) -> bool:
    """Return True when the current round phase's `until` holds (checked after each turn and table move)."""
    until = _until(state)
    if until is None or state.flow.over:
        return False
    try:
        return bool(until(Ctx(state, state.flow.current)))
    except Unknown:
        return False


def round_ends(state: State) -> bool:
    """Return True when the Turn sheet's `round end` holds in a round where someone has played."""
    fn = state.game.turn.round_end
    if fn is None or state.flow.round_turns == 0 or state.flow.over:
        return False
    try:
        return bool(fn(Ctx(state, state.flow.current)))
    except Unknown:
        return False


def end_phase(state: State) -> None:
    """End the current round phase: the next one begins, or the round ends after the last."""
    flow = state.flow
    phases = round_phases(state.game)
    if phases and flow.rphase + 1 < len(phases):
        flow.rphase += 1
        _start_phase(state)
        return
    end_round(state)


def end_round(state: State) -> None:
    """End a round: counters reset, the game ends if it was ending, the next round's first player begins."""
    flow, turn = state.flow, state.game.turn
    for player in state.players:
        _reset(state, "round", player)
    if flow.ending:
        flow.over = True
        flow.current = ""  # the last turn is over: nobody's turn (its clean-up, `player != current`, is still due)
    flow.idle_rounds = flow.idle_rounds + 1 if flow.round_turns == 0 else 0
    if flow.idle_rounds >= 2 and not round_phases(state.game):
        flow.over = True  # every player is skipped, round after round: nobody can play on
    if flow.over:
        return
    flow.round += 1
    flow.round_uses = {}
    if flow.next_first:
        flow.first, flow.next_first = flow.next_first, ""
    elif turn.first_player == "clockwise":
        flow.first = state.seat_after(flow.first)
    elif turn.first_player == "dealer left":
        flow.dealer = state.seat_after(flow.dealer)
        flow.first = state.seat_after(flow.dealer)
    _start_round(state)


def _reset(state: State, when: str, player: str) -> None:
    """Put counters that reset `when` (`turn` or `round`) back to their start."""
    game = state.game
    resetting = game.resets.get(when)
    if resetting is None:
        resetting = game.resets[when] = [(n, s.per_player) for n, s in game.counters.items() if s.reset == when]
    for name, per_player in resetting:
        owner = player if per_player else ""
        if owner in state.counters[name]:
            state.set_counter(name, owner, state.start_value(name, owner))


def lead_from(state: State, player: str) -> None:
    """A move names who plays next: the turn order goes on from that player (a full round of turns from them)."""
    flow = state.flow
    players = state.players
    start = players.index(player)
    flow.order = players[start:] + players[:start] if state.game.turn.order is None else flow.order
    flow.pos = flow.order.index(player)
    flow.lap = 0
    start_turn(state, player)


def check_end(state: State, at_round_start: bool = False) -> None:
    """The game ends when `end` (or a cooperative win or loss) holds: at once, or when the round ends; and at once
    when `end now` holds.

    Checked after every move, and again when a move began a new round: an end that holds then (`round > 12`)
    ends the game at once, the round it belongs to having just ended.
    """
    flow, turn = state.flow, state.game.turn
    if flow.over:
        return
    if turn.end_now is not None and _kept(state, "end now", turn.end_now):
        flow.over = True  # `end now` ends the game at once, even in a round that was already to be the last
        return
    if flow.ending:
        return
    if turn.cooperative and (_kept(state, "win", turn.win) or _kept(state, "lose", turn.lose)):
        flow.over = True
        return
    if turn.end is None or not _kept(state, "end", turn.end):
        return
    if turn.end_at == "now" or at_round_start:
        flow.over = True
    else:
        flow.ending = True


KEEP = True
"""Reuse the end's answer while what it reads is unchanged (tests compare with and without)."""
PARTS = True
"""Keep the answer of each top-level `or` part of the end on its own (tests compare with and without)."""


def _kept(state: State, key: str, fn: Any) -> bool:
    """Return whether `end`, `win` or `lose` holds, reusing the answer while what it reads is unchanged (the zones and
    counters it reads drop it from state.due_cache; the parts of the flow it reads are its key). When it is asked
    again, each of its top-level `or` parts whose own reads are unchanged answers as before (see _kept_parts)."""
    keys = state.game.due_keys
    entry = keys.get(("<kept>", key))
    if entry is None:  # made once per game: the name the answer is kept by, what reads the flow it depends on, parts
        name = "<" + key + ">"
        known = name in state.game.due_readers[2]
        entry = keys[("<kept>", key)] = (name, known, flow_key_of(state.game, name) if known else None,
                                         _parts_of(state.game, key) if known else ())
    name, known, key_of, parts = entry
    if not KEEP or not known:
        return _holds(fn, state)
    now = key_of(state) if key_of is not None else None
    cached = state.due_cache.get(name)
    if cached is not None and cached[0] == now:
        return bool(cached[1])
    holds = _kept_parts(state, parts) if parts and PARTS else _holds(fn, state)
    state.due_cache[name] = (now, [""] if holds else [])
    return holds


PartEntry = tuple[str, Any, Any]
"""A top-level `or` part: the name its answer is kept by, what reads the flow it depends on, its closure."""


def _parts_of(game: Game, key: str) -> tuple[PartEntry, ...]:
    """Return the top-level `or` parts of `end`, `end now`, `win` or `lose` whose answers are kept on their own
    (none: the condition is no `or`, or what a part reads is not known). Made once per game."""
    parts = game.turn.part_reads.get(key, ())
    return tuple((part_name(key, i), flow_key_of(game, part_name(key, i)), fn) for i, (fn, _) in enumerate(parts))


NOT_KNOWN = object()
"""A part's kept answer when it reads a hidden component (the whole condition then does not hold: not yet)."""


def _kept_parts(state: State, parts: tuple[PartEntry, ...]) -> bool:
    """Return whether a condition `a or b or ...` holds, asking its parts in order as `or` does and reusing each
    part's answer while what that part reads is unchanged (a part that reads a hidden component: not yet)."""
    cache, ctx = state.due_cache, None
    for name, key_of, fn in parts:
        now = key_of(state) if key_of is not None else None
        cached = cache.get(name)
        if cached is not None and cached[0] == now:
            answer = cached[1]
        else:
            ctx = ctx or Ctx(state, state.flow.current)
            try:
                answer = bool(fn(ctx))
            except Unknown:
                answer = NOT_KNOWN
            cache[name] = (now, answer)
        if answer is NOT_KNOWN:
            return False
        if answer:
            return True
    return False


def _holds(fn: Any, state: State) -> bool:
    """Evaluate a game-wide condition for the player whose turn it is (hidden components: not yet)."""
    if fn is None:
        return False
    try:
        return bool(fn(Ctx(state, state.flow.current)))
    except Unknown:
        return False


def cooperative_result(state: State) -> str:
    """Return `won`, `lost` or '' for a cooperative game."""
    turn = state.game.turn
    if _holds(turn.lose, state):
        return "lost"
    return "won" if _holds(turn.win, state) else ""
