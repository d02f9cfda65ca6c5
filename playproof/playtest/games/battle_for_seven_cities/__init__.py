"""Battle for Seven Cities: the rules engine (referee) for the time-travel city-building game."""

from playproof.playtest.games.battle_for_seven_cities.engine import BattleEngine
from playproof.playtest.games.battle_for_seven_cities.rules import RULES

ENGINE = BattleEngine

__all__ = ["ENGINE", "RULES", "BattleEngine"]
