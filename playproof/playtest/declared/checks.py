"""The checks of a declared move against the table, in a fixed order; each finding names its rule and row.

Order: after the end? who moves (table or player, whose turn)? the row's words (player, components,
amount, dice); then the turn's limits (phase, limit, actions); the components (where, from); the
condition; the cost; and, when nothing else was wrong, counters' ranges and zones' capacity (one
mistake gives one finding). Gains and costs read the table as it was before the move.
"""

from __future__ import annotations

from typing import Any

from playproof.playtest.declared.expr import Unknown, as_number
from playproof.playtest.declared.expr_values import STEP_LIMIT
from playproof.playtest.declared.flow import phase_kind, phase_name
from playproof.playtest.declared.model import Comp, Game, MoveSpec
from playproof.playtest.declared.play import Play, kept_roll
from playproof.playtest.declared.rules import counter_range, move_rule
from playproof.playtest.declared.sheets import name_key
from playproof.playtest.declared.state import Ctx, State, ZoneState
from playproof.playtest.declared.wording import explain_condition, render
from playproof.playtest.engine import TABLE, Status, Violation


def check(state: State, play: Play, line: int, due_now: bool = False, settled: bool = False,
          quick: bool = False) -> list[Violation]:
    """Return every violation of a move in the current state, without changing it.

    `settled`: the caller already found that the end, who moves and the turn's limits allow this row now
    (the legal-move listing checks those once per row, not once per candidate). `quick`: the caller only asks
    whether there is a violation (a failed condition is not explained).
    """
    found: list[Violation] = []
    spec = play.spec
    if not settled:
        if state.flow.over and not (due_now and spec.actor == "table"):
            return _after_end(state, play, line, due_now)
        if _who_problem(state, spec, play.actor):  # (the findings are written only when something is wrong)
            found = _who(state, play, line)
    if play.problem:
        return found + [_move_finding(state, play, play.check, play.problem, line)]
    if play.faces and kept_roll(state.roll, play.faces) is None:
        return found + [_move_finding(state, play, "dice", f"{spec.verb} keeps dice (`-`), but no roll of "
                                      f"{len(play.faces)} dice was made this turn", line)]
    if not found and not settled and _limit_problem(state, spec, play.actor, play.target):
        found += _turn_limits(state, play, line)
    if spec.takes_component:  # (a move naming no component: nothing to find)
        found += _components(state, play, line)
    if found and any(v.rule.endswith("-cell") for v in found):
        return found  # a component cannot go on a taken cell: what else it breaks is beside the point
    return found + check_rest(state, play, line, quick, not found)


def check_components(state: State, play: Play) -> bool:
    """Return True when a move's words and components are wrong (what `check` finds before the condition)."""
    return bool(play.problem) or bool(_components(state, play, 0))


def check_rest(state: State, play: Play, line: int, quick: bool = False, clean: bool = True,
               led: bool = False) -> list[Violation]:
    """Return the violations of a move's condition, cost and amount, and (when nothing else was wrong: `clean`
    and none of these) of counters' ranges and zones' capacity; note what it pays and changes on `play`. `led`
    (with `quick`): the condition's leading parts that read nothing of the move were found to hold, with this
    table and player, spending nothing of an evaluation's budget (legal._gate): only the rest is asked."""
    spec = play.spec
    found = _condition(state, play, line, quick, led) if spec.condition is not None else []
    if spec.cost is None:
        paid = play.paid = 0
    else:
        paid, cost_found = _cost(state, play, line)
        play.paid = paid
        found += cost_found
    if spec.amount is not None and play.amount is not None:
        found += _amount(state, play, line)
    if spec.to_player is not None:
        found += _receiver(state, play, line)
    if clean and not found:
        found += _counters(state, play, paid, line, quick) + _capacity(state, play, line)
    return found


def check_condition(state: State, play: Play, led: bool = False) -> bool:
    """Return True when a move of a row that pays, gains, states and passes nothing (legal.Row.bare) is wrong: what
    check_rest finds, quick, is its condition alone (it pays 0 and changes no counter, noted on `play`)."""
    play.paid = 0
    if play.spec.condition is not None and _condition(state, play, 0, True, led):
        return True
    play.changes = []
    return False


def receiver(state: State, play: Play) -> str:
    """Return whose `to` zone a move puts into: the player its `to player` names, else the move's player ('' when
    `to player` names nobody who plays; the move's player when hidden components decide it)."""
    fn = play.spec.to_player
    if fn is None:
        return play.mover
    try:
        value = str(fn(Ctx(state, play.mover, play.comp, None, play))).strip().lower()
    except Unknown:
        return play.mover
    return next((p for p in state.players if p.lower() == value), "")


def _receiver(state: State, play: Play, line: int) -> list[Violation]:
    """A move whose `to player` names nobody who plays cannot put its components anywhere."""
    if play.spec.to_player is None or receiver(state, play):
        return []
    return [_move_finding(state, play, "", f"{play.spec.verb} puts into the {play.to_zone} of a player: "
                          f"`to player` names nobody who plays ({play.spec.origin})", line)]


def _after_end(state: State, play: Play, line: int, due_now: bool) -> list[Violation]:
    """Nothing is played after the end (but the table's due moves: its clean-up)."""
    spec = play.spec
    if state.flow.over and not (due_now and spec.actor == "table"):
        return [_finding(state.game, "turn-end", f"the game is over; {spec.verb} on line {line} comes after its "
                         "end", line)]
    return []


def row_allowed(state: State, spec: MoveSpec, actor: str, target: str = "", due_now: bool = False,
                mover_known: bool = False) -> bool:
    """Return True when the end, who moves and the turn's limits allow a move of this row now, by `actor` naming
    `target` (what `check` finds first, asked without writing findings). `mover_known`: the game is not over and
    `actor` is the player whose turn it is, in a phase played turn by turn, and the row is a player's: only the
    turn's limits are left to ask."""
    if mover_known:
        return not _limit_problem(state, spec, actor, target)
    if state.flow.over and not (due_now and spec.actor == "table"):
        return False
    return not _who_problem(state, spec, actor) and not _limit_problem(state, spec, actor, target)


def check_from(state: State, play: Play, line: int) -> list[Violation]:
    """Return what is wrong with the components of a move written late (only where they come from)."""
    return _components(state, play, line)


def check_record(state: State, play: Play, line: int) -> list[Violation]:
    """A record of a zone names exactly the components it holds (any order); it changes nothing."""
    spec = play.spec
    if play.problem and play.check != "count":
        return [_move_finding(state, play, play.check, play.problem, line)]
    held: dict[str, int] = {}
    uncertain = False
    for name in spec.sources:
        zone = state.zone(name, play.mover)
        uncertain = uncertain or zone.uncertain
        for comp, _ in zone.items:
            held[comp.name] = held.get(comp.name, 0) + 1
    named: dict[str, int] = {}
    for comp in play.comps:
        named[comp.name] = named.get(comp.name, 0) + 1
    if named == held or (uncertain and all(named.get(k, 0) >= n for k, n in held.items())):
        return []
    missing = [f"{k}" for k, n in held.items() for _ in range(n - named.get(k, 0))]
    extra = [f"{k}" for k, n in named.items() for _ in range(n - held.get(k, 0))]
    where = " and ".join(zone_name(state.game, z, play.mover) for z in spec.sources)
    said = "; ".join(part for part in (f"it leaves out {', '.join(missing)}" if missing else "",
                                        f"{', '.join(extra)} is not there" if extra else "") if part)
    holds = ", ".join(sorted(k for k, n in held.items() for _ in range(n))) or "nothing"
    return [_move_finding(state, play, "record", f"{where} holds {holds}: {said}", line)]


def _finding(game: Game, rule: str, message: str, line: int, status: Status = Status.VIOLATION) -> Violation:
    """Return a finding of one of the game's rules (named without the game's prefix)."""
    return Violation(f"{game.game_id}/{rule}", message, line, status)


def _move_finding(state: State, play: Play, check_name: str, text: str, line: int,
                  status: Status = Status.VIOLATION, detail: str = "", sentence: bool = False) -> Violation:
    """Return a finding of a move's rule: `text (origin)`, or the row's sentence for a rule it words."""
    spec = play.spec
    rule = move_rule(state.game.game_id, spec.rule_name or spec.verb, check_name)
    if sentence and spec.message is not None:
        said = render(spec.message, _ctx(state, play))
        return Violation(rule, said + (f" ({detail})" if detail else ""), line, status)
    if sentence and spec.note:
        return Violation(rule, f"{spec.note.rstrip('.')}: {text} ({spec.origin})", line, status)
    return Violation(rule, f"{text} ({spec.origin})", line, status)


def _ctx(state: State, play: Play, comp: Comp | None = None) -> Ctx:
    """Return the context a move's expressions are evaluated in."""
    return Ctx(state, play.mover, comp if comp is not None else play.comp, None, play)


def _who(state: State, play: Play, line: int) -> list[Violation]:
    """The table makes table moves; a turn move is made by the player whose turn it is."""
    spec, actor, flow = play.spec, play.actor, state.flow
    problem = _who_problem(state, spec, actor)
    if not problem:
        return []
    if problem == "actor":
        who = "the table" if spec.actor == "table" else "a player"
        return [_move_finding(state, play, "", f"{spec.verb} is made by {who}, not {actor}", line)]
    if problem == "table":
        return [_finding(state.game, "turn-order", f"it is the table's {phase_name(state)} phase, not {actor}'s turn",
                         line)]
    if problem == "done":
        return [_finding(state.game, "turn-order", f"{actor} has already played this {phase_name(state)} phase",
                         line)]
    return [_finding(state.game, "turn-order", f"it is {flow.current}'s turn, not {actor}'s", line)]


def _who_problem(state: State, spec: MoveSpec, actor: str) -> str:
    """Return what is wrong with who makes a move of this row ('' nothing): `actor` (a player's move made by the
    table or the other way round), `table` (the table's phase), `done` (played this phase), `turn` (not theirs)."""
    if (spec.actor == "table") != (actor == TABLE):
        return "actor"
    if spec.actor != "turn":
        return ""
    kind = phase_kind(state)
    if kind == "table":
        return "table"
    if kind == "together":
        return "done" if actor in state.flow.done else ""
    return "turn" if actor != state.flow.current else ""


def _turn_limits(state: State, play: Play, line: int) -> list[Violation]:
    """A move's phase, its limit, and the actions of a turn (the first broken of them: one mistake, one finding)."""
    spec, flow = play.spec, state.flow
    problem = _limit_problem(state, spec, play.actor, play.target)
    if not problem:
        return []
    if problem == "phase":
        return _phase(state, play, line)
    if problem == "limit":
        return [_move_finding(state, play, "limit", f"{spec.verb} is allowed {spec.limit} time(s) a "
                              f"{spec.limit_per}", line)]
    return [_finding(state.game, "turn-actions", f"{play.actor} has made {flow.actions} action(s) this "
                     "turn, the most a turn allows", line)]


def _limit_problem(state: State, spec: MoveSpec, actor: str, target: str) -> str:
    """Return the first of a move's phase, limit and the turn's actions that a move of this row by `actor` (naming
    `target`) breaks now: `phase`, `limit`, `actions`; '' for none."""
    if spec.phase and not _in_phase(state, spec):
        return "phase"
    if spec.limit is not None and uses(state, spec, actor, target) >= spec.limit:
        return "limit"
    limit = state.game.turn.actions
    if spec.action and limit is not None and spec.actor != "table" and state.flow.actions >= limit:
        return "actions"
    return ""


def uses(state: State, spec: MoveSpec, actor: str, target: str = "") -> int:
    """Return how often a move was made in its limit's span: this turn, this round, or this game (by this player:
    who makes it, or the player a table move names)."""
    flow = state.flow
    if spec.limit_per == "turn":
        return flow.uses.get(spec.verb, 0) if phase_kind(state) != "together" else 0
    who = actor if actor != TABLE else target
    counts = flow.round_uses if spec.limit_per == "round" else state.game_uses
    return counts.get((spec.verb, who), 0)


def _in_phase(state: State, spec: MoveSpec) -> bool:
    """Return True when a move of a phase may be made now: in its round phase, or not after its turn phase."""
    turn = state.game.turn
    if any(p.name == spec.phase for p in turn.round_phases):
        return phase_name(state) == spec.phase
    return turn.phases.index(spec.phase) >= state.flow.phase


def _phase(state: State, play: Play, line: int) -> list[Violation]:
    """A move of a round phase is made in that phase; a move of a turn phase not after its phase is over."""
    spec, turn = play.spec, state.game.turn
    if _in_phase(state, spec):
        return []
    if any(p.name == spec.phase for p in turn.round_phases):
        return [_move_finding(state, play, "phase", f"{spec.verb} belongs to the {spec.phase} phase, but the round "
                              f"is in the {phase_name(state)} phase", line)]
    return [_move_finding(state, play, "phase", f"{spec.verb} belongs to the {spec.phase} phase, but the turn is in "
                          f"the {turn.phases[state.flow.phase]} phase", line)]


def _components(state: State, play: Play, line: int) -> list[Violation]:
    """Each component a move takes is one it may take, and is in a zone it comes from; a grid cell is free."""
    spec = play.spec
    found = _cell(state, play, line)
    if not spec.takes_component or not spec.sources:
        return found
    if play.hidden:
        zone = state.zone(play.source or spec.sources[0], play.mover)
        if zone.size < play.hidden:
            found.append(_move_finding(state, play, "from", f"{play.source or spec.sources[0]} is empty", line))
    seen: dict[str, int] = {}
    for comp in play.comps:
        if spec.where is not None and not _holds(spec.where, _ctx(state, play, comp)):
            found.append(_move_finding(state, play, "", f"{comp.name} is not a component {spec.verb} may take", line,
                                       sentence=True))
            continue
        seen[comp.key] = seen.get(comp.key, 0) + 1
        if holder(state, play, comp, seen[comp.key]) is None:
            where = " or ".join(zone_name(state.game, z, play.mover) for z in _sources(play))
            found.append(_move_finding(state, play, "from", f"{comp.name} is not in {where} ({copies(comp)})",
                                       line))
    return found


def _sources(play: Play) -> tuple[str, ...]:
    """Return the zones a move may take from: the one the log names, else every zone of its row."""
    return (play.source,) if play.source else play.spec.sources


def holder(state: State, play: Play, comp: Comp, copy: int = 1) -> str | None:
    """Return the first zone a move may take from that holds `copy` copies of a component (or may, hidden)."""
    key = comp.key
    for name in _sources(play):
        zone = state.zone(name, play.mover)
        held = 0
        for entry in zone.items:
            if entry[0].key == key:
                held += 1
                if held >= copy:
                    return name  # enough copies found: the rest of the zone is not counted
        if held >= copy or (zone.unknown and owed_zone(state, key) is not None):
            return name
    return None


def _cell(state: State, play: Play, line: int) -> list[Violation]:
    """A component put on a grid goes on a cell, and a cell holds one component."""
    dest = play.to_zone
    spec = state.game.zones.get(dest or "")
    if spec is None or not spec.grid or not play.spec.takes_component:
        return []
    if play.cell is None:
        return [_move_finding(state, play, "", f"{play.spec.verb} puts a component on the {dest} grid: name its "
                              "cell as x,y", line)]
    if play.cell in state.zone(dest, play.mover).cells:
        x, y = play.cell
        return [_finding(state.game, f"zones-{name_key(dest)}-cell", f"cell {x},{y} of the {dest} already holds "
                         f"{state.zone(dest, play.mover).cells[play.cell][0].name}", line)]
    return []


def copies(comp: Comp) -> str:
    """Return how many copies of a component are printed, in words."""
    return f"{comp.count} cop{'y is' if comp.count == 1 else 'ies are'} printed"


def zone_name(game: Game, zone: str, player: str) -> str:
    """Return a zone as a player reads it: `Ann's hand`, `the deck`."""
    return f"{player}'s {zone}" if game.zones[zone].per_player else f"the {zone}"


def owed_zone(state: State, key: str) -> ZoneState | None:
    """Return a zone a hidden move may have taken this component from, or None."""
    for owners in state.zones.values():
        for zone in owners.values():
            if zone.pending and zone.index(key) >= 0:
                return zone
    return None


def _holds(fn: Any, ctx: Ctx) -> bool:
    """Evaluate a condition for a move; a hidden value counts as holding."""
    try:
        return bool(fn(ctx))
    except Unknown:
        return True


def _condition(state: State, play: Play, line: int, quick: bool = False, led: bool = False) -> list[Violation]:
    """A move's condition holds, for each component it takes (undetermined when hidden components decide it). `led`
    and `quick`: only the parts after its leading ones are asked (see check_rest)."""
    spec = play.spec
    if spec.condition is None:
        return []
    condition = spec.condition_rest if led and quick and spec.condition_rest is not None else spec.condition
    for comp in (play.comps if spec.reads_card and len(play.comps) > 1 else [play.comp]):
        ctx = _ctx(state, play, comp)
        try:
            holds = condition(ctx)
            if holds and not ctx.uncertain:
                continue
            status = Status.UNDETERMINED if ctx.uncertain else Status.VIOLATION
        except Unknown:
            status = Status.UNDETERMINED
        if quick:
            return [_finding(state.game, "condition", "the condition does not hold", line, status)]
        what = f"{spec.verb} {comp.name}" if comp else spec.verb
        why = explain_condition(spec, _ctx(state, play, comp))
        hidden = " (or may not: hidden components decide it)" if status is Status.UNDETERMINED else ""
        return [_move_finding(state, play, "condition", f"{what} is not allowed now: {why}{hidden}", line, status,
                              detail="" if status is Status.VIOLATION else "cannot tell yet", sentence=True)]
    return []


def _each(play: Play) -> list[Comp | None]:
    """Return the components a move's expressions are evaluated for (once when they read none)."""
    return list(play.comps) if play.spec.reads_card and play.comps else [play.comp]


def _cost(state: State, play: Play, line: int) -> tuple[int, list[Violation]]:
    """Return what the move pays: the amount it states, which must be the cost, else the cost."""
    spec = play.spec
    if spec.cost is None:
        return 0, []
    try:
        cost = sum(card_value(state, play, spec.cost, comp) for comp in _each(play))
    except Unknown:
        if play.amount is None:
            return 0, []
        return play.amount, [_move_finding(state, play, "cost", "the cost of the hidden component is not known",
                                           line, Status.UNDETERMINED)]
    if play.amount is None or play.amount == cost:
        return cost, []
    what = " ".join(c.name for c in play.comps) if play.comps else spec.verb
    return play.amount, [_move_finding(state, play, "cost", f"{what} costs {cost}, not {play.amount}", line)]


def card_value(state: State, play: Play, fn: Any, comp: Comp | None) -> int:
    """Return a cost's or gain's whole number for one component of a move; one that reads nothing but the component
    (MoveSpec.by_card) is worked out once per design (an error is raised each time, as it is not kept)."""
    spec = play.spec
    if comp is None or id(fn) not in spec.by_card:
        return int(as_number(fn(_ctx(state, play, comp))))
    key = (id(fn), comp.key)
    value = spec.card_values.get(key)
    if value is None:
        value = spec.card_values[key] = int(as_number(fn(_ctx(state, play, comp))))
    return value


def _amount(state: State, play: Play, line: int) -> list[Violation]:
    """A number the move states is what its `amount` says (the food a harvest takes)."""
    spec = play.spec
    if spec.amount is None or play.amount is None:
        return []
    try:
        expected = int(as_number(spec.amount(_ctx(state, play))))
    except Unknown:
        return []
    if expected == play.amount:
        return []
    return [_move_finding(state, play, "amount", f"{spec.verb} states {play.amount}, but the rules give {expected} "
                          f"({spec.texts.get('amount', '')})", line)]


OUT_OF_RANGE = Violation("counters", "a counter would leave its range", 0)
"""What `_counters` finds, `quick`, for a counter without a message: listing asks only whether a move is wrong."""


def _counters(state: State, play: Play, paid: int, line: int, quick: bool = False) -> list[Violation]:
    """Counters a move changes stay within their range (`quick`: the first counter out of range without a message of
    its own is OUT_OF_RANGE, its text not written)."""
    found = []
    play.changes = changes(state, play, paid)
    counters = state.game.counters
    for name, owner, value in play.changes:
        spec = counters[name]
        if spec.internal or (spec.low is None and spec.high is None) or not isinstance(value, (int, float)):
            continue
        if (spec.low is not None and value < spec.low) or (spec.high is not None and value > spec.high):
            if quick and spec.message is None:
                found.append(OUT_OF_RANGE)
                break
            who = f"{owner}'s " if owner else ""
            text = f"{who}{name} would be {value}, outside {counter_range(spec)} ({spec.origin})"
            if spec.message is not None:
                text = render(spec.message, _ctx(state, play))
            found.append(_finding(state.game, f"counters-{name_key(name)}", text, line))
    return found


def changes(state: State, play: Play, paid: int) -> list[tuple[str, str, Any]]:
    """Return each counter a move changes as (name, owner, new value), reading the table before the move.

    The gains are evaluated in one context per component (named values worked out once for all of them), each
    with the whole budget of an evaluation.
    """
    spec = play.spec
    if not (spec.gains or spec.sets_gain or (spec.pay is not None and paid)):
        return []  # nothing paid, nothing gained
    payer = play.actor if play.actor != TABLE else play.mover
    deltas: dict[tuple[str, str], Any] = {}
    if spec.pay is not None and paid:
        deltas[(spec.pay, state.counter_owner(spec.pay, payer))] = -paid
    contexts: dict[int, Ctx] = {}
    adds, sets = _plan(state, spec)
    each, by_card = _each(play), spec.by_card
    for name, fn, kind, per_player, constant in adds:
        owner = _owner(state, play, kind, payer) if kind else payer
        if constant is not None and owner != "each":  # a plain number, once per component
            key = (name, owner if per_player else "")
            deltas[key] = deltas.get(key, 0) + constant * len(each)
            continue
        for player in (state.players if owner == "each" else (owner,)):
            key = (name, player if per_player else "")
            for comp in each:
                if constant is not None:
                    gain = constant
                else:
                    try:
                        gain = card_value(state, play, fn, comp) if by_card and id(fn) in by_card else \
                            int(as_number(fn(_ctx(state, play, comp).for_player(player) if owner == "each"
                                             else _shared(contexts, state, play, comp))))
                    except Unknown:
                        gain = 0
                deltas[key] = deltas.get(key, 0) + gain
    counters = state.counters
    found = [(n, o, as_number(counters[n][o]) + d) for (n, o), d in deltas.items()]
    for name, fn, kind, per_player, constant in sets:
        if constant is not None:
            value = constant
        else:
            try:
                value = fn(_shared(contexts, state, play, play.comp))
            except Unknown:
                continue
        found.append((name, _owner(state, play, kind, payer) if per_player else "", value))
    return found


Plan = list[tuple[str, Any, str, bool, Any]]


def _plan(state: State, spec: MoveSpec) -> tuple[Plan, Plan]:
    """Return a row's gains that add and that set: (counter, expression, whose, one per player, the value of a plain
    number or None), made once (a number added is added as a whole number, as any gain is)."""
    plan = spec.gain_plan
    if plan is None:
        counters, constants = state.game.counters, spec.gain_constants
        plan = spec.gain_plan = tuple([(name, fn, spec.gain_owner.get((kind, index), ""), counters[name].per_player,
                                        _constant(constants, kind, index)) for index, (name, fn) in enumerate(gains)]
                                      for kind, gains in (("add", spec.gains), ("set", spec.sets_gain)))
    return plan


def _constant(constants: dict[tuple[str, int], Any], kind: str, index: int) -> Any:
    """Return a gain's value when it is a plain number (added: as a whole number), else None."""
    value = constants.get((kind, index))
    return None if value is None else int(as_number(value)) if kind == "add" else value


def _owner(state: State, play: Play, kind: str, payer: str) -> str:
    """Return whose counter a gain changes: the mover's, or the one its row names (`coins of target`)."""
    if kind == "target" and play.target:
        return play.target
    if kind == "each":
        return kind
    return state.flow.current if kind == "current" else payer


def _shared(contexts: dict[int, Ctx], state: State, play: Play, comp: Comp | None) -> Ctx:
    """Return the context of a move's component for one more evaluation (made once; its budget whole again)."""
    ctx = contexts.get(id(comp))
    if ctx is None:
        ctx = contexts[id(comp)] = _ctx(state, play, comp)
    else:
        ctx.budget = [STEP_LIMIT]
    return ctx


def _capacity(state: State, play: Play, line: int) -> list[Violation]:
    """A zone with a capacity holds no more than it."""
    spec = play.spec
    dest = play.dest or spec.dest
    if dest is None:
        return []
    zone = state.game.zones[dest]
    if zone.capacity is None:
        return []
    capacity = zone.capacity or 0
    if spec.bulk:
        adding = sum(state.zone(z, play.mover).size for z in spec.sources)
    else:
        adding = max(1, len(play.comps) + play.hidden) if spec.takes_component else 0
    owner = (receiver(state, play) if spec.to_player is not None else "") or play.mover
    if state.zone(dest, owner).size + adding <= capacity:
        return []
    text = f"{dest} holds at most {capacity} ({zone.origin})"
    if zone.message is not None:
        text = render(zone.message, _ctx(state, play))
    return [_finding(state.game, f"zones-{name_key(dest)}-capacity", text, line)]
