"""Play many games with bots, in batches: in this process, on every core, or on a Ray cluster.

Game i is played with seed `seed + i` (the table's chance and the bots' choices draw from it),
and batches are fixed by the number of games alone and summed in order, so the same seed gives
the same numbers whatever the number of processes or machines.
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from playproof.balance.bots import Bot, RandomBot, seat_bots
from playproof.balance.stats import GameResult, Summary
from playproof.errors import PlayproofError
from playproof.limits import MAX_GAMES, MAX_PLAYERS, check_at_most
from playproof.playtest.engine import Engine, Event, Setup, move_kind, player_range
from playproof.playtest.holdings import held_by_seat
from playproof.playtest.simulate import (MAX_EVENTS, GameStuck, SimulationError, collecting_less, game_log,
                                        player_names, quick_event, random_moves, write_log)

BATCH = 50
"""Games per batch: a worker's unit of work (big enough to amortize sending it, small enough to spread)."""

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) after each batch."""


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play its games: the game as the command line named it, and how to play."""

    game: str
    players: int
    games: int
    seed: int = 1
    bots: str = "random"
    options: tuple[tuple[str, str], ...] = ()
    project: str | None = None
    engine: str | None = None
    logs: str | None = None
    """A folder where each game's log is written as `<game>-<seed>.log` (by the machine that played it)."""
    max_moves: int = MAX_EVENTS
    """A game with no end after this many moves is reported (with its seed) as unfinished."""

    def setup(self, index: int) -> Setup:
        """Return the setup of game `index`."""
        project = Path(self.project) if self.project else None
        return Setup(player_names(self.players), dict(self.options), self.seed + index, project)


@lru_cache(maxsize=8)
def _engine_class(game: str, project: str | None, engine: str | None) -> type[Engine]:
    """Return the referee of a plan's game (resolved once per process; workers resolve it themselves)."""
    from playproof.playtest.games import resolve_engine

    found = resolve_engine(game, Path(project) if project else None, engine)
    if not found.checks_rules:
        raise PlayproofError(f'"{game}" has no referee: bots need its legal moves')
    return found


def engine_class(plan: Plan) -> type[Engine]:
    """Return the engine class that plays a plan, checking the number of players and of games."""
    check_at_most("--players", plan.players, MAX_PLAYERS, "players at one table")
    check_at_most("--games", plan.games, MAX_GAMES, "games in one run")
    found = _engine_class(plan.game, plan.project, plan.engine)
    if not found.min_players <= plan.players <= found.max_players:
        raise PlayproofError(f"{found.game_id} is for {player_range(found)}, not {plan.players}")
    return found


class UnfinishedGame(PlayproofError):
    """A simulated game that cannot go on: no legal move, or no end after the most moves a game may take."""

    def __init__(self, game: str, seed: int | None, reason: str, moves: list[str], state: str = "") -> None:
        """Keep the game's seed, why it cannot go on, the last moves and the engine's state."""
        super().__init__(f"{game}: {reason} (seed {seed})")
        self.seed, self.reason, self.moves, self.state = seed, reason, moves, state

    def to_dict(self) -> dict[str, object]:
        """Return the unfinished game as JSON-ready data: its seed, why, the last moves and the state."""
        return {"seed": self.seed, "reason": self.reason, "last_moves": self.moves, "state": self.state}


LAST_MOVES = 12
"""How many of the moves that led to a stuck game are reported with it."""


def _stuck(engine: Engine, setup: Setup, reason: str, events: list[Event] | None,
           recent: list[tuple[str, str]]) -> UnfinishedGame:
    """Return the error of a game that cannot go on, with the moves that led there and the engine's state."""
    moves = ([f"{e.actor}: {e.text}" for e in events[-LAST_MOVES:]] if events
             else [f"{actor}: {move}" for actor, move in recent[-LAST_MOVES:]])
    try:
        state = engine.summary()
    except Exception:  # a state that cannot be described leaves the report without it
        state = ""
    return UnfinishedGame(engine.game_id, setup.seed, reason, moves, state)


Step = tuple[str, int, str, Callable[[Event], Sequence[object]] | None]
"""The pending decision's actor, its number of moves, the move chosen, and how to apply it (None: `apply`)."""


def play_game(engine_cls: type[Engine], setup: Setup, bots: list[Bot], rng: random.Random,
              index: int = 0, events: list[Event] | None = None, max_moves: int = MAX_EVENTS) -> GameResult:
    """Play one game (bots at the seats, chance at random) and return what it showed (moves kept in `events`).

    When every seat plays at random, the game is played by `random_moves` (`_random_game`), the loop of
    `play_random_game`: moves from `Engine.offer()` and the engine's random runs, written and applied without being
    parsed again where the engine can. Otherwise every move comes from `decision()`, a seat's bot choosing and
    chance drawn as `rng.choice(decision.moves)` draws (`_bot_step`). A seed plays the same game either way.
    """
    engine = engine_cls(setup)
    if all(isinstance(bot, RandomBot) for bot in bots):
        return _random_game(engine, setup, rng, index, events, max_moves)
    seats = {name: seat for seat, name in enumerate(setup.players)}
    taken: dict[str, list[int]] = {}
    label = engine.round_label()
    moves, labels, by_round = 0, {label}, []
    recent: list[tuple[str, str]] = []
    while (pending := _bot_step(engine, seats, bots, rng)) is not None:
        actor, count, move, play = pending
        if not count:
            raise _stuck(engine, setup, f"no legal move for {actor or 'the table'} after {moves} moves", events,
                         recent)
        if moves >= max_moves:
            raise _stuck(engine, setup, f"no end after {moves} moves", events, recent)
        moves += 1
        event = Event(moves, actor, *_split(move))
        if events is None:  # the last moves are kept to show how a stuck game got there
            recent.append((actor, move))
            if len(recent) > 2 * LAST_MOVES:
                del recent[:LAST_MOVES]
        seat = seats.get(actor)
        if seat is not None:
            _note_taken(taken, engine.components_of(event), seat)
        if events is not None:
            events.append(event)
        if found := (engine.apply(event) if play is None else play(event)):
            raise SimulationError(f"engine rejected its own legal move {event}: {found}")
        if (now := engine.round_label()) != label:  # the round just played is over: its scores are final
            by_round.append(_seat_scores(engine, setup.players))
            label = now
            labels.add(now)
    return _finished(engine, setup.players, index, moves, taken, labels, by_round)


def _random_game(engine: Engine, setup: Setup, rng: random.Random, index: int, events: list[Event] | None,
                 max_moves: int) -> GameResult:
    """Play a game with every seat at random through `random_moves` (the loop `play_random_game` plays: the same
    moves `decision()` offers, drawn as `rng.choice` would draw them), scores taken as each round ends; what each
    seat took is read from the moves afterwards (`components_of` reads a move, not the table)."""
    players = setup.players
    labels, by_round = {engine.round_label()}, []

    def round_over(label: str) -> None:
        by_round.append(_seat_scores(engine, players))
        labels.add(label)

    try:
        played = random_moves(engine, rng, max_moves, round_over)
    except GameStuck as stuck:
        if events is not None:
            events += stuck.events
        who = stuck.actor or "the table"
        reason = f"no legal move for {who} after {stuck.line} moves" if not stuck.count else \
            f"no end after {stuck.line} moves"
        raise _stuck(engine, setup, reason, stuck.events, []) from None
    if events is not None:
        events += played
    return _finished(engine, players, index, len(played), _taken_in(engine, players, played), labels, by_round)


def _finished(engine: Engine, players: tuple[str, ...], index: int, moves: int, taken: dict[str, list[int]],
              labels: set[str], by_round: list[list[int]]) -> GameResult:
    """Return a finished game's result, with the scores of each round (the last one's now) for its arc."""
    final = _seat_scores(engine, players)
    by_round.append(final)
    winners = set(engine.winners())
    rounds = len(labels - {""})
    return GameResult(index, list(final), [s for s, p in enumerate(players) if p in winners], moves, rounds or 1, taken,
                      held=held_by_seat(engine, players), by_round=by_round if rounds else [])  # no rounds: no arc


def _seat_scores(engine: Engine, players: tuple[str, ...]) -> list[int]:
    """Return the scores now, by seat."""
    scores = engine.scores()
    return [scores.get(p, 0) for p in players]


def _bot_step(engine: Engine, seats: dict[str, int], bots: list[Bot], rng: random.Random) -> Step | None:
    """Return the seat's bot's move (chance at random) from the pending decision (None when the game is over)."""
    decision = engine.decision()
    if decision is None:
        return None
    if not decision.moves:
        return decision.actor, 0, "", None
    seat = seats.get(decision.actor)
    move = bots[seat].choose(engine, decision, rng) if seat is not None else rng.choice(decision.moves)
    return decision.actor, len(decision.moves), move, None


def _split(move: str) -> tuple[str, str]:
    """Return (verb, args) of a move text."""
    verb, _, args = move.partition(" ")
    return verb, args


def _taken_in(engine: Engine, players: Sequence[str], played: list[Event]) -> dict[str, list[int]]:
    """Return what each seat took in a game's moves: `components_of` asked once per distinct move of a seat (it
    reads the move, not the table), in the order the moves were first made."""
    seats = {name: seat for seat, name in enumerate(players)}
    taken: dict[str, list[int]] = {}
    if type(engine).components_of is not Engine.components_of:
        seen: set[tuple[str, str, str]] = set()
        for event in played:
            seat = seats.get(event.actor)
            if seat is None or (key := (event.actor, event.verb, event.args)) in seen:
                continue  # the table's moves take nothing; a seat's move made before noted what it takes
            seen.add(key)
            _note_taken(taken, engine.components_of(event), seat)
        return taken
    for actor, verb, args in dict.fromkeys(map(_MOVE_KEY, played)):  # each distinct move once, without a loop
        seat = seats.get(actor)
        if seat is not None:  # the table's moves take nothing
            _note_taken(taken, _move_kind(verb, args), seat)
    return taken


_MOVE_KEY = attrgetter("actor", "verb", "args")
"""What tells two moves apart: who made it and what it says."""


@lru_cache(maxsize=4096)
def _move_kind(verb: str, args: str) -> tuple[str, ...]:
    """Return what a move takes by default (`move_kind`: its verb and first word), kept for the moves seen most."""
    return move_kind(quick_event(0, "", verb, args))


def _note_taken(taken: dict[str, list[int]], components: Iterable[str], seat: int) -> None:
    """Remember that a seat took each of some components (once per game)."""
    for component in components:
        seats = taken.setdefault(component, [])
        if seat not in seats:
            seats.append(seat)


def run_batch(plan: Plan, start: int, count: int) -> Summary:
    """Play games start..start+count-1 of a plan and return their summary (a worker's task)."""
    engine_cls = engine_class(plan)
    bots = seat_bots(plan.bots, plan.players)
    summary = Summary(plan.players, cooperative=engine_cls.cooperative)
    began = time.perf_counter()
    with collecting_less():
        _play_batch(plan, engine_cls, bots, summary, range(start, start + count))
    summary.seconds = time.perf_counter() - began
    return summary


def _play_batch(plan: Plan, engine_cls: type[Engine], bots: list[Bot], summary: Summary, indices: range) -> None:
    """Play the games of a batch, adding each result (or its unfinished game) to the summary."""
    for index in indices:
        setup = plan.setup(index)
        events: list[Event] | None = [] if plan.logs else None
        try:
            summary.add(play_game(engine_cls, setup, bots, random.Random(setup.seed), index, events, plan.max_moves))
        except UnfinishedGame as stuck:  # reported with its seed; the other games go on
            summary.unfinished.append(stuck.to_dict())
            if events is not None and plan.logs:  # the moves that led there, to audit or replay
                folder = Path(plan.logs)
                write_log(folder / log_name(engine_cls.game_id, setup.seed),
                          game_log(engine_cls, setup, events, folder, plan.bots))
            continue
        except PlayproofError:
            raise
        except Exception as exc:  # an engine bug must name the game that shows it
            raise PlayproofError(f"the {engine_cls.game_id} engine failed in the simulated game with seed "
                                 f"{setup.seed} ({exc.__class__.__name__}: {exc})") from exc
        if events is not None and plan.logs:
            folder = Path(plan.logs)  # the log names its project relative to this folder
            write_log(folder / log_name(engine_cls.game_id, setup.seed),
                      game_log(engine_cls, setup, events, folder, plan.bots))


def log_name(game_id: str, seed: int) -> str:
    """Return the file name of a simulated game's log: `<game>-<seed>.log`, always inside the --logs folder."""
    return f"{Path(game_id).name or 'game'}-{seed}.log"


def batches(games: int, size: int = BATCH) -> Iterator[tuple[int, int]]:
    """Yield (start, count) of each batch of a run, as needed: fixed by the number of games alone."""
    return ((start, min(size, games - start)) for start in range(0, games, size))


def _run_task(task: tuple[Plan, int, int]) -> Summary:
    """Run one batch (the picklable entry point of a process pool)."""
    return run_batch(*task)


def combine(parts: Iterable[Summary], plan: Plan, progress: Progress | None = None) -> Summary:
    """Merge batch summaries in order into one, reporting progress as they arrive."""
    total = Summary(plan.players)
    for part in parts:
        total.merge(part)
        if progress is not None:
            progress(total.games, plan.games)
    return total


def run_local(plan: Plan, jobs: int = 1, progress: Progress | None = None) -> Summary:
    """Play a plan in this process (jobs=1) or over a pool of `jobs` processes; return its summary."""
    engine_class(plan)  # a plan the engine refuses fails here, before any worker starts
    tasks = ((plan, start, count) for start, count in batches(plan.games))
    began = time.perf_counter()
    if jobs <= 1:
        total = combine((_run_task(t) for t in tasks), plan, progress)
    else:
        total = combine(_pool_map(tasks, jobs), plan, progress)
    total.seconds = time.perf_counter() - began
    return total


def _pool_map(tasks: Iterator[tuple[Plan, int, int]], jobs: int) -> Iterator[Summary]:
    """Yield the tasks' summaries in order from a pool of worker processes, a few batches in flight at a time.

    (Pool.imap would take every task from the iterator at once: a billion games were a billion batches in memory.)
    """
    import multiprocessing
    from collections import deque

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        flight: deque[Any] = deque(pool.apply_async(_run_task, (t,)) for t in itertools.islice(tasks, 2 * jobs))
        while flight:
            summary = flight.popleft().get()
            following = next(tasks, None)
            if following is not None:
                flight.append(pool.apply_async(_run_task, (following,)))
            yield summary
