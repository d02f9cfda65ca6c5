"""Scoring rules as pure functions: a sister's favourite, gifts, buy-back prices, final scores."""

from __future__ import annotations

from functools import lru_cache

from playproof.playtest.games.seven_sisters.state import GLUTTONY, GREED, LUST, SLOTH, Table


def favourite(counts: list[int], favours: list[list[int]]) -> int | None:
    """Return who wins a sister's favour: most servants, ties to most Sloth favours, else nobody."""
    top = max(counts)
    if top == 0:
        return None
    if counts.count(top) == 1:
        return counts.index(top)
    tied = [p for p, c in enumerate(counts) if c == top]
    sloth = {p: favours[p][SLOTH] for p in tied}
    best = max(sloth.values())
    leaders = [p for p in tied if sloth[p] == best]
    # Sloth breaks the tie only when one tied player has strictly the most Sloth favours.
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def pay_gift(table: Table, sister: int, winner: int | None, big: int, small: int) -> dict[int, int]:
    """Pay Greed's gold, Gluttony's fruit or Lust's servants; return what each player got."""
    influencing = [p for p in table.seats_from_first() if table.board[sister][p] and p != winner]
    # The favourite is paid first, then the others clockwise from the first player.
    payees = ([(winner, big)] if winner is not None else []) + [(p, small) for p in influencing]
    given: dict[int, int] = {}
    for player, amount in payees:
        if sister == GREED:
            given[player] = table.take_goods(player, amount, 0)[0]
        elif sister == GLUTTONY:
            given[player] = table.take_goods(player, 0, amount)[1]
        else:
            given[player] = table.call_up(player, amount)
    return given


def adjust_gift(table: Table, sister: int, player: int, change: int) -> int:
    """Give (or take back) part of a gift as the table paid it; return the change made."""
    if sister == GREED:
        if change >= 0:
            return table.take_goods(player, change, 0)[0]
        back = min(-change, table.gold[player])
        table.gold[player] -= back
        table.supply_gold += back
        return -back
    if sister == GLUTTONY:
        if change >= 0:
            return table.take_goods(player, 0, change)[1]
        back = min(-change, table.fruit[player])
        table.pay_fruit(player, back)
        return -back
    if sister == LUST:
        if change >= 0:
            return table.call_up(player, change)
        back = min(-change, table.playable[player])
        table.playable[player] -= back
        table.reserve[player] += back
        return -back
    return 0  # the other sisters give no goods: the claim is only reported


@lru_cache(maxsize=16)
def buyback_prices(packages: tuple[tuple[int, int], ...], most: int) -> tuple[frozenset[int], ...]:
    """Return, for 0..most servants, every gold total that buys exactly that many back."""
    prices: list[set[int]] = [set() for _ in range(most + 1)]
    prices[0].add(0)
    for servants in range(1, most + 1):
        for gold, size in packages:
            if size <= servants:
                prices[servants].update(g + gold for g in prices[servants - size])
    return tuple(frozenset(p) for p in prices)


def majority(values: list[int], point: int, share: bool, sloth: list[int] | None = None) -> list[int]:
    """Return the majority point per player: most (at least one) scores; ties share or score none."""
    # With Sloth favours given, Sloth breaks a tie as on the sisters: strictly most, else nobody.
    top = max(values)
    leaders = [p for p, v in enumerate(values) if v == top]
    if len(leaders) > 1 and sloth is not None:
        best = max(sloth[p] for p in leaders)
        slothful = [p for p in leaders if sloth[p] == best]
        leaders = slothful if best > 0 and len(slothful) == 1 else []
    elif len(leaders) > 1 and not share:
        leaders = []
    return [point if top > 0 and p in leaders else 0 for p in range(len(values))]


def final_breakdown(table: Table, set_bonus: int, point: int, share: bool,
                    by_sloth: bool = False) -> list[dict[str, int]]:
    """Return each player's final score split into its parts."""
    sloth = [favours[SLOTH] for favours in table.favours] if by_sloth else None
    gold = majority(table.gold, point, share, sloth)
    fruit = majority(table.fruit, point, share, sloth)
    playable = majority(table.playable, point, share, sloth)
    parts = []
    for p in range(table.players):
        part = {"favours": sum(table.favours[p]), "sets": set_bonus * table.full_sets(p),
                "gold": gold[p], "fruit": fruit[p], "playable": playable[p]}
        part["total"] = sum(part.values())
        parts.append(part)
    return parts


def winners(table: Table, totals: list[int]) -> tuple[int, ...]:
    """Return the winner(s): best total, then most Sloth favours, then most servants on tiles."""
    contenders = list(range(table.players))
    for key in (lambda p: totals[p], lambda p: table.favours[p][SLOTH], table.on_tiles):
        best = max(key(p) for p in contenders)
        contenders = [p for p in contenders if key(p) == best]
    return tuple(contenders)
