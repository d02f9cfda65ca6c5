"""Draws, Storming the Oubliette, and the table's records of the Clock and the Day's winner."""

from __future__ import annotations

from playproof.playtest.engine import TABLE, Event, Violation
from playproof.playtest.games.four_sisters.core import UNKNOWN, BadMove, Core
from playproof.playtest.games.four_sisters.state import OVER, REFILL, SETUP, Seat

RESULTS = {"younger": "Younger", "elder": "Elder", "none": "none"}
NOTHING = "none"  # `draw PLAYER none`: the player drew no card


class TableMoves(Core):
    """Handlers of draws, storms, and the derived Clock and winner."""

    def do_draw(self, event: Event, out: list[Violation]) -> None:
        """Draw the top card of a Scheme (`table: draw PLAYER CARD`, or `PLAYER: draw CARD`)."""
        player, card = self.draw_args(event)
        seat = self.seats[player]
        if card == NOTHING:
            self._draw_nothing(seat, event, out)
        elif self.owed.get(player, 0) <= 0:
            out.append(self.violation("refill-three", f"{player} owes no draw now: hands are "
                                      "refilled to three at the end of a turn, after a pass, and "
                                      "at the start", event))
        else:
            self.owed[player] -= 1
        if card != NOTHING:
            self.draw(seat, card, event, out)
        if self.stage == SETUP and not any(self.owed.values()):
            self.start_play()
        elif self.stage == REFILL and self.owed[self.current] <= 0:
            self.refilled()

    def _draw_nothing(self, seat: Seat, event: Event, out: list[Violation]) -> None:
        """`draw PLAYER none`: she drew no more cards, though the rules may have owed her some."""
        # "Draw to refill Hand to three cards, if possible": only an empty Scheme excuses it
        owed = min(self.owed.get(seat.name, 0), seat.scheme_count)
        if owed:
            out.append(self.violation("refill-three", f"{seat.name} still had {owed} card(s) to draw "
                                      "from her Scheme", event))
        self.owed[seat.name] = 0

    def draw_args(self, event: Event) -> tuple[str, str]:
        """Parse who draws what (once per event: the flow reads it before the draw itself)."""
        memo = self.draw_memo
        if memo is not None and memo[0] is event:
            return memo[1]
        key = ("draw", self.seating, event.actor, event.args)  # what the parse depends on
        found = self.data.parsed.get(key)
        if found is None:
            found = self.data.remember(key, self._parse_draw(event))
        self.draw_memo = (event, found)
        return found

    def _parse_draw(self, event: Event) -> tuple[str, str]:
        """Parse `table: draw PLAYER CARD` or `PLAYER: draw CARD`."""
        tokens = event.args.split()
        if event.actor != TABLE and len(tokens) == 1:
            return event.actor, self._drawn(tokens[0])
        if event.actor != TABLE or len(tokens) < 2:
            raise BadMove("write table: draw PLAYER CARD (CARD may be ? for a hidden card, or none)")
        return self.parse_player(" ".join(tokens[:-1])), self._drawn(tokens[-1])

    def _drawn(self, token: str) -> str:
        """A drawn card, `?` for an unseen one, or NOTHING for `none` (no card drawn)."""
        return NOTHING if token.lower() == NOTHING else self.parse_card(token, hidden_ok=True)

    def do_arrange(self, event: Event, out: list[Violation]) -> None:
        """Record the order of a Scheme's stack, top first (`?` for a card not shown)."""
        player, cards = self._arrange_args(event)
        seat = self.seats[player]
        # "Each player arranges her cards into a face down stack, in any order, before the start
        # of play ... [she may not] alter its order once play has begun."
        if seat.order is not None or seat.stack < len(self.data.suit_cards(seat.suit)):
            out.append(self.violation("scheme-arrange", f"{player}'s Scheme was arranged before she "
                                      "drew: its order may not be altered once play has begun", event))
        wrong = self._arrange_problem(seat, cards)
        if wrong:
            out.append(self.violation("scheme-arrange", wrong, event))
            return
        seat.order = cards

    def _arrange_problem(self, seat: Seat, cards: list[str]) -> str:
        """Why a written order cannot be her stack's (empty when it can)."""
        named = [c for c in cards if c != UNKNOWN]
        if len(cards) != seat.stack:
            return f"{seat.name}'s stack holds {seat.stack} cards, not {len(cards)}"
        if len(set(named)) != len(named):
            return "a card is listed twice"
        strays = [c for c in named if not seat.may_be_hidden(c) and not (seat.order and c in seat.order)]
        if strays:
            return f"{', '.join(strays)}: not in {seat.name}'s stack"
        return ""

    def _arrange_args(self, event: Event) -> tuple[str, list[str]]:
        """Parse `PLAYER: arrange CARD...` or `table: arrange PLAYER CARD...`."""
        tokens = event.args.split()
        if event.actor == TABLE:
            players = [i for i in range(1, len(tokens) + 1)
                       if " ".join(tokens[:i]).lower() in self.seated_names]
            if not players:
                raise BadMove("write table: arrange PLAYER CARD... (top first, ? for a card not shown)")
            player, tokens = self.parse_player(" ".join(tokens[:players[-1]])), tokens[players[-1]:]
        else:
            player = event.actor
        if not tokens:
            raise BadMove("write arrange CARD..., the Scheme top first (? for a card not shown)")
        return player, [self.parse_card(t, hidden_ok=True) for t in tokens]

    def do_clock(self, event: Event, out: list[Violation]) -> None:
        """Check a logged reading of the Clock against the Hour the rules give."""
        token = event.args.strip()
        if not token.isdigit():
            raise BadMove("write clock HOUR, like clock 3")
        if int(token) != self.hour:
            out.append(self.violation("clock-advance", f"the Clock shows {self.hour}, not {token} "
                                      "(one Hour a turn, 1 after the last Hour, standing still "
                                      "while all four Queens are in the Chateau)", event))

    def do_winner(self, event: Event, out: list[Violation]) -> None:
        """Check a logged winner of the Day (Younger, Elder, or none for a drawn Day)."""
        logged = RESULTS.get(event.args.strip().lower())
        if logged is None:
            raise BadMove("write winner Younger, winner Elder or winner none")
        if self.stage != OVER:
            out.append(self.violation("end-winner", "the Day has not ended", event))
        elif logged != self.winner:
            totals = ", ".join(f"{t} {n}" for t, n in self.team_totals().items())
            why = "ran out of cards" if self.end_reason == "run-out" else f"totals {totals}"
            out.append(self.violation("end-winner", f"the Day's winner is {self.winner} ({why})",
                                      event))

    def do_storm(self, event: Event, out: list[Violation]) -> None:
        """Storm the Oubliette: send the highest card to it and take back cards of her suit."""
        card, taken = self._storm_args(event.args)
        seat = self.seats[event.actor]
        if not self.queens_in_oubliette() or seat.name in self.stormed:
            why = (self._queens_short() if not self.queens_in_oubliette()
                   else f"{seat.name} has already stormed (or declined) this time")
            out.append(self.violation("storm-condition", why, event))
        self.stormed.add(seat.name)
        if not self._storm_remove(seat.suit, card, event, out):
            return
        self._storm_take(seat.name, card, taken, event, out)

    def _queens_short(self) -> str:
        """Say how many Queens the Oubliette holds when a Storm needs them all."""
        queens = self.data.queens
        there = sum(1 for q in queens if q in self.oubliette)
        return (f"Storming needs all {len(queens)} Queens in the Oubliette; it holds "
                f"{there if there else 'none'}")

    def _storm_args(self, args: str) -> tuple[str, list[str]]:
        """Parse `CARD [take CARD...]`."""
        tokens = args.split()
        if not tokens or (len(tokens) > 1 and tokens[1].lower() != "take"):
            raise BadMove("write storm CARD take CARD..., like storm 6H take QH AH 2H 3H")
        return self.parse_card(tokens[0]), [self.parse_card(t) for t in tokens[2:]]

    def _storm_remove(self, suit: str, card: str, event: Event, out: list[Violation]) -> bool:
        """Move her highest-value card from the Chateau to the Oubliette."""
        room = self.room_of(card)
        mine = [c for c in self.board.values() if c and self.data.cards[c].suit == suit]
        if room is None or card not in mine:
            why = (f"{card} is not {event.actor}'s card in the Chateau" if mine else
                   f"{event.actor} has no card in the Chateau to send to the Oubliette, so she cannot Storm")
            out.append(self.violation("storm-highest", why, event))
            return False
        best = max(self.value(c) for c in mine)
        if self.value(card) < best:
            out.append(self.violation("storm-highest", f"{event.actor}'s highest card in the "
                                      f"Chateau is worth {best}, more than {card}", event))
        self.board[room] = None
        self.oubliette.add(card)
        return True

    def _storm_take(self, player: str, card: str, taken: list[str], event: Event,
                    out: list[Violation]) -> None:
        """Return the chosen cards of her suit from the Oubliette under her Scheme, in order."""
        seat = self.seats[player]
        wrong = [c for c in taken if c not in self.oubliette or self.data.cards[c].suit != seat.suit]
        if wrong:
            out.append(self.violation("storm-take", f"{', '.join(wrong)}: only cards of "
                                      f"{player}'s suit lying in the Oubliette can be taken", event))
        total = sum(self.value(c) for c in taken)
        if total > self.value(card):
            out.append(self.violation("storm-take", f"the cards taken are worth {total}, more than "
                                      f"{card} ({self.value(card)})", event))
        for c in taken:
            if c not in wrong:
                self.oubliette.discard(c)
                seat.bottom.append(c)

    def do_decline(self, event: Event, out: list[Violation]) -> None:
        """Decline to Storm the Oubliette this time."""
        if event.args.strip():
            raise BadMove("decline takes no arguments")
        if not self.queens_in_oubliette() or event.actor in self.stormed:
            out.append(self.violation("storm-condition", "there is no Storm to decline now", event))
        self.stormed.add(event.actor)

