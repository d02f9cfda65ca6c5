"""Who Will Reign?: the rules engine (referee) reading its cards from the project's workbook."""

from playproof.playtest.games.who_will_reign.engine import WhoWillReign
from playproof.playtest.games.who_will_reign.rules import RULES

ENGINE = WhoWillReign

__all__ = ["ENGINE", "RULES", "WhoWillReign"]
