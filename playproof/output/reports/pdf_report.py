"""The PDF report: reportlab platypus pages with the same charts as the HTML report."""

from __future__ import annotations

from pathlib import Path
from statistics import mean
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (Flowable, KeepTogether, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table,
                                TableStyle)

from playproof.output.metadata import stamp_canvas, titled
from playproof.output.reports import ReportFormat, charts, compact_note, detailed
from playproof.playtest.engine import Status
from playproof.playtest.reportdata import Aggregate, SessionReport, display_name

if TYPE_CHECKING:
    from playproof.output.reports.insight_tables import InsightTable

BODY = ParagraphStyle("body", fontName=charts.FONT, fontSize=8.5, leading=10.5)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=7.5, leading=9, textColor=colors.HexColor("#555555"))
RIGHT = ParagraphStyle("right", parent=BODY, alignment=TA_RIGHT)
SMALL_RIGHT = ParagraphStyle("small-right", parent=SMALL, alignment=TA_RIGHT)
H1 = ParagraphStyle("h1", fontName=charts.FONT_BOLD, fontSize=18, leading=22, spaceAfter=4)
H2 = ParagraphStyle("h2", fontName=charts.FONT_BOLD, fontSize=13, leading=16, spaceBefore=8, spaceAfter=4,
                    keepWithNext=1)
H3 = ParagraphStyle("h3", fontName=charts.FONT_BOLD, fontSize=10.5, leading=13, spaceBefore=6, spaceAfter=3,
                    keepWithNext=1)
WIDTH = A4[0] - 36 * mm


MAX_PARAGRAPH = 3000
"""The most characters of one text shown in the PDF (reportlab's line breaking is quadratic in a paragraph's length;
the HTML, XLSX and JSON reports keep the whole text)."""


def p(text: object, style: ParagraphStyle = BODY) -> Paragraph:
    """Return user text as a paragraph (escaped: reportlab reads paragraphs as markup; very long text is cut)."""
    shown = str(text)
    if len(shown) > MAX_PARAGRAPH:
        shown = f"{shown[:MAX_PARAGRAPH]} … ({len(shown) - MAX_PARAGRAPH:,} more characters: see the HTML or JSON report)"
    return Paragraph(escape(shown).replace("\n", "<br/>"), style)


class PdfReport(ReportFormat):
    """An A4 PDF."""

    name = "pdf"
    extension = ".pdf"
    title = "PDF"

    def write(self, reports: list[SessionReport], agg: Aggregate | None, path: Path) -> None:
        """Write the document."""
        charts.register_fonts()
        story: list[Flowable] = []
        title = reports[0].title if len(reports) == 1 else f"{len(reports)} sessions"
        story.append(p(f"Playtest report: {title}", H1))
        if agg is not None:
            story += _aggregate(agg) + _insights(agg) + [PageBreak()]
        full = detailed(reports)
        for index, report in enumerate(reports):
            story += ([PageBreak()] if index else []) + _session(report, full)
            story += _timeline(report) if full else [p(compact_note(report, len(reports)), SMALL)]
        doc = SimpleDocTemplate(str(path), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                                topMargin=16 * mm, bottomMargin=16 * mm,
                                initialFontName=charts.FONT)  # no unembedded Helvetica
        info = titled(f"Playtest report: {title}", "Playtest report")

        def first_page(canvas: Any, page_doc: Any) -> None:
            stamp_canvas(canvas, info)  # title, dates (SOURCE_DATE_EPOCH when set) and id, as every PDF
            _footer(canvas, page_doc)

        doc.build(story, onFirstPage=first_page, onLaterPages=_footer)


def write_tables(title: str, tables: list[InsightTable], path: Path) -> None:
    """Write report tables alone (two versions side by side) as an A4 PDF in the report's own style."""
    charts.register_fonts()
    story = [p(title, H1)] + insight_flowables(tables)
    doc = SimpleDocTemplate(str(path), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                            bottomMargin=16 * mm, title=title, author="playproof", initialFontName=charts.FONT)
    doc.build(story, onFirstPage=_footer, onLaterPages=_footer)


def _footer(canvas: Any, doc: Any) -> None:
    """Draw the page number."""
    canvas.setFont(charts.FONT, 7.5)
    canvas.setFillColor(colors.HexColor("#777777"))
    canvas.drawRightString(A4[0] - 18 * mm, 9 * mm, f"playproof playtest report · page {doc.page}")


PAD = 6
"""A table cell's left and right padding (reportlab's default), in points."""


def cell(value: object, width: float, style: ParagraphStyle = BODY) -> object:
    """Return a table cell: plain text when it fits on one line (cheap to lay out), else a wrapping paragraph."""
    text, room = str(value), width - 2 * PAD
    fits = len(text) * style.fontSize * 1.2 <= room or stringWidth(text, style.fontName, style.fontSize) <= room
    return text if fits and "\n" not in text else p(text, style)


def table(head: list[str], rows: list[list[object]], widths: list[float], numeric: set[int] = frozenset(),
          shade: dict[int, str] | None = None) -> Table:
    """Return a table of escaped cells with a header row that repeats across pages."""
    points = [w * WIDTH for w in widths]
    data = [[cell(h, points[i], SMALL_RIGHT if i in numeric else SMALL) for i, h in enumerate(head)]]
    data += [[cell(c, points[i], RIGHT if i in numeric else BODY) for i, c in enumerate(row)] for row in rows]
    # splitInRow: a row taller than a page (a very long note) continues on the next page instead of failing
    result = Table(data, colWidths=points, repeatRows=1, splitInRow=1)
    style = [("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#dddddd")),
             ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#f3efe7")),
             ("FONT", (0, 0), (-1, 0), SMALL.fontName, SMALL.fontSize, SMALL.leading),
             ("TEXTCOLOR", (0, 0), (-1, 0), SMALL.textColor),
             ("FONT", (0, 1), (-1, -1), BODY.fontName, BODY.fontSize, BODY.leading),
             ("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 2),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    style += [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in numeric]
    style += [("BACKGROUND", (0, r + 1), (-1, r + 1), colors.HexColor(c)) for r, c in (shade or {}).items()]
    result.setStyle(TableStyle(style))
    return result


def _aggregate(agg: Aggregate) -> list[Flowable]:
    """Return the views over several sessions."""
    seats = [[s, w, g, f"{100 * w / g:.0f} %" if g else "-", agg.seat_means.get(s, "-")] for s, w, g in agg.seat_wins]
    spread = [[agg.short(n), lo, hi, m, mv, mi if mi is not None else "-"]
              for (n, lo, hi, m), (_, mv, mi) in zip(agg.spreads, agg.lengths)]
    story: list[Flowable] = [p(f"All {agg.sessions} sessions", H2), p(agg.mixed_note(), SMALL), charts.seat_chart(agg),
                             table(["Seat", "Wins", "Games", "Win rate", "Mean score"], seats, [.2] * 5, {1, 2, 3, 4}),
                             p("Score spread and game length", H3),
                             table(["Log", "Lowest", "Highest", "Mean", "Moves", "Minutes"], spread,
                                   [.4, .12, .12, .12, .12, .12], {1, 2, 3, 4, 5}),
                             Spacer(1, 8)]
    if agg.rules:
        story += [charts.rules_chart(agg), table(["Rule", "Times broken (corrected slips included)"],
                                                 [list(r) for r in agg.rules], [.7, .3], {1})]
    else:
        story += [p("Most broken rules", H3), p("No rule was broken in these sessions.")]
    return story


def _insights(agg: Aggregate) -> list[Flowable]:
    """Return what the sessions revealed: the same tables as the HTML report (long ones cut, and labelled so)."""
    if agg.insights is None:
        return []
    from playproof.output.reports.insight_tables import insight_tables

    return [p("What the playtests revealed", H2)] + insight_flowables(insight_tables(agg.insights))


def insight_flowables(tables: list[InsightTable]) -> list[Flowable]:
    """Return insight tables as headings, notes and tables (long ones cut, and labelled so)."""
    story: list[Flowable] = []
    for found in tables:
        rows, cut = found.shown()
        story += [p(found.title + (f" ({cut})" if cut else ""), H3), p(found.note, SMALL),
                  table(found.head, list(rows), _widths(found.head, rows, found.wide), set(found.numeric))]
    return story


def _widths(head: list[str], rows: list[list[str]], wide: frozenset[int] = frozenset()) -> list[float]:
    """Return column widths as shares of the page: a column whose text fits in a third of the page gets its
    natural width (headers and rule ids unbroken), the others share the rest by their length. Beside columns of
    sentences (`wide`, which wrap between words), a column of up to half the page keeps its natural width too, as
    long as the sentences keep a quarter of the page: a long rule id is never broken inside a word."""
    natural = [max([stringWidth(head[i], SMALL.fontName, SMALL.fontSize)]
                   + [stringWidth(r[i], BODY.fontName, BODY.fontSize) for r in rows]) + 2 * PAD + 2
               for i in range(len(head))]
    whole = {i: w for i, w in enumerate(natural) if i not in wide and w <= WIDTH / 2}
    fixed = whole if wide and WIDTH - sum(whole.values()) >= 0.25 * WIDTH else \
        {i: w for i, w in enumerate(natural) if w <= WIDTH / 3}
    rest = WIDTH - sum(fixed.values())
    flexible = {i: w for i, w in enumerate(natural) if i not in fixed}
    if rest <= 0 or (flexible and rest < 0.25 * WIDTH):  # too many columns: share the page by natural width,
        return _squeezed(natural)  # the narrow ones (a name, a yes) kept whole
    if not flexible:  # every column fits: the spare width is shared alike
        return [(w + rest / len(natural)) / WIDTH for w in natural]
    share = {i: rest * w / sum(flexible.values()) for i, w in flexible.items()}
    return [fixed.get(i, share.get(i, 0.0)) / WIDTH for i in range(len(head))]


def _squeezed(natural: list[float]) -> list[float]:
    """Return shares of the page for columns too wide together: a column needing under a sixth of the page keeps its
    natural width (a head like `Component` stays one word), the others share the rest by their natural width."""
    narrow = {i: w for i, w in enumerate(natural) if w <= WIDTH / 6}
    wide = sum(w for i, w in enumerate(natural) if i not in narrow)
    left = WIDTH - sum(narrow.values())
    if not narrow or not wide or left < 0.4 * WIDTH:
        return [w / sum(natural) for w in natural]
    return [(narrow[i] if i in narrow else left * w / wide) / WIDTH for i, w in enumerate(natural)]


def _session(report: SessionReport, full: bool = True) -> list[Flowable]:
    """Return one session's pages (without charts when compact)."""
    meta = " · ".join([f"Log: {report.name}"] + [f"{k}: {v}" for k, v in report.header.items()
                                                 if k not in ("Game", "Players")])
    story: list[Flowable] = [p(display_name(report.name), H2), p(meta, SMALL), Spacer(1, 4)]
    story += [p(f"Problem: {problem}") for problem in report.problems]
    story += _players(report) + ([charts.score_chart(report)] if report.scores and full else [])
    if len(report.rounds) > 1:
        story += [KeepTogether([charts.rounds_chart(report), _rounds(report)]) if full else _rounds(report)]
        story += [p(f"Arc of the game: {report.arc_text()}.", SMALL)] if report.arc_text() else []
    story += _violations(report) + _turn_times(report, full) + _notes(report)
    return story


def _players(report: SessionReport) -> list[Flowable]:
    """Return players in seat order with their scores, then the breakdown by part."""
    rows = [[seat, player + (" (winner)" if player in report.winners and report.over else ""),
             report.scores.get(player, "")] for seat, player in enumerate(report.players, start=1)]
    state = "Final scores" if report.over else "Scores so far (the game did not end)"
    story: list[Flowable] = [p(state, H3), table(["Seat", "Player", "Score"], rows, [.1, .6, .3], {0, 2})]
    if report.parts():
        players = report.players[:8]
        parts = [[k] + [report.breakdown.get(pl, {}).get(k, "") for pl in players] for k in report.parts()]
        parts.append(["total"] + [report.scores.get(pl, "") for pl in players])
        widths = [.22] + [.78 / len(players)] * len(players)
        story += [p("Score breakdown", H3), table(["Part"] + players, parts, widths, set(range(1, 9)),
                                                  {len(parts) - 1: "#f3efe7"})]
    return story


def _rounds(report: SessionReport) -> Table:
    """Return the score after each round."""
    players = report.players[:8]
    rows = [[label] + [scores.get(pl, "") for pl in players] for label, scores in report.rounds]
    return table(["Round"] + players, rows, [.16] + [.84 / len(players)] * len(players), set(range(1, 9)))


def _violations(report: SessionReport) -> list[Flowable]:
    """Return every violation with its rule and whether it was corrected."""
    if not report.violations:
        return [p("Violations", H3), p("✓ No rule was broken.")]
    rows, shade = [], {}
    for index, f in enumerate(report.violations):
        if f.corrected_by:
            status = f"corrected on line {f.corrected_by}"
        elif f.status is Status.UNDETERMINED:
            status = "cannot tell (hidden)"
        else:
            status, shade[index] = "standing", "#fbeaea"
        if f.revealed_by:
            status += f" (known since the reveal on line {f.revealed_by})"
        rows.append([f.line, f.rule, f.message, status])
    by_rule = [list(counts) for counts in report.by_rule()]
    head = ["Line", "Rule", "What happened", "Status"]
    return [p("Violations", H3), table(head, rows, [.06, .41, .39, .14], {0}, shade),
            p("Violations by rule", H3), table(["Rule", "Standing", "Corrected at the table"], by_rule, [.6, .2, .2],
                                               {1, 2})]


def _turn_times(report: SessionReport, full: bool = True) -> list[Flowable]:
    """Return time per turn per player (with its chart unless compact)."""
    if not report.turn_times:
        return []
    rows = [[pl, len(t), f"{mean(t):.0f}", max(t), sum(t)] for pl in report.players if (t := report.turn_times.get(pl))]
    if not rows:
        return []
    times = table(["Player", "Turns", "Mean", "Longest", "Total"], rows, [.4, .15, .15, .15, .15], {1, 2, 3, 4})
    if not full:
        return [p("Time per turn (seconds)", H3), times]
    # the chart carries the heading, as the other charts do; the table stays with it
    return [KeepTogether([charts.turn_time_chart(report), times])]


def _notes(report: SessionReport) -> list[Flowable]:
    """Return the table's notes."""
    if not report.notes:
        return []
    return [p("Notes", H3), table(["Line", "Note"], [list(n) for n in report.notes], [.08, .92], {0})]


def _timeline(report: SessionReport) -> list[Flowable]:
    """Return every event line with corrections and findings marked."""
    rows, shade = [], {}
    for index, row in enumerate(report.timeline):
        status = "; ".join(row.labels())
        if row.status.startswith(("undone", "amended")):
            shade[index] = "#f1f1f1"
        elif row.status in ("error", "violation"):
            shade[index] = "#fbeaea"
        rows.append([row.line] + ([row.elapsed] if report.timed else []) + [row.actor, row.text, status])
    head = ["Line"] + (["Time"] if report.timed else []) + ["Actor", "Event", "Status"]
    widths = [.07] + ([.12] if report.timed else []) + [.13, .40 if report.timed else .52, .28]  # h:mm:ss fits
    return [p("Timeline", H3), table(head, rows, widths, {0}, shade)]
