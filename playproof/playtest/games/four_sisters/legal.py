"""Every legal move at every decision point, written exactly as a log line would have it."""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from playproof.playtest.engine import TABLE, Decision
from playproof.playtest.games.four_sisters.conflict import QUEEN_TIE, TIE, judge
from playproof.playtest.games.four_sisters.core import Core
from playproof.playtest.games.four_sisters.state import (
    INTRIGUED, PLACED, REFILL, SETUP, START, Conflict, Seat,
)


def subsets(cards: list[str]) -> Iterator[tuple[str, ...]]:
    """Every subset of some cards, smallest first."""
    for size in range(len(cards) + 1):
        yield from combinations(cards, size)


class LegalMoves(Core):
    """Legal-move enumeration for the simulator and the recorder's prompts."""

    def pending_decision(self) -> Decision | None:
        """Return whose decision it is now and every legal move."""
        if self.stage == SETUP:
            player = next(p for p in self.order if self.owed[p] > 0)
            return Decision(TABLE, self._draws(player), f"{player} draws her opening hand")
        if (storm := self._storm_decision()) is not None:
            return storm
        if self.conflict is not None:
            return self._conflict_decision(self.conflict)
        if self.stage == REFILL:
            return Decision(TABLE, self._draws(self.current), f"{self.current} refills her hand")
        return Decision(self.current, tuple(self._turn_moves()), f"{self.current}'s turn")

    def _draws(self, player: str) -> tuple[str, ...]:
        """Every card the next draw of a Scheme can be."""
        seat = self.seats[player]
        known = seat.next_draw()
        cards = ([known] if known is not None else
                 sorted(seat.pool.difference(seat.hand), key=self.data.values.__getitem__))
        return tuple(f"draw {player} {c}" for c in cards)

    def _turn_moves(self) -> list[str]:
        """The moves of the player whose turn it is, at her current step."""
        seat = self.seats[self.current]
        moves: list[str] = []
        if self.stage == START:
            moves += [f"pass {c}" for c in seat.hand] if seat.hand else ["pass"]
        if self.stage in (START, PLACED) and self.own_queen(seat) in seat.hand:
            moves += self._intrigues()
        if self.stage in (START, INTRIGUED):
            moves += self._placements(seat)
        moves.append("end")
        return moves

    def _intrigues(self) -> list[str]:
        """Every swap a Queen allows between the Chateau and the Oubliette."""
        cards, pile = self.data.cards, sorted(self.oubliette)
        moves = []
        for room, card in self.board.items():
            if card is not None:
                here = cards[card]
                moves += [f"intrigue {room} {other}" for other in pile
                          if cards[other].suit == here.suit or cards[other].value == here.value]
        return moves

    def _placements(self, seat: Seat) -> list[str]:
        """Placements by the Hour and by Introduction into empty Rooms, and the Squander."""
        empty = [r for r, c in self.board.items() if c is None]
        values = self.data.values
        moves = []
        for card in seat.hand:
            worth = values[card]
            if worth <= self.hour:
                moves += [f"place {card} {room}" for room in empty]
            others = [c for c in seat.hand if c != card]
            for paid in subsets(others):
                if sum(values[c] for c in paid) >= worth:
                    tail = f" with {' '.join(paid)}" if paid else ""
                    moves += [f"introduce {card} {room}{tail}" for room in empty]
        # A Squander discards the whole hand (any part of it with the partial-squander variant)
        for paid in subsets(seat.hand) if self.partial_squander else [tuple(seat.hand)]:
            if paid:
                moves.append("squander " + " ".join(paid))
        return moves

    def _conflict_decision(self, c: Conflict) -> Decision:
        """The next decision of a Conflict being resolved."""
        if c.step == "target":
            return Decision(c.player, tuple(f"target {r}" for r in c.candidates), "name the Innocent")
        if c.step == "boost":
            # Offered in seat order (the Instigator, then the defender); either may go first
            for player in (c.player, c.defender):
                if player is not None and player not in c.boosted:
                    return Decision(player, self._boosts(player, empty=True),
                                    "discard cards to strengthen the card in Conflict")
            return self._compared_decision(c)
        if c.step == "tie":
            assert c.defender is not None
            return Decision(c.defender, ("refuse", "accept"), "a tie: accept defeat or not")
        player = c.pending_sends[0][0]
        return Decision(player, ("send scheme", "send oubliette"), "tied with a Queen: where to")

    def _boosts(self, player: str, empty: bool) -> tuple[str, ...]:
        """Every discard a player in a Conflict can make (`boost` alone: none)."""
        hand = self.seats[player].hand
        return tuple(" ".join(("boost",) + s) for s in subsets(hand) if s or empty)

    def _compared_decision(self, c: Conflict) -> Decision:
        """Both sides have discarded: the tie decision, the sends, or the table's record of the result."""
        verdict = judge(self.data, self.board, c, self.sabbath)
        if verdict.kind == TIE:
            assert c.defender is not None
            return Decision(c.defender, ("refuse", "accept") + self._boosts(c.defender, empty=False),
                            "a tie: accept defeat or not")
        if verdict.kind == QUEEN_TIE:
            loser = self.owner_at(verdict.losers[0])
            return Decision(loser, ("send scheme", "send oubliette") + self._boosts(loser, empty=False),
                            "tied with a Queen: where to")
        result = " ".join(f"defeat {room} {where}" for room, where in verdict.defeated.items())
        return Decision(TABLE, (result or "moot",), "the cards are compared")

    def _storm_decision(self) -> Decision | None:
        """While all four Queens lie in the Oubliette, each player in turn may Storm it once."""
        if self.conflict is not None or not self.queens_in_oubliette():
            return None
        for i in range(len(self.order)):
            seat = self.seats[self.order[(self.turn + i) % len(self.order)]]
            mine = [c for c in self.board.values() if c and self.data.cards[c].suit == seat.suit]
            if seat.name not in self.stormed and mine:
                moves = tuple(self._storms(seat, mine)) + ("decline",)
                return Decision(seat.name, moves, "Storm the Oubliette or decline")
        return None

    def _storms(self, seat: Seat, mine: list[str]) -> Iterator[str]:
        """Every Storm: a highest card removed, and each set of her cards worth no more taken."""
        best = max(self.value(c) for c in mine)
        for card in (c for c in mine if self.value(c) == best):
            pile = sorted((c for c in self.oubliette | {card}
                           if self.data.cards[c].suit == seat.suit), key=self.value)
            for taken in subsets(pile):
                if sum(self.value(c) for c in taken) <= best:
                    yield f"storm {card} take {' '.join(taken)}" if taken else f"storm {card}"
