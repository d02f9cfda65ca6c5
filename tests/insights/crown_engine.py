"""A made-up game with a kingmaker: two players pass, the third crowns one of them (tests of kingmaker moments)."""

from __future__ import annotations

from playproof.playtest.engine import Decision, Engine, Event, RuleIndex, Setup, Violation


class Crown(Engine):
    """Ann and Ben pass; then Cat crowns one of them (+2), or, with seed 2, may also crown herself (+9)."""

    game_id, title, min_players, max_players = "crown", "Crown", 3, 3
    rules = RuleIndex("crown", [])

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.points = {"Ann": 5, "Ben": 4, "Cat": 0}
        self.moves = 0

    def apply(self, event: Event) -> list[Violation]:
        """Pass, or crown a player."""
        self.moves += 1
        if event.verb == "crown":
            self.points[event.args] += 9 if event.args == "Cat" else 2
        return []

    def decision(self) -> Decision | None:
        """Ann, Ben, then Cat."""
        if self.moves >= 3:
            return None
        if self.moves < 2:
            return Decision(("Ann", "Ben")[self.moves], ("pass",))
        return Decision("Cat", ("crown Ann", "crown Ben") + (("crown Cat",) if self.setup.seed == 2 else ()))

    def is_over(self) -> bool:
        """Return whether Cat has crowned someone."""
        return self.moves >= 3

    def scores(self) -> dict[str, int]:
        """Return the points."""
        return dict(self.points)


class Throne(Engine):
    """Ann and Ben pass; Cat crowns Ann or Ben (+2; seed 2: she may also rest; seed 3: also crown herself, +9);
    then Ben may gain 1. The engine gives the referee's own evaluation: the best score each can still reach."""

    game_id, title, min_players, max_players = "throne", "Throne", 3, 3
    rules = RuleIndex("throne", [])

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.points = {"Ann": 5, "Ben": 4, "Cat": 0}
        self.moves = 0

    def apply(self, event: Event) -> list[Violation]:
        """Pass, crown a player, or gain a point."""
        self.moves += 1
        if event.verb == "crown":
            self.points[event.args] += 9 if event.args == "Cat" else 2
        elif event.verb == "gain":
            self.points[event.actor] += 1
        return []

    def decision(self) -> Decision | None:
        """Ann, Ben, Cat, then Ben again."""
        if self.moves >= 4:
            return None
        if self.moves < 2:
            return Decision(("Ann", "Ben")[self.moves], ("pass",))
        if self.moves == 3:
            return Decision("Ben", ("gain", "pass"))
        extra = {2: ("rest",), 3: ("crown Cat",)}.get(self.setup.seed or 0, ())
        return Decision("Cat", ("crown Ann", "crown Ben") + extra)

    def is_over(self) -> bool:
        """Return whether Ben has made his last move."""
        return self.moves >= 4

    def scores(self) -> dict[str, int]:
        """Return the points."""
        return dict(self.points)

    def best_reachable(self, player: str) -> int:
        """Return the points a player has, plus what their moves still to come may add."""
        still = {"Ann": 0, "Ben": 1 if self.moves < 4 else 0,
                 "Cat": (9 if self.setup.seed == 3 else 2) if self.moves < 3 else 0}
        return self.points[player] + still[player]
