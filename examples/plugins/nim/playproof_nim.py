"""Nim as a playproof plugin: a designer's own rules engine in about 100 lines of Python.

Take 1-3 stones in turn; whoever takes the last stone wins, and the table logs the winner.
Install this folder (`pip install examples/plugins/nim`) and playproof finds the engine
through the `playproof.games` entry point in its pyproject.toml; or name it explicitly with
`--engine playproof_nim:Nim` when this folder is on PYTHONPATH. See README.md beside it.
"""

from __future__ import annotations

from playproof.playtest.engine import TABLE, Decision, Engine, Event, EventKind, Rule, RuleIndex, Setup, Status, Violation

GAME_ID = "nim"
RULES = RuleIndex(GAME_ID, [
    Rule(f"{GAME_ID}/1-turn-order", "Players take stones in seat order.", "1"),
    Rule(f"{GAME_ID}/2-take-limit", "Take 1 to 3 stones, never more than are left.", "2",
         "On your turn take one, two or three stones from the heap."),
    Rule(f"{GAME_ID}/3-winner", "Whoever takes the last stone wins; the table records it.", "3"),
])


class Nim(Engine):
    """Nim on one heap: state is the heap, whose turn it is and the winner."""

    game_id = GAME_ID
    title = "Nim"
    rules = RULES
    min_players = 2
    max_players = 3
    options = {"stones": "stones on the heap at the start (default 12)"}

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.heap = int(setup.options.get("stones", "12"))
        self.turn = 0
        self.taken = {p: 0 for p in setup.players}
        self.winner = ""
        self.last = ""
        self.moves_made = 0

    def apply(self, event: Event) -> list[Violation]:
        """Check a take or the table's winner, and apply it."""
        if event.kind is EventKind.MARKER:
            return []
        if event.actor == TABLE:
            return self._declare(event)
        return self._take(event)

    def _take(self, event: Event) -> list[Violation]:
        """Check and apply `take N`."""
        found = []
        expected = self.setup.players[self.turn]
        if event.actor != expected:
            found.append(self.violation("1-turn-order", f"it is {expected}'s turn, not {event.actor}'s", event))
        if event.has_unknown:
            found.append(self.violation("2-take-limit", "how many stones were taken is hidden", event,
                                        Status.UNDETERMINED))
            count = 0
        else:
            count = int(event.args)
            if not 1 <= count <= min(3, self.heap):
                found.append(self.violation("2-take-limit", f"cannot take {count} of {self.heap} stones", event))
        count = max(0, min(count, self.heap))
        self.heap -= count
        self.taken[event.actor] = self.taken.get(event.actor, 0) + count
        self.last = event.actor
        self.moves_made += 1
        self.turn = (self.setup.players.index(event.actor) + 1) % len(self.setup.players) \
            if event.actor in self.setup.players else self.turn
        return found

    def _declare(self, event: Event) -> list[Violation]:
        """The table records the winner: whoever took the last stone."""
        name = event.args
        self.winner = self.last
        if self.heap or name != self.last:
            return [self.violation("3-winner", f"{self.last or 'nobody'} took the last stone, not {name}", event)]
        return []

    def decision(self) -> Decision | None:
        """Return the next take, the table's winner, or None when over."""
        if self.winner:
            return None
        if self.heap == 0:
            return Decision(TABLE, (f"winner {self.last}",))
        player = self.setup.players[self.turn]
        return Decision(player, tuple(f"take {n}" for n in range(1, min(3, self.heap) + 1)), "take stones")

    def is_over(self) -> bool:
        """The game ends once the winner is recorded."""
        return bool(self.winner)

    def scores(self) -> dict[str, int]:
        """Score one point for the winner plus one per ten stones taken."""
        return {p: (10 if p == self.winner else 0) + self.taken[p] for p in self.setup.players}

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Split scores into the win bonus and stones taken."""
        return {p: {"win": 10 if p == self.winner else 0, "stones": self.taken[p]} for p in self.setup.players}

    def round_label(self) -> str:
        """A round is one take by each player."""
        return str(self.moves_made // len(self.setup.players) + 1)

    def summary(self) -> str:
        """Describe the heap."""
        return f"{self.heap} stones left; {self.setup.players[self.turn]} to take"


ENGINE = Nim
