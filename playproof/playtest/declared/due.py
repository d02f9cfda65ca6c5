"""What the table owes: due table moves, the referee's own result of a derived move, and claims checked.

A table move with a `due` condition is owed as soon as it holds. A derived move (the trick's taker, a
majority, a market slide) is worked out by the referee: a logged one is a claim compared with the
referee's result (a wrong claim is one finding, and the game goes on from the referee's result), and one
the log leaves out is made by the referee before the next line. Any other due move the log skips is one
finding on the line where it was owed, and is then treated as made (a hidden component when the log never
named it), so nothing later is blamed for it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from playproof.playtest.declared.checks import check, uses
from playproof.playtest.declared.explain import explain
from playproof.playtest.declared.expr import Unknown, as_number
from playproof.playtest.declared.flow import check_end, end_phase, phase_done, phase_kind, round_ends
from playproof.playtest.declared.model import MoveSpec
from playproof.playtest.declared.play import Play, play_text
from playproof.playtest.declared.rules import move_rule
from playproof.playtest.declared.sheets import name_key
from playproof.playtest.declared.state import Ctx, Seen, State, Watching, flow_getter, flow_key_of, unchanged
from playproof.playtest.declared.wording import render
from playproof.playtest.engine import TABLE, Violation

MAX_OWED = 500
"""Due moves the referee makes in a row before it stops (a due condition that making the move never ends)."""

Perform = Callable[[Play], None]


CACHE = True
"""Reuse a due condition's answer while what it reads is unchanged (tests compare with and without)."""


def due_targets(state: State, spec: MoveSpec) -> list[str]:
    """Return whom a table move is due for now ('' when it names no player); [] when it is not due.

    An answer is kept (state.due_cache) until a zone or counter the condition reads changes (State.touch_zone and
    State.set_counter drop it) or the parts of the flow it reads differ.
    """
    if spec.due is None:
        return []
    if not CACHE or spec.due_reads is None:
        return _due_targets(state, spec)
    name = spec.rule_name or spec.verb
    key_of = flow_key_of(state.game, name)
    key = key_of(state) if key_of is not None else None
    cached = state.due_cache.get(name)
    if cached is not None and cached[0] == key:
        return cached[1]
    found = _due_targets(state, spec)
    state.due_cache[name] = (key, found)
    return found


def _due_targets(state: State, spec: MoveSpec) -> list[str]:
    """Evaluate whom a table move is due for now."""
    if spec.phase and not _in_phase(state, spec):
        return []
    flow = state.flow
    if spec.names_player and spec.result is None:  # owed to each player for whom it holds, within its limit for them
        if spec.due_guards and CACHE and _guarded(state, spec):
            return []  # a part every player reads alike does not hold: asked once, not once per player
        players = state.players if spec.limit is None else \
            [p for p in state.players if uses(state, spec, TABLE, p) < spec.limit]
        if not CACHE or spec.due_reads is None:
            return [p for p in players if _holds(spec, Ctx(state, p))]
        return _watched_targets(state, spec, players)
    if spec.limit is not None and uses(state, spec, TABLE) >= spec.limit:
        return []  # made as often as its limit allows: nothing more is owed
    return [""] if _holds(spec, Ctx(state, flow.current)) else []


def _watched_targets(state: State, spec: MoveSpec, players: Iterable[str]) -> list[str]:
    """Return the players (of `players`) for whom a due condition asked player by player holds.

    Each player's answer is kept with the zones and counters its evaluation read (a Watching context) and the parts
    of the flow the condition reads: while they are the same, it is not asked again (another player's move changes
    only that player's zones: the others' answers stand). A condition found to read other players' zones or counters
    (`all(players, ...)`) is asked plainly from then on, in every game of these rules: another player's move would
    change its answers, and noting what it reads costs more than it saves (Paper Boats' reveal: 8 % of the audit).
    """
    name = spec.rule_name or spec.verb
    keys = state.game.due_keys
    others = keys.get("<others>")
    if others is None:
        others = keys["<others>"] = set()
    key_of = keys[name] if name in keys else flow_key_of(state.game, name)
    key = key_of(state) if key_of is not None else None
    kept_answers = state.due_players
    found = []
    for player in players:
        if name in others:
            holds = _holds(spec, Ctx(state, player))  # it reads other players' zones or counters: asked plainly
        else:
            kept = kept_answers.get((name, player))
            if kept is not None and kept[0] == key and unchanged(kept[1]):
                holds = kept[2]
            else:
                seen: Seen = ([], [], [])
                holds = _holds(spec, Watching(state, player, seen))
                if seen[2]:
                    others.add(name)  # any player's move may change its answer for every player: seldom pays
                else:
                    kept_answers[(name, player)] = (key, seen, holds)
        if holds:
            found.append(player)
    return found


def _guarded(state: State, spec: MoveSpec) -> bool:
    """Return True when one of a due condition's guards (its leading `and` parts that read the same for every
    player, see buildmoves.guards) does not hold: the condition holds for nobody. A guard that cannot be evaluated
    leaves it to the condition, player by player."""
    ctx = Ctx(state, state.flow.current)
    for guard in spec.due_guards:
        try:
            if not guard(ctx):
                return True
        except Exception:  # hidden components, a value too large: the condition says it, as always  # noqa: BLE001
            return False
    return False


def _in_phase(state: State, spec: MoveSpec) -> bool:
    """A move of a round phase is due only in that phase."""
    phases = state.game.turn.round_phases
    if not spec.phase or not phases or spec.phase not in [p.name for p in phases]:
        return True
    return phases[state.flow.rphase].name == spec.phase


def _holds(spec: MoveSpec, ctx: Ctx) -> bool:
    """Return whether a due condition holds (hidden components: not yet); asked in the order that reads least
    (MoveSpec.due_flow_first, which holds exactly when `due` does)."""
    try:
        return bool((spec.due_flow_first or spec.due)(ctx))  # type: ignore[misc]
    except Unknown:
        return False


def advance(state: State) -> None:
    """End a round whose `round end` holds, and table phases that owe nothing more; an end that holds as the next
    round begins (`round > 5`) then ends the game at once, as after a player's move."""
    round_before = state.flow.round
    _advance(state)
    if state.flow.round != round_before:
        check_end(state, at_round_start=True)


def _advance(state: State) -> None:
    """End a round whose `round end` holds, and table phases that owe nothing more (rules with neither a `round end`
    nor round phases have nothing to end here)."""
    turn = state.game.turn
    if turn.round_end is None and not turn.round_phases:
        return
    if (round_ends(state) or phase_done(state)) and first_due(state, True) is None:
        end_phase(state)
        state.flow_version += 1
    for _ in range(len(turn.round_phases) + 1):
        if state.flow.over or phase_kind(state) != "table" or first_due(state) is not None:
            return
        end_phase(state)
        state.flow_version += 1


def due_specs(state: State, derived_only: bool = False, plain_only: bool = False) -> list[MoveSpec]:
    """Return the table moves that can fall due, in the sheet's order (only the derived ones, or only the others,
    when asked)."""
    game = state.game
    key = "derived" if derived_only else "plain" if plain_only else "all"
    found = game.due_cache.get(key)
    if found is None:
        found = [s for s in game.moves.values() if s.actor == "table" and s.due is not None
                 and (s.derived or not derived_only) and not (s.derived and plain_only)]
        game.due_cache[key] = found
    return found


def first_due(state: State, derived_only: bool = False, plain_only: bool = False) -> tuple[MoveSpec, str] | None:
    """Return the first due table move in the sheet's order (and whom it is due for), or None.

    The answer is kept while no zone or counter a due condition reads changes (state.due_version) and the parts of
    the flow they read are the same: a line that touches none of them asks no condition again.
    """
    which, memo_of, entries = _due_table(state, derived_only, plain_only)
    cache = state.due_cache
    memo = memo_of(state) if memo_of is not None and CACHE else None
    if memo is not None:
        kept = cache.get(which)
        if kept is not None and kept[0] == memo:
            return kept[1]
    found = None
    for spec, name, key_of in entries:
        if key_of is False or not CACHE:  # what the condition reads is not known: asked every time
            targets = _due_targets(state, spec)
        else:  # due_targets, inlined: its kept answer, else the condition asked and its answer kept
            key = key_of(state) if key_of is not None else None
            cached = cache.get(name)
            if cached is not None and cached[0] == key:
                targets = cached[1]
            else:
                targets = _due_targets(state, spec)
                cache[name] = (key, targets)
        if targets:
            found = spec, targets[0]
            break
    if memo is not None:
        cache[which] = (memo, found)
    return found


def due_now(state: State, derived_only: bool = False) -> Iterator[tuple[MoveSpec, list[str]]]:
    """Yield each table move that can fall due (only the derived ones, when asked), in the sheet's order, with whom
    it is due for now (as due_targets says: its kept answer, else the condition asked and its answer kept; what
    reads the flow looked up once per game, as first_due does)."""
    cache = state.due_cache
    for spec, name, key_of in _due_table(state, derived_only, False)[2]:
        if key_of is False or not CACHE:  # what the condition reads is not known: asked every time
            yield spec, _due_targets(state, spec)
            continue
        key = key_of(state) if key_of is not None else None
        cached = cache.get(name)
        if cached is not None and cached[0] == key:
            yield spec, cached[1]
            continue
        targets = _due_targets(state, spec)
        cache[name] = (key, targets)
        yield spec, targets


DueTable = tuple[tuple, Any, list[tuple[MoveSpec, str, Any]]]


def _due_table(state: State, derived_only: bool, plain_only: bool) -> DueTable:
    """Return, made once per game, where first_due keeps its answer, what that answer depends on (None when a
    due condition reads what is not known: it is asked every time), and each due move with its name and what
    reads the flow its answer depends on (False: its answer is never kept)."""
    which = ("<first>", derived_only, plain_only)
    keys = state.game.due_keys
    if which not in keys:
        specs = due_specs(state, derived_only, plain_only)
        fields = state.game.due_readers[2]
        memo_of = None if any(s.due_reads is None for s in specs) else \
            flow_getter(dict.fromkeys(f for s in specs for f in fields[s.rule_name or s.verb]), "due_version")
        entries = [(s, s.rule_name or s.verb, False if s.due_reads is None else
                    flow_key_of(state.game, s.rule_name or s.verb)) for s in specs]
        keys[which] = (which, memo_of, entries)
    return keys[which]


def owed_first(state: State, derived_only: bool) -> tuple[MoveSpec, str] | None:
    """Return the due move the referee makes first: a derived one, else (unless `derived_only`) the first due.
    Asked of every line: when nothing at all is due (one kept answer), neither kind is asked on its own."""
    if not derived_only and first_due(state) is None:
        return None
    found = first_due(state, True)
    if found is not None or derived_only:
        return found
    return first_due(state, plain_only=True)  # no derived move is due: the first due move is one of the others


def referee_play(state: State, spec: MoveSpec, target: str) -> Play:
    """Return the move the referee makes for a due table move: its result, else the top of its zone or `?`."""
    flow = state.flow
    play = Play(spec, TABLE, turn=flow.current)
    ctx = Ctx(state, target or flow.current, None, None, play)
    result = _result(spec, ctx)
    if spec.names_player:
        play.target = _player(state, result) if spec.result is not None else target
    if spec.takes_component:
        comp = state.game.component(name_key(result)) if spec.result is not None and not spec.names_player else None
        if comp is None:
            zone = state.zone(spec.sources[0], play.mover) if spec.sources else None
            known = zone is not None and zone.items and not zone.unknown and \
                state.game.zones[spec.sources[0]].visibility == "public"
            comp = zone.items[0][0] if known and zone is not None else None
        if comp is not None:
            play.comps = [comp]
        else:
            play.hidden = 1
    elif spec.result is not None and not spec.names_player and result != "":
        play.amount = int(as_number(result))
    dest = spec.dest
    if dest and state.game.zones[dest].grid and not state.zone(dest, play.mover).cells:
        play.cell = (0, 0)  # the referee puts a first piece in the middle; elsewhere it cannot know the cell
    return play


def _result(spec: MoveSpec, ctx: Ctx) -> object:
    """Evaluate a derived move's `result` ('' when it has none or hidden components decide it)."""
    if spec.result is None:
        return ""
    try:
        return spec.result(ctx)
    except Unknown:
        return ""


def _player(state: State, value: object) -> str:
    """Return the player a value names, or ''."""
    text = str(value).strip().lower()
    return next((p for p in state.players if p.lower() == text), "")


def _signature(state: State) -> tuple:
    """Return a cheap fingerprint of the table (zone sizes, counters, turn) to tell whether a move changed it."""
    zones = [len(z.items) + z.unknown - z.pending for z in state.every_zone]
    counters = [v for owners in state.every_counter for v in owners.values()]
    flow = state.flow
    return zones, counters, flow.current, flow.turns, flow.round, flow.over


def settle(state: State, line: int, table_line: str | None, perform: Perform) -> list[Violation]:
    """Make what the table owes before a logged line; return one finding per due move the log skipped.

    `table_line` is the verb of a table move on that line (the log makes its own table moves in any order),
    '' for another table line (a marker, a claim), None for a player's move.
    """
    found: list[Violation] = []
    owed: list[str] = []
    derived_only = table_line is not None or state.flow.over  # then only derived moves are made before it
    for _ in range(MAX_OWED):
        pending = owed_first(state, derived_only)  # derived ones first
        if pending is None:
            break
        spec, target = pending
        if table_line is not None and (table_line == spec.verb or not spec.derived):
            break
        if state.flow.over and not spec.derived:
            break  # after the end the table owes nothing but what decides the result
        if not spec.derived and not found:
            found.append(_owed(state, spec, target, line))
        if not spec.derived and spec.verb not in owed:
            owed.append(spec.verb)
        before = _signature(state)
        play = referee_play(state, spec, target)
        # works out what it pays and gains (its verdict is the referee's)
        check(state, play, line, due_now=True, quick=True)
        if not spec.derived and spec.takes_component:
            state.assumed.append((spec.verb, play.target, play.comp.key if play.comp else ""))
        perform(play)
        if _signature(state) == before:
            break
    if len(owed) > 1:  # one skipped obligation is one finding, whatever steps it took
        first = found[0]
        found[0] = Violation(first.rule, f"{first.message}; then {', '.join(owed[1:])}", first.line, first.status)
    return found


def _owed(state: State, spec: MoveSpec, target: str, line: int) -> Violation:
    """Return the finding of a due table move the log skipped."""
    rule = move_rule(state.game.game_id, spec.rule_name or spec.verb, "due")
    who = f" for {target}" if target else ""
    if spec.message is not None:
        play = referee_play(state, spec, target)
        text = render(spec.message, Ctx(state, play.mover, play.comp, None, play))
        return Violation(rule, f"{text} (the table owed {spec.verb}{who} before this line)", line)
    if spec.note:  # the row's sentence says what was owed, in the rulebook's words
        return Violation(rule, f"{spec.note.rstrip('.')}: the table owed {spec.verb}{who} before this line "
                         f"({spec.origin})", line)
    return Violation(rule, f"the table owed {spec.verb}{who} before this line: {spec.texts.get('due', '')} held "
                     f"({spec.origin})", line)


def check_claim(state: State, logged: Play, line: int) -> tuple[Play | None, list[Violation]]:
    """Compare a logged derived move with the referee's result; return the move to apply (None: nothing, the rules
    make no such move now) and the finding."""
    spec = logged.spec
    targets = due_targets(state, spec)
    if logged.problem:
        return logged, []
    if not targets:  # the rules make no such move now: the claim is a finding and changes nothing
        rule = move_rule(state.game.game_id, spec.rule_name or spec.verb, "result")
        return None, [Violation(rule, f"the rules make no `{spec.verb}` now: {_why_not(state, spec, logged)} "
                                  f"({spec.origin})", line)]
    if spec.names_player and spec.result is None:
        if logged.target in targets:
            return logged, []
        expected = referee_play(state, spec, targets[0])
    else:
        expected = referee_play(state, spec, targets[0])
    if _same(expected, logged):
        return logged, []
    rule = move_rule(state.game.game_id, spec.rule_name or spec.verb, "result")
    said = f"`{play_text(logged)}`"
    if spec.message is not None:
        text = render(spec.message, Ctx(state, expected.mover, expected.comp, None, expected))
        return expected, [Violation(rule, f"{text}, not as logged: {said}", line)]
    return expected, [Violation(rule, f"the rules make it `{play_text(expected)}`, not {said} "
                                f"({spec.texts.get('result') or spec.texts.get('due', '')}) ({spec.origin})", line)]


def _why_not(state: State, spec: MoveSpec, logged: Play) -> str:
    """Say which part of a derived move's `due` failed, with its values (for the player the claim names when the
    move is due to each player)."""
    if spec.due_compiled is None:
        return f"{spec.texts.get('due', '')} does not hold"
    for_each = spec.names_player and spec.result is None and logged.target in state.players
    return explain(spec.due_compiled, Ctx(state, logged.target if for_each else state.flow.current))


def _same(expected: Play, logged: Play) -> bool:
    """Return True when a logged move names what the referee works out (a hidden part matches anything)."""
    if expected.target != logged.target:
        return False
    if expected.hidden or logged.hidden:
        return True
    if sorted(c.key for c in expected.comps) != sorted(c.key for c in logged.comps):
        return False
    return expected.amount is None or expected.amount == logged.amount


def late(state: State, play: Play) -> str | None:
    """Return the component key ('' when unseen) of an owed move the referee made itself that a logged table move
    writes late (and forget it); None when the line is a move of its own."""
    if not state.assumed or play.actor != TABLE or play.hidden or len(play.comps) != 1 or \
            due_targets(state, play.spec):
        return None
    for entry in state.assumed:
        if entry[:2] == (play.spec.verb, play.target):
            state.assumed.remove(entry)
            return entry[2]
    return None
