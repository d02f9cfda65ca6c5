"""Bots: given the engine and its decision, choose a move. Random, greedy, and Monte Carlo tree search.

A bot needs only what every engine offers: `decision()` (the legal moves), `apply`, `clone`
(search copies), `determinize` (a copy that hides what the bot may not see), `winners()`,
`scores()` and `heuristic(player)` (how well a player is doing; default: score lead), and, for the
MCTS bot's table of positions, `position_key()` (default: none, no table). The MCTS bot lives in
`playproof.balance.mcts`, the one-move-ahead helpers both search bots share in `lookahead`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Protocol

from playproof.balance.lookahead import Stretch, play, probes, value_of
from playproof.balance.mcts import TURN, MctsBot
from playproof.errors import PlayproofError
from playproof.playtest.engine import Decision, Engine

__all__ = ["Bot", "GreedyBot", "MctsBot", "RandomBot", "TURN", "make_bot", "play", "seat_bots"]


class Bot(Protocol):
    """Something that picks one of the legal moves of a decision."""

    name: str

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return one of `decision.moves`."""


@dataclass
class RandomBot:
    """Uniformly random among the legal moves."""

    name: str = "random"

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return a random legal move."""
        return rng.choice(decision.moves)


@dataclass
class GreedyBot:
    """One move ahead: the move after which the engine's heuristic for the mover is best (ties at random).

    A player who moves many times in a row (a turn of steps) could walk in circles when no step
    changes the heuristic and ending the turn lowers it. After `LONG_STRETCH` moves in a row by the
    same player, greedy remembers the positions it has been in since, and a move back to one of
    them counts as worse than any other, so the stretch ends.
    """

    name: str = "greedy"
    _stretch: Stretch = field(default_factory=Stretch, repr=False, compare=False)

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the move with the best heuristic value one move ahead."""
        watching = self._stretch.follow(engine, decision)
        after = probes(engine, decision)
        values = {m: value_of(p, decision.actor, self._stretch.seen if watching else None) for m, p in after.items()}
        best = max(values.values())
        move = rng.choice([m for m in decision.moves if values[m] == best]) if len(after) > 1 else decision.moves[0]
        self._stretch.expect(after[move])
        return move


MCTS_SPEC = ("mcts[:N or :Ts][:turn, :D or :end] (N iterations or T seconds a move; a leaf scored by the heuristic "
             "after the mover's turn, default, or after D random moves, or random games to the end)")


def make_bot(spec: str) -> Bot:
    """Return a bot from its name: `random`, `greedy` or `mcts[:BUDGET][:ROLLOUT]`.

    BUDGET is N iterations per move (`mcts:200`; default: the seed game's own, `mcts.SEED_BUDGETS`,
    else 100) or T seconds of the searching thread's CPU time per move (`mcts:0.5s`); ROLLOUT is
    what follows the tree before a leaf is scored: `turn` (default) the mover's turn finished by
    sampled greedy moves, then the heuristic; D random player moves, then the heuristic
    (`mcts:200:4`); or `end`, random games played to the end.
    """
    name, _, rest = spec.strip().lower().partition(":")
    if name == "random" and not rest:
        return RandomBot()
    if name == "greedy" and not rest:
        return GreedyBot()
    if name == "mcts":
        return _mcts(spec, *rest.split(":")) if rest else MctsBot()
    raise PlayproofError(f'unknown bot "{spec}" (bots: random, greedy, {MCTS_SPEC})')


def _mcts(spec: str, budget: str, rollout: str = "turn", *extra: str) -> MctsBot:
    """Return an MCTS bot from the parts of its spec after `mcts:`."""
    bad = PlayproofError(f'bot "{spec}": write {MCTS_SPEC}, e.g. mcts:200, mcts:0.5s or mcts:200:4')
    named = {"end": -1, "turn": TURN}
    depth = named.get(rollout, int(rollout) if rollout.isdigit() else None)
    if extra or depth is None:
        raise bad
    if budget.isdigit() and int(budget) > 0:
        return MctsBot(budget=int(budget), rollout=depth)
    try:
        seconds = float(budget[:-1]) if budget.endswith("s") else math.nan
    except ValueError:
        raise bad from None
    if not seconds > 0 or math.isinf(seconds):
        raise bad
    return MctsBot(seconds=seconds, rollout=depth)


def seat_bots(spec: str, players: int) -> list[Bot]:
    """Return one bot per seat from `a,b,c` (the last one fills the remaining seats)."""
    names = [s for s in (part.strip() for part in spec.split(",")) if s] or ["random"]
    if len(names) > players:
        raise PlayproofError(f"--bots names {len(names)} bots for {players} players")
    bots = [make_bot(n) for n in names]
    return bots + [bots[-1]] * (players - len(bots))
