"""Say which part of a condition failed and with what values: `card.suit == led does not hold: card.suit is
'Kelp', led is 'Shell'`.

The first failing top-level `and` conjunct is named; a comparison quotes its non-literal sides, an `or`
quotes the sides of each of its comparisons, any other value is quoted itself when it is not true/false.
Values are shown as in expressions (texts in quotes, numbers without `.0`); a hidden one is `?`.
"""

from __future__ import annotations

from typing import Any

from playproof.playtest.declared.expr import Compiled, Part
from playproof.playtest.declared.expr_values import TooLarge, Unknown, show


def explain(compiled: Compiled, ctx: Any) -> str:
    """Return the first failing conjunct of a condition with the values that made it fail (or that it holds)."""
    for part in compiled.conjuncts:
        try:
            if part.fn(ctx):
                continue
        except (Unknown, TooLarge):
            return f"{part.text} cannot be told: {_values(part, ctx) or part.text + ' is ?'}"
        values = _values(part, ctx)
        return f"{part.text} does not hold" + (f": {values}" if values else "")
    return f"{compiled.text.strip()} holds"


def _values(part: Part, ctx: Any) -> str:
    """Return `x is 1, y is 'a'` for the values a part was decided by ('' when there is nothing to add)."""
    quoted: dict[str, str] = {}
    _collect(part, ctx, quoted)
    return ", ".join(f"{text} is {value}" for text, value in quoted.items())


def _collect(part: Part, ctx: Any, quoted: dict[str, str]) -> None:
    """Add the quoted values of a part's sides (of each alternative for an `or`) to quoted, by text."""
    if part.kind == "compare":
        for side in part.sides:
            if not side.literal and side.text not in quoted:
                quoted[side.text] = _shown(side.fn, ctx)
    elif part.kind in ("or", "and"):
        for alternative in part.alternatives:
            _collect(alternative, ctx, quoted)
    elif part.text not in quoted:
        value = _shown(part.fn, ctx)
        if value not in ("true", "false"):
            quoted[part.text] = value


def _shown(fn: Any, ctx: Any) -> str:
    """Return a closure's value as an explanation shows it ('?' when it cannot be told)."""
    try:
        return show(fn(ctx))
    except (Unknown, TooLarge):
        return "?"
