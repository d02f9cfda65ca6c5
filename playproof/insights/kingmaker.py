"""Kingmaker moments: a player who can no longer win still decides who does.

Found by playouts through the referee: in the last round of a finished game, each legal move of a
player is played out to the end several times with the same bots. When the player wins in none
of the playouts and two of their moves lead, every time, to different winners, the player is a
kingmaker at that decision. Playouts are evidence, not proof: "can no longer win" means "won no
playout", and the winners are those the bots make. A recorded session is replayed (corrections
applied) and its last round examined the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playproof.balance.bots import Bot
from playproof.playtest.engine import Engine, Event, Setup

if TYPE_CHECKING:
    from playproof.playtest.audit import AuditResult

PLAYOUTS = 3
"""Playouts of each move: a move whose playouts end with different winners decides nothing for sure."""
MOVES = 8
"""The most moves of one decision looked at (the first ones the engine offers)."""
PLAYOUT_MOVES = 2_000
"""A playout longer than this is abandoned (the move then decides nothing for sure)."""


@dataclass(frozen=True)
class Kingmaker:
    """One kingmaker moment: who, at which move of the game, and which of their moves makes whom win."""

    player: str
    move_number: int
    choices: tuple[tuple[str, tuple[str, ...]], ...]
    """(move, the winners it leads to) for the moves that decide for sure."""

    def text(self) -> str:
        """Return `Cat can no longer win but decides who does at move 41: take 2 -> Ann; take 1 -> Ben`."""
        choices = "; ".join(f"{move} -> {', '.join(winners) or 'nobody'}" for move, winners in self.choices)
        return f"{self.player} can no longer win but decides who does at move {self.move_number}: {choices}"


def playout(engine: Engine, bots: list[Bot], seats: dict[str, int], rng: random.Random) -> tuple[str, ...] | None:
    """Play a copy of the game to its end with the bots; return its winners (None when it does not end)."""
    for line in range(PLAYOUT_MOVES):
        decision = engine.decision()
        if decision is None:
            return tuple(sorted(engine.winners()))
        if not decision.moves:
            return None
        seat = seats.get(decision.actor)
        move = bots[seat].choose(engine, decision, rng) if seat is not None else rng.choice(decision.moves)
        verb, _, args = move.partition(" ")
        engine.apply(Event(line, decision.actor, verb, args))
    return None


def decided_by(engine: Engine, actor: str, move: str, bots: list[Bot], seats: dict[str, int],
               seed: int) -> tuple[str, ...] | None:
    """Return the winners every playout after `move` ends with (None when the playouts disagree or never end)."""
    found: set[tuple[str, ...] | None] = set()
    for index in range(PLAYOUTS):
        copy = engine.clone()
        verb, _, args = move.partition(" ")
        copy.apply(Event(0, actor, verb, args))
        found.add(playout(copy, bots, seats, random.Random(seed * 7919 + index)))
    return found.pop() if len(found) == 1 else None


def kingmaker_in(engine_cls: type[Engine], setup: Setup, bots: list[Bot],
                 played: list[tuple[str, Event]]) -> Kingmaker | None:
    """Return the first kingmaker moment of a finished game's last round (`played`: round label and event)."""
    if not played:
        return None
    last = played[-1][0]
    seats = {name: seat for seat, name in enumerate(setup.players)}
    engine = engine_cls(setup)
    for number, (label, event) in enumerate(played, start=1):
        if label == last and event.actor in seats:
            found = _moment(engine, event.actor, number, bots, seats, setup.seed or 0)
            if found is not None:
                return found
        engine.apply(event)
    return None


def _moment(engine: Engine, actor: str, number: int, bots: list[Bot], seats: dict[str, int],
            seed: int) -> Kingmaker | None:
    """Return a kingmaker moment at this decision, or None (the actor can still win, or decides nothing)."""
    decision = engine.decision()
    if decision is None or len(decision.moves) < 2:
        return None
    choices: list[tuple[str, tuple[str, ...]]] = []
    for move in decision.moves[:MOVES]:
        winners = decided_by(engine, actor, move, bots, seats, seed + number)
        if winners is not None and actor in winners:
            return None  # this player can still win
        if winners is not None:
            choices.append((move, winners))
    if len({w for _, w in choices}) < 2:
        return None
    return Kingmaker(actor, number, tuple(choices))


def played_of(engine_cls: type[Engine], setup: Setup, events: list[Event]) -> list[tuple[str, Event]]:
    """Return a recorded game's events, each with the round it was played in; empty unless the game ended."""
    engine = engine_cls(setup)
    played: list[tuple[str, Event]] = []
    for event in events:
        played.append((engine.round_label(), event))
        engine.apply(event)
    return played if engine.is_over() else []


def session_kingmaker(result: AuditResult, bots: str = "greedy") -> Kingmaker | None:
    """Return the first kingmaker moment in the last round of an audited session that ended (bots play it out)."""
    from playproof.balance.bots import seat_bots
    from playproof.playtest.replay import events_of

    replay = result.replay
    if replay is None or not replay.playable or not replay.engine_cls.checks_rules:
        return None
    played = played_of(replay.engine_cls, replay.setup, events_of(result.log))
    return kingmaker_in(replay.engine_cls, replay.setup, seat_bots(bots, len(replay.setup.players)), played)
