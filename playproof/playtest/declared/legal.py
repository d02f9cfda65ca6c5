"""Legal moves of a declared game: the table's due moves first, else the moves of the player to act."""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator, NamedTuple, Protocol

from playproof.playtest.declared.checks import check, check_components, check_condition, check_rest, row_allowed
from playproof.playtest.declared.expr import TooLarge, Unknown, as_number
from playproof.playtest.declared.expr_values import STEP_LIMIT
from playproof.playtest.declared.due import due_now, referee_play
from playproof.playtest.declared.flow import phase_kind
from playproof.playtest.declared.model import Comp, Game, MoveSpec
from playproof.playtest.declared.play import Play, play_text
from playproof.playtest.declared.state import Ctx, State
from playproof.playtest.engine import TABLE, Decision, Event, Offer, Violation

MAX_OFFERS = 300
"""Moves offered per row at most (a move of several components is offered in its first combinations)."""
AMOUNTS = range(0, 21)
"""Numbers offered for a move whose number is the player's choice (a bid)."""
SHORTCUTS = True
"""Skip checking the moves of a row that nothing past who moves and the turn's limits can refuse (tests compare the
moves listed with and without)."""
_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class Table(Protocol):
    """What listing legal moves needs of an engine."""

    state: State
    game: Game
    players: tuple[str, ...]

    def hook_refuses(self, play: Play) -> bool:
        """Return True when a designer's Python hook finds the move wrong."""

    def refuser(self) -> Callable[[Play], bool] | None:
        """Return hook_refuses, or None when the engine has no hook (nothing to ask of each move listed)."""

    def play_offered(self, play: Play | None, event: Event, owed: bool = True) -> list[Violation]:
        """Apply a move `offer` offered (its event written from its text; None: a move to apply as logged; `owed`
        False: no table move was due when it was offered)."""


def decision(engine: Table) -> Decision | None:
    """Return who decides now and every move they may make with no finding (None once the game is over)."""
    state = engine.state
    if not engine.players:
        return None
    due = due_texts(state)
    if due:
        return Decision(TABLE, tuple(due), "the table")
    flow = state.flow
    if flow.over or phase_kind(state) == "table":
        return None
    player = flow.current
    moves = tuple(text for spec in engine.game.moves.values() if spec.actor != "table"
                  for text in legal_texts(state, spec, player, engine.refuser()))
    return Decision(player, moves, f"{player}'s turn")


def offer(engine: Table) -> Offer | None:
    """Return the moves `decision` lists, in its order, as an offer applied by `engine.play_offered`: each move as
    checked to list it (None for a derived move's result, applied as a claim), its text written when it is drawn."""
    state = engine.state
    if not engine.players:
        return None
    due, owed = _due_listing(state)
    if due:
        return _offer(engine, TABLE, due, owed)
    flow = state.flow
    kind = phase_kind(state)
    if flow.over or kind == "table":
        return None
    player = flow.current
    refuses = engine.refuser()
    listed: list[Listed] = []
    by_turn = kind != "together"  # (not "table": see above) the player to move is `player`
    game = engine.game
    rows = game.player_rows
    if rows is None:
        rows = game.player_rows = [(spec, _row(game, spec), spec.actor == "turn") for spec in game.moves.values()
                                   if spec.actor != "table"]
    for spec, row, turn_move in rows:
        if row.plain and SHORTCUTS and not spec.names_player:  # legal_plays, one generator fewer
            listed.extend([(None, play) for play in _plays(state, spec, player, "", refuses, row,
                                                           by_turn and turn_move)])
        else:
            listed.extend(legal_plays(state, spec, player, refuses))
    return _offer(engine, player, listed, owed)


Listed = tuple[str | None, Play | None]
"""A listed move: its text (None until asked: see Row.plain) and the move as checked (None for a derived result)."""


def _offer(engine: Table, actor: str, listed: list[Listed], owed: bool) -> Offer:
    """Return an offer of listed moves: the k-th written on demand, applied by the engine's `play_offered` (`owed`:
    a table move was due, in some way or none)."""
    play_offered = engine.play_offered
    return Offer(actor, len(listed), lambda k: _written(listed[k]),
                 lambda k, event: play_offered(listed[k][1], event, owed))


def _written(listed: Listed) -> str:
    """Return a listed move's text (written now when it was listed without it)."""
    text, play = listed
    if text is not None:
        return text
    return play_text(play) if play is not None else ""  # (a derived result is always listed with its text)


def first_due_text(engine: Table) -> str | None:
    """Return the first due table move (as text), or None."""
    texts = due_texts(engine.state, first_only=True)
    return texts[0] if texts else None


def due_texts(state: State, first_only: bool = False) -> list[str]:
    """Return the table's due moves: a derived move's result, else every legal way of making it.

    After the end the table owes only what decides the result (derived moves).
    """
    return [_written(listed) for listed in due_moves(state, first_only)]


def due_moves(state: State, first_only: bool = False) -> list[Listed]:
    """Return the table's due moves in `due_texts`' order (each text once): each with the move checked to list it
    (None for a derived move's result: a claim `apply` compares). The moves of a row whose texts cannot be another
    move's (Row.plain, the only row of its verb) are listed without their texts."""
    return _due_listing(state, first_only)[0]


def _due_listing(state: State, first_only: bool = False) -> tuple[list[Listed], bool]:
    """Return the table's due moves (see due_moves), and whether any table move is due (even with no legal way of
    making it)."""
    owed = False
    found: list[Listed] = []
    seen: set[str] = set()
    over = state.flow.over
    game = state.game
    for spec, targets in due_now(state, derived_only=over):  # after the end only derived moves are owed
        if not targets:
            continue
        row = _row(game, spec)
        for target in targets:
            owed = True
            if spec.derived:
                _add(found, seen, play_text(referee_play(state, spec, target)), None)
            elif row.plain and row.own_verb and SHORTCUTS:
                found.extend((None, play) for play in _plays(state, spec, TABLE, target, None, row))
            else:
                for play in _plays(state, spec, TABLE, target, None, row):
                    _add(found, seen, play_text(play), play)
            if first_only and found:
                return found[:1], owed
    return found, owed


def _add(found: list[Listed], seen: set[str], text: str, play: Play | None) -> None:
    """List a move unless a move of the same text is listed already."""
    if text not in seen:
        seen.add(text)
        found.append((text, play))


def legal_texts(state: State, spec: MoveSpec, actor: str,
                refuses: Callable[[Play], bool] | None = None) -> Iterator[str]:
    """Yield each legal move of a row for a player (once per distinct text; none a hook refuses)."""
    return (_written(listed) for listed in legal_plays(state, spec, actor, refuses))


def legal_plays(state: State, spec: MoveSpec, actor: str,
                refuses: Callable[[Play], bool] | None = None) -> Iterator[tuple[str | None, Play]]:
    """Yield each legal move of a row for a player with its text (the first move of each distinct text; none a
    hook refuses); each move as checked, noting what it pays and changes. A row whose moves' texts all differ
    (Row.plain) yields them without their texts (None)."""
    targets = state.players if spec.names_player else ("",)
    row = _row(state.game, spec)
    if row.plain and SHORTCUTS:
        for target in targets:
            yield from ((None, play) for play in _plays(state, spec, actor, target, refuses, row))
        return
    seen: set[str] = set()
    for target in targets:
        for play in _plays(state, spec, actor, target, refuses, row):
            text = play_text(play)
            if text not in seen:
                seen.add(text)
                yield text, play


def _plays(state: State, spec: MoveSpec, actor: str, target: str, refuses: Callable[[Play], bool] | None = None,
           row: Row | None = None, mover_known: bool = False) -> Iterator[Play]:
    """Yield a row's candidate moves that the referee accepts (who moves and the turn's limits are
    checked once for the row; `mover_known`: see checks.row_allowed)."""
    due_now = actor == TABLE
    if not row_allowed(state, spec, actor, target, due_now, mover_known and SHORTCUTS):
        return
    bounds: Bounds = ()
    led = False
    if spec.condition_leads and spec.quiet and not spec.dice and SHORTCUTS:
        gate = _gate(state, spec, target or (state.flow.current if due_now else actor))
        if gate is None:
            return  # a leading part of the condition fails for every move of the row
        bounds, led = gate
    row = row or _row(state.game, spec)
    if row.single and SHORTCUTS:
        yield from _single_plays(state, spec, actor, target, refuses, led)
        return
    offered = 0
    verdicts: dict[tuple, tuple[bool, int | None, list | None]] | None = {} if spec.card_free else None
    for play in _candidates(state, spec, actor, target, row, bounds):
        if offered >= MAX_OFFERS:
            return
        if row.unchecked and SHORTCUTS:
            play.paid, play.changes, wrong = 0, [], False  # what `check` finds and notes on such a move
        elif row.placed and SHORTCUTS and (len(play.comps) < 2 or len(spec.sources) == 1):
            wrong = (check_condition(state, play, led) if row.bare else
                     bool(check_rest(state, play, 0, quick=True, led=led))) if verdicts is None else \
                _same_verdict(state, play, verdicts, placed=True, led=led)
        else:
            wrong = check(state, play, 0, due_now=due_now, settled=True, quick=True) if verdicts is None else \
                _same_verdict(state, play, verdicts, led=led)
        if not wrong and (refuses is None or not refuses(play)):
            offered += 1
            yield play


def _single_plays(state: State, spec: MoveSpec, actor: str, target: str, refuses: Callable[[Play], bool] | None,
                  led: bool) -> Iterator[Play]:
    """Yield the moves of a Row.single row that its condition allows, as _plays does through _candidates and
    check_condition, in one loop: its one roll or one move, or each design its zones hold (a condition reading no
    component asked once for them all, as _same_verdict does); only the rest of a led condition (see _gate)."""
    turn = state.flow.current
    condition = spec.condition_rest if led and spec.condition_rest is not None else spec.condition
    if not spec.takes_component:  # one roll, or the row's one move
        play = Play(spec, actor, target, [], turn=turn)
        if spec.dice:
            play.faces = tuple(state.rng.choice(state.game.dice[d]) for d in spec.dice)  # chance: one roll offered
        play.paid = 0
        if condition is not None and _fails(state, play, condition, None):
            return
        play.changes = []
        if refuses is None or not refuses(play):
            yield play
        return
    mover = target or (turn if actor == TABLE else actor)
    sets, seen, offered = spec.sets, set(), 0
    verdict: bool | None = None  # a condition reading no component: asked for the first design only
    for name in spec.sources:
        for comp, _ in state.zone(name, mover).items:
            key = comp.key
            if key in seen or comp.set not in sets:
                continue
            seen.add(key)
            if offered >= MAX_OFFERS:
                return
            play = Play(spec, actor, target, [comp], turn=turn)
            play.paid = 0
            if condition is not None:
                wrong = verdict if verdict is not None else _fails(state, play, condition, comp)
                if spec.card_free:
                    verdict = wrong
                if wrong:
                    continue
            play.changes = []
            if refuses is None or not refuses(play):
                offered += 1
                yield play


def _fails(state: State, play: Play, condition: Callable[[Any], Any], comp: Comp | None) -> bool:
    """Return True when a move's condition does not hold for it, or may not (what checks._condition finds, quick)."""
    ctx = Ctx(state, play.mover, comp, None, play)
    try:
        return not condition(ctx) or ctx.uncertain
    except Unknown:
        return True


Bounds = tuple[tuple[Callable[[Any, Any], Any], Any, bool], ...]
"""The `amount OP value` parts leading a row's condition, their other sides worked out: (test, value, amount first)."""
_UNASKED: tuple[Bounds, bool] = ((), False)


def _gate(state: State, spec: MoveSpec, mover: str) -> tuple[Bounds, bool] | None:
    """Ask the leading parts of a row's condition that read nothing of the move once for all its moves (see
    buildmoves.condition_leads): None when one of them fails (no move of the row holds), else the `amount OP value`
    parts with their values, and whether each move's check may skip the leading parts that read nothing of the move
    (they held, certain, spending nothing of an evaluation's budget: asked again with the same table and player,
    they would hold the same way, so only MoveSpec.condition_rest is asked). When one cannot be asked plainly
    (hidden components, an error, a value too large) the moves are checked one by one, as always (no bounds).

    Each move's condition asks its leading parts first, in order, with the same table and player: a part that
    fails fails every move, and an `amount` part decides on the number alone. A row is refused this way only when
    checking its moves can raise nothing else (MoveSpec.quiet), so its moves' verdicts are the same."""
    ctx = Ctx(state, mover)
    bounds = []
    try:
        for lead in spec.condition_leads:
            if lead.test is None:
                if not lead.fn(ctx):
                    return None if not ctx.uncertain else _UNASKED
            else:
                bounds.append((lead.test, lead.fn(ctx), lead.amount_first))
    except Exception:  # noqa: BLE001  # hidden components, a value too large: each move's check says it, as always
        return _UNASKED
    return _UNASKED if ctx.uncertain else (tuple(bounds), ctx.budget[0] == STEP_LIMIT)


def _bounded(amount: int, bounds: Bounds) -> bool:
    """Return True unless a leading `amount OP value` part of the condition fails for this number (a comparison that
    raises leaves it to the move's check)."""
    for test, value, amount_first in bounds:
        try:
            if not (test(amount, value) if amount_first else test(value, amount)):
                return False
        except Exception:  # noqa: BLE001  # the move's check raises it, as always
            return True
    return True


class Row(NamedTuple):
    """What listing a row's moves needs to know of it, worked out once."""

    numbered: bool
    """The move's phrase needs a number (see _states_number)."""
    dests: tuple[str | None, ...]
    """The zones a move names to put into (None: the row's one zone, not named)."""
    unchecked: bool
    """Nothing `check` looks at after who moves and the turn's limits can find a move of the row wrong (see
    _unchecked)."""
    placed: bool
    """`check` finds nothing wrong with where a listed move's components come from or go (see _placed)."""
    cells: bool
    """A move names the grid cell it puts its component on."""
    plain: bool
    """Two moves the row lists are never written alike (see _plain): their texts need not be compared."""
    own_verb: bool
    """No other row has the row's verb (a move of another row is never written like one of this row's)."""
    bare: bool
    """A move of the row pays, gains, states and passes nothing, and puts into no zone with a capacity: check_rest
    finds its condition alone wrong (checks.check_condition; see _bare)."""
    single: bool
    """A row naming no zone to put into that is unchecked (its one move), or bare, without `where`, its move one roll
    naming no component or one component from where it is, naming no number or cell: listed by _single_plays."""


def _row(game: Game, spec: MoveSpec) -> Row:
    """Return what listing a row's moves needs to know of it (worked out on first use, kept on the row)."""
    row = spec.listing
    if row is None:
        row = spec.listing = Row(_states_number(spec), spec.dests if len(spec.dests) > 1 else (None,),
                                 _unchecked(game, spec), _placed(spec),
                                 spec.takes_component and any(game.zones[z].grid for z in _dest_zones(spec)),
                                 _plain(game, spec), sum(other.verb == spec.verb for other in game.moves.values()) == 1,
                                 _bare(game, spec), False)
        single = row.dests == (None,) and (row.unchecked or row.bare and row.placed and not row.numbered and
                                           not row.cells and ((bool(spec.dice) and not spec.takes_component) or
                                                              (not spec.dice and spec.takes_component and
                                                               spec.count == (1, 1))))
        row = spec.listing = row._replace(single=single)
    return row


def _bare(game: Game, spec: MoveSpec) -> bool:
    """Return True when check_rest can find nothing but the condition wrong with a move of the row: no cost, amount,
    `to player`, payment or gain (it pays 0 and changes no counter), and no zone it may put into has a capacity."""
    return spec.cost is None and spec.amount is None and spec.to_player is None and spec.pay is None and \
        not spec.gains and not spec.sets_gain and all(game.zones[z].capacity is None for z in _dest_zones(spec))


def _dest_zones(spec: MoveSpec) -> list[str]:
    """Return the zones a move of the row may put into."""
    return [zone for zone in spec.dests + ((spec.dest,) if spec.dest else ()) if zone]


def _plain(game: Game, spec: MoveSpec) -> bool:
    """Return True when two moves the row lists are never written alike: it is written `verb [player] components
    [cell] [number]` (no phrase), names no zone to put into (one `to`), writes the player of a move naming one
    (no dice rolled for a player), and no two components of its sets are written alike."""
    names = [comp.name.replace(" ", "-") for comp in game.comps.values() if comp.set in spec.sets]
    return not spec.phrase and len(spec.dests) <= 1 and not (spec.dice and spec.names_player) and \
        len(set(names)) == len(names)


def _placed(spec: MoveSpec) -> bool:
    """Return True when `check` can find nothing wrong with the components of a listed move of this row that names
    at most one component or takes from one zone (`check_components` finds nothing): the row has no `where`, and
    the listing names only components held in the zones it takes from (as many copies as one zone holds when it
    takes from one zone; one copy, held in one of them, else) and only free cells."""
    return spec.where is None


def _unchecked(game: Game, spec: MoveSpec) -> bool:
    """Return True when `check` can find nothing wrong with a listed move of a row that who moves and the turn's
    limits allow: it names no component (so no cell either), rolls no dice, states no number, and has no condition,
    cost, amount, `to player`, payment, gain or zone capacity to check. It pays 0 and changes no counter."""
    zones = _dest_zones(spec)
    return not spec.takes_component and not spec.dice and not _states_number(spec) and spec.condition is None \
        and spec.cost is None and spec.amount is None and spec.to_player is None and spec.pay is None \
        and not spec.gains and not spec.sets_gain and all(game.zones[z].capacity is None for z in zones)


def _same_verdict(state: State, play: Play, verdicts: dict[tuple, tuple[bool, int | None, list | None]],
                  placed: bool = False, led: bool = False) -> bool:
    """Return True when `check` finds a move wrong, for a row whose condition, cost, gains and amount read nothing
    of its components: what they give is worked out once for every move naming as many components, to the same
    zone, cell and amount (and noted on each move, as `check` does). `placed`: the move's components are known to
    be where it takes them from, and its cell free (see Row.placed)."""
    if not placed and check_components(state, play):
        return True
    key = (play.dest, play.cell, play.amount, len(play.comps), play.hidden)
    known = verdicts.get(key)
    if known is None:
        wrong = check_condition(state, play, led) if _row(state.game, play.spec).bare and SHORTCUTS else \
            bool(check_rest(state, play, 0, quick=True, led=led))
        known = verdicts[key] = (wrong, play.paid, play.changes)
    else:
        play.paid, play.changes = known[1], known[2]
    return known[0]


def _candidates(state: State, spec: MoveSpec, actor: str, target: str, row: Row,
                bounds: Bounds = ()) -> Iterator[Play]:
    """Yield each distinct move of a row: components, zones, cells and numbers it may name (none of a number whose
    `bounds` fail: see _gate)."""
    turn = state.flow.current
    if spec.dice:
        base = Play(spec, actor, target, turn=turn)
        base.faces = tuple(state.rng.choice(state.game.dice[d]) for d in spec.dice)  # chance: one roll offered
        yield base
        return
    mover = target or (turn if actor == TABLE else actor)  # Play.mover
    if not row.numbered and not row.cells and row.dests == (None,):  # one move per choice of components
        if not spec.takes_component:
            yield Play(spec, actor, target, [], turn=turn)  # no component to choose: the one move of the row
            return
        for comps in _component_choices(state, spec, mover):
            yield Play(spec, actor, target, list(comps), turn=turn)
        return
    for comps in _component_choices(state, spec, mover):
        for dest in row.dests:
            for cell in _cells(state, spec, mover, dest):
                play = Play(spec, actor, target, list(comps), turn=turn, dest=dest, cell=cell)
                if not row.numbered:
                    yield play  # the move states no number: it is the move offered
                    continue
                amounts = list(_amounts(state, play, bounds))
                if amounts == [None]:
                    yield play  # the move states no number: it is the move offered
                    continue
                for amount in amounts:
                    yield Play(spec, actor, target, list(comps), turn=turn, dest=dest, cell=cell, amount=amount)


def _component_choices(state: State, spec: MoveSpec, mover: str) -> Iterator[tuple[Comp, ...]]:
    """Yield the components a move may name: one design, or combinations of designs for several."""
    if not spec.takes_component:
        yield ()
        return
    if spec.count == (1, 1):  # one component: each design held, in the order first held (as below)
        seen: set[str] = set()
        for name in spec.sources:
            for comp, _ in state.zone(name, mover).items:
                if comp.key not in seen and comp.set in spec.sets:
                    seen.add(comp.key)
                    yield (comp,)
        return
    held: dict[str, tuple[Comp, int]] = {}
    for name in spec.sources:
        for comp, _ in state.zone(name, mover).items:
            if comp.set in spec.sets:
                held[comp.key] = (comp, held.get(comp.key, (comp, 0))[1] + 1)
    low, high = spec.count
    top = min(high if high is not None else low + 2, low + 2, sum(n for _, n in held.values()))
    designs = [comp for comp, _ in held.values()]
    for size in range(max(low, 1), top + 1):
        if size == 1:  # one component: each design held (the combinations of one, in the same order)
            yield from ((comp,) for comp in designs)
            continue
        for combo in itertools.combinations_with_replacement(designs, size):
            keys = [c.key for c in combo]
            if all(keys.count(key) <= held[key][1] for key in set(keys)):
                yield combo


def _cells(state: State, spec: MoveSpec, mover: str, dest: str | None) -> Iterator[tuple[int, int] | None]:
    """Yield the grid cells a move may put its component on: free cells next to placed ones (the centre first)."""
    zone_name = dest or spec.dest
    grid = state.game.zones[zone_name].grid if zone_name else ""
    if not grid or not spec.takes_component:
        yield None
        return
    cells = state.zone(zone_name, mover).cells
    if not cells:
        yield (0, 0)
        return
    steps = _NEIGHBOURS if grid == "hex" else _NEIGHBOURS[:4]
    free = {(x + dx, y + dy) for x, y in cells for dx, dy in steps} - set(cells)
    yield from sorted(free)


def _states_number(spec: MoveSpec) -> bool:
    """Return True when a move's phrase needs a number (one it may leave out, in brackets, needs none)."""
    number = next((part for part in spec.phrase if part.kind == "number"), None)
    return number is not None and not number.group


def _amounts(state: State, play: Play, bounds: Bounds = ()) -> Iterator[int | None]:
    """Yield the numbers a move may state: none when its phrase lets it leave the number out, what its cost or
    `amount` says when the phrase needs one, else a player's choice (a bid: those the condition's leading `amount`
    parts allow, when `bounds` are given)."""
    spec = play.spec
    number = next((part for part in spec.phrase if part.kind == "number"), None)
    if number is None or number.group:
        yield None
        return
    rule = spec.amount if spec.amount is not None else spec.cost
    if rule is None:
        yield from (n for n in AMOUNTS if _bounded(n, bounds)) if bounds else AMOUNTS
        return
    try:
        yield int(as_number(rule(Ctx(state, play.mover, play.comp, None, play))))
    except (Unknown, TooLarge):
        return
