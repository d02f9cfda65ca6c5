"""The table of a declared game: zones holding components, counters, and the evaluation context."""

from __future__ import annotations

from typing import Any

from playproof.errors import PlayproofError
from playproof.playtest.declared.model import Comp, Game

Entry = tuple[Comp, str]
"""A component in a zone and the player who put it there ('' for the setup or the table)."""


class ZoneState:
    """The components in one zone; `unknown` arrived hidden (`?`), `pending` left hidden (which is not known)."""

    __slots__ = ("items", "unknown", "pending")

    def __init__(self) -> None:
        self.items: list[Entry] = []
        self.unknown = 0
        self.pending = 0

    @property
    def size(self) -> int:
        """Return how many components the zone holds."""
        return len(self.items) + self.unknown - self.pending

    @property
    def uncertain(self) -> bool:
        """True when hidden moves leave what the zone holds partly unknown."""
        return bool(self.unknown or self.pending)

    def index(self, key: str) -> int:
        """Return the position of a component design in the zone, or -1."""
        for position, (comp, _) in enumerate(self.items):
            if comp.key == key:
                return position
        return -1


class State:
    """Zones (name -> owner -> ZoneState; owner '' when shared) and counters (name -> owner -> value)."""

    def __init__(self, game: Game, players: tuple[str, ...]) -> None:
        self.game = game
        self.players = players
        self.zones: dict[str, dict[str, ZoneState]] = {
            name: {owner: ZoneState() for owner in (players if spec.per_player else ("",))}
            for name, spec in game.zones.items()}
        self.counters: dict[str, dict[str, int]] = {
            name: {owner: spec.start for owner in (players if spec.per_player else ("",))}
            for name, spec in game.counters.items()}
        self._place_setup()

    def zone(self, name: str, player: str) -> ZoneState:
        """Return a zone: the player's own when each player has one."""
        owners = self.zones[name]
        return owners[player] if player in owners else owners[""]

    def counter_owner(self, name: str, player: str) -> str:
        """Return whose value of a counter a player's move changes ('' when shared)."""
        return player if self.game.counters[name].per_player else ""

    def _place_setup(self) -> None:
        """Put the printed copies where the Setup sheet says (in row order; `each` copies per player)."""
        left = {key: comp.count for key, comp in self.game.comps.items()}
        probe = Ctx(self, self.players[0] if self.players else "")
        for row in self.game.setup:
            for comp in (c for c in self.game.comps.values() if c.set == row.set):
                probe.card = comp
                if row.where is not None and not _holds(row.where, probe):
                    continue
                owners = self.players if row.each is not None else ("",)
                wanted = row.each if row.each is not None else left[comp.key]
                if wanted * len(owners) > left[comp.key]:
                    raise PlayproofError(f"{row.origin}: {len(owners)} x {wanted} copies of {comp.name} are needed, "
                                         f"but only {left[comp.key]} are printed and not placed yet")
                for owner in owners:
                    self.zones[row.zone][owner].items.extend([(comp, "")] * wanted)
                left[comp.key] -= wanted * len(owners)


def _holds(fn: Any, ctx: "Ctx") -> bool:
    """Evaluate a condition (a hidden value counts as not holding)."""
    try:
        return bool(fn(ctx))
    except Exception:  # a hidden component: the setup only sees printed components
        return False


class Ctx:
    """What an expression reads while it is evaluated: the table, a player, the move's component, the item."""

    __slots__ = ("state", "player", "card", "item", "uncertain", "engine")

    def __init__(self, state: State, player: str, card: Comp | None = None, engine: Any = None) -> None:
        self.state, self.player, self.card, self.engine = state, player, card, engine
        self.item: Comp | None = None
        self.uncertain = False

    def zone_items(self, name: str) -> list[Entry]:
        """Return a zone's known components, noting when hidden moves leave it uncertain."""
        zone = self.state.zone(name, self.player)
        if zone.unknown or zone.pending:
            self.uncertain = True
        return zone.items

    def zone_size(self, name: str) -> int:
        """Return how many components a zone holds."""
        return self.state.zone(name, self.player).size

    def variable(self, name: str) -> Any:
        """Return a built-in variable: player, current, players, seat, round, turn, actions."""
        if name == "player":
            return self.player
        if name == "players":
            return len(self.state.players)
        if name == "seat":
            return self.state.players.index(self.player) + 1 if self.player in self.state.players else 0
        engine = self.engine
        if engine is None:
            return "" if name == "current" else 0
        if name == "current":
            return engine.turn_player
        return {"round": engine.round_number, "turn": engine.turns + 1, "actions": engine.actions}[name]
