"""The Seven Sisters log vocabulary: one parse boundary turning `verb args` into typed moves."""

from __future__ import annotations

from typing import NamedTuple

from playproof.playtest.games.seven_sisters.data import WILD, GameData

UNKNOWN = "?"
ACTIONS = ("A", "B", "C", "D", "D2")
MEMO_LIMIT = 100_000


class MoveError(ValueError):
    """A move that cannot be read; carries the rule slug it breaks and a readable message."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class Play(NamedTuple):
    """`play CARD ACTION SISTER... [for N fruit]` or `play CARD C [N]`; card None when hidden (`play ?`)."""

    card: str | None
    action: str | None
    targets: tuple[int, ...]
    fruit: int | None = None
    """Fruit the player says he paid (`for N fruit`); None: what the servants placed cost."""
    count: int | None = None
    """Servants action C brought from reserve (`C N`); None: as many as the rule gives."""
    owners: tuple[int, ...] = ()
    """Whose servants B or D2 moved (`B FROM TO OWNER`); empty: the player's own."""
    source: str = "playable"
    """Where the servants placed came from (`... from reserve`); the rule says the playable stock."""


class Take(NamedTuple):
    """`take G gold F fruit`."""

    gold: int
    fruit: int


class SisterMove(NamedTuple):
    """`place S`, `wrath S` (player or table claim) or `tile S`: a verb naming one sister."""

    verb: str
    sister: int
    more: tuple[int, ...] = ()
    """Further sisters of `place S S...`: servants placed beyond the one the rule allows."""


class PlayerMove(NamedTuple):
    """`pride P` (a decision) or `first P` (chance at setup, else a claim): a verb naming a player."""

    verb: str
    player: int


class Envy(NamedTuple):
    """`envy S P1 P2`, `envy S1 P1 S2 P2` (servants from two tiles) or `envy none`."""

    taken: tuple[tuple[int, int], ...]
    """(sister, owner) of each servant moved onto Envy, sorted; empty for `envy none`."""

    @property
    def sources(self) -> tuple[int, ...]:
        """Return the sisters the servants came from, each once, in order."""
        return tuple(dict.fromkeys(s for s, _ in self.taken))


class Buyback(NamedTuple):
    """`buyback [SISTER] K for G gold` or `buyback [SISTER] none`."""

    servants: int
    gold: int
    sister: int | None = None
    """The sister the servants were removed from; None in the old form (the buy-back now due)."""


class Refill(NamedTuple):
    """`refill N`: servants a player added from reserve to playable at the start of a round."""

    count: int


class Deal(NamedTuple):
    """`deal P CARD...` (cards `?` when hidden)."""

    player: int
    cards: tuple[str | None, ...]


class Flip(NamedTuple):
    """`flip N` (None when hidden)."""

    value: int | None


class Claim(NamedTuple):
    """A consequence the table logged: `favour S P|none`, `gift S P N`, `score P N`, `winner P...`."""

    topic: tuple[object, ...]
    value: object
    text: str


Move = Play | Take | SisterMove | PlayerMove | Envy | Buyback | Refill | Deal | Flip | Claim


class MoveParser:
    """Reads move texts for one game: its sisters, players and deck."""

    def __init__(self, data: GameData, players: tuple[str, ...]) -> None:
        self.data = data
        self.sister_index = {s.lower(): i for i, s in enumerate(data.sisters)}
        self.player_index = {p.lower(): i for i, p in enumerate(players)}
        self.card_names = {c.lower(): c for c in data.cards}
        self.players = players
        self._memo: dict[tuple[bool, str, str], Move] = {}
        self.events: dict[tuple[str, str, str], tuple[int, Move, str | None]] = {}
        """(actor, verb, args) of an event read before -> (seat, or -1 for the table; its move; its step)."""

    def __deepcopy__(self, memo: dict[int, object]) -> MoveParser:
        """Return this parser itself: it is a cache shared by every engine of the game."""
        return self

    def parse(self, verb: str, args: str, table: bool) -> Move:
        """Return the typed move of `verb args`, or raise MoveError (moves are memoised: immutable)."""
        key = (table, verb, args)
        move = self._memo.get(key)
        if move is None:
            if len(self._memo) > MEMO_LIMIT:
                self._memo.clear()
            move = self._memo[key] = self._parse(verb, args, table)
        return move

    def remember(self, actor: str, verb: str, args: str, seat: int, move: Move, step: str | None) -> None:
        """Keep a well-formed event's seat, move and step, so the same event text is read once."""
        if len(self.events) > MEMO_LIMIT:
            self.events.clear()
        self.events[(actor, verb, args)] = (seat, move, step)

    def _parse(self, verb: str, args: str, table: bool) -> Move:
        """Return the typed move of `verb args`, or raise MoveError."""
        handler = (_TABLE_VERBS if table else _PLAYER_VERBS).get(verb)
        if handler is not None:
            return handler(self, args.split())
        allowed = ", ".join(sorted(_TABLE_VERBS if table else _PLAYER_VERBS))
        who = "the table" if table else "a player"
        raise MoveError("log-move-syntax", f'"{verb}" is not a Seven Sisters move for {who} '
                        f"(moves: {allowed})")

    def sister(self, token: str) -> int:
        """Return a sister's index from her name."""
        index = self.sister_index.get(token.lower())
        if index is None:
            names = ", ".join(self.data.sisters)
            raise MoveError("log-move-syntax", f'"{token}" is not a sister ({names})')
        return index

    def player(self, token: str) -> int:
        """Return a player's seat from the name."""
        index = self.player_index.get(token.lower())
        if index is None:
            raise MoveError("log-move-syntax", f'"{token}" is not a player ({", ".join(self.players)})')
        return index

    def card(self, token: str) -> str | None:
        """Return a card's name as the deck spells it (None for `?`)."""
        if token == UNKNOWN:
            return None
        name = self.card_names.get(token.lower())
        if name is None:
            raise MoveError("1-card-exists", f'"{token}" is not an influence card of this deck (a '
                            "pair such as Greed/Lust of two different sisters, or Wild)")
        return name

    def count(self, token: str, what: str) -> int:
        """Return a whole number or raise naming what it counts."""
        if not token.isdigit():
            raise MoveError("log-move-syntax", f'"{token}" is not a number of {what}')
        return int(token)


_PARSERS: dict[tuple[int, tuple[str, ...]], MoveParser] = {}


def move_parser(data: GameData, players: tuple[str, ...]) -> MoveParser:
    """Return the parser of a game's moves, shared by every engine of the same data and players."""
    key = (id(data), players)
    if key not in _PARSERS:
        _PARSERS[key] = MoveParser(data, players)
    return _PARSERS[key]


def _parse_play(p: MoveParser, tokens: list[str]) -> Play:
    """`play CARD ACTION SISTER... [for N fruit] [from reserve]`, `play CARD C [N]` or `play ?`."""
    if tokens == [UNKNOWN]:
        return Play(None, None, ())
    if len(tokens) < 2 or tokens[1].upper() not in ACTIONS:
        raise MoveError("log-move-syntax", "write a play as `play CARD ACTION [SISTER...] [for N fruit]` "
                        "with ACTION one of A, B, C, D, D2 (e.g. `play Greed/Lust A Greed Greed Lust`)")
    source, rest = _source(tokens[2:])
    fruit, rest = _fruit_paid(p, rest)
    if source == "playable":  # `for N fruit from reserve` or `from reserve for N fruit`
        source, rest = _source(rest)
    action = tokens[1].upper()
    if action == "C" and len(rest) == 1 and rest[0].isdigit():
        return Play(p.card(tokens[0]), action, (), fruit, int(rest[0]), (), source)
    owners = tuple(p.player(t) for t in rest if _names_player(p, t))
    sisters = tuple(p.sister(t) for t in rest if not _names_player(p, t))
    return Play(p.card(tokens[0]), action, sisters, fruit, None, owners, source)


SOURCES = ("playable", "reserve")
"""The stocks a placement may name (`from reserve`); the rule places from the playable stock."""


def _source(tokens: list[str]) -> tuple[str, list[str]]:
    """Split a trailing `from playable` or `from reserve` off a play; return (stock, the rest)."""
    if len(tokens) >= 2 and tokens[-2].lower() == "from" and tokens[-1].lower() in SOURCES:
        return tokens[-1].lower(), tokens[:-2]
    return "playable", tokens


def _names_player(p: MoveParser, token: str) -> bool:
    """Return True when a token of a play names a player (whose servants B or D2 moved)."""
    return token.lower() in p.player_index and token.lower() not in p.sister_index


def _fruit_paid(p: MoveParser, tokens: list[str]) -> tuple[int | None, list[str]]:
    """Split a trailing `for N fruit` off a play's sisters; return (fruit or None, the rest)."""
    if len(tokens) >= 3 and tokens[-3].lower() == "for" and tokens[-1].lower() == "fruit":
        return p.count(tokens[-2], "fruit"), tokens[:-3]
    return None, tokens


def _parse_take(p: MoveParser, tokens: list[str]) -> Take:
    """`take G gold F fruit` (either part may be left out; `take nothing`)."""
    amounts = {"gold": 0, "fruit": 0}
    if tokens == ["nothing"]:
        return Take(0, 0)
    if not tokens or len(tokens) % 2 or any(t.lower() not in amounts for t in tokens[1::2]):
        raise MoveError("log-move-syntax", "write goods as `take G gold F fruit` (e.g. "
                        "`take 2 gold 2 fruit`)")
    for number, good in zip(tokens[::2], tokens[1::2]):
        amounts[good.lower()] += p.count(number, good.lower())
    return Take(amounts["gold"], amounts["fruit"])


def _one(tokens: list[str], form: str) -> str:
    """Return the single argument of a move or raise showing its form."""
    if len(tokens) != 1:
        raise MoveError("log-move-syntax", f"write this move as `{form}`")
    return tokens[0]


def _parse_envy(p: MoveParser, tokens: list[str]) -> Envy:
    """`envy SISTER OWNER OWNER`, `envy SISTER OWNER SISTER OWNER` or `envy none`."""
    if [t.lower() for t in tokens] == ["none"]:
        return Envy(())
    if len(tokens) < 2 or tokens[0].lower() not in p.sister_index:
        raise MoveError("log-move-syntax", "write Envy's move as `envy SISTER OWNER OWNER` (the owners "
                        "of the two servants moved), `envy SISTER OWNER SISTER OWNER` or `envy none`")
    taken, source = [], -1
    for token in tokens:  # a sister's name says where the owners named after it had their servants
        if token.lower() in p.sister_index:
            source = p.sister(token)
        else:
            taken.append((source, p.player(token)))
    if not taken:
        raise MoveError("log-move-syntax", "name the owner of each servant moved onto Envy")
    return Envy(tuple(sorted(taken)))


def _parse_buyback(p: MoveParser, tokens: list[str]) -> Buyback:
    """`buyback [SISTER] K for G gold` or `buyback [SISTER] none`."""
    sister = None
    if tokens and tokens[0].lower() in p.sister_index:
        sister, tokens = p.sister(tokens[0]), tokens[1:]
    if [t.lower() for t in tokens] in (["none"], ["0"]):
        return Buyback(0, 0, sister)
    if len(tokens) != 4 or tokens[1].lower() != "for" or tokens[3].lower() != "gold":
        raise MoveError("log-move-syntax", "write a buy-back as `buyback SISTER SERVANTS for GOLD gold` "
                        "(e.g. `buyback Greed 3 for 2 gold`) or `buyback SISTER none`")
    return Buyback(p.count(tokens[0], "servants"), p.count(tokens[2], "gold"), sister)


def _parse_place(p: MoveParser, tokens: list[str]) -> SisterMove:
    """`place SISTER [SISTER...]` (one servant per sister named)."""
    if not tokens:
        raise MoveError("log-move-syntax", "write this move as `place SISTER`")
    sisters = [p.sister(t) for t in tokens]
    return SisterMove("place", sisters[0], tuple(sisters[1:]))


def _parse_refill(p: MoveParser, tokens: list[str]) -> Refill:
    """`refill N`."""
    return Refill(p.count(_one(tokens, "refill SERVANTS"), "servants"))


def _parse_deal(p: MoveParser, tokens: list[str]) -> Deal:
    """`deal PLAYER CARD...`."""
    if len(tokens) < 2:
        raise MoveError("log-move-syntax", "write a deal as `deal PLAYER CARD...` (`?` for a card "
                        "nobody saw)")
    return Deal(p.player(tokens[0]), tuple(p.card(t) for t in tokens[1:]))


def _parse_flip(p: MoveParser, tokens: list[str]) -> Flip:
    """`flip N` or `flip ?`."""
    token = _one(tokens, "flip NUMBER")
    return Flip(None if token == UNKNOWN else p.count(token, "goods"))


def _parse_favour(p: MoveParser, tokens: list[str]) -> Claim:
    """`favour SISTER PLAYER|none`."""
    if len(tokens) != 2:
        raise MoveError("log-move-syntax", "write a favour as `favour SISTER PLAYER` or "
                        "`favour SISTER none`")
    sister = p.sister(tokens[0])
    winner = None if tokens[1].lower() == "none" else p.player(tokens[1])
    return Claim(("favour", sister), winner, f"{p.data.sisters[sister]}'s favour")


def _parse_gift(p: MoveParser, tokens: list[str]) -> Claim:
    """`gift SISTER PLAYER N`."""
    if len(tokens) != 3:
        raise MoveError("log-move-syntax", "write a gift as `gift SISTER PLAYER AMOUNT` "
                        "(e.g. `gift Greed Ann 5`)")
    sister, player = p.sister(tokens[0]), p.player(tokens[1])
    return Claim(("gift", sister, player), p.count(tokens[2], "goods"),
                 f"{p.data.sisters[sister]}'s gift to {p.players[player]}")


def _parse_score(p: MoveParser, tokens: list[str]) -> Claim:
    """`score PLAYER N`."""
    if len(tokens) != 2:
        raise MoveError("log-move-syntax", "write a final score as `score PLAYER POINTS`")
    player = p.player(tokens[0])
    return Claim(("score", player), p.count(tokens[1], "points"), f"{p.players[player]}'s final score")


def _parse_winner(p: MoveParser, tokens: list[str]) -> Claim:
    """`winner PLAYER...` (several names for a shared win)."""
    if not tokens:
        raise MoveError("log-move-syntax", "write the winner as `winner PLAYER` (several for a shared win)")
    return Claim(("winner",), tuple(sorted(p.player(t) for t in tokens)), "the winner")


def _sister_verb(verb: str, form: str):  # type: ignore[no-untyped-def]
    """Return a parser for a verb taking one sister."""
    return lambda p, tokens: SisterMove(verb, p.sister(_one(tokens, form)))


def _player_verb(verb: str, form: str):  # type: ignore[no-untyped-def]
    """Return a parser for a verb taking one player."""
    return lambda p, tokens: PlayerMove(verb, p.player(_one(tokens, form)))


_PLAYER_VERBS = {
    "play": _parse_play, "take": _parse_take, "place": _parse_place,
    "wrath": _sister_verb("wrath", "wrath SISTER"), "pride": _player_verb("pride", "pride PLAYER"),
    "envy": _parse_envy, "buyback": _parse_buyback, "refill": _parse_refill,
}
_TABLE_VERBS = {
    "first": _player_verb("first", "first PLAYER"), "tile": _sister_verb("tile", "tile SISTER"),
    "deal": _parse_deal, "flip": _parse_flip, "wrath": _sister_verb("wrath", "wrath SISTER"),
    "favour": _parse_favour, "gift": _parse_gift, "score": _parse_score, "winner": _parse_winner,
    "scoring": _sister_verb("scoring", "scoring SISTER"),
}

__all__ = ["WILD", "UNKNOWN", "MoveParser", "move_parser", "MoveError", "Move", "Play", "Take", "SisterMove",
           "PlayerMove", "Envy", "Buyback", "Refill", "Deal", "Flip", "Claim"]
