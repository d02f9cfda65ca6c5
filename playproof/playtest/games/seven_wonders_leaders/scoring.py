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
    points = 0
    city = st.cities[i]
    for kind, args in effect:
        if kind == "vp":
            points += int(args[0])
        elif kind == "vp_per":
            points += int(args[2]) * sum(count_what(c, args[0]) for c in cities_in(st, i, args[1]))
        elif kind == "vp_per_set":
            points += int(args[1]) * min(city.colour_count(c) for c in args[0].split("+"))
    return points


def science_points(counts: list[int], wilds: int, set_value: int) -> tuple[int, int]:
    """Return (best science points, sets) with wild symbols chosen to score the most."""
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
    bonus = prof.number("science_set_bonus")
    wilds = prof.wild_science + (1 if copy is not None and ("science", ("any",)) in copy.effect else 0)
    counts = list(prof.science)
    sources = city.wild_sources() + ([copy.name] if copy is not None else [])
    picks = [symbol for source, symbol in city.science_picks.items() if source in sources]
    for symbol in picks:  # wild symbols the log says were chosen
        counts[symbol] += 1
    science, sets = science_points(counts, max(0, wilds - len(picks)), set_value + bonus)
    by_colour = {"blue": 0, "yellow": 0, "purple": 0}
    for c in city.structures:  # (one pass for the three colours that score)
        if c.colour in by_colour:
            by_colour[c.colour] += effect_points(st, i, c.effect)
    lines = {
        "military": sum(city.tokens),
        "treasury": city.coins // 3,
        "wonder": sum(effect_points(st, i, e) for e in city.stage_effects()),
        "civilian": by_colour["blue"],
        "science": science - bonus * sets,
        "commerce": by_colour["yellow"],
        "guilds": by_colour["purple"] + (effect_points(st, i, copy.effect) if copy else 0),
        "leaders": _leader_points(st, i) + bonus * sets,
    }
    lines["total"] = sum(lines.values())
    return lines


def _leader_points(st: State, i: int) -> int:
    """Return the Leaders line: Leaders' own points and Alexander's military bonus."""
    city = st.cities[i]
    leaders = city.leaders + ([city.courtesan] if city.courtesan else [])
    victories = count_what(city, "victory")
    return sum(effect_points(st, i, l.effect) for l in leaders) + city.profile.number("victory_bonus") * victories
