"""What the rules modules may ask of the referee: the bottom of the package's imports.

The move handlers (actions, cards, windows), the legal moves (legal), random play's fast path
(offers) and the bots' heuristic all take the referee as their first argument. They name it by
this protocol, not by `engine.BattleEngine`, so that imports go one way: engine imports them,
they import this module (and state, board, data), and nothing imports engine back.
"""

from __future__ import annotations

from typing import Callable, Mapping, Protocol

from playproof.playtest.engine import Event, Setup, Status, Violation
from playproof.playtest.games.battle_for_seven_cities.data import GameData
from playproof.playtest.games.battle_for_seven_cities.kept import PileCodes, TurnParts
from playproof.playtest.games.battle_for_seven_cities.state import State

Found = list[Violation]
SpecialMoves = Callable[["Referee", str], list[str]]


class Referee(Protocol):
    """The Battle for Seven Cities referee (`engine.BattleEngine`) as the rules modules see it."""

    setup: Setup
    data: GameData
    numbers: Mapping[str, int]
    layout: tuple[tuple[int, int], ...]
    s: State
    special_moves: dict[str, SpecialMoves]
    turn_parts: TurnParts | None
    draw_codes: PileCodes | None

    def option(self, name: str) -> str:
        """Return a variant option's value, or its default."""

    def v(self, rule: str, message: str, event: Event | int, status: Status = Status.VIOLATION) -> Violation:
        """Return a violation of a rule of this game."""

    def scores(self) -> dict[str, int]:
        """Return each player's scoring city count."""

    def forget(self) -> None:
        """Drop what random play's fast path keeps."""

    def advance(self, found: Found) -> None:
        """Move the flow on as far as it goes without anyone's decision."""

    def begin_order(self, first: str) -> None:
        """Give the time-shift card to a player and go to the starting positions."""

    def first_by_clock(self) -> str:
        """Return who holds the clock time nearest the start time."""

    def start_round_draws(self) -> None:
        """Queue the round's draws."""

    def start_turn(self, index: int) -> None:
        """Begin the turn of the player at an index of the player order."""

    def next_turn(self) -> None:
        """Pass to the next player, or end the round."""

    def play_turn(self, k: int, event: Event) -> Found | tuple[Violation, ...]:
        """Apply an offered move of a turn."""

    def play_draw(self, k: int, event: Event) -> Found | tuple[Violation, ...]:
        """Apply an offered draw."""

    def play_discard(self, k: int, event: Event) -> Found | tuple[Violation, ...]:
        """Apply an offered discard."""
