"""One move ahead: copies of a game after each legal move, their value for the mover, and stretches of moves in a row.

What the greedy bot and the MCTS bot share. A copy is `Engine.clone` (a search bot's world from
`determinize` may itself be used up for the last move: `reuse`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from playproof.playtest.engine import Decision, Engine, Event

REPEAT_PENALTY = 1e6


def play(engine: Engine, actor: str, move: str, line: int = 0) -> None:
    """Apply a move (`verb args`) by an actor to an engine."""
    verb, _, args = move.partition(" ")
    engine.apply(Event(line, actor, verb, args))


def probes(world: Engine, decision: Decision, reuse: bool = False) -> dict[str, Engine]:
    """Return a copy of the game after each legal move (with `reuse`, `world` itself becomes the last one)."""
    found: dict[str, Engine] = {}
    last = len(decision.moves) - 1
    for i, move in enumerate(decision.moves):
        found[move] = probe = world if reuse and i == last else world.clone()
        play(probe, decision.actor, move)
    return found


def greedy_step(world: Engine, decision: Decision, rng: random.Random, sample: int) -> Engine:
    """Play the best move by the heuristic one move ahead among `sample` legal moves drawn at random.

    Return the game after it: a copy, or `world` itself (the last move drawn is played on it, one copy
    fewer). Ties go to the first move drawn.
    """
    moves = rng.sample(decision.moves, min(sample, len(decision.moves)))
    best, best_value = world, 0.0
    for i, move in enumerate(moves):
        probe = world if i == len(moves) - 1 else world.clone()
        play(probe, decision.actor, move)
        value = value_of(probe, decision.actor)
        if i == 0 or value > best_value:
            best, best_value = probe, value
    return best


def value_of(probe: Engine, player: str, seen: set[tuple[object, ...]] | None = None) -> float:
    """Return the heuristic value of a position for a player (back to a `seen` position: far worse)."""
    if probe.is_over():
        return outcome(probe, player)
    repeat = seen is not None and position(probe, probe.decision()) in seen
    return probe.heuristic(player) - (REPEAT_PENALTY if repeat else 0.0)


def position(engine: Engine, decision: Decision | None) -> tuple[object, ...]:
    """Return what identifies a position for repeat checks: who moves, their moves, and the scores."""
    if decision is None:
        return ("over",)
    return decision.actor, tuple(decision.moves), tuple(sorted(engine.scores().items()))


def outcome(engine: Engine, player: str) -> float:
    """Return a finished game's value for a player: a win is worth more than any lead."""
    winners = engine.winners()
    return 1e9 / len(winners) if player in winners else engine.heuristic(player)


@dataclass
class Stretch:
    """A player's moves in a row in one game and, past `LONG_STRETCH` of them, the positions met since.

    A bot sees only its own decisions, so a stretch goes on only while each decision is the position
    its last move led to (`expect`): another player's move or the table's chance in between ends it.
    """

    game: Engine | None = None
    count: int = 0
    expected: tuple[object, ...] | None = None
    seen: set[tuple[object, ...]] = field(default_factory=set)

    LONG_STRETCH = 12

    def follow(self, engine: Engine, decision: Decision) -> bool:
        """Count the mover's moves in a row; past a long stretch, remember this position. Return whether watching."""
        here = position(engine, decision)
        if engine is not self.game or here != self.expected:
            self.game, self.count = engine, 0
            self.seen.clear()
        self.count += 1
        self.expected = None
        if self.count <= self.LONG_STRETCH:
            return False
        self.seen.add(here)
        return True

    def expect(self, after: Engine) -> None:
        """Remember the position the move chosen leads to (a copy of the game after it)."""
        self.expected = position(after, after.decision())
