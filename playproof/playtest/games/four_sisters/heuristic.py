"""How well a player is doing in Four Sisters, for bots: her team's lead in the Chateau.

Four Sisters is a team game (partners sit opposite and win or lose the Day together), so a
player's value is her team's Chateau total (Queens at their Day value) minus the other team's,
plus 3 for every card left in her team's Schemes beyond the other team's and 1 for every card in
hand, and a heavy penalty for each partner already unable to draw: a team whose two players both
are has lost the Day, whatever its Chateau total. (Cards in hand worth as much as cards in the
Scheme made bots keep their hands and end their turns: two such bots on opposite teams never end
the Day.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playproof.playtest.games.four_sisters.engine import FourSistersEngine

CARDS_WEIGHT = 3.0
HAND_WEIGHT = 1 / 3
SHORT_PENALTY = 15.0


def heuristic(engine: FourSistersEngine, player: str) -> float:
    """Return the player's team lead in the Chateau, in cards left, and in partners still able to draw."""
    team = engine.seats[player].team
    other = engine.other_team(team)
    totals = engine.team_totals()
    cards = {team: 0.0, other: 0.0}
    for seat in engine.seats.values():
        cards[seat.team] = cards.get(seat.team, 0) + HAND_WEIGHT * seat.hand_count + seat.scheme_count
    short = {team: 0, other: 0}
    for name in engine.short:
        short[engine.seats[name].team] = short.get(engine.seats[name].team, 0) + 1
    return (totals[team] - totals[other] + CARDS_WEIGHT * (cards[team] - cards[other])
            - SHORT_PENALTY * (short[team] - short[other]))
