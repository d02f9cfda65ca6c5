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
HIDDEN = "?"  # a card whose place in an arranged Scheme was not written


@dataclass
class Seat:
    """One player: her suit, hand and Scheme, with hidden cards tracked as counts.

    The Scheme is the arranged stack followed by `bottom`, the cards put under it in order.
    `pool` holds every card that is either still in the stack or one of the `unknown` cards in
    hand. The stack's order is secret (any card of `pool` not in hand may be next) unless the log
    wrote it (`arrange`): then `order` lists the stack top first, `?` where a card was not named.
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
    order: list[str] | None = None  # the arranged stack, top first, when the log wrote it

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
        return card in self.hand or (self.unknown > 0 and self.may_be_hidden(card))

    def may_be_hidden(self, card: str) -> bool:
        """True when a card could be a hidden one, in hand or in the stack (not named in its order)."""
        return card in self.pool and card not in self.hand and not (self.order and card in self.order)

    def take_from_hand(self, card: str) -> bool:
        """Remove a card from the hand (a hidden one if need be); False when she cannot hold it."""
        if card in self.hand:
            self.hand.remove(card)
            return True
        if self.unknown > 0 and self.may_be_hidden(card):
            self.pool.discard(card)
            self.unknown -= 1
            return True
        return False

    def in_stack(self, card: str) -> bool:
        """True when a card may still be in the arranged stack (named there, or possibly hidden)."""
        if not self.stack:
            return False
        if self.order is None:
            return self.may_be_hidden(card)
        return card in self.order or (HIDDEN in self.order and self.may_be_hidden(card))

    def next_draw(self) -> str | None:
        """Return the card the next draw must be when it is known, else None."""
        if self.stack:
            top = self.order[0] if self.order else HIDDEN
            return None if top == HIDDEN else top
        return self.bottom[0] if self.bottom else None

    def pop_top(self) -> str:
        """Take the top card of the Scheme (HIDDEN when nobody knows it) without putting it anywhere."""
        if not self.stack:
            return self.bottom.popleft()
        self.stack -= 1
        top = self.order.pop(0) if self.order else HIDDEN
        self.pool.discard(top)
        return top

    def pull(self, card: str) -> None:
        """Take a card out of the arranged stack, wherever it lies (it may be in the stack)."""
        self.stack -= 1
        self.pool.discard(card)
        if self.order:
            gone = card if card in self.order else HIDDEN
            if gone in self.order:
                self.order.remove(gone)


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


@dataclass(frozen=True)
class Settled:
    """A Conflict resolved at the discard that completed both sides' discards (it may reopen)."""

    conflict: Conflict
    defeated: dict[str, str]  # room -> SCHEME | OUBLIETTE
    cards: dict[str, str]  # room -> the card that was defeated there
