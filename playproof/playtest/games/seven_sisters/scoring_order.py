"""The order the sisters are scored in: the row's, or the order the table announced (ruling 26)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playproof.playtest.engine import Status
from playproof.playtest.games.seven_sisters.data import GameData
from playproof.playtest.games.seven_sisters.state import Table


class ScoringOrder:
    """`table: scoring SISTER`: checked against the row, and followed when the table left it."""

    data: GameData
    table: Table
    step: str
    pass_no: int
    final_pass: int
    final_marked: bool
    reached: dict[int, int]
    announced: dict[int, set[int]]
    pass_order: list[int]
    touched: list[int]
    pending: tuple[str, int] | None
    idx: int

    if TYPE_CHECKING:
        def _default_pending(self, before: str = "") -> None: ...
        def advance(self) -> None: ...
        def report(self, rule: str, message: str, line: int | None = None,
                   status: Status = Status.VIOLATION) -> None: ...
        def follow_table(self, order: list[int]) -> None: ...

    def announce(self, sister: int) -> None:
        """`table: scoring SISTER`: the table scores a sister now; sisters go left to right along the row."""
        names = self.data.sisters
        if self.pass_no == 0 or self.step in ("take", "play"):
            self.report("log-wrong-step", f"No scoring is under way: {names[sister]} is scored once every "
                        "card of the round is played")
            return
        # Until the log marks the final scoring, an announcement speaks of round 4's scoring.
        number = self.pass_no - (self.pass_no == self.final_pass and not self.final_marked)
        position = self.table.order.index(sister)
        if number < self.pass_no and (sister in self.announced.get(number, ()) or
                                      position < self.reached.get(number, -1)):
            number, self.final_marked = self.pass_no, True  # round 4 is past that sister: the final scoring
        order = self.pass_order if number == self.pass_no else self.table.order
        position = order.index(sister)
        heard = self.announced.setdefault(number, set())
        reached = self.reached.get(number, -1)
        if sister in heard:
            self.report("scoring-order", f"{names[sister]} was already scored in this scoring")
        elif position < reached:
            self.report("scoring-order", f"{names[sister]} is scored before {names[order[reached]]}"
                        ": the sisters are scored in order, left to right along the row")
            if number == self.pass_no and sister not in self.touched:
                position = self._follow_announced(sister)
                reached = position
        elif number == self.pass_no:
            self._settle_owed_before(sister)
        heard.add(sister)
        if number == self.pass_no and sister not in self.touched:
            self.touched.append(sister)
        self.reached[number] = max(reached, position)

    def _settle_owed_before(self, sister: int) -> None:
        """The table scores a sister: a favourite's decision still owed at an earlier sister was left out.

        "Starting with the first sister, and continuing in order": Wrath's marker "must move" before the
        next sister is scored, so a move written after this line is no longer due. Buy-backs left out
        are `none`, as everywhere.
        """
        position = self.pass_order.index(sister)
        while self.step == "score" and self.pending is not None and self.idx < position:
            owed = self.pending[0] != "buyback"
            self._default_pending(f" before {self.data.sisters[sister]} is scored" if owed else "")
            self.advance()

    def _follow_announced(self, sister: int) -> int:
        """Score on as the table did (ruling 26): the sisters it named, this one, then the row's rest."""
        done = [s for s in self.touched if s != sister]
        order = done + [sister] + [s for s in self.table.order if s not in done and s != sister]
        self.follow_table(order)
        return len(done)
