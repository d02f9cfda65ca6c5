"""The recorder: validate each line typed at the table, store it, and keep the engine's state current."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Callable

from playproof.errors import PlayproofError, Problem, Severity
from playproof.playtest.engine import TABLE, Decision, Engine, Event, EventKind, Status, Violation
from playproof.playtest.games import find_project, resolve_engine
from playproof.playtest.logmodel import Entry, EntryKind, Log, render
from playproof.playtest.logparse import parse_line, parse_log
from playproof.playtest.projectfind import is_project, portable_text, session_stamp, set_header
from playproof.playtest.replay import EngineFailure, Replay, events_of, line_order, prepare, problem_of
from playproof.playtest.store import SessionInfo, Store

Clock = Callable[[], float]
STAMPED = (EntryKind.MOVE, EntryKind.MARKER, EntryKind.REVEAL, EntryKind.UNDO, EntryKind.AMEND, EntryKind.NOTE,
           EntryKind.QUESTION)


def header_lines(game: str, players: list[str], project: str | None = None, variant: str = "",
                 setup: str = "", seed: int | None = None, today: date | None = None,
                 engine: str | None = None, stamp: dict[str, str] | None = None) -> list[str]:
    """Return the header of a new session's log ([Engine] names a Python engine given with --engine;
    `stamp`: [Referee], [Components] and [Content], see session_stamp)."""
    values = {"Game": game, "Players": ", ".join(players), "Date": (today or date.today()).isoformat(),
              "Project": project, "Variant": variant, "Setup": setup, "Seed": None if seed is None else str(seed),
              "Engine": engine, **(stamp or {})}
    return [render(Entry(0, EntryKind.HEADER, key=key, value=value)) for key, value in values.items() if value] + [""]


def split_players(text: str) -> list[str]:
    """Return the players of a comma-separated list, or raise when fewer than one is named."""
    players = [p.strip() for p in text.split(",") if p.strip()]
    if not players:
        raise PlayproofError('--players needs names separated by commas, e.g. --players "Ann,Ben,Cat"')
    return players


def elapsed_text(seconds: float) -> str:
    """Return seconds as h:mm:ss."""
    whole = max(0, int(seconds))
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


@dataclass(frozen=True)
class Outcome:
    """What entering a line did: the line stored and the findings on it (none means ✓)."""

    entry: Entry
    findings: list[Violation]
    warnings: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """Return the verdict as lines to show at the table."""
        if self.entry.kind not in (EntryKind.MOVE, EntryKind.AMEND, EntryKind.REVEAL, EntryKind.UNDO):
            return [f"recorded line {self.entry.line}"] + [f"warning: {w}" for w in self.warnings]
        if not self.findings:
            return [f"✓ line {self.entry.line}" + _DONE.get(self.entry.kind, "").format(self.entry.target)]
        return [_verdict(v) for v in self.findings]


_DONE = {EntryKind.UNDO: ": line {} taken back", EntryKind.AMEND: ": line {} amended",
         EntryKind.REVEAL: ": line {} revealed"}
"""What a correction or reveal did, said after its ✓ (the table sees which line it touched)."""


def _verdict(violation: Violation) -> str:
    """Return one finding as shown at the table."""
    if violation.status is Status.UNDETERMINED:
        return f"? line {violation.line} {violation.rule}: {violation.message} (cannot tell yet)"
    return f"✗ line {violation.line} {violation.rule}: {violation.message}"


class Recorder:
    """One session being recorded: its stored log and the engine replaying it."""

    def __init__(self, store: Store, session: int, clock: Clock = time.time, take_over: bool = False,
                 what: str = "a recorder", engine: str | None = None, hold: bool = True,
                 project: Path | None = None) -> None:
        self.store, self.session, self.clock, self.token = store, session, clock, ""
        self.info = store.info(session)
        if self.info.ended:  # `end` closes a session for good: its report no longer changes
            raise PlayproofError(f"session {session} ended at {self.info.ended}; it takes no more lines")
        self.log = parse_log(store.text(session), f"session {session}")
        self.engine_spec = engine
        self.replay = _prepare_session(self.log, self.info, engine, project)  # project: where it is now
        self.engine, self.found = self.replay.engine_at()
        if hold:
            self.hold(what, take_over)

    def hold(self, what: str, take_over: bool = False) -> None:
        """Become the session's one writer (a recorder made with hold=False does so only while it writes)."""
        if not self.token:
            self.token = self.store.acquire(self.session, self, what, take_over)

    def close(self) -> None:
        """Free the session for another recorder."""
        if self.token:
            self.store.release(self.session, self.token)
            self.token = ""

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @classmethod
    def start(cls, store: Store, game: str, players: list[str], project: Path | None = None, variant: str = "",
              setup: str = "", timed: bool = True, clock: Clock = time.time, seed: int | None = None,
              engine: str | None = None, hold: bool = True) -> Recorder:
        """Create a session for a game (its project named, or ./<game> when that is one) and return its recorder."""
        project = (project or find_project(game))
        project = project.resolve() if project else None
        engine_cls = resolve_engine(game, project, engine)
        lines = header_lines(engine_cls.game_id, players, str(project) if project else None, variant, setup, seed,
                             engine=engine, stamp=session_stamp(engine_cls, project, engine))
        game_id = engine_cls.game_id
        problems = _errors(prepare(parse_log("\n".join(lines) + "\n", "new session"), game_id,
                                   engine=engine, project=project).problems)
        if problems:
            raise PlayproofError(problems[0].message)
        session = store.create(game_id, ", ".join(players), lines, clock(), timed,
                               str(project) if project else None)
        return cls(store, session, clock, what="playtest start", engine=engine, hold=hold)

    def decision(self) -> Decision | None:
        """Return the pending decision (whose turn, legal moves), or None when the game is over."""
        return self.engine.decision()

    def enter(self, text: str) -> Outcome:
        """Validate, store and apply one log line; a line that cannot be read raises PlayproofError."""
        if "\n" in text.strip() or "\r" in text.strip():  # one stored row is one log line, or numbering breaks
            raise PlayproofError("a line cannot hold a line break; enter one line at a time")
        if not text.strip():
            raise PlayproofError("nothing to record: the line is empty")
        text = self._stamp(self._complete(text.strip()))
        log = parse_log(self.store.text(self.session) + text + "\n", self.log.name)
        entry = log.entries[-1]
        if entry.kind is EntryKind.ERROR:
            raise PlayproofError(f"line {entry.line}:{entry.col}: {entry.error}")
        if entry.kind is EntryKind.HEADER:
            self._check_header(log, entry)
        self.store.append(self.session, text, self.token or None)  # raises StoreError/SessionHeld: NOT stored
        caught_up = entry.line == len(self.log.entries) + 1  # else another process added lines meanwhile
        self.log.entries, self.log.problems = log.entries, log.problems
        if not caught_up:
            self.engine, self.found = self.replay.engine_at()
            return Outcome(entry, [v for v in self.found if v.line == entry.line])
        findings = self._apply(entry)
        warnings = tuple(p.message for p in self.replay.problems  # e.g. an option the engine does not know
                         if p.severity is Severity.WARNING and p.location is not None and p.location.line == entry.line)
        return Outcome(entry, findings, warnings)

    def _check_header(self, log: Log, entry: Entry) -> None:
        """A header typed before the first event must give a setup the engine accepts (checked before storing)."""
        replay = _prepare_session(log, self.info, self.engine_spec)
        bad = [p for p in _errors(replay.problems) if p.location is not None and p.location.line == entry.line]
        if bad:
            raise PlayproofError(f"line {entry.line}: {bad[0].message}")
        replay.engine_at()  # an engine refusing the new setup raises here, before anything is stored

    def _complete(self, text: str) -> str:
        """Put the player to move in front of a bare move (`take 2` -> `Ann: take 2`)."""
        probe = parse_line(text, 1, Log("probe"))
        try:
            decision = self.decision()
        except Exception:  # an engine that cannot tell whose turn it is: the line must name its actor
            decision = None
        keyword = text.split(" ", 1)[0].lower() in ("reveal", "undo", "amend", "note")
        if probe.kind is not EntryKind.ERROR or decision is None or ":" in text or keyword:
            return text
        verb = text.split(" ", 1)[0].lower()
        if verb in getattr(self.engine, "table_verbs", ()):
            raise PlayproofError(f"`{verb}` is the table's move: write `table: {text.strip()}` (a bare move is the "
                                 "player's to move)")
        if decision.actor != TABLE:
            return f"{decision.actor}: {text}"
        mover = str(getattr(self.engine, "turn_player", "") or "")  # a bare move is a player's, never the table's
        if not mover or text.strip() in decision.moves:
            raise PlayproofError(f"the table is to decide now ({' | '.join(decision.moves[:3])}): write "
                                 f"`table: {text.strip()}` for the table's move, or name the player who moves")
        return f"{mover}: {text}"

    def _stamp(self, text: str) -> str:
        """Put the elapsed time in front of an event line of a timed session."""
        probe = parse_line(text, 1, Log("probe"))
        if not self.info.timed or probe.kind not in STAMPED or probe.elapsed:
            return text
        return f"{elapsed_text(self.clock() - self.info.started_at)} {text}"

    def _apply(self, entry: Entry) -> list[Violation]:
        """Bring the engine up to date with a new line; return the findings on that line."""
        if entry.kind in (EntryKind.MOVE, EntryKind.MARKER):
            event = events_of(self.log, entry.line)[-1:]
            return self._feed(event) if event and event[0].line == entry.line else []
        if entry.kind is EntryKind.HEADER:  # the setup changed: replay from the start with the new header
            self.replay = _prepare_session(self.log, self.info, self.engine_spec)
            self.engine, self.found = self.replay.engine_at()
            return []
        if entry.kind in (EntryKind.REVEAL, EntryKind.UNDO, EntryKind.AMEND):
            self.engine, self.found = self.replay.engine_at()
            line = entry.target if entry.kind is EntryKind.REVEAL else entry.line
            return [v for v in self.found if v.line == line]
        return []

    def _feed(self, events: list[Event]) -> list[Violation]:
        """Apply new events to the live engine."""
        found: list[Violation] = []
        for event in events:
            try:
                found += self.engine.apply(event)
            except Exception as exc:  # an engine bug: the line is stored already, say so in one error line
                raise EngineFailure(f"the {self.engine.game_id} engine failed on line {event.line} "
                                    f"({exc.__class__.__name__}: {exc}); the line is stored") from exc
        self.found += found
        return found

    def undo_last(self) -> Outcome:
        """Take back the last move still in play."""
        played = [e.line for e in events_of(self.log) if e.kind is EventKind.MOVE]
        if not played:
            raise PlayproofError("nothing to undo: no move recorded yet")
        return self.enter(f"undo {played[-1]}")

    def end(self) -> list[Violation]:
        """Mark the session ended and return the engine's findings for an unfinished game."""
        self.store.end(self.session, self.token or None)
        return self.engine.finish()

    def warnings(self) -> list[str]:
        """Return the warnings about the session's header (an option the engine does not know)."""
        return [p.message for p in self.replay.problems if p.severity is Severity.WARNING]

    @property
    def engine_class(self) -> type[Engine]:
        """Return the session's engine class."""
        return self.replay.engine_cls


def round_text(label: str) -> str:
    """Return a round label for people: `2` becomes `round 2`; `Round 2` or `Age II` stay as they are."""
    return f"round {label}" if label and not any(c.isalpha() for c in label) else label


def state_lines(replay: Replay, line: int) -> list[str]:
    """Return the game's state after a line of a log: round, summary, scores and the pending decision."""
    last = replay.log.entries[-1].line if replay.log.entries else 0
    if line > last:
        raise PlayproofError(f"line {line} is past the end of the log (last line {last})")
    engine, found = replay.engine_at(line)
    try:
        return _describe(engine, line) + [f"{len(found)} finding(s) so far"]
    except Exception as exc:  # an engine bug must end in one error line
        raise EngineFailure(f"the {engine.game_id} engine failed describing its state after line {line} "
                            f"({exc.__class__.__name__}: {exc})") from exc


def _describe(engine: Engine, line: int) -> list[str]:
    """Return the round, summary, scores and pending decision of an engine's state."""
    label, summary = round_text(engine.round_label()) or engine.title, engine.summary()
    if summary.lower().startswith(label.lower()):  # the summary names the round itself: say it once
        lines = [f"after line {line}: {summary}"]
    else:
        lines = [f"after line {line}: {label}"] + ([summary] if summary else [])
    lines.append("scores: " + ", ".join(f"{p} {s}" for p, s in engine.scores().items()))
    decision = engine.decision()
    lines.append(f"next: {decision.actor} ({len(decision.moves)} legal moves)" if decision else "the game is over")
    return lines


def _errors(problems: list[Problem]) -> list[Problem]:
    """Return the problems that are errors (warnings do not stop a session)."""
    return [p for p in problems if p.severity is Severity.ERROR]


def session_log(store: Store, session: int) -> Log:
    """Return a stored session's log."""
    return parse_log(store.text(session), f"session {session}")


def portable_log(store: Store, session: int, folder: Path) -> Log:
    """Return a stored session's log as it is exported into `folder`: [Project] relative to it (playtest export)."""
    log = session_log(store, session)
    stored = _existing(store.info(session).project)
    return parse_log(portable_text(log, stored, folder), log.name) if stored is not None else log


def session_replay(store: Store, session: int, engine: str | None = None, project: Path | None = None) -> Replay:
    """Return a stored session bound to its engine (`project`: the game project, where it is now)."""
    return _prepare_session(session_log(store, session), store.info(session), engine, project)


def _prepare_session(log: Log, info: SessionInfo, engine: str | None = None, project: Path | None = None) -> Replay:
    """Bind a session's log to its engine, with the project given, else the one stored while it is still there."""
    given = project if project is not None else _existing(info.project)
    return prepare(log, info.game, engine=engine, project=given)


def _existing(stored: str | None) -> Path | None:
    """Return a stored project folder that still holds a project, else None (the log's header is searched)."""
    return Path(stored) if stored and is_project(Path(stored)) else None


def import_log(store: Store, path: Path, engine: str | None = None) -> int:
    """Store a log file as a new session (refused when it has errors); return the session id."""
    from playproof.playtest.logparse import read_log

    log = read_log(path)
    try:
        replay = prepare(log, base=path.parent, engine=engine)
    except PlayproofError as exc:  # no engine for it: the lines that could not be read come first
        _refuse_errors(sorted(log.problems, key=line_order) + [problem_of(exc, log.name)], path)
        raise
    _refuse_errors(replay.problems, path)
    project = replay.setup.project
    values = {**session_stamp(replay.engine_cls, None, engine), **({"Project": str(project.resolve())} if project else {})}
    text = set_header(log, values) if values else log.text()
    lines = text.split("\n")[:-1] if log.final_newline else text.split("\n")  # a stored log names its folder
    return store.create(replay.engine_cls.game_id, ", ".join(replay.setup.players), lines, 0.0, False,
                        str(replay.setup.project) if replay.setup.project else None)


def _refuse_errors(problems: list[Problem], path: Path) -> None:
    """Raise the first error of a log being imported, saying how many more there are."""
    if errors := _errors(problems):
        more = f" (and {len(errors) - 1} more; `playproof audit {path}` lists them)" if len(errors) > 1 else ""
        raise PlayproofError(f"{errors[0]}{more}")
