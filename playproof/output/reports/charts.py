"""Report charts drawn once with reportlab's chart library: flowables in the PDF, inline SVG in HTML."""

from __future__ import annotations

import re
from html import escape
from functools import lru_cache
from pathlib import Path
from statistics import mean

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.linecharts import HorizontalLineChart
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

from playproof.playtest.reportdata import Aggregate, SessionReport

FONT = "PPSans"
FONT_BOLD = "PPSans-Bold"
BROWSER_FONTS = "'DejaVu Sans', Verdana, sans-serif"
PALETTE = ["#3b6ea5", "#d1884a", "#5a9e6f", "#b85c7a", "#8c6bb1", "#c9a227", "#4fa3a5", "#7d7d7d"]
WIDTH, HEIGHT = 460, 220


@lru_cache(maxsize=1)
def register_fonts() -> None:
    """Register the bundled DejaVu Sans (covers ✓, ✗ and accented names) for reports."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = Path(__file__).resolve().parents[2] / "fonts"
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(folder / "DejaVuSans-Bold.ttf")))


def colour(index: int) -> colors.Color:
    """Return the palette colour of a series."""
    return colors.HexColor(PALETTE[index % len(PALETTE)])


def _frame(title: str, height: int = HEIGHT) -> Drawing:
    """Return an empty drawing with a title."""
    register_fonts()
    drawing = Drawing(WIDTH, height)
    drawing.initialFontName = FONT  # the state a PDF drawing starts in: no unembedded Helvetica named in the file
    drawing.add(String(0, height - 14, title, fontName=FONT_BOLD, fontSize=11, fillColor=colors.HexColor("#222222")))
    return drawing


def _short(text: str, size: int = 14) -> str:
    """Shorten a label so it fits under a bar."""
    return text if len(text) <= size else text[: size - 1] + "…"


def _style_axes(chart: VerticalBarChart | HorizontalLineChart | HorizontalBarChart) -> None:
    """Use the report font on both axes."""
    for axis in (chart.categoryAxis.labels, chart.valueAxis.labels):
        axis.fontName, axis.fontSize = FONT, 8
    chart.valueAxis.forceZero = True
    chart.categoryAxis.joinAxisMode = "left" if isinstance(chart, HorizontalBarChart) else "bottom"


def _legend(drawing: Drawing, names: list[str], x: float, y: float) -> None:
    """Add a legend of series names at the right."""
    legend = Legend()
    legend.x, legend.y, legend.fontName, legend.fontSize = x, y, FONT, 8
    legend.alignment, legend.dx, legend.dy, legend.deltay = "right", 8, 8, 12
    legend.colorNamePairs = [(colour(i), _short(n, 18)) for i, n in enumerate(names)]
    # one column while the names fit down the chart: a second column would run past the drawing's edge
    legend.columnMaximum = max(len(names), 1) if len(names) * legend.deltay <= y else max(1, int(y // legend.deltay))
    drawing.add(legend)


def score_chart(report: SessionReport) -> Drawing:
    """Return final scores per player, stacked by the parts of the breakdown."""
    players = report.players
    parts = [k for k in _parts(report) if k != "total"] or ["total"]
    title = "Final scores" if report.over else "Scores so far"
    drawing = _frame(title + (" by part" if parts != ["total"] else ""))
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 30, 280, HEIGHT - 65
    chart.data = [[report.breakdown.get(p, {}).get(part, report.scores.get(p, 0) if part == "total" else 0)
                   for p in players] for part in parts]
    chart.categoryAxis.categoryNames = [_short(p) for p in players]
    chart.categoryAxis.style = "stacked"
    for i in range(len(parts)):
        chart.bars[i].fillColor = colour(i)
    _style_axes(chart)
    if not any(v for row in chart.data for v in row):
        chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, 1  # all zero: a plain 0-1 axis
    drawing.add(chart)
    _legend(drawing, parts, 340, HEIGHT - 40)
    return drawing


def _parts(report: SessionReport) -> list[str]:
    """Return the breakdown's part names in first-seen order."""
    names: dict[str, None] = {}
    for parts in report.breakdown.values():
        names.update(dict.fromkeys(parts))
    return list(names)


def rounds_chart(report: SessionReport) -> Drawing:
    """Return each player's score at the end of each round."""
    drawing = _frame("Score by round")
    chart = HorizontalLineChart()
    chart.x, chart.y, chart.width, chart.height = 40, 30, 280, HEIGHT - 65
    labels = [label for label, _ in report.rounds] or ["-"]
    chart.data = [[scores.get(p, 0) for _, scores in report.rounds] or [0] for p in report.players]
    step = -(-len(labels) // 10)  # at most about ten labels under the axis, so they never overlap
    chart.categoryAxis.categoryNames = [_short(label, 16) if i % step == 0 or i == len(labels) - 1 else ""
                                        for i, label in enumerate(labels)]
    if len(labels) > 5:  # slanted labels so long round names (`turn 3, hour 3`) stay readable
        chart.categoryAxis.labels.angle, chart.categoryAxis.labels.boxAnchor = 35, "ne"
        chart.categoryAxis.labels.dy = -2
        chart.y, chart.height = 55, HEIGHT - 90
    for i in range(len(report.players)):
        chart.lines[i].strokeColor, chart.lines[i].strokeWidth = colour(i), 2
    _style_axes(chart)
    drawing.add(chart)
    _legend(drawing, report.players, 340, HEIGHT - 40)
    return drawing


def turn_time_chart(report: SessionReport) -> Drawing:
    """Return each player's mean and longest time per turn, in seconds."""
    drawing = _frame("Time per turn (seconds)")
    players = [p for p in report.players if report.turn_times.get(p)]
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 30, 280, HEIGHT - 65
    chart.data = [[round(mean(report.turn_times[p]), 1) for p in players],
                  [max(report.turn_times[p]) for p in players]]
    chart.categoryAxis.categoryNames = [_short(p) for p in players]
    chart.bars[0].fillColor, chart.bars[1].fillColor = colour(0), colour(1)
    _style_axes(chart)
    drawing.add(chart)
    _legend(drawing, ["mean", "longest"], 340, HEIGHT - 40)
    return drawing


def seat_chart(agg: Aggregate) -> Drawing:
    """Return the win rate of each seat over the sessions (percent)."""
    drawing = _frame("Win rate by seat (%)")
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 30, 380, HEIGHT - 65
    chart.data = [[round(100 * w / g) if g else 0 for _, w, g in agg.seat_wins] or [0]]
    chart.categoryAxis.categoryNames = [f"seat {s}" for s, _, _ in agg.seat_wins] or ["-"]
    chart.bars[0].fillColor = colour(0)
    _style_axes(chart)
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, 100
    drawing.add(chart)
    return drawing


def rules_chart(agg: Aggregate, top: int = 8) -> Drawing:
    """Return the most broken rules as horizontal bars."""
    rules = agg.rules[:top] or [("none", 0)]
    height = 50 + 22 * len(rules)
    drawing = _frame("Most broken rules", height)
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 250, 20, 190, height - 50
    chart.data = [[count for _, count in reversed(rules)]]
    one_game = len({rule.split("/", 1)[0] for rule, _ in rules}) == 1  # then the game prefix says nothing
    chart.categoryAxis.categoryNames = [_short(rule.split("/", 1)[-1] if one_game else rule, 46)
                                        for rule, _ in reversed(rules)]
    chart.bars[0].fillColor = colour(3)
    _style_axes(chart)
    chart.valueAxis.valueStep = max(1, max(c for _, c in rules) // 5 or 1)
    drawing.add(chart)
    return drawing


def session_charts(report: SessionReport) -> list[Drawing]:
    """Return the charts a session has data for: scores, score by round, time per turn."""
    drawings = [score_chart(report)] if report.scores and report.players else []
    if len(report.rounds) > 1 and report.players:
        drawings.append(rounds_chart(report))
    if any(report.turn_times.get(p) for p in report.players):
        drawings.append(turn_time_chart(report))
    return drawings


def to_svg(drawing: Drawing, uid: str) -> str:
    """Return a drawing as inline SVG markup whose ids are unique within a page (text escaped by reportlab)."""
    from reportlab.graphics import renderSVG

    svg = renderSVG.drawToString(drawing)
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<title>.*?</title>\s*<desc>.*?</desc>", "", svg, flags=re.S)
    svg = svg.replace('id="clip"', f'id="clip-{uid}"').replace("url(#clip)", f"url(#clip-{uid})")
    title = next((c.text for c in drawing.contents if isinstance(c, String)), "chart")  # the chart's heading
    label = escape(str(title), quote=True)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)
    # a browser knows the report fonts by their family name, not by the names registered with reportlab
    svg = svg.replace(f"font-family: {FONT_BOLD};", f"font-family: {BROWSER_FONTS}; font-weight: bold;")
    svg = svg.replace(f"font-family: {FONT};", f"font-family: {BROWSER_FONTS};")
    return svg.replace('id="group"', f'id="group-{uid}"')
