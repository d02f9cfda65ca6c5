"""One record per game, whatever its source: a recorded session, an imported log, or a simulated game."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from playproof.playtest.engine import TABLE, Status

if TYPE_CHECKING:
    from playproof.playtest.reportdata import SessionReport, TimelineRow

SOURCES = ("session", "log", "bots")
"""Where a game comes from: recorded at the table (a stored session), an imported log file, or bots."""


@dataclass(frozen=True)
class Turn:
    """One player's turn: a run of their moves, timed from the last timed line before it to its last timed move."""

    player: str
    start: int
    end: int
    phase: str

    @property
    def seconds(self) -> int:
        """Return how long the turn took."""
        return self.end - self.start


@dataclass(frozen=True)
class RuleEvent:
    """One rule friction seen at the table: a violation (standing or corrected) or a question, and who met it."""

    rule: str
    kind: str
    """`violation` (standing), `corrected` (taken back or amended at the table) or `question`."""
    player: str = ""


@dataclass
class GameRecord:
    """What one game showed, the same for every source: seats, scores by round, takes, turns, rule friction."""

    source: str
    name: str
    game: str
    players: list[str]
    scores: list[int]
    winners: list[int]
    """Winning seats (from 0); several on a shared win."""
    finished: bool
    version: str = ""
    rounds: list[tuple[str, list[int]]] = field(default_factory=list)
    """Scores by seat at the end of each round."""
    taken: dict[str, list[int]] = field(default_factory=dict)
    turns: list[Turn] = field(default_factory=list)
    friction: list[RuleEvent] = field(default_factory=list)
    minutes: float | None = None
    moves: int = 0
    new_players: frozenset[str] = frozenset()
    """Players the log's `[New "..."]` header names as new to the game."""
    held: dict[str, list[int]] | None = None
    """Component -> the seats holding it at the end (None when the engine cannot say what players hold)."""
    cooperative: bool = False
    """The players win or lose together (a lost game is finished, with no winner)."""
    sentences: dict[str, str] = field(default_factory=dict)
    """Rule id -> its sentence, from the referee that judged the game (a declared game's rows)."""


def source_of(name: str) -> str:
    """Return `session` for a stored session (named by its id), else `log`."""
    return "session" if re.fullmatch(r"(session )?\d+", name.strip()) else "log"


def record_of(report: SessionReport) -> GameRecord:
    """Return the game record of a session report (human play: a recorded session or an imported log)."""
    players = report.players
    seat = {p: s for s, p in enumerate(players)}
    return GameRecord(
        source="bots" if report.header.get("Bots") else source_of(report.name), name=report.name, game=report.game,
        players=list(players),
        scores=[report.scores.get(p, 0) for p in players],
        winners=[seat[p] for p in report.winners if p in seat] if report.over else [],
        finished=report.over and (bool(report.winners) or report.cooperative), version=_version(report.header),
        rounds=[(label, [scores.get(p, 0) for p in players]) for label, scores in report.rounds],
        taken=dict(report.taken), turns=turns_of(report.timeline), friction=friction_of(report),
        minutes=report.minutes, moves=report.moves, new_players=new_players(report.header.get("New", "")),
        held=report.held, cooperative=report.cooperative, sentences=dict(report.sentences))


def _version(header: dict[str, str]) -> str:
    """Return the version a session was played on, as people read it (`0.3 (a1b2c3d4)`), or "" when unknown."""
    from playproof.playtest.versioncheck import UNKNOWN, version_name

    name = version_name(header)
    return "" if name == UNKNOWN else name


def new_players(text: str) -> frozenset[str]:
    """Return the names of a `[New "Ben, Cat"]` header."""
    return frozenset(n.strip() for n in text.split(",") if n.strip())


UNNAMED = "(no rule named)"
"""Where a question that names neither a rule nor a line with a finding is counted."""


def friction_of(report: SessionReport) -> list[RuleEvent]:
    """Return every violation (standing or corrected) and question of a session, with the player it concerns."""
    actors = {row.line: row.actor for row in report.timeline}
    found: list[RuleEvent] = []
    for f in report.violations:
        if f.status is not Status.VIOLATION and not f.corrected_by:
            continue  # a verdict hidden information keeps open is no friction seen at the table
        found.append(RuleEvent(f.rule, "corrected" if f.corrected_by else "violation", actors.get(f.line, "")))
    rules_on: dict[int, str] = {}
    for f in report.violations:
        rules_on.setdefault(f.line, f.rule)
    for _, asker, rule, target, _ in report.questions:
        found.append(RuleEvent(rule or rules_on.get(target, UNNAMED), "question", asker or actors.get(target, "")))
    return found


def seconds_of(elapsed: str) -> int | None:
    """Return an elapsed time `h:mm:ss` or `m:ss` in seconds (None when absent or unreadable)."""
    if not elapsed:
        return None
    total = 0
    for part in elapsed.split(":"):
        if not part.isdigit():
            return None
        total = total * 60 + int(part)
    return total


def turns_of(timeline: list[TimelineRow]) -> list[Turn]:
    """Return the timed turns of a session in order, each with the phase (last round marker) it was played in."""
    turns: list[Turn] = []
    previous, start, actor, phase, timed = 0, 0, "", "", False
    for row in timeline:
        seconds = seconds_of(row.elapsed)
        if row.kind == "marker":
            phase = row.text.strip("=- ")
        elif row.kind == "move" and row.actor != TABLE and not row.status.startswith("undone"):
            if row.actor != actor:  # another player's turn begins where the last timed line left off
                actor, start, timed = row.actor, previous, False
            if seconds is not None and seconds >= start:
                if timed:
                    turns[-1] = Turn(actor, start, seconds, turns[-1].phase)
                else:
                    turns.append(Turn(actor, start, seconds, phase))
                    timed = True
        if seconds is not None:
            previous = seconds
    return turns
