"""Bots: given the engine and its decision, choose a move. Random, greedy, and Monte Carlo tree search.

A bot needs only what every engine offers: `decision()` (the legal moves), `apply`, `clone`
(search copies), `determinize` (a copy that hides what the bot may not see), `winners()`,
`scores()` and `heuristic(player)` (how well a player is doing; default: score lead).
"""

from __future__ import annotations

import math
import random
import time
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
    """One move ahead: the move after which the engine's heuristic for the mover is best (ties at random).

    A player who moves many times in a row (a turn of steps) could walk in circles when no step
    changes the heuristic and ending the turn lowers it. After `LONG_STRETCH` moves in a row by the
    same player, greedy remembers the positions it has been in since, and a move back to one of
    them counts as worse than any other, so the stretch ends.
    """

    name: str = "greedy"
    _game: Engine | None = field(default=None, repr=False, compare=False)
    _actor: str = field(default="", repr=False, compare=False)
    _stretch: int = field(default=0, repr=False, compare=False)
    _seen: set[tuple[object, ...]] = field(default_factory=set, repr=False, compare=False)

    LONG_STRETCH = 12
    REPEAT_PENALTY = 1e6

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the move with the best heuristic value one move ahead."""
        watching = self._follow(engine, decision)
        if len(decision.moves) == 1:
            return decision.moves[0]
        best, chosen = -math.inf, []
        for move in decision.moves:
            probe = engine.clone()
            play(probe, decision.actor, move)
            if probe.is_over():
                value = _outcome(probe, decision.actor)
            else:
                value = probe.heuristic(decision.actor)
                if watching and _position(probe, probe.decision()) in self._seen:
                    value -= self.REPEAT_PENALTY
            if value > best:
                best, chosen = value, [move]
            elif value == best:
                chosen.append(move)
        return rng.choice(chosen)

    def _follow(self, engine: Engine, decision: Decision) -> bool:
        """Count the mover's moves in a row; past a long stretch, remember this position. Return whether watching."""
        if engine is not self._game or decision.actor != self._actor:
            self._game, self._actor, self._stretch = engine, decision.actor, 0
            self._seen.clear()
        self._stretch += 1
        if self._stretch <= self.LONG_STRETCH:
            return False
        self._seen.add(_position(engine, decision))
        return True


def _position(engine: Engine, decision: Decision | None) -> tuple[object, ...]:
    """Return what identifies a position for repeat checks: who moves, their moves, and the scores."""
    if decision is None:
        return ("over",)
    return decision.actor, tuple(decision.moves), tuple(sorted(engine.scores().items()))


def _outcome(engine: Engine, player: str) -> float:
    """Return a finished game's value for a player: a win is worth more than any lead."""
    winners = engine.winners()
    return 1e9 / len(winners) if player in winners else engine.heuristic(player)


@dataclass
class _Node:
    """A node of the search tree: visits and rewards per move, for the player to move there."""

    actor: str
    visits: int = 0
    children: dict[str, _Node] = field(default_factory=dict)
    stats: dict[str, list[float]] = field(default_factory=dict)  # move -> [visits, reward]


@dataclass
class _Scale:
    """The spread of the heuristic values a search has met, to turn a lead into a reward in (0, 1)."""

    total: float = 0.0
    count: int = 0

    def reward(self, lead: float) -> float:
        """Return a logistic reward: 0.5 for an even position, about 0.73 for a typical lead."""
        self.total += abs(lead)
        self.count += 1
        spread = max(self.total / self.count, 1e-6)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / spread))))


@dataclass
class MctsBot:
    """Monte Carlo tree search with determinization (information-set MCTS, one tree over sampled worlds).

    Each iteration deals what the bot cannot see afresh (`determinize`), walks the tree by UCB1
    over the moves legal in that world, adds one node, plays `rollout` more player moves at random
    (and the table's chance until a player must decide), and scores the leaf for every player: a
    finished game 1 for a win (shared wins split), an unfinished one by the engine's heuristic (a
    lead turned into a reward in (0, 1) by the spread of the leads seen). `rollout=-1` plays random
    games to the end instead (plain MCTS). At the root the moves are ordered by their heuristic one
    move ahead and widened progressively (2 + sqrt(visits) candidates), so games with many moves
    spend the budget on the promising ones. The budget is `budget` iterations per move, or
    `seconds` of CPU time per move when given (then the same seed no longer gives the same moves).
    """

    budget: int = 200
    exploration: float = 0.7
    rollout: int = 0
    seconds: float | None = None
    name: str = "mcts"

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the most visited move at the root (ties: the best mean reward) after the budget."""
        if len(decision.moves) == 1:
            return decision.moves[0]
        root, scale = _Node(decision.actor), _Scale()
        order = _ordered(engine, decision, rng)
        deadline = time.process_time() + self.seconds if self.seconds is not None else None
        done = 0
        while (done < self.budget) if deadline is None else (done == 0 or time.process_time() < deadline):
            world = engine.determinize(decision.actor, rng)
            self._iterate(root, world, rng, order[:2 + math.isqrt(root.visits)], scale)
            done += 1

        def rank(move: str) -> tuple[float, float]:
            visits, reward = root.stats.get(move, [0, 0.0])
            return visits, reward / visits if visits else 0.0
        return max(order, key=rank)

    def _iterate(self, root: _Node, world: Engine, rng: random.Random, candidates: list[str],
                 scale: _Scale) -> None:
        """Select down the tree, expand one node, roll out, evaluate, and back the rewards up."""
        path: list[tuple[_Node, str]] = []
        node = root
        while (decision := world.decision()) is not None and decision.moves:
            node.actor = decision.actor
            if decision.actor == TABLE:  # chance (a deal, a draw): never chosen, only sampled
                move = rng.choice(decision.moves)
            else:
                allowed = [m for m in candidates if m in decision.moves] if node is root else decision.moves
                move = self._select(node, tuple(allowed or decision.moves), rng, node is root)
                path.append((node, move))
            play(world, decision.actor, move)
            if move not in node.children:
                node.children[move] = _Node("")
                break
            node = node.children[move]
        rewards = _rewards(_playout(world, rng)) if self.rollout < 0 else _evaluate(world, rng, self.rollout, scale)
        for visited, move in path:
            visited.visits += 1
            stat = visited.stats.setdefault(move, [0, 0.0])
            stat[0] += 1
            stat[1] += rewards.get(visited.actor, 0.0)

    def _select(self, node: _Node, moves: tuple[str, ...], rng: random.Random, ordered: bool) -> str:
        """Return an untried legal move (the first, when ordered; else at random), else the best by UCB1."""
        untried = [m for m in moves if m not in node.stats]
        if untried:
            return untried[0] if ordered else rng.choice(untried)
        log_n = math.log(max(1, node.visits))

        def ucb(move: str) -> float:
            visits, reward = node.stats[move]
            return reward / visits + self.exploration * math.sqrt(log_n / visits)
        return max(moves, key=ucb)


def _ordered(engine: Engine, decision: Decision, rng: random.Random) -> list[str]:
    """Return the legal moves, best heuristic one move ahead first (in a world the mover may see)."""
    world = engine.determinize(decision.actor, rng)
    values: dict[str, float] = {}
    for move in decision.moves:
        probe = world.clone()
        play(probe, decision.actor, move)
        values[move] = _outcome(probe, decision.actor) if probe.is_over() else probe.heuristic(decision.actor)
    return sorted(decision.moves, key=lambda m: -values[m])


def _evaluate(world: Engine, rng: random.Random, rollout: int, scale: _Scale) -> dict[str, float]:
    """Play `rollout` random player moves (and chance until a player decides), then score every player."""
    for _ in range(MAX_PLAYOUT_EVENTS):
        decision = world.decision()
        if decision is None or not decision.moves:
            return _rewards(world)
        if decision.actor != TABLE:
            if rollout <= 0:
                break
            rollout -= 1
        play(world, decision.actor, rng.choice(decision.moves))
    return {p: scale.reward(world.heuristic(p)) for p in world.setup.players}


def _playout(engine: Engine, rng: random.Random) -> Engine:
    """Play uniformly random legal moves to the end of the game."""
    for _ in range(MAX_PLAYOUT_EVENTS):
        decision = engine.decision()
        if decision is None or not decision.moves:
            return engine
        play(engine, decision.actor, rng.choice(decision.moves))
    return engine


def _rewards(engine: Engine) -> dict[str, float]:
    """Return each player's reward of a finished game: 1 for a winner (partners in a team game both win),
    0 for a loser, 0.5 each when everybody shares the win (a draw)."""
    winners = engine.winners()
    share = 0.5 if len(winners) == len(engine.setup.players) else 1.0
    return {p: share for p in winners}


MCTS_SPEC = "mcts[:N or :Ts][:D or :end] (N iterations or T seconds a move, D random moves before the heuristic)"


def make_bot(spec: str) -> Bot:
    """Return a bot from its name: `random`, `greedy` or `mcts[:BUDGET][:ROLLOUT]`.

    BUDGET is N iterations per move (`mcts:200`) or T seconds of CPU per move (`mcts:0.5s`);
    ROLLOUT is how many random player moves follow the tree before the heuristic scores the
    position (`mcts:200:4`; default 0), or `end` for random games played to the end.
    """
    name, _, rest = spec.strip().lower().partition(":")
    if name == "random" and not rest:
        return RandomBot()
    if name == "greedy" and not rest:
        return GreedyBot()
    if name == "mcts":
        return _mcts(spec, *rest.split(":")) if rest else MctsBot()
    raise PlayproofError(f'unknown bot "{spec}" (bots: random, greedy, {MCTS_SPEC})')


def _mcts(spec: str, budget: str, rollout: str = "0", *extra: str) -> MctsBot:
    """Return an MCTS bot from the parts of its spec after `mcts:`."""
    bad = PlayproofError(f'bot "{spec}": write {MCTS_SPEC}, e.g. mcts:200, mcts:0.5s or mcts:200:4')
    depth = -1 if rollout == "end" else int(rollout) if rollout.isdigit() else None
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
