"""Random-legal-move play through an engine: the bot behind `playproof simulate`."""

from __future__ import annotations

import gc
import random
import time
from contextlib import contextmanager
from functools import partial
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from playproof.errors import PlayproofError
from playproof.atomic import write_text_atomic
from playproof.playtest.engine import PLAIN_EVENT, Engine, Event, EventKind, Setup, player_range
from playproof.playtest.logmodel import Entry, EntryKind, render

MAX_EVENTS = 100_000


YOUNG_THRESHOLD = 10_000  # objects made between two collections of the youngest generation (Python's default: 700)


@contextmanager
def collecting_less() -> Iterator[None]:
    """Collect garbage less often while games are played one after another (7 Wonders Leaders 7p: +6-7 %).

    What is loaded by then (the workbook's data, the engine's tables) is frozen out of every collection, and
    young objects are collected after YOUNG_THRESHOLD allocations instead of 700: a game makes few reference
    cycles, so the collector's passes found little and cost time. Everything is restored afterwards.
    """
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, max(before[1], 20), max(before[2], 20))
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


class SimulationError(AssertionError):
    """The engine rejected a move it had itself offered as legal."""


class GameStuck(SimulationError):
    """A random game that cannot go on: nobody has a legal move (`count` 0), or no end after the most moves."""

    def __init__(self, actor: str, count: int, line: int, events: list[Event]) -> None:
        super().__init__(f"no legal move or no end after {line} events: {actor} with {count} moves")
        self.actor, self.count, self.line, self.events = actor, count, line, events


def play_random_game(engine_cls: type[Engine], setup: Setup, rng: random.Random) -> tuple[Engine, list[Event]]:
    """Play one game choosing uniformly among legal moves; return the final engine and events (see random_moves)."""
    engine = engine_cls(setup)
    return engine, random_moves(engine, rng)


def random_moves(engine: Engine, rng: random.Random, limit: int | None = None,
                 round_over: Callable[[str], None] | None = None) -> list[Event]:
    """Play an engine's game to its end choosing uniformly among legal moves; return its events.

    The moves come from `Engine.offer()` (or straight from `decision()` when the engine keeps the
    default offer): the same moves, in the same order, as `decision()`, and the index drawn is the
    one `rng.randrange(count)` draws, itself the index `rng.choice(decision.moves)` draws, so a seed
    plays the same game either way. Only the chosen move is written out, and an
    engine that can applies it without parsing it again. `round_over(label)` is called whenever
    `round_label()` changes (the round just played is over); a game that cannot go on raises GameStuck.
    """
    limit = MAX_EVENTS if limit is None else limit  # (read when called: a test lowers it)
    events: list[Event] = []
    offer_of, apply, append, bits = engine.offer, engine.apply, events.append, bit_source(rng)
    label_of = engine.round_label if round_over is not None else None
    label = label_of() if label_of is not None else ""
    run = runs_of(engine, rng)  # an engine with random runs plays what moves it can itself (see RandomRun)
    # An engine that keeps the default offer() (a wrapper of decision()) is asked for its decision
    # directly: the same moves, without an Offer made for every move.
    decide = engine.decision if type(engine).offer is Engine.offer else None
    line = 0
    while True:
        while run is not None and (done := run(events, line, limit)) != line:
            line = done
            if label_of is not None and (now := label_of()) != label:  # a run stops where its round ends
                round_over(now)  # type: ignore[misc]
                label = now
        if decide is None:
            if (offer := offer_of()) is None:
                break
            actor, count, text, play = offer
        else:
            if (decision := decide()) is None:
                break
            actor, count, text, play = decision.actor, len(decision.moves), decision.moves.__getitem__, None
        if not count or line >= limit:
            raise GameStuck(actor, count, line, events)
        if bits is None:
            k = rng.randrange(count)
        else:  # rng.randrange(count), inlined: the same draws of the same bits
            size = count.bit_length()
            k = bits(size)
            while k >= count:
                k = bits(size)
        verb, _, args = text(k).partition(" ")
        line += 1
        event = quick_event(line, actor, verb, args)
        if found := (apply(event) if play is None else play(k, event)):
            raise SimulationError(f"engine rejected its own legal move {event}: {found}")
        append(event)
        if label_of is not None and (now := label_of()) != label:
            round_over(now)  # type: ignore[misc]
            label = now
    return events


_new = object.__new__


def quick_event(line: int, actor: str, verb: str, args: str) -> Event:
    """Return the move event `Event(line, actor, verb, args)`, made without its generated __init__ where the event
    class allows it (see PLAIN_EVENT): random play makes one per move."""
    if not PLAIN_EVENT:
        return Event(line, actor, verb, args)
    made = _new(Event)
    fields = made.__dict__  # filled key by key: a quarter faster than update() with a dict made for it
    fields["line"] = line
    fields["actor"] = actor
    fields["verb"] = verb
    fields["args"] = args
    fields["kind"] = MOVE
    return made


Bits = Callable[[int], int]
"""`rng.getrandbits`: with it, `rng.randrange(n)` is `getrandbits(n.bit_length())` drawn until below n."""
RandomRun = Callable[[Bits, list[Event], int, int], int]
"""An engine's `random_run(bits, events, line, limit)`, when it has one: plays random moves itself, each index
drawn as `rng.randrange(count)` draws it, from `bits` (see `below`), among the moves `offer()` would offer (the
same moves in the same order, so a seed plays the same game); appends their events numbered after `line` and
returns the last one's line. It stops at `limit` events, when `round_label()` changes, at the end of the game and
wherever `offer()` is to take over (a run may play no move). Random play uses it only with a generator that
`bit_source` accepts; the balance runner asks `components_of` about a run's moves after the run."""


Run = Callable[[list[Event], int, int], int]
"""An engine's random run with the game's generator bound to it: (events, line, limit) -> the last event's line."""


def runs_of(engine: Engine, rng: random.Random) -> Run | None:
    """Return the engine's random runs drawing from the game's generator, if it has runs and they can draw from it."""
    found: RandomRun | None = getattr(engine, "random_run", None)
    bits = bit_source(rng)
    return None if found is None or bits is None else partial(found, bits)


def below(bits: Bits, count: int) -> int:
    """Return the index `rng.randrange(count)` draws: getrandbits(count.bit_length()) drawn until below count."""
    size = count.bit_length()
    k = bits(size)
    while k >= count:
        k = bits(size)
    return k


def bit_source(rng: random.Random) -> Callable[[int], int] | None:
    """Return `rng.getrandbits` when `rng.randrange(n)` is `getrandbits(n.bit_length())` drawn until below n.

    That is how `random.Random` draws an index (`_randbelow_with_getrandbits`); a generator that
    draws otherwise gets None, and its own `randrange` is called.
    """
    cls = type(rng)
    plain = (cls.randrange is random.Random.randrange
             and cls._randbelow is getattr(random.Random, "_randbelow_with_getrandbits", None))  # type: ignore[attr-defined]
    return rng.getrandbits if plain else None


MOVE = EventKind.MOVE


def event_line(event: Event) -> str:
    """Return the log line of a move event: `Actor: verb args`."""
    return f"{event.actor}: {event.text}"


NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
"""Names given to simulated players in seat order (P1, P2... beyond the list)."""


@dataclass
class SimulatedGame:
    """One simulated game: its seed, final scores and log text."""

    seed: int
    events: int
    scores: dict[str, int]
    log: str
    winners: list[str] = field(default_factory=list)


def player_names(count: int) -> tuple[str, ...]:
    """Return names for `count` simulated players."""
    if count <= len(NAMES):
        return NAMES[:count]
    return tuple(f"P{i}" for i in range(1, count + 1))


def game_log(engine_cls: type[Engine], setup: Setup, events: list[Event], folder: Path | None = None,
             bots: str | None = None) -> str:
    """Return a simulated game as log text (header, then one `Actor: verb args` line per event); `folder`: where
    the log is written, so that [Project] is relative to it (a portable log); `bots`: which bots played it,
    written as `[Bots "greedy"]` so that reports tag the game as the bots' and not a table's."""
    from playproof.playtest.projectfind import relative_to, session_stamp

    project = setup.project
    named = relative_to(project, folder) if project is not None and folder is not None else project
    values = {"Game": engine_cls.game_id, "Players": ", ".join(setup.players),
              "Seed": None if setup.seed is None else str(setup.seed),
              "Variant": ", ".join(f"{k}={v}" for k, v in setup.options.items()),
              "Project": str(named) if named else None, **session_stamp(engine_cls, project), "Bots": bots}
    header = [render(Entry(0, EntryKind.HEADER, key=k, value=v)) for k, v in values.items() if v]  # escaped
    return "\n".join(header + [""] + [event_line(e) for e in events]) + "\n"


def simulate_games(engine_cls: type[Engine], players: int, games: int, seed: int,
                   options: dict[str, str] | None = None, project: Path | None = None,
                   folder: Path | None = None) -> Iterator[SimulatedGame]:
    """Play `games` random games (game i uses seed + i) and yield each with its log (`folder`: where the logs
    go, so that they name their project relative to it)."""
    project = project.resolve() if project is not None else None
    for index in range(games):
        game_seed = seed + index
        setup = Setup(player_names(players), dict(options or {}), game_seed, project)
        try:
            engine, events = play_random_game(engine_cls, setup, random.Random(game_seed))
        except PlayproofError:
            raise
        except Exception as exc:  # an engine bug (or a rejected own move) must name the game that shows it
            raise PlayproofError(f"the {engine_cls.game_id} engine failed in the simulated game with seed "
                                 f"{game_seed} ({exc.__class__.__name__}: {exc})") from exc
        yield SimulatedGame(game_seed, len(events), engine.scores(), game_log(engine_cls, setup, events, folder),
                            engine.winners())


@dataclass
class SimulationSummary:
    """What a batch of simulated games showed: speed and wins by seat."""

    title: str
    players: int
    games: int = 0
    events: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    def lines(self) -> list[str]:
        """Return the summary as lines of text."""
        rate = self.games / self.seconds if self.seconds else 0.0
        wins = ", ".join(f"{i + 1}: {w}" for i, w in enumerate(self.wins))
        means = ", ".join(f"{i + 1}: {p / max(1, self.games):.1f}" for i, p in enumerate(self.points))
        return [f"played {self.games} game(s) of {self.title} for {self.players} players: {self.events} events, "
                f"{self.seconds:.2f} s ({rate:.1f} games/s)", f"wins by seat (a shared win counts for each): {wins}",
                f"mean score by seat: {means}"]


def run_simulation(engine_cls: type[Engine], players: int, games: int, seed: int,
                   options: dict[str, str] | None = None, logs: Path | None = None,
                   project: Path | None = None) -> SimulationSummary:
    """Play a batch of random games, optionally writing each log to `logs/<game>-<seed>.log`."""
    if not engine_cls.min_players <= players <= engine_cls.max_players:
        raise PlayproofError(f"{engine_cls.game_id} is for {player_range(engine_cls)}, not {players}")
    _check_options(engine_cls, options or {})
    summary = SimulationSummary(engine_cls.title, players, wins=[0] * players, points=[0] * players)
    if logs is not None:
        write_log(logs, None)
    began = time.perf_counter()
    for played in simulate_games(engine_cls, players, games, seed, options, project, logs):
        # a shared win counts for every seat that shares it
        summary.games, summary.events = summary.games + 1, summary.events + played.events
        for seat, name in enumerate(player_names(players)):
            summary.wins[seat] += name in played.winners
            summary.points[seat] += played.scores.get(name, 0)
        if logs is not None:
            write_log(logs / f"{engine_cls.game_id}-{played.seed}.log", played.log)
    summary.seconds = time.perf_counter() - began
    return summary


def _check_options(engine_cls: type[Engine], options: dict[str, str]) -> None:
    """A simulation plays only options the engine knows (a misspelt one would silently play the base game)."""
    for name in options:
        if name not in engine_cls.options:
            known = ", ".join(engine_cls.options) or "none"
            raise PlayproofError(f'unknown option "{name}" for {engine_cls.game_id} (known options: {known})')


def write_log(path: Path, text: str | None) -> None:
    """Write a log file (or, with no text, create the folder), turning OS errors into one clear error."""
    try:
        if text is None:
            path.mkdir(parents=True, exist_ok=True)
        else:
            write_text_atomic(path, text)
    except OSError as exc:
        raise PlayproofError(f"{path}: cannot write ({exc.strerror or exc})") from exc
