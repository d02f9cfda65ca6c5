"""Scoring the sisters in table order: favours, gifts and their decisions, removals, buy-backs."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Callable

from playproof.errors import PlayproofError
from playproof.playtest.engine import Decision, Status
from playproof.playtest.games.seven_sisters.data import GameData
from playproof.playtest.games.seven_sisters.legal import MoveTexts
from playproof.playtest.games.seven_sisters.moves import Buyback, Claim, Envy, Move, PlayerMove, SisterMove
from playproof.playtest.games.seven_sisters.scoring import (adjust_gift, favourite, final_breakdown,
                                                            pay_gift, winners)
from playproof.playtest.games.seven_sisters.scoring_order import ScoringOrder
from playproof.playtest.games.seven_sisters.state import (ENVY, GLUTTONY, GREED, LUST, PRIDE, WRATH,
                                                          Table)

GIFT_KINDS = {SisterMove: "wrath", PlayerMove: "pride", Envy: "envy", Buyback: "buyback"}
GIFT_SISTERS = {"wrath": WRATH, "pride": PRIDE, "envy": ENVY}
"""The sister whose favourite makes each gift decision."""
CLAIM_RULES = {"favour": "scoring-favour", "gift": "gifts-amounts", "wrath": "wrath-tie",
               "first": "pride-first-player", "score": "final-score", "winner": "final-winner"}


class ScoringPass(ScoringOrder):
    """The scoring half of the engine: one pass over the sisters per round, plus the final one."""

    data: GameData
    table: Table
    names: tuple[str, ...]
    texts: MoveTexts
    step: str
    round: int

    if TYPE_CHECKING:
        def report(self, rule: str, message: str, line: int | None = None,
                   status: Status = Status.VIOLATION) -> None: ...
        def flag(self, name: str) -> bool: ...
        def _begin_round(self, number: int) -> None: ...
        def shown_table(self) -> Table: ...
        reorders: dict[int, list[int]]
        opts: dict[str, str]

    def _init_scoring(self) -> None:
        """Set the scoring bookkeeping."""
        ties = self.opts.get("majority-ties", "share")
        if ties.lower() not in ("share", "none", "sloth"):
            raise PlayproofError(f'Variant "majority-ties={ties}": write share, none or sloth')
        self.pass_no = 0
        self.final_pass = self.data.n("rounds") + 1
        self.idx, self.stage = 0, "open"
        self.pending: tuple[str, int] | None = None
        self.winner: int | None = None
        self.scored: set[int] = set()
        self.results: dict[tuple[object, ...], object] = {}
        """What the pass in progress (or the last one) decided, by claim topic."""
        self.previous: dict[tuple[object, ...], object] = {}
        self.previous_reasons: dict[int, tuple[tuple[int, ...], int | None]] = {}
        self.final_marked = False
        """True once the log marked the final scoring (`-- Final scoring --`)."""
        self.reasons: dict[int, tuple[tuple[int, ...], int | None]] = {}
        """Per sister, the servants counted at her last scoring and her favourite (for messages)."""
        self.deferred: dict[object, list[tuple[Claim, int]]] = {}
        self.removed: dict[int, list[int]] = {}
        """Per sister scored in this pass, the servants removed from her per player (for buy-backs)."""
        self.decided: set[tuple[int, int]] = set()
        """(sister, seat) of the buy-backs decided in this pass."""
        self.reached: dict[int, int] = {}
        """Per pass, the furthest sister (position in the row) the table's lines reached."""
        self.announced: dict[int, set[int]] = {}
        """Per pass, the sisters the table announced scoring (`table: scoring SISTER`)."""
        self.pass_order: list[int] = []
        """The order this pass scores the sisters in: the row's, unless the table scored otherwise."""
        self.touched: list[int] = []
        """The sisters this pass's lines named (announced or decided for), in the order they came."""

        self.final: list[dict[str, int]] = []
        self.champions: tuple[int, ...] = ()

    def start_scoring(self) -> None:
        """Score every sister in table order, stopping at each decision a player must make."""
        self._start_pass()
        self.advance()

    def _start_pass(self) -> None:
        """Begin a pass over the sisters."""
        self.step, self.pass_no = "score", self.pass_no + 1
        self.previous, self.results = self.results, {}
        self.previous_reasons = dict(self.reasons)
        self.idx, self.stage, self.scored, self.pending = 0, "open", set(), None
        self.removed, self.decided = {}, set()
        self.pass_order, self.touched = self.reorders.get(self.pass_no, self.table.order), []

    def advance(self) -> None:
        """Score on until a player must decide or the pass ends."""
        order = self.pass_order
        while self.step == "score" and self.pending is None:
            if self.idx >= len(order):
                self._end_pass()
            elif self.stage == "open":
                self._open(order[self.idx])
                self.stage = "gift"
            elif self.stage == "gift":
                self._close_gift(order[self.idx])
                self._remove(order[self.idx])
                self.stage = "buyback"
            else:
                self.idx, self.stage = self.idx + 1, "open"

    def _end_pass(self) -> None:
        """After round scoring comes the next round; after round 4 the final scoring; then the end."""
        if self.pass_no >= self.final_pass:
            self._finish_game()
        elif self.pass_no == self.final_pass - 1:
            self._start_pass()
        else:
            self._begin_round(self.round + 1)

    def skip_scoring(self) -> None:
        """Finish the pass with the defaults for decisions the log left out."""
        while self.step == "score":
            if self.pending is not None:
                self._default_pending()
            self.advance()

    def finish_pass(self) -> None:
        """Settle this pass's open decisions with their defaults, up to the next pass's first."""
        current = self.pass_no
        while self.step == "score" and self.pass_no == current:
            if self.pending is not None:
                self._default_pending()
            self.advance()

    def mark_final(self) -> None:
        """The log marks the final scoring: round 4's scoring is over, whatever it left undecided."""
        if self.step == "score" and self.pass_no == self.final_pass - 1:
            self.finish_pass()
        self.final_marked = True

    # ----- one sister -------------------------------------------------------------------------

    def _open(self, sister: int) -> None:
        """Give the sister's favour and her gift (or ask her favourite to decide it)."""
        t = self.table
        counts = t.board[sister]
        winner = self.winner = favourite(counts, t.favours)
        if winner is not None and t.favour_stock[sister] > 0:
            t.favour_stock[sister] -= 1
            t.favours[winner][sister] += 1
        self.results[("favour", sister)] = winner
        self.reasons[sister] = (tuple(counts), winner)
        tie = winner is None and (max(counts) > 0 or self.flag("empty-is-tie"))
        self._gift(sister, winner, tie)

    def _reason(self, sister: int, counts: tuple[int, ...], winner: int | None) -> str:
        """Explain who won a sister's favour from the servants counted on her."""
        name = self.data.sisters[sister]
        top = max(counts)
        tied = [self.names[p] for p, c in enumerate(counts) if c == top]
        if top == 0:
            return f"nobody has a servant on {name}"
        if len(tied) == 1:
            return f"{tied[0]} has the most servants on {name} ({top})"
        who = " and ".join(tied)
        if winner is not None:
            return f"{who} tie on {name} with {top} and {self.names[winner]} has the most Sloth favours"
        return f"{who} tie on {name} with {top} and Sloth favours do not break the tie"

    def _gift(self, sister: int, winner: int | None, tie: bool) -> None:
        """Resolve the sister's gift, by her tile number."""
        t, n = self.table, len(self.names)
        if sister in (GREED, GLUTTONY, LUST):
            big, small = self.data.n("gift_winner"), self.data.n("gift_others")
            for p, amount in pay_gift(t, sister, winner, big, small).items():
                self.results[("gift", sister, p)] = amount
        elif sister == WRATH:
            if winner is not None:
                self.pending = ("wrath", winner)
            elif tie:
                t.wrath = t.next_tile(t.wrath)  # a tie moves the marker one sister to the right
        elif sister == PRIDE and not (self.pass_no >= self.final_pass and self.flag("no-final-pride")):
            # "Each sister is scored a final time, using the normal method": Pride too (ruling 14).
            if winner is not None:
                self.pending = ("pride", winner)
            elif tie:
                # "the first player marker moves one spot to the right": the previous seat (ruling 12)
                step = 1 if self.flag("pride-tie-clockwise") else -1
                t.first = (t.first + step) % n
        elif sister == ENVY and winner is not None:
            self.pending = ("envy", winner)  # she "may move" servants: `envy none` is always offered

    def _close_gift(self, sister: int) -> None:
        """Mark the sister scored and check what the table claimed about her."""
        self.scored.add(sister)
        for claim, line in self.deferred.pop(sister, []):
            self._check_claim(claim, line)

    def _remove(self, sister: int) -> None:
        """Set aside the favourite's servants, and everyone's under the Wrath marker."""
        t = self.table
        if self.winner is not None:
            t.remove(sister, self.winner)
        if t.wrath == sister:
            for p in range(t.players):
                t.remove(sister, p)
        self.removed[sister] = list(t.aside)
        for p in range(t.players):
            if t.aside[p] and not t.gold[p]:
                t.buy_back(p, 0, 0)  # no gold: the removed servants go to reserve
        if any(t.aside):
            self.pending = ("buyback", -1)

    # ----- decisions during scoring -------------------------------------------------------------

    def scoring_decision(self) -> Decision:
        """Return the decision a sister's favourite (or a buy-back) waits for."""
        assert self.pending is not None
        kind, seat = self.pending
        t = self.table
        if kind == "wrath":
            return Decision(self.names[seat], self.texts.wrath_moves(t), "move the Wrath marker")
        if kind == "pride":
            return Decision(self.names[seat], self.texts.prides, "choose the next first player")
        if kind == "envy":
            return Decision(self.names[seat], self.texts.envy_moves(t, self.data.n("envy_servants")),
                            "move two servants onto Envy")
        seat = next(p for p in t.seats_from_first() if t.aside[p])
        sister = self.pass_order[self.idx]
        return Decision(self.names[seat], self.texts.buyback_moves(sister, t.aside[seat], t.gold[seat]),
                        "buy back removed servants")

    def may_buy_back(self, seat: int) -> bool:
        """Return True when a player may decide a buy-back now: his servants were just removed (ruling 2)."""
        if self.pending is None or self.pending[0] != "buyback":
            return False
        sister = self.pass_order[self.idx]
        return self.removed[sister][seat] > 0 and (sister, seat) not in self.decided

    def score_move(self, move: Move, seat: int) -> None:
        """Handle a decision made during scoring, settling earlier ones the log left out."""
        kind = GIFT_KINDS[type(move)]
        if self._late_decline(move, seat) or self.unpaid_buyback(move, seat):
            return
        if not self._due_now(kind, move, seat):
            # One mistake, one finding: a decision that never comes due leaves the scoring as it is.
            probe = copy.deepcopy(self)
            probe._found = []
            probe._catch_up_scoring(kind, move, seat)
            # A decline changes nothing: it moves the game on to the final scoring only when that
            # leaves no decision of it unmade (else it is a late word on round 4).
            hops = probe.pass_no != self.pass_no and bool(probe._found)
            if not probe._due_now(kind, move, seat) or (hops and self._is_decline(move)):
                self._report_not_due(kind, move, probe)
                return
            sister = GIFT_SISTERS.get(kind)
            if sister is not None and probe.pending is not None and probe.pending[1] != seat:
                self._check_winner(seat, probe.pending[1], sister)  # not his decision, nor due yet
                return
            self._catch_up_scoring(kind, move, seat)
        self.reached[self.pass_no] = max(self.reached.get(self.pass_no, -1), self.idx)
        if self.idx < len(self.pass_order) and self.pass_order[self.idx] not in self.touched:
            self.touched.append(self.pass_order[self.idx])
        SCORING_DECISIONS[kind](self, move, seat)
        self.final_marked |= self.pass_no == self.final_pass
        self.advance()

    def _due_now(self, kind: str, move: Move, seat: int) -> bool:
        """Return True when the scoring waits for exactly this decision now."""
        return self.step == "score" and self.pending is not None and self._is_due(kind, move, seat)

    def _catch_up_scoring(self, kind: str, move: Move, seat: int) -> None:
        """Settle decisions the log left out until this decision is due (or cannot come)."""
        while self.step == "score" and self.pending is not None and not self._is_due(kind, move, seat):
            if not self._may_come(kind, move):
                if self.pass_no != self.final_pass - 1:
                    break
                self.finish_pass()  # a decision of the final scoring, which follows round 4's at once
                continue
            self._default_pending()
            self.advance()

    def _report_not_due(self, kind: str, move: Move, probe: ScoringPass) -> None:
        """Report a scoring decision nobody was due to make, with the rule that says why."""
        sister = {"wrath": WRATH, "pride": PRIDE, "envy": ENVY}.get(kind)
        scored = probe.reasons.get(sister) if sister is not None and sister in probe.scored else None
        if scored is None or scored[1] is not None:
            self.report("log-wrong-step", self._not_due(kind, move))
            return
        name, reason = self.data.sisters[sister], probe._reason(sister, *scored)  # type: ignore[index]
        rule, outcome = {
            "wrath": ("wrath-tie", "; on a tie the marker moves one sister to the right"),
            "pride": ("pride-choice", "; on a tie the first-player marker moves one spot to the right"),
            "envy": ("envy-move", ""),
        }[kind]
        if max(scored[0]) == 0 and kind != "envy":
            outcome = ""
        self.report(rule, f"Nobody won {name}'s favour ({reason}), so nobody decides her gift{outcome}")

    def _is_due(self, kind: str, move: Move, seat: int) -> bool:
        """Return True when the pending decision is of this kind (a buy-back: for the sister named)."""
        assert self.pending is not None
        if self.pending[0] != kind:
            return False
        if not isinstance(move, Buyback):
            return True
        if move.sister is None:  # the older form: the player's servants waiting now, else his next removal
            return self.table.aside[seat] > 0 or self.idx >= len(self.table.order) - 1
        return move.sister == self.pass_order[self.idx]

    def _may_come(self, kind: str, move: Move) -> bool:
        """Return True when a decision of this kind can still come up in this pass."""
        sister = {"wrath": WRATH, "pride": PRIDE, "envy": ENVY}.get(kind)
        if isinstance(move, Buyback):
            sister = move.sister
        return sister is None or sister not in self.scored

    @staticmethod
    def _is_decline(move: Move) -> bool:
        """Return True for `envy none` and `buyback none`: decisions that change nothing."""
        return (isinstance(move, Envy) and not move.taken) or (isinstance(move, Buyback) and not move.servants)

    def _late_decline(self, move: Move, seat: int) -> bool:
        """Accept `buyback SISTER none` by a player whose servants left a sister already settled."""
        if not isinstance(move, Buyback) or move.servants or move.gold:
            return False
        sister = move.sister
        if sister is None:  # the old form speaks of the latest removal
            sister = next(reversed(self.removed), None) if self.removed else None
        if sister is None or self.step != "score" or seat < 0 or self.table.aside[seat]:
            return False
        # A player without gold had his servants sent to reserve at once (and a buy-back left out
        # is `none`): his `none` restates what happened.
        removed = self.removed.get(sister)
        if removed is None or not removed[seat] or (sister, seat) in self.decided:
            return False
        self.decided.add((sister, seat))
        return True

    def _not_due(self, kind: str, move: Move) -> str:
        """Explain why a scoring decision is out of place."""
        if kind == "buyback":
            sister = move.sister if isinstance(move, Buyback) else None
            where = f" from {self.data.sisters[sister]}" if sister is not None else ""
            return f"No servants removed{where} are waiting to be bought back now"
        sister = {"wrath": WRATH, "pride": PRIDE, "envy": ENVY}[kind]
        return f"No {self.data.sisters[sister]} decision is due now"

    def _default_pending(self, before: str = "") -> None:
        """Settle a decision the log left out: what the table did by not deciding (`before`: when it was due)."""
        assert self.pending is not None
        kind, seat = self.pending
        if kind == "wrath":
            self.report("wrath-must-move", f"{self.names[seat]} won Wrath's favour and must move the "
                        f"Wrath marker (`wrath SISTER`){before}")
        elif kind == "pride" and self.pass_no < self.final_pass - 1:
            # In the last round there is no next round to start: the choice may go unsaid.
            self.report("pride-choice", f"{self.names[seat]} won Pride's favour and chooses the next "
                        f"first player (`pride PLAYER`){before}")
        elif kind == "buyback":
            for p in range(self.table.players):
                self.table.buy_back(p, 0, 0)
        self.pending = None

    def _check_winner(self, seat: int, winner: int, sister: int) -> None:
        """Only the sister's favourite makes her gift's decision."""
        if seat != winner:
            deed = {WRATH: "moves the Wrath marker", PRIDE: "chooses the next first player"}.get(
                sister, "chooses which two servants move onto her")
            self.report("log-turn-order", f"{self.names[winner]} won {self.data.sisters[sister]}'s "
                        f"favour and {deed}, not {self.names[seat]}")

    def _decide_wrath(self, move: SisterMove, seat: int) -> None:
        """Wrath's favourite moves the marker: never onto Wrath, never where it lies."""
        assert self.pending is not None
        t, names = self.table, self.data.sisters
        self._check_winner(seat, self.pending[1], WRATH)
        if move.sister == WRATH:
            self.report("wrath-destination", f"The Wrath marker may not be placed on {names[WRATH]}")
        elif move.sister == t.wrath:
            self.report("wrath-destination", f"The Wrath marker already lies on {names[t.wrath]}; it "
                        "must move, and never to the same sister two rounds running")
        t.wrath = move.sister
        self.pending = None

    def _decide_pride(self, move: PlayerMove, seat: int) -> None:
        """Pride's favourite chooses the next round's first player."""
        assert self.pending is not None
        self._check_winner(seat, self.pending[1], PRIDE)
        self.table.first = move.player
        self.pending = None

    def _decide_envy(self, move: Envy, seat: int) -> None:
        """Envy's favourite may move two servants from one other sister onto Envy."""
        assert self.pending is not None
        self._check_winner(seat, self.pending[1], ENVY)
        self.pending = None
        if not move.taken:
            return
        t, names, need = self.table, self.data.sisters, self.data.n("envy_servants")
        if ENVY in move.sources:
            self.report("envy-move", f"The servants move onto {names[ENVY]} from another sister")
            return
        if len(move.taken) != need:
            self.report("envy-move", f"Envy's favourite moves {need} servants onto her, not {len(move.taken)}")
        if len(move.sources) > 1:
            self.report("envy-one-sister", f"Both servants come from one sister's tile, not from "
                        f"{' and '.join(names[s] for s in move.sources)}")
        for source, owner in dict.fromkeys(move.taken):
            wanted, have = move.taken.count((source, owner)), t.board[source][owner]
            if have < wanted:
                self.report("envy-move", f"{self.names[owner]} has {have} servant"
                            f"{'s' if have != 1 else ''} on {names[source]}, not {wanted}")
            t.move(owner, source, ENVY, wanted)

    def _decide_buyback(self, move: Buyback, seat: int) -> None:
        """A player pays gold to return removed servants to playable; the rest go to reserve."""
        t = self.table
        removed, gold = t.aside[seat], t.gold[seat]
        sister = self.pass_order[self.idx]
        if not removed and self._sent_to_reserve(sister, seat):  # no gold: a paid buy-back is over its limit
            self.decided.add((sister, seat))
            self._check_unpaid(move, seat, self.removed[sister][seat])
            return
        if not removed:
            self._buyback_by_other(seat, sister)
            return
        self.decided.add((sister, seat))
        if move.servants > removed:
            self.report("buyback-limit", f"{self.names[seat]} had {removed} servant"
                        f"{'s' if removed != 1 else ''} removed and cannot buy back {move.servants}")
        if move.gold > gold:
            self.report("buyback-limit", f"{self.names[seat]} has only {gold} gold, not {move.gold}")
        prices = self.texts.prices[min(move.servants, len(self.texts.prices) - 1)]
        if move.gold not in prices:
            rates = ", ".join(f"{s} for {g}" for g, s in self.data.buyback)
            cost = " or ".join(map(str, sorted(prices))) or "no exact price"
            self.report("buyback-ratio", f"{move.servants} servants cost {cost} gold ({rates}), "
                        f"not {move.gold}")
        t.buy_back(seat, move.servants, move.gold)
        if not any(t.aside):
            self.pending = None

    def _sent_to_reserve(self, sister: int, seat: int) -> bool:
        """Return whether a player's servants left this sister for reserve because he had no gold (undecided)."""
        removed = self.removed.get(sister)
        return removed is not None and removed[seat] > 0 and (sister, seat) not in self.decided

    def late_buyback(self, move: Move, seat: int) -> bool:
        """Read a buy-back written after its scoring ended on its own, before the next round began.

        A scoring with no decision left ends at its last removal, so the optional `buyback SISTER none`
        written after it, in either documented form, restates what happened; a paid one is checked
        against the gold the player had (servants of a player without gold went to reserve at once).
        """
        return self.step in ("place", "deal", "flip", "over") and self.unpaid_buyback(move, seat)

    def unpaid_buyback(self, move: Move, seat: int) -> bool:
        """Read a buy-back of servants sent to reserve for want of gold (True when it was one)."""
        if not isinstance(move, Buyback) or seat < 0 or self.table.aside[seat]:
            return False
        sister = move.sister if move.sister is not None else self._latest_removal(seat)
        if sister is None or not self._sent_to_reserve(sister, seat):
            return False
        self.decided.add((sister, seat))
        self._check_unpaid(move, seat, self.removed[sister][seat])
        return True

    def _latest_removal(self, seat: int) -> int | None:
        """Return the sister a player's servants were last removed from in this pass (None: none were)."""
        return next((s for s in reversed(self.removed) if self.removed[s][seat]), None)

    def _check_unpaid(self, move: Buyback, seat: int, removed: int) -> None:
        """Check a buy-back of servants already sent to reserve for want of gold: paying is over its limit."""
        gold = self.table.gold[seat]
        if move.servants > removed:
            self.report("buyback-limit", f"{self.names[seat]} had {removed} servant{'s' if removed != 1 else ''} "
                        f"removed and cannot buy back {move.servants}")
        if move.gold > gold or (move.servants and not gold):
            self.report("buyback-limit", f"{self.names[seat]} has only {gold} gold, not {move.gold}: the removed "
                        "servants went to reserve")

    def _buyback_by_other(self, seat: int, sister: int) -> None:
        """Only a player whose servants were removed (and who has not decided yet) buys them back."""
        name, sister_name = self.names[seat], self.data.sisters[sister]
        if self.removed.get(sister, [0] * (seat + 1))[seat]:
            self.report("log-turn-order", f"{name} already settled the servants removed from {sister_name}")
        else:
            self.report("log-turn-order", f"{name} had no servants removed from {sister_name}: only their "
                        "owners buy servants back")

    # ----- claims the table logged ---------------------------------------------------------------

    def claim(self, claim: Claim) -> None:
        """Check a logged consequence now, or when the rules decide it."""
        assert self._event is not None  # type: ignore[attr-defined]
        line = self._event.line  # type: ignore[attr-defined]
        kind = claim.topic[0]
        if kind in ("score", "winner"):
            if self.step != "over":
                self.deferred.setdefault("final", []).append((claim, line))
            else:
                self._check_claim(claim, line)
            return
        key = {"wrath": WRATH, "first": PRIDE}.get(str(kind), claim.topic[1] if len(claim.topic) > 1 else -1)
        if self.pass_no == self.final_pass and not self.final_marked:
            # Until the log marks the final scoring (or decides in it), claims speak of round 4.
            self._check_claim(claim, line, self.previous)
        elif (self.step == "score" and key not in self.scored) or (
                kind in ("favour", "gift") and not (self.results or self.previous)):
            self.deferred.setdefault(key, []).append((claim, line))
        else:
            self._check_claim(claim, line)

    def _check_claim(self, claim: Claim, line: int,
                     results: dict[tuple[object, ...], object] | None = None) -> None:
        """Compare a claimed consequence with the engine's own."""
        results = self.results if results is None else results
        actual = self._actual(claim, results)
        if actual != claim.value:
            reasons = self.reasons if results is self.results else self.previous_reasons
            message = self._claim_message(claim, actual, reasons)
            self.report(CLAIM_RULES[str(claim.topic[0])], message, line=line)
            if claim.topic[0] == "gift" and isinstance(actual, int):  # paid as the table wrote it
                results[claim.topic] = actual + adjust_gift(self.table, *claim.topic[1:],  # type: ignore[arg-type]
                                                            claim.value - actual)  # type: ignore[operator]

    def _actual(self, claim: Claim, results: dict[tuple[object, ...], object]) -> object:
        """Return the engine's value of a claimed consequence."""
        kind = claim.topic[0]
        if kind == "wrath":
            return self.table.wrath
        if kind == "first":
            return self.table.first
        if kind == "score":
            return self.final[int(claim.topic[1])]["total"]  # type: ignore[call-overload]
        if kind == "winner":
            return self.champions
        if ("favour", claim.topic[1]) not in results:
            return "unscored"
        return results.get(claim.topic, 0)  # a gift nobody received is 0

    def _claim_message(self, claim: Claim, actual: object,
                       reasons: dict[int, tuple[tuple[int, ...], int | None]]) -> str:
        """Say what the rules decide and what the table logged."""
        kind, t = claim.topic[0], self.table
        if actual == "unscored":
            return f"{claim.text} has not been decided yet: no scoring has reached that sister"
        if kind == "favour":
            sister = int(claim.topic[1])  # type: ignore[call-overload]
            return (f"{claim.text} goes to {self._who(actual)}, not {self._who(claim.value)}: "
                    f"{self._reason(sister, *reasons[sister])}")
        if kind == "gift":
            return f"{claim.text} is {actual}, not {claim.value}: {self._gift_reason(claim, actual, reasons)}"
        if kind == "wrath":
            return (f"The Wrath marker lies on {self.data.sisters[t.wrath]}, not "
                    f"{self.data.sisters[int(claim.value)]}")  # type: ignore[call-overload]
        if kind == "first":
            return f"The first-player marker is with {self.names[t.first]}, not {self._who(claim.value)}"
        if kind == "score":
            parts = self.final[int(claim.topic[1])]  # type: ignore[call-overload]
            detail = ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total")
            return f"{claim.text} is {actual} ({detail}), not {claim.value}"
        if kind == "winner":
            return (f"The winner is {self._who(actual)} (ties: most Sloth favours, then most servants "
                    f"on the tiles), not {self._who(claim.value)}")
        return f"{claim.text} is {actual}, not {claim.value}"

    def _gift_reason(self, claim: Claim, actual: object,
                     reasons: dict[int, tuple[tuple[int, ...], int | None]]) -> str:
        """Explain a gift: 5 to the favourite, 2 to the others on her (all on a tie), and any shortage."""
        sister, seat = int(claim.topic[1]), int(claim.topic[2])  # type: ignore[call-overload]
        counts, winner = reasons[sister]
        name, player = self.data.sisters[sister], self.names[seat]
        if not counts[seat]:
            return f"{player} has no servant on {name}"
        owed = self.data.n("gift_winner" if seat == winner else "gift_others")
        why = self._reason(sister, counts, winner)
        if seat == winner:
            why += f", so {player} receives {owed}"
        else:
            why += f", so every {'other ' if winner is not None else ''}player on {name} receives {owed}"
        if actual == owed:
            return why
        unit = {GREED: "gold", GLUTTONY: "fruit"}.get(sister, "servant" if actual == 1 else "servants")
        place = "the supply" if sister in (GREED, GLUTTONY) else f"{player}'s reserve"
        return f"{why}, but only {actual} {unit} {'was' if actual == 1 else 'were'} left in {place}"

    def _who(self, value: object) -> str:
        """Name a player, several players, or nobody."""
        if value is None:
            return "nobody"
        if isinstance(value, tuple):
            return " and ".join(self.names[p] for p in value)
        return self.names[int(value)]  # type: ignore[call-overload]

    # ----- the end -------------------------------------------------------------------------------

    def _finish_game(self) -> None:
        """Final scoring: favours, full sets, majorities; tie-breaks decide the winner."""
        self.step = "over"
        ties = self.opts.get("majority-ties", "share").lower()
        self.final = final_breakdown(self.table, self.data.n("set_bonus"),
                                     self.data.n("majority_point"), ties != "none", ties == "sloth")
        self.champions = winners(self.table, [part["total"] for part in self.final])
        for claim, line in self.deferred.pop("final", []):
            self._check_claim(claim, line)

    def scores(self) -> dict[str, int]:
        """Return final scores once over, else favours and full sets so far."""
        return {name: part["total"] for name, part in self.score_breakdown().items()}

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Return each player's score split into its parts."""
        if self.final:
            return dict(zip(self.names, self.final))
        bonus, t = self.data.n("set_bonus"), self.shown_table()
        return {name: {"favours": sum(t.favours[p]), "sets": bonus * t.full_sets(p),
                       "total": sum(t.favours[p]) + bonus * t.full_sets(p)}
                for p, name in enumerate(self.names)}


SCORING_DECISIONS: dict[str, Callable[..., None]] = {
    "wrath": ScoringPass._decide_wrath, "pride": ScoringPass._decide_pride,
    "envy": ScoringPass._decide_envy, "buyback": ScoringPass._decide_buyback,
}
"""Each scoring decision's handler, by the kind of gift (or buy-back) it settles."""
