"""Four Sisters (two teams of two, Schemes of ten cards, a 3x3 Chateau and a six-Hour Clock)."""

from playproof.playtest.games.four_sisters.engine import FourSistersEngine
from playproof.playtest.games.four_sisters.rules import RULES

ENGINE = FourSistersEngine

__all__ = ["ENGINE", "RULES", "FourSistersEngine"]
