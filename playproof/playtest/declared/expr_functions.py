"""The functions of the expression language, built as closures from their compiled arguments.

Zone aggregates iterate the (component, by) entries of a zone with `c.item` (and the pseudo-field `by`) set;
player aggregates evaluate their arguments once per player with `c.for_player(p)`.
"""

from __future__ import annotations

from operator import methodcaller
from typing import Any, Callable

from playproof.playtest.declared.expr_values import (BY, Fn, Unknown, as_number, bounded, equal, numeric, show_plain,
                                                     walk)

ZoneBuilder = Callable[[str, list[Fn], bool], Fn]


def seen_by(c: Any, player: str) -> Any:
    """Return the context for another player, keeping the component iterated and its `by`."""
    other = c.for_player(player)
    if c.item is not None:
        other.item = c.item
        other.memo[BY] = c.memo.get(BY, "")
    return other


def a_player(c: Any, value: Any) -> str:
    """Return the playing player a value names (ignoring case); Unknown when it names none."""
    text = value if isinstance(value, str) else str(getattr(value, "name", value))
    for name in c.player_list():
        if name.casefold() == text.casefold():
            return name
    raise Unknown(f"{text!r} is not a player")


def value_of(value: Fn, player: Fn) -> Fn:
    """Return the closure of `value of player`: the value evaluated for another player."""
    return lambda c: value(seen_by(c, a_player(c, player(c))))


def seat_function(step: int, args: list[Fn]) -> Fn:
    """Return the closure of after(p[, k]) (step 1) or before(p[, k]) (step -1)."""
    who = args[0]
    if len(args) == 1:
        return lambda c: c.seat_after(a_player(c, who(c)), step)
    many = args[1]
    return lambda c: c.seat_after(a_player(c, who(c)), step * int(as_number(many(c))))


def die(args: list[Fn]) -> Fn:
    """Return the closure of die(n): the face of the n-th die of the last roll ('' when there is none)."""
    index = args[0]

    def read(c: Any) -> Any:
        faces, n = c.dice(), as_number(index(c))
        return faces[int(n) - 1] if n == int(n) and 1 <= n <= len(faces) else ""
    return read


def rolled(args: list[Fn]) -> Fn:
    """Return the closure of rolled(face): how many dice of the last roll show that face."""
    face = args[0]

    def read(c: Any) -> int:
        wanted = face(c)
        found = 0
        for shown in c.dice():  # equal(shown, wanted): only a text may equal what Python finds unequal
            if shown == wanted or ((isinstance(shown, str) or isinstance(wanted, str)) and equal(shown, wanted)):
                found += 1
        return found
    return read


def card_name(c: Any) -> Any:
    """Return the move's component's name (`card`; Unknown when hidden)."""
    if c.card is None:
        raise Unknown("card")
    return c.card.name


def card_field(name: str) -> Fn:
    """Return a reader of the move's component's field (`card.x`; Unknown when the component is hidden)."""
    def read(c: Any) -> Any:
        card = c.card
        if card is None:
            raise Unknown(name)
        return card.fields.get(name, 0)
    return read


# ---- aggregates over a zone -------------------------------------------------------------------------------
# Each builder takes the zone, its compiled arguments, and whether they read the pseudo-field `by`.


class ItemFn:
    """An aggregate's argument that reads nothing but the component counted (its fields, its name) and literals:
    its value is worked out once per component design and kept (`item == 'Flood Moon'`, `word(effect, 4)`)."""

    __slots__ = ("fn", "kept", "held", "text")

    def __init__(self, fn: Fn, text: str = "") -> None:
        self.fn = fn
        self.text = text
        """The argument as written: aggregates of one zone with the same argument share their answers (see
        SHARING)."""
        self.kept: dict[int, Any] = {}
        """id(component) -> its value (read as `kept.get(id(comp), MISSING)`)."""
        self.held: dict[int, Any] = {}
        """id(component) -> the component: kept alive, so that its id is never reused for another."""

    def __call__(self, c: Any) -> Any:
        return self.of(c, c.item)

    def of(self, c: Any, comp: Any) -> Any:
        """Return the value for a component (evaluated with `c.item` set to it the first time)."""
        found = self.kept.get(id(comp), MISSING)
        if found is not MISSING:
            return found
        saved = c.item
        c.item = comp
        try:
            value = self.fn(c)
        finally:
            c.item = saved
        self.held[id(comp)] = comp
        self.kept[id(comp)] = value
        return value


MISSING = object()
"""What ItemFn.kept gives for a component not evaluated yet."""


SHARING = True
"""any/all of a zone with an argument that reads only the component keep their answer for the table as it
is now (`c.shared_values()`, the named values' kept answers, dropped when a zone or counter changes), by the
argument as written and the zone's list of components: the same aggregate in several values is worked out once
(Who Will Reign?'s six `any(row, item == 'Flood Moon')`). Tests compare with and without."""


def _matching(c: Any, entries: list[tuple[Any, str]], cond: Fn | None, by: bool) -> int:
    """Return how many entries satisfy cond (all of them when cond is None)."""
    if cond is None:
        return len(entries)
    spend = getattr(c, "spend", None)  # counted against the budget, as walk() does
    if spend is not None:
        spend(len(entries))
    found = 0
    saved, memo = c.item, c.memo  # set for each entry and restored, as walk() does
    saved_by = memo.get(BY, "") if by else ""
    try:
        for comp, who in entries:
            c.item = comp
            if by:
                memo[BY] = who
            if cond(c):
                found += 1
    finally:
        c.item = saved
        if by:
            memo[BY] = saved_by
    return found


def count(zone: str, args: list[Fn], by: bool) -> Fn:
    """count(zone[, cond])."""
    if not args:
        return methodcaller("zone_size", zone)  # a C call: no Python frame of its own
    cond = args[0]
    if isinstance(cond, ItemFn) and not by:
        kept, test = cond.kept, cond.of

        def read(c: Any) -> int:
            entries = c.zone_items(zone)
            spend = getattr(c, "spend", None)  # counted against the budget, as walk() does
            if spend is not None:
                spend(len(entries))
            found = 0
            for comp, _ in entries:
                value = kept.get(id(comp), MISSING)
                if value is MISSING:
                    value = test(c, comp)
                if value:
                    found += 1
            return found
        return read
    return lambda c: _matching(c, c.zone_items(zone), cond, by)


def total(zone: str, args: list[Fn], by: bool) -> Fn:
    """sum(zone, value[, cond])."""
    value, cond = args[0], args[1] if len(args) > 1 else None
    if isinstance(value, ItemFn) and (cond is None or isinstance(cond, ItemFn)) and not by:
        return _item_total(zone, value, cond)

    def read(c: Any) -> int | float:
        found: int | float = 0
        for _ in walk(c, c.zone_items(zone), by):
            if cond is None or cond(c):
                found = bounded(found + as_number(value(c)))
        return found
    return read


def _item_total(zone: str, value: ItemFn, cond: ItemFn | None) -> Fn:
    """sum(zone, value[, cond]) whose arguments read only the component."""
    worth, worths = value.of, value.kept
    test, tests = (cond.of, cond.kept) if cond is not None else (None, {})

    def read(c: Any) -> int | float:
        entries = c.zone_items(zone)
        spend = getattr(c, "spend", None)  # counted against the budget, as walk() does
        if spend is not None:
            spend(len(entries))
        found: int | float = 0
        for comp, _ in entries:
            if test is not None:
                holds = tests.get(id(comp), MISSING)
                if not (test(c, comp) if holds is MISSING else holds):
                    continue
            number = worths.get(id(comp), MISSING)
            if number is MISSING:
                number = worth(c, comp)
            found = bounded(found + as_number(number))
        return found
    return read


def any_of(zone: str, args: list[Fn], by: bool) -> Fn:
    """any(zone, cond)."""
    return _quantified(zone, args[0], by, True)


def all_of(zone: str, args: list[Fn], by: bool) -> Fn:
    """all(zone, cond)."""
    return _quantified(zone, args[0], by, False)


def _quantified(zone: str, cond: Fn, by: bool, hit: bool) -> Fn:
    """any (hit = True: the first component that holds answers True) or all (hit = False: the first that does not
    answer False) over a zone's components; a condition that reads only the component is asked of it directly."""
    miss = not hit
    if isinstance(cond, ItemFn) and not by:
        kept, test, share = cond.kept, cond.of, ("any" if hit else "all", cond.text)

        def read_item(c: Any) -> bool:
            entries = c.zone_items(zone)
            shared = getattr(c, "shared_values", None) if SHARING else None  # kept for the table as it is now
            answers = shared() if shared is not None else None
            key = (share, id(entries))  # the zone's list of components: unchanged while the answers are kept
            found = answers.get(key) if answers is not None else None
            if found is not None:
                return found
            spend = getattr(c, "spend", None)  # counted against the budget, as walk() does
            if spend is not None:
                spend(len(entries))
            found = miss
            for comp, _ in entries:
                value = kept.get(id(comp), MISSING)
                if value is MISSING:
                    value = test(c, comp)
                if (not value) is miss:
                    found = hit
                    break
            if answers is not None:
                answers[key] = found
            return found
        return read_item

    def read(c: Any) -> bool:
        for _ in walk(c, c.zone_items(zone), by):
            if (not cond(c)) is miss:
                return hit
        return miss
    return read


def nth(zone: str, args: list[Fn], by: bool) -> Fn:
    """nth(zone, n, value[, cond]): the value of the n-th (matching) component, '' when there is none."""
    index, value, cond = args[0], args[1], args[2] if len(args) > 2 else None

    def read(c: Any) -> Any:
        n = as_number(index(c))
        if n != int(n) or n < 1:
            return ""
        seen = 0
        for _ in walk(c, c.zone_items(zone), by):
            if cond is None or cond(c):
                seen += 1
                if seen == n:
                    return value(c)
        return ""
    return read


def end(index: int) -> ZoneBuilder:
    """first/last(zone, value[, cond]): the value of the first or last (matching) component, '' when none."""
    def build(zone: str, args: list[Fn], by: bool) -> Fn:
        value, cond = args[0], args[1] if len(args) > 1 else None
        if isinstance(value, ItemFn) and (cond is None or isinstance(cond, ItemFn)) and not by:
            return _item_end(zone, index, value, cond)

        def read(c: Any) -> Any:
            entries = c.zone_items(zone)
            for _ in walk(c, entries if index == 0 else entries[::-1], by):
                if cond is None or cond(c):
                    return value(c)
            return ""
        return read
    return build


def _item_end(zone: str, index: int, value: ItemFn, cond: ItemFn | None) -> Fn:
    """first/last(zone, value[, cond]) whose arguments read only the component."""
    worth, worths = value.of, value.kept
    test, tests = (cond.of, cond.kept) if cond is not None else (None, {})

    def read(c: Any) -> Any:
        entries = c.zone_items(zone)
        spend = getattr(c, "spend", None)  # counted against the budget, as walk() does
        if spend is not None:
            spend(len(entries))
        for comp, _ in (entries if index == 0 else reversed(entries)):
            if test is not None:
                holds = tests.get(id(comp), MISSING)
                if not (test(c, comp) if holds is MISSING else holds):
                    continue
            found = worths.get(id(comp), MISSING)
            return worth(c, comp) if found is MISSING else found
        return ""
    return read


def best(zone: str, args: list[Fn], by: bool) -> Fn:
    """best(zone, value[, cond]): the player who put the component with the highest value (earliest on a tie)."""
    value, cond = args[0], args[1] if len(args) > 1 else None

    def read(c: Any) -> Any:
        top, leader = None, ""
        for who in walk(c, c.zone_items(zone), by):
            if cond is None or cond(c):
                score = as_number(value(c))
                if top is None or score > top:
                    top, leader = score, who
        return leader
    return read


def _most(c: Any, entries: list[tuple[Any, str]], cond: Fn | None, by: bool) -> str:
    """Return the player who put the most (matching) entries, '' when tied or none (the table's are not counted)."""
    tally: dict[str, int] = {}
    for who in walk(c, entries, by):
        if who and (cond is None or cond(c)):
            tally[who] = tally.get(who, 0) + 1
    if not tally:
        return ""
    top = max(tally.values())
    leaders = [who for who, n in tally.items() if n == top]
    return leaders[0] if len(leaders) == 1 else ""


def majority(zone: str, args: list[Fn], by: bool) -> Fn:
    """majority(zone[, cond])."""
    cond = args[0] if args else None
    return lambda c: _most(c, c.zone_items(zone), cond, by)


def adjacent(zone: str, args: list[Fn], by: bool) -> Fn:
    """adjacent(zone[, cond]): how many (matching) components lie in the cells next to the move's cell."""
    cond = args[0] if args else None
    return lambda c: _matching(c, c.neighbours(zone), cond, by)


ZONE_FUNCTIONS: dict[str, tuple[int, int, ZoneBuilder]] = {
    "count": (0, 1, count), "sum": (1, 2, total), "any": (1, 1, any_of), "all": (1, 1, all_of),
    "first": (1, 2, end(0)), "last": (1, 2, end(-1)), "best": (1, 2, best), "nth": (2, 3, nth),
    "majority": (0, 1, majority), "adjacent": (0, 1, adjacent),
}
"""Zone function -> (fewest, most arguments after the zone, builder)."""


# ---- aggregates over players --------------------------------------------------------------------------------


def _contexts(c: Any, others: bool) -> list[Any]:
    """Return the context of each player in seat order (all but the context player for `others`)."""
    me = c.player if others else None
    if c.item is None:
        return [c.for_player(p) for p in c.player_list() if p != me]
    return [seen_by(c, p) for p in c.player_list() if p != me]


def _quantified_players(others: bool, value: Fn, hit: bool) -> Fn:
    """any (hit = True) or all (hit = False) over players: the first player who decides answers, in seat order."""
    miss = not hit

    def read(c: Any) -> bool:
        me, item = (c.player if others else None), c.item
        for p in c.player_list():
            if p != me and (not value(c.for_player(p) if item is None else seen_by(c, p))) is miss:
                return hit
        return miss
    return read


def _per_player(name: str, others: bool, args: list[Fn]) -> Fn:
    """Return the closure of count/sum/any/all/max/min/best over `players` or `others`."""
    if name == "count":
        test = args[0] if args else None
        if test is None:
            return lambda c: sum(1 for p in c.player_list() if not (others and p == c.player))
        return lambda c: sum(1 for k in _contexts(c, others) if test(k))
    value, cond = args[0], args[1] if len(args) > 1 else None
    if name in ("any", "all"):
        return _quantified_players(others, value, name == "any")

    def scores(c: Any) -> list[tuple[str, int | float]]:
        found = []
        for k in _contexts(c, others):
            if cond is None or cond(k):
                found.append((k.player, as_number(value(k))))
        return found
    if name == "sum":
        return lambda c: bounded(sum(score for _, score in scores(c)))
    if name == "max":
        return lambda c: max((score for _, score in scores(c)), default=0)
    if name == "min":
        return lambda c: min((score for _, score in scores(c)), default=0)
    return lambda c: _leader(scores(c))


def _leader(scores: list[tuple[str, int | float]]) -> str:
    """Return the player with the highest score, the earliest seat on a tie ('' for nobody)."""
    who, top = "", None
    for p, score in scores:
        if top is None or score > top:
            who, top = p, score
    return who


PLAYER_FUNCTIONS: dict[str, tuple[int, int]] = {
    "count": (0, 1), "sum": (1, 2), "any": (1, 1), "all": (1, 1), "max": (1, 2), "min": (1, 2), "best": (1, 2),
}
"""Function over `players`/`others` -> (fewest, most arguments after it)."""


def per_player(name: str, who: str, args: list[Fn]) -> Fn:
    """Return the closure of a player aggregate (who is `players` or `others`)."""
    return _per_player(name, who == "others", args)


def text_function(name: str, text: Fn, other: Fn) -> Fn:
    """Return word(text, n), contains(text, part) or starts(text, part) (texts compared ignoring case)."""
    if name == "word":
        def nth_word(c: Any) -> Any:
            words = show_plain(text(c)).split()
            index = int(as_number(other(c)))
            found = words[index - 1] if 1 <= index <= len(words) else ""
            number = numeric(found)
            return found if number is None else number
        return nth_word
    if name == "contains":
        return lambda c: show_plain(other(c)).casefold() in show_plain(text(c)).casefold()
    return lambda c: show_plain(text(c)).casefold().startswith(show_plain(other(c)).casefold())
