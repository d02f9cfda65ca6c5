"""A game with no referee: its log is recorded, replayed and reported, and no rule is checked.

A designer's new game can be played and logged before any rule is declared. The moves are
kept as written; what the table itself states is remembered for reports: claimed scores
(`table: score Ann 12`), the winner (`table: winner Ann` or `table: winner Ann, Ben`) and
round markers. Whose turn it is follows the seats from the last player who moved.
"""

from __future__ import annotations

from functools import lru_cache

from playproof.playtest.engine import TABLE, Decision, Engine, Event, EventKind, RuleIndex, Setup, Violation

MAX_PLAYERS = 20
"""A generous bound on the number of players of a game nobody has described yet."""


class NoReferee(Engine):
    """Records any move of any player; checks nothing; remembers the table's claimed scores and winner."""

    checks_rules = False
    min_players = 1
    max_players = MAX_PLAYERS

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.claimed: dict[str, int] = {}
        self.declared_winners: list[str] = []
        self.round = ""
        self.next_seat = 0
        self.moves = 0

    def apply(self, event: Event) -> list[Violation]:
        """Remember the round, the table's claims and who moved; nothing is ever a violation."""
        if event.kind is EventKind.MARKER:
            self.round = event.args if event.verb == "round" else self.round
        elif event.actor.lower() == TABLE:
            self._table(event)
        else:
            self.moves += 1
            self._advance(event.actor)
        return []

    def _table(self, event: Event) -> None:
        """Take `table: score NAME N` and `table: winner NAME[, NAME]` into account."""
        verb, words = event.verb.lower(), event.args.replace(",", " ").split()
        if verb == "score" and len(words) == 2 and _is_int(words[1]):
            self.claimed[self._player(words[0])] = int(words[1])
        elif verb == "winner" and words:
            self.declared_winners = [self._player(w) for w in words]

    def _player(self, name: str) -> str:
        """Return a player's name as seated (names are matched case-insensitively)."""
        return next((p for p in self.setup.players if p.lower() == name.lower()), name)

    def _advance(self, actor: str) -> None:
        """The next decision is the next seat's, after whoever moved last."""
        seats = [p.lower() for p in self.setup.players]
        if actor.lower() in seats:
            self.next_seat = (seats.index(actor.lower()) + 1) % len(seats)

    def decision(self) -> Decision | None:
        """Return the next seat as the one to move (any move is accepted), or None once a winner is logged."""
        if self.is_over() or not self.setup.players:
            return None
        return Decision(self.setup.players[self.next_seat], (), "no referee: type what was done")

    def is_over(self) -> bool:
        """The game is over once the table has logged its winner."""
        return bool(self.declared_winners)

    def scores(self) -> dict[str, int]:
        """Return the scores the table claimed (0 for a player with no claim)."""
        return {p: self.claimed.get(p, 0) for p in self.setup.players}

    def winners(self) -> list[str]:
        """Return the winner the table logged, else the best claimed score, else nobody."""
        if self.declared_winners:
            return list(self.declared_winners)
        return super().winners() if self.claimed else []

    def round_label(self) -> str:
        """Return the label of the last round marker."""
        return self.round

    def summary(self) -> str:
        """Say that nothing is refereed, and how much was recorded."""
        return f"no referee: {self.moves} move(s) recorded, no rules checked"


def _is_int(text: str) -> bool:
    """Return True for a whole number, negative ones included."""
    return text.isascii() and text.lstrip("-").isdigit()


@lru_cache(maxsize=None)
def no_referee(game_id: str) -> type[NoReferee]:
    """Return the no-referee engine class of a game id (one class per id)."""
    name = game_id.strip().lower()
    attrs = {"game_id": name, "title": f"{game_id.strip()} (no referee)", "rules": RuleIndex(name, [])}
    return type("NoReferee", (NoReferee,), attrs)
