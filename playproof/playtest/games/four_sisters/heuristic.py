"""How well a player is doing in Four Sisters, for bots: her team's lead in the Chateau.

Four Sisters is a team game (partners sit opposite and win or lose the Day together), so a
player's value is her team's Chateau total (Queens at their Day value) minus the other team's,
plus 3 for every card left in her team's Schemes and 2 for every card in her team's hands
beyond the other team's, and a heavy penalty for each partner already unable to draw: a team
whose two players both are has lost the Day, whatever its Chateau total.

Cards kept win Days against players who spend theirs (most Days end by a team running out), but
two such bots on opposite teams may both keep their cards and end their turns forever (a Day
the rules let a table stall). So after `PATIENCE` turns, three times a usual Day, cards left
count for nothing: the bots then play for the Chateau, and the Day ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine's state and queries (core.py), not the engine, which imports this module
    from playproof.playtest.games.four_sisters.core import Core

CARDS_WEIGHT = 3.0
HAND_WEIGHT = 2 / 3
SHORT_PENALTY = 15.0
PATIENCE = 60


def heuristic(engine: Core, player: str) -> float:
    """Return the player's team lead in the Chateau, in cards left, and in partners still able to draw."""
    team = engine.seats[player].team
    other = engine.other_team(team)
    totals = engine.team_totals()
    cards = {team: 0.0, other: 0.0}
    short = {team: 0, other: 0}
    for seat in engine.seats.values():
        cards[seat.team] += HAND_WEIGHT * seat.hand_count + seat.scheme_count
        short[seat.team] += seat.name in engine.short
    weight = CARDS_WEIGHT if engine.turns_played < PATIENCE else 0.0
    return (totals[team] - totals[other] + weight * (cards[team] - cards[other])
            - SHORT_PENALTY * (short[team] - short[other]))
