"""Closures for the common shapes of an expression, so that one call does what several small ones did.

A comparison, an arithmetic chain, `a if cond else b`, min and max are each built as one closure that reads
its operands and combines them inline when they are plain numbers, and falls back on the general functions
of expr_values (texts compared ignoring case, numeric texts, bounds) for anything else: each gives exactly
the value, and raises exactly the error, that the general composition of its parts gives. A literal operand
(see `Literals`) is captured as its value instead of being called.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

from playproof.playtest.declared.expr_values import (LIMIT, Fn, add, as_number, divide, equal, modulo, multiply, order,
                                                     subtract)

NUMBERS = (int, float)
_NONE = object()
SPECIALISE = True
"""False builds every shape as the general composition of its parts (the reference the tests compare with)."""

Literals = dict[int, tuple[Fn, Any]]
"""id(closure) -> (the closure, its constant value) for the literals of one expression (the closure is kept so
that its id is never reused while the expression is compiled)."""

_TESTS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}
"""How two numbers compare."""
_GENERAL_TESTS: dict[str, Callable[[Any, Any], Any]] = {
    "==": equal, "!=": lambda a, b: not equal(a, b), "<": lambda a, b: order(a, b) < 0,
    "<=": lambda a, b: order(a, b) <= 0, ">": lambda a, b: order(a, b) > 0, ">=": lambda a, b: order(a, b) >= 0,
}
"""How anything else compares (see expr_values.equal and order)."""
COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    op: (lambda test, general: lambda a, b: test(a, b) if type(a) in NUMBERS and type(b) in NUMBERS
         else general(a, b))(_TESTS[op], _GENERAL_TESTS[op]) for op in _TESTS}
"""Each comparison of two values (numbers take the fast path)."""
ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": add, "-": subtract, "*": multiply, "/": divide, "//": divide, "%": modulo,
}
_INTEGER: dict[str, Callable[[int, int], int]] = {"+": operator.add, "-": operator.sub, "*": operator.mul}
"""The operators whose result for two whole numbers is Python's own (when within the bounds)."""


def literal(literals: Literals, fn: Fn) -> Any:
    """Return the constant value of a literal's closure, or _NONE."""
    found = literals.get(id(fn))
    return found[1] if found is not None and found[0] is fn else _NONE


def compare(op: str, left: Fn, right: Fn, literals: Literals) -> Fn:
    """Return the closure of `left op right` (a number literal on either side is captured)."""
    test, general = _TESTS[op], _GENERAL_TESTS[op]
    if not SPECIALISE:
        compared = COMPARE[op]
        return lambda c: compared(left(c), right(c))
    k = literal(literals, right)
    if type(k) in NUMBERS:
        def against(c: Any) -> Any:
            x = left(c)
            return test(x, k) if type(x) in NUMBERS else general(x, k)
        return against
    k = literal(literals, left)
    if type(k) in NUMBERS:
        def from_literal(c: Any) -> Any:
            y = right(c)
            return test(k, y) if type(y) in NUMBERS else general(k, y)
        return from_literal

    def both(c: Any) -> Any:
        x, y = left(c), right(c)
        return test(x, y) if type(x) in NUMBERS and type(y) in NUMBERS else general(x, y)
    return both


def logic(kind: str, operands: list[Fn]) -> Fn:
    """Return the short-circuiting closure of a chain of `and` or of `or` (the deciding value, as Python)."""
    if len(operands) == 2:
        a, b = operands
        return (lambda c: a(c) and b(c)) if kind == "and" else (lambda c: a(c) or b(c))
    if len(operands) == 3:
        a, b, d = operands
        return (lambda c: a(c) and b(c) and d(c)) if kind == "and" else (lambda c: a(c) or b(c) or d(c))
    if len(operands) == 4:
        a, b, d, e = operands
        return (lambda c: a(c) and b(c) and d(c) and e(c)) if kind == "and" else \
            (lambda c: a(c) or b(c) or d(c) or e(c))
    stop_on_true = kind == "or"

    def run(c: Any) -> Any:
        value: Any = None
        for f in operands:
            value = f(c)
            if bool(value) == stop_on_true:
                return value
        return value
    return run


def chain(ops: list[Callable[[Any, Any], Any]], operands: list[Fn]) -> Fn:
    """Return the closure folding operands left to right with ops (one loop, however long the chain)."""
    if len(ops) == 1:
        op, a, b = ops[0], operands[0], operands[1]
        return lambda c: op(a(c), b(c))
    head, pairs = operands[0], list(zip(ops, operands[1:]))

    def run(c: Any) -> Any:
        value = head(c)
        for op, f in pairs:
            value = op(value, f(c))
        return value
    return run


def arithmetic(ops: list[str], operands: list[Fn], literals: Literals) -> Fn:
    """Return the closure folding operands left to right with arithmetic operators (one loop, however long)."""
    if not SPECIALISE:
        return _general(ops, operands)
    if len(ops) == 1:
        return _pair(ops[0], operands[0], operands[1], literals)
    head = operands[0]
    steps = tuple((_INTEGER.get(op), ARITHMETIC[op], f) for op, f in zip(ops, operands[1:]))

    def run(c: Any) -> Any:
        value = head(c)
        for whole, general, f in steps:
            y = f(c)
            if whole is not None and type(value) is int and type(y) is int:
                found = whole(value, y)
                if -LIMIT <= found <= LIMIT:
                    value = found
                    continue
            value = general(value, y)
        return value
    return run


def _general(ops: list[str], operands: list[Fn]) -> Fn:
    """Return the fold of operands with the general arithmetic functions (expr_values.add, ...)."""
    head, steps = operands[0], tuple((ARITHMETIC[op], f) for op, f in zip(ops, operands[1:]))

    def run(c: Any) -> Any:
        value = head(c)
        for general, f in steps:
            value = general(value, f(c))
        return value
    return run


def _pair(op: str, left: Fn, right: Fn, literals: Literals) -> Fn:
    """Return the closure of `left op right` for one arithmetic operator."""
    general, whole = ARITHMETIC[op], _INTEGER.get(op)
    if whole is None:
        return lambda c: general(left(c), right(c))
    k = literal(literals, right)
    if type(k) is int:
        def against(c: Any) -> Any:
            x = left(c)
            if type(x) is int:
                found = whole(x, k)
                if -LIMIT <= found <= LIMIT:
                    return found
            return general(x, k)
        return against
    k = literal(literals, left)
    if type(k) is int:
        def from_literal(c: Any) -> Any:
            y = right(c)
            if type(y) is int:
                found = whole(k, y)
                if -LIMIT <= found <= LIMIT:
                    return found
            return general(k, y)
        return from_literal

    def both(c: Any) -> Any:
        x, y = left(c), right(c)
        if type(x) is int and type(y) is int:
            found = whole(x, y)
            if -LIMIT <= found <= LIMIT:
                return found
        return general(x, y)
    return both


def conditional(then: Fn, cond: Fn, other: Fn, literals: Literals) -> Fn:
    """Return the closure of `then if cond else other` (literal branches captured)."""
    a, b = literal(literals, then), literal(literals, other)
    if not SPECIALISE:
        return lambda c: then(c) if cond(c) else other(c)
    if a is not _NONE and b is not _NONE:
        return lambda c: a if cond(c) else b
    if a is not _NONE:
        return lambda c: a if cond(c) else other(c)
    if b is not _NONE:
        return lambda c: then(c) if cond(c) else b
    return lambda c: then(c) if cond(c) else other(c)


def pick(smallest: bool, args: list[Fn], literals: Literals) -> Fn:
    """Return the closure of min(a, b, ...) or max(a, b, ...) (each value read as a number)."""
    choose = min if smallest else max
    if len(args) != 2 or not SPECIALISE:
        return lambda c: choose(as_number(a(c)) for a in args)
    first, second = args
    k = literal(literals, first)
    if type(k) in NUMBERS:
        def from_literal(c: Any) -> Any:
            y = second(c)
            return choose(k, y if type(y) in NUMBERS else as_number(y))
        return from_literal

    def both(c: Any) -> Any:
        x = first(c)
        x = x if type(x) in NUMBERS else as_number(x)
        y = second(c)
        return choose(x, y if type(y) in NUMBERS else as_number(y))
    return both
