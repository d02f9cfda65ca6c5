"""Random play's runs: an Age's deals and its turns' plays drawn and applied here, move after move.

`playproof simulate` hands the engine its generator's bits (an index is drawn from them as
`rng.randrange(count)` draws it) and its list of events (see `simulate.RandomRun`). With nothing
queued, in a game of 3 or more players, the Age cards' deals and the cities' plays in a turn (over
three quarters of a game's moves) are played here: the moves are those `offer()` offers (the same
moves, in the same order, so a seed plays the same game), the index is drawn first and only the
move drawn is written and applied, without an `Offer` made for every move. A run stops where its
Age ends (the round's scores are taken there), at the loop's limit of events, and wherever
something else is pending (the Leaders, Recruitment, follow-ups, the 2-player game): the loop's
offer takes over there.
"""

from __future__ import annotations

from playproof.playtest.engine import TABLE, Event
from playproof.playtest.games.seven_wonders_leaders.offers import Offers
from playproof.playtest.games.seven_wonders_leaders.options import card_entries
from playproof.playtest.games.seven_wonders_leaders.pricing import Pricer
from playproof.playtest.games.seven_wonders_leaders.state import State
from playproof.playtest.simulate import Bits, SimulationError, below, quick_event as event


def run(eng: Offers, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play the Age's deals and turns while they are pending; return the last event's line (`line`: none played)."""
    st = eng.st
    if st.two_player:
        return line  # the Free City's draws and plays are left to the offers
    age = st.age
    while line < limit and not st.queue and st.age == age:
        phase = st.phase
        if phase == "turn":
            done = _turns(eng, st, bits, events, line, limit)
        elif phase == "deal":
            done = _deals(eng, st, bits, events, line, limit)
        else:
            return line
        if done == line:
            return line
        line = done
    return line


def _deals(eng: Offers, st: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Deal Age cards while the deal is pending: each to the first player short of a full hand (`_offer_deal`),
    the card drawn among the dealer's names (`Dealer.offer`)."""
    dealer, deal, table_deal, append = eng.dealer, eng.dealer.deal, eng._table_deal, events.append
    cities, players, size = st.cities, st.players, eng.hand_size
    n, p = len(players), 0
    while line < limit and st.phase == "deal" and not st.queue:
        while p < n and len(cities[p].hand.cards) - cities[p].hand.hidden_out >= size:  # (`Hand.size`)
            p += 1
        if p == n:
            return line  # (the offer reports a deal with every hand full)
        count = dealer.prepare("deal", p, table_deal)
        if not count:
            return line  # (the loop reports a game with no move)
        k = below(bits, count)
        line += 1
        append(event(line, TABLE, "deal", f"{players[p]} {dealer.names[k]}"))
        if found := deal(k, None):  # type: ignore[arg-type]
            raise SimulationError(f"engine rejected its own legal move {events[-1]}: {found}")
    return line


def _turns(eng: Offers, st: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play the cities' plays of the turn, each city in seat order (`Offers._offer_turn`) drawing among its hand's
    plays (`options.card_entries`), until the Age ends or something is queued."""
    append, play, cities = events.append, eng.play_move, st.cities
    while line < limit and st.phase == "turn" and not st.queue:
        choices = st.choices  # (a new dict after each turn's resolution)
        if st.turn < 7:  # every city chooses, in seat order
            i = 0
            while i in choices:
                i += 1
        else:
            i = next((i for i in st.choosers() if i not in choices), -1)
            if i < 0:
                return line
        pr = Pricer(st, i)
        entries = card_entries(st, i, pr)
        if not entries:
            return line  # (the loop reports a game with no move)
        entry = entries[below(bits, len(entries))]
        text = entry if entry.__class__ is str else entry[0] + (pr.clauses(entry[1], entry[2]) or "")  # type: ignore
        verb, _, args = text.partition(" ")
        line += 1
        append(event(line, cities[i].name, verb, args))
        play(i, verb, args)  # (a play as offered: nothing to find)
    return line
