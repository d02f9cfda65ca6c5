"""The typable move vocabulary of Who Will Reign?, parsed from `verb args` into typed moves.

Sisters:  harvest | tax | sweep | end | banner PATH | pay N [food|gold]
          acquire CARD [on BOARD] [to SISTER] [replacing CARD] [expel GUEST]
Table:    lay BOARD x9 | reveal CARD | reshuffle
          market CARD... | stock SISTER food N gold N | score SISTER N | winner SISTER[, SISTER]
Names of cards and boards are written with hyphens for spaces, in any letter case.
"""

from __future__ import annotations

from dataclasses import dataclass

from playproof.playtest.games.who_will_reign.catalogue import Catalogue, card_key
from playproof.playtest.games.who_will_reign.grammar import RESOURCES
from playproof.playtest.games.who_will_reign.state import UNKNOWN

SISTER_VERBS = ("harvest", "tax", "acquire", "sweep", "banner", "pay", "end")
TABLE_VERBS = ("lay", "reveal", "reshuffle", "market", "stock", "score", "winner")
ACQUIRE_KEYWORDS = ("on", "to", "replacing", "expel")


class MoveError(ValueError):
    """A move that is not in the game's vocabulary."""


@dataclass(frozen=True)
class Move:
    """One parsed move; fields unused by its verb stay empty."""

    verb: str
    card: str = ""
    board: str = ""
    to: str = ""
    replacing: str = ""
    expel: str = ""
    amount: int = 0
    resource: str = ""
    names: tuple[str, ...] = ()
    stores: tuple[tuple[str, int], ...] = ()


def _whole(word: str, verb: str) -> int:
    """Return a non-negative whole number from a move argument."""
    if not word.isdigit():
        raise MoveError(f'{verb}: "{word}" is not a whole number')
    return int(word)


def _known_card(word: str, catalogue: Catalogue) -> str:
    """Return the key of a card named in a move, or raise naming the unknown card."""
    key = card_key(word)
    if key != UNKNOWN and key not in catalogue.cards:
        raise MoveError(f'unknown card "{word}" (write names with hyphens, e.g. Pure-White-Stag)')
    return key


def _acquire(words: list[str], catalogue: Catalogue) -> Move:
    """Parse `acquire CARD [on BOARD] [to SISTER] [replacing CARD] [expel GUEST]`."""
    if not words:
        raise MoveError("acquire: name the card acquired")
    options: dict[str, str] = {}
    rest = words[1:]
    for word, value in zip(rest[::2], rest[1::2] + [""]):
        keyword = word.lower()
        if keyword not in ACQUIRE_KEYWORDS or keyword in options:
            raise MoveError(f'acquire: unexpected "{word}" (expected {", ".join(ACQUIRE_KEYWORDS)}, each at most once;'
                            ' write names with hyphens, e.g. Pure-White-Stag)')
        if not value:
            raise MoveError(f'acquire: "{word}" needs a name after it')
        options[keyword] = value
    board = card_key(options.get("on", ""))
    if board and board not in catalogue.boards:
        raise MoveError(f'acquire: unknown land board "{options["on"]}"')
    return Move("acquire", card=_known_card(words[0], catalogue), board=board, to=options.get("to", ""),
                replacing=_known_card(options["replacing"], catalogue) if "replacing" in options else "",
                expel=_known_card(options["expel"], catalogue) if "expel" in options else "")


def _pay(words: list[str]) -> Move:
    """Parse `pay N [food|gold]`."""
    if not 1 <= len(words) <= 2:
        raise MoveError("pay: write pay N food or pay N gold")
    resource = words[1].lower() if len(words) == 2 else ""
    if resource and resource not in RESOURCES:
        raise MoveError(f'pay: "{words[1]}" is not food or gold')
    return Move("pay", amount=_whole(words[0], "pay"), resource=resource)


def _banner(words: list[str], catalogue: Catalogue) -> Move:
    """Parse `banner PATH` (or the banner's full name)."""
    wanted = card_key(" ".join(words))
    for key, banner in catalogue.banners.items():
        if wanted in (key, card_key(banner.name)):
            return Move("banner", card=key)
    raise MoveError(f'banner: unknown banner "{" ".join(words)}" (expected one of: {", ".join(catalogue.banners)})')


def _stock(words: list[str]) -> Move:
    """Parse `stock SISTER food N gold N` (either or both resources)."""
    if len(words) not in (3, 5) or any(w.lower() not in RESOURCES for w in words[1::2]):
        raise MoveError("stock: write stock SISTER food N gold N")
    stores = tuple((r.lower(), _whole(n, "stock")) for r, n in zip(words[1::2], words[2::2]))
    return Move("stock", to=words[0], stores=stores)


def _table(verb: str, words: list[str], catalogue: Catalogue) -> Move:
    """Parse a table event."""
    if verb == "lay":
        return Move("lay", names=tuple(card_key(w) for w in words))
    if verb == "reveal":
        if len(words) != 1:
            raise MoveError("reveal: name the one card drawn (or ?)")
        return Move("reveal", card=_known_card(words[0], catalogue))
    if verb == "reshuffle":
        return Move("reshuffle")
    if verb == "market":
        return Move("market", names=tuple(_known_card(w, catalogue) for w in words))
    if verb == "stock":
        return _stock(words)
    if verb == "score":
        if len(words) != 2:
            raise MoveError("score: write score SISTER N")
        return Move("score", to=words[0], amount=_whole(words[1], "score") if words[1][:1] != "-"
                    else -_whole(words[1][1:], "score"))
    names = tuple(n.strip() for n in " ".join(words).split(",") if n.strip())
    if not names:
        raise MoveError("winner: name the winning sister(s)")
    return Move("winner", names=names)


def parse_move(verb: str, args: str, by_table: bool, catalogue: Catalogue) -> Move:
    """Parse a move of a sister or of the table (cached per catalogue), raising MoveError when not understood."""
    key = (by_table, verb, args)
    move = catalogue.parsed.get(key)
    if move is None:
        move = catalogue.parsed[key] = _parse(verb, args, by_table, catalogue)
    return move


def _parse(verb: str, args: str, by_table: bool, catalogue: Catalogue) -> Move:
    """Parse a move of a sister or of the table, raising MoveError when it is not understood."""
    words = args.split()
    allowed = TABLE_VERBS if by_table else SISTER_VERBS
    if verb not in allowed:
        who = "the table" if by_table else "a sister"
        raise MoveError(f'unknown verb "{verb}" for {who} (expected one of: {", ".join(allowed)})')
    if by_table:
        return _table(verb, words, catalogue)
    if verb == "acquire":
        return _acquire(words, catalogue)
    if verb == "pay":
        return _pay(words)
    if verb == "banner":
        return _banner(words, catalogue)
    if words:
        raise MoveError(f'{verb} takes no arguments (got "{args.strip()}")')
    return Move(verb)
