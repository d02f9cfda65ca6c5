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
