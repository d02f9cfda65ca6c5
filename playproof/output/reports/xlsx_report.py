"""The XLSX report: one sheet per view, values only, written with openpyxl."""

from __future__ import annotations

import io
import re
from pathlib import Path
from statistics import mean
from typing import Any, Iterable

from playproof.output.reports import ReportFormat
from playproof.playtest.engine import Status
from playproof.playtest.reportdata import Aggregate, SessionReport

Row = list[Any]


class XlsxReport(ReportFormat):
    """A workbook: Sessions, Scores, Rounds, Violations, Turn times, Notes, Timeline (and aggregates)."""

    name = "xlsx"
    extension = ".xlsx"
    title = "Excel workbook"

    def write(self, reports: list[SessionReport], agg: Aggregate | None, path: Path) -> None:
        """Write the workbook (see write_book)."""
        write_book(_sheets(reports, agg), path)


def write_book(sheets: Iterable[tuple[str, list[str], list[Row]]], path: Path) -> None:
    """Write (title, header, rows) sheets as a workbook, streaming each sheet's rows once (openpyxl's write-only
    mode: linear in rows)."""
    import openpyxl  # imported lazily: it costs ~0.3 s of start-up

    book = openpyxl.Workbook(write_only=True)
    for title, head, rows in sheets:
        sheet = book.create_sheet(title)
        sheet.freeze_panes = "A2"
        for index, name in enumerate(head, start=1):
            sheet.column_dimensions[_letter(index)].width = max(10, min(60, len(name) + 6))
        sheet.append([_bold(sheet, name) for name in head])
        for row in rows:
            sheet.append([_as_typed(sheet, _printable(v)) for v in row])
    buffer = io.BytesIO()  # built in memory: a full disk then fails one plain write, not inside zipfile
    book.save(buffer)
    path.write_bytes(buffer.getvalue())


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""Characters a worksheet cannot hold (openpyxl refuses them): shown as U+FFFD instead."""


TIMELINE_LINES = 50_000
"""Timeline lines a report of several sessions writes (about 200 Seven Sisters games, 3 s of openpyxl);
more and the Timeline sheet says where to find them, so 1,000 sessions take seconds, not minutes."""

MAX_CELL = 32_767
"""The most characters a spreadsheet cell holds (Excel's limit; a longer text makes Excel repair the file)."""


def _printable(value: Any) -> Any:
    """Return text without the control characters XLSX cannot store (a stray ESC or BEL in a note), cut to fit a cell."""
    if not isinstance(value, str):
        return value
    if len(value) > MAX_CELL:
        tail = f" … ({len(value) - MAX_CELL + 80:,} more characters: see the JSON report)"
        value = value[:MAX_CELL - 80] + tail
    return CONTROL.sub("\ufffd", value)


def _as_typed(sheet: Any, value: Any) -> Any:
    """Return a value as appended, text starting with `=` as a cell holding that text (never a formula)."""
    if not (isinstance(value, str) and value.startswith("=")):
        return value
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(sheet, value=value)
    if cell.data_type == "f":  # openpyxl takes any text starting with = for a formula
        cell.data_type = "s"
        cell.quotePrefix = True
    return cell


def _bold(sheet: Any, name: str) -> Any:
    """Return a header cell in bold."""
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    cell = WriteOnlyCell(sheet, value=name)
    cell.font = Font(bold=True)
    return cell


def _letter(index: int) -> str:
    """Return a column's letter (1 -> A)."""
    from openpyxl.utils import get_column_letter

    return get_column_letter(index)


def _sheets(reports: list[SessionReport], agg: Aggregate | None) -> Iterable[tuple[str, list[str], list[Row]]]:
    """Yield (sheet title, header row, rows) for every view."""
    yield "Sessions", ["Log", "Game", "Date", "Rules", "Components", "Players", "Moves", "Minutes", "Finished",
                       "Winners", "Violations", "Corrected", "Arc"], [
        [r.name, r.game, r.header.get("Date"), r.header.get("Rules"), r.header.get("Components"),
         ", ".join(r.players), r.moves, r.minutes, r.over, ", ".join(r.winners),
         sum(1 for f in r.violations if f.status is Status.VIOLATION and not f.corrected_by),
         sum(1 for f in r.violations if f.corrected_by), r.arc_text()] for r in reports]
    yield "Scores", ["Log", "Seat", "Player", "Score", "Part", "Points"], list(_score_rows(reports))
    yield "Rounds", ["Log", "Round", "Player", "Score"], [
        [r.name, label, pl, scores.get(pl)] for r in reports for label, scores in r.rounds for pl in r.players]
    yield "Violations", ["Log", "Line", "Rule", "Message", "Status", "Corrected on line"], [
        [r.name, f.line, f.rule, f.message, f.status.value, f.corrected_by] for r in reports for f in r.violations]
    yield "Violations by rule", ["Log", "Rule", "Standing", "Corrected"], [
        [r.name, rule, standing, corrected] for r in reports for rule, standing, corrected in r.by_rule()]
    yield "Turn times", ["Log", "Player", "Turns", "Mean seconds", "Longest", "Total"], [
        [r.name, pl, len(t), round(mean(t), 1), max(t), sum(t)]
        for r in reports for pl in r.players if (t := r.turn_times.get(pl))]
    yield "Notes", ["Log", "Line", "Note"], [[r.name, line, text] for r in reports for line, text in r.notes]
    yield "Timeline", ["Log", "Line", "Time", "Kind", "Actor", "Event", "Status", "Findings"], _timeline(reports)
    if agg is not None:
        yield from _aggregate_sheets(agg)
        if agg.insights is not None:
            yield from _insight_sheets(agg.insights)


def _insight_sheets(insights: Any) -> Iterable[tuple[str, list[str], list[Row]]]:
    """Yield one sheet per kind of insight table, every row of every group (no table is cut here)."""
    from playproof.output.reports.insight_tables import insight_tables

    sheets: dict[str, tuple[list[str], list[Row]]] = {}
    for found in insight_tables(insights):
        sheets.setdefault(found.sheet, (found.sheet_head, []))[1].extend(found.values)
    for title, (head, rows) in sheets.items():
        yield title, head, rows


def _timeline(reports: list[SessionReport]) -> list[Row]:
    """Return every timeline line, or one row saying why they are left out (over TIMELINE_LINES in all)."""
    lines = sum(len(r.timeline) for r in reports)
    if len(reports) > 1 and lines > TIMELINE_LINES:
        return [[f"The timelines ({lines:,} lines) of these {len(reports):,} sessions are left out: a workbook takes "
                 f"at most {TIMELINE_LINES:,} (see docs/limits.md); the JSON report holds them all, or report "
                 "fewer sessions."]]
    return [[r.name, t.line, t.elapsed, t.kind, t.actor, t.text, t.status, ", ".join(t.findings)]
            for r in reports for t in r.timeline]


def _score_rows(reports: list[SessionReport]) -> Iterable[Row]:
    """Yield one row per player and score part."""
    for r in reports:
        for seat, player in enumerate(r.players, start=1):
            for part, points in r.breakdown.get(player, {"total": r.scores.get(player, 0)}).items():
                yield [r.name, seat, player, r.scores.get(player), part, points]


def _aggregate_sheets(agg: Aggregate) -> Iterable[tuple[str, list[str], list[Row]]]:
    """Yield the sheets of the views over several sessions."""
    yield "Seat win rates", ["Seat", "Wins", "Games", "Win rate", "Mean score"], [
        [s, w, g, round(w / g, 3) if g else None, agg.seat_means.get(s)] for s, w, g in agg.seat_wins]
    yield "Score spread", ["Log", "Lowest", "Highest", "Mean", "Moves", "Minutes"], [
        [n, lo, hi, m, mv, mi] for (n, lo, hi, m), (_, mv, mi) in zip(agg.spreads, agg.lengths)]
    yield "Most broken rules", ["Rule", "Times broken"], [list(r) for r in agg.rules]
