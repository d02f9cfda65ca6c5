"""The values of the expression language: errors, numbers and texts, comparisons, bounds, memoized names.

The bottom of the expression layer (expr.py, expr_functions.py, explain.py and template.py import it);
it imports nothing from the rest of playproof.playtest.declared.
"""

from __future__ import annotations

import math
import re
import threading
from typing import Any, Callable, Iterator

Fn = Callable[[Any], Any]
"""A compiled expression: takes an evaluation context (see state.Ctx) and returns a value."""

LIMIT = 10 ** 15
"""The largest magnitude an arithmetic result may have (TooLarge beyond it)."""
MAX_DIGITS = 15
"""The most digits a number literal (or a text read as a number) may have."""
BY = ("", "by")
"""The key in `c.memo` holding the player who put the component being iterated (the pseudo-field `by`)."""

_NUMERIC_TEXT = re.compile(r"\s*-?[0-9]+(?:\.[0-9]+)?\s*", re.ASCII)


class ExprError(ValueError):
    """An expression that does not parse or names something unknown; `col` is 1-based."""

    def __init__(self, message: str, col: int) -> None:
        super().__init__(message)
        self.col = col


class Unknown(Exception):
    """Raised while evaluating when the value depends on a component hidden by `?`."""


class TooLarge(Exception):
    """Raised while evaluating when a number grows past 10**15 or a named value depends on itself."""


def numeric(value: Any) -> int | float | None:
    """Return a number, or a text that reads as a number (at most 15 digits), as a number; else None."""
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str) and _NUMERIC_TEXT.fullmatch(value) and sum(ch.isdigit() for ch in value) <= MAX_DIGITS:
        text = value.strip()
        return float(text) if "." in text else int(text)
    return None


def as_number(value: Any) -> int | float:
    """Return a value as a number: texts that are not numbers, and empty cells, count as 0."""
    if isinstance(value, (int, float)):
        return value
    found = numeric(value)
    return 0 if found is None else found


def bounded(value: int | float) -> int | float:
    """Return an arithmetic result, raising TooLarge when its magnitude passes 10**15 (or it is not finite)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise TooLarge("a number is too large")
    if value > LIMIT or value < -LIMIT:
        raise TooLarge(f"a number is too large (more than {LIMIT:,})")
    return value


def add(a: Any, b: Any) -> int | float:
    """Return a + b (bounded)."""
    return bounded(as_number(a) + as_number(b))


def subtract(a: Any, b: Any) -> int | float:
    """Return a - b (bounded)."""
    return bounded(as_number(a) - as_number(b))


def multiply(a: Any, b: Any) -> int | float:
    """Return a * b (bounded)."""
    return bounded(as_number(a) * as_number(b))


def divide(a: Any, b: Any) -> int | float:
    """Divide rounding down; dividing by zero gives 0."""
    den = as_number(b)
    return bounded(as_number(a) // den) if den else 0


def modulo(a: Any, b: Any) -> int | float:
    """Return the remainder (0 when dividing by zero)."""
    den = as_number(b)
    return bounded(as_number(a) % den) if den else 0


def equal(a: Any, b: Any) -> bool:
    """Compare texts case-insensitively, a number with numeric text as numbers, anything else as Python does."""
    if a == b:
        return True
    if type(a) is type(b) and type(a) is not str:
        return False
    if isinstance(a, str) and isinstance(b, str):
        return a.casefold() == b.casefold()
    if isinstance(a, str) or isinstance(b, str):
        x, y = numeric(a), numeric(b)
        if x is not None and y is not None:
            return x == y
        return False
    return False


def order(a: Any, b: Any) -> int:
    """Compare numbers (and a number with numeric text) as numbers, anything else as text, ignoring case."""
    if not (isinstance(a, str) and isinstance(b, str)):
        x, y = numeric(a), numeric(b)
        if x is not None and y is not None:
            return (x > y) - (x < y)
    p, q = show_plain(a).casefold(), show_plain(b).casefold()
    return (p > q) - (p < q)


def show_plain(value: Any) -> str:
    """Return a value as text for reading: numbers without `.0`, true/false, components by name."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, int) and value.bit_length() > 10_000:
        return "a number too large to show"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{round(value, 6):.15g}"
    if not isinstance(value, (str, int, float)) and hasattr(value, "name"):
        return str(value.name)
    return str(value)


def show(value: Any) -> str:
    """Return a value as an explanation quotes it: texts in quotes, everything else as show_plain."""
    return repr(value) if isinstance(value, str) else show_plain(value)


MAX_VALUE_DEPTH = 100
"""How many named values may be read one inside another (a value reading a value reading ...)."""
_nesting = threading.local()


Sharing = tuple[tuple[str, ...], bool]
"""How a named value's answer is kept for the table: the changing variables it reads (current, round, roll...), and
whether it depends on whom it is evaluated for."""


def memoized(name: str, fn: Fn | dict[str, Fn], sharing: dict[str, Sharing] | None = None) -> Fn:
    """Wrap a named value so it is computed once per evaluation, player, card, item and `by`, via `c.memo`.

    `fn` is the value's closure, or the table (name -> closure) that holds it once every value is compiled.

    `c.memo` must be a fresh dict per top-level evaluation (and per c.for_player context). A value that
    (through others) depends on itself, or values read more than MAX_VALUE_DEPTH inside one another, raise
    TooLarge instead of recursing without end.

    A value named in `sharing` reads nothing of a move (its card, amount, target, cell or zones): outside an
    aggregate its answer for a player is also kept across evaluations while the table is unchanged
    (`c.shared_values()`: dropped when a zone or counter changes), keyed by the parts of the flow it reads
    (`sharing[name]`: current, round, roll...) and, when it depends on whom it is for, the player (a value read only
    for every player in turn, `max(players, mine)`, is worked out once for all). Whether hidden components left it
    uncertain is kept with it.
    """
    busy = object()
    table = fn if isinstance(fn, dict) else {name: fn}

    def read(c: Any) -> Any:
        memo = c.memo
        flow = sharing.get(name) if sharing is not None else None
        if flow is not None and c.item is None and not memo.get(BY):  # it reads no card: keyed by whom it is for
            key: tuple = (name, c.player)
            found = memo.get(key, memo)
            if found is busy:
                raise TooLarge(f"the value {name!r} depends on itself")
            if found is not memo:
                return found
            shared_values = getattr(c, "shared_values", None)
            kept = shared_values() if shared_values is not None else None
            if kept is None:
                return _compute(c, key, memo)
            fields, per_player = flow
            shared_key = (name, c.player if per_player else "", c.flow_values(fields) if fields else ())
            found = kept.get(shared_key)
            if found is not None:
                if found[1]:
                    c.uncertain = True
                memo[key] = found[0]
                return found[0]
            return _compute(c, key, memo, kept, shared_key)
        key = (name, c.player, id(c.card), id(c.item), memo.get(BY))
        found = memo.get(key, memo)
        if found is busy:
            raise TooLarge(f"the value {name!r} depends on itself")
        if found is not memo:
            return found
        return _compute(c, key, memo)

    def _compute(c: Any, key: tuple, memo: dict, kept: dict | None = None, shared_key: tuple = ()) -> Any:
        """Work the value out (kept for the table too, with whether it is uncertain, when `kept` is given)."""
        depth = getattr(_nesting, "depth", 0)
        if depth >= MAX_VALUE_DEPTH:
            raise TooLarge(f"values are read more than {MAX_VALUE_DEPTH} deep (at {name!r})")
        memo[key] = busy
        _nesting.depth = depth + 1
        was = c.uncertain
        if kept is not None:
            c.uncertain = False
        try:
            found = table[name](c)
        except BaseException:
            del memo[key]
            raise
        finally:
            _nesting.depth = depth
            if kept is not None:
                uncertain = c.uncertain
                c.uncertain = was or uncertain
        memo[key] = found
        if kept is not None:
            kept[shared_key] = (found, uncertain)
        return found
    return read


Counts = dict[str, int]
"""How many times each named value is reached in an expression's expansion (through the values it reads;
capped at 2: what matters is whether a value is reached once)."""


def expansion(direct: Counts, expansions: dict[str, Counts]) -> Counts:
    """Return how often each value is reached from an expression reading `direct` (value -> times named), given
    each value's own expansion (itself included); a value without one counts once."""
    found: Counts = {}
    for name, times in direct.items():
        for reached, n in expansions.get(name, {name: 1}).items():
            found[reached] = min(2, found.get(reached, 0) + n * times)
    return found


def inlined_reads(direct: Counts, inline: dict[str, Fn], expansions: dict[str, Counts]) -> frozenset[str]:
    """Return the named values an expression may call directly instead of through memoized().

    A value is called directly (`inline`: compiled so, see build._inline_values) when it and every value it
    reaches are reached exactly once in the whole expansion of the expression: each is then worked out once
    per evaluation, player, card, item and `by`, as memoized() would (it never spares more than a second read
    of the same value). Results and errors are the same; only the memo and the kept table are skipped."""
    if not direct or not inline:
        return frozenset()
    reached = expansion(direct, expansions)
    return frozenset(name for name in direct if name in inline and
                     all(reached.get(other) == 1 for other in expansions.get(name, {name: 1})))


STEP_LIMIT = 2_000_000
"""The most components one evaluation may visit (aggregates inside aggregates over big zones): past it, TooLarge."""


def walk(c: Any, entries: list[tuple[Any, str]], by: bool) -> Iterator[str]:
    """Yield who put each (component, by) entry with `c.item` set (and the pseudo-field `by` when by); restore them."""
    spend = getattr(c, "spend", None)
    if spend is not None:
        spend(len(entries))
    return _walk_by(c, entries) if by else _walk(c, entries)


def _walk(c: Any, entries: list[tuple[Any, str]]) -> Iterator[str]:
    """walk() setting only `c.item`."""
    saved = c.item
    try:
        for comp, who in entries:
            c.item = comp
            yield who
    finally:
        c.item = saved


def _walk_by(c: Any, entries: list[tuple[Any, str]]) -> Iterator[str]:
    """walk() setting `c.item` and the pseudo-field `by` (kept in `c.memo`)."""
    saved, memo = c.item, c.memo
    saved_by = memo.get(BY, "")
    try:
        for comp, who in entries:
            c.item = comp
            memo[BY] = who
            yield who
    finally:
        c.item = saved
        memo[BY] = saved_by


def equal_to_text(fn: Fn, text: str, negate: bool) -> Fn:
    """Return the closure of `x == 'text'` (or `!=`) for a literal text that is not a number (casefolded once):
    equal when the value is that text, or a text equal to it ignoring case."""
    folded = text.casefold()
    if negate:
        def differs(c: Any) -> bool:
            value = fn(c)
            return not (value == text or (type(value) is str and value.casefold() == folded))
        return differs

    def same(c: Any) -> bool:
        value = fn(c)
        return value == text or (type(value) is str and value.casefold() == folded)
    return same
