"""The sessions a server records: recorders kept per session, run on one writer thread, seen as views.

Every read and write of the session store happens on a single worker thread (SQLite connections
belong to the thread that opened them, and one thread is one writer): the web handlers await
`Tables.run(...)`. A line is in the database before `enter` returns.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable, TypeVar

from playproof.errors import PlayproofError
from playproof.playtest.catalog import games_in, project_of
from playproof.playtest.projectfind import is_project
from playproof.playtest.engine import Status, Violation
from playproof.playtest.games import load_engine_spec
from playproof.playtest.logjson import to_jsonl
from playproof.playtest.logmodel import Entry, EntryKind
from playproof.playtest.recorder import Outcome, Recorder, portable_log, round_text, session_log, session_replay, \
    split_players
from playproof.playtest.replay import EngineFailure
from playproof.playtest.store import SessionInfo, Store

T = TypeVar("T")
Clock = Callable[[], float]
MOVE_KINDS = (EntryKind.MOVE, EntryKind.AMEND, EntryKind.REVEAL, EntryKind.UNDO)


@dataclass(frozen=True)
class Finding:
    """A finding on a line as the page shows it."""

    rule: str
    message: str
    open: bool
    """True when hidden information still decides it (`?`)."""


@dataclass(frozen=True)
class LineView:
    """One stored log line with its verdict and what the table may still do with it."""

    number: int
    text: str
    kind: str
    mark: str
    """`✓`, `✗`, `?` for moves and corrections; empty for notes, markers, headers, comments."""
    findings: tuple[Finding, ...] = ()
    undone_by: int = 0
    amended_by: int = 0
    hidden: int = 0
    """How many `?` of a move are still to reveal."""
    move: str = ""
    """`Actor: verb args` of a move still in play (what an amend starts from)."""


@dataclass(frozen=True)
class View:
    """What every device at the table sees of a session."""

    session: int
    game: str
    title: str
    players: str
    lines: tuple[LineView, ...]
    actor: str | None
    prompt: str
    moves: tuple[str, ...]
    round: str
    summary: str
    scores: tuple[tuple[str, int], ...]
    ended: str | None
    timed: bool
    elapsed_now: float
    last_elapsed: float
    problem: str = ""
    """An engine failure while describing the state, said on the page."""

    @property
    def version(self) -> int:
        """Return the number of stored lines (grows with every line)."""
        return len(self.lines)


@dataclass(frozen=True)
class Entered:
    """What recording one line did: its verdict lines and the session's view after it."""

    line: int
    verdict: tuple[str, ...]
    view: View
    warning: str = ""


WHAT = "playproof serve"
"""How the web app names itself as a session's writer (shown to a terminal recorder that is refused)."""


@dataclass
class Tables:
    """The sessions of one database, recorded through one writer thread."""

    db: Path | None = None
    engine: str | None = None
    """A Python engine (module:Class) for sessions of its game."""
    clock: Clock = time.time
    projects: Path | None = None
    """The folder whose game projects the page offers (playtest.catalog); None: the bundled games only."""
    project: Path | None = None
    """serve --project: where a stored session's project is now, when the folder it was recorded in is gone."""
    _recorders: dict[int, Recorder] = field(default_factory=dict)
    _store: Store | None = None
    _executor: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(max_workers=1, thread_name_prefix="playproof-writer"))

    async def run(self, func: Callable[..., T], *args: object) -> T:
        """Run a store or recorder call on the writer thread and return its result."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, partial(func, *args))

    def close(self) -> None:
        """Stop the writer thread (after the calls under way) and close the database."""
        self._executor.submit(self._close).result()
        self._executor.shutdown(wait=True)

    def _close(self) -> None:
        """Close the database on the thread that opened it."""
        if self._store is not None:
            self._store.close()
            self._store = None

    @property
    def store(self) -> Store:
        """Return the session store (opened on first use, on the writer thread)."""
        if self._store is None:
            self._store = Store(self.db)
        return self._store

    def info(self, session: int) -> SessionInfo:
        """Return a session's summary row (an unknown id raises PlayproofError)."""
        return self.store.info(session)

    def sessions(self) -> list[SessionInfo]:
        """Return every stored session, newest first."""
        return list(reversed(self.store.sessions()))

    def games(self) -> list[tuple[str, str]]:
        """Return the games the page offers as (game id, how it is shown): bundled, then declared ones found."""
        return [(choice.game, choice.label) for choice in games_in(self.projects)]

    def engine_for(self, game: str) -> str | None:
        """Return the --engine spec when it referees this game, else None (seed games, plugins, no referee)."""
        if self.engine and load_engine_spec(self.engine).game_id == game.strip().lower():
            return self.engine
        return None

    def start(self, game: str, players: str, project: str = "", variant: str = "", setup: str = "",
              timed: bool = True) -> int:
        """Start a session and return its id."""
        if not game.strip():
            raise PlayproofError("name the game, e.g. seven-sisters")
        folder = Path(project.strip()).expanduser() if project.strip() else project_of(self.projects, game)
        if folder is not None and not folder.is_dir():
            raise PlayproofError(f"{folder}: no such project folder")
        engine = self.engine_for(game)
        recorder = Recorder.start(self.store, game.strip(), split_players(players), folder, variant.strip(),
                                  setup.strip(), timed, clock=self.clock, engine=engine, hold=False)
        self._recorders[recorder.session] = recorder
        return recorder.session

    def recorder(self, session: int) -> Recorder:
        """Return the session's recorder, rebuilt when another program (the REPL) added lines meanwhile."""
        info = self.store.info(session)
        cached = self._recorders.get(session)
        if cached is not None and len(cached.log.entries) == info.lines and not info.ended:
            return cached
        recorder = Recorder(self.store, session, self.clock, engine=self.engine_for(info.game), hold=False,
                            project=self.moved_project(info))
        self._recorders[session] = recorder
        return recorder

    def moved_project(self, info: SessionInfo) -> Path | None:
        """Return where a session's project is now when the folder stored with it is gone, else None."""
        if not info.project or is_project(Path(info.project)):
            return None
        return self.project or project_of(self.projects, info.game)

    def enter(self, session: int, text: str) -> Entered:
        """Record one line (`undo` alone takes back the last move) and return its verdict and the new view."""
        recorder = self.recorder(session)
        recorder.hold(WHAT)  # the store's one writer only while it writes: the REPL may resume the session
        try:
            outcome = recorder.undo_last() if text.strip().lower() == "undo" else recorder.enter(text)
        except EngineFailure as exc:  # the line is stored; the table's game goes on
            self._recorders.pop(session, None)
            return Entered(self.store.info(session).lines, (), self.view(session), str(exc))
        finally:
            recorder.close()
        return Entered(outcome.entry.line, tuple(outcome.lines()), self.view(session), _warnings(outcome))

    def end(self, session: int) -> View:
        """End a session for good (it takes no more lines) and return its view."""
        recorder = self.recorder(session)
        recorder.hold(WHAT)
        try:
            recorder.end()
        finally:
            recorder.close()
        self._recorders.pop(session, None)
        return self.view(session)

    def take_over(self, session: int) -> None:
        """Take the session from a terminal recorder holding it (its next line is refused and it stops)."""
        recorder = self.recorder(session)
        recorder.hold(WHAT, take_over=True)
        recorder.close()

    def view(self, session: int) -> View:
        """Return what the table sees of a session now."""
        info = self.store.info(session)
        if info.ended:
            return _ended_view(self.store, info, self.clock, self.engine_for(info.game))
        recorder = self.recorder(session)
        return _live_view(recorder, info, self.clock)

    def export(self, session: int, jsonl: bool) -> str:
        """Return a session's log exactly as `playproof playtest export` writes it (text or JSON Lines)."""
        log = portable_log(self.store, session, self.projects or Path.cwd())  # [Project] relative to the folder
        return to_jsonl(log) if jsonl else log.text()                         # the games were found in

    def report(self, session: int) -> str:
        """Return the session's HTML report, as `playproof report SESSION` writes it."""
        from playproof.output.reports import write_reports
        from playproof.playtest.sources import load_reports

        info = self.store.info(session)
        reports = load_reports([str(session)], self.store.path, self.engine_for(info.game))
        with tempfile.TemporaryDirectory() as folder:
            path = write_reports(reports, "html", Path(folder) / f"session-{session}.html")
            return path.read_text(encoding="utf-8")


def _warnings(outcome: Outcome) -> str:
    """Return an outcome's warnings as one sentence."""
    return "; ".join(outcome.warnings)


def _live_view(recorder: Recorder, info: SessionInfo, clock: Clock) -> View:
    """Describe an open session from its recorder."""
    engine, problem = recorder.engine, ""
    try:
        decision = recorder.decision()
        state = (round_text(engine.round_label()), engine.summary(), tuple(engine.scores().items()))
    except Exception as exc:  # an engine bug must not take the page down: say it, keep recording
        decision, state = None, ("", "", ())
        problem = f"the {engine.game_id} engine cannot describe its state ({exc.__class__.__name__}: {exc})"
    lines = line_views(recorder.log.entries, _findings_by_line(recorder))
    return View(info.id, info.game, engine.title, info.players, lines,
                decision.actor if decision else None, decision.prompt if decision else "",
                decision.moves if decision else (), state[0], state[1], state[2], None, info.timed,
                clock() - info.started_at, _last_elapsed(recorder.log.entries), problem)


def _ended_view(store: Store, info: SessionInfo, clock: Clock, engine: str | None) -> View:
    """Describe an ended session: its lines, no decision (verdicts come from a fresh replay)."""
    log = session_log(store, info.id)
    try:
        replay = session_replay(store, info.id, engine)
        engine, found = replay.engine_at()
        by_line = _group(found)
        state = (round_text(engine.round_label()), engine.summary(), tuple(engine.scores().items()), engine.title)
    except Exception:  # the ended session stays readable even when its engine cannot replay it here
        by_line, state = {}, ("", "", (), info.game)
    return View(info.id, info.game, state[3], info.players, line_views(log.entries, by_line), None, "", (),
                state[0], state[1], state[2], info.ended, info.timed, clock() - info.started_at,
                _last_elapsed(log.entries))


def _findings_by_line(recorder: Recorder) -> dict[int, list[Finding]]:
    """Return the recorder's findings grouped by the line they are on."""
    return _group(recorder.found)


def _group(found: list[Violation]) -> dict[int, list[Finding]]:
    """Group violations by line as Findings."""
    grouped: dict[int, list[Finding]] = {}
    for v in found:
        grouped.setdefault(v.line, []).append(Finding(v.rule, v.message, v.status is Status.UNDETERMINED))
    return grouped


def _last_elapsed(entries: list[Entry]) -> float:
    """Return the elapsed time of the last timed line (0 when none)."""
    return float(next((e.seconds for e in reversed(entries) if e.seconds is not None), 0))


def line_views(entries: list[Entry], findings: dict[int, list[Finding]]) -> tuple[LineView, ...]:
    """Return every line with its mark, the corrections that touched it and the `?` still hidden on it."""
    undone = {e.target: e.line for e in entries if e.kind is EntryKind.UNDO}
    amended = {e.target: e.line for e in entries if e.kind is EntryKind.AMEND}
    revealed: dict[int, int] = {}
    for e in entries:
        if e.kind is EntryKind.REVEAL:
            revealed[e.target] = revealed.get(e.target, 0) + len(e.values)
    return tuple(_line_view(e, findings.get(e.line, []), undone.get(e.line, 0), amended.get(e.line, 0),
                            revealed.get(e.line, 0)) for e in entries)


def _line_view(entry: Entry, found: list[Finding], undone_by: int, amended_by: int, revealed: int) -> LineView:
    """Return one line as the page shows it."""
    mark = ""
    if entry.kind in MOVE_KINDS:
        mark = "✗" if any(not f.open for f in found) else "?" if found else "✓"
    in_play = entry.kind is EntryKind.MOVE and not undone_by
    hidden = max(0, entry.unknowns() - revealed) if entry.kind is EntryKind.MOVE and not undone_by else 0
    move = f"{entry.actor}: {entry.move}" if in_play else ""
    return LineView(entry.line, entry.raw, entry.kind.value, mark, tuple(found), undone_by, amended_by, hidden, move)
