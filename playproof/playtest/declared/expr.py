"""The expression language of rules sheets: tokenizer and Pratt parser compiled once into closures.

User text is never handed to Python's eval/exec/compile: every operator and function is a closure built
here or in expr_functions.py.

Grammar (loosest first; operators of one level group left to right)::

    expr       := either [ 'if' either 'else' expr ]      a if condition else b
    either     := both { 'or' both }
    both       := negation { 'and' negation }
    negation   := 'not' negation | comparison
    comparison := sum { ('==' | '!=' | '<' | '<=' | '>' | '>=') sum }
    sum        := product { ('+' | '-') product }
    product    := unary { ('*' | '/' | '//' | '%') unary }
    unary      := '-' unary | owned
    owned      := primary { 'of' primary }                X of P: X evaluated for player P
    primary    := number | text | 'true' | 'false' | name | card.field | item.field
                | function '(' arguments ')' | '(' expr ')'

So `of` binds tighter than everything else: `coins of current + 1` is `(coins of current) + 1`,
`-coins of Ann` is `-(coins of Ann)`, and the player after `of` is a primary (`coins of after(current)`).

Values: numbers (at most 15 digits), 'texts' or "texts", true, false. `/` and `//` divide rounding down,
dividing by 0 gives 0 (and `%` by 0 gives 0); a result past 10**15 stops the evaluation (TooLarge).
Comparisons: texts compare ignoring case (`'Red' == 'red'`), a number and a text that reads as a number
compare as numbers (`3 == '3'`); `< <= > >=` order numbers as numbers and anything else as text, ignoring case.

Names, tried in this order: inside a zone aggregate, the component's fields, then `by` (the player who put
the component), `item` (its name); then counters (the player's own, or the shared one), named values,
the variables, the move's component's fields, and `card` (its name). `card.<field>` and `item.<field>`
name a field explicitly.

Variables: player (evaluated for), current (whose turn), players (how many play), seat (from 1), round,
turn, actions (made this turn), amount (the number a move states, 0 when none), target (the player a move
names, '' when none), first (the player who began the round), dealer ('' when none), roll (the sum of the
numeric faces of the last roll).

Functions:
    min(a, b, ...), max(a, b, ...), abs(x)
    count(zone[, cond]), sum(zone, value[, cond]), any(zone, cond), all(zone, cond)
    first(zone, value[, cond]), last(zone, value[, cond]), nth(zone, n, value[, cond])   ('' when none)
    best(zone, value[, cond])      the player who put the component with the highest value (earliest wins ties)
    majority(zone[, cond])         the player who put the most (matching) components; '' when tied or none
    adjacent(zone[, cond])         how many (matching) components lie in the cells next to the move's cell
    count(players[, cond]), sum(players, value[, cond]), any(players, cond), all(players, cond),
    max(players, value[, cond]), min(players, value[, cond]), best(players, value[, cond])
                                   over every player (or `others`: all but the player evaluated for), in
                                   seat order, with names evaluated for each (best: the earliest seat wins ties)
    after(p[, k]), before(p[, k])  the player k (default 1) seats after/before player p (wrapping around)
    die(n)                         the face of the n-th die of the last roll ('' when none)
    rolled(face)                   how many dice of the last roll show face

Only a bare `players` or `others` as the first argument makes count/sum/any/all/max/min/best run over players
(so `max(players, 3)` is now 3, the largest of 3 for each player; `max(players + 0, 3)` and `max(players)`
still read the variable). Inside, every name is read for the player iterated (`player` is that player, `coins` theirs).
`X of P`, and the player of after/before, must name a player who plays (ignoring case), else the value is
Unknown (`coins of target` when the move names nobody). Zone aggregates read the zone as the player evaluated
for sees it; `by` is '' for what the table or the setup put, and majority() never counts those. `and` and `or`
give the deciding value (as Python: `0 or 3` is 3); a number counts as true unless it is 0, a text unless
it is ''.

Limits: a cell nested more than 64 deep (parentheses, operators, calls) is an ExprError "nested too deeply";
so is a number of more than 15 digits; tokenizing and parsing raise nothing but ExprError. Evaluating raises
nothing but Unknown (a hidden value) and TooLarge (a result past 10**15, or named values read more than 100
deep inside one another or depending on themselves; see expr_values.memoized). A long flat chain of one
operator (`1 + 1 + ... + 1`) is evaluated in one loop, so cell length alone never deepens the evaluation.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from operator import attrgetter, methodcaller
from typing import Any

from playproof.playtest.declared import expr_functions as funcs
from playproof.playtest.declared import expr_shapes as shapes
from playproof.playtest.declared.expr_shapes import COMPARE
from playproof.playtest.declared.expr_tokens import Token, tokenize
from playproof.playtest.declared.expr_values import (BY, LIMIT, Counts, ExprError, Fn, TooLarge, Unknown, as_number,
                                                     equal_to_text, inlined_reads, memoized, numeric)

__all__ = ["AGGREGATES", "FUNCTIONS", "LIMIT", "MAX_DEPTH", "VARIABLES", "Compiled", "ExprError", "Fn", "Names",
           "Part", "Side", "Token", "TooLarge", "Unknown", "as_number", "compile_expr", "memoized", "tokenize"]

MAX_DEPTH = 64
"""How deeply a cell may nest parentheses, operators and calls."""

AGGREGATES = ("count", "sum", "any", "all", "first", "last", "best", "nth", "majority", "adjacent")
"""Functions whose first argument is a zone; the rest are evaluated once per component in it (nth's n once)."""
FUNCTIONS = ("min", "max", "abs") + AGGREGATES + ("after", "before", "die", "rolled", "option", "word", "contains",
                                                   "starts")
TEXT_FUNCTIONS = ("word", "contains", "starts")
FLOW_FUNCTIONS = {"die": "roll", "rolled": "roll", "adjacent": "move"}
"""Functions that read a changing part of the game: the last roll, or the move's cell."""
"""word(text, n): the n-th word of a text ('' when none; a number when it reads as one);
contains(text, part) and starts(text, part): whether a text holds or begins with another, ignoring case."""
STEADY_VARIABLES = ("player", "players", "seat")
"""Variables that do not change in a game for the player an expression is evaluated for."""
MOVE_ZONES = ("to", "from")
"""Zone names an aggregate in a move's row may use for the zone the move puts into, or takes from."""
PLAYER_SETS = ("players", "others")
"""Pseudo-zones a player aggregate (count/sum/any/all/max/min/best) takes as its first argument."""
VARIABLES = ("player", "current", "players", "seat", "round", "turn", "actions", "amount", "target", "first",
             "dealer", "roll", "x", "y", "started")
"""Names every expression may read: the player's name, whose turn it is, how many play, the player's seat,
the round, the turn (1 for the first), the actions made in the current turn, the number a move states (0 when
none), the player a move names ('' when none), the player who began the round, the dealer ('' when none),
the sum of the numeric faces of the last roll, the grid cell the move names (x, y; '' when none), and
whether any player has moved yet (started: false while the table sets up)."""

_POWER: dict[str, int] = {"or": 2, "and": 3, "+": 6, "-": 6, "*": 7, "/": 7, "//": 7, "%": 7, "of": 9,
                          **{op: 5 for op in COMPARE}}
"""Binding power of each binary operator (`not` is 4, unary minus 8)."""


@dataclass
class Names:
    """What an expression may name, and how each name is read (filled by the game compiler)."""

    zones: dict[str, bool] = field(default_factory=dict)
    """zone name -> True when each player has one."""
    counters: dict[str, bool] = field(default_factory=dict)
    values: dict[str, Fn] = field(default_factory=dict)
    """Named values; the callable looks the compiled value up when evaluated (wrap it with memoized())."""
    fields: set[str] = field(default_factory=set)
    card: bool = False
    """True when the expression belongs to a move naming a component (`card.x`, bare fields allowed)."""
    card_dotted: bool = False
    """True when `card.x` and `card` may be read but not bare fields (a named value, read by a move's cells)."""
    inline: dict[str, Fn] = field(default_factory=dict)
    """Named values an expression may call directly, without memoized() (see expr_values.inlined_reads), except
    inside an aggregate over players (there each player's answer is kept for the table, and often asked again)."""
    expansions: dict[str, Counts] = field(default_factory=dict)
    """Each named value's expansion: the values it reaches (itself included) and how often (at most 2)."""
    value_reads: dict[str, frozenset[str]] = field(default_factory=dict)
    """The changing variables each named value reads, through the values it reads (see Compiled.reads)."""


@dataclass(frozen=True)
class Side:
    """One operand of a comparison: its text, closure, and whether it is a literal (not worth quoting)."""

    text: str
    fn: Fn
    literal: bool


@dataclass(frozen=True)
class Part:
    """A condition kept for explanations: its text and closure; a comparison's sides; an `or`'s alternatives."""

    text: str
    fn: Fn
    sides: tuple[Side, ...] = ()
    alternatives: tuple["Part", ...] = ()
    kind: str = ""
    """'and', 'or', 'compare', or '' for any other value."""
    ops: tuple[str, ...] = ()
    """A comparison's operators, between its sides."""


@dataclass
class Compiled:
    """A compiled expression with the names it refers to and its top-level `and` conjuncts."""

    fn: Fn
    text: str
    values: set[str] = field(default_factory=set)
    card_fields: set[str] = field(default_factory=set)
    zones: set[str] = field(default_factory=set)
    conjuncts: tuple[Part, ...] = ()
    """The top-level `and` parts in order (one part, the whole, when the expression is no `and`)."""
    counters: set[str] = field(default_factory=set)
    """The counters it reads (for any player)."""
    reads: set[str] = field(default_factory=set)
    """The variables it reads that change during a game (`current`, `round`, `roll` for the dice functions, `move`
    for what the move names: its card, cell, zones; `player` when the answer depends on whom it is evaluated for:
    `player`, `seat`, a player's own counter or zone, `others`, outside an aggregate over `players`)."""
    overflows: bool = True
    """False when evaluating it cannot raise TooLarge (no arithmetic, named value, aggregate or sum over players)."""
    value_counts: Counts = field(default_factory=dict)
    """How many times it names each named value."""
    values_for_all: set[str] = field(default_factory=set)
    """The named values it reads only inside aggregates over `players` (for each player in turn: whom the whole is
    evaluated for does not change them)."""


def compile_expr(text: str, names: Names) -> Compiled:
    """Parse and compile an expression once; raise ExprError with the column of the problem."""
    tokens = tokenize(text)
    found = _compile(tokens, names, text, frozenset())
    inline = inlined_reads(found.value_counts, names.inline, names.expansions)
    return _compile(tokens, names, text, inline) if inline else found


def _compile(tokens: list[Token], names: Names, text: str, inline: frozenset[str]) -> Compiled:
    """Parse tokens into a Compiled, calling the named values in `inline` directly."""
    parser = _Parser(tokens, names, text)
    parser.inline = inline
    fn = parser.expression(0)
    if parser.peek.kind != "end":
        raise ExprError(f"unexpected {parser.peek.text!r}", parser.peek.col)
    root = parser.parts.get(id(fn), Part(text.strip(), fn))
    return Compiled(fn, text, parser.used_values, parser.card_fields, parser.used_zones, tuple(_conjuncts(root)),
                    parser.used_counters, parser.reads, parser.overflows, parser.value_counts,
                    parser.used_values - parser.own_values)


def _conjuncts(part: Part) -> list[Part]:
    """Return the parts of a chain of `and` (nested ones too, `(a and b) and c`), else the part itself."""
    if part.kind != "and":
        return [part]
    return [leaf for alternative in part.alternatives for leaf in _conjuncts(alternative)]


class _Parser:
    """Precedence climbing over tokens, producing closures directly."""

    def __init__(self, tokens: list[Token], names: Names, text: str) -> None:
        self.tokens, self.pos, self.names, self.text = tokens, 0, names, text
        self.item_scope = 0
        self.depth = 0
        self.impure = 0
        """Names and calls read beyond a counted component's fields and name (an argument adding none: ItemFn)."""
        self.by_reads = 0
        """How many times the pseudo-field `by` was read (an aggregate sets it only when its arguments read it)."""
        self.used_values: set[str] = set()
        self.card_fields: set[str] = set()
        self.used_zones: set[str] = set()
        self.used_counters: set[str] = set()
        self.reads: set[str] = set()
        """The changing variables read so far (see Compiled.reads)."""
        self.parts: dict[int, Part] = {}
        """id(closure) -> Part, for comparisons and chains of `and` or of `or`."""
        self.overflows = False
        """Whether what was parsed may raise TooLarge (see Compiled.overflows)."""
        self.literals: shapes.Literals = {}
        """The closures of literals (numbers, texts, true, false, -number) and their values."""
        self.value_counts: Counts = {}
        """How many times each named value is named."""
        self.inline: frozenset[str] = frozenset()
        """The named values called directly (see expr_values.inlined_reads)."""
        self.for_all = 0
        """How many aggregates over `players` the parser is inside (names there are read for each player in turn)."""
        self.own_values: set[str] = set()
        """The named values read outside aggregates over `players`."""

    def own(self) -> None:
        """Note a read of whom the expression is evaluated for, unless it is inside an aggregate over `players`."""
        if not self.for_all:
            self.reads.add("player")

    @property
    def peek(self) -> Token:
        return self.tokens[self.pos]

    def take(self, text: str | None = None) -> Token:
        """Consume a token (which must read `text` when given)."""
        token = self.tokens[self.pos]
        if text is not None and token.text != text:
            found = repr(token.text) if token.kind != "end" else "the end"
            raise ExprError(f"expected {text!r}, found {found}", token.col)
        if token.kind != "end":
            self.pos += 1
        return token

    def span(self, start: int, stop: int) -> str:
        """Return the source text of tokens[start:stop]."""
        if stop <= start:
            return ""
        return self.text[self.tokens[start].col - 1:self.tokens[stop - 1].end - 1]

    def expression(self, min_bp: int) -> Fn:
        """Parse an expression whose operators bind tighter than min_bp (a chain of one operator is one loop)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(f"nested too deeply (more than {MAX_DEPTH} levels)", self.peek.col)
        start = self.pos
        operands, spans, ops = [self.prefix()], [(start, self.pos)], []
        chain_bp = 0
        while True:
            token = self.peek
            if token.kind == "kw" and token.text == "if" and min_bp < 1:
                operands, spans, ops = [self.conditional(self.fold(operands, spans, ops))], [(start, self.pos)], []
                continue
            bp = _POWER.get(token.text) if token.kind in ("op", "kw") else None
            if bp is None or bp <= min_bp:
                break
            if ops and bp != chain_bp:
                operands, spans, ops = [self.fold(operands, spans, ops)], [(start, self.pos)], []
            self.take()
            right_start = self.pos
            operands.append(self.expression(bp))
            spans.append((right_start, self.pos))
            ops.append(token.text)
            chain_bp = bp
        self.depth -= 1
        return self.fold(operands, spans, ops)

    def fold(self, operands: list[Fn], spans: list[tuple[int, int]], ops: list[str]) -> Fn:
        """Build the closure of a chain of operators of one binding power (recording conditions for explain)."""
        if not ops:
            return operands[0]
        texts = [self.span(a, b) for a, b in spans]
        whole = self.span(spans[0][0], spans[-1][1])
        kind = ops[0]
        if kind in ("and", "or"):
            fn = shapes.logic(kind, operands)
            alternatives = tuple(self.parts.get(id(f), Part(t, f)) for f, t in zip(operands, texts))
            self.parts[id(fn)] = Part(whole, fn, (), alternatives, kind)
            return fn
        if kind == "of":
            self.impure += 1
            fn = operands[0]
            for player in operands[1:]:
                fn = funcs.value_of(fn, player)
            return fn
        if kind in COMPARE:
            fn = self.text_test(ops, operands, spans) or (
                shapes.compare(ops[0], operands[0], operands[1], self.literals) if len(ops) == 1 else
                shapes.chain([COMPARE[op] for op in ops], operands))
            sides = tuple(Side(t, f, self.literal(a, b)) for f, t, (a, b) in zip(operands, texts, spans))
            self.parts[id(fn)] = Part(whole, fn, sides, (), "compare", tuple(ops))
            return fn
        self.overflows = True  # a result past 10**15
        return shapes.arithmetic(ops, operands, self.literals)

    def text_test(self, ops: list[str], operands: list[Fn], spans: list[tuple[int, int]]) -> Fn | None:
        """Return a faster closure for `x == 'text'` / `x != 'text'` (either way round) when the text is no number."""
        if len(ops) != 1 or ops[0] not in ("==", "!="):
            return None
        for side in (1, 0):
            start, stop = spans[side]
            token = self.tokens[start]
            if stop - start == 1 and token.kind == "str" and numeric(token.text[1:-1]) is None:
                return equal_to_text(operands[1 - side], token.text[1:-1], ops[0] == "!=")
        return None

    def literal(self, start: int, stop: int) -> bool:
        """Tell whether tokens[start:stop] is one number, text, true or false."""
        return stop - start == 1 and (self.tokens[start].kind in ("num", "str") or
                                      self.tokens[start].text in ("true", "false"))

    def conditional(self, then: Fn) -> Fn:
        """Parse `then if cond else other`."""
        self.take("if")
        cond = self.expression(1)
        self.take("else")
        other = self.expression(0)
        return shapes.conditional(then, cond, other, self.literals)

    def prefix(self) -> Fn:
        """Parse a number, text, name, call, parenthesised expression, `-x` or `not x`."""
        token = self.take()
        if token.kind == "num":
            return self.constant(float(token.text) if "." in token.text else int(token.text))
        if token.kind == "str":
            return self.constant(token.text[1:-1])
        if token.text in ("true", "false") and token.kind == "kw":
            return self.constant(token.text == "true")
        if token.text == "not" and token.kind == "kw":
            inner = self.expression(4)
            return lambda c: not inner(c)
        if token.text == "-" and token.kind == "op":
            inner = self.expression(8)
            value = shapes.literal(self.literals, inner)
            if type(value) in (int, float) and shapes.SPECIALISE:
                return self.constant(-value)  # -3 is a literal too
            return lambda c: -as_number(inner(c))
        if token.text == "(" and token.kind == "op":
            inner = self.expression(0)
            self.take(")")
            return inner
        if token.kind == "name":
            return self.call(token) if self.peek.text == "(" else resolve_name(self, token)
        found = "the end" if token.kind == "end" else repr(token.text)
        raise ExprError(f"expected a value, found {found}", token.col)

    def constant(self, value: Any) -> Fn:
        """Return the closure of a literal value (recorded, so that the operators using it capture its value)."""
        fn: Fn = lambda c: value  # noqa: E731
        self.literals[id(fn)] = (fn, value)
        return fn

    def call(self, token: Token) -> Fn:
        """Parse a function call."""
        name = token.text
        if name not in FUNCTIONS:
            raise ExprError(f"unknown function {name!r}{_hint(name, FUNCTIONS)}", token.col)
        self.take("(")
        first, after = self.peek, self.tokens[self.pos + 1] if self.pos + 1 < len(self.tokens) else self.peek
        bare = after.text == "," or (after.text == ")" and name not in ("max", "min"))
        if name in FLOW_FUNCTIONS:
            self.reads.add(FLOW_FUNCTIONS[name])
        if name not in ("abs", "min", "max") + TEXT_FUNCTIONS:
            self.impure += 1
        if name in funcs.PLAYER_FUNCTIONS and first.kind == "name" and first.text in PLAYER_SETS and bare:
            self.impure += 1
            self.overflows = True  # a sum past 10**15
            return self.over_players(name, token)
        if name in AGGREGATES:
            return self.aggregate(name, token)
        args = self.arguments()
        if name == "abs":
            _arity(name, args, 1, 1, token, "one value")
            only = args[0]
            return lambda c: abs(as_number(only(c)))
        if name in ("after", "before"):
            _arity(name, args, 1, 2, token, "a player and optionally how many seats")
            return funcs.seat_function(1 if name == "after" else -1, args)
        if name in ("die", "rolled"):
            _arity(name, args, 1, 1, token, "one value")
            return funcs.die(args) if name == "die" else funcs.rolled(args)
        if name == "option":
            _arity(name, args, 1, 1, token, "the name of a variant option, in quotes")
            named = args[0]
            return lambda c: c.option(str(named(c)))
        if name in TEXT_FUNCTIONS:
            _arity(name, args, 2, 2, token, "a text and " + ("a number" if name == "word" else "a text"))
            return funcs.text_function(name, args[0], args[1])
        return shapes.pick(name == "min", args, self.literals)

    def arguments(self) -> list[Fn]:
        """Parse `a, b, ...)` after an opening parenthesis."""
        args = [self.expression(0)]
        while self.peek.text == ",":
            self.take()
            args.append(self.expression(0))
        self.take(")")
        return args

    def over_players(self, name: str, token: Token) -> Fn:
        """Parse `f(players|others[, ...])`: the arguments are evaluated for each player."""
        who = self.take().text
        if who == "others":
            self.own()  # all but the player evaluated for
        self.for_all += who == "players"
        args = []
        while self.peek.text == ",":
            self.take()
            args.append(self.expression(0))
        self.take(")")
        low, high = funcs.PLAYER_FUNCTIONS[name]
        if not low <= len(args) <= high:
            raise ExprError(f"{name}() takes {who} and {_count_words(low, high)}", token.col)
        self.for_all -= who == "players"
        return funcs.per_player(name, who, args)

    def aggregate(self, name: str, token: Token) -> Fn:
        """Parse `f(zone[, ...])` and build the aggregate (nth's n is read outside the components)."""
        zone_token = self.take()
        move_zone = zone_token.text in MOVE_ZONES and (self.names.card or self.names.card_dotted)
        if move_zone:
            self.reads.add("move")
        if zone_token.kind != "name" or (zone_token.text not in self.names.zones and not move_zone):
            raise ExprError(f"{name}() needs a zone first, not {zone_token.text!r}"
                            f"{_hint(zone_token.text, self.names.zones)}", zone_token.col)
        self.used_zones.add(zone_token.text)
        if self.names.zones.get(zone_token.text):
            self.own()  # each player has one: the player's own
        args, reads = [], self.by_reads
        if name == "nth" and self.peek.text == ",":
            self.take()
            args.append(self.expression(0))
        self.item_scope += 1
        while self.peek.text == ",":
            self.take()
            impure, start = self.impure, self.pos
            arg = self.expression(0)
            args.append(funcs.ItemFn(arg, self.span(start, self.pos)) if self.impure == impure else arg)
        self.item_scope -= 1
        self.take(")")
        low, high, build = funcs.ZONE_FUNCTIONS[name]
        if not low <= len(args) <= high:
            raise ExprError(f"{name}() takes a zone and {_count_words(low, high)}", token.col)
        if args or name != "count":
            self.overflows = True  # more components visited than the budget, a sum past 10**15 (count(zone): none)
        return build(zone_token.text, args, self.by_reads > reads)


def _arity(name: str, args: list[Fn], low: int, high: int, token: Token, words: str) -> None:
    """Raise an ExprError when a function gets the wrong number of arguments."""
    if not low <= len(args) <= high:
        raise ExprError(f"{name}() takes {words}", token.col)


def _count_words(low: int, high: int) -> str:
    """Say how many more arguments a function takes."""
    return f"{low} more argument(s)" if low == high else f"{low} to {high} more argument(s)"


def _hint(name: str, known: Any) -> str:
    """Return `; did you mean "x"?` for a close known name, else ''."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f'; did you mean "{close[0]}"?' if close else ""


def resolve_name(parser: _Parser, token: Token) -> Fn:
    """Return the closure reading a name (see the module docstring for the order in which names are tried)."""
    text, names = token.text, parser.names
    if "." in text:
        return _dotted(parser, token)
    if parser.item_scope:
        if text in names.fields:
            return lambda c: c.item.fields.get(text, 0)
        if text == "item":
            return _item_name
    parser.impure += 1
    if parser.item_scope and text == "by":
        parser.by_reads += 1
        return lambda c: c.memo.get(BY, "")
    if text in names.counters:
        parser.used_counters.add(text)
        if names.counters[text]:
            parser.own()  # each player has one: the player's own
        return methodcaller("counter", text)  # a C call: no Python frame of its own
    if text in names.values:
        parser.used_values.add(text)
        parser.value_counts[text] = parser.value_counts.get(text, 0) + 1
        if not parser.for_all:
            parser.own_values.add(text)
        parser.overflows = True  # values read too deep, or depending on themselves
        if text in parser.inline and not parser.for_all:  # for each player in turn: each one's answer is kept
            return names.inline[text]
        return names.values[text]
    if text in VARIABLES:
        if text not in STEADY_VARIABLES:
            parser.reads.add(text)
        elif text != "players":
            parser.own()  # whom it is evaluated for
        if text == "player":
            return _player
        return methodcaller("variable", text)
    if names.card and text in names.fields:
        parser.card_fields.add(text)
        parser.reads.add("move")
        return funcs.card_field(text)
    if (names.card or names.card_dotted) and text == "card":
        parser.reads.add("move")
        return funcs.card_name
    if (names.card or names.card_dotted) and text in MOVE_ZONES:
        parser.reads.add("move")
        return methodcaller("move_zone", text)
    known = list(names.counters) + list(names.values) + list(VARIABLES) + \
        (sorted(names.fields) if parser.item_scope or names.card else [])
    if text in ("card", "item", "by", "others"):
        raise ExprError(_MISPLACED[text], token.col)
    raise ExprError(f"unknown name {text!r}{_hint(text, known)}", token.col)


_AGGREGATE_ONLY = "is only meaningful inside a zone aggregate (count/sum/any/all/first/last/nth/best/...)"
_MISPLACED = {
    "card": "card: this expression belongs to no move that names a component",
    "item": "item is only meaningful inside a zone aggregate (count/sum/any/all/first/last/nth/best/...)",
    "item.<field>": f"item.<field> {_AGGREGATE_ONLY}",
    "by": "by is only meaningful inside a zone aggregate (count/sum/any/all/first/last/nth/best/...)",
    "others": "others is only meaningful as the first argument of count/sum/any/all/max/min/best",
}


_player = attrgetter("player")
"""The variable `player`: whom the expression is evaluated for."""
_item_name = attrgetter("item.name")
"""`item` inside a zone aggregate: the name of the component counted."""


def _dotted(parser: _Parser, token: Token) -> Fn:
    """Resolve `card.field` (the move's component) or `item.field` (the component counted)."""
    head, _, tail = token.text.partition(".")
    if head not in ("card", "item"):
        raise ExprError(f"unknown name {token.text!r} (only card.<field> and item.<field> have a dot)", token.col)
    if tail not in parser.names.fields:
        raise ExprError(f"unknown field {tail!r}{_hint(tail, parser.names.fields)}", token.col + len(head) + 1)
    if head == "item":
        if not parser.item_scope:
            raise ExprError(_MISPLACED["item.<field>"], token.col)
        return lambda c: c.item.fields.get(tail, 0)
    parser.impure += 1
    if not (parser.names.card or parser.names.card_dotted):
        raise ExprError(f"{token.text}: this expression belongs to no move that names a component", token.col)
    parser.card_fields.add(tail)
    parser.reads.add("move")
    return funcs.card_field(tail)

