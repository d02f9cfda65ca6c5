"""Crowns and ongoing abilities, derived from a sister's court, guests and banner."""

from __future__ import annotations

from typing import Iterable

from playproof.playtest.games.who_will_reign.catalogue import Card, Catalogue
from playproof.playtest.games.who_will_reign.grammar import Cond
from playproof.playtest.games.who_will_reign.state import Crowns, Powers, Sister, State, top_output, top_path


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
    if selector == "improved" or selector == "farm" or selector == "village":
        return _on_land(selector, state, catalogue)
    held = powers(sister, catalogue).paths  # court cards by path ("": cards of no path)
    if selector == "paths":
        return sum(1 for path in held if path)
    path, _, board = selector.partition("+")
    return held.get(path, 0) + (_on_land(path, state, catalogue) if board else 0)


def _on_land(selector: str, state: State, catalogue: Catalogue) -> int:
    """Return how many land boards a selector counts: `improved` ones, `farm` or `village` ones, or those whose top
    improvement is of a path (kept while the land does not change)."""
    stamp = (state.lands_version, len(state.lands))
    key = "boards " + selector
    cached = state.outputs.get(key)
    if cached is None or cached[0] != stamp:
        boards = state.lands.values()
        if selector == "improved":
            count = sum(1 for b in boards if b.stack)
        elif selector == "farm" or selector == "village":
            count = sum(1 for b in boards if b.land == selector)
        else:
            count = sum(1 for b in boards if top_path(b, catalogue) == selector)
        cached = state.outputs[key] = (stamp, count)
    return cached[1]


def _holds(cond: Cond, sister: Sister) -> bool:
    """Return True when a condition holds for a sister."""
    if cond.kind == "has":
        return cond.card in sister.court
    if cond.kind == "banner":
        return bool(sister.banner)
    return bool(sister.guests)


def card_crowns(card: Card, sister: Sister, state: State, catalogue: Catalogue) -> int:
    """Return the crowns a card near a sister's court is worth (`worth` clauses override)."""
    ability = card.ability
    for value, cond in ability.worth:
        if _holds(cond, sister):
            return value
    total = card.crowns or 0
    for bonus in ability.bonuses:  # plus N per SEL, or plus N if COND
        if bonus.per:
            total += bonus.amount * _count(bonus.per, sister, state, catalogue)
        elif bonus.cond is not None and _holds(bonus.cond, sister):
            total += bonus.amount
    return total


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


def crowns(state: State, catalogue: Catalogue) -> dict[str, int]:
    """Return each sister's crowns (the totals of `crowns_breakdown`), kept on her (`Sister.crowns`) until her
    court, guests or banner change, or the table changes under a card whose crowns count it."""
    found: dict[str, int] = {}
    table = None
    for sister in state.sisters:
        kept = sister.crowns
        if kept is None:
            kept = sister.crowns = _kept_crowns(sister, state, catalogue)
        if kept.varying:
            if table is None:
                table = (state.lands_version, len(state.lands), sum(len(s.guests) for s in state.sisters))
            if kept.table != table:
                cards = catalogue.cards
                total = kept.fixed + sum(card_crowns(cards[key], sister, state, catalogue) for key in kept.varying)
                kept = sister.crowns = Crowns(kept.fixed, kept.varying, table, total)
            found[sister.name] = kept.total
        else:
            found[sister.name] = kept.fixed
    return found


def _kept_crowns(sister: Sister, state: State, catalogue: Catalogue) -> Crowns:
    """Return a sister's crowns from her banner and the cards whose crowns count only her court, guests and
    banner, and the keys of the others (not counted yet)."""
    cards = catalogue.cards
    fixed = catalogue.banners[sister.banner].crowns if sister.banner else 0
    varying: list[str] = []
    for key in (*sister.court, *sister.guests):  # as `_crowns_of`, the cards that count the table set aside
        card = cards[key]
        ability = card.ability
        if ability.counts_table:
            varying.append(key)
        elif ability.worth or ability.bonuses:
            fixed += card_crowns(card, sister, state, catalogue)
        else:
            fixed += card.crowns or 0
    return Crowns(fixed, tuple(varying), None, 0)
