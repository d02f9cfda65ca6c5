"""The offer() half of the engine: random play's moves made on demand and applied without re-checking.

`offer()` offers `decision()`'s moves, in the same order, but writes out only the move chosen:
a hand's priced plays keep their purchase unwritten until asked (`options.card_entries`), and
the table's deals list the card names kept from one deal to the next. A move taken from an offer
is legal by construction, so it is applied directly: a deal adds the card to the hand, a city's
play is recorded with the payment its offer wrote, and the full `apply` (which audit uses) is
never needed for them.
"""

from __future__ import annotations

import weakref
from collections import Counter
from functools import partial
from typing import Callable

from playproof.playtest.engine import TABLE, Decision, Event, Offer, decision_offer
from playproof.playtest.games.seven_wonders_leaders import checks, options
from playproof.playtest.games.seven_wonders_leaders.checks import market
from playproof.playtest.games.seven_wonders_leaders.data import GameData
from playproof.playtest.games.seven_wonders_leaders.decide import present
from playproof.playtest.games.seven_wonders_leaders.moves import Move, parse_move
from playproof.playtest.games.seven_wonders_leaders.pricing import Pricer
from playproof.playtest.games.seven_wonders_leaders.state import NOTHING_PAID, Choice, Finding, Payment, State

make_offer: Callable[[tuple[str, int, Callable[[int], str], Callable[[int, Event], list[Finding]]]], Offer] = \
    partial(tuple.__new__, Offer)
"""`Offer(actor, count, text, play)` from a tuple of the four, made in C (as `Offer._make` does): one per event."""

Play = Callable[[int, list[str]], list[Finding]]
"""A table's chance event applied to player p: `play(p, [NAME])`."""


class Dealer:
    """The table's offers of Age cards (a deal, or the Free City's draw), one object for the whole game.

    The names the table may deal (`decide.present(deck)` and the guilds left) are kept from one
    offer to the next: a card dealt from them is taken out once none of it is left in the deck.
    They are worked out again for another deck (a new Age), when the guilds left changed, and after
    a deal or draw went through `apply` (which calls `forget`). A deal of a deck card is applied
    directly (`_table_deal` without its checks, which pass by construction). The offer's `text`
    and `play` are this object's methods, so no function is made for each deal. The dealer refers
    to its engine weakly: no reference cycle, so a finished game is freed at once, not by the
    garbage collector.
    """

    __slots__ = ("engine", "deck", "guilds", "names", "p", "head", "direct")

    def __init__(self, engine: Offers) -> None:
        """Start with nothing kept."""
        self.engine: Callable[[], Offers] = weakref.ref(engine)  # type: ignore[assignment]
        self.deck: Counter[str] | None = None
        self.guilds, self.names, self.p, self.head, self.direct = 0, [], 0, "", False

    def forget(self) -> None:
        """Work the names out again at the next offer (the deck changed another way)."""
        self.deck = None

    def offer(self, verb: str, p: int) -> Offer:
        """Offer the names for player p: `VERB PLAYER NAME` (`deal` or `draw`)."""
        return make_offer((TABLE, self.prepare(verb, p), self.text, self.deal))

    def prepare(self, verb: str, p: int) -> int:
        """Make the names for player p ready (`text`, `deal`) and return how many there are."""
        st = self.engine().st
        deck = st.deck
        if self.deck is not deck or self.guilds != st.guilds_left:
            self.names = present(deck) + st.guilds_available()
            self.deck, self.guilds = deck, st.guilds_left
        self.p, self.head, self.direct = p, f"{verb} {st.players[p]} ", verb == "deal"
        return len(self.names)

    def text(self, k: int) -> str:
        """Return the k-th move: `VERB PLAYER NAME`."""
        return self.head + self.names[k]

    def deal(self, k: int, _event: Event) -> list[Finding]:
        """Deal (or draw) the k-th name, then keep the names for the next offer."""
        engine, deck, names, p = self.engine(), self.deck, self.names, self.p
        st = engine.st
        name = names[k]
        if self.direct and deck is not None and deck[name] > 0:  # `table.deal_cards` and `_table_deal`
            left = deck[name] = deck[name] - 1
            hand = st.cities[p].hand
            hand.cards.append(name)
            if len(hand.cards) - hand.hidden_out >= engine.hand_size:
                engine._maybe_start_turns()
            elif st.deck is deck:  # (most deals: the names kept as they were, less the last of a card)
                if not left:
                    self.names = names[:k] + names[k + 1:]
                return []
            found: list[Finding] = []
        else:
            found = (engine._table_deal if self.direct else engine._table_draw)(p, [name])
        if st.deck is not deck or deck is None or deck[name] < 0 or name not in deck:  # another Age, or a guild
            self.deck = None
        else:
            self.deck, self.guilds = deck, st.guilds_left  # (kept again: `play` went through `_table_deal`)
            if not deck[name]:
                self.names = names[:k] + names[k + 1:]
        return found


class HandOffer:
    """A city's offer of its plays (a hand of Age cards, or of Leaders in Recruitment), one object for the whole game.

    The offer's `text` and `play` are this object's methods, so no function is made for each play.
    The engine is referred to weakly, as by the `Dealer`.
    """

    __slots__ = ("engine", "i", "entries", "pr")

    def __init__(self, engine: Offers) -> None:
        """Start with no hand."""
        self.engine: Callable[[], Offers] = weakref.ref(engine)  # type: ignore[assignment]
        self.i = 0
        self.entries: list[options.Entry] = []
        self.pr: Pricer | None = None

    def offer(self, actor: str, i: int, entries: list[options.Entry], pr: Pricer) -> Offer:
        """Offer city i's plays, purchases not yet written."""
        self.i, self.entries, self.pr = i, entries, pr
        return make_offer((actor, len(entries), self.text, self.play))

    def text(self, k: int) -> str:
        """Return the k-th play, its purchase written now (`options.written`)."""
        entry = self.entries[k]
        if entry.__class__ is str:
            return entry  # type: ignore[return-value]
        head, cost, colour = entry
        assert self.pr is not None
        return head + (self.pr.clauses(cost, colour) or "")

    def play(self, _k: int, event: Event) -> list[Finding]:
        """Record the play chosen (`Offers.play_move`)."""
        return self.engine().play_move(self.i, event.verb, event.args)


class Offers:
    """Random play's fast path (`offer()`): the moves of `decision()`, written and applied only as chosen."""

    st: State
    data: GameData
    hand_size: int
    seats: str
    sides: str
    texts: dict[str, dict[str, Move]]
    city_names: list[str]
    dealer: Dealer
    picks: dict[int, str]
    _draft: Callable[[int, str], list[Finding]]
    hand_offer: HandOffer
    decision: Callable[[], Decision | None]
    round_label: Callable[[], str]
    _table_deal: Play
    _table_draw: Play
    _table_leaders: Play
    _maybe_resolve: Callable[[], None]
    _maybe_start_turns: Callable[[], None]
    _canon_move: Callable[[Move], Move]

    def offer(self) -> Offer | None:
        """Return the pending decision's moves made on demand (the same moves, in the same order).

        The table's deals and draws (half of a game's events) write only the card chosen, and they
        and the cities' turn and Recruitment plays are applied without parsing or checking them again.
        """
        st = self.st
        if st.phase == "over":
            return None
        if not st.queue:
            if st.phase == "deal":
                return self._offer_deal()
            if st.phase == "turn":
                return self._offer_turn()
            if st.phase == "leaders":
                return self._offer_leaders()
            if st.phase == "recruit":
                return self._offer_recruit()
            if st.phase == "draft":
                return self._offer_draft()
        decision = self.decision()
        return None if decision is None else decision_offer(decision)

    def _offer_deal(self) -> Offer:
        """Offer the Age cards to deal to the next player short of a full hand."""
        size, cities = self.hand_size, self.st.cities
        for p in range(len(self.st.players)):  # (the players' cities come first; the Free City is not dealt)
            hand = cities[p].hand
            if len(hand.cards) - hand.hidden_out < size:  # Hand.size()
                return self.dealer.offer("deal", p)
        raise AssertionError("7-wonders-leaders: an Age deal is pending but every hand is full")

    def _offer_draft(self) -> Offer:
        """Offer the next player to pick the Leaders of the draft hand (`_decide_draft`), kept directly (`_draft`)."""
        st = self.st
        picks = self.picks
        p = 0
        while p in picks:
            p += 1
        names = st.draft[p].distinct()
        return make_offer((st.players[p], len(names), lambda k: "draft " + names[k],
                           lambda k, _event: self._draft(p, names[k])))

    def _offer_leaders(self) -> Offer:
        """Offer the Leaders to deal to the next player short of 4."""
        st = self.st
        limit = self.data.const("leaders_per_player", 4)
        p = next(p for p, h in enumerate(st.draft) if h.size() < limit)
        return self._chance_offer("leaders", p, present(st.box), self._table_leaders)

    def _chance_offer(self, verb: str, p: int, names: list[str], play: Play) -> Offer:
        """Offer the table one of some names for player p: `VERB PLAYER NAME`, applied by `play(p, [NAME])`."""
        head = f"{verb} {self.st.players[p]} "
        return make_offer((TABLE, len(names), lambda k: head + names[k], lambda k, _event: play(p, [names[k]])))

    def _offer_turn(self) -> Offer:
        """Offer the Free City's draw (2 players), or the next city's plays of its cards."""
        st = self.st
        if st.two_player and not st.drawn and st.turn < 7 and st.deck_size() > 0:
            return self.dealer.offer("draw", st.controller)
        choices = st.choices
        if st.turn < 7:  # every city chooses, in seat order
            i = 0
            while i in choices:
                i += 1
        else:
            i = next(i for i in st.choosers() if i not in choices)
        pr = Pricer(st, i)
        city = st.cities[i]
        if city.free_city:
            entries = options.free_city_entries(st, i, pr)
            actor = st.cities[st.controller].name
        else:
            entries, actor = options.card_entries(st, i, pr), city.name
        return self.hand_offer.offer(actor, i, entries, pr)

    def _offer_recruit(self) -> Offer:
        """Offer the next player's plays of a Leader in the Recruitment phase."""
        st = self.st
        choices, cities = st.choices, st.cities
        p = 0  # the first of `st.choosers()` still to choose: a player holding a Leader
        while p in choices or cities[p].free_city or len(cities[p].leader_hand.cards) <= cities[p].leader_hand.hidden_out:
            p += 1
        pr = Pricer(st, p)
        entries = options.recruit_entries(st, p, pr)
        return self.hand_offer.offer(st.players[p], p, entries, pr)

    def play_move(self, i: int, verb: str, args: str) -> list[Finding]:
        """Record a city's play of a card or Leader as offered: in its hand, affordable, paid as the offer wrote it.

        The Free City's plays too: its offer already holds only what its duty allows.
        """
        st = self.st
        by_args = self.texts.get(verb)
        move = by_args.get(args) if by_args is not None else None
        if move is None:
            move = self.data.remember(self.texts, verb, args, self._canon_move(parse_move(verb, args, self.city_names)))
        city = st.cities[i]
        if st.phase == "recruit":
            hand = city.leader_hand
        else:  # `State.real_hand`
            hand = st.cities[st.controller].hand if city.free_city else city.hand
        st.choices[i] = Choice(i, move, self._offered_payment(i, move), hand)
        self._maybe_resolve()
        return []

    def _offered_payment(self, i: int, move: Move) -> Payment:
        """Return what an offered play pays (`checks.check_build`/`check_stage`'s payment of a legal play).

        A payment of a choice is only read once made (`resolve`; `State.copy` copies it), so the
        payments that buy nothing are shared: one for each sum paid to the bank, one for a chain or
        an Olympia build.
        """
        st = self.st
        city = st.cities[i]
        if move.verb == "discard":
            return NOTHING_PAID
        if move.verb == "recruit":  # `_recruit_choice`'s payment: the Leader's price, which the offer checked
            return _to_bank(checks.leader_price(st, i, st.data.leaders[move.name]))
        if move.verb == "stage":
            cost = city.board.stages[city.next_stage()][0]
        elif move.free:
            return OLYMPIA_PAID
        else:
            play = st.data.card_plays(st.age)[move.name]
            if play.chain_from and not city.owned().isdisjoint(play.chain_from):  # `checks.chain_free`
                return CHAIN_PAID
            cost = play.coins_only if play.colour in city.profile.free_colours else play.cost
        if not (move.left or move.right or move.bank):
            return _to_bank(cost.coins)
        mk = market(st, i)
        return Payment(bank=cost.coins + (mk.bank_price or 0) * len(move.bank),
                       left=sum(mk.left_price[r] for r in move.left), right=sum(mk.right_price[r] for r in move.right))


CHAIN_PAID = Payment(chain=True)
OLYMPIA_PAID = Payment(olympia=True)
_PAID_TO_BANK: dict[int, Payment] = {}


def _to_bank(coins: int) -> Payment:
    """Return the shared payment of some coins to the bank and nothing else."""
    found = _PAID_TO_BANK.get(coins)
    if found is None:
        found = _PAID_TO_BANK[coins] = Payment(bank=coins)
    return found
