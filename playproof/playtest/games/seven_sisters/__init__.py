"""Seven Sisters (Wishing Tree Games, 2011): the rules engine and its rule index."""

from playproof.playtest.games.seven_sisters.engine import SevenSistersEngine
from playproof.playtest.games.seven_sisters.rules import RULES

ENGINE = SevenSistersEngine

__all__ = ["ENGINE", "RULES", "SevenSistersEngine"]
