"""Pricing a hand for one city: whether each cost can be paid, and the cheapest purchase clauses.

A random game offers every play of a hand but writes out only the one chosen. So a hand is first
asked only whether each cost can be paid (`Pricer.can_pay`), which is usually settled without the
cheapest-purchase search: a cost the city's fixed production covers is paid with nothing bought,
and a city that holds enough coins for the dearest way of buying every missing unit can pay a cost
exactly when its market can supply the units at all (one matching, `reach`). The cheapest
purchase (`Pricer.clauses`, the search in resources.py) is worked out for the rest, and for the
play chosen.
"""

from __future__ import annotations

from functools import lru_cache
from operator import le
from typing import Any, NamedTuple

from playproof.playtest.games.seven_wonders_leaders.checks import market
from playproof.playtest.games.seven_wonders_leaders.data import ANY_MASK, Cost
from playproof.playtest.games.seven_wonders_leaders.moves import plan_clauses
from playproof.playtest.games.seven_wonders_leaders.resources import Market, Supply, _match, cheapest, residual
from playproof.playtest.games.seven_wonders_leaders.state import State

_ANY_BUDGET = 1 << 30
"""A budget no purchase reaches: the cheapest purchase is remembered whatever the city's coins."""

Reach = tuple[int, bool]
"""What a cost's missing units may cost at most, and whether the market can supply them at all."""


def reach(need: tuple[int, ...], own: Supply, extra: tuple[int, ...], mk: Market) -> Reach:
    """Return the most the cheapest purchase of need can cost, and whether any purchase covers need.

    A purchase buys some of the units the fixed production lacks, each from the left, the right or
    the bank (one unit), so it never costs more than the dearest of the three for every such unit.
    Some purchase covers need exactly when the lacking units can each be given a source of their
    own: a choice of the city's, a unit a neighbour sells (its fixed ones, or one of its choices),
    or the bank's one unit (any resource): the sources the search in resources.py buys from.
    """
    units = residual(need, own.fixed)
    if not units:
        return 0, True
    masks = own.masks + extra
    if _match(units, masks):
        return 0, True
    bank = mk.bank_price
    lp, rp = mk.left_price, mk.right_price
    dearest = bank if bank is not None else 0
    bound = sum(max(lp[r], rp[r], dearest) for r in units)
    sources = list(masks)
    if bank is not None:
        sources.append(ANY_MASK)
    for supply in (mk.left, mk.right):
        sources += supply.masks
        fixed = supply.fixed
        for r in set(units):
            sources += [1 << r] * min(fixed[r], units.count(r))
    return bound, _match(units, sources)


class Bounds(NamedTuple):
    """What a city can get in its market, at most and for sure, per resource, and the dearest price there."""

    sure: tuple[int, ...]
    """Units of each resource the city's and its neighbours' fixed production give: covered whatever the choices."""
    most: tuple[int, ...]
    """Units of each resource the city may get at all: `sure`, every choice that offers it and the bank's unit."""
    dearest: int
    """The highest price of a unit bought from either neighbour or the bank."""


def bounds(own: Supply, mk: Market) -> Bounds:
    """Return what a city with this production can get in this market (wildcards of Leaders left out)."""
    sure = tuple(map(sum, zip(own.fixed, mk.left.fixed, mk.right.fixed)))
    most = tuple(map(sum, zip(_most(own), _most(mk.left), _most(mk.right))))
    bank = mk.bank_price
    if bank is not None:
        most = tuple(n + 1 for n in most)
    dearest = max(max(mk.left_price), max(mk.right_price), bank if bank is not None else 0)
    return Bounds(sure, most, dearest)


@lru_cache(maxsize=1 << 12)
def _most(supply: Supply) -> tuple[int, ...]:
    """Return the units of each resource a supply may give: its fixed units and every choice offering it."""
    if not supply.masks:
        return supply.fixed
    return tuple(n + sum(m >> r & 1 for m in supply.masks) for r, n in enumerate(supply.fixed))


class Pricer:
    """City i's purchases as the state is now: its profile, coins and market looked up once for a hand.

    The market is worked out at the first cost the city's own fixed production does not cover.
    What is found is kept on the profile for as long as its market stays the same.
    """

    __slots__ = ("st", "i", "coins", "prof", "fixed", "known", "reached", "mk", "bounds")

    def __init__(self, st: State, i: int) -> None:
        """Look up city i's coins and profile."""
        city = st.cities[i]
        self.st, self.i, self.coins, self.prof = st, i, city.coins, city.profile
        self.fixed = self.prof.own.fixed
        self.known: dict[Any, tuple[int, str | None]] | None = None
        self.reached: dict[Any, Reach] = {}
        self.mk: Market | None = None
        self.bounds = Bounds((), (), 0)

    def _open(self) -> dict[Any, tuple[int, str | None]]:
        """Look up the market and what is already known about purchases in it."""
        mk = self.mk = market(self.st, self.i)
        prof = self.prof
        memo = prof.purchase_cache
        if memo is None or memo[0] is not mk or memo[1] is not prof.own:  # a new market or supply: nothing known yet
            memo = prof.purchase_cache = (mk, prof.own, {}, {}, bounds(prof.own, mk))
        self.reached, self.bounds = memo[3], memo[4]
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

        Most costs are settled by bounds: a cost the market cannot supply even with every choice
        and the bank is refused, and one the fixed production around the city supplies while the
        city holds enough coins to buy every unit of it at the dearest price is accepted.
        """
        budget = self.coins - cost.coins
        if budget < 0:
            return False
        units = cost.units
        if all(map(le, units, self.fixed)):
            return True
        if self.known is None:
            self._open()
        prof = self.prof
        sure, most, dearest = self.bounds
        if not prof.reduce_list and not all(map(le, units, most)):
            return False  # more units than the market holds (Leaders' wildcards could change that)
        if budget >= dearest * sum(units) and all(map(le, units, sure)):
            return True  # enough coins to buy every unit at the dearest price, from fixed production
        extra = prof.extra_masks(colour) if prof.reduce_list else ()
        key = (units, extra)
        found = self.known.get(key)  # type: ignore[union-attr]
        if found is not None:
            return found[1] is not None and found[0] <= budget
        reached = self.reached.get(key)
        if reached is None:
            reached = self.reached[key] = reach(units, prof.own, extra, self.mk)
        if not reached[1]:
            return False
        return budget >= reached[0] or self.clauses(cost, colour) is not None
