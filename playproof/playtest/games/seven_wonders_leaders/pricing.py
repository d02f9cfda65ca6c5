"""Pricing a hand for one city: whether each cost can be paid, and the cheapest purchase clauses.

A random game offers every play of a hand but writes out only the one chosen. So a hand is first
asked only whether each cost can be paid (`Pricer.can_pay`), which bounds on the city's market
settle almost always without the cheapest-purchase search (see `Pricer.can_pay`). The cheapest
purchase (`Pricer.clauses`, the search in resources.py) is worked out for the rest, and for the
play chosen.
"""

from __future__ import annotations

from operator import add, le
from typing import Any, NamedTuple

from playproof.playtest.games.seven_wonders_leaders.checks import market
from playproof.playtest.games.seven_wonders_leaders.data import ANY_MASK, Cost
from playproof.playtest.games.seven_wonders_leaders.moves import plan_clauses
from playproof.playtest.games.seven_wonders_leaders.resources import Market, Supply, _match, cheapest, residual
from playproof.playtest.games.seven_wonders_leaders.state import State

_ANY_BUDGET = 1 << 30
"""A budget no purchase reaches: the cheapest purchase is remembered whatever the city's coins."""


class Bounds(NamedTuple):
    """What a city can get in its market, per resource at most and for sure, its choices, and the dearest price."""

    sure: tuple[int, ...]
    """Units of each resource the city's and its neighbours' fixed production give: covered whatever the choices."""
    most: tuple[int, ...]
    """Units of each resource the city may get at all: `sure`, every choice that offers it and the bank's unit."""
    choices: tuple[int, ...]
    """Every one-of-a-choice source: the city's own, those its neighbours sell, and the bank's one unit (any)."""
    dearest: int
    """The highest price of a unit bought from either neighbour or the bank."""


def bounds(own: Supply, mk: Market) -> Bounds:
    """Return what a city with this production can get in this market (wildcards of Leaders left out)."""
    left, right = mk.left, mk.right
    sure = tuple(map(add, map(add, own.fixed, left.fixed), right.fixed))
    choices = own.masks + left.masks + right.masks
    bank = mk.bank_price
    most = sure
    if choices or bank is not None:
        counts = list(sure)
        for mask in choices:  # every choice may give each resource it offers (the units each supply may give)
            for r in _OFFERS[mask]:
                counts[r] += 1
        if bank is not None:
            counts = [n + 1 for n in counts]
            choices += (ANY_MASK,)
        most = tuple(counts)
    dearest = max(max(mk.left_price), max(mk.right_price), bank if bank is not None else 0)
    return Bounds(sure, most, choices, dearest)


_OFFERS = tuple(tuple(r for r in range(7) if mask >> r & 1) for mask in range(ANY_MASK + 1))
"""For each choice mask, the resources it offers."""


class Pricer:
    """City i's purchases as the state is now: its profile, coins and market looked up once for a hand.

    The market is worked out at the first cost the city's own fixed production does not cover.
    What is found is kept on the profile for as long as its market stays the same.
    """

    __slots__ = ("st", "i", "coins", "prof", "fixed", "known", "mk", "thresholds", "memo")

    def __init__(self, st: State, i: int) -> None:
        """Look up city i's coins and profile."""
        city = st.cities[i]
        self.st, self.i, self.coins, self.prof = st, i, city.coins, city.profile
        self.fixed = self.prof.own.fixed
        self.known: dict[Any, tuple[int, str | None]] | None = None  # the rest is set by `_open`

    def _open(self) -> dict[Any, tuple[int, str | None]]:
        """Look up the market and what is already known about purchases in it."""
        mk = self.mk = market(self.st, self.i)
        prof = self.prof
        memo = prof.purchase_cache
        if memo is None or memo[0] is not mk or memo[1] is not prof.own:  # a new market or supply: nothing known yet
            memo = prof.purchase_cache = [mk, prof.own, {}, {}, None]
        self.memo = memo
        self.thresholds = memo[3]
        self.known = memo[2]
        return memo[2]

    def clauses(self, cost: Cost, colour: str) -> str | None:
        """Return the cheapest purchase clauses paying a cost (`""`: nothing to buy), or None when it cannot be paid."""
        budget = self.coins - cost.coins
        if budget < 0:
            return None
        if all(map(le, cost.units, self.fixed)):
            return ""  # the city's fixed production covers it: nothing to buy (the common case)
        known = self.known if self.known is not None else self._open()
        prof = self.prof
        extra = prof.extra_masks(colour) if prof.reduce_list else ()
        key = (cost.units, extra)
        found = known.get(key)
        if found is None:  # the cheapest purchase whatever the coins, as (coins, clauses)
            plan = cheapest(cost.units, prof.own, extra, self.mk, _ANY_BUDGET)
            found = known[key] = (0, None) if plan is None else (plan.coins, plan_clauses(plan))
        return found[1] if found[0] <= budget else None

    def can_pay(self, cost: Cost, colour: str) -> bool:
        """Return True when `clauses(cost, colour)` is not None, mostly without searching for the cheapest purchase.

        A cost the fixed production covers is paid. Otherwise `threshold` says, once per market,
        whether it can be paid at all and from how many coins surely; only a city holding fewer
        coins than that asks the cheapest purchase. (Once the market is open, a cost met before
        in it is answered from its threshold alone: a cost the fixed production covers has the
        threshold 0.)
        """
        budget = self.coins - cost.coins
        if budget < 0:
            return False
        units = cost.units
        if self.known is None:
            if all(map(le, units, self.fixed)):
                return True
            self._open()
        prof = self.prof
        if prof.reduce_list:  # Leaders' wildcards depend on the colour: remembered by cost and wildcards
            extra = prof.extra_masks(colour)
            key = (units, extra)
            at = self.thresholds.get(key)
            if at is None:
                at = self.thresholds[key] = threshold(units, self.fixed, self._bounds(), extra)
        else:
            extra = ()
            at = self.thresholds.get(units)
            if at is None:
                bound = self.memo[4] or self._bounds()
                at = self.thresholds[units] = sparse_threshold(cost, self.fixed, bound)
        if budget >= at >= 0:
            return True
        if at < 0:
            return False
        found = self.known.get((units, extra))  # type: ignore[union-attr]
        if found is not None:
            return found[1] is not None and found[0] <= budget
        return self.clauses(cost, colour) is not None

    def _bounds(self) -> Bounds:
        """Return the bounds of the city's market (worked out at the first cost that needs them)."""
        memo = self.prof.purchase_cache
        assert memo is not None and self.mk is not None
        if memo[4] is None:
            memo[4] = bounds(self.prof.own, self.mk)
        return memo[4]


def threshold(units: tuple[int, ...], fixed: tuple[int, ...], bound: Bounds, extra: tuple[int, ...]) -> int:
    """Return the coins that surely pay for units a city's fixed production does not cover, or -1: none can.

    A purchase buys units the city's fixed production lacks, from a neighbour (its fixed units or
    one of its choices) or the bank (one unit of any resource), unless one of the city's choices
    gives them: the sources the search in resources.py buys from. So no purchase pays for more
    units of a resource than the market holds counting every choice. The units the fixed
    production around the city gives are best taken first (a fixed unit serves one resource only,
    a choice may serve another unit), so some purchase pays exactly when the units beyond them
    can each be given a choice of their own (`_match`). Then it costs at most the dearest price
    for every unit the city lacks.
    """
    sure, most, choices, dearest = bound
    if not extra and not all(map(le, units, most)):
        return -1  # more units than the market holds (Leaders' wildcards could change that)
    if not all(map(le, units, sure)) and not _match(residual(units, sure), choices + extra):
        return -1
    missing = 0  # the units the city lacks (a loop: `sum(map(min, ...))` calls min once a resource, far slower)
    for need, have in zip(units, fixed):
        if need > have:
            missing += need - have
    return dearest * missing


def sparse_threshold(cost: Cost, fixed: tuple[int, ...], bound: Bounds) -> int:
    """Return `threshold(cost.units, fixed, bound, ())`, looking only at the resources the cost asks for.

    A cost asks for one or two resources of the seven: going through its `need` pairs instead of
    all seven counts three times is what makes the first look at a cost in a market cheap.
    """
    sure, most, choices, dearest = bound
    missing = 0
    lacking: list[int] = []  # `residual(cost.units, sure)`: in the order of the resources, as `need` is
    for r, n in cost.need:
        if n > most[r]:
            return -1  # more units than the market holds
        if n > sure[r]:
            lacking += [r] * (n - sure[r])
        have = fixed[r]
        if n > have:
            missing += n - have
    if lacking and not _match(lacking, choices):
        return -1
    return dearest * missing
