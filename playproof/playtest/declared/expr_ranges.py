"""A condition asked for many candidates at once: the parts that read the candidate, and those that do not.

Listing a player's moves asks a row's condition for every candidate: each number a bid may state (driftwood-auction's
`amount > high_bid and amount <= coins`, for 21 numbers), each component a move may take (reef-divers'
`roll > 0 and not out_of_air and card.depth <= roll`, per pearl). split_condition() splits the condition's top-level
`and` parts into those that read the candidate (`amount`, or `move` for the move's component) and those that do not,
so that the referee asks the latter once:

    split = split_condition(spec.condition_parts, "amount", names)      # once, when the rules are compiled
    ...
    allowed = split.allowed(ctx, AMOUNTS) if split else None           # per listing, ctx for the move with no number
    for amount in (AMOUNTS if allowed is None else allowed): ...       # each candidate still checked in full

`allowed` is exact: every candidate it leaves out would fail the condition (so `check` would find the move wrong),
and it answers None (ask each one) whenever it cannot be sure: a part that could not be worked out (hidden, too
large), a bound that is not a number, or a part that reads the candidate otherwise than as `name < value`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from playproof.playtest.declared.expr import Compiled, ExprError, Names, Part, compile_expr
from playproof.playtest.declared.expr_values import Fn, TooLarge, Unknown

FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
"""`value op name` written the other way round: `name FLIPPED[op] value`."""


@dataclass(frozen=True)
class Conjunct:
    """One top-level `and` part of a condition."""

    fn: Fn
    """The part itself; for a bound, the value the candidate is compared with."""
    whole: Fn
    """The part itself."""
    reads: bool
    """Whether it reads the candidate."""
    op: str = ""
    """For a bound (`name op value`): `<`, `<=`, `>`, `>=` or `==`; '' for any other part."""
    overflows: bool = True
    """Whether working it out may stop with TooLarge (parts that read the candidate)."""


@dataclass(frozen=True)
class Split:
    """A condition's top-level `and` parts, each known to read the candidate (`name`) or not, in order."""

    name: str
    parts: tuple[Conjunct, ...]

    @property
    def bounded(self) -> bool:
        """True when every part that reads the candidate is a bound (`amount <= coins`): `allowed` can answer."""
        return all(part.op for part in self.parts if part.reads)

    def once(self, c: Any) -> bool | None:
        """Ask the parts that do not read the candidate: False when no candidate can pass, True when they all hold,
        None when it cannot tell (a part hidden or too large, or hidden components read: `c.uncertain`; or a
        part that does not hold comes after one reading the candidate that could stop with TooLarge first)."""
        risky, was = False, c.uncertain
        c.uncertain = False
        try:
            for part in self.parts:
                if part.reads:
                    risky = risky or part.overflows
                elif not part.fn(c):
                    return None if risky or c.uncertain else False
            return None if c.uncertain else True
        except (Unknown, TooLarge):
            return None
        finally:
            c.uncertain = was or c.uncertain

    def each(self, c: Any) -> Any:
        """Ask only the parts that read the candidate, in order (`and`: the deciding value); meaningful after
        `once` answered True for a context of the same move."""
        found: Any = True
        for part in self.parts:
            if part.reads:
                found = part.whole(c)
                if not found:
                    return found
        return found

    def allowed(self, c: Any, candidates: range) -> range | None:
        """Return the candidate whole numbers (a range of step 1) every part lets through, in order (empty when a part
        that does not read the candidate fails); None when it cannot tell (see the module docstring)."""
        if not self.bounded or candidates.step != 1:
            return None
        low, high = candidates.start, candidates.stop - 1
        try:
            for part in self.parts:
                if not part.op:
                    if not part.fn(c):
                        return range(candidates.start, candidates.start)
                    continue
                value = part.fn(c)
                if type(value) not in (int, float) or not math.isfinite(value):
                    return None  # a text or true/false compares otherwise: ask each
                low, high = _narrow(part.op, value, low, high)
        except (Unknown, TooLarge):
            return None
        return range(low, max(low, high + 1))


def _narrow(op: str, value: int | float, low: int, high: int) -> tuple[int, int]:
    """Return the whole numbers low..high that also satisfy `n op value`."""
    if op == ">":
        return max(low, math.floor(value) + 1), high
    if op == ">=":
        return max(low, math.ceil(value)), high
    if op == "<":
        return low, min(high, math.ceil(value) - 1)
    if op == "<=":
        return low, min(high, math.floor(value))
    if value != int(value):
        return low, low - 1  # == a fraction: no whole number
    return max(low, int(value)), min(high, int(value))


def split_condition(condition: Compiled | None, name: str, names: Names) -> Split | None:
    """Split a condition's top-level `and` parts into those that read `name` (a variable: `amount`; or `move`, what
    the move names) and those that do not; None when no part reads it or one cannot be compiled alone."""
    if condition is None:
        return None
    parts = []
    for part in condition.conjuncts:
        found = _alone(part.text, names)
        if found is None:
            return None
        if name not in _reads(found, names):
            parts.append(Conjunct(part.fn, part.fn, False))
            continue
        parts.append(_as_bound(part, name, names) or Conjunct(part.fn, part.fn, True, "", found.overflows))
    if not any(part.reads for part in parts):
        return None
    return Split(name, tuple(parts))


def _alone(text: str, names: Names) -> Compiled | None:
    """Compile a part of a condition alone (None when it does not compile so)."""
    try:
        return compile_expr(text, names)
    except ExprError:
        return None


def _reads(found: Compiled, names: Names) -> set[str]:
    """Return the variables an expression reads, through the named values it reads (see Names.value_reads); a value
    whose reads are not known reads everything it might (`move` and every variable)."""
    read = set(found.reads)
    for value in found.values:
        known = names.value_reads.get(value)
        read |= known if known is not None else {"move", "amount", "target", "x", "y", "player", "current", "round",
                                                 "turn", "actions", "first", "dealer", "roll", "started"}
    return read


def _as_bound(part: Part, name: str, names: Names) -> Conjunct | None:
    """Return `name op value` (or `value op name`) as a bound, when the other side does not read the name."""
    if part.kind != "compare" or len(part.sides) != 2 or len(part.ops) != 1 or part.ops[0] not in FLIPPED:
        return None
    left, right = part.sides
    for mine, other, op in ((left, right, part.ops[0]), (right, left, FLIPPED[part.ops[0]])):
        alone = _alone(other.text, names)
        if mine.text.strip() == name and _is_variable(mine.text, name, names) and alone is not None and \
                name not in _reads(alone, names):
            return Conjunct(other.fn, part.fn, True, op, False)
    return None


def _is_variable(text: str, name: str, names: Names) -> bool:
    """Return True when `text` is the bare variable `name` (not a counter or value of that name)."""
    found = _alone(text, names)
    return found is not None and found.reads == {name} and not (found.values or found.counters or found.zones or
                                                                found.card_fields)
