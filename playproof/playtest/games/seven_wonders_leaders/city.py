"""A city's holdings and the profile derived from them (production, prices, powers)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TypeVar

from playproof.playtest.games.seven_wonders_leaders.data import (
    ANY_MASK, COLOURS, RAW_MASK, RES_INDEX, SCIENCE, Board, Card, Effect, Leader,
)
from playproof.playtest.games.seven_wonders_leaders.resources import Supply

T = TypeVar("T")
_CONTAINERS = (list, dict, set, Counter)


def copy_fields(obj: T) -> T:
    """Return a shallow copy of a plain object whose list, dict, set and Counter fields are copied too."""
    twin = object.__new__(type(obj))  # what copy.copy does for a dataclass, without its __reduce_ex__ round trip
    fields = twin.__dict__
    for name, value in obj.__dict__.items():
        fields[name] = value.copy() if type(value) in _CONTAINERS else value
    return twin


SALEABLE = ("brown", "grey")
RAW_COUNT = bin(RAW_MASK).count("1")  # wood, stone, clay, ore come first in RESOURCES


@dataclass
class Hand:
    """Cards in a hand by name; `?` for cards dealt unseen, hidden_out for unseen plays."""

    cards: list[str] = field(default_factory=list)
    hidden_out: int = 0

    def size(self) -> int:
        """Return how many cards the hand holds."""
        return len(self.cards) - self.hidden_out

    def holds(self, name: str) -> bool | None:
        """Return True/False whether the hand holds a card, None when hidden cards leave it open."""
        if name in self.cards:
            return True
        return None if "?" in self.cards or self.hidden_out else False

    def take(self, name: str) -> None:
        """Remove a card (a named one, else an unseen one)."""
        if name in self.cards:
            self.cards.remove(name)
        elif "?" in self.cards:
            self.cards.remove("?")
        else:
            self.hidden_out += 1

    def distinct(self) -> list[str]:
        """Return the distinct known card names, in hand order."""
        if "?" not in self.cards:
            return list(dict.fromkeys(self.cards))
        return list(dict.fromkeys(c for c in self.cards if c != "?"))


@dataclass
class Profile:
    """What a city's holdings give it now."""

    own: Supply
    sale: Supply
    shields: int = 0
    science: list[int] = field(default_factory=lambda: [0, 0, 0])
    wild_science: int = 0
    raw_left: bool = False
    raw_right: bool = False
    goods_left: bool = False
    goods_right: bool = False
    free_colours: set[str] = field(default_factory=set)
    flags: set[str] = field(default_factory=set)
    numbers: dict[str, int] = field(default_factory=dict)

    def number(self, key: str) -> int:
        """Return a summed numeric power (0 when absent)."""
        return self.numbers.get(key, 0)

    reduce_list: list[str] = field(default_factory=list)
    price_cache: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    market_cache: tuple[Any, ...] | None = None
    purchase_cache: list[Any] | None = None
    """What is known of purchases (pricing.Pricer): valid while the market and the city's own supply are the same."""
    version: int = 0

    def extra_masks(self, colour: str) -> tuple[int, ...]:
        """Return the wildcards one-resource-less Leaders give for this colour (or `stage`)."""
        return (ANY_MASK,) * sum(1 for r in self.reduce_list if r == colour)


@dataclass(eq=False)
class City:
    """One city: a player's, or the Free City of the 2-player game."""

    name: str
    free_city: bool = False
    board: Board | None = None
    stages: int = 0
    coins: int = 0
    structures: list[Card] = field(default_factory=list)
    leaders: list[Leader] = field(default_factory=list)
    courtesan: Leader | None = None
    leader_hand: Hand = field(default_factory=Hand)
    hand: Hand = field(default_factory=Hand)
    tokens: list[int] = field(default_factory=list)
    olympia_age: int = 0
    science_picks: dict[str, int] = field(default_factory=dict)
    """Wild science symbols chosen at the end, by source (a card's name, or `wonder`)."""
    stage_order: list[int] | None = None
    """The stages built, by index in build order, once one was built out of order (else the first `stages`)."""
    _profile: Profile | None = None
    _names: frozenset[str] = frozenset()
    _named: int = 0
    """How many structures `_names` holds the names of (structures are only ever added)."""

    def copy(self) -> City:
        """Return an independent copy for search (cards, Leaders and the board are the workbook's, shared)."""
        twin = copy_fields(self)
        twin.hand, twin.leader_hand = copy_fields(self.hand), copy_fields(self.leader_hand)
        if self._profile is not None:
            twin._profile = copy_fields(self._profile)
            # the caches point at the neighbours' profiles and markets: the copy works its own out again
            twin._profile.market_cache = twin._profile.purchase_cache = None
        return twin

    def owns(self, name: str) -> bool:
        """Return True when the city has a structure of this name."""
        return name in self.owned()

    def owned(self) -> frozenset[str]:
        """Return the names of the city's structures (worked out again only after one was added)."""
        if self._named != len(self.structures):  # only the structures added since are named anew
            self._names = self._names.union([c.name for c in self.structures[self._named:]])
            self._named = len(self.structures)
        return self._names

    def built_stages(self) -> list[int]:
        """Return the indices of the Wonder stages built, in the order they were built."""
        return list(range(self.stages)) if self.stage_order is None else list(self.stage_order)

    def next_stage(self) -> int | None:
        """Return the index of the first stage not built yet, or None when every stage is built."""
        if self.stage_order is None:  # built in order: the next is the first not built
            return self.stages if self.board is not None and self.stages < len(self.board.stages) else None
        built = self.built_stages()
        count = len(self.board.stages) if self.board is not None else 0
        return next((k for k in range(count) if k not in built), None)

    def stage_effects(self) -> list[Effect]:
        """Return the effects of the stages built."""
        return [self.board.stages[k][1] for k in self.built_stages()] if self.board is not None else []

    def build_stage(self, k: int) -> None:
        """Build the stage of index k (the next one, or another as the log says) and fold in its effect."""
        assert self.board is not None
        order = self.built_stages() + [k]
        self.stages = len(order)
        self.stage_order = None if order == list(range(len(order))) else order
        self.add("stage", self.board.stages[k][1])

    def wild_sources(self) -> list[str]:
        """Return the city's own wild science sources: cards by name, and `wonder` for a built stage."""
        found = [c.name for c in self.structures if ("science", ("any",)) in c.effect]
        return found + (["wonder"] if any(("science", ("any",)) in e for e in self.stage_effects()) else [])

    def colour_count(self, colour: str) -> int:
        """Return how many structures of a colour the city has."""
        return sum(1 for c in self.structures if c.colour == colour)

    def changed(self) -> None:
        """Forget the derived profile after the holdings changed in any way."""
        self._profile = None

    def add(self, source: str, effect: Effect) -> None:
        """Fold one new effect (already added to the holdings) into the profile."""
        if self._profile is not None:
            self._profile = add_effect(self._profile, source, effect)

    @property
    def profile(self) -> Profile:
        """Return the derived profile, computed once per change of holdings."""
        if self._profile is None:
            self._profile = build_profile(self)
        return self._profile

    def effects(self) -> list[tuple[str, Effect]]:
        """Return every effect in play with its source kind: board, stage, colour, leader."""
        found: list[tuple[str, Effect]] = []
        if self.board is not None:
            found.append(("board", self.board.power))
            found.extend(("stage", e) for e in self.stage_effects())
        found.extend((c.colour, c.effect) for c in self.structures)
        found.extend(("leader", l.effect) for l in self.leaders)
        if self.courtesan is not None:
            found.append(("leader", self.courtesan.effect))
        return found


def _mask(options: str) -> int:
    """Return the bit mask of `wood/stone`-style options."""
    mask = 0
    for name in options.split("/"):
        mask |= 1 << RES_INDEX[name]
    return mask


def build_profile(city: City) -> Profile:
    """Derive production, prices and powers from a city's holdings."""
    prof = Profile(Supply(), Supply())
    for source, effect in city.effects():
        _fold(prof, source, effect)
    return prof


def add_effect(prof: Profile, source: str, effect: Effect) -> Profile:
    """Fold one more effect into a profile in place (its version tells caches it changed)."""
    _fold(prof, source, effect)
    prof.version += 1
    return prof


def _fold(prof: Profile, source: str, effect: Effect) -> None:
    """Add one effect's production and powers to a profile."""
    for kind, args in effect:
        if kind == "produce" or kind == "private":
            saleable = kind == "produce" and (source in SALEABLE or source == "board")
            prof.own = _produce(prof.own, args)
            prof.sale = _produce(prof.sale, args) if saleable else prof.sale
        else:
            _power(prof, kind, args)


def _produce(supply: Supply, args: tuple[str, ...]) -> Supply:
    """Return a supply with one production effect added."""
    count = int(args[1]) if len(args) > 1 else 1
    if "/" in args[0]:
        return Supply(supply.fixed, supply.masks + (_mask(args[0]),) * count)
    fixed = list(supply.fixed)
    fixed[RES_INDEX[args[0]]] += count
    return Supply(tuple(fixed), supply.masks)


def _power(prof: Profile, kind: str, args: tuple[str, ...]) -> None:
    """Record a non-production effect in the profile."""
    if kind == "shields":
        prof.shields += int(args[0])
    elif kind == "science":
        if args[0] == "any":
            prof.wild_science += 1
        else:
            prof.science[SCIENCE.index(args[0])] += 1
    elif kind == "trade":
        _trade(prof, args[0], args[1])
        prof.price_cache = None  # new prices, so a new market (checks.market); else the market is kept
    elif kind == "reduce":
        prof.reduce_list.append(args[0])
    elif kind == "free_color":
        prof.free_colours.add(args[0])
    elif kind in ("leader_discount", "neighbour_leader_discount", "trade_rebate", "coins_per_victory",
                  "coins_per_chain", "victory_bonus", "science_set_bonus"):
        prof.numbers[kind] = prof.number(kind) + int(args[0])
    elif kind == "bank_buy":
        prof.numbers["bank_buy"] = min(prof.numbers.get("bank_buy", 99), int(args[0]))
    elif kind == "coins_per_build":
        prof.numbers[f"build:{args[0]}"] = prof.number(f"build:{args[0]}") + int(args[1])
    else:
        prof.flags.add(kind)


def _trade(prof: Profile, what: str, side: str) -> None:
    """Record a trading discount for raw materials or goods on one or both sides."""
    for s in ("left", "right") if side == "both" else (side,):
        setattr(prof, f"{what}_{s}", True)


def prices(prof: Profile, base: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the price per unit of each resource bought left and right (computed once)."""
    if prof.price_cache is None:
        prof.price_cache = _prices(prof, base)
    return prof.price_cache


def _prices(prof: Profile, base: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Work out the prices of a profile: raw materials are the first four resources, goods the last three."""
    def side(raw: bool, goods: bool) -> tuple[int, ...]:
        """Return one neighbour's prices."""
        return (1 if raw else base,) * RAW_COUNT + (1 if goods else base,) * (7 - RAW_COUNT)

    return side(prof.raw_left, prof.goods_left), side(prof.raw_right, prof.goods_right)


def count_what(city: City, what: str) -> int:
    """Return the count a `vp_per`/`coins_per` item refers to in one city."""
    if what == "stage":
        return city.stages
    if what == "defeat":
        return sum(1 for t in city.tokens if t < 0)
    if what == "victory":
        return sum(1 for t in city.tokens if t > 0)
    if what == "leader":
        return len(city.leaders)
    if what == "coins3":
        return city.coins // 3
    return sum(city.colour_count(c) for c in what.split("+") if c in COLOURS)
