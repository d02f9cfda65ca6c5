"""What a session report shows, computed once from an audit; every report format renders this data."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import cached_property
from statistics import mean
from typing import Any, Callable

from playproof.playtest.audit import AuditResult, Finding, problem_line
from playproof.playtest.engine import TABLE, Engine, Event, EventKind, Status, move_kind
from playproof.playtest.logmodel import Entry, EntryKind, Log, body_text
from playproof.playtest.replay import RoundScores, corrections_of, events_of, run, superseded_amends
from playproof.playtest.versioncheck import versions_note


@dataclass
class TimelineRow:
    """One line of the log as the report's timeline shows it."""

    line: int
    elapsed: str
    kind: str
    actor: str
    text: str
    status: str = ""
    findings: list[str] = field(default_factory=list)

    def labels(self) -> list[str]:
        """Return the row's correction status and its findings, rule ids without the game prefix."""
        status = [self.status] if self.status not in ("", "violation") else []
        return status + [f.split("/", 1)[-1] for f in self.findings]


@dataclass
class SessionReport:
    """One session: players, scores, rounds, timeline, violations, time per turn, notes."""

    name: str
    game: str
    title: str
    header: dict[str, str]
    players: list[str]
    scores: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    winners: list[str]
    over: bool
    rounds: list[tuple[str, dict[str, int]]]
    timeline: list[TimelineRow]
    violations: list[Finding]
    turn_times: dict[str, list[int]]
    notes: list[tuple[int, str]]
    problems: list[str]
    moves: int
    minutes: float | None
    taken: dict[str, list[int]] = field(default_factory=dict)
    """Component (or kind of move, as the engine names it) -> the seats (from 0) that took it, corrections applied."""
    questions: list[tuple[int, str, str, int, str]] = field(default_factory=list)
    """Rules questions asked at the table (`?` lines): (line, asker, rule id, line asked about, words)."""
    held: dict[str, list[int]] | None = None
    """Component -> the seats (from 0) holding it at the end (None when the engine cannot say what players hold)."""
    cooperative: bool = False
    """The players win or lose together: a game they lost (no winner) is finished all the same."""
    sentences: dict[str, str] = field(default_factory=dict)
    """Rule id -> its sentence (else its summary) from the referee's rule index, for each rule found or asked about."""

    def parts(self) -> list[str]:
        """Return the names of the score breakdown's parts (without `total`), in first-seen order."""
        names = dict.fromkeys(k for parts in self.breakdown.values() for k in parts)
        return [k for k in names if k != "total"]

    def by_rule(self) -> list[tuple[str, int, int]]:
        """Return (rule, standing, corrected) counts of violations, most broken first."""
        standing = Counter(f.rule for f in self.violations if f.status is Status.VIOLATION and not f.corrected_by)
        corrected = Counter(f.rule for f in self.violations if f.corrected_by)
        rules = sorted(set(standing) | set(corrected), key=lambda r: (-standing[r] - corrected[r], r))
        return [(r, standing[r], corrected[r]) for r in rules]

    def arc_text(self) -> str:
        """Return the arc of the game in words (`decided at round 5 of 9, ...`), empty without rounds or an end."""
        from playproof.insights.arc import arc_of

        if not self.over or not self.rounds:
            return ""
        seats = {p: s for s, p in enumerate(self.players)}
        arc = arc_of([[scores.get(p, 0) for p in self.players] for _, scores in self.rounds],
                     [seats[w] for w in self.winners if w in seats])
        return arc.text() if arc is not None else ""

    @cached_property
    def timed(self) -> bool:
        """Return True when the log has elapsed times (asked once per timeline row: worked out once)."""
        return any(row.elapsed for row in self.timeline)

    def to_dict(self) -> dict[str, Any]:
        """Return the report as JSON-ready data."""
        data = asdict(self)
        data["violations"] = [f.to_dict() for f in self.violations]
        data["rounds"] = [{"round": label, "scores": scores} for label, scores in self.rounds]
        data["notes"] = [{"line": line, "text": text} for line, text in self.notes]
        data["violations_by_rule"] = [{"rule": r, "standing": s, "corrected": c} for r, s, c in self.by_rule()]
        data["arc"] = self.arc_text()
        return data


def session_report(result: AuditResult) -> SessionReport:
    """Build the report of one audited log (scores by round need one more replay)."""
    log, replay = result.log, result.replay
    title = result.engine.title if result.engine else log.header.get("Game", "")
    problems = [problem_line(log.name, p) for p in result.problems]  # as the audit prints them, warnings marked
    scoring = _scoring(result, problems)
    events = events_of(log)
    return SessionReport(
        name=log.name, game=log.header.get("Game", ""), title=title, header=log.header,
        players=list(replay.setup.players) if replay else [], scores=scoring.scores,
        breakdown=scoring.breakdown, winners=scoring.winners, over=scoring.over, rounds=scoring.rounds,
        timeline=timeline_of(result), violations=sorted(result.findings + result.slips, key=lambda f: (f.line, f.rule)),
        turn_times=turn_times(log), notes=[(e.line, e.value) for e in log if e.kind is EntryKind.NOTE],
        problems=problems, moves=sum(1 for e in events if e.kind is EventKind.MOVE),
        minutes=_minutes(log), taken=taken_of(result, events),
        questions=[(e.line, e.actor, e.key, e.target, e.value) for e in log if e.kind is EntryKind.QUESTION],
        held=_held(result), cooperative=bool(getattr(result.engine, "cooperative", False)),
        sentences=_sentences(result, {f.rule for f in result.findings + result.slips} |
                             {e.key for e in log if e.kind is EntryKind.QUESTION and e.key}))


def _sentences(result: AuditResult, rules: set[str]) -> dict[str, str]:
    """Return the sentence (else the summary) of each of these rules in the referee's rule index."""
    if result.replay is None or not rules:
        return {}
    from playproof.playtest.games import rules_of

    index = rules_of(result.replay.engine_cls)
    return {r: index[r].sentence for r in sorted(rules) if r in index}


def _held(result: AuditResult) -> dict[str, list[int]] | None:
    """Return component -> the seats holding it at the end of the log (None when the engine cannot say)."""
    held = result.engine.held if result.engine is not None and not result.engine.failure else None
    if held is None or result.replay is None:
        return None
    from playproof.playtest.holdings import seats_holding

    return seats_holding(held, result.replay.setup.players)


def taken_of(result: AuditResult, events: list[Event] | None = None) -> dict[str, list[int]]:
    """Return what each seat took in the game as played (undone moves left out, amended ones as amended;
    `events`: the log's events when they are already at hand)."""
    if result.engine is None or result.replay is None or not result.replay.playable:
        return {}
    engine_cls = result.replay.engine_cls
    if engine_cls.components_of is Engine.components_of:  # the default needs no engine: a move's verb and word
        name: Callable[[Event], tuple[str, ...]] = move_kind
    else:  # a fresh engine names them (the audit keeps no engine: asking its summary would replay the log)
        try:
            name = engine_cls(result.replay.setup).components_of
        except Exception:  # an engine that cannot start leaves the report without components
            return {}
    seats = {name: seat for seat, name in enumerate(result.replay.setup.players)}
    taken: dict[str, list[int]] = {}
    for event in events_of(result.log) if events is None else events:
        seat = seats.get(event.actor)
        if event.kind is EventKind.MOVE and seat is not None:
            for component in name(event):
                takers = taken.setdefault(component, [])
                if seat not in takers:
                    takers.append(seat)
    return taken


@dataclass
class _Scoring:
    """What the engine says about scores: final (or so far), their parts, winners, by round."""

    scores: dict[str, int] = field(default_factory=dict)
    breakdown: dict[str, dict[str, int]] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    over: bool = False
    rounds: list[tuple[str, dict[str, int]]] = field(default_factory=list)


def _scoring(result: AuditResult, problems: list[str]) -> _Scoring:
    """Ask the engine for scores; an engine that fails here leaves the report without them, and says so."""
    engine = result.engine
    if engine is None or result.replay is None:
        return _Scoring()
    failure, rounds = engine.failure, []
    if not failure:
        try:
            rounds = rounds_of(result)
        except Exception as exc:  # an engine bug must not lose the rest of the report
            failure = f"{exc.__class__.__name__}: {exc}"
    if failure:
        problems.append(f"{result.log.name}: the {engine.game_id} engine failed while scoring ({failure})")
        return _Scoring()
    return _Scoring(engine.scores(), engine.score_breakdown(), engine.winners(), engine.is_over(), rounds)


def _minutes(log: Log) -> float | None:
    """Return the game's length in minutes from its last elapsed time."""
    times = [e.seconds for e in log if e.seconds is not None]
    return round(max(times) / 60, 1) if times else None


def rounds_of(result: AuditResult) -> list[tuple[str, dict[str, int]]]:
    """Return the scores at the end of each round (rounds from the engine, else from `== ==` markers)."""
    if result.engine is not None and result.engine.rounds is not None:  # taken during the audit's replay
        return result.engine.rounds
    assert result.replay is not None
    replay, rounds = result.replay, RoundScores()
    engine, _ = run(replay.engine_cls, replay.setup, events_of(replay.log), replay.log.name, rounds.observe)
    rounds.close(engine)
    return rounds.result()


def timeline_of(result: AuditResult) -> list[TimelineRow]:
    """Return every event line of the log with its findings and whether it was taken back or amended."""
    fixes = corrections_of(result.log)
    by_line: dict[int, list[str]] = {}
    for f in result.findings + result.slips:
        by_line.setdefault(f.line, []).append(f.rule + (" (corrected)" if f.corrected_by else "")
                                              + (" (cannot tell)" if f.status is Status.UNDETERMINED else ""))
    amended = {line: amend.line for line, amend in fixes.amended.items()}
    amended.update(superseded_amends(result.log, fixes))  # an amend amended again (its undo is told by `undone`)
    rows = []
    for entry in result.log:
        if entry.kind in (EntryKind.BLANK, EntryKind.HEADER, EntryKind.COMMENT):
            continue
        text = entry.raw if entry.kind is EntryKind.ERROR else _event_text(entry)
        if entry.line in fixes.reveals:
            text += f" (revealed: {', '.join(fixes.reveals[entry.line])})"
        status = _status(entry.line, fixes.undone, amended)
        status = "error" if entry.kind is EntryKind.ERROR else status or ("violation" if entry.line in by_line else "")
        rows.append(TimelineRow(entry.line, entry.elapsed, entry.kind.value, entry.actor, text, status,
                                by_line.get(entry.line, [])))
    return rows


def _event_text(entry: Entry) -> str:
    """Return what a line says after its elapsed time (a move without its actor)."""
    if entry.kind is EntryKind.AMEND:  # the actor has its own column
        return f"amend {entry.target}: {entry.move}"
    return entry.move if entry.kind is EntryKind.MOVE else body_text(entry)


def _status(line: int, undone: dict[int, int], amended: dict[int, int]) -> str:
    """Return `undone on line M` / `amended on line M` for a corrected line."""
    if line in undone:
        return f"undone on line {undone[line]}"
    if line in amended:
        return f"amended on line {amended[line]}"
    return ""


def turn_times(log: Log) -> dict[str, list[int]]:
    """Return the seconds each player's turns took, from the last timed line before a turn to its last timed move."""
    # a turn is a run of moves by one player; table lines and markers inside the run belong to it
    times: dict[str, list[int]] = {}
    previous, start, actor, timed = 0, 0, "", False
    for entry in log:
        seconds = entry.seconds
        if entry.kind is EntryKind.MOVE and entry.actor != TABLE:
            if entry.actor != actor:  # another player's turn begins where the last timed line left off
                actor, start, timed = entry.actor, previous, False
            if seconds is not None and seconds >= start:  # a time earlier than the one before counts no time
                if timed:
                    times[actor][-1] = seconds - start
                else:
                    times.setdefault(actor, []).append(seconds - start)
                    timed = True
        if seconds is not None:
            previous = seconds
    return times


def unique_names(names: list[str]) -> dict[str, str]:
    """Return the shortest path endings that tell the logs apart (`four-sisters/first-try.log`)."""
    parts = {n: [p for p in n.replace("\\", "/").split("/") if p and p != "playtests"] for n in names}
    for depth in range(1, max((len(p) for p in parts.values()), default=1) + 1):
        short = {n: "/".join(p[-depth:]) for n, p in parts.items()}
        if len(set(short.values())) == len(set(names)):
            return short
    return {n: n for n in names}


def display_name(name: str) -> str:
    """Return a log's file name without its folders (session names stay as they are)."""
    return name.replace("\\", "/").rsplit("/", 1)[-1]


@dataclass
class Aggregate:
    """Many sessions together: seat win rates, score spread, game length, most broken rules."""

    sessions: int
    seat_wins: list[tuple[int, int, int]]
    """(seat, wins, games) per seat."""
    spreads: list[tuple[str, int, int, float]]
    lengths: list[tuple[str, int, float | None]]
    rules: list[tuple[str, int]]
    seat_means: dict[int, float] = field(default_factory=dict)
    """Mean score of each seat over the sessions that report scores."""
    games: list[str] = field(default_factory=list)
    """The games of the sessions (seat and score views mix them when there are several)."""
    versions: str = ""
    """A caution naming the versions the sessions were played on, when there are several (versioncheck)."""
    unfinished: int = 0
    """Sessions whose game never ended: left out of the seat win rates."""
    insights: Any = None
    """What the sessions revealed (playproof.insights.analysis.Insights), set by the report writer."""

    @cached_property
    def short_names(self) -> dict[str, str]:
        """Return every log's shortest name that tells it apart from the others."""
        return unique_names([n for n, *_ in self.spreads])

    def short(self, name: str) -> str:
        """Return the shortest name that tells this log apart from the others."""
        return self.short_names.get(name, name)

    def mixed_note(self) -> str:
        """Return a caution when the sessions are of different games or versions, else an empty string."""
        games = ", ".join(self.games)
        mixed = f"These sessions are of {len(self.games)} games ({games}); seat and score views mix them." \
            if len(self.games) > 1 else ""
        return " ".join(note for note in (mixed, self.versions) if note)

    def to_dict(self) -> dict[str, Any]:
        """Return the aggregate as JSON-ready data."""
        return {"sessions": self.sessions, "games": self.games, "versions_note": self.versions,
                "seat_wins": [{"seat": s, "wins": w, "games": g, "mean_score": self.seat_means.get(s)}
                              for s, w, g in self.seat_wins],
                "score_spread": [{"log": n, "low": lo, "high": hi, "mean": m} for n, lo, hi, m in self.spreads],
                "game_length": [{"log": n, "moves": mv, "minutes": mi} for n, mv, mi in self.lengths],
                "most_broken_rules": [{"rule": r, "count": c} for r, c in self.rules], "unfinished": self.unfinished,
                "insights": self.insights.to_dict() if self.insights is not None else None}


def aggregate(reports: list[SessionReport]) -> Aggregate:
    """Return the views over many sessions (a tie counts as a win for every tied seat; unfinished games count none)."""
    wins: Counter[int] = Counter()
    games: Counter[int] = Counter()
    for report in reports:
        for seat, player in enumerate(report.players if report.over else [], start=1):
            games[seat] += 1
            wins[seat] += player in report.winners and report.over
    spreads = [(r.name, min(r.scores.values(), default=0), max(r.scores.values(), default=0),
                round(mean(r.scores.values()), 1) if r.scores else 0.0) for r in reports]
    rules = Counter(f.rule for r in reports for f in r.violations if f.status is Status.VIOLATION)
    return Aggregate(len(reports), [(s, wins[s], games[s]) for s in sorted(games)], spreads,
                     [(r.name, r.moves, r.minutes) for r in reports], rules.most_common(), _seat_means(reports),
                     sorted({r.game for r in reports if r.game}), versions_note([r.header for r in reports]),
                     sum(1 for r in reports if not r.over))


def _seat_means(reports: list[SessionReport]) -> dict[int, float]:
    """Return the mean score of each seat."""
    scores: dict[int, list[int]] = {}
    for report in reports:
        for seat, player in enumerate(report.players, start=1):
            if player in report.scores:
                scores.setdefault(seat, []).append(report.scores[player])
    return {seat: round(mean(values), 1) for seat, values in sorted(scores.items())}
