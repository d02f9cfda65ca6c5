"""Random play's runs: the boards, the Leaders' deal and draft, Recruitment, the Age deals and turns, move by move.

`playproof simulate` hands the engine its generator's bits (an index is drawn from them as
`rng.randrange(count)` draws it) and its list of events (see `simulate.RandomRun`). With nothing
queued, in a game of 3 or more players, these phases (all of a game's moves but the follow-ups)
are played here: the moves are those `offer()` offers (the same moves, in the same order, so a
seed plays the same game), the index is drawn first and only the move drawn is written and
applied, without an `Offer` (and its functions) made for every move. A run stops where its round
ends (the round's scores are taken there), at the loop's limit of events, and wherever something
else is pending (follow-ups, the 2-player game): the loop's offer takes over there.
"""

from __future__ import annotations

from typing import Callable

from playproof.playtest.engine import TABLE, Event
from playproof.playtest.games.seven_wonders_leaders.decide import present
from playproof.playtest.games.seven_wonders_leaders.offers import Offers
from playproof.playtest.games.seven_wonders_leaders.options import card_entries, recruit_entries
from playproof.playtest.games.seven_wonders_leaders.pricing import Pricer
from playproof.playtest.games.seven_wonders_leaders.state import Finding, State
from playproof.playtest.simulate import Bits, SimulationError, below, quick_event as event

Phase = Callable[[Offers, State, Bits, list[Event], int, int], int]
"""Plays one phase's moves while it lasts: (engine, state, bits, events, line, limit) -> the last event's line."""


def run(eng: Offers, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play the pending phase's moves, and the next phases' in the same round; return the last event's line
    (`line`: none played)."""
    st = eng.st
    if st.two_player:
        return line  # the Free City's draws and plays are left to the offers
    label = eng.round_label()
    while line < limit and not st.queue:
        phase = PHASES.get(st.phase)
        if phase is None:
            return line
        done = phase(eng, st, bits, events, line, limit)
        if done == line or eng.round_label() != label:
            return done
        line = done
    return line


def _wonders(eng: Offers, st: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Deal a Wonder board to the first city without one (`Decisions._decide_wonders`, the same boards in the same
    order): a board no city has, on a side the game plays, so given without `table.deal_wonder`'s checks."""
    append, cities, boards, sides = events.append, st.cities, st.data.boards, eng.sides
    while line < limit and st.phase == "wonders" and not st.queue:
        city = next((c for c in cities if c.board is None), None)
        used = {c.board.name for c in cities if c.board is not None}
        free = [b for b in boards.values() if b.name not in used and sides in ("any", b.side)]
        if city is None or not free:
            return line  # (the loop's decision takes over)
        board = free[below(bits, len(free))]
        line += 1
        append(event(line, TABLE, "wonder", f"{city.name} {board.label}"))
        city.board = board
        city.changed()
        if all(c.board is not None for c in cities):  # (`SevenWondersLeaders._wonder`)
            st.phase = "leaders"
    return line


def _leaders(eng: Offers, st: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Deal Leaders from the box to the first player short of their share (`Offers._offer_leaders`), the names in
    the box kept from one deal to the next (a Leader dealt leaves them when none of it is left)."""
    append, deal, players, hands, box = events.append, eng._table_leaders, st.players, st.draft, st.box
    share = eng.data.const("leaders_per_player", 4)
    names, n, p = present(box), len(hands), 0
    while line < limit and st.phase == "leaders" and not st.queue:
        while p < n and len(hands[p].cards) - hands[p].hidden_out >= share:  # (`Hand.size`: hands fill in turn)
            p += 1
        if p == n or not names:
            return line  # (the loop's offer or decision takes over)
        k = below(bits, len(names))
        name = names[k]
        line += 1
        append(event(line, TABLE, "leaders", f"{players[p]} {name}"))
        if found := deal(p, [name]):
            raise _rejected(found, events)
        if box[name] <= 0:
            names = names[:k] + names[k + 1:]  # (`present(box)` again)
    return line


def _draft(eng: Offers, st: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Keep a Leader of the draft hand, the first player yet to pick first (`Offers._offer_draft`)."""
    append, keep, players = events.append, eng._draft, st.players
    while line < limit and st.phase == "draft" and not st.queue:
        picks, p = eng.picks, 0  # (a new dict after each round of picks)
        while p in picks:
            p += 1
        names = st.draft[p].distinct()
        if not names:
            return line  # (the loop reports a game with no move)
        name = names[below(bits, len(names))]
        line += 1
        append(event(line, players[p], "draft", name))
        if found := keep(p, name):
            raise _rejected(found, events)
    return line


def _deals(eng: Offers, st: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Deal Age cards while the deal is pending: each to the first player short of a full hand (`_offer_deal`),
    the card drawn among the dealer's names (`Dealer.offer`).

    While a hand fills, the dealer's names stay ready from one deal to the next (`Dealer.deal` keeps them for the
    same deck), so they are made ready (`Dealer.prepare`) once a hand, and again only after a deal that forgot them.
    A card of the deck into a hand it does not fill (all but the last card of a hand) is dealt here, as `Dealer.deal`
    deals it: the deals are two fifths of a game's moves.
    """
    dealer, deal, append = eng.dealer, eng.dealer.deal, events.append
    cities, players, size = st.cities, st.players, eng.hand_size
    n, p = len(players), 0
    while line < limit and st.phase == "deal" and not st.queue:
        while p < n and len(cities[p].hand.cards) - cities[p].hand.hidden_out >= size:  # (`Hand.size`)
            p += 1
        if p == n:
            return line  # (the offer reports a deal with every hand full)
        count = dealer.prepare("deal", p)
        hand, head, deck = cities[p].hand, players[p] + " ", st.deck  # (`prepare` kept this deck's names)
        cards = hand.cards
        while count:
            width = count.bit_length()  # `below(bits, count)`, inlined (a game's commonest draw)
            k = bits(width)
            while k >= count:
                k = bits(width)
            names = dealer.names
            name = names[k]
            line += 1
            append(event(line, TABLE, "deal", head + name))
            left = deck[name] - 1
            if left >= 0 and len(cards) - hand.hidden_out < size - 1:  # (`Dealer.deal`'s commonest case)
                deck[name] = left
                cards.append(name)
                if not left:  # the last of the card: the names less it
                    names = dealer.names = names[:k] + names[k + 1:]
                if line >= limit:
                    break
                count = len(names)
                continue
            if found := deal(k, None):  # type: ignore[arg-type]
                raise _rejected(found, events)
            if line >= limit or len(hand.cards) - hand.hidden_out >= size or dealer.deck is not st.deck \
                    or st.phase != "deal" or st.queue:
                break  # (the hand is full, the names were forgotten, or the deal is over)
            count = len(dealer.names)
        else:
            return line  # (the loop reports a game with no move)
    return line


def _plays(eng: Offers, st: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play the cities' plays of a turn (each city in seat order, `Offers._offer_turn`, among its hand's plays) or of
    a Recruitment phase (`Offers._offer_recruit`), until the phase ends or something is queued."""
    append, play, cities = events.append, eng.play_move, st.cities
    phase = st.phase
    while line < limit and st.phase == phase and not st.queue:
        if phase == "turn" and st.turn < 7:  # every city chooses, in seat order
            choices, i = st.choices, 0  # (a new dict after each turn's resolution)
            while i in choices:
                i += 1
        else:
            i = _seventh_chooser(st) if phase == "turn" else _recruit_chooser(st)
            if i < 0:
                return line
        pr = Pricer(st, i)
        entries = card_entries(st, i, pr) if phase == "turn" else recruit_entries(st, i, pr)
        if not entries:
            return line  # (the loop reports a game with no move)
        count = len(entries)
        width = count.bit_length()  # `below(bits, count)`, inlined
        k = bits(width)
        while k >= count:
            k = bits(width)
        entry = entries[k]
        text = entry if entry.__class__ is str else entry[0] + (pr.clauses(entry[1], entry[2]) or "")  # type: ignore
        verb, _, args = text.partition(" ")
        line += 1
        append(event(line, cities[i].name, verb, args))
        play(i, verb, args)  # (a play as offered: nothing to find)
    return line


def _seventh_chooser(st: State) -> int:
    """Return the next city to play in turn 7 (a city playing its hand's last card; -1: none)."""
    choices = st.choices
    return next((i for i in st.choosers() if i not in choices), -1)


def _recruit_chooser(st: State) -> int:
    """Return the first player still to play a Leader in this Recruitment phase (-1: none)."""
    choices, cities = st.choices, st.cities
    for p in range(len(st.players)):
        hand = cities[p].leader_hand
        if p not in choices and not cities[p].free_city and len(hand.cards) > hand.hidden_out:
            return p
    return -1


def _rejected(found: list[Finding], events: list[Event]) -> SimulationError:
    """Return the error of a move the engine rejected though a run drew it (as the loop reports an offered move)."""
    return SimulationError(f"engine rejected its own legal move {events[-1]}: {found}")


PHASES: dict[str, Phase] = {"turn": _plays, "deal": _deals, "recruit": _plays, "draft": _draft, "leaders": _leaders,
                            "wonders": _wonders}
"""What a run plays in each phase."""
