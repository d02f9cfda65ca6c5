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
class _Stretch:
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
        here = _position(engine, decision)
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
        self.expected = _position(after, after.decision())


@dataclass
class GreedyBot:
    """One move ahead: the move after which the engine's heuristic for the mover is best (ties at random).

    A player who moves many times in a row (a turn of steps) could walk in circles when no step
    changes the heuristic and ending the turn lowers it. After `LONG_STRETCH` moves in a row by the
    same player, greedy remembers the positions it has been in since, and a move back to one of
    them counts as worse than any other, so the stretch ends.
    """

    name: str = "greedy"
    _stretch: _Stretch = field(default_factory=_Stretch, repr=False, compare=False)

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the move with the best heuristic value one move ahead."""
        watching = self._stretch.follow(engine, decision)
        probes = _probes(engine, decision)
        values = {m: _value(p, decision.actor, self._stretch.seen if watching else None) for m, p in probes.items()}
        best = max(values.values())
        move = rng.choice([m for m in decision.moves if values[m] == best]) if len(probes) > 1 else decision.moves[0]
        self._stretch.expect(probes[move])
        return move


REPEAT_PENALTY = 1e6


def _probes(world: Engine, decision: Decision) -> dict[str, Engine]:
    """Return a copy of the game after each legal move."""
    probes: dict[str, Engine] = {}
    for move in decision.moves:
        probes[move] = probe = world.clone()
        play(probe, decision.actor, move)
    return probes


def _value(probe: Engine, player: str, seen: set[tuple[object, ...]] | None = None) -> float:
    """Return the heuristic value of a position for a player (back to a `seen` position: far worse)."""
    if probe.is_over():
        return _outcome(probe, player)
    repeat = seen is not None and _position(probe, probe.decision()) in seen
    return probe.heuristic(player) - (REPEAT_PENALTY if repeat else 0.0)


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


TURN = -2
"""`MctsBot.rollout` that finishes the mover's turn with a sampled greedy policy before the heuristic scores it."""


@dataclass
class MctsBot:
    """Monte Carlo tree search with determinization (information-set MCTS, one tree over sampled worlds).

    Each iteration deals what the bot cannot see afresh (`determinize`), walks the tree by UCB1
    over the moves legal in that world and adds one node. By default (`rollout=TURN`) the player
    who made the new node's move then finishes their turn (the moves they make in a row, and other
    players' answers within it when the engine names its `turn_player`) with a sampled greedy
    policy: the best by the heuristic one move ahead of `SAMPLE` random legal moves, at most
    `TURN_STEPS` moves; the table's chance is played until another player's turn. The leaf is then
    scored for every player: a finished game 1 for a win (shared wins split), an unfinished one by
    the engine's heuristic (a lead turned into a reward in (0, 1) by the spread of the leads seen).
    `rollout=D` plays D random player moves instead; `rollout=-1` random games to the end (plain
    MCTS). At the root the moves are ordered by their
    heuristic one move ahead and widened progressively (2 + sqrt(visits) candidates), so with one
    iteration MCTS plays greedy's move. Like greedy, after a long stretch of its own moves in a row
    it never moves back to a position of that stretch. The budget is `budget` iterations per move,
    or `seconds` of CPU time per move when given (then the same seed no longer gives the same moves).
    """

    budget: int = 100
    exploration: float = 0.7
    rollout: int = TURN
    seconds: float | None = None
    name: str = "mcts"
    _stretch: _Stretch = field(default_factory=_Stretch, repr=False, compare=False)

    SAMPLE = 4
    TURN_STEPS = 8

    def choose(self, engine: Engine, decision: Decision, rng: random.Random) -> str:
        """Return the most visited move at the root (ties: the best mean reward) after the budget."""
        watching = self._stretch.follow(engine, decision)
        order, probes = _ordered(engine, decision, rng, self._stretch.seen if watching else None)
        move = order[0] if len(order) == 1 else self._search(engine, decision, rng, order)
        self._stretch.expect(probes[move])
        return move

    def _search(self, engine: Engine, decision: Decision, rng: random.Random, order: list[str]) -> str:
        """Return the most visited root move (ties: the best mean reward) after the budget."""
        root, scale = _Node(decision.actor), _Scale()
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
        node, mover = root, root.actor
        while (decision := world.decision()) is not None and decision.moves:
            node.actor = decision.actor
            if decision.actor == TABLE:  # chance (a deal, a draw): never chosen, only sampled
                move = rng.choice(decision.moves)
            else:
                allowed = [m for m in candidates if m in decision.moves] if node is root else decision.moves
                move = self._select(node, tuple(allowed or decision.moves), rng, node is root)
                path.append((node, move))
                mover = decision.actor
            play(world, decision.actor, move)
            if move not in node.children:
                node.children[move] = _Node("")
                break
            node = node.children[move]
        rewards = self._evaluate(world, rng, mover, scale)
        for visited, move in path:
            visited.visits += 1
            stat = visited.stats.setdefault(move, [0, 0.0])
            stat[0] += 1
            stat[1] += rewards.get(visited.actor, 0.0)

    def _evaluate(self, world: Engine, rng: random.Random, mover: str, scale: _Scale) -> dict[str, float]:
        """Return every player's reward for a leaf, after the rollout this bot plays."""
        if self.rollout == TURN:
            return _finish_turn(world, rng, mover, scale, self.SAMPLE, self.TURN_STEPS)
        if self.rollout < 0:
            return _rewards(_playout(world, rng))
        return _random_moves(world, rng, self.rollout, scale)

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


def _ordered(engine: Engine, decision: Decision, rng: random.Random,
             seen: set[tuple[object, ...]] | None = None) -> tuple[list[str], dict[str, Engine]]:
    """Return the legal moves, best heuristic one move ahead first (in a world the mover may see), and the probes.

    With `seen` (a long stretch of the mover's moves), moves back to a position of the stretch are
    left out, unless every move is one.
    """
    probes = _probes(engine.determinize(decision.actor, rng), decision)
    values = {m: _value(p, decision.actor, seen) for m, p in probes.items()}
    order = sorted(decision.moves, key=lambda m: -values[m])
    fresh = [m for m in order if values[m] > -REPEAT_PENALTY / 2]
    return fresh if seen is not None and fresh else order, probes


def _greedy_move(world: Engine, decision: Decision, rng: random.Random, sample: int) -> str:
    """Return the best move by the heuristic one move ahead among `sample` legal moves drawn at random."""
    moves = rng.sample(decision.moves, min(sample, len(decision.moves)))
    values = {m: _value(p, decision.actor) for m, p in _probes(world, Decision(decision.actor, tuple(moves))).items()}
    return max(moves, key=values.__getitem__)


def _finish_turn(world: Engine, rng: random.Random, mover: str, scale: _Scale, sample: int,
                 steps: int) -> dict[str, float]:
    """Play the mover's turn on (sampled greedy, at most `steps` moves, other players' answers within it
    too), chance until another player's turn; score."""
    while (decision := world.decision()) is not None and decision.moves:
        if decision.actor == TABLE:
            move = rng.choice(decision.moves)
        elif steps <= 0 or (decision.actor != mover and _turn_of(world, decision) != mover):
            break
        else:
            move = _greedy_move(world, decision, rng, sample) if len(decision.moves) > 1 else decision.moves[0]
            steps -= 1
        play(world, decision.actor, move)
    if world.is_over():
        return _rewards(world)
    return {p: scale.reward(world.heuristic(p)) for p in world.setup.players}


def _turn_of(world: Engine, decision: Decision) -> str:
    """Return whose turn it is: the engine's `turn_player` when it names one, else the player deciding.

    An engine whose turns take other players' answers (a defender's discard in a Conflict) names
    the turn's player, so the turn rollout plays those answers (sampled greedy too) before scoring.
    """
    owner = getattr(world, "turn_player", None)
    return owner if isinstance(owner, str) else decision.actor


def _random_moves(world: Engine, rng: random.Random, rollout: int, scale: _Scale) -> dict[str, float]:
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


MCTS_SPEC = ("mcts[:N or :Ts][:turn, :D or :end] (N iterations or T seconds a move; a leaf scored by the heuristic "
             "after the mover's turn, default, or after D random moves, or random games to the end)")


def make_bot(spec: str) -> Bot:
    """Return a bot from its name: `random`, `greedy` or `mcts[:BUDGET][:ROLLOUT]`.

    BUDGET is N iterations per move (`mcts:200`; default 100) or T seconds of CPU per move
    (`mcts:0.5s`); ROLLOUT is what follows the tree before a leaf is scored: `turn` (default) the
    mover's turn finished by sampled greedy moves, then the heuristic; D random player moves, then
    the heuristic (`mcts:200:4`); or `end`, random games played to the end.
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
