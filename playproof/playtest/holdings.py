"""What a referee can say about a player's possessions: what each one holds, and counters at their limits.

An engine says it through two optional hooks (`Engine.holdings`, `Engine.limits`). A declared game
says it through its sheets: the components in each player's own zones are what they hold, and a
counter with a `max` on the Counters sheet has that limit. Both are read here, never changed.
"""

from __future__ import annotations

import sys
from typing import Any, Mapping, NamedTuple, Sequence

from playproof.playtest.engine import Engine


def holdings_of(engine: Engine) -> dict[str, tuple[str, ...]] | None:
    """Return what each player holds now, by player (None when the engine cannot say)."""
    try:
        found = engine.holdings()
        if found is None and _declared(engine):
            found = _zone_holdings(engine)
    except Exception:  # an engine that cannot tell leaves reports with takers only
        return None
    return None if found is None else {player: tuple(items) for player, items in found.items()}


def held_by_seat(engine: Engine, players: Sequence[str]) -> dict[str, list[int]] | None:
    """Return component -> the seats (from 0) holding at least one copy of it now (None: the engine cannot say)."""
    found = holdings_of(engine)
    return None if found is None else seats_holding(found, players)


def seats_holding(holdings: Mapping[str, Sequence[str]], players: Sequence[str]) -> dict[str, list[int]]:
    """Return component -> the seats (from 0) holding at least one copy of it, from holdings by player."""
    held: dict[str, list[int]] = {}
    for seat, player in enumerate(players):
        for component in dict.fromkeys(holdings.get(player, ())):
            held.setdefault(component, []).append(seat)
    return held


class Limit(NamedTuple):
    """A counter with an upper limit: its value now, the limit, and the rule that keeps it there ("" if none)."""

    value: int
    limit: int
    rule: str = ""


def limits_of(engine: Engine) -> dict[str, Limit]:
    """Return the counters with an upper limit by name (empty when the engine names none)."""
    try:
        found = {name: Limit(value, limit) for name, (value, limit) in engine.limits().items()}
        if not found and _declared(engine):
            found = _counter_limits(engine)
    except Exception:  # an engine that cannot tell is probed without limits
        return {}
    return found


def _declared(engine: Engine) -> bool:
    """Return True for the referee of a declared game (its zones and counters come from its sheets)."""
    module = sys.modules.get("playproof.playtest.declared.engine")  # not loaded: no declared referee exists
    return module is not None and isinstance(engine, module.DeclaredEngine)


def _zone_holdings(engine: Any) -> dict[str, list[str]]:
    """Return the components in each player's own zones (hand, tableau, discards...) of a declared game."""
    held: dict[str, list[str]] = {player: [] for player in engine.players}
    for name, spec in engine.game.zones.items():
        if not spec.per_player:
            continue
        for owner, zone in engine.state.zones[name].items():
            held.setdefault(owner, []).extend(component.name for component, _ in zone.items)
    return held


def _counter_limits(engine: Any) -> dict[str, Limit]:
    """Return a declared game's counters that have a `max`, by `counter` or `Ann counter` (its rule: the counter's
    range, `counters-NAME`)."""
    from playproof.playtest.declared.sheets import name_key

    found: dict[str, Limit] = {}
    for name, spec in engine.game.counters.items():
        if spec.high is None or spec.internal:
            continue
        rule = f"{engine.game_id}/counters-{name_key(name)}"
        for owner, value in engine.state.counters[name].items():
            if isinstance(value, int) and not isinstance(value, bool):
                found[f"{owner} {name}".strip()] = Limit(value, spec.high, rule)
    return found
