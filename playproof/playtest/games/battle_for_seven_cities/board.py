"""The two boards (past and future share one hex geometry), their cities and their tokens.

A tile is named era letter, slot letter, cell number: `fA2` is cell 2 of the tile-group in
slot A of the future, `pA2` the past tile under it. Slots are lettered in the order the
tile-groups were laid (A-C at setup, D, E... by expeditions); cells follow the groups' `cells` column.
"""

from __future__ import annotations

import re
import sys
from copy import copy
from dataclasses import dataclass, field
from functools import lru_cache
from string import ascii_uppercase
from typing import Callable, TypeVar

from playproof.playtest.games.battle_for_seven_cities.data import GameData, TileType

DIRECTIONS: dict[str, tuple[int, int]] = {
    "e": (1, 0), "ne": (1, -1), "nw": (0, -1), "w": (-1, 0), "sw": (-1, 1), "se": (0, 1)}
"""Axial steps between pointy-top hexes, by compass direction."""
STEPS = tuple(DIRECTIONS.values())
LAND = ("soil", "forest", "mountain")
POSITION = re.compile(r"([pf])([a-z])(\d{1,2})", re.IGNORECASE)
K = TypeVar("K")
V = TypeVar("V")


@lru_cache(maxsize=1 << 12)
def parse_position(text: str) -> str | None:
    """Return a canonical tile name (`fA2`) for text like `FA2` or `fa2`, or None (remembered: logs repeat them)."""
    match = POSITION.fullmatch(text.strip())
    if match is None:
        return None
    era, slot, cell = match.groups()
    return f"{era.lower()}{slot.upper()}{int(cell)}"


LINKS_KEPT = 256
"""How many layouts' links, corners and chains are kept (the oldest go first): the starting board's are used by
every game, an expedition's rarely by another, so more would only hold memory (audit reads thousands of logs)."""
_LINKS: dict[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], dict[str, tuple[str, ...]]] = {}
"""The neighbours a laid tile-group gives its tiles and the tiles around, by the groups' shape and where
every group was laid: the same in every game with that board (the starting board's are shared by all games)."""


_SHAPES: dict[tuple[str, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], tuple[tuple[str, ...], ...]] = {}
"""Every corner (or chain) of 3 tiles, by kind, the groups' shape and where every group was laid."""


def keep(cache: dict[K, V], key: K, value: V, limit: int) -> V:
    """Remember a value in a bounded module cache, dropping its oldest entry when it is full; return the value."""
    if len(cache) >= limit:
        del cache[next(iter(cache))]
    cache[key] = value
    return value


def twin(pos: str) -> str:
    """Return the matching tile in the other era."""
    return ("f" if pos[0] == "p" else "p") + pos[1:]


@dataclass
class Board:
    """Tiles of both eras with their adjacency, cities, shields, railways and the wall."""

    data: GameData
    tiles: dict[str, TileType] = field(default_factory=dict)
    terrain: dict[str, str] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    hexes: dict[tuple[int, int], str] = field(default_factory=dict)  # axial -> slot+cell
    coordinates: dict[str, tuple[int, int]] = field(default_factory=dict)  # slot+cell -> axial
    groups: dict[str, tuple[str, int]] = field(default_factory=dict)  # slot -> (past id, future number)
    anchors: tuple[tuple[int, int], ...] = ()  # where the groups were laid, in slot order
    cities: dict[str, tuple[str, int]] = field(default_factory=dict)  # pos -> (owner, tokens)
    shields: dict[str, str] = field(default_factory=dict)  # pos -> player who placed it
    rails: list[tuple[str, ...]] = field(default_factory=list)
    walls: list[tuple[str, ...]] = field(default_factory=list)
    rail_tiles: frozenset[str] = frozenset()
    wall_tiles: frozenset[str] = frozenset()
    taken: frozenset[tuple[int, int]] | None = field(default=None, compare=False, repr=False)
    """The anchors where a new tile-group would overlap a laid hex (worked out when first needed after a group is laid)."""
    room: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)
    """Whether a new tile-group fits against a past tile, by tile (until the next group is laid)."""
    shapes: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict, compare=False, repr=False)
    """Every corner and every chain of 3 tiles (until the next group is laid)."""
    rows: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    """The tiles of each era in slot and cell order (until the next group is laid)."""
    walks: dict[str, tuple[list[tuple[str, int]], list[list[str] | None]]] = field(
        default_factory=dict, compare=False, repr=False)
    """The steps from a tile (`move` texts and costs), and the steps and time travel that 0, 1, 2... action
    points pay for, by tile (filled by the legal moves, until a token is laid or the tile gains a neighbour;
    a copy shares them while it holds them: they are the same for both)."""
    token_moves: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)
    """The Build Railway and Build Wall moves (the same for every player), by card code (filled by the
    legal moves, until a group or a token is laid)."""

    def copy(self) -> Board:
        """Return an independent copy (tiles, cities, tokens...); the workbook's data is shared."""
        twin = copy(self)
        for name, value in vars(self).items():
            if type(value) in (dict, list):
                setattr(twin, name, value.copy())  # values are immutable (tuples, strings, the data's tile types) or never changed in place
        return twin

    def next_slot(self) -> str:
        """Return the letter the next tile-group's slot gets."""
        return ascii_uppercase[len(self.groups)]

    def fits(self, anchor: tuple[int, int]) -> bool:
        """Return True when a tile-group anchored there overlaps no laid hex."""
        taken = self.taken
        if taken is None:  # the anchors at which a group would cover a laid hex with one of its cells
            taken = self.taken = frozenset((q - cq, r - cr) for q, r in self.hexes for cq, cr in self.data.cells)
        return anchor not in taken

    def lay(self, anchor: tuple[int, int], past_id: str, future_number: int) -> str:
        """Lay a past tile-group and its future twin at an anchor; return the new slot letter."""
        slot = self.next_slot()
        self.room, self.shapes, self.rows, self.token_moves, self.taken = {}, {}, {}, {}, None
        self.groups[slot] = (past_id, future_number)
        self.anchors += (anchor,)
        past = self.data.past_groups[past_id]
        future = self.data.future_groups[future_number - 1]
        laid = []
        for index, (q, r) in enumerate(self.data.cells):
            name = f"{slot}{index + 1}"
            laid.append((anchor[0] + q, anchor[1] + r))
            self.hexes[laid[-1]] = name
            self.coordinates[name] = laid[-1]
            for era, terrains in (("p", past), ("f", future)):
                self.terrain[era + name] = terrains[index]
                self.tiles[era + name] = self.data.tiles[("past" if era == "p" else "future", terrains[index])]
        key = (self.data.cells, self.anchors)
        links = _LINKS.get(key)
        if links is None:
            links = keep(_LINKS, key, self._links({(q + dq, r + dr) for q, r in laid for dq, dr in ((0, 0), *STEPS)}),
                         LINKS_KEPT)
        self.neighbours.update(links)
        for pos in links:
            self.walks.pop(pos, None)  # its steps change; the others' stay
        return slot

    def _links(self, around: set[tuple[int, int]]) -> dict[str, tuple[str, ...]]:
        """Return the neighbours (same era, adjacent hexes) of the tiles at some hexes."""
        hexes, links = self.hexes, {}
        for q, r in around & hexes.keys():
            near = [hexes[q + dq, r + dr] for dq, dr in STEPS if (q + dq, r + dr) in hexes]
            name = hexes[q, r]
            for era in "pf":
                links[sys.intern(era + name)] = tuple([sys.intern(era + n) for n in near])  # one string per name
        return links

    def coordinate(self, pos: str) -> tuple[int, int]:
        """Return the axial coordinate of a tile."""
        return self.coordinates[pos[1:]]

    def adjacent(self, a: str, b: str) -> bool:
        """Return True when two tiles touch within one era."""
        return b in self.neighbours.get(a, ())

    def owner(self, pos: str) -> str | None:
        """Return who owns the city (or metropolis) on a tile, if any."""
        city = self.cities.get(pos)
        return city[0] if city else None

    def protected(self, pos: str) -> bool:
        """Return True when a shield guards the tile's cities."""
        return pos in self.shields

    def corners(self, pos: str) -> list[tuple[str, ...]]:
        """Return the sets of 3 mutually adjacent tiles that include a tile (its corners)."""
        near = self.neighbours.get(pos, ())
        return [tuple(sorted((pos, a, b))) for i, a in enumerate(near) for b in near[i + 1:]
                if b in self.neighbours[a]]

    def all_corners(self) -> tuple[tuple[str, ...], ...]:
        """Return every set of 3 tiles meeting at one corner, in both eras (worked out once per board layout)."""
        found = self.shapes.get("corners")
        if found is None:
            found = self.shapes["corners"] = self._shared_shape(
                "corners", lambda: tuple(sorted({c for pos in self.tiles for c in self.corners(pos)})))
        return found

    def all_chains(self) -> tuple[tuple[str, ...], ...]:
        """Return every set of 3 tiles of one era forming a connected chain, corners included (once per layout)."""
        found = self.shapes.get("chains")
        if found is None:
            found = self.shapes["chains"] = self._shared_shape("chains", lambda: tuple(sorted(
                {tuple(sorted((pos, a, b))) for pos, near in self.neighbours.items()
                 for i, a in enumerate(near) for b in near[i + 1:]})))
        return found

    def _shared_shape(self, kind: str, make: Callable[[], tuple[tuple[str, ...], ...]]) -> tuple[tuple[str, ...], ...]:
        """Return the corners or chains of this layout: the same for every board laid the same way."""
        key = (kind, self.data.cells, self.anchors)
        found = _SHAPES.get(key)
        if found is None:
            found = keep(_SHAPES, key, make(), LINKS_KEPT)
        return found

    def connected(self, trio: tuple[str, ...]) -> bool:
        """Return True when 3 tiles of one era form a connected chain."""
        a, b, c = trio
        links = self.adjacent(a, b) + self.adjacent(b, c) + self.adjacent(a, c)
        return a[0] == b[0] == c[0] and links >= 2

    def set_tokens(self, kind: str, tokens: list[tuple[str, ...]]) -> None:
        """Store the railways or the wall and refresh the tiles they cover."""
        covered = frozenset(t for token in tokens for t in token)
        self.walks, self.token_moves = {}, {}
        if kind == "rail":
            self.rails, self.rail_tiles = tokens, covered
        else:
            self.walls, self.wall_tiles = tokens, covered

    def travel_cost(self, pos: str) -> int:
        """Return the action points to move onto a tile (free on a railway)."""
        return 0 if pos in self.rail_tiles else self.tiles[pos].travel

    def cities_around(self, pos: str) -> int:
        """Return how many city tokens stand on the tiles around a tile."""
        cities, total = self.cities, 0
        for near in self.neighbours.get(pos, ()):  # (a loop: a generator costs more, asked before every turn)
            city = cities.get(near)
            if city is not None:
                total += city[1]
        return total

    def count(self, player: str, era: str | None = "f", *, water: bool = False) -> int:
        """Return a player's city tokens (in one era, optionally only on water tiles)."""
        return sum(n for pos, (who, n) in self.cities.items()
                   if who == player and (era is None or pos[0] == era)
                   and (not water or self.tiles[pos].water))

    def most(self, players: tuple[str, ...], era: str = "f") -> int:
        """Return the most city tokens any of the players has in one era (the largest of their `count`s)."""
        return max(self.tokens(players, era).values())

    def tokens(self, players: tuple[str, ...], era: str | None = "f") -> dict[str, int]:
        """Return each player's city tokens in one era (None: both), in the players' order: their `count`s."""
        tokens = dict.fromkeys(players, 0)
        if era is None:
            for who, n in self.cities.values():
                if who in tokens:
                    tokens[who] += n
            return tokens
        for pos, (who, n) in self.cities.items():
            if pos[0] == era and who in tokens:
                tokens[who] += n
        return tokens

    def ordered(self, era: str) -> tuple[str, ...]:
        """Return the tiles of one era in slot and cell order (worked out once per board layout)."""
        found = self.rows.get(era)
        if found is None:
            found = self.rows[era] = tuple(sorted((p for p in self.tiles if p[0] == era),
                                                  key=lambda p: (p[1], int(p[2:]))))
        return found
