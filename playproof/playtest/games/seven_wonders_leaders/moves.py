"""The move vocabulary: parse `verb args` texts into moves, and write moves back as text."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from playproof.playtest.games.seven_wonders_leaders.data import RES_INDEX, RESOURCES, SCIENCE
from playproof.playtest.games.seven_wonders_leaders.resources import Plan

ALIASES = {"cloth": "loom", "textile": "loom", "paper": "papyrus", "brick": "clay", "bricks": "clay"}
PLAYER_VERBS = ("draft", "recruit", "build", "stage", "discard", "salvage", "courtesan", "freecity", "science")
TABLE_VERBS = ("wonder", "leaders", "deal", "draw", "pass", "coins", "score", "tokens", "winner")
SYMBOL_ALIASES = {"cog": "gear", "wheel": "gear", "compasses": "compass", "tablets": "tablet"}


class MoveError(ValueError):
    """A move text that cannot be read."""


@dataclass(frozen=True)
class Move:
    """A parsed move: what is played, and how it is paid."""

    verb: str
    name: str = ""
    left: tuple[int, ...] = ()
    right: tuple[int, ...] = ()
    bank: tuple[int, ...] = ()
    free: bool = False
    city: str = ""
    for_free_city: bool = False
    coins: int | None = None
    """Coins the table says were paid to the bank (`; pay N`), when written."""
    stage_no: int | None = None
    """The Wonder stage the table says was built (`; stage N`), when written."""

    @property
    def plain(self) -> bool:
        """Return True when nothing is written after the card: no purchase, free build or coins."""
        return not (self.left or self.right or self.bank or self.free) and self.coins is None and self.stage_no is None

    @property
    def hidden(self) -> bool:
        """Return True when the card or Leader played is not revealed."""
        return self.name == "?"


def split_city(args: str, cities: list[str]) -> tuple[str, str]:
    """Split `Ann rest` into a city name (longest known match, any case) and the rest."""
    head, _, rest = args.partition(" ")
    if head in cities and not _spaced(tuple(cities)):
        return head, rest.strip()
    low = args.lower()
    for name in sorted(cities, key=len, reverse=True):
        if low == name.lower() or low.startswith(name.lower() + " "):
            return name, args[len(name):].strip()
    raise MoveError(f'"{args}" does not start with a city name ({", ".join(cities)})')


@lru_cache(maxsize=64)
def _spaced(cities: tuple[str, ...]) -> bool:
    """Return True when some city name has a space (prefix matching is then needed)."""
    return any(" " in c for c in cities)


def parse_resources(text: str) -> tuple[int, ...]:
    """Parse `wood wood`, `2 wood, glass` into resource indices."""
    units: list[int] = []
    repeat = 1
    for token in text.replace(",", " ").split():
        word = token.lower()
        if word.isdigit():
            repeat = int(word)
            continue
        word = ALIASES.get(word, word)
        if word not in RES_INDEX:
            raise MoveError(f'unknown resource "{token}" (resources: {", ".join(RESOURCES)})')
        units.extend([RES_INDEX[word]] * repeat)
        repeat = 1
    return tuple(units)


def parse_play(verb: str, args: str) -> Move:
    """Parse `build Temple; left glass; right wood; bank clay; free` style moves."""
    if ";" not in args and args.strip():
        return Move(verb, args.strip())
    head, *clauses = [p.strip() for p in args.split(";")]
    if not head:
        raise MoveError(f"{verb} needs a card name")
    paid: dict[str, tuple[int, ...]] = {"left": (), "right": (), "bank": ()}
    free = False
    coins = None
    stage_no = None
    for clause in clauses:
        word, _, rest = clause.partition(" ")
        word = word.lower()
        if word == "free" and not rest:
            free = True
        elif word in paid:
            paid[word] += parse_resources(rest)
        elif word == "pay" and rest.strip().isdigit():
            coins = int(rest)
        elif word == "stage" and verb == "stage" and rest.strip().isdigit() and int(rest) > 0:
            stage_no = int(rest)
        else:
            raise MoveError(f'unknown clause "{clause}" (clauses: left, right, bank, free, pay N, stage N)')
    return Move(verb, head, paid["left"], paid["right"], paid["bank"], free, coins=coins, stage_no=stage_no)


def parse_move(verb: str, args: str, cities: list[str]) -> Move:
    """Parse any player move text; raise MoveError with the reason when unreadable."""
    if verb == "freecity":
        inner, _, rest = args.strip().partition(" ")
        if inner.lower() not in ("build", "stage", "discard"):
            raise MoveError("freecity is followed by build, stage or discard")
        move = parse_play(inner.lower(), rest)
        return replace(move, for_free_city=True)
    if verb in ("build", "stage", "discard"):
        return parse_play(verb, args)
    if verb == "courtesan":
        city, name = split_city(args.strip(), cities)
        return Move(verb, name, city=city)
    if verb == "recruit" and ";" in args:
        return parse_play(verb, args)  # `recruit Nero; pay 3`
    if verb in ("draft", "recruit", "salvage"):
        if not args.strip():
            raise MoveError(f"{verb} needs a name")
        return Move(verb, args.strip())
    raise MoveError(f'unknown verb "{verb}" (verbs: {", ".join(PLAYER_VERBS)})')


def parse_science(args: str) -> tuple[str, int]:
    """Parse `Scientists Guild gear` (a wild source, then the symbol chosen) into (source, symbol index)."""
    source, _, word = args.strip().rpartition(" ")
    symbol = SYMBOL_ALIASES.get(word.lower(), word.lower())
    if not source or symbol not in SCIENCE:
        raise MoveError(f'science needs a source and a symbol ({", ".join(SCIENCE)}), got "{args.strip()}"')
    return source.strip(), SCIENCE.index(symbol)


def parse_tokens(text: str) -> list[int]:
    """Parse `1 3 -1` (or `none`) into conflict token values."""
    words = text.replace(",", " ").split()
    if words == ["none"]:
        return []
    if not words or not all(w.lstrip("+-").isdigit() for w in words):
        raise MoveError(f'tokens needs token values such as "1 3 -1" (or "none"), got "{text}"')
    return [int(w) for w in words]


def plan_clauses(plan: Plan) -> str:
    """Write a purchase plan as log clauses: `; left glass; right wood wood; bank clay`."""
    text = ""
    for side, units in (("left", plan.left), ("right", plan.right)):
        if units:
            text += f"; {side} " + " ".join(RESOURCES[r] for r in sorted(units))
    if plan.bank is not None:
        text += f"; bank {RESOURCES[plan.bank]}"
    return text
