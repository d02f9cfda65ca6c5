"""How well a sister is doing in Who Will Reign?, for bots: her crowns, ahead of the best opponent's.

Crowns win, and crowns alone make the best one-move-ahead judge measured: food and gold are what
buys court cards, improvements and banners, but valuing them even at a fiftieth of a crown made a
greedy bot keep its stores instead of buying (greedy beat random in 15 % of 20 games with that
tie-break, in 100 % without it; benchmarks/RESULTS.md, issue 14). So the stores count nothing.
"""

from __future__ import annotations

from typing import Protocol


class Scored(Protocol):
    """What the heuristic asks of the engine (which imports this module): each sister's crowns."""

    def scores(self) -> dict[str, int]: ...


def heuristic(engine: Scored, player: str) -> float:
    """Return a sister's crowns minus the best opponent's."""
    crowns = engine.scores()
    return crowns[player] - max(c for p, c in crowns.items() if p != player)
