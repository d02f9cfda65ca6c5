"""The Four Sisters referee: routes each logged move to its handler after settling the flow."""

from __future__ import annotations

from dataclasses import replace

from playproof.playtest.engine import TABLE, Decision, Event, EventKind, Violation
from playproof.playtest.games.four_sisters.conflicts import ConflictMoves
from playproof.playtest.games.four_sisters.core import BadMove
from playproof.playtest.games.four_sisters.legal import LegalMoves
from playproof.playtest.games.four_sisters.state import (
    ACTED, OPEN, OVER, PASSED, REFILL, SETUP, START,
)
from playproof.playtest.games.four_sisters.table import TableMoves
from playproof.playtest.games.four_sisters.turns import TurnMoves

TURN = "turn"  # the turn's player: steps 1-3 and the end of her turn
CONFLICT = "conflict"  # the two players in a Conflict
ANY = "any"  # any player at any time (Storming the Oubliette)
DRAW = "draw"  # a draw from a Scheme
ARRANGE = "arrange"  # the order a player gave her Scheme
CLOSING = "closing"  # the table's reading of the Clock or the Day's winner
RESULT = "result"  # the table's record of a Conflict's result

VERBS: dict[str, str] = {
    "pass": TURN, "intrigue": TURN, "place": TURN, "introduce": TURN, "squander": TURN,
    "end": TURN, "target": CONFLICT, "boost": CONFLICT, "accept": CONFLICT, "refuse": CONFLICT,
    "send": CONFLICT, "storm": ANY, "decline": ANY, "draw": DRAW, "arrange": ARRANGE, "clock": CLOSING,
    "winner": CLOSING, "defeat": RESULT, "moot": RESULT,
}
TABLE_KINDS = (CLOSING, RESULT)
TABLE_MAY = TABLE_KINDS + (DRAW, ARRANGE)
"""The kinds of move the table may write."""
HANDLERS = {verb: f"do_{verb}" for verb in VERBS}
"""The engine method that plays each verb."""


class FourSistersEngine(TurnMoves, ConflictMoves, TableMoves, LegalMoves):
    """Referee of Four Sisters: two teams of two, Schemes, the Chateau, the Clock."""
    from playproof.playtest.games.four_sisters.heuristic import heuristic  # bots' value of a position
    from playproof.playtest.games.four_sisters.determinize import clone, determinize  # search bots' copies

    def apply(self, event: Event) -> list[Violation]:
        """Check an event, apply it whatever the verdict, and return every violation."""
        if event.kind is EventKind.MARKER:
            return []
        self.last_line = event.line
        self.reopenable, self.settled = self.settled, None
        out: list[Violation] = []
        if event.actor not in self.seats and event.actor != TABLE:
            event = self._seated(event)
        try:
            kind = self._kind(event)
            handled = self.stage != OVER and self._prepare(event, kind, out)
            if not handled:
                self._dispatch(event, kind, out)
        except BadMove as exc:
            out.append(self.violation("log-move", str(exc), event, exc.status))
        if self.stormed and not self.queens_in_oubliette():
            self.stormed.clear()  # a new gathering of the Queens opens a new Storm
        return out

    def _dispatch(self, event: Event, kind: str, out: list[Violation]) -> None:
        """Hand the move to its handler (after the Day, only the table's closing records)."""
        if self.stage == OVER and kind != CLOSING:
            # Playing on after the Day is one mistake: the first move after it is reported
            if not self.played_on:
                out.append(self._after_the_day(event))
            self.played_on = True
        else:
            getattr(self, HANDLERS[event.verb])(event, out)

    def _seated(self, event: Event) -> Event:
        """Return the event with its actor spelled as seated (names match case-insensitively)."""
        for name in (TABLE, *self.seats):
            if name.lower() == event.actor.lower():
                return replace(event, actor=name)
        return event

    def _kind(self, event: Event) -> str:
        """Return the kind of a move, checking its verb and actor."""
        kind = VERBS.get(event.verb)
        if kind is None:
            raise BadMove(f'unknown move "{event.verb}" (Four Sisters moves: {", ".join(VERBS)})')
        if event.actor == TABLE:
            if kind not in TABLE_MAY:
                raise BadMove(f'"{event.verb}" is a player\'s move, not the table\'s')
            return kind
        if event.actor not in self.seats:
            raise BadMove(f'"{event.actor}" is not a player ({", ".join(self.order)})')
        if kind in TABLE_KINDS:
            raise BadMove(f'"{event.verb}" is recorded by the table: write table: {event.text}')
        return kind

    def _prepare(self, event: Event, kind: str, out: list[Violation]) -> bool:
        """Bring the flow up to this move, applying the defaults of steps the log leaves out.

        Return True when nothing is left to do for the move.
        """
        if self.stage == SETUP and kind not in (DRAW, ARRANGE):
            self.start_play()
        if self.conflict is not None and kind != CONFLICT:
            self.advance_conflict("end", event, out)
        if self.stage == REFILL and kind in (TURN, CLOSING):
            self._finish_refill()
        if kind in (TURN, CLOSING, DRAW) and self.stage in ACTED and self._closes_turn(event, kind):
            self.close_turn()
            if self.stage == REFILL and kind != DRAW:
                self._finish_refill()
        if kind == TURN and self.stage in OPEN and event.actor != self.current:
            out.append(self.violation("order-turn", f"it is {self.current}'s turn, not "
                                      f"{event.actor}'s", event))
            if self._ends_again(event):
                return True  # her turn is over already: no new turn (and no new Hour) is made
            self.jump_to(event.actor)
        elif kind == TURN and self.stage == PASSED and event.verb != "end":
            # After a pass, skip to step 8: nothing else is played that turn
            out.append(self.violation("order-step", f"{event.actor} passed this turn: after a pass "
                                      "the turn skips to the Clock", event))
            self.stage, self.passed = START, False  # the move is played as written
        return False

    def _ends_again(self, event: Event) -> bool:
        """True for an `end` by the player whose turn has just ended, before the next one acts."""
        before = self.order[(self.turn - 1) % len(self.order)]
        return event.verb == "end" and event.actor == before and self.stage == START

    def _closes_turn(self, event: Event, kind: str) -> bool:
        """True when a move shows that the turn's player has finished her turn."""
        if kind == TURN:
            return event.actor != self.current
        if kind == DRAW:  # after a pass she has drawn her one card: a further draw is not a refill
            return self.draw_args(event)[0] == self.current and self.stage != PASSED
        return True

    def _finish_refill(self) -> None:
        """Draw what the log did not name, then advance the Clock (after a pass: wait for it)."""
        self.fill_draws()
        self.refilled()

    def _after_the_day(self, event: Event) -> Violation:
        """A move after the Day has ended."""
        if self.end_reason == "full":
            return self.violation("end-full-chateau", "the Chateau was full at the end of a turn: "
                                  "the Day is over", event)
        why = ("both players of a team were unable to draw" if self.late_run_out
               else "a team's Schemes both ran out")
        return self.violation("end-run-out", f"{why}: the Day is over", event)

    # ----- the Engine contract ---------------------------------------------------------------

    def decision(self) -> Decision | None:
        """Return the decision pending now with its legal moves, or None when the Day is over."""
        return None if self.stage == OVER else self.pending_decision()

    @property
    def turn_player(self) -> str | None:
        """Return whose turn it is (a defender's answers in a Conflict belong to it), for search bots."""
        return None if self.stage in (OVER, SETUP) else self.current

    def is_over(self) -> bool:
        """Return True when the Day has ended."""
        return self.stage == OVER

    def scores(self) -> dict[str, int]:
        """Return each player's score: her team's Chateau total (Queens count 10)."""
        totals = self.team_totals()
        return {name: totals[seat.team] for name, seat in self.seats.items()}

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Return each player's own cards' worth, her partner's, and the team total."""
        own = dict.fromkeys(self.seats, 0)
        for card in self.board.values():
            if card is not None:
                info = self.data.cards[card]
                own[self.owner[info.suit]] += (self.data.queen_day_value if info.is_queen
                                               else info.value)
        totals = self.team_totals()
        return {name: {"own": own[name], "partner": totals[seat.team] - own[name],
                       "total": totals[seat.team]} for name, seat in self.seats.items()}

    def winners(self) -> list[str]:
        """Return the two players of the team that won the Day (none on a drawn Day), or leads it now."""
        # The Day's winner is the team the end of the Day named ("none": a drawn Day, nobody wins);
        # before the end, the team with the higher Chateau total leads (equal totals: nobody).
        team = self.winner if self.stage == OVER else self.leading_team()
        return [name for name, seat in self.seats.items() if seat.team == team]

    def round_label(self) -> str:
        """Return the turn number and the Hour."""
        return f"turn {self.turns_played + 1}, hour {self.hour}"

    def summary(self) -> str:
        """Return the Chateau, the Clock and each player's hand size as a few lines."""
        last_row = max(int(r[1:]) for r in self.data.rooms)
        rows = [" ".join(f"{r}:{self.board[r] or '--'}" for r in self.data.rooms
                         if int(r[1:]) == n) for n in range(1, last_row + 1)]
        hands = ", ".join(f"{s.name} ({s.suit}) {s.hand_count} in hand, {s.scheme_count} in "
                          "Scheme" for s in self.seats.values())
        state = (f"Day over: {self.winner} wins" if self.stage == OVER else "opening hands drawn"
                 if self.stage == SETUP else f"{self.current} to play")
        return "\n".join([f"Hour {self.hour}; {state}", *rows,
                          f"Oubliette: {' '.join(sorted(self.oubliette)) or 'empty'}", hands])

    def finish(self) -> list[Violation]:
        """Close the turn the log left open so the final state is the rules' own; report nothing."""
        # A log may stop anywhere: an unfinished game breaks no rule, so what the rules' defaults
        # would report here (an Innocent never named) is not a finding
        end = Event(self.last_line, TABLE, "end")
        if self.conflict is not None:
            self.advance_conflict("end", end, [])
        if self.stage == REFILL:
            self._finish_refill()
        if self.stage in ACTED:
            self.close_turn()
        if self.stage == REFILL:
            self._finish_refill()
        return []
