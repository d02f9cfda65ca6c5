"""Legal-move enumeration for the bot: every card's build, stage and discard, paid the cheapest way."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Union

from playproof.playtest.games.seven_wonders_leaders.checks import chain_free, leader_discount, leader_price
from playproof.playtest.games.seven_wonders_leaders.city import City
from playproof.playtest.games.seven_wonders_leaders.data import Card, Cost
from playproof.playtest.games.seven_wonders_leaders.pricing import Pricer
from playproof.playtest.games.seven_wonders_leaders.state import Finding, State, broken

Entry = Union[str, tuple[str, Cost, str]]
"""A move offered for a hand: its text, or (its text up to the purchase, the cost, the colour it is priced as)."""


def cost_clauses(st: State, i: int, cost: Cost, colour: str) -> str | None:
    """Return the cheapest purchase clauses paying a cost, or None when it cannot be paid."""
    return Pricer(st, i).clauses(cost, colour)


def pricer(st: State, i: int) -> Callable[[Cost, str], str | None]:
    """Return `cost_clauses` for city i as it is now: its profile, coins and market looked up once."""
    return Pricer(st, i).clauses


def written(entry: Entry, pr: Pricer) -> str:
    """Return an entry's move text, its purchase clauses worked out now when they are not yet written."""
    if entry.__class__ is str:
        return entry  # type: ignore[return-value]
    head, cost, colour = entry
    return head + (pr.clauses(cost, colour) or "")


def build_texts(st: State, i: int, card: Card) -> list[str]:
    """Return the ways to build a structure (none when it is a duplicate or unaffordable)."""
    city = st.cities[i]
    if city.owns(card.name):
        return []
    if chain_free(city, card):
        return [f"build {card.name}"]
    texts = []
    if "free_build_per_age" in city.profile.flags and city.olympia_age != st.age and not card.cost.free:
        texts.append(f"build {card.name}; free")
    cost = Cost(coins=card.cost.coins) if card.colour in city.profile.free_colours else card.cost
    clauses = cost_clauses(st, i, cost, card.colour)
    if clauses is not None:
        texts.append(f"build {card.name}{clauses}")
    return texts


def copied_wild_sources(st: State, i: int) -> list[str]:
    """Return the neighbouring guilds with a wild science symbol Olympia B's last stage may copy."""
    if "copy_guild" not in st.cities[i].profile.flags:
        return []
    return [c.name for n in st.neighbours(i) for c in n.structures
            if c.colour == "purple" and ("science", ("any",)) in c.effect]


def stage_clauses(st: State, i: int, price: Callable[[Cost, str], str | None] | None = None) -> str | None:
    """Return how the next Wonder stage is paid, or None when there is none or it is unaffordable."""
    city = st.cities[i]
    k = city.next_stage()
    if city.board is None or k is None:
        return None
    return (price or pricer(st, i))(city.board.stages[k][0], "stage")


def card_moves(st: State, i: int) -> list[str]:
    """Return every play of an Age card from the hand city i plays from (see `card_entries`)."""
    pr = Pricer(st, i)
    return [written(e, pr) for e in card_entries(st, i, pr)]


def card_entries(st: State, i: int, pr: Pricer) -> list[Entry]:
    """Return every play of an Age card from the hand city i plays from, purchases not yet written.

    The same moves as `build_texts` plus a stage and a discard for each distinct card, with the
    city's profile, market and structures looked up once for the whole hand, and each card's texts
    and costs once per workbook (`GameData.card_plays`). A build that buys nothing is offered
    written (its purchase clauses are empty).
    """
    city = st.cities[i]
    stage = _stage_cost(city, pr)
    owned = city.owned()
    prof = pr.prof  # (the city's profile)
    olympia = "free_build_per_age" in prof.flags and city.olympia_age != st.age
    free_colours = prof.free_colours
    coins = city.coins
    plays = st.data.card_plays(st.age)
    moves: list[Entry] = []
    add, can_pay = moves.append, pr.can_pay
    hand = st.hand_of(i) if st.two_player else city.hand  # (`State.hand_of`: one hand a city, but in 2 players)
    for name in dict.fromkeys(hand.cards):  # `Hand.distinct`: an unseen card (`?`) is no card
        play = plays.get(name)
        if play is None:
            continue
        if name not in owned:
            if play.chain_from and not owned.isdisjoint(play.chain_from):
                add(play.build)
            else:
                if olympia and not play.free:
                    add(play.free_build)
                if play.no_units or free_colours and play.colour in free_colours:
                    if play.cost.coins <= coins:  # `can_pay` of a cost in coins alone
                        add(play.build)
                elif can_pay(play.cost, play.colour):
                    add((play.build, play.cost, play.colour))
        if stage is not None:
            add((play.stage, stage, "stage"))
        add(play.discard)
    return moves


def _stage_cost(city: City, pr: Pricer) -> Cost | None:
    """Return the cost of the city's next Wonder stage when it can pay it, else None."""
    k = city.next_stage()
    if city.board is None or k is None:
        return None
    cost = city.board.stages[k][0]
    return cost if pr.can_pay(cost, "stage") else None


def free_city_moves(st: State, i: int) -> list[str]:
    """Return the Free City's plays (see `free_city_entries`)."""
    pr = Pricer(st, i)
    return [written(e, pr) for e in free_city_entries(st, i, pr)]


def free_city_entries(st: State, i: int, pr: Pricer) -> list[Entry]:
    """Return the Free City's plays: its free chains if any, else builds and stages, else discards."""
    city = st.cities[i]
    age_cards = st.data.cards.get(st.age, {})
    cards = [c for c in map(age_cards.get, st.hand_of(i).distinct()) if c is not None]
    owned = city.owned()
    chains = [c.name for c in cards if c.chain_from and c.name not in owned and not owned.isdisjoint(c.chain_from)]
    if chains:  # (`_chain_build` for each card)
        return ["freecity build " + name for name in chains]
    stage = _stage_cost(city, pr)
    prof = city.profile
    olympia = "free_build_per_age" in prof.flags and city.olympia_age != st.age
    built: list[Entry] = []
    for card in cards:
        if card.name not in owned:  # not a chain: those were built above
            if olympia and not card.cost.free:
                built.append(f"freecity build {card.name}; free")
            cost = Cost(coins=card.cost.coins) if card.colour in prof.free_colours else card.cost
            if pr.can_pay(cost, card.colour):
                built.append(("freecity build " + card.name, cost, card.colour))
        if stage is not None:
            built.append(("freecity stage " + card.name, stage, "stage"))
    return built or ["freecity discard " + c.name for c in cards]


def _chain_build(st: State, i: int, card: Card) -> bool:
    """Return True when city i may build this card for free by its chain."""
    return chain_free(st.cities[i], card) and not st.cities[i].owns(card.name)


def free_city_duty(st: State, i: int, verb: str, card: Card) -> list[Finding]:
    """Check the Free City's duty on the whole hand: chain when it can, discard only when nothing can be built.

    While the controller has not yet chosen their own card, one card of the hand may still go to
    them, so another card counts against the Free City only when there are two such cards.
    """
    others = st.hand_of(i).distinct()
    if card.name in others:
        others.remove(card.name)
    cards = [c for c in (st.data.card(st.age, n) for n in others) if c is not None]
    spare = 0 if st.controller in st.choices else 1
    chains = [c.name for c in cards if _chain_build(st, i, c)]
    if verb != "build" or not _chain_build(st, i, card):
        if _chain_build(st, i, card):
            return [broken("free-city-choice", f"the Free City must build {card.name} by its free chain")]
        if len(chains) > spare:
            return [broken("free-city-choice", f"the Free City must build {chains[0]} by its free chain")]
    if verb == "discard":
        if can_build_any(st, i, card):
            return [broken("free-city-choice", f"the Free City may not discard {card.name}: it can be built")]
        buildable = [c.name for c in cards if build_texts(st, i, c)]
        if len(buildable) > spare:
            return [broken("free-city-choice", f"the Free City may not discard: it can build {buildable[0]}")]
    return []


def can_build_any(st: State, i: int, card: Card) -> bool:
    """Return True when the Free City could build this card or a Wonder stage with it."""
    return bool(build_texts(st, i, card)) or stage_clauses(st, i) is not None


def recruit_moves(st: State, i: int) -> list[str]:
    """Return every play of a Leader in a Recruitment phase (see `recruit_entries`)."""
    pr = Pricer(st, i)
    return [written(e, pr) for e in recruit_entries(st, i, pr)]


def recruit_entries(st: State, i: int, pr: Pricer) -> list[Entry]:
    """Return every play of a Leader in a Recruitment phase, a stage's purchases not yet written."""
    city = st.cities[i]
    stage = _stage_cost(city, pr)
    off = leader_discount(st, i)  # (`leader_price` for each Leader)
    moves: list[Entry] = []
    for name in city.leader_hand.distinct():
        leader = st.data.leaders.get(name)
        if leader is None:
            continue
        if off is None or max(0, leader.cost - off) <= city.coins:
            moves.append("recruit " + name)
        if stage is not None:
            moves.append(("stage " + name, stage, "stage"))
        moves.append("discard " + name)
    return moves


def extra_recruit_moves(st: State, i: int) -> list[str]:
    """Return Rome B's extra recruit options (or declining)."""
    city = st.cities[i]
    names = [n for n in city.leader_hand.distinct()
             if n in st.data.leaders and leader_price(st, i, st.data.leaders[n], st.rome_stage_discount) <= city.coins]
    return [f"recruit {n}" for n in names] + ["recruit none"]


def salvage_moves(st: State, i: int) -> list[str]:
    """Return the discarded cards a city may build for free (or declining)."""
    city = st.cities[i]
    names = [n for n in dict.fromkeys(st.discard) if n != "?" and not city.owns(n)]
    return [f"salvage {n}" for n in names] + ["salvage none"]


def courtesan_moves(st: State, i: int) -> list[str]:
    """Return the neighbours' recruited Leaders the Courtesan may go on."""
    moves = []
    for n in st.neighbours(i):
        moves += [f"courtesan {n.name} {l.name}" for l in n.leaders]
    return moves
