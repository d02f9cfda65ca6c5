"""7 Wonders with the Leaders expansion: the rules engine (numbers read from the project workbook)."""

from playproof.playtest.games.seven_wonders_leaders.engine import SevenWondersLeaders
from playproof.playtest.games.seven_wonders_leaders.rules import RULES

ENGINE = SevenWondersLeaders

__all__ = ["ENGINE", "RULES"]
