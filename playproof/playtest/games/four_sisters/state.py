"""Four Sisters state: each player's hand and Scheme, and the Conflict being resolved."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

# Turn stages (what the player whose turn it is may still do)
SETUP = "setup"  # opening draws of three cards each
START = "start"  # step 1: pass, or Intrigue / placement / end
INTRIGUED = "intrigued"  # Intrigue at step 2 done: placement or end
PLACED = "placed"  # placement (and its Conflict) done: Intrigue at step 6 or end
DONE = "done"  # Intrigue at step 6 done: end
PASSED = "passed"  # step 1 passed and the replacement drawn: only the Clock (step 8) is left
REFILL = "refill"  # step 7: drawing owed cards
OVER = "over"  # the Day has ended
OPEN = (START, INTRIGUED, PLACED, DONE, PASSED)  # the turn's player may still act
ACTED = (INTRIGUED, PLACED, DONE, PASSED)  # the turn's player has made a move this turn

SCHEME = "scheme"
OUBLIETTE = "oubliette"


@dataclass
class Seat:
    """One player: her suit, hand and Scheme, with hidden cards tracked as counts.

    The Scheme is the arranged stack (order secret: any card of `pool` not in hand may be next)
    followed by `bottom`, the cards put under it in order. `pool` holds every card that is
    either still in the stack or one of the `unknown` cards in hand.
    """

    name: str
    suit: str
    team: str
    hand: list[str] = field(default_factory=list)
    unknown: int = 0
    pool: set[str] = field(default_factory=set)
    stack: int = 0
    bottom: deque[str] = field(default_factory=deque)
    lost: int = 0  # hidden cards that left the hand without being named

    @property
    def hand_count(self) -> int:
        """Cards in hand, named or hidden."""
        return len(self.hand) + self.unknown

    @property
    def scheme_count(self) -> int:
        """Cards left to draw."""
        return self.stack + len(self.bottom)

    def may_hold(self, card: str) -> bool:
        """True when the card is in hand, named or possibly as a hidden card."""
        return card in self.hand or (self.unknown > 0 and card in self.pool)

    def take_from_hand(self, card: str) -> bool:
        """Remove a card from the hand (a hidden one if need be); False when she cannot hold it."""
        if card in self.hand:
            self.hand.remove(card)
            return True
        if self.unknown > 0 and card in self.pool:
            self.pool.discard(card)
            self.unknown -= 1
            return True
        return False

    def next_draw(self) -> str | None:
        """Return the card the next draw must be when it is known (stack used up), else None."""
        return self.bottom[0] if self.stack == 0 and self.bottom else None


@dataclass(frozen=True)
class Outcome:
    """How a Conflict ends: defeated Rooms and where each defeated card goes."""

    defeated: dict[str, str]  # room -> SCHEME | OUBLIETTE
    queen: bool = False  # a Queen was in the Conflict (decides the rule id of disagreements)


@dataclass
class Conflict:
    """A Conflict being resolved, step by step."""

    player: str  # the Instigator's player
    room: str
    candidates: tuple[str, ...]  # Rooms of adjacent opposing cards
    target: str | None = None
    defender: str | None = None
    boosts: dict[str, int] = field(default_factory=dict)  # player -> cards discarded for it
    boosted: set[str] = field(default_factory=set)  # players who have written a discard
    step: str = "target"  # target | boost | tie | send
    queen: bool = False  # a Queen is in the Conflict
    sends: dict[str, str] = field(default_factory=dict)  # room -> chosen destination
    pending_sends: list[tuple[str, str]] = field(default_factory=list)  # (player, room)
