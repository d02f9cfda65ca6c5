"""Checks of a city's play against the state at the start of the turn; each returns findings."""

from __future__ import annotations

from playproof.playtest.games.seven_wonders_leaders.city import City, prices
from playproof.playtest.games.seven_wonders_leaders.data import RESOURCES, Card, Cost, Leader
from playproof.playtest.games.seven_wonders_leaders.moves import Move
from playproof.playtest.games.seven_wonders_leaders.resources import Market, Supply, can_sell, covers_need
from playproof.playtest.games.seven_wonders_leaders.state import Finding, Payment, State, broken, coins


def market(st: State, i: int) -> Market:
    """Return what city i can buy and at what prices (kept while the neighbours' sales and its prices are the same).

    Supplies and prices are new objects whenever they change, so they are compared by identity.
    A market worked out again but equal to the one before is returned as the same object, so
    purchases found in it (`Profile.purchase_cache`) stay known.
    """
    cities = st.cities
    n = len(cities)  # the neighbours as in State.neighbours, inlined: asked for every hand
    prof = cities[i].profile
    left, right = cities[(i + 1) % n].profile.sale, cities[(i - 1) % n].profile.sale
    price = prof.price_cache or prices(prof, st.data.const("trade_price", 2))  # (`prices`, kept on the profile)
    bank = prof.numbers.get("bank_buy")
    cached = prof.market_cache
    if cached is not None and cached[0] is left and cached[1] is right and cached[2] is price and cached[3] == bank:
        return cached[4]
    found = Market(left, right, price[0], price[1], bank)
    if cached is not None and cached[4] == found:
        found = cached[4]  # the same market as before: what is known of its purchases holds
    prof.market_cache = (left, right, price, bank, found)
    return found


def in_hand(st: State, i: int, name: str, rule: str = "play-in-hand") -> list[Finding]:
    """Check that the card played is in the hand the city plays from."""
    if name == "?":
        return [broken(rule, f"{st.cities[i].name} plays a hidden card; it cannot be checked until revealed", True)]
    held = st.hand_of(i).holds(name)
    if held:
        return []
    if held is None:
        return [broken(rule, f"{name} may not be in {st.cities[i].name}'s hand (hidden cards)", True)]
    return [broken(rule, f"{name} is not in {st.cities[i].name}'s hand")]


def leader_in_hand(city: City, name: str) -> list[Finding]:
    """Check that a Leader played in Recruitment is in the player's Leader hand."""
    if name == "?":
        message = f"{city.name} plays a hidden Leader; it cannot be checked until revealed"
        return [broken("recruit-in-hand", message, True)]
    held = city.leader_hand.holds(name)
    if held:
        return []
    if held is None:
        return [broken("recruit-in-hand", f"{name} may not be in {city.name}'s Leader hand (hidden cards)", True)]
    return [broken("recruit-in-hand", f"{name} is not in {city.name}'s Leader hand")]


def chain_free(city: City, card: Card) -> bool:
    """Return True when the city owns a predecessor of the card (a free chain build)."""
    return bool(card.chain_from) and not city.owned().isdisjoint(card.chain_from)


NOTHING = Cost()
"""The cost of a chain build: nothing (purchases written with it are still paid)."""


def check_build(st: State, i: int, move: Move, card: Card) -> tuple[list[Finding], Payment]:
    """Check building a structure: duplicates, chains, free builds, resources, trades and coins."""
    city = st.cities[i]
    found: list[Finding] = []
    owned = city.owned()
    if card.name in owned:
        found.append(broken("build-duplicate", f"{city.name} already has a {card.name}"))
    if move.free:
        # Olympia A builds without paying its cost; purchases written with it are still paid
        payment = Payment(olympia=True)
        paid = pay(st, i, NOTHING, move, card.colour, payment)
        free_found = _olympia(st, city)
        # a free build the city has no right to: its purchases are no second mistake
        found += free_found + [f for f in paid if not (free_found and f[0] == "trade-unneeded")]
    elif card.chain_from and not owned.isdisjoint(card.chain_from):  # `chain_free`
        # a chain build is free; purchases written with it are still paid (and flagged as unneeded)
        payment = Payment(chain=True)
        found += pay(st, i, NOTHING, move, card.colour, payment)
    else:
        cost = Cost(coins=card.cost.coins) if card.colour in city.profile.free_colours else card.cost
        payment = Payment()
        found += pay(st, i, cost, move, card.colour, payment)
    if move.coins is not None:  # (`written_coins` checks nothing else)
        found += written_coins(st, i, move, payment.bank, payment)
    # a second copy is never built, so its cost is no second mistake (what was written is still paid)
    return (found[:1] if found and found[0][0] == "build-duplicate" else found), payment


def check_discard(st: State, i: int, move: Move) -> tuple[list[Finding], Payment]:
    """Check a discard: nothing is bought for it (purchases written anyway are paid)."""
    payment = Payment()
    found = pay(st, i, Cost(), move, "discard", payment) if move.left or move.right or move.bank else []
    return found + written_coins(st, i, move, 0, payment), payment


def purchases_for_a_leader(st: State, i: int, move: Move, price: int, payment: Payment) -> list[Finding]:
    """Check what a recruit writes besides the Leader: no purchases, and the coins paid are its price."""
    found: list[Finding] = []
    if move.left or move.right or move.bank:
        bought = Payment()
        found += pay(st, i, Cost(), move, move.name, bought)  # nothing is bought for a Leader
        payment.left, payment.right, payment.bank = bought.left, bought.right, payment.bank + bought.bank
    return found + written_coins(st, i, move, price, payment, "recruit-cost")


def written_coins(st: State, i: int, move: Move, expected: int, payment: Payment,
                  rule: str = "build-coins") -> list[Finding]:
    """Check the coins written as paid to the bank (`; pay N`) against the price; the written coins are paid."""
    if move.coins is None or move.coins == expected:
        return []
    payment.bank += move.coins - expected
    return [broken(rule, f"{st.cities[i].name} pays {coins(move.coins)} to the bank for {_verb_object(move)}; "
                         f"the price is {coins(expected)}")]


def _olympia(st: State, city: City) -> list[Finding]:
    """Check the once-per-Age free build of Olympia A."""
    if "free_build_per_age" not in city.profile.flags:
        return [broken("build-free-olympia", f"{city.name} has no power to build for free")]
    if city.olympia_age == st.age:
        return [broken("build-free-olympia", f"{city.name} already built for free in Age {st.age}")]
    return []


def free_only_to_build(st: State, i: int, move: Move) -> list[Finding]:
    """Check that Olympia A's free build (`; free`) goes with a structure, not a stage, discard or Leader."""
    if not move.free or move.verb == "build":
        return []
    return [broken("build-free-olympia", f"{st.cities[i].name} writes a free build with a {move.verb}; "
                                         "only a structure is built for free")]


def check_stage(st: State, i: int, move: Move) -> tuple[list[Finding], Payment]:
    """Check building the next Wonder stage with a card: a stage left, its cost paid."""
    city = st.cities[i]
    payment = Payment()
    k = city.next_stage() if move.stage_no is None else move.stage_no - 1
    if city.board is None or k is None:
        return [broken("stage-available", f"{city.name} has no Wonder stage left to build")], payment
    built = city.built_stages()
    if not 0 <= k < len(city.board.stages) or k in built:
        what = "already built" if k in built else "not on the board"
        return [broken("stage-available", f"{city.board.label} stage {k + 1} is {what}")], payment
    stage = f"{city.board.label} stage {k + 1}"
    missing = next((j for j in range(k) if j not in built), None)
    # stages are built strictly left to right: an earlier stage must be built first
    found = [] if missing is None else [
        broken("stage-order", f"{city.name} builds {stage} before stage {missing + 1}")]
    found += pay(st, i, city.board.stages[k][0], move, "stage", payment, stage)
    return found + written_coins(st, i, move, payment.bank, payment), payment


def pay(st: State, i: int, cost: Cost, move: Move, colour: str, payment: Payment | None = None,
        what: str = "") -> list[Finding]:
    """Check that own production plus purchases cover a cost (of what, by default the card), and coins suffice."""
    payment = payment if payment is not None else Payment()
    city = st.cities[i]
    prof = city.profile
    if not (move.left or move.right or move.bank):  # nothing bought: only coins, and the city's own production
        payment.bank = cost.coins  # (the market is not looked at: no neighbour sells anything)
        found = [] if not cost.need or covers_need(cost, prof.own, prof.extra_masks(colour) if prof.reduce_list
                                                   else ()) else [
            broken("build-resources", f"{city.name} cannot cover the cost of {what or move.name} "
                                      f"({_describe(cost)}) with its production and purchases")]
        if cost.coins > city.coins:
            found.append(broken("build-coins", f"{city.name} must pay {coins(cost.coins)} but has {city.coins}"))
        return found
    found = _bank_check(city, move)
    mk = market(st, i)
    left, right, supply_found = _sellers(st, i, move, mk)
    found += supply_found
    own = prof.own
    extra = prof.extra_masks(colour) if prof.reduce_list else ()
    bought = move.left + move.right + move.bank
    if bought:
        own = Supply(_plus(own.fixed, bought), own.masks)
    if not covers_need(cost, own, extra):  # (`covers(cost.units, ...)`, the resources asked for only)
        found.append(broken("build-resources", f"{city.name} cannot cover the cost of {what or move.name} "
                                               f"({_describe(cost)}) with its production and purchases"))
    elif bought and not st.extra_purchases and not supply_found:  # one finding for one wrong purchase
        found += _unneeded(city, cost, own, bought, extra, what or _verb_object(move))
    payment.left = sum(map(mk.left_price.__getitem__, left))
    payment.right = sum(map(mk.right_price.__getitem__, right))
    payment.bank = cost.coins + (mk.bank_price or 0) * len(move.bank)
    if payment.total > city.coins:
        found.append(broken("build-coins", f"{city.name} must pay {coins(payment.total)} but has {city.coins}"))
    return found


def _plus(fixed: tuple[int, ...], units: tuple[int, ...]) -> tuple[int, ...]:
    """Return fixed production with bought units added."""
    counts = list(fixed)
    for r in units:
        counts[r] += 1
    return tuple(counts)


def _spare(cost: Cost, supply: Supply, bought: tuple[int, ...], extra: tuple[int, ...]) -> int | None:
    """Return a bought resource the cost is covered without (bought but not missing), or None."""
    for r in set(bought):
        fixed = list(supply.fixed)
        fixed[r] -= 1
        if covers_need(cost, Supply(tuple(fixed), supply.masks), extra):
            return r
    return None


def _unneeded(city: City, cost: Cost, own: Supply, bought: tuple[int, ...], extra: tuple[int, ...],
              what: str) -> list[Finding]:
    """Check that every bought unit was missing: the cost is not covered without it."""
    spare = _spare(cost, own, bought, extra)
    if spare is None:
        return []
    return [broken("trade-unneeded", f"{city.name} buys {RESOURCES[spare]} it does not lack for {what}; "
                                     "only missing resources are bought")]


def _verb_object(move: Move) -> str:
    """Return what a move does with its card, in words: `a discard`, `Temple`."""
    return {"discard": "a discard", "stage": "a Wonder stage"}.get(move.verb, move.name)


def _sellers(st: State, i: int, move: Move, mk: Market) -> tuple[tuple[int, ...], tuple[int, ...], list[Finding]]:
    """Return the units bought left and right as paid, and the trade-supply findings.

    A purchase the named neighbour cannot sell but the other neighbour can is a slip of the side:
    it is reported once and paid to the neighbour who sells it (so the seller's coins stay right).
    """
    left, right = move.left, move.right
    left_ok = not left or can_sell(left, mk.left)
    right_ok = not right or can_sell(right, mk.right)
    if left_ok and right_ok:
        return left, right, []
    if not left_ok and right_ok and can_sell(right + left, mk.right):
        return (), right + left, _supply_check(st, i, left, mk.left, "left", st.neighbours(i)[1].name)
    if left_ok and not right_ok and can_sell(left + right, mk.left):
        return left + right, (), _supply_check(st, i, right, mk.right, "right", st.neighbours(i)[0].name)
    return left, right, _supply_check(st, i, left, mk.left, "left") + _supply_check(st, i, right, mk.right, "right")


def _bank_check(city: City, move: Move) -> list[Finding]:
    """Check buying from the bank: only with Bilkis, one resource a turn."""
    if not move.bank:
        return []
    if "bank_buy" not in city.profile.numbers:
        return [broken("trade-bank", f"{city.name} cannot buy from the bank (no Bilkis)")]
    if len(move.bank) > 1:
        return [broken("trade-bank", f"{city.name} buys {len(move.bank)} resources from the bank; one a turn")]
    return []


def _supply_check(st: State, i: int, units: tuple[int, ...], supply: Supply, side: str,
                  paid: str = "") -> list[Finding]:
    """Check that a neighbour's board, brown and grey cards produce what is bought from it."""
    if not units or can_sell(units, supply):
        return []
    seller = st.neighbours(i)[0 if side == "left" else 1]
    instead = f" (paid to {paid}, who sells it)" if paid else ""
    return [broken("trade-supply", f"{seller.name} cannot sell {_units(units)} to {st.cities[i].name}{instead}")]


def _units(units: tuple[int, ...]) -> str:
    """Return units as words, counted: "wood", "2 stone", "wood, 2 clay"."""
    counts = {r: units.count(r) for r in sorted(set(units))}
    return ", ".join(RESOURCES[r] if n == 1 else f"{n} {RESOURCES[r]}" for r, n in counts.items())


def _describe(cost: Cost) -> str:
    """Return a cost as words."""
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(cost.units) if n]
    return ", ".join(parts) or "nothing"


def leader_price(st: State, i: int, leader: Leader, extra: int = 0) -> int:
    """Return what recruiting a Leader costs city i (Maecenas, Rome A free; Rome B discounts; extra off)."""
    off = leader_discount(st, i)
    return 0 if off is None else max(0, leader.cost - off - extra)


def leader_discount(st: State, i: int) -> int | None:
    """Return the coins city i's and its neighbours' powers take off any Leader, or None: Leaders are free."""
    prof = st.cities[i].profile
    if "free_leaders" in prof.flags:
        return None
    return prof.number("leader_discount") + sum(n.profile.number("neighbour_leader_discount")
                                                for n in st.neighbours(i))


def check_recruit(st: State, i: int, leader: Leader, rule: str = "recruit-cost", extra: int = 0,
                  price: int | None = None) -> list[Finding]:
    """Check that a player can pay for a Leader (its price, when known: `leader_price` with this extra)."""
    city = st.cities[i]
    price = leader_price(st, i, leader, extra) if price is None else price
    if price > city.coins:
        return [broken(rule, f"{city.name} must pay {coins(price)} for {leader.name} but has {city.coins}")]
    return []


def check_salvage(st: State, i: int, card: Card | None, name: str) -> list[Finding]:
    """Check a card built from the discard pile: it is there and not already owned."""
    city = st.cities[i]
    if card is None or name not in st.discard:
        unsure = "?" in st.discard and card is not None
        return [broken("salvage-discard", f"{name} is not in the discard pile", unsure)]
    if city.owns(card.name):
        return [broken("salvage-discard", f"{city.name} already has a {card.name}")]
    return []
