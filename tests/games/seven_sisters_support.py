"""Helpers for the Seven Sisters engine tests: a game at a chosen step, fed log lines."""

from __future__ import annotations

from pathlib import Path

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.seven_sisters import ENGINE

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "seven-sisters"
PLAYERS = ("Ann", "Ben", "Cat")
W, G, GL, L, S, P, E = range(7)  # Wrath, Greed, Gluttony, Lust, Sloth, Pride, Envy
ANN, BEN, CAT = range(3)
TAKES = "table: flip 4\nAnn: take 2 gold 2 fruit\nBen: take 4 gold 0 fruit\nCat: take 0 gold 4 fruit"
FILLERS = ["Wrath/Greed", "Greed/Gluttony", "Gluttony/Lust", "Lust/Sloth", "Sloth/Pride",
           "Pride/Envy", "Envy/Wrath", "Wrath/Gluttony", "Greed/Lust", "Gluttony/Sloth",
           "Lust/Pride", "Sloth/Envy", "Pride/Wrath", "Envy/Greed", "Wrath/Lust"]


class Game:
    """An engine and the log lines fed to it so far."""

    def __init__(self, players: tuple[str, ...] = PLAYERS, project: Path | None = None,
                 **options: str) -> None:
        options.setdefault("first", players[0])
        self.engine = ENGINE(Setup(players, options=options, project=project))
        self.line = 0
        self.used: set[str] = set()

    def feed(self, text: str) -> list[str]:
        """Feed log lines; return the rule slugs found, in order."""
        return [v.rule.split("/", 1)[1] for v in self.violations(text)]

    def violations(self, text: str) -> list:  # type: ignore[type-arg]
        """Feed log lines; return every violation found."""
        found = []
        for raw in text.strip().splitlines():
            actor, _, move = raw.strip().partition(":")
            verb, _, args = move.strip().partition(" ")
            self.line += 1
            self.used.update(t for t in args.split() if "/" in t)
            found += self.engine.apply(Event(self.line, actor.strip(), verb.lower(), args))
        return found

    def to_play(self) -> Game:
        """Deal hidden hands, flip a 4 and let everyone take goods."""
        assert self.feed(TAKES) == []
        return self

    def fill_plays(self) -> list[str]:
        """Play action C with unused cards until every card of the round is played."""
        found: list[str] = []
        fillers = iter(c for c in FILLERS if c not in self.used)
        while self.engine.step == "play":
            player = self.engine.names[self.engine.turn]
            found += self.feed(f"{player}: play {next(fillers)} C")
        return found

    def settle(self, until: str = "play") -> None:
        """Make the first legal decision until the given step (of a later round) is reached."""
        while self.engine.step not in (until, "over"):
            decision = self.engine.decision()
            assert decision is not None
            moves = [m for m in decision.moves if m.startswith(("buyback none", "envy none"))]
            move = (moves or list(decision.moves))[0]
            assert self.feed(f"{decision.actor}: {move}") == [], move

    def board(self, sister: int, *counts: int) -> Game:
        """Put servants on a sister (taken from nobody: a test position)."""
        self.engine.table.board[sister] = list(counts)
        return self

    def score_with(self, **boards: tuple[int, ...]) -> list[str]:
        """Set sisters' servants, then play out the round so scoring begins."""
        names = {"wrath": W, "greed": G, "gluttony": GL, "lust": L, "sloth": S, "pride": P, "envy": E}
        for name, counts in boards.items():
            self.board(names[name], *counts)
        return self.fill_plays()
