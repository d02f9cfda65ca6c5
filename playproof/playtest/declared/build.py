"""Rules sheets checked and compiled into a Game: every problem collected with its sheet and cell."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from playproof.components.model import ComponentSet, Workbook
from playproof.errors import Problems
from playproof.playtest.declared.buildmoves import MovesBuilder
from playproof.playtest.declared.cells import compiled, expression, template
from playproof.playtest.declared.expr import Compiled, Fn, Names, memoized
from playproof.playtest.declared.expr_values import MAX_VALUE_DEPTH, Sharing, expansion
from playproof.playtest.declared.model import Comp, CounterSpec, Game, PhaseSpec, TurnSpec, ZoneSpec
from playproof.playtest.declared.rules import rule_index
from playproof.playtest.declared.sheets import (TURN_CHOICES, TURN_KEYS, RawRow, canonical, choice, component_sets,
                                                did_you_mean, name_key, read_rules, whole)


MAX_PLAYERS = 100
"""The most players a declared game may be for."""
INLINE = True
"""Named values reached once by an expression are called directly, not through memoized() (see
expr_values.inlined_reads). Tests compare with and without."""
WATCHED = ("end", "end now", "win", "lose")
"""Turn-sheet conditions checked after every move whose answers are kept while what they read is unchanged."""


def build_game(workbook: Workbook, game_id: str, problems: Problems) -> Game:
    """Check every rules sheet and compile the game (partial when problems were recorded)."""
    rows = read_rules(workbook, problems)
    sets = component_sets(workbook)
    comps = components(sets, problems)
    counter_rows = [r for r in rows["Counters"] if r.text("counter")]
    names = Names({r.text("zone"): choice(r, "owner", Problems()) == "player" for r in rows["Zones"] if r.text("zone")},
                  {r.text("counter"): choice(r, "owner", Problems()) != "shared" for r in counter_rows},
                  fields={"set"} | {f for cset in sets.values() for f in cset.columns if f != "count"})
    compiled_values: dict[str, Compiled] = {}
    values = _values(rows["Values"], replace(names, card_dotted=True), problems, compiled_values)  # card.<field> too
    zones = {z.name: z for z in (_zone(r, names, problems) for r in rows["Zones"]) if z}
    counters = {c.name: c for c in (_counter(r, names, problems) for r in counter_rows) if c}
    turn = _turn(rows["Turn"], names, problems)
    turn.reads = {k: r for k, found in turn.reads.items() if (r := reads(found, compiled_values)) is not None}
    turn.part_reads = _part_reads(turn.alternatives, compiled_values)
    _phases(rows["Phases"], turn, names, problems)
    dice = _dice(rows["Dice"], problems)
    ctx = MovesBuilder(sets, zones, counters, names, turn, dice, problems)
    setup = [s for s in (ctx.setup_row(r) for r in rows["Setup"]) if s]
    moves = ctx.moves(rows["Moves"])
    for spec in moves.values():
        spec.due_reads = reads(spec.due_compiled, compiled_values) if spec.due_compiled is not None else None
        spec.card_free = all((read := reads(c, compiled_values)) is not None and "move" not in read[2]
                             for c in spec.checked)
    scoring = [(r.text("part"), f) for r in rows["Scoring"] if (f := expression(r, "expression", names, problems))]
    title = str(workbook.info.get("name") or game_id)
    game = Game(game_id, title, comps, zones, counters, setup, moves, turn, scoring, values,
                rule_index(game_id, zones, counters, moves, turn, rows), str(workbook.info.get("components") or ""))
    game.dice = dice
    game.aliases = aliases(comps)
    return game


def components(sets: dict[str, ComponentSet], problems: Problems) -> dict[str, Comp]:
    """Return every component design by key (its `name`, else its first column; also each of its `alias`es).

    Every component also has the field `set` (its sheet's name) unless a column says otherwise.
    """
    found: dict[str, Comp] = {}
    for cset in sets.values():
        label = "name" if "name" in cset.columns else (cset.columns[0] if cset.columns else "")
        for row in cset.rows:
            name = row.fields.get(label)
            if name is None:
                continue
            key = name_key(name)
            if key in found and found[key].set != cset.name:
                problems.warn(cset.location(row.row, label), f'"{name}" is also a component of "{found[key].set}"; '
                              "logs name the first")
                continue
            fields = {"set": cset.name, **{k: _number(v) for k, v in row.fields.items()}}
            old = found.get(key)
            count = row.count + (old.count if old else 0)
            found[key] = Comp(key, str(name), cset.name, fields, count)
    return found


def aliases(comps: dict[str, Comp]) -> dict[str, str]:
    """Return the other names a component is known by in logs (its `alias` column, comma separated) -> its key."""
    found: dict[str, str] = {}
    for key, comp in comps.items():
        for alias in str(comp.fields.get("alias") or "").split(","):
            if alias.strip() and name_key(alias) not in comps:
                found.setdefault(name_key(alias), key)
    return found


def _number(value: Any) -> Any:
    """Return numeric text as a number so expressions can add it."""
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


def _zone(row: RawRow, names: Names, problems: Problems) -> ZoneSpec | None:
    """Read a Zones row."""
    name = row.text("zone")
    if not name:
        return None
    capacity = whole(row, "capacity", problems)
    if capacity is not None and capacity < 0:
        problems.error(row.where("capacity"), f"{row.cell('capacity')}: a capacity is 0 or more, not {capacity}")
        capacity = None
    grid = choice(row, "grid", problems)
    return ZoneSpec(name, choice(row, "owner", problems) == "player", choice(row, "visibility", problems),
                    choice(row, "order", problems), capacity, row.origin, "" if grid == "none" else grid,
                    template(row, "message", names, problems))


def _counter(row: RawRow, names: Names, problems: Problems) -> CounterSpec | None:
    """Read a Counters row: its start may be a number, a number per seat (`2, 3, 4`) or an expression."""
    name = row.text("counter")
    low, high = whole(row, "min", problems), whole(row, "max", problems)
    start = _start(row, names, problems)
    constant = row.values.get("start")
    if isinstance(constant, str) and constant.strip().lstrip("-").isdigit():
        constant = int(constant)
    if isinstance(constant, int) and ((low is not None and constant < low) or (high is not None and constant > high)):
        problems.error(row.where("start"), f"{row.cell('start')}: {name} starts at {constant}, outside its range")
    if low is not None and high is not None and low > high:
        problems.error(row.where("max"), f"{row.cell('max')}: max {high} is below min {low}")
    return CounterSpec(name, choice(row, "owner", problems) == "player", start, low, high,
                       choice(row, "reset", problems), row.origin, choice(row, "internal", problems) == "yes",
                       template(row, "message", names, problems))


def _start(row: RawRow, names: Names, problems: Problems) -> Fn:
    """Return a counter's start for a player: a constant, a value per seat, or an expression."""
    value = row.values.get("start")
    if value is None or (isinstance(value, str) and not value.strip()):
        return lambda c: 0
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return lambda c, v=value: v
    text = str(value).strip()
    pieces = [p.strip() for p in text.split(",")]
    if len(pieces) > 1 and all(p.lstrip("-").isdigit() for p in pieces):
        by_seat = tuple(int(p) for p in pieces)
        return lambda c: by_seat[min(len(by_seat), max(1, c.variable("seat"))) - 1]
    if text.lstrip("-").isdigit():
        return lambda c, v=int(text): v
    return expression(row, "start", names, problems) or (lambda c: 0)


def _values(rows: list[RawRow], names: Names, problems: Problems,
            compiled_values: dict[str, Compiled] | None = None) -> dict[str, Fn]:
    """Compile named values (each may use the others); a cycle among them is an error on each of its rows."""
    table: dict[str, Fn] = {}
    sharing: dict[str, Sharing] = {}  # the values whose answers are kept while the table is unchanged
    for row in rows:
        name = row.text("name")
        if name:
            names.values[name] = memoized(name, table, sharing)  # table[name] is filled below
    graph: dict[str, set[str]] = {}
    by_name = {r.text("name"): r for r in rows if r.text("name")}
    for name, row in by_name.items():
        found = compiled(row, "expression", names, problems)
        table[name] = found.fn if found else (lambda c: 0)
        if found is not None and compiled_values is not None:
            compiled_values[name] = found
        graph[name] = found.values if found else set()
    cyclic = _cyclic(graph)
    for name in sorted(cyclic):
        row = by_name[name]
        problems.error(row.where("expression"), f"{row.cell('expression')}: value \"{name}\" refers to itself "
                       "through other values (a cycle)")
        table[name] = lambda c: 0
    if compiled_values is not None and not cyclic:
        sharing.update(_steady_values(compiled_values))
        names.value_reads.update({name: read[2] for name, found in compiled_values.items()
                                  if (read := reads(found, compiled_values)) is not None})
        if INLINE:
            _inline_values(by_name, names, table, compiled_values)
    return table


def _inline_values(rows: dict[str, RawRow], names: Names, table: dict[str, Fn],
                   compiled_values: dict[str, Compiled]) -> None:
    """Compile the values again, each after those it reads, calling directly the ones reached once (see
    expr_values.inlined_reads); every expression compiled afterwards does the same. Values read inside one another
    MAX_VALUE_DEPTH deep or more keep memoized() (which stops them with TooLarge)."""
    order = _dependency_order({name: set(found.value_counts) for name, found in compiled_values.items()})
    if order is None:
        return
    expansions = names.expansions
    for name in order:
        found = compiled_values[name]
        expansions[name] = {**expansion(found.value_counts, expansions), name: 1}
    if max(_heights(order, compiled_values).values(), default=0) >= MAX_VALUE_DEPTH:
        expansions.clear()
        return
    for name in order:
        found = compiled_values[name]
        if found.value_counts:
            again = compiled(rows[name], "expression", names, Problems())
            if again is not None:
                table[name], compiled_values[name] = again.fn, again
        if all(n == 1 for n in expansions[name].values()):  # each value it reaches, once: it may be called directly
            names.inline[name] = table[name]


def _dependency_order(graph: dict[str, set[str]]) -> list[str] | None:
    """Return the names in an order where each comes after those it reads (None when one reads an unknown name)."""
    order: list[str] = []
    done: set[str] = set()
    for start in graph:
        stack = [(start, iter(sorted(graph[start])))]
        while stack:
            name, todo = stack[-1]
            nxt = next((n for n in todo if n not in done), None)
            if nxt is None:
                stack.pop()
                if name not in done:
                    done.add(name)
                    order.append(name)
            elif nxt not in graph:
                return None
            else:
                stack.append((nxt, iter(sorted(graph[nxt]))))
    return order


def _heights(order: list[str], compiled_values: dict[str, Compiled]) -> dict[str, int]:
    """Return how many values deep each value's evaluation may go (itself included)."""
    heights: dict[str, int] = {}
    for name in order:
        heights[name] = 1 + max((heights[n] for n in compiled_values[name].value_counts), default=0)
    return heights


MOVE_VARIABLES = frozenset(("move", "amount", "target", "x", "y"))
"""What a value reads of the move it is evaluated for (its card, zones, cell, the number and player it names)."""


def _steady_values(compiled_values: dict[str, Compiled]) -> dict[str, Sharing]:
    """Return the values that read nothing of a move, each with the changing variables it reads and whether it
    depends on whom it is evaluated for (see memoized)."""
    found: dict[str, Sharing] = {}
    for name, value in compiled_values.items():
        read = reads(value, compiled_values)
        if read is not None and not read[2] & MOVE_VARIABLES:
            found[name] = (tuple(sorted(read[2] - {"player"})), "player" in read[2])
    return found


def reads(found: Compiled, values: dict[str, Compiled]) -> tuple[frozenset[str], frozenset[str], frozenset[str]] | None:
    """Return what an expression reads, through the values it names: zones, counters and changing variables
    (None when a value it names is unknown, so nothing can be assumed). `player` is among the variables when the
    answer depends on whom it is evaluated for: a value read only inside an aggregate over `players` is read for
    each player in turn, so its own `player` does not count (`max(players, north_mine)`)."""
    zones, counters, variables = set(found.zones), set(found.counters), set(found.reads)
    todo = [(name, name not in found.values_for_all) for name in found.values]
    seen: set[tuple[str, bool]] = set()
    while todo:
        name, own = todo.pop()
        if (name, own) in seen:
            continue
        seen.add((name, own))
        value = values.get(name)
        if value is None:
            return None
        zones |= value.zones
        counters |= value.counters
        variables |= value.reads if own else value.reads - {"player"}
        todo.extend((n, own and n not in value.values_for_all) for n in value.values)
    return frozenset(zones), frozenset(counters), frozenset(variables)


def _tiebreaks(row: RawRow, names: Names, problems: Problems) -> tuple[Fn, ...]:
    """Return a tie-break list (`;` between steps, or `then`): the first step that separates tied players decides."""
    text = row.text("value")
    steps, offset = [], 0
    for piece in text.replace(" then ", ";    ").split(";"):
        if piece.strip():
            found = compiled(row, "value", names, problems, piece, offset)
            if found:
                steps.append(found.fn)
        offset += len(piece) + 1
    return tuple(steps)


def _phases(rows: list[RawRow], turn: TurnSpec, expr_names: Names, problems: Problems) -> None:
    """Read the Phases sheet: phases of a turn (added to the Turn sheet's) and of a round, in order (an `each` round
    phase with `until` goes on lap after lap until it holds)."""
    names: set[str] = set(turn.phases)
    round_phases = []
    for row in rows:
        name = row.text("phase").lower()
        if not name:
            continue
        if name in names:
            problems.error(row.where("phase"), f'{row.cell("phase")}: phase "{name}" is declared twice')
            continue
        names.add(name)
        of, who = choice(row, "of", problems), choice(row, "who", problems)
        until = expression(row, "until", expr_names, problems)
        if until is not None and (of != "round" or who != "each"):
            problems.error(row.where("until"), f"{row.cell('until')}: `until` is for a round phase played `each` "
                           "(lap after lap until it holds)")
        if of == "round":
            round_phases.append(PhaseSpec(name, "round", who, row.origin, until))
        else:
            turn.phases = turn.phases + (name,)
    turn.round_phases = tuple(round_phases)


def _dice(rows: list[RawRow], problems: Problems) -> dict[str, tuple]:
    """Read the Dice sheet: each die's faces (`1-6`, or faces separated by commas)."""
    found: dict[str, tuple] = {}
    for row in rows:
        name = row.text("die")
        if not name:
            continue
        faces = _faces(row.text("faces"))
        if not faces:
            problems.error(row.where("faces"), f'{row.cell("faces")}: die "{name}" has no faces (write 1-6, or '
                           "faces separated by commas)")
        elif name.lower() in found:
            problems.error(row.where("die"), f'{row.cell("die")}: die "{name}" is declared twice')
        else:
            found[name.lower()] = faces
    return found


def _faces(text: str) -> tuple:
    """Return a die's faces: `1-6` is 1 to 6; else each comma-separated face (numbers as numbers)."""
    low, dash, high = text.replace(" ", "").partition("-")
    if dash and low.isdigit() and high.isdigit() and int(low) <= int(high) and int(high) - int(low) < 1000:
        return tuple(range(int(low), int(high) + 1))
    faces = [f.strip() for f in text.split(",") if f.strip()]
    return tuple(int(f) if f.lstrip("-").isdigit() and len(f) < 16 else f for f in faces)


def _cyclic(graph: dict[str, set[str]]) -> set[str]:
    """Return the names that reach themselves in a reference graph."""
    cyclic = set()
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            name = todo.pop()
            if name == start:
                cyclic.add(start)
                break
            if name not in seen:
                seen.add(name)
                todo.extend(graph.get(name, ()))
    return cyclic


def _turn(rows: list[RawRow], names: Names, problems: Problems) -> TurnSpec:
    """Read the Turn sheet's key/value rows."""
    turn = TurnSpec()
    for row in rows:
        key = canonical(row.text("key"))
        if not key:
            continue
        if key not in TURN_KEYS:
            problems.error(row.where("key"), f'{row.cell("key")}: unknown key "{row.text("key")}"'
                           f"{did_you_mean(key, TURN_KEYS)} (keys: {', '.join(TURN_KEYS)})")
            continue
        turn.origins[key] = row.origin
        _turn_key(turn, key, row, names, problems)
    return turn


def _turn_key(turn: TurnSpec, key: str, row: RawRow, names: Names, problems: Problems) -> None:
    """Set one key of the turn structure from its row."""
    text = row.text("value")
    if key == "players":
        low, _, high = text.replace(" ", "").partition("-")
        if not low.isdigit() or (high and not high.isdigit()) or len(low + high) > 4 or \
                int(high or low) < int(low) or int(low) < 1 or int(high or low) > MAX_PLAYERS:
            problems.error(row.where("value"), f'{row.cell("value")}: players "{text}" is not like 2-4 or 3 '
                           f"(at most {MAX_PLAYERS})")
            return
        turn.min_players, turn.max_players = int(low), int(high or low)
    elif key in ("actions", "turns each"):
        number = whole(row, "value", problems)
        if number is not None and number < (0 if key == "actions" else 1):
            problems.error(row.where("value"), f'{row.cell("value")}: {key} cannot be {number}')
        elif key == "actions":
            turn.actions = number
        else:
            turn.turns_each = number or 1
    elif key == "tiebreak":
        turn.tiebreak = _tiebreaks(row, names, problems)
    elif key == "options":
        for part in (p for p in text.split(";") if p.strip()):
            name, _, what = part.partition(":")
            turn.options[name.strip()] = what.strip() or "a variant option of the rules sheets"
    elif key in TURN_CHOICES:
        words = TURN_CHOICES[key]
        if text.lower() not in words:
            problems.error(row.where("value"), f'{row.cell("value")}: "{text}" is not one of {", ".join(words)}')
        elif key == "cooperative":
            turn.cooperative = text.lower() == "yes"
        else:
            setattr(turn, key.replace(" ", "_"), text.lower())
    elif key == "phases":
        turn.phases = tuple(p.strip().lower() for p in text.split(",") if p.strip())
    else:
        found = compiled(row, "value", names, problems)
        setattr(turn, key.replace(" ", "_"), found.fn if found else None)
        if found is not None and key in WATCHED:
            turn.reads[key] = found
            turn.alternatives[key] = _alternatives(found, row, names)


def _alternatives(found: Compiled, row: RawRow, names: Names) -> tuple[Compiled, ...]:
    """Return the top-level `or` parts of a condition, each compiled on its own (none when it is no `or`, or a
    part does not compile alone)."""
    root = found.conjuncts[0] if len(found.conjuncts) == 1 else None
    if root is None or root.kind != "or":
        return ()
    parts = tuple(compiled(row, "value", names, Problems(), part.text) for part in root.alternatives)
    return tuple(p for p in parts if p is not None) if all(parts) else ()


def _part_reads(alternatives: dict[str, tuple[Compiled, ...]],
                values: dict[str, Compiled]) -> dict[str, tuple[tuple[Fn, Any], ...]]:
    """Return each condition's `or` parts with what each reads, for the conditions whose every part's reads are
    known (see reads)."""
    found = {}
    for key, parts in alternatives.items():
        read = [reads(part, values) for part in parts]
        if parts and all(r is not None for r in read):
            found[key] = tuple((part.fn, r) for part, r in zip(parts, read))
    return found
