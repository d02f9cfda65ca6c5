"""The sisters' moves: harvest, tax, acquire, sweep, banner and end of turn."""

from __future__ import annotations

from playproof.playtest.engine import Status
from playproof.playtest.games.who_will_reign.catalogue import COURT, GUEST, IMPROVEMENT, Card
from playproof.playtest.games.who_will_reign.game import Game
from playproof.playtest.games.who_will_reign.moves import Move
from playproof.playtest.games.who_will_reign.scoring import (
    cost_of, harvest_gain, path_count, sweep_cost, tax_food, tax_gain,
)
from playproof.playtest.games.who_will_reign.state import UNKNOWN, Sister, top_output


def _income_once(game: Game, sister: Sister, action: str) -> None:
    """Harvest or tax: once per turn, and never both (an out-of-turn move uses no turn's allowance)."""
    if sister is not game.state.current:
        return
    # "once per turn you can either gain food from harvesting ... or gain gold from taxing"
    if game.state.income_taken:
        game.flag("play-harvest-or-tax-once", f"{sister.name} already harvested or taxed this turn; "
                  f"she cannot {action} again")
    game.state.income_taken = True


def _stated(amounts: tuple[tuple[str, int], ...] | None, resource: str, due: int) -> int:
    """Return the amount of a resource a move states (the rules' amount when it states none)."""
    return due if amounts is None else dict(amounts).get(resource, 0)


def harvest(game: Game, sister: Sister, move: Move) -> None:
    """Gather food from every farm."""
    _income_once(game, sister, "harvest")
    due = harvest_gain(game.state, sister, game.catalogue)
    taken = _stated(move.taken, "food", due)
    # "you collect food from all of the FARMS ... the number inside the red apple"
    if taken != due or (move.taken and dict(move.taken).get("gold")):
        game.flag("harvest-farms", f"the farms give {sister.name} {due} food; she took {_amounts_text(move.taken)}")
    game.change(sister, "food", taken)


def harvest_offered(game: Game, sister: Sister, move: Move) -> None:
    """`harvest` as offered to the sister whose turn it is, before her income: without its checks."""
    game.state.income_taken = True
    sister.food += harvest_gain(game.state, sister, game.catalogue)  # never < 0


def tax_offered(game: Game, sister: Sister, move: Move) -> None:
    """`tax` as offered to the sister whose turn it is, before her income, holding the food it needs: without its
    checks."""
    game.state.income_taken = True
    sister.food -= tax_food(game.state, game.catalogue)
    sister.gold += tax_gain(game.state, sister, game.catalogue)  # never < 0


def tax(game: Game, sister: Sister, move: Move) -> None:
    """Feed every village 1 food, then gather gold from every village."""
    _income_once(game, sister, "tax")
    need = tax_food(game.state, game.catalogue)
    fed = _stated(move.paid, "food", need)
    # "to tax the villages, you must first feed all the villages 1 food each"
    if fed != need or (move.paid and dict(move.paid).get("gold")):
        game.flag("tax-feed-villages", f"taxing feeds the villages {need} food; {sister.name} paid "
                  f"{_amounts_text(move.paid)}")
    elif sister.food < need:
        game.flag("tax-feed-villages", f"taxing needs {need} food to feed the villages; {sister.name} has "
                  f"{sister.food}")
    due = tax_gain(game.state, sister, game.catalogue)
    taken = _stated(move.taken, "gold", due)
    # "The amount of gold received from each village is the number inside the gold coin"
    if taken != due or (move.taken and dict(move.taken).get("food")):
        game.flag("tax-villages", f"the villages give {sister.name} {due} gold; she took {_amounts_text(move.taken)}")
    game.change(sister, "food", -fed)
    game.change(sister, "gold", taken)


def _amounts_text(amounts: tuple[tuple[str, int], ...] | None) -> str:
    """Describe stated amounts: `2 gold and 1 food`."""
    return " and ".join(f"{n} {r}" for r, n in amounts or ()) or "nothing"


def sweep(game: Game, sister: Sister, move: Move) -> None:
    """Pay to discard the market row and draw a fresh one."""
    cost = sweep_cost(sister, game.catalogue)
    paid = _stated(move.paid, "gold", cost)
    # "Pay 3 gold to discard all of the cards in the market row" (less with a Treasurer or the Wisdom banner)
    if paid != cost or (move.paid and dict(move.paid).get("food")):
        game.flag("sweep-cost", f"sweeping costs {sister.name} {cost} gold; she paid {_amounts_text(move.paid)}")
    elif sister.gold < cost:
        game.flag("sweep-cost", f"sweeping costs {cost} gold; {sister.name} has {sister.gold}")
    game.change(sister, "gold", -paid)
    state = game.state
    state.discard.update(k for k in state.market if k != UNKNOWN)
    state.market.clear()
    game.need_draws(game.catalogue.numbers["market_size"])


def banner(game: Game, sister: Sister, move: Move) -> None:
    """Take up a banner: once per game, if free and its requirement is met (paying what the log says)."""
    state, banner_ = game.state, game.catalogue.banners[move.card]
    holder = state.banners_taken.get(move.card)
    # "Once per game ... take up one Banner"; "It cannot be taken from her, nor can it be exchanged"
    if not game.banners_in_play:
        game.flag("banners-available", "this game is played without Banners")
    elif holder:
        game.flag("banners-available", f"the {banner_.name} is already borne by {holder}")
    if sister.banner:
        game.flag("banners-once", f"{sister.name} already bears the {game.catalogue.banners[sister.banner].name}")
    gold, food = _banner_requirement(game, sister, move)
    if game.banners_in_play and not sister.banner and not holder:
        game.change(sister, "gold", -gold)
        game.change(sister, "food", -food)
        sister.banner = move.card
        sister.changed()
        state.banners_taken[move.card] = sister.name


def _banner_requirement(game: Game, sister: Sister, move: Move) -> tuple[int, int]:
    """Check a banner's requirement (cards held, the payment); return the gold and food paid as written."""
    banner_ = game.catalogue.banners[move.card]
    req = banner_.requirement
    due = (req.pay_gold, req.pay_food)
    paid = (_stated(move.paid, "gold", req.pay_gold), _stated(move.paid, "food", req.pay_food))
    short = [p for p, n in req.paths if path_count(sister, p, game.catalogue) < n]
    # "To take up a Banner, a sister must meet the requirements on the top of the Banner card"
    if short or sister.gold < req.pay_gold or sister.food < req.pay_food or paid != due:
        wrong = f" and paid {_amounts_text(move.paid)}" if paid != due else ""
        game.flag("banners-requirement", f"the {banner_.name} needs " + _requirement_text(req.paths, *due)
                  + f"; {sister.name} has {_holdings(game, sister, [p for p, _ in req.paths])}{wrong}")
    return paid


def _requirement_text(paths: tuple[tuple[str, int], ...], gold: int, food: int) -> str:
    """Describe a banner requirement in words."""
    parts = [f"{n} {p.upper()} card{'s' if n != 1 else ''}" for p, n in paths]
    parts += [f"{n} {r} paid" for r, n in (("gold", gold), ("food", food)) if n]
    return ", ".join(parts)


def _holdings(game: Game, sister: Sister, paths: list[str]) -> str:
    """Describe what a sister holds towards a requirement."""
    held = [f"{path_count(sister, p, game.catalogue)} {p.upper()}" for p in paths]
    return ", ".join(held + [f"{sister.gold} gold", f"{sister.food} food"])


def acquire(game: Game, sister: Sister, move: Move) -> None:
    """Buy a card from the market row, place it, and wait for its spot to be refilled."""
    if move.card == UNKNOWN:
        _acquire_unknown(game)
        return
    card = game.catalogue.cards[move.card]
    taken = _take_from_pile(game, card, move.source) if move.source in ("deck", "discard") else (
        _take_from_market(game, card))
    _pay_cost(game, sister, card, move.paid)
    if card.kind == COURT:
        _to_court(game, sister, card, move)
    elif card.kind == IMPROVEMENT:
        _to_land(game, card, move)
    elif card.kind == GUEST:
        _to_sister(game, sister, card, move)
    if move.expel:
        _expel(game, sister, card, move.expel)
    if taken:
        game.need_draws(1)


def acquire_offered(game: Game, sister: Sister, move: Move) -> None:
    """`acquire` of a move the engine offered (`legal.offer`): a market card she can pay, placed as the rules allow,
    applied without the checks such a move passes (the same state after it, and nothing to report)."""
    state, card = game.state, game.catalogue.cards[move.card]
    state.market.remove(card.key)
    gold, food = cost_of(card, sister, game.catalogue)
    sister.gold -= gold  # she holds at least the price: her stores stay >= 0
    sister.food -= food
    kind = card.kind
    if kind == COURT:
        if move.replacing:
            sister.court.remove(move.replacing)
            state.discard[move.replacing] += 1
        sister.court.append(card.key)
        sister.changed()
        if card.ability.gain_gold:
            game.change(sister, "gold", card.ability.gain_gold)
        if card.ability.gain_food:
            game.change(sister, "food", card.ability.gain_food)
        if move.expel:
            sister.guests.remove(move.expel)
            sister.changed()
            state.discard[move.expel] += 1
    elif kind == IMPROVEMENT:
        state.lands[move.board].stack.append(card.key)
        state.lands_version += 1
    elif kind == GUEST:  # sent to another sister (the offer names only others)
        target = state.by_name[move.to.lower()]
        target.guests.append(card.key)
        target.changed()
    game.need_draws(1)


def _acquire_unknown(game: Game) -> None:
    """A card acquired but not named: note it and keep the market's shape."""
    game.flag("acquire-in-market", "the card acquired is not revealed", Status.UNDETERMINED)
    if UNKNOWN in game.state.market:
        game.state.market.remove(UNKNOWN)
    game.state.pending_draws += 1  # its spot, whichever it is, waits for the refill
    game.settle()


def _take_from_market(game: Game, card: Card) -> bool:
    """Remove the card from the market row (an unrevealed card there may be it); False if absent."""
    market = game.state.market
    if card.key in market:
        market.remove(card.key)
        return True
    if UNKNOWN in market:
        game.flag("acquire-in-market", f"{card.name} may be the unrevealed market card", Status.UNDETERMINED)
        market.remove(UNKNOWN)
        if game.state.deck[card.key] > 0:
            game.state.deck[card.key] -= 1
        return True
    game.flag("acquire-in-market", f"{card.name} is not in the market row")
    return False


def _price(gold: int, food: int) -> str:
    """Describe a cost: `3 gold` or `2 gold and 1 food`."""
    return f"{gold} gold" + (f" and {food} food" if food else "")


def _take_from_pile(game: Game, card: Card, source: str) -> bool:
    """Take a card from the deck or the discard pile, as the log says it was (never legal); no spot empties."""
    pile = game.state.deck if source == "deck" else game.state.discard
    where = "the market deck" if source == "deck" else "the discard pile"
    # "Buy from the market row by paying a card's cost"
    game.flag("acquire-in-market", f"{card.name} was taken from {where}; only a card in the market row can be acquired")
    if pile[card.key] > 0:
        pile[card.key] -= 1
        if not pile[card.key]:
            del pile[card.key]
    return False


def _pay_cost(game: Game, sister: Sister, card: Card, stated: tuple[tuple[str, int], ...] | None) -> None:
    """Pay the card's cost after discounts, or what the log says was paid; report a wrong or unaffordable payment."""
    gold, food = cost_of(card, sister, game.catalogue)
    paid_gold, paid_food = (gold, food) if stated is None else (_stated(stated, "gold", gold),
                                                                _stated(stated, "food", food))
    # "Buy from the market row by paying a card's cost, shown at top right corner of the card"
    if paid_gold != gold or paid_food != food:
        game.flag("acquire-cost", f"{card.name} costs {sister.name} {_price(gold, food)}; she paid "
                  f"{_amounts_text(stated)}")
    elif sister.gold < gold or sister.food < food:
        game.flag("acquire-cost", f"{card.name} costs {_price(gold, food)}; {sister.name} has {sister.gold} gold "
                  f"and {sister.food} food")
    game.change(sister, "gold", -paid_gold)
    game.change(sister, "food", -paid_food)


def _to_court(game: Game, sister: Sister, card: Card, move: Move) -> None:
    """Add a court card to the sister's court, replacing one if she chooses (or must)."""
    if move.board or move.to:
        game.flag("acquire-placement", f"{card.name} is a court card: it goes to your own court")
    limit = game.catalogue.numbers["court_limit"]
    if move.replacing and game.replace_when_full and len(sister.court) < limit:
        game.flag("court-replace", f"in this game a court card is replaced only when the court is full "
                  f"({len(sister.court)} of {limit})")
    if move.replacing:
        if move.replacing in sister.court:
            sister.court.remove(move.replacing)
            game.state.discard[move.replacing] += 1
        else:
            game.flag("court-replace", f"{game.name(move.replacing)} is not a court card in {sister.name}'s court")
    # "A sister may never have more than 7 cards in her court"
    if len(sister.court) >= limit:
        game.flag("court-limit", f"{sister.name}'s court already holds {limit} court cards; "
                  f"{card.name} must replace one of them")
    sister.court.append(card.key)
    sister.changed()
    game.change(sister, "gold", card.ability.gain_gold)
    game.change(sister, "food", card.ability.gain_food)


def _to_land(game: Game, card: Card, move: Move) -> None:
    """Place an improvement on a land board of its kind, never lowering the output."""
    land = game.state.lands.get(move.board)
    if move.to or move.replacing:
        game.flag("acquire-placement", f"{card.name} is a land improvement: place it on a {card.land}")
        if not move.board:  # sent elsewhere: one finding, and the card is discarded (ruling 11)
            game.state.discard[card.key] += 1
            return
    if land is None or land.land != card.land:
        where = "not given" if not move.board else (
            f"{game.catalogue.boards[move.board].name} is not on the board" if land is None
            else f"{game.catalogue.boards[move.board].name} is a {land.land}")
        game.flag("improvements-board-type", f"{card.name} goes on a {card.land}; {where}")
        game.state.discard[card.key] += 1
        return
    current = top_output(land, game.catalogue)
    # improvements stack "as long as the gold provided does not decrease"; only the top one counts
    if card.output < current:
        game.flag("improvements-no-lower", f"{card.name} makes {card.output}, less than the {current} "
                  f"{game.catalogue.boards[land.key].name} makes now")
    land.stack.append(card.key)
    game.state.lands_version += 1


def _to_sister(game: Game, sister: Sister, card: Card, move: Move) -> None:
    """Send an unwanted guest to another sister."""
    target = game.state.sister(move.to) if move.to else None
    if move.board or move.replacing:
        game.flag("acquire-placement", f"{card.name} is an Unwanted Guest: send it to another sister")
        if not move.to:  # placed elsewhere: one finding, and the guest is discarded (ruling 11)
            game.state.discard[card.key] += 1
            return
    # guests are "immediately sent to any *other* sister of her choosing"
    if target is None or target is sister:
        who = "no sister was named" if not move.to else (
            f"{move.to} is not a sister of this game" if target is None else "she cannot keep it herself")
        game.flag("guests-other-sister", f"{card.name} must be sent to another sister; {who}")
        game.state.discard[card.key] += 1
        return
    target.guests.append(card.key)
    target.changed()


def _expel(game: Game, sister: Sister, card: Card, guest: str) -> None:
    """Discard one of the sister's guests, as an acquired court card's ability allows."""
    # "Some Court Cards allow sisters to discard an Unwanted Guest as soon as they are acquired"
    if card.kind != COURT or not card.ability.expel:
        game.flag("guests-expel", f"{card.name} has no ability to discard an Unwanted Guest")
    if guest not in sister.guests:
        game.flag("guests-expel", f"{game.name(guest)} is not among {sister.name}'s Unwanted Guests")
        return
    sister.guests.remove(guest)
    sister.changed()
    game.state.discard[guest] += 1


def discard(game: Game, sister: Sister, move: Move) -> None:
    """A sister puts a card of hers (or of the market row) on the discard pile outside any move that discards."""
    key, state = move.card, game.state
    if key in sister.guests:
        # "acquiring one is the only way sisters can get rid of Unwanted Guests"
        game.flag("guests-expel", f"{game.name(key)} can be discarded only by acquiring a court card that expels it")
        sister.guests.remove(key)
    elif key in sister.court:
        # "replace one of her existing Court Cards ... with the new card and discard the replaced one"
        game.flag("court-replace", f"{game.name(key)} leaves {sister.name}'s court only when a new court card "
                  "replaces it")
        sister.court.remove(key)
    elif key in state.market:
        discard_from_market(game, key)
        return
    else:
        game.flag("discard-source", f"{game.name(key)} is not in {sister.name}'s court, among her guests or in the "
                  "market row")
        return
    sister.changed()
    state.discard[key] += 1


def discard_from_market(game: Game, key: str) -> None:
    """Discard one market card by hand (only a sweep discards market cards, all together); its spot waits."""
    # "Pay 3 gold to discard all of the cards in the market row and replace them with 5 new cards"
    game.flag("sweep-whole-row", f"{game.name(key)} was discarded alone from the market row; only a sweep "
              "(paying for it) discards market cards, the whole row")
    game.state.market.remove(key)
    game.state.discard[key] += 1
    game.need_draws(1)


def end(game: Game, sister: Sister, move: Move) -> None:
    """End the turn: play passes clockwise."""
    game.end_turn()


SISTER_MOVES = {"harvest": harvest, "tax": tax, "sweep": sweep, "end": end, "acquire": acquire, "banner": banner,
                "discard": discard}
OFFERED_MOVES = {**SISTER_MOVES, "acquire": acquire_offered, "harvest": harvest_offered, "tax": tax_offered}
"""The moves of a sister's turn as applied when the engine offered them (random play, bots)."""
