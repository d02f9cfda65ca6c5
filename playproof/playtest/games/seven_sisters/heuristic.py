"""How well a player is doing in Seven Sisters, for bots: points she would score if the game ended now.

A designer's reading of the table: favours held and full sets; each sister's favour goes to the
player who leads her now (so influence counts before the scoring); the final majorities of gold,
fruit and playable servants (half a point: they may still change hands); and a little for every
good and servant in hand, which buys influence later. The value is the lead over the best opponent.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from playproof.playtest.games.seven_sisters.data import GameData
from playproof.playtest.games.seven_sisters.scoring import favourite, majority
from playproof.playtest.games.seven_sisters.state import Table


class Position(Protocol):
    """What the heuristic asks of the engine (which imports this module)."""

    data: GameData
    names: Sequence[str]

    def shown_table(self) -> Table: ...

    def is_over(self) -> bool: ...

    def scores(self) -> dict[str, int]: ...

MAJORITY_WEIGHT = 0.5
STOCK_WEIGHT = 0.1


def projected_points(engine: Position) -> list[float]:
    """Return each seat's points as if the sisters were scored now and the game ended."""
    t = engine.shown_table()
    bonus, point = engine.data.n("set_bonus"), engine.data.n("majority_point")
    favours = [list(f) for f in t.favours]
    for sister in range(7):
        leader = favourite(list(t.board[sister]), t.favours)
        if leader is not None:
            favours[leader][sister] += 1
    majorities = [majority(list(values), point, True) for values in (t.gold, t.fruit, t.playable)]
    return [sum(favours[p]) + bonus * min(favours[p]) + MAJORITY_WEIGHT * sum(m[p] for m in majorities)
            + STOCK_WEIGHT * (t.gold[p] + t.fruit[p] + t.playable[p]) for p in range(t.players)]


def heuristic(engine: Position, player: str) -> float:
    """Return a player's projected points minus the best opponent's (the final score lead once over)."""
    if engine.is_over():
        scores = engine.scores()
        return scores[player] - max(s for p, s in scores.items() if p != player)
    values = projected_points(engine)
    seat = engine.names.index(player)
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)
