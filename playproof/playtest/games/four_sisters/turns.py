"""A player's own turn: pass, Intrigue, placement by the Hour or by Introduction, Squander, end."""

from __future__ import annotations

from playproof.playtest.engine import Event, Status, Violation
from playproof.playtest.games.four_sisters.core import UNKNOWN, BadMove, Core
from playproof.playtest.games.four_sisters.state import (
    DONE, INTRIGUED, PLACED, START, Conflict, Seat,
)


class TurnMoves(Core):
    """Handlers of the moves a player makes on her own turn."""

    def do_pass(self, event: Event, out: list[Violation]) -> None:
        """Step 1: discard one card, draw its replacement, and skip to the Clock."""
        cards = [self.parse_card(t, hidden_ok=True) for t in event.args.split()]
        seat = self.seats[event.actor]
        if self.stage != START:
            out.append(self.violation("order-step", "a pass must be the first move of a turn",
                                      event))
        if len(cards) != 1 and (cards or seat.hand_count):
            out.append(self.violation("pass-discard", f"passing discards exactly one card, not "
                                      f"{len(cards)}", event))
        self.discard(seat, cards, event, out)
        self.owed[seat.name] = min(1, seat.scheme_count) if cards else 0
        self.passed = True
        self.begin_refill()

    def do_intrigue(self, event: Event, out: list[Violation]) -> None:
        """Steps 2 and 6: reveal the Queen to swap a Chateau card for a matching Oubliette card."""
        room, card = self._intrigue_args(event.args)
        seat = self.seats[event.actor]
        if self.stage not in (START, PLACED):
            out.append(self.violation("order-step", "Intrigue comes only before placing (step 2) "
                                      "or after the Conflict (step 6), once each", event))
        self.stage = INTRIGUED if self.stage == START else DONE if self.stage == PLACED else self.stage
        queen = self.own_queen(seat)
        if seat.may_hold(queen):
            seat.take_from_hand(queen)
            seat.bottom.append(queen)  # the revealed Queen goes under her Scheme
        else:
            out.append(self.violation("intrigue-queen", f"{seat.name} has no {queen} in hand to "
                                      "reveal", event))
        self._exchange(seat, room, card, event, out)

    def _intrigue_args(self, args: str) -> tuple[str, str]:
        """Parse `ROOM CARD`."""
        tokens = args.split()
        if len(tokens) != 2:
            raise BadMove("write intrigue ROOM CARD: the Chateau Room and the Oubliette card")
        return self.parse_room(tokens[0]), self.parse_card(tokens[1])

    def _exchange(self, seat: Seat, room: str, card: str, event: Event, out: list[Violation]) -> None:
        """Swap the card in a Room with a card of the same suit or value from the Oubliette."""
        there = self.board[room]
        if there is None:
            out.append(self.violation("intrigue-match", f"Room {room} is empty", event))
            return
        if card not in self.oubliette and seat.may_hold(card):
            # The swapped-in card came from her hand: a wrong source, but the swap was made
            out.append(self.violation("intrigue-match", f"{card} is not in the Oubliette (it came "
                                      f"from {seat.name}'s hand)", event))
            seat.take_from_hand(card)
            self.oubliette.add(there)
            self.board[room] = card
            return
        if card not in self.oubliette:
            owner = self.seats[self.owner[self.data.cards[card].suit]]
            hidden = owner.lost and card in owner.pool
            out.append(self.violation("intrigue-match", f"{card} is not in the Oubliette", event,
                                      Status.UNDETERMINED if hidden else Status.VIOLATION))
            return
        a, b = self.data.cards[there], self.data.cards[card]
        if a.suit != b.suit and a.value != b.value:
            out.append(self.violation("intrigue-match", f"{card} matches neither the suit nor the "
                                      f"value of {there}", event))
            return
        self.oubliette.discard(card)
        self.oubliette.add(there)
        self.board[room] = card

    def do_place(self, event: Event, out: list[Violation]) -> None:
        """Step 3 by the Hour: place a card worth no more than the Hour."""
        tokens = event.args.split()
        if len(tokens) != 2:
            raise BadMove("write place CARD ROOM, like place 3H B2")
        card, room = self.parse_card(tokens[0]), self.parse_room(tokens[1])
        if self.value(card) > self.hour:
            out.append(self.violation("place-hour", f"{card} is worth {self.value(card)}, more than "
                                      f"the Hour ({self.hour})", event))
        self._place(event, card, room, out)

    def do_introduce(self, event: Event, out: list[Violation]) -> None:
        """Step 3 by Introduction: discard cards worth at least the placed card's value."""
        card, room, paid = self._introduce_args(event.args)
        seat = self.seats[event.actor]
        self.discard(seat, paid, event, out)
        total = sum(self.value(c) for c in paid if c != UNKNOWN)
        if self.value(card) > total:
            status = Status.UNDETERMINED if UNKNOWN in paid else Status.VIOLATION
            out.append(self.violation("introduce-total", f"{card} is worth {self.value(card)}, "
                                      f"more than the {total} discarded for it", event, status))
        self._place(event, card, room, out)

    def _introduce_args(self, args: str) -> tuple[str, str, list[str]]:
        """Parse `CARD ROOM with CARD...`."""
        tokens = [t for t in args.split() if t.lower() != "with"]
        if len(tokens) < 2:
            raise BadMove("write introduce CARD ROOM with CARD..., like introduce 9H B2 with 4H 5H")
        card, room = self.parse_card(tokens[0]), self.parse_room(tokens[1])
        paid = [self.parse_card(t, hidden_ok=True) for t in tokens[2:]]
        if card in paid or len(set(paid) - {UNKNOWN}) != len([p for p in paid if p != UNKNOWN]):
            raise BadMove("each card may appear once: the introduced card is not one of its "
                          "discards")
        return card, room, paid

    def do_squander(self, event: Event, out: list[Violation]) -> None:
        """Step 3: discard the whole hand and place nothing."""
        cards = [self.parse_card(t, hidden_ok=True) for t in event.args.split()]
        if not cards:
            raise BadMove("write squander CARD...: the cards of the hand discarded")
        seat = self.seats[event.actor]
        self._check_placing_step(event, out)
        self.discard(seat, cards, event, out)
        if seat.hand_count and not self.partial_squander:
            out.append(self.violation("squander-whole-hand", f"a Squander discards the whole hand; "
                                      f"{seat.name} kept {seat.hand_count} card(s)", event))
        self.stage = PLACED
        self.last_outcome = None

    def _check_placing_step(self, event: Event, out: list[Violation]) -> None:
        """One placement per turn, at step 3."""
        if self.stage not in (START, INTRIGUED):
            out.append(self.violation("order-step", "only one card is placed (or Squandered) each "
                                      "turn, at step 3", event))

    def _place(self, event: Event, card: str, room: str, out: list[Violation]) -> None:
        """Put a card from hand into an empty Room and open a Conflict where it touches foes."""
        self._check_placing_step(event, out)
        self.stage = PLACED
        self.last_outcome = None
        seat = self.seats[event.actor]
        if self.board[room] is not None:
            out.append(self.violation("place-empty-room", f"Room {room} already holds "
                                      f"{self.board[room]}", event))
            if not seat.may_hold(card):
                out.append(self.violation("hand-card", f"{card} is not in {seat.name}'s hand",
                                          event))
            return
        if not self.take(seat, card, event, out):
            return
        self.board[room] = card
        foes = tuple(r for r in self.data.neighbours[room]
                     if (c := self.board[r]) is not None and self.team_of(c) != self.team_of(card))
        if foes:
            self.conflict = Conflict(seat.name, room, foes)

    def do_end(self, event: Event, out: list[Violation]) -> None:
        """End the active part of the turn: refill (step 7) and advance the Clock (step 8)."""
        if event.args.strip():
            raise BadMove("end takes no arguments")
        self.close_turn()  # the flow has already made it her turn (reporting order-turn if not)
