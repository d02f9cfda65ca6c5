"""Steps 4 and 5: naming the Innocent, discards, ties, and the table's record of the result."""

from __future__ import annotations

from playproof.playtest.engine import Event, Violation
from playproof.playtest.games.four_sisters.conflict import QUEEN_TIE, TIE, judge
from playproof.playtest.games.four_sisters.core import BadMove, Core
from playproof.playtest.games.four_sisters.state import OUBLIETTE, SCHEME, Conflict, Outcome, Settled

STEPS = ("target", "boost", "tie", "send", "end")


class ConflictMoves(Core):
    """Handlers of the Conflict's moves and the defaults of steps a log leaves out."""

    # ----- flow --------------------------------------------------------------------------

    def advance_conflict(self, until: str, event: Event, out: list[Violation]) -> None:
        """Apply the defaults of unlogged steps until the Conflict reaches a step (or ends)."""
        goal = STEPS.index(until)
        while (c := self.conflict) is not None and STEPS.index(c.step) < goal:
            self._default_step(c, event, out)

    def _default_step(self, c: Conflict, event: Event, out: list[Violation]) -> None:
        """Take one unlogged step the way the rules default it."""
        if c.step == "target":
            # The Innocent must be named unless only one opposing card touches the Instigator
            if len(c.candidates) == 1:
                self._set_target(c, c.candidates[0])
                return
            out.append(self.violation("conflict-declare", f"{c.player}'s card in {c.room} touches "
                                      f"opposing cards in {', '.join(c.candidates)}: name the "
                                      "Innocent with `target ROOM`", event))
            self.conflict = None
        elif c.step == "boost":
            self._judge(c)  # the discards are over: compare the results
        elif c.step == "tie":
            self._resolve(c, {})  # a defender who says nothing does not accept defeat
        else:
            self._resolve(c, {room: c.sends.get(room, SCHEME) for _, room in c.pending_sends}
                          | c.sends)

    def _set_target(self, c: Conflict, room: str) -> None:
        """Name the Innocent and its defender."""
        c.target = room
        c.defender = self.owner_at(room)
        c.step = "boost"

    def _judge(self, c: Conflict) -> None:
        """Compare the cards once both sides have discarded."""
        verdict = judge(self.data, self.board, c, self.sabbath)
        c.queen = verdict.queen
        if verdict.kind == TIE:
            c.step = "tie"
        elif verdict.kind == QUEEN_TIE:
            c.pending_sends = [(self.owner_at(r), r) for r in verdict.losers]
            c.step = "send"
        else:
            self._resolve(c, verdict.defeated)

    def _resolve(self, c: Conflict, defeated: dict[str, str]) -> None:
        """Remove defeated cards to the Oubliette or under their owner's Scheme."""
        for room, where in defeated.items():
            card = self.board[room]
            assert card is not None
            self.board[room] = None
            if where == OUBLIETTE:
                self.oubliette.add(card)
            else:
                self.seats[self.owner[self.data.cards[card].suit]].bottom.append(card)
        self.last_outcome = Outcome(dict(defeated), c.queen)
        self.conflict = None

    # ----- the players' moves --------------------------------------------------------------

    def do_target(self, event: Event, out: list[Violation]) -> None:
        """Step 4: name the Innocent among the opposing cards sharing a side with the Instigator."""
        tokens = event.args.split()
        if len(tokens) != 1:
            raise BadMove("write target ROOM, the Room of the Innocent")
        room = self.parse_room(tokens[0])
        c = self.conflict
        if c is None or c.step != "target" or event.actor != c.player:
            why = "there is no Conflict to open" if c is None else (
                "the Innocent is already named" if c.step != "target" else
                f"the Instigator's player, {c.player}, names the Innocent")
            out.append(self.violation("conflict-declare", why, event))
        elif room not in c.candidates:
            out.append(self.violation("conflict-declare", f"{room} holds no opposing card sharing "
                                      f"a side with {c.room}", event))
        else:
            self._set_target(c, room)

    def do_boost(self, event: Event, out: list[Violation]) -> None:
        """Step 5: discard cards, each adding 1 to the player's card in the Conflict."""
        # "Players with cards in Conflict may discard any number of cards": either side, in any
        # order, in as many goes as she likes, until the cards are compared
        cards = [self.parse_card(t, hidden_ok=True) for t in event.args.split()]
        actor = event.actor
        if self.conflict is None and self.reopenable is not None:
            self._reopen(actor)
        c = self.conflict
        if c is not None and actor in self._defenders(c) | {c.player}:
            self.advance_conflict("boost", event, out)
        c = self.conflict
        if c is None or actor not in (c.player, c.defender) or c.step != "boost":
            out.append(self.violation("conflict-boost", self._boost_refusal(c, actor), event))
            if c is not None and actor in (c.player, c.defender):
                # A late discard still leaves her hand for the Oubliette, as the table did it
                self.discard(self.seats[actor], cards, event, out)
            return
        c.boosts[actor] = c.boosts.get(actor, 0) + self.discard(self.seats[actor], cards, event, out)
        c.boosted.add(actor)
        if c.defender in c.boosted and c.player in c.boosted:
            self._settle(c)

    def _settle(self, c: Conflict) -> None:
        """Both sides have discarded: resolve a clear result now (a tie waits for its decision)."""
        verdict = judge(self.data, self.board, c, self.sabbath)
        if verdict.kind in (TIE, QUEEN_TIE):
            return
        c.queen = verdict.queen
        moved = {room: self.board[room] or "" for room in verdict.defeated}
        self._resolve(c, verdict.defeated)
        self.settled = Settled(c, verdict.defeated, moved)

    def _reopen(self, actor: str) -> None:
        """A side discards again on the very next line: the cards were not compared yet."""
        settled = self.reopenable
        assert settled is not None
        c = settled.conflict
        if actor not in (c.player, c.defender):
            return
        for room, where in settled.defeated.items():
            card = settled.cards[room]
            self.board[room] = card
            if where == OUBLIETTE:
                self.oubliette.discard(card)
            else:
                self.seats[self.owner[self.data.cards[card].suit]].bottom.pop()
        self.conflict, self.last_outcome = c, None

    def _defenders(self, c: Conflict) -> set[str]:
        """Return who may defend: the Innocent's player, or any opposing neighbour's before the target."""
        if c.defender is not None:
            return {c.defender}
        return {self.owner_at(room) for room in c.candidates}

    def _boost_refusal(self, c: Conflict | None, actor: str) -> str:
        """Why a player may not discard for a Conflict now."""
        if c is None:
            return "there is no Conflict to discard for"
        if actor not in (c.player, c.defender):
            return f"{actor} has no card in this Conflict"
        return "the cards in this Conflict have already been compared: discards come before"

    def do_accept(self, event: Event, out: list[Violation]) -> None:
        """On a tie, the defender accepts defeat: the Innocent goes under her Scheme."""
        self._tie_choice(event, out, accept=True)

    def do_refuse(self, event: Event, out: list[Violation]) -> None:
        """On a tie, the defender refuses defeat: both cards stay."""
        self._tie_choice(event, out, accept=False)

    def _tie_choice(self, event: Event, out: list[Violation], accept: bool) -> None:
        """Apply the defender's decision on a tie."""
        if event.args.strip():
            raise BadMove(f"{event.verb} takes no arguments")
        if (c := self.conflict) is not None and event.actor in self._defenders(c) | {c.player}:
            self.advance_conflict("tie", event, out)
        c = self.conflict
        if c is None or c.step != "tie" or event.actor != c.defender:
            why = ("there is no tie to decide" if c is None or c.step != "tie"
                   else f"only the defender, {c.defender}, decides a tie")
            out.append(self.violation("conflict-tie", why, event))
            return
        self._resolve(c, {c.target: SCHEME} if accept and c.target else {})

    def do_send(self, event: Event, out: list[Violation]) -> None:
        """After a tie with a Queen, the loser sends her card to the Oubliette or her Scheme."""
        where = event.args.strip().lower()
        if where not in (SCHEME, OUBLIETTE):
            raise BadMove("write send scheme or send oubliette")
        if (c := self.conflict) is not None and event.actor in self._defenders(c) | {c.player}:
            self.advance_conflict("send", event, out)
        c = self.conflict
        mine = [room for player, room in c.pending_sends if player == event.actor] if c else []
        if c is None or c.step != "send" or not mine:
            out.append(self.violation("queens-tie-send", f"{event.actor} has no card defeated by a "
                                      "tie with a Queen to send", event))
            return
        c.sends[mine[0]] = where
        c.pending_sends.remove((event.actor, mine[0]))
        if not c.pending_sends:
            self._resolve(c, dict(c.sends))

    # ----- the table's record of the result ----------------------------------------------

    def do_defeat(self, event: Event, out: list[Violation]) -> None:
        """Check a logged defeat (`defeat ROOM [scheme|oubliette]`) against the rules' result."""
        tokens = event.args.split()
        if len(tokens) not in (1, 2) or (len(tokens) == 2 and tokens[1].lower() not in
                                         (SCHEME, OUBLIETTE)):
            raise BadMove("write defeat ROOM, optionally followed by scheme or oubliette")
        room = self.parse_room(tokens[0])
        outcome = self.last_outcome
        if outcome is None:
            out.append(self.violation("conflict-result", "no Conflict has been resolved", event))
            return
        where = outcome.defeated.get(room)
        logged = tokens[1].lower() if len(tokens) == 2 else where
        if where is None or logged != where:
            rule = "queens-conflict" if outcome.queen else "conflict-result"
            out.append(self.violation(rule, self._outcome_text(outcome), event))

    def do_moot(self, event: Event, out: list[Violation]) -> None:
        """Check a logged `moot` (nobody defeated) against the rules' result."""
        if event.args.strip():
            raise BadMove("moot takes no arguments")
        outcome = self.last_outcome
        if outcome is None or outcome.defeated:
            rule = "queens-conflict" if outcome and outcome.queen else "conflict-result"
            text = self._outcome_text(outcome) if outcome else "no Conflict has been resolved"
            out.append(self.violation(rule, text, event))

    def _outcome_text(self, outcome: Outcome) -> str:
        """Describe the result the rules give."""
        if not outcome.defeated:
            return "by the rules nobody is defeated in this Conflict"
        places = {OUBLIETTE: "the Oubliette", SCHEME: "the bottom of its Scheme"}
        parts = [f"the card in {room} is defeated and goes to {places[where]}"
                 for room, where in outcome.defeated.items()]
        return "by the rules " + " and ".join(parts)
