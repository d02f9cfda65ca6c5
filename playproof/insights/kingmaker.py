"""Kingmaker moments: a player who can no longer win still decides who does.

In the last round of a finished game, each decision of a player is examined. Where the engine
gives the referee's own evaluation (`Engine.best_reachable`: the highest score a player can still
reach), a player whose best reachable score is below another player's score now can no longer win,
and a move after which only one player can still win decides the game for sure: proof, within the
engine's rules. Where the engine gives none (or a move leaves several players able to win), each
legal move is played out to the end several times with the same bots: when the player wins in none
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
    how: str = "playouts"
    """`referee` when the engine's own evaluation found it all, else `playouts` (bots played some of it out)."""

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


def can_still_win(engine: Engine, player: str) -> bool | None:
    """Return whether a player can still win by the referee's own evaluation (None: the engine gives none).

    A player can still win while the best score they can reach is not below any other player's score
    now (scores never fall: see `Engine.best_reachable`).
    """
    if engine.is_over():
        return player in engine.winners()
    best = engine.best_reachable(player)
    if best is None:
        return None
    scores = engine.scores()
    return best >= max((v for p, v in scores.items() if p != player), default=best)


def referee_winners(engine: Engine) -> tuple[str, ...] | None:
    """Return who wins for sure by the referee's own evaluation (None when it cannot say, or several still can)."""
    if engine.is_over():
        return tuple(sorted(engine.winners()))
    able = [player for player in engine.setup.players if can_still_win(engine, player) is not False]
    return tuple(able) if len(able) == 1 and can_still_win(engine, able[0]) else None


def decided_by(engine: Engine, actor: str, move: str, bots: list[Bot], seats: dict[str, int],
               seed: int) -> tuple[tuple[str, ...] | None, bool]:
    """Return the winners `move` leads to for sure, and whether the referee's evaluation alone said so (else the
    winners every playout after it ends with; None when the playouts disagree or never end)."""
    verb, _, args = move.partition(" ")
    after = engine.clone()
    after.apply(Event(0, actor, verb, args))
    sure = referee_winners(after)
    if sure is not None:
        return sure, True
    found: set[tuple[str, ...] | None] = set()
    for index in range(PLAYOUTS):
        copy = after.clone() if index < PLAYOUTS - 1 else after
        found.add(playout(copy, bots, seats, random.Random(seed * 7919 + index)))
    return (found.pop() if len(found) == 1 else None), False


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
    able = can_still_win(engine, actor)
    if decision is None or len(decision.moves) < 2 or able:
        return None  # the referee says this player can still win: no playout needed
    choices: list[tuple[str, tuple[str, ...]]] = []
    by_referee = able is False
    for move in decision.moves[:MOVES]:
        winners, sure = decided_by(engine, actor, move, bots, seats, seed + number)
        if winners is not None and actor in winners:
            return None  # this player can still win
        if winners is not None:
            choices.append((move, winners))
            by_referee &= sure
    if len({w for _, w in choices}) < 2:
        return None
    return Kingmaker(actor, number, tuple(choices), "referee" if by_referee else "playouts")


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
