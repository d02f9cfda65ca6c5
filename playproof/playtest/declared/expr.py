"""The expression language of rules sheets: tokenizer and Pratt parser compiled once into closures.

User text is never handed to Python's eval/exec/compile: every operator and function is a closure
built here. An expression reads numbers, 'texts', counters, fields of components and named values,
and the aggregates count/sum/any/all/first/last/best over a zone.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Callable

Fn = Callable[[Any], Any]
"""A compiled expression: takes an evaluation context (see state.Ctx) and returns a value."""


class ExprError(ValueError):
    """An expression that does not parse or names something unknown; `col` is 1-based."""

    def __init__(self, message: str, col: int) -> None:
        super().__init__(message)
        self.col = col


class Unknown(Exception):
    """Raised while evaluating when the value depends on a component hidden by `?`."""


_TOKEN = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<str>'[^']*'|\"[^\"]*\")|(?P<name>[A-Za-z_][A-Za-z0-9_]*"
                    r"(?:\.[A-Za-z_][A-Za-z0-9_]*)?)|(?P<op>//|==|!=|<=|>=|[-+*/%<>(),]))")

KEYWORDS = frozenset(("and", "or", "not", "if", "else", "true", "false"))
AGGREGATES = ("count", "sum", "any", "all", "first", "last", "best")
"""Functions whose first argument is a zone; the rest are evaluated once per component in it."""
FUNCTIONS = ("min", "max", "abs") + AGGREGATES
VARIABLES = ("player", "current", "players", "seat", "round", "turn", "actions")
"""Names every expression may read: the player's name, whose turn it is, how many play, the player's seat,
the round, the turn (1 for the first), and the actions made in the current turn."""


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    col: int


def tokenize(text: str) -> list[Token]:
    """Split an expression into tokens; a character no token starts with is an ExprError."""
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            if text[pos:].strip() == "":
                break
            bad = len(text) - len(text[pos:].lstrip()) + 1
            raise ExprError(f"unexpected character {text[bad - 1]!r}", bad)
        kind = match.lastgroup or "op"
        value = match.group(kind)
        col = match.start(kind) + 1
        tokens.append(Token("kw" if kind == "name" and value in KEYWORDS else kind, value, col))
        pos = match.end()
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


@dataclass
class Names:
    """What an expression may name, and how each name is read (filled by the game compiler)."""

    zones: dict[str, bool] = field(default_factory=dict)
    """zone name -> True when each player has one."""
    counters: dict[str, bool] = field(default_factory=dict)
    values: dict[str, Fn] = field(default_factory=dict)
    """Named values; the callable looks the compiled value up when evaluated (so order does not matter)."""
    fields: set[str] = field(default_factory=set)
    card: bool = False
    """True when the expression belongs to a move naming a component (`card.x`, bare fields allowed)."""


@dataclass
class Compiled:
    """A compiled expression with the names it refers to."""

    fn: Fn
    text: str
    values: set[str] = field(default_factory=set)
    card_fields: set[str] = field(default_factory=set)
    zones: set[str] = field(default_factory=set)


def compile_expr(text: str, names: Names) -> Compiled:
    """Parse and compile an expression once; raise ExprError with the column of the problem."""
    parser = _Parser(tokenize(text), names, text)
    fn = parser.expression(0)
    if parser.peek.kind != "end":
        raise ExprError(f"unexpected {parser.peek.text!r}", parser.peek.col)
    return Compiled(fn, text, parser.used_values, parser.card_fields, parser.used_zones)


_BINARY: dict[str, tuple[int, Callable[[Any, Any], Any]]] = {
    "or": (2, lambda a, b: a or b), "and": (3, lambda a, b: a and b),
    "==": (5, lambda a, b: a == b), "!=": (5, lambda a, b: a != b),
    "<": (5, lambda a, b: _order(a, b) < 0), "<=": (5, lambda a, b: _order(a, b) <= 0),
    ">": (5, lambda a, b: _order(a, b) > 0), ">=": (5, lambda a, b: _order(a, b) >= 0),
    "+": (6, lambda a, b: as_number(a) + as_number(b)), "-": (6, lambda a, b: as_number(a) - as_number(b)),
    "*": (7, lambda a, b: as_number(a) * as_number(b)), "/": (7, lambda a, b: _div(a, b)),
    "//": (7, lambda a, b: _div(a, b)), "%": (7, lambda a, b: as_number(a) % as_number(b) if as_number(b) else 0),
}


def as_number(value: Any) -> int | float:
    """Return a value as a number: texts that are not numbers, and empty cells, count as 0."""
    if isinstance(value, (int, float)):
        return value
    try:
        return float(value) if "." in str(value) else int(value)
    except (TypeError, ValueError):
        return 0


def _div(a: Any, b: Any) -> int | float:
    """Divide rounding down; dividing by zero gives 0."""
    den = as_number(b)
    return as_number(a) // den if den else 0


def _order(a: Any, b: Any) -> int:
    """Compare numbers as numbers and anything else as text."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return (a > b) - (a < b)
    x, y = str(a), str(b)
    return (x > y) - (x < y)


class _Parser:
    """Precedence climbing over tokens, producing closures directly."""

    def __init__(self, tokens: list[Token], names: Names, text: str) -> None:
        self.tokens, self.pos, self.names, self.text = tokens, 0, names, text
        self.item_scope = 0
        self.used_values: set[str] = set()
        self.card_fields: set[str] = set()
        self.used_zones: set[str] = set()

    @property
    def peek(self) -> Token:
        return self.tokens[self.pos]

    def take(self, text: str | None = None) -> Token:
        """Consume a token (which must read `text` when given)."""
        token = self.tokens[self.pos]
        if text is not None and token.text != text:
            found = repr(token.text) if token.kind != "end" else "the end"
            raise ExprError(f"expected {text!r}, found {found}", token.col)
        self.pos += 1
        return token

    def expression(self, min_bp: int) -> Fn:
        """Parse an expression whose operators bind tighter than min_bp."""
        left = self.prefix()
        while True:
            token = self.peek
            if token.text == "if" and min_bp < 1:
                left = self.conditional(left)
                continue
            op = _BINARY.get(token.text) if token.kind in ("op", "kw") else None
            if op is None or op[0] <= min_bp:
                return left
            self.take()
            right = self.expression(op[0])
            left = _combine(token.text, op[1], left, right)

    def conditional(self, then: Fn) -> Fn:
        """Parse `then if cond else other`."""
        self.take("if")
        cond = self.expression(1)
        self.take("else")
        other = self.expression(0)
        return lambda c: then(c) if cond(c) else other(c)

    def prefix(self) -> Fn:
        """Parse a number, text, name, call, parenthesised expression, `-x` or `not x`."""
        token = self.take()
        if token.kind == "num":
            value = float(token.text) if "." in token.text else int(token.text)
            return lambda c: value
        if token.kind == "str":
            text = token.text[1:-1]
            return lambda c: text
        if token.text in ("true", "false"):
            flag = token.text == "true"
            return lambda c: flag
        if token.text == "not":
            inner = self.expression(4)
            return lambda c: not inner(c)
        if token.text == "-":
            inner = self.expression(8)
            return lambda c: -as_number(inner(c))
        if token.text == "(":
            inner = self.expression(0)
            self.take(")")
            return inner
        if token.kind == "name":
            return self.call(token) if self.peek.text == "(" else self.name(token)
        found = "the end" if token.kind == "end" else repr(token.text)
        raise ExprError(f"expected a value, found {found}", token.col)

    def name(self, token: Token) -> Fn:
        """Resolve a name at compile time: item field, card field, counter, value, variable."""
        return resolve_name(self, token)

    def call(self, token: Token) -> Fn:
        """Parse a function call."""
        name = token.text
        if name not in FUNCTIONS:
            raise ExprError(f"unknown function {name!r}{_hint(name, FUNCTIONS)}", token.col)
        self.take("(")
        if name in AGGREGATES:
            return self.aggregate(name, token)
        args = self.arguments()
        if name == "abs":
            if len(args) != 1:
                raise ExprError("abs takes one value", token.col)
            only = args[0]
            return lambda c: abs(as_number(only(c)))
        pick = min if name == "min" else max
        return lambda c: pick(as_number(a(c)) for a in args)

    def arguments(self) -> list[Fn]:
        """Parse `a, b, ...)` after an opening parenthesis."""
        args = [self.expression(0)]
        while self.peek.text == ",":
            self.take()
            args.append(self.expression(0))
        self.take(")")
        return args

    def aggregate(self, name: str, token: Token) -> Fn:
        """Parse `f(zone[, expr[, cond]])` and build the aggregate."""
        zone_token = self.take()
        if zone_token.kind != "name" or zone_token.text not in self.names.zones:
            raise ExprError(f"{name}() needs a zone first, not {zone_token.text!r}"
                            f"{_hint(zone_token.text, self.names.zones)}", zone_token.col)
        self.used_zones.add(zone_token.text)
        self.item_scope += 1
        args = []
        while self.peek.text == ",":
            self.take()
            args.append(self.expression(0))
        self.item_scope -= 1
        self.take(")")
        return build_aggregate(name, zone_token.text, args, token.col)


def _combine(op: str, fn: Callable[[Any, Any], Any], left: Fn, right: Fn) -> Fn:
    """Return the closure of a binary operator (and/or short-circuit)."""
    if op == "and":
        return lambda c: left(c) and right(c)
    if op == "or":
        return lambda c: left(c) or right(c)
    return lambda c: fn(left(c), right(c))


def _hint(name: str, known: Any) -> str:
    """Return `; did you mean "x"?` for a close known name, else ''."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f'; did you mean "{close[0]}"?' if close else ""


def resolve_name(parser: _Parser, token: Token) -> Fn:
    """Return the closure reading a name (see the docs for the order in which names are tried)."""
    text, names = token.text, parser.names
    if "." in text:
        return _dotted(parser, token)
    if parser.item_scope and text in names.fields:
        return lambda c: c.item.fields.get(text, 0)
    if text in names.counters:
        return _counter(text, names.counters[text])
    if text in names.values:
        parser.used_values.add(text)
        value = names.values[text]
        return lambda c: value(c)
    if text in VARIABLES:
        return lambda c: c.variable(text)
    if names.card and text in names.fields:
        parser.card_fields.add(text)
        return _card_field(text)
    known = list(names.counters) + list(names.values) + list(VARIABLES) + \
        (sorted(names.fields) if parser.item_scope or names.card else [])
    raise ExprError(f"unknown name {text!r}{_hint(text, known)}", token.col)


def _dotted(parser: _Parser, token: Token) -> Fn:
    """Resolve `card.field` (the move's component) or `item.field` (the component counted)."""
    head, _, tail = token.text.partition(".")
    if head not in ("card", "item"):
        raise ExprError(f"unknown name {token.text!r} (only card.<field> and item.<field> have a dot)", token.col)
    if tail not in parser.names.fields:
        raise ExprError(f"unknown field {tail!r}{_hint(tail, parser.names.fields)}", token.col + len(head) + 1)
    if head == "item":
        if not parser.item_scope:
            raise ExprError("item.<field> is only meaningful inside count/sum/any/all/first/last/best", token.col)
        return lambda c: c.item.fields.get(tail, 0)
    if not parser.names.card:
        raise ExprError(f"{token.text}: this expression belongs to no move that names a component", token.col)
    parser.card_fields.add(tail)
    return _card_field(tail)


def _card_field(name: str) -> Fn:
    """Return a reader of the move's component's field (Unknown when the component is hidden)."""
    def read(c: Any) -> Any:
        card = c.card
        if card is None:
            raise Unknown(name)
        return card.fields.get(name, 0)
    return read


def _counter(name: str, per_player: bool) -> Fn:
    """Return a reader of a counter (the context player's own when each player has one)."""
    if per_player:
        return lambda c: c.state.counters[name][c.player]
    return lambda c: c.state.counters[name][""]


def build_aggregate(name: str, zone: str, args: list[Fn], col: int) -> Fn:
    """Return the closure of an aggregate over a zone's components."""
    wanted = {"count": (0, 1), "sum": (1, 2), "any": (1, 1), "all": (1, 1), "first": (1, 1), "last": (1, 1),
              "best": (1, 2)}[name]
    if not wanted[0] <= len(args) <= wanted[1]:
        raise ExprError(f"{name}() takes a zone and {_arity(wanted)}", col)
    return _AGGREGATE_BUILDERS[name](zone, args)


def _arity(wanted: tuple[int, int]) -> str:
    low, high = wanted
    return f"{low} more argument(s)" if low == high else f"{low} to {high} more argument(s)"


def _items(c: Any, zone: str) -> list[Any]:
    """Return the (component, by) entries of a zone as the context sees it (flagging uncertainty)."""
    return c.zone_items(zone)


def _count(zone: str, args: list[Fn]) -> Fn:
    if not args:
        return lambda c: c.zone_size(zone)
    cond = args[0]
    return lambda c: _tally(c, zone, cond)


def _tally(c: Any, zone: str, cond: Fn) -> int:
    saved, found = c.item, 0
    for comp, _ in _items(c, zone):
        c.item = comp
        found += 1 if cond(c) else 0
    c.item = saved
    return found


def _sum(zone: str, args: list[Fn]) -> Fn:
    value = args[0]
    cond = args[1] if len(args) > 1 else None
    def total(c: Any) -> int | float:
        saved, found = c.item, 0
        for comp, _ in _items(c, zone):
            c.item = comp
            if cond is None or cond(c):
                found += as_number(value(c))
        c.item = saved
        return found
    return total


def _any(zone: str, args: list[Fn]) -> Fn:
    return lambda c: _tally(c, zone, args[0]) > 0


def _all(zone: str, args: list[Fn]) -> Fn:
    cond = args[0]
    return lambda c: _tally(c, zone, lambda k: not cond(k)) == 0


def _end(zone: str, args: list[Fn], index: int) -> Fn:
    value = args[0]
    def read(c: Any) -> Any:
        entries = _items(c, zone)
        if not entries:
            return ""
        saved, c.item = c.item, entries[index][0]
        found = value(c)
        c.item = saved
        return found
    return read


def _best(zone: str, args: list[Fn]) -> Fn:
    """Return the player who put the component with the highest value (the earliest on a tie)."""
    value = args[0]
    cond = args[1] if len(args) > 1 else None
    def read(c: Any) -> Any:
        saved, best, who = c.item, None, ""
        for comp, by in _items(c, zone):
            c.item = comp
            if cond is None or cond(c):
                score = as_number(value(c))
                if best is None or score > best:
                    best, who = score, by
        c.item = saved
        return who
    return read


_AGGREGATE_BUILDERS: dict[str, Callable[[str, list[Fn]], Fn]] = {
    "count": _count, "sum": _sum, "any": _any, "all": _all, "best": _best,
    "first": lambda z, a: _end(z, a, 0), "last": lambda z, a: _end(z, a, -1),
}
