"""The Setup and Moves sheets checked and compiled: zones, sets, phrases, counts, costs, gains, dice."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from playproof.components.model import ComponentSet
from playproof.errors import Problems
from playproof.playtest.declared.cells import compiled, expression, template
from playproof.playtest.declared.expr import Compiled, ExprError, Names, compile_expr, tokenize
from playproof.playtest.declared.expr_shapes import COMPARE
from playproof.playtest.declared.model import CounterSpec, Lead, MoveSpec, Part, SetupRow, TurnSpec, ZoneSpec
from playproof.playtest.declared.sheets import RawRow, choice, did_you_mean, name_key, whole

RESERVED_VERBS = ("score", "winner")
"""Verbs of the table's claims, checked against the Scoring sheet."""
_COUNT = re.compile(r"^(?:(?P<exact>\d+)|(?P<low>\d+)\s*-\s*(?P<high>\d+)|at most (?P<most>\d+)|"
                    r"at least (?P<least>\d+)|(?P<any>any))$")
_LIMIT = re.compile(r"^(?P<n>\d{1,6})(?: (?:time|times))?(?: an? (?P<per>turn|round|game))?$")
_DICE = re.compile(r"^(?:(?P<times>\d+)\s*(?:x\s*)?)?(?P<die>.+)$")
_NUMBER = re.compile(r"-?\d{1,15}(?:\.\d{1,15})?")
"""A gain that is a plain number (`tclosed = 1`)."""
CARD_WORDS = ("card", "cards", "component", "components")
"""Phrase parts that name the move's components (as does a set's name, singular or plural)."""


def _is_text(value: object) -> bool:
    """Return True for a cell holding text that is not a number."""
    return value is not None and not isinstance(value, (int, float)) and not str(value).strip().lstrip("-").isdigit()


GUARD_BARRED = frozenset(("move", "player", "amount", "target", "x", "y"))
"""What a guard may not read: the move, or whom it is evaluated for."""


def guards(due: Compiled, names: Names) -> tuple[Any, ...]:
    """Return the closures of the leading `and` parts of a due condition that read the same for every player: no
    named value, nothing of a move, no player's own counter or zone, neither `player` nor `seat`."""
    found = []
    for part in due.conjuncts:
        try:
            alone = compile_expr(part.text, names)
        except ExprError:
            break
        if alone.values or alone.card_fields or alone.reads & GUARD_BARRED or \
                any(names.zones.get(z, True) for z in alone.zones) or \
                any(names.counters.get(c, True) for c in alone.counters):
            break
        found.append(part.fn)
    return tuple(found)


def flow_first(due: Compiled, names: Names) -> Any:
    """Return a due condition that asks first its `and` parts reading nothing but the flow and whom it is asked for
    (`player != current` before `count(play) > 0`), or None when no part moves or the order could matter.

    Asked player by player, a condition's answer is kept until what its evaluation read changes (due.py): asking
    `player != current` first, the player to move reads no zone, so moves that change zones keep that answer. The
    order cannot change whether it holds (every part truthy) when no part can grow too large: any other failure is
    hidden components (Unknown), which make a due condition not hold, whichever part meets them first."""
    parts: list[tuple[bool, Any]] = []
    for part in due.conjuncts:
        try:
            alone = compile_expr(part.text, names)
        except ExprError:
            return None
        if alone.overflows:
            return None
        parts.append((not (alone.values or alone.zones or alone.counters or alone.card_fields or
                           alone.reads & CANDIDATE_READS), part.fn))
    order = [fn for flow, fn in parts if flow] + [fn for flow, fn in parts if not flow]
    if order == [fn for _, fn in parts]:
        return None
    return _all_of(tuple(order))


def _all_of(parts: tuple[Any, ...]) -> Any:
    """Return a condition holding when every part holds, asked in order (stopping at the first that does not)."""
    def holds(c: Any) -> bool:
        for part in parts:
            if not part(c):
                return False
        return True
    return holds


CANDIDATE_READS = frozenset(("move", "amount", "target", "x", "y"))
"""What a condition part may not read to be asked once for all the moves a row lists (they differ in these)."""


def condition_leads(condition: Compiled, names: Names) -> tuple[Lead, ...]:
    """Return the leading `and` parts of a move's condition that listing a row's moves can ask once for all of them
    (legal.py): a part that reads nothing of the move, or `amount OP expression` (either way round) whose other side
    reads nothing of the move. A part naming a value qualifies only when what the value reads is known (see
    _fixed)."""
    found: list[Lead] = []
    for part in condition.conjuncts:
        if _fixed(part.text, names):
            found.append(Lead(part.fn))
            continue
        bound = _amount_test(part, names)
        if bound is None:
            break
        found.append(bound)
    return tuple(found)


def condition_rest(condition: Compiled, leads: tuple[Lead, ...]) -> Any:
    """Return a condition's `and` parts after its leading parts that read nothing of the move (the first leads up to
    an `amount` test), asked in order: what a listed move's condition still has to ask once listing found those
    parts hold (legal._gate). None when no lead is such a part."""
    plain = 0
    for lead in leads:
        if lead.test is not None:
            break
        plain += 1
    if not plain:
        return None
    return _all_of(tuple(part.fn for part in condition.conjuncts[plain:]))


def _fixed(text: str, names: Names) -> bool:
    """Return True when an expression reads nothing of the move it is evaluated for: nor do the values it names,
    each of which must have its reads known (`names.value_reads`, the changing variables each value reads through
    the values it reads; a value not there may read the move)."""
    try:
        alone = compile_expr(text, names)
    except ExprError:
        return False
    if alone.card_fields or alone.reads & CANDIDATE_READS:
        return False
    known = names.value_reads
    return all(value in known and not known[value] & CANDIDATE_READS for value in alone.values)


def _amount_test(part: Any, names: Names) -> Lead | None:
    """Return `amount OP side` (or `side OP amount`) as a Lead, when the other side reads nothing of the move and
    is no text in quotes (a comparison with a text is built otherwise)."""
    if part.kind != "compare" or len(part.sides) != 2:
        return None
    left, right = part.sides
    tokens = tokenize(part.text)
    for amount, other, op in ((left, right, tokens[1].text), (right, left, tokens[-3].text)):
        if amount.text.strip() == "amount" and _is_amount(names) and op in COMPARE and \
                not other.text.strip().startswith(("'", '"')) and _fixed(other.text, names):
            return Lead(other.fn, COMPARE[op], amount is left)
    return None


def _is_amount(names: Names) -> bool:
    """Return True when the name `amount` reads the number a move states (no counter or value is called so)."""
    return "amount" not in names.counters and "amount" not in names.values


def by_card(spec: MoveSpec, names: Names) -> frozenset[int]:
    """Return the ids of the closures of a row's cost and gains that read nothing but the move's component: every
    name in them is `card`, `card.<field>` or a field (no function, counter, value, zone, variable or player), so
    their value for a design is the same all game long."""
    economy = {id(spec.cost)} | {id(fn) for _, fn in spec.gains + spec.sets_gain}
    found = set()
    for compiled_ in spec.checked:
        if id(compiled_.fn) not in economy or compiled_.values or compiled_.zones or compiled_.counters or \
                compiled_.reads - {"move"} or not compiled_.card_fields:
            continue
        try:
            tokens = tokenize(compiled_.text)
        except ExprError:
            continue
        if all(t.kind != "name" or t.text == "card" or t.text.startswith("card.") or
               (names.card and t.text in names.fields) for t in tokens):
            found.add(id(compiled_.fn))
    return frozenset(found)


def _quiet(spec: MoveSpec, condition: Compiled | None) -> bool:
    """Return True when checking a move of the row can raise nothing but through its condition and gains (see
    MoveSpec.quiet): no `where`; its cost, amount and `to player` cannot grow too large."""
    gains = {id(fn) for _, fn in spec.gains + spec.sets_gain}
    return spec.where is None and all(not c.overflows for c in spec.checked
                                      if c is not condition and id(c.fn) not in gains)


def _fold(spec: MoveSpec, at: tuple[str, int], fn: Any) -> None:
    """Note the value of a gain that is a plain number (it reads nothing: worked out once, not per move)."""
    try:
        spec.gain_constants[at] = fn(None)
    except Exception:  # noqa: BLE001  # a number the evaluator cannot work out alone is evaluated per move
        return


class MovesBuilder:
    """What checking Setup and Moves rows needs: sets, zones, counters, names, turn, dice, problems."""

    def __init__(self, sets: dict[str, ComponentSet], zones: dict[str, ZoneSpec], counters: dict[str, CounterSpec],
                 names: Names, turn: TurnSpec, dice: dict[str, tuple], problems: Problems) -> None:
        self.sets, self.zones, self.counters, self.names = sets, zones, counters, names
        self.turn, self.dice, self.problems = turn, dice, problems
        self.card_names = replace(names, card=True)

    def zone(self, row: RawRow, column: str) -> str | None:
        """Return a cell naming one zone (None when empty or unknown, which is recorded)."""
        found = self.zone_list(row, column)
        if len(found) > 1:
            self.problems.error(row.where(column), f"{row.cell(column)}: name one zone here, not {len(found)}")
        return found[0] if found else None

    def zone_list(self, row: RawRow, column: str) -> tuple[str, ...]:
        """Return the zones a cell names (comma separated; `any` for every zone); unknown ones are recorded."""
        found: list[str] = []
        for name in (n.strip() for n in row.text(column).split(",")):
            if name.lower() == "any":
                found.extend(self.zones)
            elif name and name not in self.zones:
                self.problems.error(row.where(column), f'{row.cell(column)}: unknown zone "{name}"'
                                    f"{did_you_mean(name, self.zones)} (zones: {', '.join(self.zones) or 'none'})")
            elif name:
                found.append(name)
        return tuple(dict.fromkeys(found))

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
        if each is not None and each < 0:
            self.problems.error(row.where("each"), f"{row.cell('each')}: each cannot be {each}")
            return None
        if len(sets) != 1 or not zone:
            return None
        return SetupRow(sets[0], where, zone, each, row.origin)

    def moves(self, rows: list[RawRow]) -> dict[str, MoveSpec]:
        """Return the Moves rows by rule name: the verb, or `verb-2` for the second row of a verb.

        A verb may have several rows told apart by their phrase (or the sets they take): `acquire CARD`,
        `acquire CARD on BOARD`; a log line is read by the first row whose words fit.
        """
        found: dict[str, MoveSpec] = {}
        for row in rows:
            verb = row.text("verb").lower()
            if not verb:
                continue
            if verb in RESERVED_VERBS:
                self.problems.error(row.where("verb"), f'{row.cell("verb")}: "{verb}" is a claim of the table, '
                                    "checked against the Scoring sheet; it cannot be declared")
                continue
            if " " in verb:
                self.problems.error(row.where("verb"), f'{row.cell("verb")}: a verb is one word, not "{verb}"')
                continue
            spec = self.move(row, verb)
            same = [s for s in found.values() if s.verb == verb]
            if same and not self.told_apart(row, spec, same):
                continue
            spec.rule_name = verb if not same else f"{verb}-{len(same) + 1}"
            found[spec.rule_name] = spec
        return found

    def told_apart(self, row: RawRow, spec: MoveSpec, same: list[MoveSpec]) -> bool:
        """A verb's further row must differ from its others in its phrase or in the sets it takes."""
        for other in same:
            if other.phrase == spec.phrase and other.sets == spec.sets:
                self.problems.error(row.where("verb"), f'{row.cell("verb")}: verb "{spec.verb}" is declared twice '
                                    f"({other.origin}) with the same phrase and sets: give each row its own phrase")
                return False
        return True

    def move(self, row: RawRow, verb: str) -> MoveSpec:
        """Check and compile one Moves row."""
        problems = self.problems
        actor = choice(row, "actor", problems)
        kinds = row.text("components")
        bulk = kinds.lower() == "all"
        sets = tuple(self.sets) if bulk else self.set_names(row, "components")
        sources, dests = self.zone_list(row, "from"), self.zone_list(row, "to")
        if (sets or bulk) and not sources and row.text("from") == "":
            problems.error(row.where("from"), f"{row.cell('from')}: a move of components needs a \"from\" zone")
        names = self.card_names if kinds and not bulk else self.names  # a misspelt set is one problem, not two
        action = choice(row, "action", problems) == "yes" if row.text("action") else actor != "table"
        condition = compiled(row, "condition", names, problems)
        due = compiled(row, "due", names, problems)
        spec = MoveSpec(verb, actor, choice(row, "player", problems) == "yes", sources[0] if sources else None,
                        dests[0] if dests else None, sets, bulk,
                        expression(row, "where", self.card_names, problems) if sets else None,
                        condition.fn if condition else None, None, None, [],
                        None, self.phase(row), action,
                        row.text("ends turn").lower() == "yes", choice(row, "next", problems),
                        due.fn if due else None, row.origin)
        spec.sources, spec.dests, spec.condition_parts = sources, dests, condition
        spec.due_compiled = due
        spec.due_guards = guards(due, names) if due is not None else ()
        spec.due_flow_first = flow_first(due, names) if due is not None and spec.names_player else None
        spec.limit, spec.limit_per = self.limit(row, actor)
        spec.ends_when = self.ends_when(row, names)
        spec.condition_leads = condition_leads(condition, names) if condition is not None else ()
        spec.condition_rest = condition_rest(condition, spec.condition_leads) if condition is not None else None
        spec.reads_card = bool(condition and condition.card_fields)
        spec.count = self.count(row, bulk)
        self.economy(row, spec, names)
        spec.by_card = by_card(spec, names)
        spec.derived = choice(row, "derived", problems) == "yes"
        spec.record = choice(row, "record", problems) == "yes"
        amount = compiled(row, "amount", names, problems)
        spec.amount = amount.fn if amount else None
        spec.checked += [c for c in (condition, amount) if c is not None]
        spec.result = expression(row, "result", names, problems)
        spec.to_player = self.to_player(row, spec, names)
        spec.message = template(row, "message", names, problems)
        spec.note = row.text("note")
        spec.dice = self.dice_of(row)
        spec.phrase = self.phrase(row, spec)
        spec.texts = {c: row.text(c) for c in ("where", "condition", "cost", "due", "result", "amount") if row.text(c)}
        spec.quiet = _quiet(spec, condition)
        self.consistent(row, spec)
        return spec

    def to_player(self, row: RawRow, spec: MoveSpec, names: Names) -> Fn | None:
        """Return the `to player` expression: whose zone the components go to (a zone of each player's)."""
        found = compiled(row, "to player", names, self.problems)
        if found is None:
            return None
        if not spec.dests or not all(self.zones[z].per_player for z in spec.dests if z in self.zones):
            self.problems.error(row.where("to player"), f"{row.cell('to player')}: `to player` says whose zone the "
                                "components go to: the `to` zone must be each player's (owner `player`)")
        spec.checked.append(found)
        return found.fn

    def ends_when(self, row: RawRow, names: Names) -> Fn | None:
        """Return the `ends turn` cell when it is a condition (`rolled(1) > 0`): `yes`, `no` and empty are not."""
        text = row.text("ends turn").lower()
        if text in ("", "yes", "no"):
            return None
        return expression(row, "ends turn", names, self.problems)

    def limit(self, row: RawRow, actor: str) -> tuple[int | None, str]:
        """Return how many times a move may be made and in what: `2` (a turn; a table move's: a round),
        `1 a round`, `1 a game`, `2 a turn`."""
        text = " ".join(row.text("limit").lower().replace("per ", "a ").split())
        default = "round" if actor == "table" else "turn"
        if not text:
            return None, default
        match = _LIMIT.match(text)
        if match is None:
            self.problems.error(row.where("limit"), f'{row.cell("limit")}: "{row.text("limit")}" is not like 2, '
                                '"1 a round" or "1 a game"')
            return None, default
        return int(match["n"]), match["per"] or default

    def count(self, row: RawRow, bulk: bool) -> tuple[int, int | None]:
        """Return how many components a move takes (`takes`): `1` (default), `3`, `1-3`, `at most 3`, `at least 1`,
        `any`.

        (The column is not called `count`: in every sheet `count` is how many copies a row prints.)
        """
        text = " ".join(row.text("takes").lower().split())
        if not text:
            return (1, 1)
        match = _COUNT.match(text)
        if match is None or bulk:
            why = "a move of `all` takes everything" if bulk and match else \
                'write 2, 1-3, "at most 3", "at least 1" or "any"'
            self.problems.error(row.where("takes"), f'{row.cell("takes")}: "{row.text("takes")}": {why}')
            return (1, 1)
        if match["exact"]:
            return (int(match["exact"]), int(match["exact"]))
        if match["low"]:
            low, high = int(match["low"]), int(match["high"])
            if low > high:
                self.problems.error(row.where("takes"), f'{row.cell("takes")}: {low}-{high} runs backwards')
            return (min(low, high), max(low, high))
        if match["most"]:
            return (0, int(match["most"]))
        return (int(match["least"]), None) if match["least"] else (0, None)

    def phase(self, row: RawRow) -> str | None:
        """Return a move's phase, which must be one of the turn's or the round's phases."""
        text = row.text("phase").lower()
        known = self.turn.phases + tuple(p.name for p in self.turn.round_phases)
        if text and text not in known:
            self.problems.error(row.where("phase"), f'{row.cell("phase")}: unknown phase "{text}"'
                                f"{did_you_mean(text, known)} (phases: {', '.join(known) or 'none'})")
            return None
        return text or None

    def economy(self, row: RawRow, spec: MoveSpec, names: Names) -> None:
        """Compile a move's cost (paid from `pay`) and gains (`counter: adds; counter = sets; ...`)."""
        cost = compiled(row, "cost", names, self.problems)
        fields: set[str] = set()
        spec.cost = cost.fn if cost else None
        if cost is not None:
            spec.checked.append(cost)
        pay = row.text("pay")
        spec.pay = self.counter(row, "pay", pay) if pay else None
        if cost and not pay:
            self.problems.error(row.where("pay"), f"{row.cell('pay')}: a cost needs the counter it is paid from")
        offset = 0
        for part in row.text("gain").split(";"):
            fields |= self.gain(row, spec, names, part, offset)
            offset += len(part) + 1
        costs = set(cost.card_fields) if cost else set()
        spec.reads_card = spec.reads_card or bool(fields | costs)
        self.numeric(row, spec, costs, fields - costs)

    def gain(self, row: RawRow, spec: MoveSpec, names: Names, part: str, offset: int) -> set[str]:
        """Compile one `counter: expression` (adds) or `counter = expression` (sets); return card fields read."""
        colon, equals = part.find(":"), part.find("=")
        marks = [m for m in (colon, equals) if m >= 0]
        if not marks:
            if part.strip():
                self.problems.error(row.where("gain"), f"{row.cell('gain')}: \"{part.strip()}\" is not "
                                    "`counter: expression` (adds) or `counter = expression` (sets)")
            return set()
        mark = min(marks)
        name, text = part[:mark], part[mark + 1:]
        name, _, owner = name.strip().partition(" of ")
        if name.strip().lower().startswith("each "):
            name, owner = name.strip()[5:], "each"
        if owner and owner.strip() not in ("target", "current", "player", "each"):
            self.problems.error(row.where("gain"), f"{row.cell('gain')}: \"{name} of {owner.strip()}\": a gain "
                                "goes to `target` (the player the move names), `current` or `player` (who moves)")
            return set()
        if not self.counter(row, "gain", name.strip()):
            return set()
        found = compiled(row, "gain", names, self.problems, text, offset + mark + 1)
        if not found:
            return set()
        gains = spec.gains if mark == colon else spec.sets_gain
        kind = "add" if mark == colon else "set"
        if owner.strip() in ("target", "current", "each"):
            spec.gain_owner[(kind, len(gains))] = owner.strip()
        if _NUMBER.fullmatch(text.strip()):
            _fold(spec, (kind, len(gains)), found.fn)
        gains.append((name.strip(), found.fn))
        spec.checked.append(found)
        return set(found.card_fields) if mark == colon else set()

    def numeric(self, row: RawRow, spec: MoveSpec, costs: set[str], gains: set[str]) -> None:
        """A component's field a cost reads holds a number (or nothing); a gain may read text fields (to compare
        them: `points: 2 if kind == 'moss' else 0`), where a text in arithmetic counts 0."""
        for set_name in spec.sets:
            cset = self.sets[set_name]
            for component in cset.rows:
                for name in sorted(costs):
                    value = component.fields.get(name)
                    if _is_text(value):
                        self.problems.error(cset.location(component.row, name),
                                            f'"{value}" is not a number, but {row.cell("verb")} ({spec.verb}) '
                                            f"reads {name} in its cost or gain")

    def dice_of(self, row: RawRow) -> tuple[str, ...]:
        """Return the dice a move rolls: `d6, d6`, `2 d6` or `2x d6` (names of the Dice sheet)."""
        found: list[str] = []
        for piece in (p.strip() for p in row.text("dice").split(",")):
            match = _DICE.match(piece) if piece else None
            if match is None:
                continue
            die = match["die"].strip().lower()
            if die not in self.dice:
                self.problems.error(row.where("dice"), f'{row.cell("dice")}: unknown die "{match["die"].strip()}"'
                                    f"{did_you_mean(die, self.dice)} (Dice sheet: {', '.join(self.dice) or 'none'})")
                continue
            found.extend([die] * min(int(match["times"] or 1), 100))
        return tuple(found)

    def phrase(self, row: RawRow, spec: MoveSpec) -> tuple[Part, ...]:
        """Read a move's log phrase: lower-case words are written as is, upper-case words are its parts, and
        words in brackets may be left out (`harvest [taking N food]`; a group starts with a written word)."""
        text = row.text("phrase")
        if not text:
            return ()
        words = text.replace("[", " [ ").replace("]", " ] ").split()
        if words and words[0].lower() == spec.verb:
            words = words[1:]
        parts, seen, group, groups = [], set(), 0, 0
        for word in words:
            if word in ("[", "]"):
                group, groups = self.bracket(row, word, group, groups)
                continue
            part = self.part(row, spec, word)
            if part is None:
                continue
            if part.kind != "word" and part.kind in seen:
                self.problems.error(row.where("phrase"), f'{row.cell("phrase")}: the phrase names '
                                    f"{'the components' if part.kind == 'cards' else part.kind} twice ({word})")
            if group and (not parts or parts[-1].group != group) and part.kind != "word":
                self.problems.error(row.where("phrase"), f'{row.cell("phrase")}: a group in brackets starts with '
                                    f'a written word ("[taking N food]"), not {word}')
            seen.add(part.kind)
            parts.append(Part(part.kind, part.text, group))
        if group:
            self.problems.error(row.where("phrase"), f'{row.cell("phrase")}: a "[" is not closed')
        self.phrase_complete(row, spec, {p.kind for p in parts if not p.group})
        return tuple(parts)

    def bracket(self, row: RawRow, word: str, group: int, groups: int) -> tuple[int, int]:
        """Open or close an optional group of a phrase (groups do not nest)."""
        if word == "[":
            if group:
                self.problems.error(row.where("phrase"), f'{row.cell("phrase")}: groups in brackets do not nest')
                return group, groups
            return groups + 1, groups + 1
        if not group:
            self.problems.error(row.where("phrase"), f'{row.cell("phrase")}: a "]" closes no "["')
        return 0, groups

    def part(self, row: RawRow, spec: MoveSpec, word: str) -> Part | None:
        """Return what one word of a phrase is (an unknown upper-case part is recorded)."""
        if not word.isupper():
            return Part("word", word.lower())
        lower = word.lower()
        set_words = {name_key(s) for s in spec.sets} | {name_key(s).rstrip("s") for s in spec.sets}
        if lower in ("player",):
            return Part("player", word)
        if lower in ("n", "amount", "number"):
            return Part("number", word)
        if lower in CARD_WORDS or lower in set_words or lower.rstrip("s") in set_words:
            return Part("cards", word)
        if lower == "from":
            return Part("from", word)
        if lower == "cell":
            return Part("cell", word)
        if len(spec.dests) > 1 or lower in ("to", "zone"):
            return Part("to", word)
        self.problems.error(row.where("phrase"), f'{row.cell("phrase")}: "{word}" is not a part of this move '
                            "(PLAYER, N, CARD or a set's name, FROM, CELL, or a name for the zone it goes to "
                            'when "to" lists several)')
        return None

    def phrase_complete(self, row: RawRow, spec: MoveSpec, seen: set[str]) -> None:
        """A phrase names what its row needs: the player, the components, the zone when several."""
        needs = {"player": spec.names_player, "cards": spec.takes_component, "to": len(spec.dests) > 1}
        for kind, needed in needs.items():
            if needed and kind not in seen:
                what = {"player": "PLAYER (the move names a player)", "cards": "the components (CARD)",
                        "to": f"the zone it goes to (one of {', '.join(spec.dests)})"}[kind]
                self.problems.error(row.where("phrase"), f'{row.cell("phrase")}: the phrase must name {what}')

    def consistent(self, row: RawRow, spec: MoveSpec) -> None:
        """Columns that only make sense together: a derived move is the table's and says when it is due."""
        if spec.derived and spec.actor != "table":
            self.problems.error(row.where("derived"), f"{row.cell('derived')}: only the table's moves are derived "
                                "(actor table)")
        if spec.derived and spec.due is None:
            self.problems.error(row.where("due"), f"{row.cell('due')}: a derived move needs `due`: when the table "
                                "makes it")
        if spec.result is not None and not spec.derived:
            self.problems.error(row.where("result"), f"{row.cell('result')}: `result` is what a derived move "
                                "names; say `derived` = yes")
        if spec.dice and (spec.sets or spec.bulk):
            self.problems.error(row.where("dice"), f"{row.cell('dice')}: a roll moves no component")
