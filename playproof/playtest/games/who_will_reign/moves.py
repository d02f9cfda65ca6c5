"""The typable move vocabulary of Who Will Reign?, parsed from `verb args` into typed moves.

Sisters:  harvest [taking N food] | tax [paying N food] [taking N gold] | sweep [paying N gold]
          end | banner PATH [paying N gold|food] | pay N [food|gold] | discard CARD
          acquire CARD [on BOARD] [to SISTER] [replacing CARD] [expel GUEST] [from market|deck|discard]
                       [paying N gold [N food]]
Table:    lay BOARD x9 | reveal CARD | reshuffle | discard CARD | box MOON
          market CARD... | discards CARD...|none | stock SISTER food N gold N | score SISTER N
          winner SISTER[, SISTER]
Names of cards and boards are written with hyphens for spaces, in any letter case. The optional
`paying` / `taking` clauses record what really changed hands; left out, the rules' amounts are meant.
"""

from __future__ import annotations

from dataclasses import dataclass

from playproof.playtest.games.who_will_reign.catalogue import Catalogue, card_key
from playproof.playtest.games.who_will_reign.grammar import RESOURCES
from playproof.playtest.games.who_will_reign.state import UNKNOWN

SISTER_VERBS = ("harvest", "tax", "acquire", "sweep", "banner", "pay", "end", "discard")
TABLE_VERBS = ("lay", "reveal", "reshuffle", "discard", "box", "market", "discards", "stock", "score", "winner")
ACQUIRE_KEYWORDS = ("on", "to", "replacing", "expel", "from", "paying")
AMOUNT_KEYWORDS = ("paying", "taking")
SOURCES = ("market", "deck", "discard")
CLAUSES = {"harvest": ("taking",), "tax": ("paying", "taking"), "sweep": ("paying",), "end": ()}
"""The optional amount clauses each argument-free sister verb accepts."""
CLAUSE_FORMS = {"harvest": "taking N food", "tax": "paying N food, taking N gold", "sweep": "paying N gold"}
"""How those clauses are written, for error messages."""

Amounts = tuple[tuple[str, int], ...]
"""Food and gold named in a move, e.g. (("gold", 2), ("food", 1))."""


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
    stores: Amounts = ()
    source: str = ""
    paid: Amounts | None = None
    """What the sister says she paid (None: the rules' amount)."""
    taken: Amounts | None = None
    """What the sister says she took (None: the rules' amount)."""


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


def _amounts(words: list[str], verb: str) -> Amounts:
    """Parse `N food|gold [N food|gold]` (each resource at most once)."""
    pairs = list(zip(words[::2], words[1::2]))
    resources = [r.lower() for _, r in pairs]
    if not pairs or len(words) % 2 or any(r not in RESOURCES for r in resources) or len(set(resources)) < len(pairs):
        raise MoveError(f'{verb}: write an amount as N gold, N food or N gold N food (got "{" ".join(words)}")')
    return tuple((r, _whole(n, verb)) for n, r in zip(words[::2], resources))


def _clauses(words: list[str], keywords: tuple[str, ...], verb: str) -> tuple[list[str], dict[str, list[str]]]:
    """Split words into the head (before any keyword) and `KEYWORD words...` clauses, each keyword once."""
    head: list[str] = []
    clauses: dict[str, list[str]] = {}
    current: list[str] = head
    for word in words:
        keyword = word.lower()
        if keyword in keywords:
            if keyword in clauses:
                raise MoveError(f'{verb}: "{word}" may be given at most once')
            current = clauses[keyword] = []
        else:
            current.append(word)
    for keyword, value in clauses.items():
        if not value:
            raise MoveError(f'{verb}: "{keyword}" needs {"an amount" if keyword in AMOUNT_KEYWORDS else "a name"} after it')
        if keyword not in AMOUNT_KEYWORDS and len(value) > 1:
            raise MoveError(f'{verb}: unexpected "{" ".join(value[1:])}" after "{keyword} {value[0]}" (expected '
                            f'{", ".join(keywords)}; write names with hyphens, e.g. Pure-White-Stag)')
    return head, clauses


def _acquire(words: list[str], catalogue: Catalogue) -> Move:
    """Parse `acquire CARD [on BOARD] [to SISTER] [replacing CARD] [expel GUEST] [from SOURCE] [paying N gold]`."""
    head, options = _clauses(words, ACQUIRE_KEYWORDS, "acquire")
    if not head:
        raise MoveError("acquire: name the card acquired")
    if len(head) > 1:
        raise MoveError(f'acquire: unexpected "{" ".join(head[1:])}" (expected {", ".join(ACQUIRE_KEYWORDS)}, '
                        'each at most once; write names with hyphens, e.g. Pure-White-Stag)')
    one = {k: v[0] for k, v in options.items() if k not in AMOUNT_KEYWORDS}
    board = card_key(one.get("on", ""))
    if board and board not in catalogue.boards:
        raise MoveError(f'acquire: unknown land board "{one["on"]}"')
    source = one.get("from", "").lower()
    if source and source not in SOURCES:
        raise MoveError(f'acquire: "from {one["from"]}" (expected one of: {", ".join(SOURCES)})')
    return Move("acquire", card=_known_card(head[0], catalogue), board=board, to=one.get("to", ""),
                replacing=_known_card(one["replacing"], catalogue) if "replacing" in one else "",
                expel=_known_card(one["expel"], catalogue) if "expel" in one else "", source=source,
                paid=_amounts(options["paying"], "acquire") if "paying" in options else None)


def _income(verb: str, words: list[str]) -> Move:
    """Parse `harvest|tax|sweep|end` with the optional `paying` / `taking` amounts its verb accepts."""
    allowed = CLAUSES[verb]
    head, options = _clauses(words, allowed, verb)
    if head:
        forms = f"it may only say: {CLAUSE_FORMS[verb]}" if verb in CLAUSE_FORMS else "it takes no arguments"
        raise MoveError(f'{verb}: unexpected "{" ".join(head)}" ({forms})')
    return Move(verb, paid=_amounts(options["paying"], verb) if "paying" in options else None,
                taken=_amounts(options["taking"], verb) if "taking" in options else None)


def _pay(words: list[str]) -> Move:
    """Parse `pay N [food|gold]`."""
    if not 1 <= len(words) <= 2:
        raise MoveError("pay: write pay N food or pay N gold")
    resource = words[1].lower() if len(words) == 2 else ""
    if resource and resource not in RESOURCES:
        raise MoveError(f'pay: "{words[1]}" is not food or gold')
    return Move("pay", amount=_whole(words[0], "pay"), resource=resource)


def _banner(words: list[str], catalogue: Catalogue) -> Move:
    """Parse `banner PATH [paying N gold|food]` (or the banner's full name)."""
    head, options = _clauses(words, ("paying",), "banner")
    wanted = card_key(" ".join(head))
    paid = _amounts(options["paying"], "banner") if "paying" in options else None
    for key, banner in catalogue.banners.items():
        if wanted in (key, card_key(banner.name)):
            return Move("banner", card=key, paid=paid)
    raise MoveError(f'banner: unknown banner "{" ".join(head)}" (expected one of: {", ".join(catalogue.banners)})')


def _discard(verb: str, words: list[str], catalogue: Catalogue) -> Move:
    """Parse `discard CARD` or `box CARD`: one card put on the discard pile or back in the box."""
    if len(words) != 1:
        raise MoveError(f"{verb}: name the one card")
    return Move(verb, card=_known_card(words[0], catalogue))


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
    if verb in ("market", "discards"):
        shown = [] if [w.lower() for w in words] == ["none"] else words
        return Move(verb, names=tuple(_known_card(w, catalogue) for w in shown))
    if verb in ("discard", "box"):
        return _discard(verb, words, catalogue)
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
    if verb == "discard":
        return _discard(verb, words, catalogue)
    return _income(verb, words)
