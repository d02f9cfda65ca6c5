"""The Monte Carlo tree search bot: information-set MCTS over determinized worlds, with a transposition table.

Its budget is iterations per move (the same seed gives the same moves) or CPU seconds of the thread
that searches (`time.thread_time`): a loaded machine slows the search's clock with it, so a busy
core does not cut the search short, and a run on two cores searches as deep as on one.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Hashable

from playproof.balance.lookahead import REPEAT_PENALTY, Stretch, greedy_step, play, probes, value_of
from playproof.playtest.engine import TABLE, Decision, Engine

MAX_PLAYOUT_EVENTS = 100_000
MAX_DEPTH = 1_000
"""A walk down the tree stops after this many moves (a table may join positions into a cycle)."""

DEFAULT_BUDGET = 100
"""Iterations per move of `mcts` with no budget named, in a game that is not a seed game."""
SEED_BUDGETS: dict[str, int] = {
    "battle-for-seven-cities": 20, "who-will-reign": 100, "seven-sisters": 60, "7-wonders-leaders": 50,
    "four-sisters": 250,
}
"""Iterations per move of `mcts` with no budget named, in a seed game: a budget measured to beat greedy
at about 1 CPU second a game or less (benchmarks/RESULTS.md, "Issue 25, item 6"). Four Sisters' edge
is small (29.9 % [26.4, 33.7] of the wins at 250 over 600 games, against an even 25 %; 400 did no better)."""

TURN = -2
"""`MctsBot.rollout` that finishes the mover's turn with a sampled greedy policy before the heuristic scores it."""


@dataclass(eq=False)
class Node:
    """A position of the search: how often a walk passed it and every player's rewards summed over those walks.

    `children` maps a move to the node it leads to; with a transposition table two moves (or two
    orders of moves) that reach the same position lead to the same node and share its statistics.
    """

    actor: str
    visits: int = 0
    totals: dict[str, float] = field(default_factory=dict)
    children: dict[str, Node] = field(default_factory=dict)

    def mean(self, player: str) -> float:
        """Return a player's mean reward over the walks through this node (0 before any)."""
        return self.totals.get(player, 0.0) / self.visits if self.visits else 0.0

    def edges(self) -> dict[str, tuple[int, float]]:
        """Return each move searched here: the visits of the node it leads to and its mean reward for this actor."""
        return {m: (c.visits, round(c.mean(self.actor), 12)) for m, c in self.children.items()}


@dataclass
class Scale:
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
class Search:
    """One move's search: the root, the table of positions met (None: the engine gives no keys), the reward scale."""

    root: Node
    table: dict[Hashable, Node] | None
    scale: Scale = field(default_factory=Scale)

    def child(self, node: Node, move: str, world: Engine) -> tuple[Node, bool]:
        """Return the node a move leads to (the table's node for that position, if met before) and whether it is new."""
        key = world.position_key() if self.table is not None else None
        found = self.table.get(key) if key is not None and self.table is not None else None
        if found is None:
            found = Node("")
            if key is not None and self.table is not None:
                self.table[key] = found
        node.children[move] = found
        return found, found.visits == 0

    def descend(self, move: str, actor: str) -> Search | None:
        """Return this search from the node a root move leads to, when it is the same player's next decision."""
        child = self.root.children.get(move)
        if child is None or not child.visits or child.actor != actor:
            return None
        self.root = child
        return self


@dataclass
class MctsBot:
    """Monte Carlo tree search with determinization (information-set MCTS, one tree over sampled worlds).

    Each iteration deals what the bot cannot see afresh (`determinize`), walks the tree by UCB1
    over the moves legal in that world and adds one node. When the engine gives positions a key
    (`Engine.position_key`), a table of positions joins the nodes of positions reached by different
    orders of moves: they share their visits and rewards. By default (`rollout=TURN`) the player
    who made the new node's move then finishes their turn (the moves they make in a row, and other
    players' answers within it when the engine names its `turn_player`) with a sampled greedy
    policy: the best by the heuristic one move ahead of `SAMPLE` random legal moves, at most
    `TURN_STEPS` moves; the table's chance is played until another player's turn. The leaf is then
    scored for every player: a finished game 1 for a win (shared wins split), an unfinished one by
    the engine's heuristic (a lead turned into a reward in (0, 1) by the spread of the leads seen).
    `rollout=D` plays D random player moves instead; `rollout=-1` random games to the end (plain
    MCTS). At the root the moves are ordered by their heuristic one move ahead and widened
    progressively (2 + sqrt(visits) candidates), so with one iteration MCTS plays greedy's move.
    Like greedy, after a long stretch of its own moves in a row it never moves back to a position
    of that stretch. The budget is `budget` iterations per move (None: the game's `SEED_BUDGETS`, else
    `DEFAULT_BUDGET`), or `seconds` of the searching thread's CPU time per move when given (then the
    same seed no longer gives the same moves).
    """

    budget: int | None = None
    exploration: float = 0.7
    rollout: int = TURN
    seconds: float | None = None
    name: str = "mcts"
    _stretch: Stretch = field(default_factory=Stretch, repr=False, compare=False)
    _kept: Search | None = field(default=None, repr=False, compare=False)

    SAMPLE = 4
    TURN_STEPS = 8

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the most visited move at the root (ties: the best mean reward) after the budget."""
        watching = self._stretch.follow(engine, decision)
        kept, self._kept = (self._kept if self._stretch.count > 1 else None), None
        order, after = _ordered(engine, decision, rng, self._stretch.seen if watching else None)
        if len(order) == 1:
            move = order[0]
        else:
            search = self._run(engine, decision, rng, order, kept)
            move = self._best(search.root, order)
            self._kept = search.descend(move, decision.actor)
        self._stretch.expect(after[move])
        return move

    def search(self, engine: Engine, decision: Decision, rng: random.Random,
               order: list[str] | None = None) -> Node:
        """Search a decision afresh for the budget and return the root (`order`: the root's moves, best first)."""
        return self._run(engine, decision, rng, order or _ordered(engine, decision, rng)[0], None).root

    def _run(self, engine: Engine, decision: Decision, rng: random.Random, order: list[str],
             kept: Search | None) -> Search:
        """Search from a kept search's root (the node of this position), or afresh, until the budget is spent."""
        if kept is None:
            fresh, key = Node(decision.actor), engine.position_key()
            kept = Search(fresh, None if key is None else {key: fresh})
        root = kept.root
        deadline = time.thread_time() + self.seconds if self.seconds is not None else None
        budget = self.budget if self.budget is not None else SEED_BUDGETS.get(engine.game_id, DEFAULT_BUDGET)
        done = start = root.visits
        while (done < budget) if deadline is None else (done == start or time.thread_time() < deadline):
            world = engine.determinize(decision.actor, rng)
            self._iterate(kept, world, rng, order[:2 + math.isqrt(root.visits)])
            done += 1
        return kept

    @staticmethod
    def _best(root: Node, order: list[str]) -> str:
        """Return the most visited root move (ties: the best mean reward; then the first in order)."""
        def rank(move: str) -> tuple[float, float]:
            child = root.children.get(move)
            return (child.visits, child.mean(root.actor)) if child is not None else (0, 0.0)
        return max(order, key=rank)

    def _iterate(self, search: Search, world: Engine, rng: random.Random, candidates: list[str]) -> None:
        """Select down the tree, expand one node, roll out, evaluate, and back the rewards up."""
        root = search.root
        path, on_path = [root], {id(root)}
        node, mover = root, root.actor
        while (decision := world.decision()) is not None and decision.moves and len(path) < MAX_DEPTH:
            node.actor = decision.actor
            if decision.actor == TABLE:  # chance (a deal, a draw): never chosen, only sampled
                move = rng.choice(decision.moves)
            else:
                allowed = [m for m in candidates if m in decision.moves] if node is root else decision.moves
                move = self._select(node, tuple(allowed or decision.moves), rng, node is root)
                mover = decision.actor
            play(world, decision.actor, move)
            known = node.children.get(move)
            node, new = (known, False) if known is not None else search.child(node, move, world)
            if id(node) in on_path:  # the table closed a cycle: score the position where it closes
                break
            path.append(node)
            on_path.add(id(node))
            if new:
                break
        rewards = self._evaluate(world, rng, mover, search.scale)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for player, reward in rewards.items():
                totals[player] = totals.get(player, 0.0) + reward

    def _evaluate(self, world: Engine, rng: random.Random, mover: str, scale: Scale) -> dict[str, float]:
        """Return every player's reward for a leaf, after the rollout this bot plays."""
        if self.rollout == TURN:
            return finish_turn(world, rng, mover, scale, self.SAMPLE, self.TURN_STEPS)[1]
        if self.rollout < 0:
            return rewards_of(_playout(world, rng))
        return _random_moves(world, rng, self.rollout, scale)

    def _select(self, node: Node, moves: tuple[str, ...], rng: random.Random, ordered: bool) -> str:
        """Return an untried legal move (the first, when ordered; else at random), else the best by UCB1."""
        children = node.children
        untried = [m for m in moves if m not in children or not children[m].visits]
        if untried:
            return untried[0] if ordered else rng.choice(untried)
        log_n = math.log(max(1, node.visits))
        actor, c = node.actor, self.exploration

        def ucb(move: str) -> float:
            child = children[move]
            return child.totals.get(actor, 0.0) / child.visits + c * math.sqrt(log_n / child.visits)
        return max(moves, key=ucb)


def _ordered(engine: Engine, decision: Decision, rng: random.Random,
             seen: set[tuple[object, ...]] | None = None) -> tuple[list[str], dict[str, Engine]]:
    """Return the legal moves, best heuristic one move ahead first (in a world the mover may see), and the probes.

    With `seen` (a long stretch of the mover's moves), moves back to a position of the stretch are
    left out, unless every move is one.
    """
    after = probes(engine.determinize(decision.actor, rng), decision, reuse=True)
    values = {m: value_of(p, decision.actor, seen) for m, p in after.items()}
    order = sorted(decision.moves, key=lambda m: -values[m])
    fresh = [m for m in order if values[m] > -REPEAT_PENALTY / 2]
    return fresh if seen is not None and fresh else order, after


def finish_turn(world: Engine, rng: random.Random, mover: str, scale: Scale, sample: int,
                steps: int) -> tuple[Engine, dict[str, float]]:
    """Play the mover's turn on (sampled greedy, at most `steps` moves, other players' answers within it
    too), chance until another player's turn; return the game after it (`world` or a copy) and the rewards."""
    while (decision := world.decision()) is not None and decision.moves:
        if decision.actor == TABLE:
            play(world, decision.actor, rng.choice(decision.moves))
        elif steps <= 0 or (decision.actor != mover and _turn_of(world, decision) != mover):
            break
        else:
            if len(decision.moves) > 1:
                world = greedy_step(world, decision, rng, sample)
            else:
                play(world, decision.actor, decision.moves[0])
            steps -= 1
    if world.is_over():
        return world, rewards_of(world)
    return world, {p: scale.reward(world.heuristic(p)) for p in world.setup.players}


def _turn_of(world: Engine, decision: Decision) -> str:
    """Return whose turn it is: the engine's `turn_player` when it names one, else the player deciding.

    An engine whose turns take other players' answers (a defender's discard in a Conflict) names
    the turn's player, so the turn rollout plays those answers (sampled greedy too) before scoring.
    """
    owner = getattr(world, "turn_player", None)
    return owner if isinstance(owner, str) else decision.actor


def _random_moves(world: Engine, rng: random.Random, rollout: int, scale: Scale) -> dict[str, float]:
    """Play `rollout` random player moves (and chance until a player decides), then score every player."""
    for _ in range(MAX_PLAYOUT_EVENTS):
        decision = world.decision()
        if decision is None or not decision.moves:
            return rewards_of(world)
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


def rewards_of(engine: Engine) -> dict[str, float]:
    """Return each player's reward of a finished game: 1 for a winner (partners in a team game both win),
    0 for a loser, 0.5 each when everybody shares the win (a draw)."""
    winners = engine.winners()
    share = 0.5 if len(winners) == len(engine.setup.players) else 1.0
    return {p: share for p in winners}
