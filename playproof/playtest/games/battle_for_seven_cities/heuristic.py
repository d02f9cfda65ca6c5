"""How well a player is doing in Battle for Seven Cities, for bots: cities, with a little for what builds more.

Future cities score (the first to the target at a round's end wins, future cities on water break a
tie); past cities are the bases for expeditions and time travel, and the cards a player may keep
past her turn (the hand limit) are the moves still to come, so each counts for a fraction of a city.
Cards beyond the hand limit (discarded at the turn's end anyway) count nothing, so turning them
into action points costs nothing. Action points themselves count nothing either: valued, they
make a bot walk its token in circles over free tiles rather than end its turn and lose them.
The value is the lead over the best opponent.
"""

from __future__ import annotations

from playproof.playtest.games.battle_for_seven_cities.referee import Referee

PAST_WEIGHT = 0.3
HAND_WEIGHT = 0.15
WATER_WEIGHT = 0.05


def value(engine: Referee, player: str) -> float:
    """Return a player's cities (scoring ones whole) and a fraction for past cities and cards."""
    s = engine.s
    scoring = engine.scores()[player]
    hand = min(s.hands[player].size, engine.numbers["hand_limit"]) if player in s.hands else 0
    return (scoring + WATER_WEIGHT * s.board.count(player, "f", water=True)
            + PAST_WEIGHT * s.board.count(player, "p") + HAND_WEIGHT * hand)


def heuristic(engine: Referee, player: str) -> float:
    """Return a player's value minus the best opponent's."""
    values = {p: value(engine, p) for p in engine.s.seats}
    return values[player] - max(v for p, v in values.items() if p != player)
