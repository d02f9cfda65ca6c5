"""Rules sheets checked and compiled into a Game: every problem collected with its sheet and cell."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from playproof.components.model import ComponentSet, Workbook
from playproof.errors import Problems
from playproof.playtest.declared.expr import Compiled, ExprError, Fn, Names, compile_expr
from playproof.playtest.declared.model import Comp, CounterSpec, Game, MoveSpec, SetupRow, TurnSpec, ZoneSpec
from playproof.playtest.declared.rules import rule_index
from playproof.playtest.declared.sheets import (TURN_CHOICES, TURN_KEYS, RawRow, canonical, choice, component_sets,
                                                did_you_mean, name_key, read_rules, whole)


def build_game(workbook: Workbook, game_id: str, problems: Problems) -> Game:
    """Check every rules sheet and compile the game (partial when problems were recorded)."""
    rows = read_rules(workbook, problems)
    sets = component_sets(workbook)
    comps = components(sets, problems)
    zones = {z.name: z for z in (_zone(r, problems) for r in rows["Zones"]) if z}
    counters = {c.name: c for c in (_counter(r, problems) for r in rows["Counters"]) if c}
    names = Names({z: s.per_player for z, s in zones.items()}, {c: s.per_player for c, s in counters.items()},
                  fields={f for cset in sets.values() for f in cset.columns if f != "count"})
    values = _values(rows["Values"], names, problems)
    turn = _turn(rows["Turn"], names, problems)
    ctx = _Build(sets, zones, counters, names, turn, problems)
    setup = [s for s in (ctx.setup_row(r) for r in rows["Setup"]) if s]
    moves = ctx.moves(rows["Moves"])
    scoring = [(r.text("part"), f) for r in rows["Scoring"] if (f := expression(r, "expression", names, problems))]
    title = str(workbook.info.get("name") or game_id)
    return Game(game_id, title, comps, zones, counters, setup, moves, turn, scoring, values,
                rule_index(game_id, zones, counters, moves, turn, rows), str(workbook.info.get("components") or ""))


def components(sets: dict[str, ComponentSet], problems: Problems) -> dict[str, Comp]:
    """Return every component design by key (its `name`, else its first column)."""
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
            fields = {k: _number(v) for k, v in row.fields.items()}
            old = found.get(key)
            count = row.count + (old.count if old else 0)
            found[key] = Comp(key, str(name), cset.name, fields, count)
    return found


def _number(value: Any) -> Any:
    """Return numeric text as a number so expressions can add it."""
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


def expression(row: RawRow, column: str, names: Names, problems: Problems, text: str | None = None,
               offset: int = 0) -> Fn | None:
    """Compile a cell's expression (None when empty or when it does not parse, which is recorded)."""
    found = compiled(row, column, names, problems, text, offset)
    return found.fn if found else None


def compiled(row: RawRow, column: str, names: Names, problems: Problems, text: str | None = None,
             offset: int = 0) -> Compiled | None:
    """Compile a cell's expression keeping what it refers to."""
    source = row.text(column) if text is None else text
    if not source.strip():
        return None
    try:
        return compile_expr(source, names)
    except ExprError as exc:
        problems.error(row.where(column), f"{row.cell(column)}, character {exc.col + offset}: {exc}")
        return None


def _zone(row: RawRow, problems: Problems) -> ZoneSpec | None:
    name = row.text("zone")
    if not name:
        return None
    return ZoneSpec(name, choice(row, "owner", problems) == "player", choice(row, "visibility", problems),
                    choice(row, "order", problems), whole(row, "capacity", problems), row.origin)


def _counter(row: RawRow, problems: Problems) -> CounterSpec | None:
    name = row.text("counter")
    if not name:
        return None
    low, high = whole(row, "min", problems), whole(row, "max", problems)
    start = whole(row, "start", problems) or 0
    if (low is not None and start < low) or (high is not None and start > high):
        problems.error(row.where("start"), f"{row.cell('start')}: {name} starts at {start}, outside its range")
    return CounterSpec(name, choice(row, "owner", problems) == "player", start, low, high,
                       choice(row, "reset", problems) == "turn", row.origin)


def _values(rows: list[RawRow], names: Names, problems: Problems) -> dict[str, Fn]:
    """Compile named values (each may use the others); a cycle among them is an error on each of its rows."""
    table: dict[str, Fn] = {}
    for row in rows:
        name = row.text("name")
        if name:
            names.values[name] = lambda c, n=name: table[n](c)
    graph: dict[str, set[str]] = {}
    by_name = {r.text("name"): r for r in rows if r.text("name")}
    for name, row in by_name.items():
        found = compiled(row, "expression", names, problems)
        table[name] = found.fn if found else (lambda c: 0)
        graph[name] = found.values if found else set()
    for name in sorted(_cyclic(graph)):
        row = by_name[name]
        problems.error(row.where("expression"), f"{row.cell('expression')}: value \"{name}\" refers to itself "
                       "through other values (a cycle)")
        table[name] = lambda c: 0
    return table


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
        if not low.isdigit() or (high and not high.isdigit()) or int(high or low) < int(low) or int(low) < 1:
            problems.error(row.where("value"), f'{row.cell("value")}: players "{text}" is not like 2-4 or 3')
            return
        turn.min_players, turn.max_players = int(low), int(high or low)
    elif key == "actions":
        turn.actions = whole(row, "value", problems)
    elif key in TURN_CHOICES:
        words = TURN_CHOICES[key]
        if text.lower() not in words:
            problems.error(row.where("value"), f'{row.cell("value")}: "{text}" is not one of {", ".join(words)}')
        else:
            setattr(turn, key.replace(" ", "_"), text.lower())
    elif key == "phases":
        turn.phases = tuple(p.strip().lower() for p in text.split(",") if p.strip())
    else:
        setattr(turn, key, expression(row, "value", names, problems))


class _Build:
    """What checking Setup and Moves rows needs: sets, zones, counters, names, turn, problems."""

    def __init__(self, sets: dict[str, ComponentSet], zones: dict[str, ZoneSpec],
                 counters: dict[str, CounterSpec], names: Names, turn: TurnSpec, problems: Problems) -> None:
        self.sets, self.zones, self.counters, self.names = sets, zones, counters, names
        self.turn, self.problems = turn, problems
        self.card_names = replace(names, card=True)

    def zone(self, row: RawRow, column: str) -> str | None:
        """Return a cell naming a zone (None when empty or unknown, which is recorded)."""
        name = row.text(column)
        if name and name not in self.zones:
            self.problems.error(row.where(column), f'{row.cell(column)}: unknown zone "{name}"'
                                f"{did_you_mean(name, self.zones)} (zones: {', '.join(self.zones) or 'none'})")
            return None
        return name or None

    def set_names(self, row: RawRow, column: str) -> tuple[str, ...]:
        """Return the component sets a cell names (comma separated; `any` for every set)."""
        found = []
        for name in (n.strip() for n in row.text(column).split(",")):
            if name.lower() == "any":
                found.extend(self.sets)
            elif name and name not in self.sets:
                self.problems.error(row.where(column), f'{row.cell(column)}: unknown set "{name}"'
                                    f"{did_you_mean(name, self.sets)} (sets: {', '.join(self.sets) or 'none'})")
            elif name:
                found.append(name)
        return tuple(found)

    def counter(self, row: RawRow, column: str, name: str) -> str | None:
        """Return a counter's name (None when unknown, which is recorded)."""
        if name not in self.counters:
            self.problems.error(row.where(column), f'{row.cell(column)}: unknown counter "{name}"'
                                f"{did_you_mean(name, self.counters)} (counters: {', '.join(self.counters) or 'none'})")
            return None
        return name

    def setup_row(self, row: RawRow) -> SetupRow | None:
        """Return a Setup row: a set's copies (matching `where`) put in a zone, `each` per player."""
        sets, zone = self.set_names(row, "set"), self.zone(row, "zone")
        where = expression(row, "where", self.card_names, self.problems)
        each = whole(row, "each", self.problems)
        if zone and each is not None and not self.zones[zone].per_player:
            self.problems.error(row.where("each"), f"{row.cell('each')}: \"each\" deals copies to every player, "
                                f'but zone "{zone}" is shared')
        if zone and each is None and self.zones[zone].per_player:
            self.problems.error(row.where("each"), f"{row.cell('each')}: zone \"{zone}\" is each player's; "
                                "say how many copies each player gets")
        if len(sets) != 1 or not zone:
            return None
        return SetupRow(sets[0], where, zone, each, row.origin)

    def moves(self, rows: list[RawRow]) -> dict[str, MoveSpec]:
        """Return the Moves rows by verb (a verb declared twice is an error)."""
        found: dict[str, MoveSpec] = {}
        for row in rows:
            verb = row.text("verb").lower()
            if not verb:
                continue
            if verb in found or verb in ("score", "winner"):
                self.problems.error(row.where("verb"), f'{row.cell("verb")}: verb "{verb}" is declared twice '
                                    "(score and winner are the table's claims)")
                continue
            if " " in verb:
                self.problems.error(row.where("verb"), f'{row.cell("verb")}: a verb is one word, not "{verb}"')
                continue
            found[verb] = self.move(row, verb)
        return found

    def move(self, row: RawRow, verb: str) -> MoveSpec:
        """Check and compile one Moves row."""
        problems = self.problems
        actor = choice(row, "actor", problems)
        kinds = row.text("components")
        bulk = kinds.lower() == "all"
        sets = tuple(self.sets) if bulk else self.set_names(row, "components")
        source, dest = self.zone(row, "from"), self.zone(row, "to")
        if (sets or bulk) and not source and row.text("from") == "":
            problems.error(row.where("from"), f"{row.cell('from')}: a move of components needs a \"from\" zone")
        names = self.card_names if kinds and not bulk else self.names  # a misspelt set is one problem, not two
        action = choice(row, "action", problems) == "yes" if row.text("action") else actor != "table"
        spec = MoveSpec(verb, actor, choice(row, "player", problems) == "yes", source, dest, sets, bulk,
                        expression(row, "where", self.card_names, problems) if sets else None,
                        expression(row, "condition", names, problems), None, None, [],
                        whole(row, "limit", problems), self.phase(row), action,
                        choice(row, "ends turn", problems) == "yes", choice(row, "next", problems),
                        expression(row, "due", names, problems), row.origin)
        self.economy(row, spec, names)
        spec.texts = {c: row.text(c) for c in ("where", "condition", "cost", "due") if row.text(c)}
        return spec

    def phase(self, row: RawRow) -> str | None:
        """Return a move's phase, which must be one of the Turn sheet's phases."""
        text = row.text("phase").lower()
        if text and text not in self.turn.phases:
            self.problems.error(row.where("phase"), f'{row.cell("phase")}: unknown phase "{text}"'
                                f"{did_you_mean(text, self.turn.phases)} (Turn phases: "
                                f"{', '.join(self.turn.phases) or 'none'})")
            return None
        return text or None

    def economy(self, row: RawRow, spec: MoveSpec, names: Names) -> None:
        """Compile a move's cost (paid from `pay`) and gains (`counter: expression; ...`)."""
        cost = compiled(row, "cost", names, self.problems)
        fields: set[str] = set(cost.card_fields) if cost else set()
        spec.cost = cost.fn if cost else None
        pay = row.text("pay")
        spec.pay = self.counter(row, "pay", pay) if pay else None
        if cost and not pay:
            self.problems.error(row.where("pay"), f"{row.cell('pay')}: a cost needs the counter it is paid from")
        offset = 0
        for part in row.text("gain").split(";"):
            name, sep, text = part.partition(":")
            if not sep:
                if part.strip():
                    self.problems.error(row.where("gain"), f"{row.cell('gain')}: \"{part.strip()}\" is not "
                                        "`counter: expression`")
            elif self.counter(row, "gain", name.strip()):
                found = compiled(row, "gain", names, self.problems, text, offset + len(name) + 1)
                if found:
                    spec.gains.append((name.strip(), found.fn))
                    fields |= found.card_fields
            offset += len(part) + 1
        self.numeric(row, spec, fields)

    def numeric(self, row: RawRow, spec: MoveSpec, fields: set[str]) -> None:
        """Every component a move may take holds a number (or nothing) in the fields its cost and gains read."""
        for set_name in spec.sets:
            cset = self.sets[set_name]
            for component in cset.rows:
                for name in sorted(fields):
                    value = component.fields.get(name)
                    if value is not None and not isinstance(value, (int, float)) and \
                            not str(value).strip().lstrip("-").isdigit():
                        self.problems.error(cset.location(component.row, name),
                                            f'"{value}" is not a number, but {row.cell("verb")} ({spec.verb}) '
                                            f"reads {name} in its cost or gain")
