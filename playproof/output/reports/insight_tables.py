"""The insights of many sessions as plain tables, which every report format (HTML, PDF, XLSX, JSON) renders."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from playproof.insights.analysis import Group, Insights
from playproof.insights.compare import Beside
from playproof.insights.stats import Rate

TOP_ROWS = 25
"""The most rows of a long table the HTML and PDF reports show (the XLSX and JSON reports keep them all)."""


@dataclass
class InsightTable:
    """One table: a title, a note on how to read it, a header, rows as text and the same rows as raw values."""

    key: str
    title: str
    note: str
    head: list[str]
    rows: list[list[str]] = field(default_factory=list)
    values: list[list[Any]] = field(default_factory=list)
    numeric: frozenset[int] = frozenset()
    wide: frozenset[int] = frozenset()
    """Columns of sentences (a rule's words, a distribution): kept wide enough to read on a phone."""
    sheet: str = ""
    """The XLSX sheet its raw values go to (tables of several groups share one)."""
    sheet_head: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return the table as JSON-ready data: its title, note, and every row's raw values under its sheet header."""
        head = self.sheet_head or self.head
        return {"key": self.key, "title": self.title, "note": self.note,
                "rows": [dict(zip(head, values)) for values in self.values]}

    def shown(self, limit: int = TOP_ROWS) -> tuple[list[list[str]], str]:
        """Return the rows a page shows and, when cut, a `top 25 of 140` label."""
        if len(self.rows) <= limit:
            return self.rows, ""
        return self.rows[:limit], f"top {limit} of {len(self.rows)} (every row in the XLSX and JSON reports)"


SEAT_SHEET_HEAD = ["Game", "Players", "Version", "Seat", "Win rate", "Low", "High", "Games", "Mean score",
                   "Told from even?"]
"""The XLSX sheet of the seats' rows (a cooperative game's one row, "together", fills the same columns)."""


def pct(rate: Rate) -> str:
    """Return a rate as `41.0 % [38.0, 44.1]` (a sample under 30 marked `(n=12)`)."""
    low, high = rate.interval
    small = f" (n={rate.trials})" if rate.small else ""
    return f"{100 * rate.value:.1f} % [{100 * low:.1f}, {100 * high:.1f}]{small}"


def seat_table(group: Group) -> InsightTable:
    """Return the seats of a group: win rate with interval, mean score, and whether it is told from even (a
    cooperative game: how often the players won together)."""
    if group.summary.cooperative:
        return _together_table(group)
    rate, even = group.summary.first_player_advantage()
    table = InsightTable(f"seats-{group.key()}", f"Seats: {group.title()}",
                         f"Win rates with 95 % Wilson intervals against an even {100 * even:.0f} %; first player: "
                         f"{rate.advice(even).text()}. A shared win counts as a share; (n=12): a small sample.",
                         ["Seat", "Win rate [95 %]", "Mean score", "Told from even?"], numeric=frozenset({0, 2}),
                         sheet="Seats (finished games)", sheet_head=SEAT_SHEET_HEAD)
    for seat, rate, advice, score in group.seat_rows():
        low, high = rate.interval
        table.rows.append([str(seat), pct(rate), f"{score:.1f}", advice])
        table.values.append([group.game, group.players, group.version, seat, rate.value, low, high, rate.trials, score,
                             advice])
    return table


def _together_table(group: Group) -> InsightTable:
    """Return how often the players of a cooperative game won together (one row, in the seats' columns)."""
    s = group.summary
    table = InsightTable(f"seats-{group.key()}", f"Seats: {group.title()}",
                         "A cooperative game: the players win or lose together, so the answer is how often they won "
                         "(with its 95 % Wilson interval), not which seat; (n=12): a small sample.",
                         ["Seat", "Win rate [95 %]", "Mean score", "Told from even?"], numeric=frozenset({2}),
                         sheet="Seats (finished games)", sheet_head=SEAT_SHEET_HEAD)
    rate = s.together_rate()
    low, high = rate.interval
    score = sum(m.mean for m in s.scores) / len(s.scores) if s.scores else 0.0
    table.rows.append(["all, together", pct(rate), f"{score:.1f}", "-"])
    table.values.append([group.game, group.players, group.version, "together", rate.value, low, high, rate.trials,
                         score, ""])
    return table


def component_table(group: Group) -> InsightTable:
    """Return the components of a group: how often taken, and how often their takers won."""
    table = InsightTable(f"components-{group.key()}", f"Components: {group.title()}",
                         "Take rate: of every seat in every finished game. Win rate of takers is biased: players take "
                         "what is good in positions that were winning anyway (see docs/insights.md).",
                         ["Component", "Taken", "Take rate", "Win rate of takers [95 %]", "Told from even?"],
                         numeric=frozenset({1}), sheet="Components",
                         sheet_head=["Game", "Players", "Version", "Component", "Taken", "Take rate",
                                     "Takers' win rate", "Low", "High", "Told from even?"])
    return _component_rows(table, group, group.component_rows())


def _component_rows(table: InsightTable, group: Group, rows: Iterable[tuple[str, int, Any, Any, str]]) -> InsightTable:
    """Fill a components table (taken or held): name, times, share of seats, winners' rate with its interval, advice."""
    for name, times, share, rate, advice in rows:
        low, high = rate.interval
        table.rows.append([name, str(times), f"{100 * share.value:.0f} %", pct(rate), advice])
        table.values.append([group.game, group.players, group.version, name, times, share.value, rate.value, low, high,
                             advice])
    return table


def holder_table(group: Group) -> InsightTable | None:
    """Return the components held at the games' end: how often held, and how often their holders won (None when
    no engine said what its players held)."""
    summary = group.summary
    if not summary.held:
        return None
    unknown = summary.games - summary.holding_games
    table = InsightTable(f"holders-{group.key()}", f"Components held at the end: {group.title()}",
                         f"Hold rate: of every seat in the {summary.holding_games} finished game(s) whose referee said "
                         "what each player held at the end" + (f" ({unknown} other(s) left out)" if unknown else "")
                         + ". A holder kept the component to the end (a taker may have lost or spent it); holders' "
                         "win rate has the takers' bias (see docs/insights.md).",
                         ["Component", "Held", "Hold rate", "Win rate of holders [95 %]", "Told from even?"],
                         numeric=frozenset({1}), sheet="Holders",
                         sheet_head=["Game", "Players", "Version", "Component", "Held", "Hold rate",
                                     "Holders' win rate", "Low", "High", "Told from even?"])
    return _component_rows(table, group, group.holder_rows())


def group_tables(group: Group) -> list[InsightTable]:
    """Return a group's tables: seats, components taken, components held at the end, arc (those it has)."""
    found = [seat_table(group), component_table(group) if group.summary.taken else None, holder_table(group),
             arc_table(group)]
    return [t for t in found if t is not None]


def arc_table(group: Group) -> InsightTable | None:
    """Return the arc of a group's games (None when their engine gives no rounds)."""
    if group.summary.cooperative:
        return None  # who leads means nothing when the players win or lose together
    lines = group.summary.arc.lines(group.players)
    if not lines:
        return None
    table = InsightTable(f"arc-{group.key()}", f"Arc of the game: {group.title()}",
                         f"From the scores at the end of each round of {group.summary.arc.games} finished game(s).",
                         ["Measure", "Value", "How to read it"], sheet="Arc of the game", wide=frozenset({1, 2}),
                         sheet_head=["Game", "Players", "Version", "Measure", "Value", "How to read it"])
    for measure, value, how in lines:
        table.rows.append([measure, value, how])
        table.values.append([group.game, group.players, group.version, measure, value, how])
    return table


def arcs_table(ins: Insights) -> InsightTable | None:
    """Return each finished game's arc: when it was decided, lead changes, margin, comeback."""
    if not ins.arcs:
        return None
    table = InsightTable("arcs", "Each game's arc", "Decided: the round after which a winner was never behind.",
                         ["Game", "Decided", "Lead changes", "Margin", "Largest comeback"],
                         numeric=frozenset({2, 3, 4}), sheet="Each game's arc",
                         sheet_head=["Game", "Decided at round", "Rounds", "Lead changes", "Margin", "Comeback"])
    for name, arc in ins.arcs:
        decided = f"round {arc.decided} of {arc.rounds}" if arc.decided else "-"
        margin = "-" if arc.margin is None else str(arc.margin)
        table.rows.append([name.replace("\\", "/").rsplit("/", 1)[-1], decided, str(arc.lead_changes), margin,
                           str(arc.comeback)])
        table.values.append([name, arc.decided, arc.rounds, arc.lead_changes, arc.margin, arc.comeback])
    return table


def kingmaker_table(ins: Insights) -> InsightTable | None:
    """Return the kingmaker moments found in the sessions' last rounds (None when they were not looked for)."""
    if ins.kingmakers is None:
        return None
    table = InsightTable("kingmakers", f"Kingmaker moments ({len(ins.kingmakers)})",
                         "In each finished session's last round, a player who can no longer win but whose moves lead "
                         "to different winners decided who won. Found by the referee's own evaluation where the engine "
                         "gives one (the best score each player can still reach: proof), else by bots playing each "
                         "move out (evidence, not proof).", ["Session", "Moment", "Found by"], wide=frozenset({1}),
                         sheet="Kingmaker moments", sheet_head=["Session", "Player", "Move", "Moment", "Found by"])
    for name, moment in ins.kingmakers:
        how = "the referee" if moment.how == "referee" else "bot playouts"
        table.rows.append([name.replace("\\", "/").rsplit("/", 1)[-1], moment.text(), how])
        table.values.append([name, moment.player, moment.move_number, moment.text(), how])
    return table


def friction_table(ins: Insights) -> InsightTable | None:
    """Return the rules with friction, most first, with the rule's sentence."""
    if not ins.friction:
        return None
    new = ["New players", "Returning"] if ins.new_players_told else []
    table = InsightTable("friction", "Rule friction",
                         "Per rule, over every session: violations left standing, corrections made at the table (undo, "
                         "amend) and questions asked (`?` lines)."
                         + (" New players: the friction of players the [New] header names; returning: everyone else's (and "
                            "what no player is named for)." if new else ""),
                         ["Rule", "Violations", "Corrected", "Questions", *new, "Sessions", "Rule's sentence"],
                         numeric=frozenset(range(1, 5 + len(new))), sheet="Rule friction")
    table.sheet_head = [h for h in table.head]
    table.wide = frozenset({len(table.head) - 1})
    for f in ins.friction:
        counts = [f.counts["violation"], f.counts["corrected"], f.counts["question"]]
        extra = [sum(f.new.values()), f.total - sum(f.new.values())] if new else []
        table.rows.append([f.rule, *map(str, counts + extra), str(len(f.sessions)), f.sentence])
        table.values.append([f.rule, *counts, *extra, len(f.sessions), f.sentence])
    return table


def pace_table(ins: Insights) -> InsightTable | None:
    """Return game length, turn time and downtime distributions."""
    rows = ins.pace.rows()
    if not rows:
        return None
    table = InsightTable("pace", "Pace", "Distributions, not only means: the median, the middle half of the values "
                         "and their whole range. Downtime: the time between the end of a player's turn and the start "
                         "of their next.", ["What", "Whose", "Distribution"], sheet="Pace", wide=frozenset({2}),
                         sheet_head=["What", "Whose", "n", "Min", "Lower quartile", "Median", "Upper quartile", "Max",
                                     "Mean"])
    for what, whose, spread, unit in rows:
        table.rows.append([what, whose, spread.text(unit)])
        table.values.append([what, whose, spread.n, spread.low, spread.q1, spread.median, spread.q3, spread.high,
                             round(spread.mean, 2)])
    return table


def unfinished_table(ins: Insights) -> InsightTable | None:
    """Return the sessions left out of the statistics because their game never ended."""
    if not ins.unfinished:
        return None
    table = InsightTable("unfinished", f"Unfinished sessions ({len(ins.unfinished)})",
                         "These games never ended: they are left out of win rates, components and arcs.", ["Session"],
                         sheet="Unfinished sessions", sheet_head=["Session"])
    for name in ins.unfinished:
        table.rows.append([name])
        table.values.append([name])
    return table


BESIDE_HEAD = ["Game", "Players", "Version", "Bots", "What", "Humans", "Bots' value", "Disagree", "Flag"]


def beside_table(found: Beside) -> InsightTable:
    """Return human sessions and bots' games of one group side by side, disagreements first."""
    flags = found.flags()
    note = (f"{found.humans.games} finished human game(s) beside {found.machines.games} games of bots "
            f"{found.bots} playing the workbook as it is now. Disagree: the 95 % intervals do not overlap"
            + (": " + "; ".join(flags[:5]) + "." if flags else ": none here."))
    version = f", humans on version {found.version}" if found.version else ""
    key = "-".join(p for p in (found.game, str(found.players), found.version.rsplit(" (", 1)[-1].rstrip(")")) if p)
    table = InsightTable(f"beside-{key}", f"Humans beside bots: {found.game}, {found.players} players{version}", note,
                         ["What", "Humans [95 %]", "Bots [95 %]", "Disagree?"], sheet="Humans beside bots",
                         sheet_head=BESIDE_HEAD)
    for row in sorted(found.rows, key=lambda r: not r.apart):
        table.rows.append([row.what, row.human, row.bots, "yes" if row.apart else ""])
        table.values.append([found.game, found.players, found.version, found.bots, row.what, row.human, row.bots,
                             row.apart, row.flag])
    return table


def skipped_table(ins: Insights) -> InsightTable | None:
    """Return the groups that could not be set beside bots, and why."""
    if not ins.beside_skipped:
        return None
    table = InsightTable("beside-skipped", "Humans beside bots: not played", "Bots could not play these games.",
                         ["Why"], wide=frozenset({0}), sheet="Humans beside bots", sheet_head=BESIDE_HEAD)
    for why in ins.beside_skipped:
        table.rows.append([why])
        table.values.append(["", "", "", "", "not played", "", "", False, why])
    return table


def insight_tables(ins: Insights) -> list[InsightTable]:
    """Return every table of the insights, in reading order."""
    tables: list[InsightTable | None] = []
    for group in ins.groups:
        tables += group_tables(group)
    tables += [beside_table(b) for b in ins.beside] + [skipped_table(ins)]
    tables += [arcs_table(ins), kingmaker_table(ins), unfinished_table(ins), friction_table(ins), pace_table(ins)]
    return [t for t in tables if t is not None]
