"""The follow-ups half of the engine: decisions queued after a turn (salvage, courtesan, Rome's draw and recruit)."""

from __future__ import annotations

from typing import Callable

from playproof.playtest.games.seven_wonders_leaders import checks, options, resolve
from playproof.playtest.games.seven_wonders_leaders.data import GameData
from playproof.playtest.games.seven_wonders_leaders.moves import Move
from playproof.playtest.games.seven_wonders_leaders.state import Finding, Payment, Pending, State, broken

# what a pending follow-up asks of its player, as a finding says it
_FOLLOW_UPS = {"salvage": "build a card from the discard pile (salvage CARD, or salvage none)",
               "courtesan": "place the Courtesan on a neighbour's Leader (courtesan PLAYER LEADER)",
               "recruit": "recruit Rome's extra Leader (recruit LEADER, or recruit none)",
               "draw": "draw Rome's Leaders from the box (table: leaders PLAYER LEADER, ...)"}


class FollowUps:
    """Applying the follow-up at the head of the queue, and moving past those with nothing to decide."""

    st: State
    data: GameData
    _after_resolution: Callable[[], None]

    def _follow_up(self, p: int, move: Move) -> list[Finding]:
        """Apply the follow-up decision at the head of the queue (salvage, courtesan, recruit)."""
        st = self.st
        head = st.queue[0]
        actor = st.actor_of(head.city)
        kind = "salvage" if head.kind.startswith("salvage") else head.kind
        if st.players[p] != actor or move.verb != kind:
            return [broken("flow-out-of-turn", f"{actor} must first {_FOLLOW_UPS[kind]} ({st.phase_name()})")]
        found = getattr(self, f"_do_{kind}")(head.city, move)
        self._pop_follow_up()
        return found

    def _do_salvage(self, i: int, move: Move) -> list[Finding]:
        """Build a card from the discard pile for free."""
        if move.name.lower() == "none":
            return []
        card = self.data.any_card(move.name)
        found = checks.check_salvage(self.st, i, card, move.name)
        if card is not None and not self.st.cities[i].owns(card.name):
            resolve.salvage(self.st, i, card)
        return found

    def _do_courtesan(self, i: int, move: Move) -> list[Finding]:
        """Place the Courtesan on a neighbour's Leader and copy it."""
        st = self.st
        target = st.cities[st.index(move.city)]
        leader = next((l for l in target.leaders if l.name.lower() == move.name.lower()), None)
        if all(target is not n for n in st.neighbours(i)) or leader is None:
            return [broken("courtesan-target", f"{move.name} is not a Leader recruited in a neighbouring city")]
        resolve.place_courtesan(st, i, leader)
        return []

    def _do_recruit(self, i: int, move: Move) -> list[Finding]:
        """Recruit one more Leader with Rome B's stage."""
        st = self.st
        if move.name.lower() == "none":
            return []
        leader = st.data.leaders.get(move.name)
        city = st.cities[i]
        if leader is None or not city.leader_hand.holds(leader.name):
            return [broken("rome-extra-recruit", f"{move.name} is not in {city.name}'s Leader hand")]
        extra = st.rome_stage_discount  # 0 unless the variant stacks a stage discount on the board's
        found = checks.check_recruit(st, i, leader, "rome-extra-recruit", extra)
        price = checks.leader_price(st, i, leader, extra)
        payment = Payment(bank=min(price, city.coins))
        found += checks.written_coins(st, i, move, price, payment, "rome-extra-recruit")
        if move.left or move.right or move.bank:
            found.append(broken("trade-unneeded", f"{city.name} buys resources for a Leader; only missing "
                                                  "resources are bought (and none are for a Leader)"))
        resolve.recruit_now(st, i, leader, max(0, min(payment.bank, city.coins)))
        return found

    def _pop_follow_up(self) -> None:
        """Drop the head of the queue, skip follow-ups with nothing to decide, and move on."""
        st = self.st
        st.queue.pop(0)
        while st.queue and not self._follow_up_has_choice(st.queue[0]):
            st.queue.pop(0)
        if not st.queue:
            self._after_resolution()

    def _follow_up_has_choice(self, pending: Pending) -> bool:
        """Return True when a follow-up has something to decide."""
        st = self.st
        kind, i = pending.kind, pending.city
        if kind.startswith("salvage"):
            return len(options.salvage_moves(st, i)) > 1
        if kind == "courtesan":
            return bool(options.courtesan_moves(st, i))
        if kind == "draw":
            return bool(+st.box)
        return st.cities[i].leader_hand.size() > 0
