"""Game state kept apart from the rules: phases, seats, hands, piles and pending windows."""

from __future__ import annotations

from collections import Counter
from copy import copy as shallow
from dataclasses import dataclass, field

from playproof.playtest.games.battle_for_seven_cities.board import Board


class Phase:
    """Where the game is (plain string constants: compared on every event, so kept cheap)."""

    TILES = "laying the starting board"
    CLOCKS = "dealing clock cards"
    START = "choosing starting tiles"
    DRAW = "round draws"
    TURN = "a turn"
    CLOSE = "end of a turn"
    OVER = "game over"


@dataclass
class Window:
    """A reaction window: a card whose effect waits for (or may be undone by) one player's reaction."""

    kind: str  # "defend": a Burn/Takeover waits; "sands": a new past city may be swept away
    reactor: str  # the only player who may react
    actor: str  # who played the card (defend) or owns the new city (sands)
    card: str
    pos: str
    line: int
    pile: str = "red"  # where the attack's card goes if it takes effect


@dataclass
class Expedition:
    """An expedition under way: the tile-group is drawn, then placed."""

    player: str
    base: str  # the past tile the new group must touch
    group: str | None = None


@dataclass
class Hand:
    """A player's hand: cards known by code, plus cards drawn face down in the log (`?`)."""

    known: Counter[str] = field(default_factory=Counter)
    unknown: int = 0

    @property
    def size(self) -> int:
        """Return the number of cards held."""
        return sum(self.known.values()) + self.unknown


@dataclass
class Pile:
    """A pile of cards: its size is exact, its make-up an upper bound once `?` cards pass through."""

    cards: Counter[str] = field(default_factory=Counter)
    size: int = 0

    def add(self, code: str | None) -> None:
        """Put a card (None: an unknown one) on the pile."""
        self.size += 1
        if code is not None:
            self.cards[code] += 1

    def take(self, code: str | None) -> None:
        """Take a card (None: an unknown one) from the pile."""
        self.size = max(0, self.size - 1)
        if code is not None and self.cards[code] > 0:
            self.cards[code] -= 1
            if not self.cards[code]:
                del self.cards[code]


@dataclass
class State:
    """Everything that changes during a game."""

    board: Board
    seats: tuple[str, ...]
    phase: str = Phase.TILES
    round: int = 1
    first: str = ""
    order: list[str] = field(default_factory=list)
    turn: int = 0  # index into order of the player whose turn (or start choice) it is
    clocks: dict[str, str] = field(default_factory=dict)
    positions: dict[str, str] = field(default_factory=dict)
    hands: dict[str, Hand] = field(default_factory=dict)
    deck: Pile = field(default_factory=Pile)
    blue: Pile = field(default_factory=Pile)
    red: Pile = field(default_factory=Pile)
    supply: dict[str, int] = field(default_factory=dict)
    shield_supply: int = 0
    past_deck: list[str] = field(default_factory=list)
    future_next: int = 1
    draws_due: list[str] = field(default_factory=list)
    points: int = 0
    extra_earned: int = 0
    extra_drawn: int = 0
    end_line: int = 0
    last_closer: str = ""  # who ended the latest turn (a late extra draw names them)
    last_earned: int = 0  # the extra cards that turn earned
    window: Window | None = None
    expedition: Expedition | None = None
    dropped: Expedition | None = None  # an expedition interrupted this turn (its late `place` still counts)
    winners: tuple[str, ...] = ()
    offers: list[str] = field(default_factory=list)  # players asked, before a turn, to play Metropolis
    pile: str = "red"  # the discard pile the special action being played goes to

    def copy(self) -> State:
        """Return an independent copy for search: every container copied, the workbook's data shared."""
        twin = shallow(self)
        for name, value in vars(self).items():
            if type(value) in (dict, list, Counter):
                setattr(twin, name, value.copy())
        twin.board = self.board.copy()
        twin.hands = {p: Hand(Counter(h.known), h.unknown) for p, h in self.hands.items()}
        twin.deck, twin.blue, twin.red = (Pile(Counter(p.cards), p.size) for p in (self.deck, self.blue, self.red))
        twin.window = shallow(self.window) if self.window is not None else None
        twin.expedition = shallow(self.expedition) if self.expedition is not None else None
        twin.dropped = twin.expedition if self.dropped is self.expedition else \
            shallow(self.dropped) if self.dropped is not None else None
        return twin

    @property
    def active(self) -> str:
        """Return the player whose turn (or decision in setup) it is."""
        return self.order[self.turn] if self.order and self.turn < len(self.order) else ""

    def clockwise_from(self, first: str) -> list[str]:
        """Return the seats in play order starting from a player."""
        start = self.seats.index(first)
        return list(self.seats[start:] + self.seats[:start])

    def counterclockwise_next(self) -> str:
        """Return the player counterclockwise of the time-shift card's holder."""
        return self.seats[(self.seats.index(self.first) - 1) % len(self.seats)]

    def refill(self) -> None:
        """Shuffle the blue discard pile into an empty draw pile."""
        if self.deck.size == 0 and self.blue.size:
            self.deck, self.blue = self.blue, Pile()

    def shuffle_in(self, name: str) -> None:
        """Shuffle a discard pile (`blue` or `red`) into the draw pile, whatever the draw pile holds."""
        pile = self.blue if name == "blue" else self.red
        self.deck.cards.update(pile.cards)
        self.deck.size += pile.size
        if name == "blue":
            self.blue = Pile()
        else:
            self.red = Pile()

    def can_draw(self) -> bool:
        """Return True when a card can be drawn: from the draw pile, or the blue pile shuffled into it."""
        return self.deck.size > 0 or self.blue.size > 0

    def source(self) -> Pile:
        """Return the pile the next card comes from (the blue pile when the draw pile is empty)."""
        return self.deck if self.deck.size else self.blue
