"""Final scoring in the score sheet's order, Leaders line included."""

from __future__ import annotations

from itertools import product

from playproof.playtest.games.seven_wonders_leaders.city import count_what
from playproof.playtest.games.seven_wonders_leaders.resolve import cities_in
from playproof.playtest.games.seven_wonders_leaders.data import Card, Effect
from playproof.playtest.games.seven_wonders_leaders.state import State

LINES = ("military", "treasury", "wonder", "civilian", "science", "commerce", "guilds", "leaders")


def effect_points(st: State, i: int, effect: Effect) -> int:
    """Return the end-of-game points of one effect (vp, vp_per, vp_per_set)."""
    points, counted = _SCORED.get(effect) or _scored(effect)
    if not counted:
        return points  # (most effects: points of their own, or none)
    city = st.cities[i]
    for kind, args in counted:
        if kind == "vp_per":
            points += int(args[2]) * sum(count_what(c, args[0]) for c in cities_in(st, i, args[1]))
        else:  # vp_per_set
            points += int(args[1]) * min(city.colour_count(c) for c in args[0].split("+"))
    return points


_SCORED: dict[Effect, tuple[int, Effect]] = {}
"""Each effect met so far: its `vp` points, and the items whose points depend on the cities (scoring asks for every
card of every city at every Age's end)."""


def _scored(effect: Effect) -> tuple[int, Effect]:
    """Return (and remember) an effect's own `vp` points and its items counted in the cities."""
    if len(_SCORED) >= 1 << 14:  # (effects of many workbooks in one process: start again)
        _SCORED.clear()
    points = sum(int(args[0]) for kind, args in effect if kind == "vp")
    found = _SCORED[effect] = (points, tuple(item for item in effect if item[0] in ("vp_per", "vp_per_set")))
    return found


def science_points(counts: list[int], wilds: int, set_value: int) -> tuple[int, int]:
    """Return (best science points, sets) with wild symbols chosen to score the most."""
    if not wilds:  # (every city without a wild symbol: one way to count)
        sets = min(counts)
        return sum(n * n for n in counts) + set_value * sets, sets
    best = (-1, 0)
    for picks in product(range(3), repeat=wilds):
        c = list(counts)
        for p in picks:
            c[p] += 1
        sets = min(c)
        score = sum(n * n for n in c) + set_value * sets
        best = max(best, (score, sets))
    return best


def _guild_copies(st: State, i: int) -> list[Card | None]:
    """Return the guilds Olympia B's last stage may copy (None: copy nothing)."""
    city = st.cities[i]
    if "copy_guild" not in city.profile.flags:
        return [None]
    guilds = [c for n in st.neighbours(i) for c in n.structures if c.colour == "purple"]
    named = [c for c in guilds if c.name in city.science_picks]  # the log named the copied guild's symbol
    return named[:1] if named else [None] + guilds


def breakdown(st: State, i: int) -> dict[str, int]:
    """Return a city's score by line, best end-of-game choices made for it."""
    best: dict[str, int] | None = None
    for copy in _guild_copies(st, i):
        lines = _lines(st, i, copy)
        if best is None or lines["total"] > best["total"]:
            best = lines
    assert best is not None
    return best


def _lines(st: State, i: int, copy: Card | None) -> dict[str, int]:
    """Return the score lines with one choice of copied guild."""
    city = st.cities[i]
    prof = city.profile
    set_value = st.data.const("science_set", 7)
    bonus = prof.numbers.get("science_set_bonus", 0)
    wilds = prof.wild_science + (1 if copy is not None and ("science", ("any",)) in copy.effect else 0)
    counts = prof.science
    picked = 0
    if city.science_picks:  # wild symbols the log says were chosen
        sources = city.wild_sources() + ([copy.name] if copy is not None else [])
        picks = [symbol for source, symbol in city.science_picks.items() if source in sources]
        counts, picked = list(counts), len(picks)
        for symbol in picks:
            counts[symbol] += 1
    science, sets = science_points(counts, max(0, wilds - picked), set_value + bonus)
    civilian = commerce = guilds = 0
    scored = _SCORED
    for c in city.structures:  # (one pass for the three colours that score)
        colour = c.colour
        if colour == "blue" or colour == "yellow" or colour == "purple":
            points, counted = scored.get(c.effect) or _scored(c.effect)
            if counted:
                points = effect_points(st, i, c.effect)
            if colour == "blue":
                civilian += points
            elif colour == "yellow":
                commerce += points
            else:
                guilds += points
    lines = {
        "military": sum(city.tokens),
        "treasury": city.coins // 3,
        "wonder": sum(effect_points(st, i, e) for e in city.stage_effects()) if city.stages else 0,
        "civilian": civilian,
        "science": science - bonus * sets,
        "commerce": commerce,
        "guilds": guilds + (effect_points(st, i, copy.effect) if copy else 0),
        "leaders": _leader_points(st, i) + bonus * sets,
    }
    lines["total"] = sum(lines.values())
    return lines


def _leader_points(st: State, i: int) -> int:
    """Return the Leaders line: Leaders' own points and Alexander's military bonus."""
    city = st.cities[i]
    leaders = city.leaders + ([city.courtesan] if city.courtesan else [])
    points = sum(effect_points(st, i, l.effect) for l in leaders) if leaders else 0
    bonus = city.profile.numbers.get("victory_bonus", 0)
    return points + bonus * count_what(city, "victory") if bonus else points
