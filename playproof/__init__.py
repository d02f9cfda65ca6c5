"""playproof: print-and-play prototyping and playtest toolkit for board-game designers."""

__version__ = "0.1.0"
