"""The game state: cities, decks, the phase and what is pending in it."""

from __future__ import annotations

from collections import Counter
from copy import copy as shallow
from dataclasses import dataclass, field, replace

from playproof.playtest.engine import Status
from playproof.playtest.games.seven_wonders_leaders.city import City, Hand, copy_fields
from playproof.playtest.games.seven_wonders_leaders.data import GameData
from playproof.playtest.games.seven_wonders_leaders.moves import Move

FREE_CITY = "Free City"

Finding = tuple[str, str, Status]
"""A rule broken: (rule slug, message, status)."""


def broken(rule: str, message: str, unsure: bool = False) -> Finding:
    """Return a finding; unsure ones depend on hidden information."""
    return (rule, message, Status.UNDETERMINED if unsure else Status.VIOLATION)


def coins(n: int) -> str:
    """Return `1 coin` or `n coins`."""
    return f"{n} coin" if n == 1 else f"{n} coins"


@dataclass(slots=True)
class Payment:
    """What a play costs and brings: coins to the bank and to each neighbour, and how it was built."""

    bank: int = 0
    left: int = 0
    right: int = 0
    chain: bool = False
    olympia: bool = False

    @property
    def total(self) -> int:
        """Return all coins paid."""
        return self.bank + self.left + self.right


NOTHING_PAID = Payment()
"""The payment of a plain discard, shared: a choice's payment is only read once the choice is made
(`resolve`; `State.copy` copies it), never changed."""


@dataclass(slots=True)
class Choice:
    """A city's choice this turn, kept hidden until every choice is in."""

    city: int
    move: Move
    payment: Payment
    hand: Hand


@dataclass(slots=True)
class Pending:
    """A follow-up decision after a turn: salvage, courtesan, Rome's draw or extra recruit."""

    kind: str
    city: int
    count: int = 1


@dataclass
class State:
    """Everything the referee tracks."""

    data: GameData
    players: list[str]
    cities: list[City]
    pool: Counter[str]
    phase: str = "wonders"
    age: int = 1
    turn: int = 0
    draft_round: int = 1
    draft: list[Hand] = field(default_factory=list)
    choices: dict[int, Choice] = field(default_factory=dict)
    queue: list[Pending] = field(default_factory=list)
    deck: Counter[str] = field(default_factory=Counter)
    guilds_left: int = 0
    discard: list[str] = field(default_factory=list)
    box: Counter[str] = field(default_factory=Counter)
    controller: int = 0
    drawn: bool = False
    rome_stage_discount: int = 0
    extra_purchases: bool = False
    """The `extra-purchases` variant: buying resources a city does not lack is allowed (and paid)."""
    passing: str = ""
    """The way the log says hands pass in this Age or draft (`left`, `right`); empty: the rule's way."""
    two_player: bool = field(init=False, repr=False, compare=False)
    """True in the 2-player game (a Free City sits between the players): set from the players, asked often."""

    def __post_init__(self) -> None:
        """Note whether this is the 2-player game."""
        self.two_player = len(self.players) == 2

    def copy(self) -> State:
        """Return an independent copy for search: cities, hands, decks and choices copied, the workbook shared.

        A choice keeps pointing at the copy of the hand it was made from (hands are compared by identity).
        """
        twin = copy_fields(self)
        twin.cities = [c.copy() for c in self.cities]
        twin.draft = [copy_fields(h) for h in self.draft]
        hands = {id(old): new for old_city, city in zip(self.cities, twin.cities)
                 for old, new in ((old_city.hand, city.hand), (old_city.leader_hand, city.leader_hand))}
        hands.update((id(old), new) for old, new in zip(self.draft, twin.draft))
        twin.choices = {i: replace(c, payment=shallow(c.payment), hand=hands.get(id(c.hand)) or copy_fields(c.hand))
                        for i, c in self.choices.items()}
        twin.queue = [shallow(p) for p in self.queue]
        return twin


    def index(self, name: str) -> int:
        """Return the index of a city by name."""
        return next(i for i, c in enumerate(self.cities) if c.name == name)

    def left(self, i: int) -> int:
        """Return the city on the left (next in seat order, where Age I passes)."""
        return (i + 1) % len(self.cities)

    def right(self, i: int) -> int:
        """Return the city on the right (previous in seat order)."""
        return (i - 1) % len(self.cities)

    def neighbours(self, i: int) -> tuple[City, City]:
        """Return a city's left and right neighbours."""
        return self.cities[self.left(i)], self.cities[self.right(i)]

    def real_hand(self, i: int) -> Hand:
        """Return the Age hand a city plays from (the Free City plays from its controller's)."""
        return self.cities[self.controller].hand if self.cities[i].free_city else self.cities[i].hand

    def hand_of(self, i: int) -> Hand:
        """Return the hand city i may still choose from (less cards already chosen from it)."""
        hand = self.real_hand(i)
        if not self.two_player:
            return hand  # only the 2-player controller plays two cards from one hand
        taken = [c.move.name for c in self.choices.values() if c.hand is hand and c.city != i]
        if not taken:
            return hand
        rest = Hand(list(hand.cards), hand.hidden_out)
        for name in taken:
            rest.take(name)
        return rest

    def actor_of(self, i: int) -> str:
        """Return who decides for a city (the controller decides for the Free City)."""
        return self.cities[self.controller].name if self.cities[i].free_city else self.cities[i].name

    def choosers(self) -> list[int]:
        """Return the cities that choose in the current turn or Recruitment phase."""
        if self.phase == "recruit":
            return [i for i, c in enumerate(self.cities) if not c.free_city and c.leader_hand.size() > 0]
        if self.turn == 7:
            return [i for i, c in enumerate(self.cities)
                    if not c.free_city and "play_seventh" in c.profile.flags and c.hand.size() > 0]
        return list(range(len(self.cities)))

    def all_chose(self) -> bool:
        """Return True when every city that chooses now (`choosers`) has chosen."""
        choices = self.choices
        if self.phase != "recruit":
            return all(i in choices for i in self.choosers())
        for i, c in enumerate(self.cities):  # (`choosers` in Recruitment, stopping at the first still to choose)
            if i not in choices and not c.free_city and len(c.leader_hand.cards) > c.leader_hand.hidden_out:
                return False
        return True

    def phase_name(self) -> str:
        """Return what the game is waiting for, in words."""
        return {"wonders": "boards are being dealt", "leaders": "Leaders are being dealt",
                "draft": "the Leader draft", "recruit": f"the Recruitment phase of Age {self.age}",
                "deal": f"Age {self.age} cards are being dealt", "turn": f"Age {self.age} turn {self.turn}",
                }.get(self.phase, self.phase)

    def deck_size(self) -> int:
        """Return how many Age cards are still undealt (guilds counted by their quota)."""
        return sum(self.deck.values()) + (self.guilds_left if self.age == 3 else 0)

    def guilds_available(self) -> list[str]:
        """Return the guilds that may still be dealt in Age III."""
        if self.age != 3 or self.guilds_left <= 0:
            return []
        dealt = {c for c in self.dealt_guilds}
        return [g for g in self.data.guilds if g not in dealt]

    dealt_guilds: list[str] = field(default_factory=list)
