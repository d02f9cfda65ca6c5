"""Legal-move texts at each decision point, precomputed per game so enumeration stays cheap."""

from __future__ import annotations

from playproof.playtest.games.seven_sisters.data import WILD, GameData
from playproof.playtest.games.seven_sisters.scoring import buyback_prices
from playproof.playtest.games.seven_sisters.state import ENVY, WRATH, Table

CardOptions = tuple[str, tuple[str, ...], tuple[str, ...], int, tuple[tuple[str, ...], ...]]
"""(C text, A texts by servants placed, D texts, primary sister or -1, B/D2 texts by source sister)"""

_CACHE: dict[tuple[int, tuple[str, ...]], "MoveTexts"] = {}


def move_texts(data: GameData, players: tuple[str, ...]) -> "MoveTexts":
    """Return the move texts of a game, built once per (data, players)."""
    key = (id(data), players)
    if key not in _CACHE:
        _CACHE[key] = MoveTexts(data, players)
    return _CACHE[key]


class MoveTexts:
    """Every move text a game can offer, built once and filtered by the state."""

    def __init__(self, data: GameData, players: tuple[str, ...]) -> None:
        self.data = data
        self.players = players
        names = data.sisters
        self.plays = {card: self._card_options(card) for card in data.cards}
        self.primaries = {card: options[3] for card, options in self.plays.items()}
        self.pair_plays = {card: self._pair_plays(card)
                           for card, primary in self.primaries.items() if primary >= 0}
        self.deals = [{card: f"deal {p} {card}" for card in data.cards} for p in players]
        self.places = tuple(f"place {s}" for s in names)
        self.wraths = [f"wrath {s}" for s in names]
        self.prides = tuple(f"pride {p}" for p in players)
        self.firsts = tuple(f"first {p}" for p in players)
        self.envies = [[[f"envy {s} {a} {b}" for b in players] for a in players] for s in names]
        """envies[sister][owner][owner]: the text of moving those two servants onto Envy."""
        self.prices = buyback_prices(data.buyback, data.n("servants"))
        self.base = data.n("action_a_servants")
        self._memo: dict[tuple[object, ...], tuple[str, ...]] = {}
        self._segments: dict[tuple[object, ...], tuple[str, ...]] = {}
        """The wild card's legal plays by what they depend on (bounded: D or not x sisters with two)."""

    def __deepcopy__(self, memo: dict[int, object]) -> MoveTexts:
        """Return these texts themselves: they are a cache shared by every engine of the game."""
        return self

    def _card_options(self, card: str) -> CardOptions:
        """Return every way to play a card, grouped by what each needs."""
        names = self.data.sisters
        head = f"play {card}"
        moves = tuple(tuple(f"{head} B {source} {t}" for t in names if t != source)
                      for source in names)
        if card == WILD:
            return (f"{head} C", (), tuple(f"{head} D {s} {s}" for s in names), -1,
                    tuple(tuple(m.replace(" B ", " D2 ") for m in row) for row in moves))
        primary = self.data.pairs[card][0]
        p, s = (names[i] for i in self.data.pairs[card])
        a_moves = (f"{head} A {p} {p}", f"{head} A {p} {p} {s}", f"{head} A {p} {p} {s} {p}",
                   f"{head} A {p} {p} {s} {s}")
        return (f"{head} C", a_moves, (), primary, (moves[primary],))

    def play_moves(self, table: Table, seat: int, cards: list[str]) -> tuple[str, ...]:
        """Return every legal play of the given cards for a player."""
        playable, base = table.playable[seat], self.base
        # A places `base` servants, one more per fruit paid (up to two more); D places `base`.
        extra = min(playable - base, table.fruit[seat], 2)
        a_index = 0 if extra < 0 else extra + 1
        d_ok, board, pair_plays, primaries = playable >= base, table.board, self.pair_plays, self.primaries
        moves: list[str] = []
        for card in cards:
            primary = primaries[card]
            if primary >= 0:  # B needs `base` of the player's servants on the primary sister
                moves += pair_plays[card][a_index][board[primary][seat] >= base]
            else:
                moves += self._wild_moves(card, d_ok, tuple([row[seat] >= base for row in board]))
        return tuple(moves)

    def _pair_plays(self, card: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
        """Return a pair card's plays by A's size (none, 2, 3, 4 servants), then by whether B may move."""
        c_text, a_moves, _, _, moved = self.plays[card]
        return tuple(tuple((c_text, *a_moves[:a_count], *(moved[0] if owned else ()))
                           for owned in (False, True)) for a_count in (0, 1, 2, 4))

    def _wild_moves(self, card: str, d_ok: bool, own: tuple[bool, ...]) -> tuple[str, ...]:
        """Return the wild card's plays: C, D when the stock allows, D2 from each sister with two."""
        key = (card, d_ok, own)
        part = self._segments.get(key)
        if part is None:
            part = self._segments[key] = self._card_moves(card, 0, d_ok, own)
        return part

    def _card_moves(self, card: str, a_count: int, d_ok: bool, own: tuple[bool, ...]) -> tuple[str, ...]:
        """Return every legal play of one card: C, A by servants placed, D, then B/D2 moves by source."""
        c_text, a_moves, d_moves, primary, moved = self.plays[card]
        moves = [c_text, *a_moves[:a_count]]
        if d_ok:
            moves.extend(d_moves)
        if primary >= 0:
            if own[primary]:
                moves.extend(moved[0])
        else:
            for source, row in enumerate(moved):
                if own[source]:
                    moves.extend(row)
        return tuple(moves)

    def take_moves(self, table: Table, marker: int) -> tuple[str, ...]:
        """Return every split of the marker's goods the supply allows."""
        key = ("take", marker, table.supply_gold, table.supply_fruit)
        if key not in self._memo:
            self._memo[key] = self._take_moves(table, marker)
        return self._memo[key]

    def _take_moves(self, table: Table, marker: int) -> tuple[str, ...]:
        """Return every split of the marker's goods the supply allows (uncached)."""
        total = min(marker, table.supply_gold + table.supply_fruit)
        low, high = max(0, total - table.supply_fruit), min(total, table.supply_gold)
        return tuple(f"take {g} gold {total - g} fruit" for g in range(low, high + 1))

    def wrath_moves(self, table: Table) -> tuple[str, ...]:
        """Return every sister the Wrath marker may move to: not Wrath, not where it lies."""
        return tuple(self.wraths[s] for s in table.order if s not in (WRATH, table.wrath))

    def envy_moves(self, table: Table, need: int) -> tuple[str, ...]:
        """Return `envy none` and every choice of two servants from one other sister."""
        moves = ["envy none"]
        texts = self.envies
        for s in table.order:
            row = table.board[s]
            if s == ENVY or sum(row) < need:
                continue
            holders = [p for p, count in enumerate(row) if count]
            for i, a in enumerate(holders):
                # Both servants from one owner need two of hers; else one each from two owners.
                if row[a] >= 2:
                    moves.append(texts[s][a][a])
                moves.extend([texts[s][a][b] for b in holders[i + 1:]])
        return tuple(moves)

    def buyback_moves(self, sister: int, removed: int, gold: int) -> tuple[str, ...]:
        """Return `buyback SISTER none` and every (servants, gold) the packages allow."""
        key = ("buyback", sister, removed, gold)
        if key not in self._memo:
            self._memo[key] = self._buyback_moves(self.data.sisters[sister], removed, gold)
        return self._memo[key]

    def _buyback_moves(self, sister: str, removed: int, gold: int) -> tuple[str, ...]:
        """Return the buy-back moves (uncached)."""
        moves = [f"buyback {sister} none"]
        for servants in range(1, removed + 1):
            moves.extend(f"buyback {sister} {servants} for {g} gold"
                         for g in sorted(self.prices[servants]) if g <= gold)
        return tuple(moves)
