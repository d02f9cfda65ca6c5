"""Crowns and ongoing abilities, derived from a sister's court, guests and banner."""

from __future__ import annotations

from typing import Iterable

from playproof.playtest.games.who_will_reign.catalogue import Card, Catalogue
from playproof.playtest.games.who_will_reign.grammar import Bonus, Cond
from playproof.playtest.games.who_will_reign.state import Powers, Sister, State, top_output, top_path


TAX_FOOD = "tax food"
"""The key of the food taxing costs among the land's derived numbers (`State.outputs`)."""


def powers(sister: Sister, catalogue: Catalogue) -> Powers:
    """Return a sister's summed-up ongoing abilities (cached until her court changes)."""
    if sister.powers is None:
        cards = catalogue.cards
        harvest = tax = 0
        sweep: int | None = None
        discounts: dict[str, int] = {}
        paths: dict[str, int] = {}
        for key in sister.court:
            path = cards[key].path
            paths[path] = paths.get(path, 0) + 1
        banner = [catalogue.banners[sister.banner].ability] if sister.banner else []
        for ability in [cards[k].ability for k in (*sister.court, *sister.guests)] + banner:  # as `abilities`
            harvest += ability.harvest_food
            tax += ability.tax_gold
            if ability.sweep is not None and (sweep is None or ability.sweep < sweep):
                sweep = ability.sweep
            for path, n in ability.discounts:
                discounts[path] = discounts.get(path, 0) + n
        sister.powers = Powers(harvest, tax, sweep, discounts, paths)
    return sister.powers


def land_output(state: State, catalogue: Catalogue, land: str) -> int:
    """Return what the land boards of one kind produce together (kept while the land does not change)."""
    stamp = (state.lands_version, len(state.lands))
    cached = state.outputs.get(land)
    if cached is None or cached[0] != stamp:
        cached = state.outputs[land] = (stamp, sum(top_output(b, catalogue) for b in state.lands_of(land)))
    return cached[1]


def harvest_gain(state: State, sister: Sister, catalogue: Catalogue) -> int:
    """Return the food a harvest gives: every farm's output plus the sister's bonuses (never < 0)."""
    farms = land_output(state, catalogue, "farm")
    return max(0, farms + powers(sister, catalogue).harvest_food)


def tax_gain(state: State, sister: Sister, catalogue: Catalogue) -> int:
    """Return the gold a tax gives: every village's output plus the sister's bonuses (never < 0)."""
    villages = land_output(state, catalogue, "village")
    return max(0, villages + powers(sister, catalogue).tax_gold)


def tax_food(state: State, catalogue: Catalogue) -> int:
    """Return the food taxing costs: the set amount for every village on the board."""
    stamp = (state.lands_version, len(state.lands))
    cached = state.outputs.get(TAX_FOOD)
    if cached is None or cached[0] != stamp:
        cached = state.outputs[TAX_FOOD] = (stamp, len(state.lands_of("village"))
                                            * catalogue.numbers["tax_food_per_village"])
    return cached[1]


def sweep_cost(sister: Sister, catalogue: Catalogue) -> int:
    """Return what sweeping costs a sister: the cheapest of the rule and her abilities."""
    own = powers(sister, catalogue).sweep
    rule = catalogue.numbers["sweep_cost"]
    return rule if own is None else min(rule, own)


def cost_of(card: Card, sister: Sister, catalogue: Catalogue) -> tuple[int, int]:
    """Return (gold, food) a sister pays for a card, after her discounts on its path."""
    discount = powers(sister, catalogue).discounts.get(card.path, 0) if card.path else 0
    return max(0, card.cost_gold - discount), card.cost_food


def path_count(sister: Sister, path: str, catalogue: Catalogue) -> int:
    """Return how many court cards of a path a sister holds."""
    return powers(sister, catalogue).paths.get(path, 0)


def _count(selector: str, sister: Sister, state: State, catalogue: Catalogue) -> int:
    """Return what a `per` selector counts for a sister."""
    if selector == "guest":
        return len(sister.guests)
    if selector == "guest-all":
        return sum(len(s.guests) for s in state.sisters)
    if selector == "improved":
        return sum(1 for b in state.lands.values() if b.stack)
    if selector == "paths":
        return len({catalogue.cards[k].path for k in sister.court} - {""})
    if selector in ("farm", "village"):
        return len(state.lands_of(selector))
    path, _, board = selector.partition("+")
    on_board = sum(1 for b in state.lands.values() if top_path(b, catalogue) == path) if board else 0
    return sum(1 for key in sister.court if catalogue.cards[key].path == path) + on_board


def _holds(cond: Cond, sister: Sister) -> bool:
    """Return True when a condition holds for a sister."""
    if cond.kind == "has":
        return cond.card in sister.court
    if cond.kind == "banner":
        return bool(sister.banner)
    return bool(sister.guests)


def _bonus(bonus: Bonus, sister: Sister, state: State, catalogue: Catalogue) -> int:
    """Return the crowns one bonus clause gives."""
    if bonus.per:
        return bonus.amount * _count(bonus.per, sister, state, catalogue)
    return bonus.amount if bonus.cond and _holds(bonus.cond, sister) else 0


def card_crowns(card: Card, sister: Sister, state: State, catalogue: Catalogue) -> int:
    """Return the crowns a card near a sister's court is worth (`worth` clauses override)."""
    for value, cond in card.ability.worth:
        if _holds(cond, sister):
            return value
    base = card.crowns or 0
    return base + sum(_bonus(b, sister, state, catalogue) for b in card.ability.bonuses)


def _crowns_of(keys: Iterable[str], sister: Sister, state: State, catalogue: Catalogue) -> int:
    """Return the crowns of some cards near a sister's court: a card with no ability on crowns is its printed
    crowns (most cards: no call made for them), any other as `card_crowns` says."""
    cards, total = catalogue.cards, 0
    for key in keys:
        card = cards[key]
        ability = card.ability
        if ability.worth or ability.bonuses:
            total += card_crowns(card, sister, state, catalogue)
        else:
            total += card.crowns or 0
    return total


def crowns_breakdown(sister: Sister, state: State, catalogue: Catalogue) -> dict[str, int]:
    """Return a sister's crowns split into court, banner and guests, with the total."""
    court = _crowns_of(sister.court, sister, state, catalogue)
    guests = _crowns_of(sister.guests, sister, state, catalogue)
    banner = catalogue.banners[sister.banner].crowns if sister.banner else 0
    return {"court": court, "banner": banner, "guests": guests, "total": court + banner + guests}
