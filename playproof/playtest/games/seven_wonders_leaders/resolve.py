"""Resolving simultaneous choices: payments, cards placed, immediate effects, follow-ups, conflicts."""

from __future__ import annotations

from playproof.playtest.games.seven_wonders_leaders.city import City, count_what
from playproof.playtest.games.seven_wonders_leaders.data import COLOURS, Card, Effect, Leader
from playproof.playtest.games.seven_wonders_leaders.state import Choice, Pending, State

BUILD_COINS = {colour: f"build:{colour}" for colour in COLOURS}
"""The profile number of the coins a city's Leaders give for building a colour (`coins_per_build`)."""
FOLLOW_UP_ORDER = {"salvage-stage": 0, "salvage": 1, "courtesan": 2, "draw": 3, "recruit": 4}


def resolve(st: State) -> None:
    """Resolve every choice of the turn together, then queue the follow-ups."""
    chosen = st.choices
    st.choices = {}
    income = [0] * len(st.cities)
    placed: list[tuple[int, Card | None, str]] = []
    for i in sorted(chosen):
        ch = chosen[i]
        pay = ch.payment
        # a city's payment and placing touch only that city (and the discard pile, box and queue, in
        # seat order as before): paying and placing city by city is paying all, then placing all
        if pay.bank or pay.left or pay.right or pay.olympia:  # (nothing to pay: nothing changes)
            _pay(st, ch, income)
        placed.append(_place(st, ch))
    for i, card, what in placed:
        if card is not None or what != "discard":  # (a discard brings nothing more)
            _enter(st, i, card, what)
    for i, coins in enumerate(income):
        if coins:
            st.cities[i].coins += coins
    if len(st.queue) > 1:
        st.queue.sort(key=lambda p: (FOLLOW_UP_ORDER[p.kind], p.city))


def _pay(st: State, ch: Choice, income: list[int]) -> None:
    """Take a choice's coins; neighbours are paid after the turn (not spendable this turn)."""
    city = st.cities[ch.city]
    pay = ch.payment
    # a city pays only coins it holds: neighbours first, then the bank (a shortfall is reported once)
    held = max(city.coins, 0)
    left = min(pay.left, held)
    right = min(pay.right, held - left)
    city.coins -= min(pay.total, held)
    if left or right:
        income[st.left(ch.city)] += left
        income[st.right(ch.city)] += right
        income[ch.city] += city.profile.number("trade_rebate") * ((left > 0) + (right > 0))
    if pay.olympia:
        city.olympia_age = st.age


def _place(st: State, ch: Choice) -> tuple[int, Card | None, str]:
    """Put the played card where the choice says: city, under the board, or discarded."""
    city = st.cities[ch.city]
    move = ch.move
    leader_phase = st.phase == "recruit"
    source = city.leader_hand if leader_phase else ch.hand
    name = move.name
    if name in source.cards:  # (`Hand.take` of a card the hand holds)
        source.cards.remove(name)
    else:
        source.take(name)
    if move.verb == "discard":
        city.coins += st.data.constants.get("discard_coins", 3)  # (`GameData.const`)
        if leader_phase:
            st.box[move.name] += 1 if move.name != "?" else 0
        else:
            st.discard.append(move.name)
        return ch.city, None, "discard"
    if move.verb == "stage":
        k = city.next_stage() if move.stage_no is None else move.stage_no - 1
        count = len(city.board.stages) if city.board is not None else 0
        if k is not None and 0 <= k < count and k not in city.built_stages():  # built as the log says
            city.build_stage(k)
            return ch.city, None, "stage"
        return ch.city, None, "discard"
    if move.verb == "recruit":
        leader = st.data.leaders.get(move.name)
        if leader is not None:
            city.leaders.append(leader)
            city.add("leader", leader.effect)
            st.queue.extend(_leader_follow_ups(ch.city, leader))
        return ch.city, None, "leader:" + move.name
    card = st.data.cards[st.age].get(move.name)  # (`GameData.card`)
    if card is not None and card.name not in city.owned():
        return ch.city, _build(st, ch.city, card, ch.payment.chain), "build"
    return ch.city, None, "nothing"


def _build(st: State, i: int, card: Card, chain: bool) -> Card:
    """Add a structure to a city, with the coins its Leaders give for building it."""
    city = st.cities[i]
    prof = city.profile
    numbers = prof.numbers
    if numbers:  # (Leaders' coins for a colour and for a chain, none for most cities)
        city.coins += numbers.get(BUILD_COINS.get(card.colour) or f"build:{card.colour}", 0) + \
            (numbers.get("coins_per_chain", 0) if chain else 0)
    city.structures.append(card)
    city.add(card.colour, card.effect)
    return card


def _enter(st: State, i: int, card: Card | None, what: str) -> None:
    """Apply immediate effects of what entered play (counted after every city placed its card)."""
    city = st.cities[i]
    if card is not None:
        gives = courtesan = False
        for kind, _ in card.effect:  # (`immediate_coins` only for a card that gives coins)
            gives = gives or kind == "coins" or kind == "coins_per"
            courtesan = courtesan or kind == "courtesan"
        if gives:
            city.coins += immediate_coins(st, i, card.effect)
        if courtesan:
            st.queue.append(Pending("courtesan", i))
    elif what == "stage" and city.board is not None:
        effect = city.board.stages[city.built_stages()[-1]][1]
        city.coins += immediate_coins(st, i, effect)
        # the Free City never holds Leaders: Rome's Leader powers do nothing for it
        follow = _stage_follow_ups(i, effect)
        st.queue.extend(p for p in follow if not (city.free_city and p.kind in ("draw", "recruit")))
    elif what.startswith("leader:"):
        leader = st.data.leaders.get(what[7:])
        city.coins += immediate_coins(st, i, leader.effect) if leader else 0


def cities_in(st: State, i: int, where: str) -> list[City]:
    """Return the cities an effect counts in: `own`, `neighbours` or `all` three."""
    if where == "own":
        return [st.cities[i]]
    neighbours = list(st.neighbours(i))
    return neighbours if where == "neighbours" else [st.cities[i]] + neighbours


def immediate_coins(st: State, i: int, effect: Effect) -> int:
    """Return the coins an effect gives when it enters play."""
    coins = 0
    for kind, args in effect:
        if kind == "coins":
            coins += int(args[0])
        elif kind == "coins_per":
            coins += int(args[2]) * sum(count_what(c, args[0]) for c in cities_in(st, i, args[1]))
    return coins


def _stage_follow_ups(i: int, effect: Effect) -> list[Pending]:
    """Return the decisions a Wonder stage asks for at the end of the turn."""
    found = []
    for kind, args in effect:
        if kind == "salvage":
            found.append(Pending("salvage-stage", i))
        elif kind == "draw_leaders":
            found.append(Pending("draw", i, int(args[0])))
        elif kind == "extra_recruit":
            found.append(Pending("recruit", i))
    return found


def _leader_follow_ups(i: int, leader: Leader) -> list[Pending]:
    """Return the decisions a Leader asks for when it enters play (Solomon)."""
    return [Pending("salvage", i) for kind, _ in leader.effect if kind == "salvage"]


def salvage(st: State, i: int, card: Card) -> None:
    """Build a card taken from the discard pile for free."""
    st.discard.remove(card.name) if card.name in st.discard else None
    built = _build(st, i, card, chain=False)
    _enter(st, i, built, "build")


def recruit_now(st: State, i: int, leader: Leader, price: int) -> None:
    """Recruit a Leader outside the Recruitment phase (Rome B), paying its price."""
    city = st.cities[i]
    city.leader_hand.take(leader.name)
    city.coins -= price
    city.leaders.append(leader)
    city.add("leader", leader.effect)
    city.coins += immediate_coins(st, i, leader.effect)
    st.queue.extend(_leader_follow_ups(i, leader))


def place_courtesan(st: State, i: int, leader: Leader) -> None:
    """Copy a neighbour's Leader: its effects become the city's, immediate ones included."""
    city = st.cities[i]
    city.courtesan = leader
    city.add("leader", leader.effect)
    city.coins += immediate_coins(st, i, leader.effect)
    st.queue.extend(_leader_follow_ups(i, leader))


def conflicts(st: State) -> None:
    """Compare shields of each pair of neighbours and hand out Victory and Defeat tokens."""
    value = st.data.const(f"victory_age{st.age}", 2 * st.age - 1)
    defeat = st.data.const("defeat", -1)
    n = len(st.cities)
    for i in range(n):
        j = st.left(i)
        a, b = st.cities[i], st.cities[j]
        if a.profile.shields != b.profile.shields:
            win, lose = (a, b) if a.profile.shields > b.profile.shields else (b, a)
            _award(win, lose, value, defeat)


def _award(win: City, lose: City, value: int, defeat: int) -> None:
    """Give the Victory token (Nero pays for it) and the Defeat token (Tomyris passes it on)."""
    win.tokens.append(value)
    win.coins += win.profile.number("coins_per_victory")
    if "defeat_to_winner" in lose.profile.flags:
        win.tokens.append(defeat)
    else:
        lose.tokens.append(defeat)
