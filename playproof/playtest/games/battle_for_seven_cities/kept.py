"""What random play's fast path keeps between moves (offers.py): a turn's parts and the pile's codes.

Plain holders at the bottom of the package's imports: the referee holds one of each
(`turn_parts`, `draw_codes`); `forget()` drops them whenever the state changes otherwise.
"""

from __future__ import annotations

from collections import Counter

from playproof.playtest.engine import Offer


class TurnParts:
    """The parts of a turn's moves that a turn's own points and steps leave as they are.

    Playing a card for its points, a step and time travel change only the hand, the token's tile
    and the points: the board, the supplies and the piles stay. So the recycling moves and the
    special moves of the cards that do not depend on the token's tile hold for the rest of the
    turn, and the hand's moves until a code runs out (`head` is then None). Random play's fast
    path keeps one per turn (`BattleEngine.turn_parts`); any other change to the state drops it.
    """

    __slots__ = ("player", "hand", "codes", "head", "recycle", "static")

    def __init__(self, player: str, hand: Counter[str]) -> None:
        self.player, self.hand = player, hand
        self.codes: list[str] = []  # the hand's codes with a special action, in order
        self.head: list[str] | None = None  # `end`, then each code of the hand for its points
        self.recycle: list[str] | None = None
        self.static: dict[str, list[str]] = {}  # special moves by code, of cards not in POSITIONAL


class PileCodes:
    """The sorted codes of the pile drawn from, and each player's offer of a draw from it, kept between draws."""

    __slots__ = ("cards", "codes", "offers")

    def __init__(self, cards: Counter[str], codes: list[str]) -> None:
        self.cards, self.codes = cards, codes
        self.offers: dict[str, Offer] = {}  # `draw PLAYER CODE` of each code, by player (forgotten when a code runs out)
