"""Four Sisters for search bots: a fast copy of the Day, and a copy with other players' hands dealt afresh.

`clone` copies what a move can change (hands, Schemes, the Chateau, the Conflict...) and shares the
read-only game data, as `Engine.clone` does with `copy.deepcopy`, about ten times faster: search
bots copy the Day thousands of times a move. An attribute this module does not know is deep-copied.

`determinize` is what a search bot plans on: the Day as `observer` sees it. She sees the Chateau,
the Oubliette, the cards under each Scheme, and how many cards each player holds and has left to
draw, but not another player's hand (her partner's neither) nor the order of another's Scheme. Each
other player's hand is drawn afresh from the cards of her suit she holds or has yet to draw, and
the rest go back to her Scheme, in no known order. A card that came back to a hand from under a
Scheme (after a Storm or a defeat sent there) was seen when drawn, but the state does not keep which
hand cards those are: they are dealt afresh too, so the bot forgets them rather than sees more.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from typing import TYPE_CHECKING, Any, TypeVar

from playproof.playtest.games.four_sisters.state import Conflict, Outcome, Seat, Settled

if TYPE_CHECKING:
    from playproof.playtest.games.four_sisters.core import Core

EngineT = TypeVar("EngineT", bound="Core")

SHARED = ("setup", "data", "seating", "draw_memo")
"""Attributes no move changes in place (frozen, or read-only data): the copy shares them."""
VALUES = (str, int, float, bool, type(None))
SEAT_COPIED = ("hand", "pool", "bottom", "order")
"""A Seat's fields that change in place; its other fields are values."""
CONFLICT_COPIED = ("boosts", "boosted", "sends", "pending_sends")
"""A Conflict's fields that change in place; its other fields are values or tuples."""


def clone(engine: EngineT) -> EngineT:
    """Return an independent copy of a Day for search (what `copy.deepcopy` gives, game data shared)."""
    twin = object.__new__(type(engine))
    memo: dict[int, Any] = {}
    state = dict(vars(engine))
    for name, value in state.items():
        if name == "seats":
            state[name] = {player: _seat(seat) for player, seat in value.items()}
        elif name not in SHARED and type(value) not in VALUES:
            state[name] = _copied(value, memo)
    twin.__dict__.update(state)
    return twin


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    """Return a copy of one attribute's value (a Conflict met twice is copied once)."""
    kind = type(value)
    if kind is dict:
        return dict(value) if all(type(v) in VALUES for v in value.values()) else copy.deepcopy(value, memo)
    if kind is set:
        return set(value)
    if kind is list:
        return list(value) if all(type(v) in VALUES for v in value) else copy.deepcopy(value, memo)
    if kind is Conflict:
        return _conflict(value, memo)
    if kind is Settled:
        return Settled(_conflict(value.conflict, memo), dict(value.defeated), dict(value.cards))
    if kind is Outcome:
        return Outcome(dict(value.defeated), value.queen)
    return copy.deepcopy(value, memo)


def _seat(seat: Seat) -> Seat:
    """Return a copy of a player's hand and Scheme."""
    twin = object.__new__(Seat)
    fields = dict(seat.__dict__)
    fields["hand"] = list(seat.hand)
    fields["pool"] = set(seat.pool)
    fields["bottom"] = deque(seat.bottom)
    fields["order"] = None if seat.order is None else list(seat.order)
    twin.__dict__.update(fields)
    return twin


def _conflict(conflict: Conflict, memo: dict[int, Any]) -> Conflict:
    """Return a copy of a Conflict being resolved (the same copy for every attribute that holds it)."""
    found = memo.get(id(conflict))
    if found is None:
        found = memo[id(conflict)] = object.__new__(Conflict)
        fields = dict(conflict.__dict__)
        fields["boosts"] = dict(conflict.boosts)
        fields["boosted"] = set(conflict.boosted)
        fields["sends"] = dict(conflict.sends)
        fields["pending_sends"] = list(conflict.pending_sends)
        found.__dict__.update(fields)
    return found


def determinize(engine: EngineT, observer: str, rng: random.Random) -> EngineT:
    """Return a copy of the Day in which every hand but `observer`'s is dealt afresh from what she cannot see."""
    world = clone(engine)
    for seat in world.seats.values():
        if seat.name != observer:
            redeal(seat, rng)
    return world


def redeal(seat: Seat, rng: random.Random) -> None:
    """Deal a player's named hand afresh from her hand and Scheme (as many cards), the rest back to the Scheme.

    Cards hidden even from the log (`unknown`) stay hidden: they and the Scheme's cards make up `pool`.
    The Scheme's order, if the log wrote it, is forgotten: to another player it is face down.
    """
    held = set(seat.hand)
    unseen = sorted(held | seat.pool)  # sorted: a set's order changes from one process to the next
    hand = rng.sample(unseen, len(seat.hand))
    seat.hand = hand
    seat.pool = set(unseen).difference(hand)
    seat.order = None
