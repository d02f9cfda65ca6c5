"""Resource arithmetic: does production cover a cost, can a neighbour sell, the cheapest purchase."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from playproof.playtest.games.seven_wonders_leaders.data import Cost

Counts = tuple[int, ...]


class Supply(NamedTuple):
    """What a city produces each turn: fixed units by resource, and one-of-a-choice sources.

    A named tuple (not a frozen dataclass): the purchase search's caches hash it on every question,
    and a tuple hashes and compares in C.
    """

    fixed: Counts = (0,) * 7
    masks: tuple[int, ...] = ()


class Plan(NamedTuple):
    """A way to pay a cost: units bought left and right, an optional bank unit, and the coins (a named tuple:
    the purchase search makes one for every better purchase it finds)."""

    left: tuple[int, ...] = ()
    right: tuple[int, ...] = ()
    bank: int | None = None
    coins: int = 0


def _match(units: list[int], masks: tuple[int, ...] | list[int]) -> bool:
    """Return True when every unit (a resource index) gets its own source mask containing it."""
    if len(units) > len(masks):
        return False
    if len(units) == 1:
        bit = 1 << units[0]
        for mask in masks:  # (a loop, not `any` over a generator: asked for most costs)
            if mask & bit:
                return True
        return False
    owner = [-1] * len(masks)
    return all(_assign(u, units, masks, owner, [False] * len(masks)) for u in range(len(units)))


def _assign(u: int, units: list[int], masks: tuple[int, ...] | list[int], owner: list[int], seen: list[bool]) -> bool:
    """Find a source for unit u, moving earlier units along an augmenting path (Kuhn's matching)."""
    bit = 1 << units[u]
    for m, mask in enumerate(masks):
        if mask & bit and not seen[m]:
            seen[m] = True
            if owner[m] < 0 or _assign(owner[m], units, masks, owner, seen):
                owner[m] = u
                return True
    return False


def residual(need: Counts, fixed: Counts) -> list[int]:
    """Return the units of need left after fixed production, as resource indices."""
    units: list[int] = []
    for r, n in enumerate(need):
        if n > fixed[r]:  # (most counts are 0)
            units += [r] * (n - fixed[r])
    return units


def covers(need: Counts, supply: Supply, extra: tuple[int, ...] = ()) -> bool:
    """Return True when a supply (plus extra choice masks) produces every unit of need."""
    units = residual(need, supply.fixed)
    return not units or _match(units, supply.masks + extra if extra else supply.masks)


def covers_need(cost: Cost, supply: Supply, extra: tuple[int, ...] = ()) -> bool:
    """Return `covers(cost.units, supply, extra)`, looking only at the resources the cost asks for (`Cost.need`)."""
    fixed = supply.fixed
    units: list[int] = []  # `residual`, in the order of the resources as `need` is
    for r, n in cost.need:
        if n > fixed[r]:
            units += [r] * (n - fixed[r])
    return not units or _match(units, supply.masks + extra if extra else supply.masks)


def can_sell(units: tuple[int, ...], supply: Supply) -> bool:
    """Return True when a neighbour's saleable production holds these units all at once."""
    if len(units) == 1 and supply.fixed[units[0]]:
        return True  # the common purchase: one unit of a fixed resource
    return _can_sell(units, supply)


@lru_cache(maxsize=1 << 14)
def _can_sell(units: tuple[int, ...], supply: Supply) -> bool:
    """can_sell past its fast path (remembered: the purchase search asks the same question on every branch)."""
    need = [0] * 7
    for r in units:
        need[r] += 1
    return covers(tuple(need), supply)


def _leftovers(units: list[int], masks: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Return every multiset of units the choice masks can leave uncovered (sorted tuples)."""
    found: set[tuple[int, ...]] = set()

    def walk(m: int, left: list[int]) -> None:
        """Let mask m cover one unit of left (or none) and recurse."""
        if m == len(masks) or not left:
            found.add(tuple(sorted(left)))
            return
        tried = set()
        for i, r in enumerate(left):
            if masks[m] >> r & 1 and r not in tried:
                tried.add(r)
                walk(m + 1, left[:i] + left[i + 1:])
        walk(m + 1, left)

    walk(0, units)
    del walk  # (the recursive function and its closure refer to each other: freed now, not by the collector)
    return _minimal(found)


def _minimal(sets: set[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """Drop leftovers that contain another leftover (buying more is never cheaper)."""
    ordered = sorted(sets, key=len)
    keep: list[tuple[int, ...]] = []
    for s in ordered:
        if not any(_contains(s, k) for k in keep):
            keep.append(s)
    return set(keep)


def _contains(big: tuple[int, ...], small: tuple[int, ...]) -> bool:
    """Return True when multiset small is inside multiset big."""
    rest = list(big)
    for r in small:
        if r not in rest:
            return False
        rest.remove(r)
    return True


_NO_LIMIT = 1 << 30  # a budget no purchase reaches


class Market(NamedTuple):
    """A buyer's view of the market: both neighbours' saleable supply, prices and the bank (a named tuple too)."""

    left: Supply
    right: Supply
    left_price: Counts
    right_price: Counts
    bank_price: int | None = None


def cheapest(need: Counts, own: Supply, extra: tuple[int, ...], market: Market, budget: int) -> Plan | None:
    """Return the cheapest purchase covering need within budget, or None when none exists."""
    plan = _cheapest_any(need, own, extra, market)
    return plan if plan is not None and plan.coins <= budget else None


def _cheapest_any(need: Counts, own: Supply, extra: tuple[int, ...], market: Market) -> Plan | None:
    """Return the cheapest purchase covering need whatever it costs.

    Not remembered here: pricing.Pricer keeps the answers for as long as the city's supply and
    market stay the same, and the same question in another market is rare.
    """
    units = residual(need, own.fixed)
    if not units or _match(units, own.masks + extra):
        return Plan()
    best: Plan | None = None
    for rest in _leftovers_by_size(tuple(units), own.masks + extra):
        plan = _cheapest_buy(rest, market)
        if plan is not None and (best is None or plan.coins < best.coins):
            best = plan
    return best


@lru_cache(maxsize=1 << 12)
def _leftovers_by_size(units: tuple[int, ...], masks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Return the minimal leftovers of units after the choice masks, fewest units first (remembered)."""
    return tuple(sorted(_leftovers(list(units), masks), key=len))


@lru_cache(maxsize=1 << 15)
def _cheapest_buy(units: tuple[int, ...], market: Market) -> Plan | None:
    """Return the cheapest way to buy these units whatever it costs (remembered per market).

    The same plan as the reference search `_buy` without a budget: a budget only prunes that
    search, which then finds the same plan (the first of the cheapest in search order) when it
    fits, and None otherwise.
    """
    if len(units) == 1:
        return _buy_one(units[0], market)
    return _buy_fast(units, market)


def _buy_one(r: int, market: Market) -> Plan | None:
    """_buy for a single unit: the first seller in price order (left before right), unless the bank is cheaper."""
    best: Plan | None = None
    for price, side in sorted([(market.left_price[r], "L"), (market.right_price[r], "R")]):
        if side == "L" and can_sell((r,), market.left):
            best = Plan((r,), (), None, price)
            break
        if side == "R" and can_sell((r,), market.right):
            best = Plan((), (r,), None, price)
            break
    bank = market.bank_price
    if bank is not None and (best is None or bank < best.coins):
        best = Plan((), (), r, bank)
    return best


def _buy_fast(units: tuple[int, ...], market: Market) -> Plan | None:
    """_buy's search in _buy's order (so the same plan), with cheaper steps.

    A neighbour who sells fixed production only can sell a unit while the count allows, kept as
    the search goes; one with choices is asked (remembered) about the whole purchase, as in _buy.
    """
    count = len(units)
    supplies = (market.left, market.right)
    stock = [None if s.masks else list(s.fixed) for s in supplies]
    lp, rp = market.left_price, market.right_price  # sellers in price order, the left first on a tie
    order = [((lp[r], 0), (rp[r], 1)) if lp[r] <= rp[r] else ((rp[r], 1), (lp[r], 0)) for r in units]
    bank_price = market.bank_price
    bought: list[tuple[int, ...]] = [(), ()]
    best: list[Plan | None] = [None]
    limit = [_NO_LIMIT]

    def walk(i: int, bank: int | None, spent: int) -> None:
        """Buy unit i from the left, the right or the bank, cheapest first, within the limit."""
        if spent > limit[0]:
            return
        if i == count:
            best[0], limit[0] = Plan(bought[0], bought[1], bank, spent), spent - 1
            return
        r = units[i]
        for price, side in order[i]:
            held, before = stock[side], bought[side]
            if held is None:
                if not can_sell(before + (r,), supplies[side]):
                    continue
            elif held[r] > 0:
                held[r] -= 1
            else:
                continue
            bought[side] = before + (r,)
            walk(i + 1, bank, spent + price)
            bought[side] = before
            if held is not None:
                held[r] += 1
        if bank is None and bank_price is not None:
            walk(i + 1, r, spent + bank_price)

    walk(0, None, 0)
    del walk  # (the recursive function and its closure refer to each other: freed now, not by the collector)
    return best[0]


def _buy(units: list[int], market: Market, budget: int) -> Plan | None:
    """Return the cheapest way to buy these units from neighbours (and the bank) within budget.

    The reference search: `_cheapest_buy` finds the same plans faster (a test compares them).
    """
    best: list[Plan | None] = [None]
    limit = [budget]

    def walk(i: int, left: tuple[int, ...], right: tuple[int, ...], bank: int | None, spent: int) -> None:
        """Buy unit i from the left, the right or the bank, cheapest first, within the limit."""
        if spent > limit[0]:
            return
        if i == len(units):
            best[0], limit[0] = Plan(left, right, bank, spent), spent - 1
            return
        r = units[i]
        options = sorted([(market.left_price[r], "L"), (market.right_price[r], "R")])
        for price, side in options:
            if side == "L" and can_sell(left + (r,), market.left):
                walk(i + 1, left + (r,), right, bank, spent + price)
            elif side == "R" and can_sell(right + (r,), market.right):
                walk(i + 1, left, right + (r,), bank, spent + price)
        if bank is None and market.bank_price is not None:
            walk(i + 1, left, right, r, spent + market.bank_price)

    walk(0, (), (), None, 0)
    del walk  # (the recursive function and its closure refer to each other: freed now, not by the collector)
    return best[0]
