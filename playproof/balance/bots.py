"""Bots: given the engine and its decision, choose a move. Random, greedy, and Monte Carlo tree search.

A bot needs only what every engine offers: `decision()` (the legal moves), `apply`, `clone`
(search copies), `determinize` (a copy that hides what the bot may not see), `winners()`,
`scores()` and `heuristic(player)` (how well a player is doing; default: score lead).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Protocol

from playproof.errors import PlayproofError
from playproof.playtest.engine import TABLE, Decision, Engine, Event

MAX_PLAYOUT_EVENTS = 100_000


class Bot(Protocol):
    """Something that picks one of the legal moves of a decision."""

    name: str

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return one of `decision.moves`."""


def play(engine: Engine, actor: str, move: str, line: int = 0) -> None:
    """Apply a move (`verb args`) by an actor to an engine."""
    verb, _, args = move.partition(" ")
    engine.apply(Event(line, actor, verb, args))


@dataclass
class RandomBot:
    """Uniformly random among the legal moves."""

    name: str = "random"

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return a random legal move."""
        return rng.choice(decision.moves)


@dataclass
class GreedyBot:
    """One move ahead: the move after which the engine's heuristic for the mover is best (ties at random)."""

    name: str = "greedy"

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the move with the best heuristic value one move ahead."""
        if len(decision.moves) == 1:
            return decision.moves[0]
        best, chosen = -math.inf, []
        for move in decision.moves:
            probe = engine.clone()
            play(probe, decision.actor, move)
            value = _outcome(probe, decision.actor) if probe.is_over() else probe.heuristic(decision.actor)
            if value > best:
                best, chosen = value, [move]
            elif value == best:
                chosen.append(move)
        return rng.choice(chosen)


def _outcome(engine: Engine, player: str) -> float:
    """Return a finished game's value for a player: a win is worth more than any lead."""
    winners = engine.winners()
    return 1e9 / len(winners) if player in winners else engine.heuristic(player)


@dataclass
class _Node:
    """A node of the search tree: visits and wins per move, for the player to move there."""

    actor: str
    visits: int = 0
    children: dict[str, _Node] = field(default_factory=dict)
    stats: dict[str, list[float]] = field(default_factory=dict)  # move -> [visits, reward]


@dataclass
class MctsBot:
    """Monte Carlo tree search with determinization (information-set MCTS, one tree over sampled worlds).

    Each iteration deals what the bot cannot see afresh (`determinize`), walks the tree by UCB1
    over the moves legal in that world, adds one node, plays the rest at random, and scores the
    result for every player (1 for a win, shared wins split). `budget` iterations per move.
    """

    budget: int = 200
    exploration: float = 0.7
    name: str = "mcts"

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the most visited move at the root after `budget` iterations."""
        if len(decision.moves) == 1:
            return decision.moves[0]
        root = _Node(decision.actor)
        for _ in range(self.budget):
            world = engine.determinize(decision.actor, rng)
            self._iterate(root, world, rng)
        ranked = sorted(decision.moves, key=lambda m: (root.stats.get(m, [0, 0])[0], m), reverse=True)
        return ranked[0]

    def _iterate(self, root: _Node, world: Engine, rng: random.Random) -> None:
        """Select down the tree, expand one node, play out, and back the result up."""
        path: list[tuple[_Node, str]] = []
        node = root
        while (decision := world.decision()) is not None and decision.moves:
            node.actor = decision.actor
            if decision.actor == TABLE:  # chance (a deal, a draw): never chosen, only sampled
                move = rng.choice(decision.moves)
            else:
                move = self._select(node, decision.moves, rng)
                path.append((node, move))
            play(world, decision.actor, move)
            if move not in node.children:
                node.children[move] = _Node("")
                break
            node = node.children[move]
        rewards = _rewards(_playout(world, rng))
        for visited, move in path:
            visited.visits += 1
            stat = visited.stats.setdefault(move, [0, 0.0])
            stat[0] += 1
            stat[1] += rewards.get(visited.actor, 0.0)

    def _select(self, node: _Node, moves: tuple[str, ...], rng: random.Random) -> str:
        """Return an untried legal move at random, else the legal move with the best UCB1 value."""
        untried = [m for m in moves if m not in node.stats]
        if untried:
            return rng.choice(untried)
        log_n = math.log(max(1, node.visits))

        def ucb(move: str) -> float:
            visits, reward = node.stats[move]
            return reward / visits + self.exploration * math.sqrt(log_n / visits)
        return max(moves, key=ucb)


def _playout(engine: Engine, rng: random.Random) -> Engine:
    """Play uniformly random legal moves to the end of the game."""
    for _ in range(MAX_PLAYOUT_EVENTS):
        decision = engine.decision()
        if decision is None or not decision.moves:
            return engine
        play(engine, decision.actor, rng.choice(decision.moves))
    return engine


def _rewards(engine: Engine) -> dict[str, float]:
    """Return each player's reward of a finished game: 1 shared among the winners."""
    winners = engine.winners()
    return {p: 1.0 / len(winners) for p in winners} if winners else {}


def make_bot(spec: str) -> Bot:
    """Return a bot from its name: `random`, `greedy`, `mcts` or `mcts:N` (N iterations per move)."""
    name, _, budget = spec.strip().lower().partition(":")
    if name == "random" and not budget:
        return RandomBot()
    if name == "greedy" and not budget:
        return GreedyBot()
    if name == "mcts":
        if budget and not budget.isdigit():
            raise PlayproofError(f'bot "{spec}": the MCTS budget is a whole number of iterations, e.g. mcts:200')
        return MctsBot(budget=int(budget) if budget else MctsBot.budget)
    raise PlayproofError(f'unknown bot "{spec}" (bots: random, greedy, mcts, mcts:N)')


def seat_bots(spec: str, players: int) -> list[Bot]:
    """Return one bot per seat from `a,b,c` (the last one fills the remaining seats)."""
    names = [s for s in (part.strip() for part in spec.split(",")) if s] or ["random"]
    if len(names) > players:
        raise PlayproofError(f"--bots names {len(names)} bots for {players} players")
    bots = [make_bot(n) for n in names]
    return bots + [bots[-1]] * (players - len(bots))
