"""Audit: replay logs and list every finding (`file:line rule-id message`), corrected slips included."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from playproof.errors import Location, PlayproofError, Problem, Severity
from playproof.playtest.engine import Engine, Event, EventKind, Status, Violation
from playproof.playtest.holdings import holdings_of
from playproof.playtest.logmodel import Entry, EntryKind, Log
from playproof.playtest.logparse import read_log
from playproof.playtest.markers import MarkerCheck, has_round_markers
from playproof.playtest.projectfind import ProjectNotFound
from playproof.playtest.versioncheck import version_warning
from playproof.playtest.replay import Corrections, EngineFailure, Replay, RoundScores, amended_event, \
    apply_checked, corrections_of, event_of, events_of, prepare, problem_of, run, superseded_amends


@dataclass(frozen=True)
class Finding:
    """A rule broken (or perhaps broken) on a log line; `corrected_by` is the undo/amend line that fixed it."""

    file: str
    line: int
    rule: str
    message: str
    status: Status = Status.VIOLATION
    corrected_by: int | None = None
    revealed_by: int | None = None
    """The reveal line that made the verdict possible, for a finding on a move with hidden information."""

    def __str__(self) -> str:
        note = " (cannot tell yet)" if self.status is Status.UNDETERMINED else ""
        fixed = f" (corrected on line {self.corrected_by})" if self.corrected_by else ""
        known = f" (known since the reveal on line {self.revealed_by})" if self.revealed_by else ""
        return f"{self.file}:{self.line} {self.rule}{note} {self.message}{known}{fixed}"

    def to_dict(self) -> dict[str, Any]:
        """Return the finding as JSON-ready data."""
        return {"file": self.file, "line": self.line, "rule": self.rule, "message": self.message,
                "status": self.status.value, "corrected_by": self.corrected_by, "revealed_by": self.revealed_by}


@dataclass(frozen=True)
class EngineSummary:
    """What reports ask of the engine at the end of a log, kept instead of the engine (whose state can be large)."""

    game_id: str
    title: str
    checks_rules: bool
    final_scores: dict[str, int] = field(default_factory=dict)
    breakdown: dict[str, dict[str, int]] = field(default_factory=dict)
    winner_list: list[str] = field(default_factory=list)
    over: bool = False
    rounds: list[tuple[str, dict[str, int]]] | None = None
    """Scores at the end of each round, when the audit was asked to take them."""
    failure: str = ""
    """`Error: message` when the engine failed while scoring (the report says so and shows no scores)."""
    replay: Replay | None = field(default=None, repr=False, compare=False)
    """The replay that ends in this state: asked for anything else, the summary replays it (see __getattr__)."""
    held: dict[str, tuple[str, ...]] | None = None
    """What each player holds at the end of the log (None when the engine cannot say)."""

    @classmethod
    def of(cls, engine: Engine, rounds: RoundScores | None = None, replay: Replay | None = None) -> EngineSummary:
        """Return an engine's final scores, their parts, winners, whether the game is over (and scores by round)."""
        head = (engine.game_id, engine.title, engine.checks_rules)
        try:
            return cls(*head, engine.scores(), engine.score_breakdown(), engine.winners(), engine.is_over(),
                       rounds.result() if rounds is not None else None, replay=replay, held=holdings_of(engine))
        except Exception as exc:  # an engine bug must not lose the audit; the report tells it
            return cls(*head, failure=f"{exc.__class__.__name__}: {exc}", replay=replay)

    def __getattr__(self, name: str) -> Any:
        """Return anything else of the engine's final state (its cells, its summary...) by replaying the log once."""
        if name.startswith("__") or self.__dict__.get("replay") is None:
            raise AttributeError(name)
        engine = self.__dict__.get("_engine")
        if engine is None:  # only callers that look inside the engine pay for it, and keep it
            engine, _ = self.replay.engine_at()
            engine.finish()
            object.__setattr__(self, "_engine", engine)
        return getattr(engine, name)

    def scores(self) -> dict[str, int]:
        """Return each player's score at the end of the log."""
        return dict(self.final_scores)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Return each player's score split into named parts."""
        return {player: dict(parts) for player, parts in self.breakdown.items()}

    def winners(self) -> list[str]:
        """Return who wins at the end of the log."""
        return list(self.winner_list)

    def is_over(self) -> bool:
        """Return True when the game ended in the log."""
        return self.over


@dataclass
class AuditResult:
    """Everything an audit found in one log."""

    log: Log
    findings: list[Finding] = field(default_factory=list)
    slips: list[Finding] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    engine: EngineSummary | None = None
    """The engine's final scores and winners (the engine itself is dropped: audits of many logs stay small)."""
    replay: Replay | None = None

    @property
    def violations(self) -> list[Finding]:
        """Return the findings that are violations still standing after corrections."""
        return [f for f in self.findings if f.status is Status.VIOLATION]

    @property
    def undetermined(self) -> list[Finding]:
        """Return the findings hidden information still leaves open."""
        return [f for f in self.findings if f.status is Status.UNDETERMINED]

    @property
    def readable(self) -> bool:
        """Return True when the log was read and replayed without errors."""
        return not any(p.severity is Severity.ERROR for p in self.problems)

    def to_dict(self) -> dict[str, Any]:
        """Return the audit as JSON-ready data."""
        return {"file": self.log.name, "game": self.log.header.get("Game", ""),
                "problems": [{"location": str(p.location or ""), "message": p.message,
                              "severity": p.severity.value} for p in self.problems],
                "findings": [f.to_dict() for f in self.findings],
                "corrected": [f.to_dict() for f in self.slips]}


def audit_file(path: Path | str, game: str | None = None, strict: bool = False,
               engine: str | None = None, rounds: bool = False, project: Path | None = None) -> AuditResult:
    """Read and audit one log file (text or .jsonl); `engine` names a Python engine as module:Class."""
    path = Path(path)
    return audit_log(read_log(path), game, base=path.parent, strict=strict, project=project, engine=engine,
                     rounds=rounds)


def audit_log(log: Log, game: str | None = None, base: Path | None = None, strict: bool = False,
              project: Path | None = None, engine: str | None = None, rounds: bool = False) -> AuditResult:
    """Replay a log and collect its findings, the slips corrected at the table, and its problems.

    `rounds`: also take the scores at the end of each round during the replay (for reports).
    """
    result = AuditResult(log)
    try:
        replay = prepare(log, game, base, engine, project)
    except ProjectNotFound:  # a log whose referee is missing is never audited as if it had none
        raise
    except PlayproofError as exc:
        result.problems = list(log.problems) + [problem_of(exc, log.name)]
        return result
    if project is not None:
        replay.setup = replace(replay.setup, project=project)
    result.replay, result.problems = replay, list(replay.problems)
    stale = version_warning(log, replay.setup.project)  # played on other cards than the project's current ones
    result.problems += [stale] if stale is not None else []
    if not result.readable and strict:
        return _strict(result)
    if not replay.playable:  # the engine would refuse these players or fail on them: the header says why
        return result
    try:
        by_round = RoundScores() if rounds else None
        markers = MarkerCheck(log.name) if has_round_markers(log) else None
        fixes = corrections_of(log)
        engine, found = run(replay.engine_cls, replay.setup, events_of(log, fixes=fixes), log.name,
                            _observer(by_round, markers))
        result.problems += markers.problems if markers is not None else []
        if by_round is not None:
            by_round.close(engine)  # the last round's scores before the engine finishes the game
        found += _finish(engine, log.name)
        result.engine = EngineSummary.of(engine, by_round, replay)
        result.findings = [_finding(log.name, v) for v in found]
        if fixes.reveals:  # no reveal line (most logs): no verdict waited for one
            result.findings = decided_by_reveals(replay, result.findings)
        result.slips = corrected_slips(replay, fixes)
    except PlayproofError as exc:  # an engine failure, or an engine refusing the header's setup
        result.problems.append(problem_of(exc, log.name))
    return _strict(result) if strict else result


def _observer(by_round: RoundScores | None, markers: MarkerCheck | None) -> Callable[[Engine, Event], None] | None:
    """Return what watches the replay after each event: the scores by round, the round markers, both or none."""
    if by_round is None or markers is None:
        return by_round.observe if by_round is not None else markers.observe if markers is not None else None

    def both(engine: Engine, event: Event) -> None:
        by_round.observe(engine, event)
        markers.observe(engine, event)
    return both


def _finish(engine: Engine, name: str) -> list[Violation]:
    """Return what the engine reports about an unfinished game (a crash there is an engine failure too)."""
    try:
        return engine.finish()
    except Exception as exc:  # an engine bug must not look like a clean audit
        raise EngineFailure(f"{name}: the {engine.game_id} engine failed at the end of the log "
                            f"({exc.__class__.__name__}: {exc})") from exc


def corrected_slips(replay: Replay, fixes: Corrections | None = None) -> list[Finding]:
    """Return violations of lines undone or amended later: the slips the table caught and fixed (`fixes`: the
    log's corrections, when the caller has them)."""
    fixes = corrections_of(replay.log) if fixes is None else fixes
    fixed = {line: undo for line, undo in fixes.undone.items()}
    fixed.update({line: amend.line for line, amend in fixes.amended.items() if line not in fixed})
    if not fixed:
        return []
    _, as_played = replay.engine_at(corrected=False)
    # a verdict hidden information left open was never a slip, even on a line corrected later
    return [_finding(replay.log.name, v, fixed[v.line]) for v in as_played
            if v.line in fixed and v.status is Status.VIOLATION] + _amend_slips(replay, fixes)


AMEND_HORIZON = 100
"""How many events after a superseded amend are played on its clone to catch checks made later about its line."""


def _amend_slips(replay: Replay, fixes: Corrections) -> list[Finding]:
    """Return violations of amends corrected in turn: a slip in a correction is shown like any other.

    One pass over the corrected log: at each amended line, each superseded amend is tried on a
    clone of the state reached there, played on up to the next marker (a round or phase end may
    check the line, e.g. a scoring claim) or AMEND_HORIZON events, so the audit stays linear.
    """
    superseded = superseded_amends(replay.log, fixes)
    if not superseded:
        return []
    trials: dict[int, list[Entry]] = {}
    for line in superseded:
        amend = replay.log.entry(line)
        if amend is not None:
            trials.setdefault(amend.target, []).append(amend)
    steps = [(e.line, ev) for e in replay.log.entries if (ev := event_of(e, fixes)) is not None]
    slips = _try_amends(replay, fixes, trials, steps)
    return [_finding(replay.log.name, v, fixed_by) for line, fixed_by in superseded.items()
            for v in slips.get(line, [])]


def _try_amends(replay: Replay, fixes: Corrections, trials: dict[int, list[Entry]],
                steps: list[tuple[int, Event]]) -> dict[int, list[Violation]]:
    """Return each tried amend's own violations, replaying the corrected steps once."""
    name = replay.log.name
    engine, _ = run(replay.engine_cls, replay.setup, (), name)
    targets = sorted(trials)
    slips: dict[int, list[Violation]] = {}
    for index, (position, event) in enumerate(steps):
        while targets and targets[0] <= position:
            target = targets.pop(0)
            start = index + 1 if position == target else index
            after = steps[start:start + AMEND_HORIZON]
            for amend in trials[target]:
                slips[amend.line] = _try_amend(engine.clone(), amended_event(amend, fixes), after, name)
        apply_checked(engine, event, name)
    for target in targets:  # amends of lines after the last event
        for amend in trials[target]:
            slips[amend.line] = _try_amend(engine.clone(), amended_event(amend, fixes), [], name)
    return slips


def _try_amend(engine: Engine, event: Event, after: list[tuple[int, Event]], name: str) -> list[Violation]:
    """Return the violations of an amend's event on its line, following play up to the next marker."""
    found = apply_checked(engine, event, name)
    for _, later in after:
        found += apply_checked(engine, later, name)
        if later.kind is EventKind.MARKER:
            break
    return [v for v in found if v.line == event.line and v.status is Status.VIOLATION]


def _finding(name: str, violation: Violation, corrected_by: int | None = None) -> Finding:
    """Return an engine violation as a finding of a file."""
    return Finding(name, violation.line, violation.rule, violation.message, violation.status, corrected_by)


def decided_by_reveals(replay: Replay, findings: list[Finding]) -> list[Finding]:
    """Mark violations the engine could not tell before a reveal with the reveal line that decided them."""
    reveals = {e.target: e.line for e in replay.log.entries if e.kind is EntryKind.REVEAL}
    if not reveals:
        return findings
    _, hidden = replay.engine_at(revealed=False)
    open_before = {(v.line, v.rule) for v in hidden if v.status is Status.UNDETERMINED}
    return [replace(f, revealed_by=reveals.get(f.line)) if f.status is Status.VIOLATION
            and (f.line, f.rule) in open_before else f for f in findings]


def _strict(result: AuditResult) -> AuditResult:
    """Keep only the first error or finding (warnings stay); a finding left undetermined counts as a violation."""
    errors = [p for p in result.problems if p.severity is Severity.ERROR]
    if errors:
        result.problems, result.findings = [errors[0]], []
    elif result.findings:
        first = min(result.findings, key=lambda f: f.line)
        result.findings = [Finding(first.file, first.line, first.rule, first.message)]
    return result


def audit_exit_code(results: list[AuditResult], strict: bool = False) -> int:
    """Return 2 when any log could not be read or replayed, 1 for violations (strict: or open findings), else 0."""
    tally = Tally()
    for result in results:
        tally.add(result)
    return tally.exit_code(strict)


def format_text(results: list[AuditResult]) -> list[str]:
    """Return the audit as text lines: problems, findings, corrected slips, and a summary per log."""
    lines: list[str] = []
    tally = Tally()
    for result in results:
        lines += result_lines(result)
        tally.add(result)
    if tally.logs > 1:
        lines.append(tally.summary())
    return lines


def result_lines(result: AuditResult) -> list[str]:
    """Return one log's problems, findings, corrected slips and verdict as text lines."""
    lines = [problem_line(result.log.name, p) for p in result.problems]
    lines += [str(f) for f in sorted(result.findings, key=lambda f: f.line)]
    lines += [str(f) for f in sorted(result.slips, key=lambda f: f.line)]
    lines.append(_summary(result))
    return lines


@dataclass
class Tally:
    """Counts over many audited logs, enough for the exit code and the closing line (the results can go)."""

    logs: int = 0
    clean: int = 0
    broken: int = 0
    unreadable: int = 0
    undetermined: int = 0

    def add(self, result: AuditResult) -> None:
        """Count one audited log."""
        self.logs += 1
        if not result.readable:
            self.unreadable += 1
        elif result.violations:
            self.broken += 1
        else:
            self.clean += 1
        self.undetermined += bool(result.undetermined)

    def exit_code(self, strict: bool = False) -> int:
        """Return 2 when any log could not be read or replayed, 1 for violations (strict: or open findings), else 0."""
        if self.unreadable:
            return 2
        return 1 if self.broken or (strict and self.undetermined) else 0

    def summary(self) -> str:
        """Return the closing line of an audit of several logs."""
        return f"{self.logs} logs: {self.clean} clean, {self.broken} with violations, {self.unreadable} unreadable"


def problem_line(name: str, problem: Problem) -> str:
    """Return a problem as `file:line:col: message`, naming the file when the message does not."""
    warning = "warning: " if problem.severity is Severity.WARNING else ""
    if problem.location is not None:
        return f"{problem.location}: {warning}{problem.message}"
    if problem.message.startswith(name):
        return warning + problem.message
    return f"{name}: {warning}{problem.message}"


def _summary(result: AuditResult) -> str:
    """Return the one-line verdict of a log."""
    name = result.log.name
    errors = sum(1 for p in result.problems if p.severity is Severity.ERROR)
    if not result.readable and result.engine is None:
        return f"{name}: could not be audited ({errors} problem(s))"
    if not result.readable:
        return f"{name}: {errors} problem(s) reading the log; {len(result.violations)} violation(s) in the lines read"
    events = sum(1 for e in result.log.entries if e.kind is EntryKind.MOVE)
    if result.engine is not None and not result.engine.checks_rules:
        return (f'{name}: no rules checked: "{result.engine.game_id}" has no referee (the log reads well, '
                f"{events} moves; declare rules in the workbook: docs/rules-sheets.md)")
    parts = [f"{len(result.violations)} violation(s)"]
    if result.undetermined:
        parts.append(f"{len(result.undetermined)} undetermined")
    if result.slips:
        parts.append(f"{len(result.slips)} corrected at the table")
    return f"{name}: {', '.join(parts)} in {events} moves"


def read_expected(path: Path) -> Counter[tuple[int, str]]:
    """Read a `<name>-mistakes.expected` file: `<line> <rule-id>` per line, `#` comments ignored."""
    expected: Counter[tuple[int, str]] = Counter()
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = text.split("#", 1)[0].strip()
        if not text:
            continue
        parts = text.split()
        if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
            raise PlayproofError(f"{Location(str(path), line=number)}: expected `<line> <rule-id>`, got {text!r}")
        expected[(int(parts[0]), parts[1])] += 1
    return expected


def found_multiset(result: AuditResult) -> Counter[tuple[int, str]]:
    """Return the audit's standing violations as a multiset of (line, rule-id)."""
    return Counter((f.line, f.rule) for f in result.violations)


def audit_paths(paths: list[Path], game: str | None = None, strict: bool = False,
                engine: str | None = None, project: Path | None = None) -> list[AuditResult]:
    """Audit several log files; a file that cannot be read becomes a result carrying that problem."""
    return list(iter_audits(paths, game, strict, engine, project))


def iter_audits(paths: Iterable[Path], game: str | None = None, strict: bool = False,
                engine: str | None = None, project: Path | None = None) -> Iterator[AuditResult]:
    """Audit log files one at a time, so that a caller can report each and let it go."""
    for path in paths:
        try:
            yield audit_file(path, game, strict, engine, project=project)
        except PlayproofError as exc:
            yield AuditResult(Log(str(path)), problems=[problem_of(exc, str(path))])
