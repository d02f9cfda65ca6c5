"""The physical table of Seven Sisters: stocks, goods, favours, servants on tiles, markers."""

from __future__ import annotations

from dataclasses import dataclass, field

from playproof.playtest.games.seven_sisters.data import GameData

WRATH, GREED, GLUTTONY, LUST, SLOTH, PRIDE, ENVY = range(7)
"""Sisters by their tile number (minus one): their gifts follow the number, not the name."""


@dataclass
class Table:
    """What lies on the table and behind the screens; every count stays >= 0."""

    players: int
    playable: list[int]
    reserve: list[int]
    gold: list[int]
    fruit: list[int]
    favours: list[list[int]]
    """favours[player][sister]"""
    board: list[list[int]]
    """board[sister][player]: servants influencing that sister"""
    supply_gold: int
    supply_fruit: int
    favour_stock: list[int]
    order: list[int]
    """Sister indices in table order, left to right."""
    wrath: int = WRATH
    first: int = 0
    aside: list[int] = field(default_factory=list)
    """Servants removed from a tile and waiting for their owner's buy-back."""

    @classmethod
    def new(cls, data: GameData, players: int) -> Table:
        """Return the table after Game Preparation."""
        playable = data.n("playable_start")
        reserve = data.n("servants") - playable
        return cls(players, [playable] * players, [reserve] * players, [0] * players,
                   [0] * players, [[0] * 7 for _ in range(players)],
                   [[0] * players for _ in range(7)], data.gold, data.fruit, list(data.favours),
                   list(range(7)), aside=[0] * players)

    def copy(self) -> Table:
        """Return a copy of this table that changes independently."""
        return Table(self.players, list(self.playable), list(self.reserve), list(self.gold), list(self.fruit),
                     [list(f) for f in self.favours], [list(b) for b in self.board], self.supply_gold,
                     self.supply_fruit, list(self.favour_stock), list(self.order), self.wrath, self.first,
                     list(self.aside))

    def seats_from_first(self) -> list[int]:
        """Return the seats in turn order, starting with the first player."""
        return [(self.first + i) % self.players for i in range(self.players)]

    def place(self, player: int, sister: int, count: int) -> int:
        """Move up to count servants from playable onto a sister; return how many moved."""
        moved = min(count, self.playable[player])
        self.playable[player] -= moved
        self.board[sister][player] += moved
        return moved

    def place_from_reserve(self, player: int, sister: int) -> None:
        """Put one reserve servant on a sister (the round-start placement)."""
        if self.reserve[player]:
            self.reserve[player] -= 1
            self.board[sister][player] += 1

    def move(self, player: int, source: int, target: int, count: int) -> None:
        """Move up to count of a player's servants from one sister to another."""
        moved = min(count, self.board[source][player])
        self.board[source][player] -= moved
        self.board[target][player] += moved

    def call_up(self, player: int, count: int) -> int:
        """Move up to count servants from reserve to playable; return how many moved."""
        moved = min(count, self.reserve[player])
        self.reserve[player] -= moved
        self.playable[player] += moved
        return moved

    def take_goods(self, player: int, gold: int, fruit: int) -> tuple[int, int]:
        """Give a player goods from the supply as far as it lasts; return what was given."""
        gold, fruit = min(gold, self.supply_gold), min(fruit, self.supply_fruit)
        self.supply_gold -= gold
        self.supply_fruit -= fruit
        self.gold[player] += gold
        self.fruit[player] += fruit
        return gold, fruit

    def pay_fruit(self, player: int, count: int) -> None:
        """Return up to count of a player's fruit to the supply."""
        paid = min(count, self.fruit[player])
        self.fruit[player] -= paid
        self.supply_fruit += paid

    def remove(self, sister: int, player: int) -> None:
        """Take a player's servants off a sister and set them aside for the buy-back."""
        self.aside[player] += self.board[sister][player]
        self.board[sister][player] = 0

    def buy_back(self, player: int, servants: int, gold: int) -> None:
        """Return bought-back servants to playable, the rest of those set aside to reserve."""
        servants = min(servants, self.aside[player])
        paid = min(gold, self.gold[player])
        self.gold[player] -= paid
        self.supply_gold += paid
        self.playable[player] += servants
        self.reserve[player] += self.aside[player] - servants
        self.aside[player] = 0

    def on_tiles(self, player: int) -> int:
        """Return how many of a player's servants influence sisters."""
        return sum(row[player] for row in self.board)

    def full_sets(self, player: int) -> int:
        """Return a player's full sets of one favour from each sister."""
        return min(self.favours[player])

    def next_tile(self, sister: int) -> int:
        """Return the sister to the right of another in table order (the last wraps to the first)."""
        position = self.order.index(sister)
        return self.order[(position + 1) % len(self.order)]
