"""How well a city is doing in 7 Wonders Leaders, for bots: points now, plus what will earn points.

A designer's reading: the score sheet as it stands (military tokens, treasury, wonder, civilian,
science with its sets, commerce, guilds, leaders); coins beyond the treasury's thirds; shields
against each neighbour (the conflicts still to come pay the stronger city); and resources
produced, 1.5 points each for every Age still to build with them (this one included). The value
is the lead over the best opponent.

The cities choose their cards together and the turn is resolved only once the last one has
chosen, so each city is valued with the play it has chosen this turn as if resolved (on a copy):
otherwise every play of a city that is not the last to choose would look the same.
"""

from __future__ import annotations

from typing import Protocol

from playproof.playtest.games.seven_wonders_leaders.resolve import resolve
from playproof.playtest.games.seven_wonders_leaders.scoring import breakdown
from playproof.playtest.games.seven_wonders_leaders.state import State


class Game(Protocol):
    """What the heuristic reads of the engine (SevenWondersLeaders): its state."""

    st: State

COIN_WEIGHT = 0.15
MILITARY_WEIGHT = 0.5
RESOURCE_WEIGHT = 4.5
"""A resource produced in Age I (three Ages to build with it): 1.5 points an Age."""


def value(st: State, i: int) -> float:
    """Return a city's points now plus a fraction for coins, military standing and production."""
    city = st.cities[i]
    prof = city.profile
    ages_left = max(0, 3 - st.age) + (0 if st.phase == "over" else 1)
    military = 0.0
    for j in (st.left(i), st.right(i)):
        if j != i:
            other = st.cities[j].profile.shields
            military += (prof.shields > other) * (2 * st.age - 1) - (prof.shields < other)
    production = sum(prof.own.fixed) + len(prof.own.masks)
    return (breakdown(st, i)["total"] + COIN_WEIGHT * city.coins + MILITARY_WEIGHT * military * min(1, ages_left)
            + RESOURCE_WEIGHT * production * ages_left / 3)


def resolved(st: State) -> State:
    """Return the state with this turn's chosen plays resolved (a copy), or the state itself when none is pending."""
    if not st.choices:
        return st
    twin = st.copy()
    resolve(twin)
    return twin


def heuristic(engine: Game, player: str) -> float:
    """Return a city's value minus the best opponent's, the plays chosen this turn counted as made."""
    st = resolved(engine.st)
    values = [value(st, i) for i in range(len(st.players))]
    me = st.players.index(player)
    return values[me] - max(v for i, v in enumerate(values) if i != me)
