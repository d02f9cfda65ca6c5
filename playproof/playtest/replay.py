"""Replay a log through its game's engine: reveals filled in, corrections applied, state at any line."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from playproof.errors import Location, PlayproofError, Problem, Problems
from playproof.playtest.engine import PLAIN_EVENT, Engine, Event, EventKind, Setup, Violation
from playproof.playtest.header import engine_and_project, players_errors, setup_of
from playproof.playtest.logmodel import UNKNOWN, Entry, EntryKind, Log


@dataclass
class Corrections:
    """What the log's reveal, undo and amend lines say, as of some line."""

    reveals: dict[int, list[str]] = field(default_factory=dict)
    undone: dict[int, int] = field(default_factory=dict)
    amended: dict[int, Entry] = field(default_factory=dict)

    def add(self, entry: Entry) -> None:
        """Take a reveal, undo or amend line into account."""
        if entry.kind is EntryKind.REVEAL:
            self.reveals.setdefault(entry.target, []).extend(entry.values)
        elif entry.kind is EntryKind.UNDO:
            self.undone[entry.target] = entry.line
        elif entry.kind is EntryKind.AMEND:
            self.amended[entry.target] = entry


def superseded_amends(log: Log, fixes: Corrections) -> dict[int, int]:
    """Return amend lines the table corrected in turn (amended again or undone) -> the line that did it."""
    found: dict[int, int] = {}
    for entry in log.entries:
        if entry.kind is EntryKind.AMEND:
            latest = fixes.amended.get(entry.target)
            if entry.line in fixes.undone:
                found[entry.line] = fixes.undone[entry.line]
            elif latest is not None and latest.line != entry.line:
                found[entry.line] = latest.line
    return found


def as_amended_by(fixes: Corrections, amend: Entry) -> Corrections:
    """Return the corrections with `amend` standing for its target line (neither amended again nor undone)."""
    undone = {line: by for line, by in fixes.undone.items() if line not in (amend.line, amend.target)}
    return Corrections(dict(fixes.reveals), undone, {**fixes.amended, amend.target: amend})


def corrections_of(log: Log, upto: int | None = None) -> Corrections:
    """Return the corrections and reveals of the log's lines up to `upto` (all when None)."""
    found = Corrections()
    kinds = _CORRECTIONS
    if upto is None:  # the whole log (an audit): one test per line
        for entry in log.entries:
            if entry.kind in kinds:
                found.add(entry)
        return found
    for entry in log.entries:
        if entry.line > upto:
            break
        if entry.kind in kinds:
            found.add(entry)
    return found


_CORRECTIONS = frozenset((EntryKind.REVEAL, EntryKind.UNDO, EntryKind.AMEND))


def fill_unknowns(args: str, values: list[str]) -> str:
    """Substitute revealed values into the `?` tokens of a move's arguments, in order."""
    if not values:
        return args
    supply = iter(values)
    return UNKNOWN.sub(lambda m: next(supply, "?"), args)


def events_of(log: Log, upto: int | None = None, corrected: bool = True, revealed: bool = True,
              fixes: Corrections | None = None) -> list[Event]:
    """Return the events the engine sees: moves and markers up to a line, reveals and corrections applied."""
    fixes = corrections_of(log, upto) if fixes is None else fixes
    if not revealed:
        fixes.reveals = {}
    plain = not (fixes.reveals or fixes.undone or fixes.amended)
    if plain and upto is None and PLAIN_EVENT:
        return _plain_events(log)
    move = EntryKind.MOVE
    events: list[Event] = []
    for entry in log.entries:
        if upto is not None and entry.line > upto:
            break
        if plain and entry.kind is move:  # the common case: nothing revealed or corrected
            events.append(Event(entry.line, entry.actor, entry.verb, entry.args))
        elif event := event_of(entry, fixes, corrected):
            events.append(event)
    return events


def _plain_events(log: Log) -> list[Event]:
    """Return the events of a whole log that nothing reveals or corrects (most logs), each move's event made by
    filling its `__dict__` at once (see `PLAIN_EVENT`): equal to `Event(line, actor, verb, args)`."""
    move, marker, kind, new = EntryKind.MOVE, EntryKind.MARKER, EventKind.MOVE, object.__new__
    no_fixes = Corrections()
    events: list[Event] = []
    append = events.append
    for entry in log.entries:
        if entry.kind is move:
            event = new(Event)
            event.__dict__.update(line=entry.line, actor=entry.actor, verb=entry.verb, args=entry.args, kind=kind)
            append(event)
        elif entry.kind is marker:
            append(event_of(entry, no_fixes))
    return events


def event_of(entry: Entry, fixes: Corrections, corrected: bool = True) -> Event | None:
    """Return the event a log line gives the engine (a move or a marker), or None."""
    if entry.kind is EntryKind.MARKER:
        label = entry.value
        args = label[6:].strip() if entry.verb == "round" and label.lower().startswith("round ") else label
        return Event(entry.line, "", entry.verb, args, EventKind.MARKER)
    if entry.kind is EntryKind.MOVE:
        return _move_event(entry, fixes, corrected)
    return None


def amended_event(amend: Entry, fixes: Corrections) -> Event:
    """Return the event of an amend standing for its target (as `as_amended_by` would give it)."""
    return Event(amend.line, amend.actor, amend.verb, fill_unknowns(amend.args, fixes.reveals.get(amend.line, [])))


def _move_event(entry: Entry, fixes: Corrections, corrected: bool) -> Event | None:
    """Return the event of a move line: dropped when undone, replaced when amended."""
    if corrected:
        amend = fixes.amended.get(entry.line)
        if entry.line in fixes.undone or (amend is not None and amend.line in fixes.undone):
            return None
        entry = amend or entry
    args = fill_unknowns(entry.args, fixes.reveals.get(entry.line, []))
    return Event(entry.line, entry.actor, entry.verb, args)


class EngineFailure(PlayproofError):
    """The game's engine raised an exception on a log line (a bug or an unreadable move)."""


@dataclass
class Replay:
    """A log bound to its engine class and setup, replayable up to any line."""

    log: Log
    engine_cls: type[Engine]
    setup: Setup
    problems: list[Problem] = field(default_factory=list)
    playable: bool = True
    """False when the players cannot play this game (none, too many, named twice): no engine can replay it."""

    def engine_at(self, line: int | None = None, corrected: bool = True,
                  revealed: bool = True) -> tuple[Engine, list[Violation]]:
        """Return the engine's state after a line (the whole log when None) and the violations so far."""
        return run(self.engine_cls, self.setup, events_of(self.log, line, corrected, revealed), self.log.name)

    def state_at(self, line: int) -> Engine:
        """Return the engine's state after the given line."""
        return self.engine_at(line)[0]


class RoundScores:
    """Scores at the end of each round, taken while a log is replayed (`observe`, `close`, then `result`)."""

    def __init__(self) -> None:
        self.snapshots: list[tuple[str, dict[str, int]]] = []
        self.marker = ""
        self.current = ""
        self.pending = ""
        """The round of the last event when its scores are not taken yet."""
        self.error: Exception | None = None
        """What the engine raised while scoring (raised again by `result`, so that replaying goes on)."""

    def observe(self, engine: Engine, event: Event) -> None:
        """Note the round an event was played in (the label before it); score a round when its last event is in."""
        if self.error is None:
            try:
                self._observe(engine, event)
            except Exception as exc:  # an engine failing to score must not stop the replay it watches
                self.error = exc

    def _observe(self, engine: Engine, event: Event) -> None:
        """Note an event's round, and the scores after the last event of a round."""
        if event.kind is EventKind.MARKER and event.verb == "round":
            self.marker = event.args
        label = engine.round_label() or self.marker or "1"
        played_in, self.current = self.current or label, label
        self.pending = played_in
        if label != played_in:  # the next event is played in another round: this one's scores are final
            self.snapshots.append((played_in, engine.scores()))
            self.pending = ""

    def close(self, engine: Engine) -> None:
        """Score the round of the last event (call it after the last event, before the engine's `finish`)."""
        if self.pending and self.error is None:
            try:
                self.snapshots.append((self.pending, engine.scores()))
            except Exception as exc:  # kept for `result`, as in `observe`
                self.error = exc
        self.pending = ""

    def result(self) -> list[tuple[str, dict[str, int]]]:
        """Return the scores of every round (raise what the engine raised while scoring)."""
        if self.error is not None:
            raise self.error
        return self.snapshots


def prepare(log: Log, game: str | None = None, base: Path | None = None, engine: str | None = None,
            project: Path | None = None) -> Replay:
    """Bind a log to its game's engine and setup; header problems are collected, not raised (`project`: --project)."""
    engine_cls, found = engine_and_project(log, game, base, engine, project)
    problems = Problems()
    setup = setup_of(log, engine_cls, problems, base, project, found)  # the project is looked for once
    return Replay(log, engine_cls, setup, sorted(list(log.problems) + problems.items, key=line_order),
                  playable=not players_errors(engine_cls, setup.players))


def line_order(problem: Problem) -> tuple[int, int]:
    """Return where a problem sits in its log, for listing problems top to bottom (the whole file first)."""
    where = problem.location
    return (where.line or 0, where.col or 0) if where is not None else (0, 0)


def run(engine_cls: type[Engine], setup: Setup, events: Iterable[Event], name: str = "<log>",
        observe: Callable[[Engine, Event], None] | None = None) -> tuple[Engine, list[Violation]]:
    """Feed events to a fresh engine; return it and every violation (an engine crash raises EngineFailure)."""
    engine = _construct(engine_cls, setup, name)
    found: list[Violation] = []
    apply = engine.apply
    if observe is None:  # an audit: the same loop without the call after each event
        event = None
        events = events if isinstance(events, (list, tuple)) else list(events)
        try:
            for event in events:
                found += apply(event)
        except Exception as exc:  # an engine bug must not look like a clean audit
            line = event.line if event is not None else 0
            raise EngineFailure(f"{name}:{line}: the {engine_cls.game_id} engine failed on this line "
                                f"({exc.__class__.__name__}: {exc})") from exc
        return engine, found
    for event in events:
        try:
            found.extend(apply(event))
        except Exception as exc:  # an engine bug must not look like a clean audit
            raise EngineFailure(f"{name}:{event.line}: the {engine_cls.game_id} engine failed on this line "
                                f"({exc.__class__.__name__}: {exc})") from exc
        if observe is not None:
            observe(engine, event)
    return engine, found


def apply_checked(engine: Engine, event: Event, name: str = "<log>") -> list[Violation]:
    """Apply one event; an engine crash raises EngineFailure naming the line."""
    try:
        return engine.apply(event)
    except Exception as exc:  # an engine bug must not look like a clean audit
        raise EngineFailure(f"{name}:{event.line}: the {engine.game_id} engine failed on this line "
                            f"({exc.__class__.__name__}: {exc})") from exc


def _construct(engine_cls: type[Engine], setup: Setup, name: str) -> Engine:
    """Create the engine for a setup; a setup it refuses becomes a PlayproofError."""
    try:
        return engine_cls(setup)
    except PlayproofError:
        raise
    except Exception as exc:  # engines reject setups (unknown option values) with plain exceptions
        raise EngineFailure(f"{name}: the {engine_cls.game_id} engine cannot set up this game "
                            f"({exc.__class__.__name__}: {exc})") from exc


def problem_of(exc: PlayproofError, name: str) -> Problem:
    """Return an error about a log as a problem located in it (`name:line: message` or `name: message`)."""
    text = str(exc)
    if text.startswith(name + ": "):
        return Problem(Location(name), text[len(name) + 2:])
    head, _, rest = text[len(name) + 1:].partition(": ")
    if text.startswith(name + ":") and head.isascii() and head.isdigit():
        return Problem(Location(name, line=int(head)), rest)
    return Problem(None, text)
