"""The insights of many games: seats and components, arc, pace and rule friction, grouped by game and players."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Callable

from playproof.balance.stats import GameResult, Summary
from playproof.insights.arc import Arc, arc_of
from playproof.insights.compare import Beside
from playproof.insights.kingmaker import Kingmaker
from playproof.insights.friction import RuleFriction, friction_of, new_players_told
from playproof.insights.names import name_key  # noqa: F401  (the name every spelling shares)
from playproof.insights.pace import Pace, pace_of
from playproof.insights.records import GameRecord
from playproof.insights.stats import Rate


@dataclass
class Group:
    """The finished games of one game at one number of players: their seats, components and arc."""

    game: str
    players: int
    summary: Summary
    sources: list[str] = field(default_factory=list)
    versions: list[str] = field(default_factory=list)
    version: str = ""
    """The version its games were played on ("" when unknown): games of several versions are never pooled."""

    def title(self) -> str:
        """Return `seven-sisters, 4 players, version 0.3 (a1b2c3d4): 12 finished games (session, log)`."""
        version = f", version {self.version}" if self.version else ""
        return (f"{self.game or 'unnamed game'}, {self.players} players{version}: {self.summary.games} finished "
                f"game(s) ({', '.join(self.sources)})")

    def key(self) -> str:
        """Return the group's id in a report: game, players and version (`seven-sisters-4-a1b2c3d4`)."""
        return "-".join(part for part in (self.game, str(self.players), self.version.split(" (")[-1].rstrip(")"))
                        if part)

    def seat_rows(self) -> list[tuple[int, Rate, str, float]]:
        """Return (seat from 1, win rate, advice, mean score) per seat."""
        even = self.summary.even()
        return [(seat, rate, rate.advice(even).text(), self.summary.scores[seat - 1].mean)
                for seat, rate in enumerate(self.summary.seat_rates(), start=1)]

    def component_rows(self) -> list[tuple[str, int, Rate, Rate, str]]:
        """Return (component, times taken, take rate, takers' win rate, advice), most taken first."""
        even = self.summary.even()
        return [(name, times, self.summary.take_rate(name), rate, rate.advice(even, "takes").text())
                for name, times, rate in self.summary.component_rates()]

    def holder_rows(self) -> list[tuple[str, int, Rate, Rate, str]]:
        """Return (component, seats holding it at the end, hold rate, holders' win rate, advice), most held first."""
        even = self.summary.even()
        return [(name, times, self.summary.hold_rate(name), rate, rate.advice(even, "holders").text())
                for name, times, rate in self.summary.holder_rates()]

    def to_dict(self) -> dict[str, Any]:
        """Return the group as JSON-ready data."""
        return {"game": self.game, "players": self.players, "version": self.version, "sources": self.sources,
                "versions": self.versions, **self.summary.to_dict()}


@dataclass
class Insights:
    """What many games revealed, each view computed from finished games only (unfinished ones listed apart)."""

    groups: list[Group]
    unfinished: list[str]
    friction: list[RuleFriction]
    new_players_told: bool
    pace: Pace
    arcs: list[tuple[str, Arc]] = field(default_factory=list)
    """Each finished game's own arc (game record name, arc), in the order given."""
    beside: list[Beside] = field(default_factory=list)
    """Bots' games of the same game and number of players, set beside the human sessions (`report --bots`)."""
    beside_skipped: list[str] = field(default_factory=list)
    """Why some groups were not set beside bots (a game without a referee...)."""
    kingmakers: list[tuple[str, Kingmaker]] | None = None
    """Kingmaker moments of the sessions' last rounds (session name, moment), when asked (`report --kingmakers`)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the insights as JSON-ready data."""
        return {"groups": [g.to_dict() for g in self.groups], "unfinished": self.unfinished,
                "rule_friction": [f.to_dict() for f in self.friction], "new_players_told": self.new_players_told,
                "pace": self.pace.to_dict(), "humans_beside_bots": [b.to_dict() for b in self.beside],
                "humans_beside_bots_skipped": self.beside_skipped,
                "arcs": [{"name": name, **asdict(arc), "text": arc.text()} for name, arc in self.arcs],
                "kingmakers": None if self.kingmakers is None else [
                    {"name": name, "player": k.player, "move": k.move_number, "how": k.how, "text": k.text()}
                    for name, k in self.kingmakers]}


def result_of(record: GameRecord, index: int) -> GameResult:
    """Return a finished game record as the result the shared summary sums."""
    return GameResult(index, record.scores, record.winners, record.moves, len(record.rounds), record.taken,
                      [scores for _, scores in record.rounds], record.held)


def groups_of(records: list[GameRecord]) -> list[Group]:
    """Return the finished games summed by game, number of players and version, in first-seen order (games of
    several versions are never pooled: each version is a group of its own)."""
    groups: dict[tuple[str, int, str], Group] = {}
    for index, record in enumerate(records):
        if not record.finished:
            continue
        key = (record.game, len(record.players), record.version)
        summary = Summary(len(record.players), cooperative=record.cooperative)
        group = groups.setdefault(key, Group(record.game, len(record.players), summary, version=record.version))
        group.summary.add(result_of(record, index))
        if record.source not in group.sources:
            group.sources.append(record.source)
        if record.version and record.version not in group.versions:
            group.versions.append(record.version)
    return list(groups.values())


def insights_of(records: list[GameRecord]) -> Insights:
    """Return what the games revealed (rule sentences looked up in each seed game's rule index)."""
    arcs = [(r.name, arc) for r in records if r.finished and not r.cooperative
            and (arc := arc_of([scores for _, scores in r.rounds], r.winners)) is not None]
    return Insights(groups_of(records), [r.name for r in records if not r.finished],
                    friction_of(records, _sentence_in(records)), new_players_told(records), pace_of(records), arcs)


def _sentence_in(records: list[GameRecord]) -> Callable[[str], str]:
    """Return a rule's sentence as the referee of the games gave it, else as its game's rule index says."""
    given = {rule: text for r in records for rule, text in r.sentences.items()}
    return lambda rule_id: given.get(rule_id) or rule_sentence(rule_id)


@lru_cache(maxsize=512)
def rule_sentence(rule_id: str) -> str:
    """Return the rulebook's sentence (else the summary) of a rule of a seed game, a plugin's game or a game
    declared in the project at ./GAME; an empty string when its rule index cannot be found."""
    from playproof.playtest.games import find_project, rules_of, resolve_engine

    game = rule_id.split("/", 1)[0]
    try:
        index = rules_of(resolve_engine(game, find_project(game)))
        rule = index[rule_id] if rule_id in index else None
    except Exception:  # a rule index that cannot be read leaves the sentence out, never the report
        return ""
    return rule.sentence if rule is not None else ""
