"""The HTML report: one self-contained page, charts inline as SVG, every piece of user text escaped."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from statistics import mean
from typing import TYPE_CHECKING, Iterable

from reportlab.graphics.shapes import Drawing

from playproof.output.reports import ReportFormat, compact_note, detailed
from playproof.output.reports import charts
from playproof.playtest.audit import Finding
from playproof.playtest.engine import Status
from playproof.playtest.reportdata import Aggregate, SessionReport, display_name

if TYPE_CHECKING:
    from playproof.output.reports.insight_tables import InsightTable

CSS = """
body{font-family:"DejaVu Sans",system-ui,sans-serif;color:#222;margin:0;background:#f4f2ee;line-height:1.4}
main{max-width:980px;margin:0 auto;padding:24px}
h1{font-size:26px;margin:0 0 4px}
h2{font-size:19px;margin:28px 0 10px;border-bottom:2px solid #ddd6c8;padding-bottom:4px}
h3{font-size:15px;margin:18px 0 6px}
.card{background:#fff;border-radius:8px;padding:18px 22px;margin:0 0 22px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.meta{color:#666;font-size:13px} .meta span{margin-right:16px}
table{border-collapse:collapse;width:100%;font-size:13px;margin:6px 0 12px}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eee;vertical-align:top}
th{background:#faf8f4;font-weight:600} td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.win,tr.total td{font-weight:700} tr.total td{border-top:2px solid #ddd6c8}
.ok{color:#2f7d4a} .bad{color:#b3261e} .fixed{color:#8a6d1f} .open{color:#5a5a9e}
s{color:#888} tr.error td{background:#fdecea} tr.undone td{color:#777}
.charts{display:flex;flex-wrap:wrap;gap:12px} .charts svg{max-width:100%;height:auto}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;background:#eee}
.empty{color:#888;font-style:italic}
summary{cursor:pointer} summary h3{display:inline-block;margin:18px 0 6px}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%} div.wide{min-width:20em}
@media (max-width:600px){main{padding:10px}.card{padding:12px 12px}h1{font-size:21px}table{font-size:12px}
th,td{padding:3px 5px}.meta span{display:block;margin:0}
.charts{flex-direction:column;overflow-x:auto}.charts svg{max-width:none;flex:none}}
"""


TIMELINE_OPEN = 60
"""Timelines up to this many lines are shown unfolded."""


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def e(value: object) -> str:
    """Escape any value as HTML text (quotes included; control characters, invalid in HTML, become U+FFFD)."""
    return CONTROL.sub("\ufffd", escape(str(value), quote=True))


class HtmlReport(ReportFormat):
    """A self-contained HTML page."""

    name = "html"
    extension = ".html"
    title = "HTML"

    def write(self, reports: list[SessionReport], agg: Aggregate | None, path: Path) -> None:
        """Write the page."""
        path.write_text(render_page(reports, agg), encoding="utf-8")


def render_page(reports: list[SessionReport], agg: Aggregate | None) -> str:
    """Return the whole HTML document."""
    title = f"Playtest report: {reports[0].title}" if len(reports) == 1 else f"Playtest report: {len(reports)} sessions"
    body = [f"<h1>{e(title)}</h1>"]
    if agg is not None:
        body.append(_aggregate(agg))
    full = detailed(reports)
    body += [_session(r, i, full, len(reports)) for i, r in enumerate(reports)]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{e(title)}</title>"
            f"<style>{CSS}</style></head><body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


def tables_page(title: str, tables: list[InsightTable]) -> str:
    """Return a page of report tables alone (two versions side by side), in the report's own style."""
    body = "".join(_insight_table(t) for t in tables)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{e(title)}</title>"
            f"<style>{CSS}</style></head><body><main>\n<h1>{e(title)}</h1><section class=\"card\">{body}</section>"
            "\n</main></body></html>\n")


def _insight_table(table: InsightTable) -> str:
    """Return one report table: its title (with a `top 25 of 40` label when cut), its note, its rows."""
    rows, cut = table.shown()
    label = f' <span class="badge">{e(cut)}</span>' if cut else ""
    return (f"<h3>{e(table.title)}{label}</h3><p class=\"meta\">{e(table.note)}</p>"
            + _table([e(h) for h in table.head], ([e(c) for c in row] for row in rows), set(table.numeric),
                     wide=table.wide))


def _table(head: list[str], rows: Iterable[list[str]], numeric: set[int] = frozenset(),
           cls: list[str] | None = None, wide: frozenset[int] = frozenset()) -> str:
    """Return a table; cells are already-escaped HTML (`wide` columns hold sentences: never squeezed narrow)."""
    heads = "".join(f'<th class="num">{h}</th>' if i in numeric else f"<th>{h}</th>" for i, h in enumerate(head))
    lines = [f"<table><thead><tr>{heads}</tr></thead><tbody>"]
    for index, row in enumerate(rows):
        attr = f' class="{cls[index]}"' if cls and cls[index] else ""
        cells = "".join(f'<td class="num">{c}</td>' if i in numeric else f'<td><div class="wide">{c}</div></td>'
                        if i in wide else f"<td>{c}</td>" for i, c in enumerate(row))
        lines.append(f"<tr{attr}>{cells}</tr>")
    return '<div class="scroll">' + "".join(lines) + "</tbody></table></div>"


def _svg(drawing: Drawing, uid: str) -> str:
    """Return a chart as inline SVG."""
    return CONTROL.sub("\ufffd", charts.to_svg(drawing, uid))  # a name's control characters reach charts too


def _aggregate(agg: Aggregate) -> str:
    """Return the views over several sessions."""
    seats = _table(["Seat", "Wins", "Games", "Win rate", "Mean score"],
                   ([str(s), str(w), str(g), f"{100 * w / g:.0f} %" if g else "-", e(agg.seat_means.get(s, "-"))]
                    for s, w, g in agg.seat_wins), {1, 2, 3, 4})
    spread = _table(["Log", "Lowest", "Highest", "Mean", "Moves", "Minutes"],
                    ([e(agg.short(n)), str(lo), str(hi), str(m), str(mv), e(mi if mi is not None else "-")]
                     for (n, lo, hi, m), (_, mv, mi) in zip(agg.spreads, agg.lengths)), {1, 2, 3, 4, 5})
    rules = '<p class="empty">No rule was broken in these sessions.</p>'
    chart_html = _svg(charts.seat_chart(agg), "agg-seats")
    if agg.rules:
        rules = _table(["Rule", "Times broken (corrected slips included)"], ([e(r), str(c)] for r, c in agg.rules), {1})
        chart_html += _svg(charts.rules_chart(agg), "agg-rules")
    note = f'<p class="meta">{e(agg.mixed_note())}</p>' if agg.mixed_note() else ""
    if agg.unfinished:
        note += (f'<p class="meta">{agg.unfinished} session(s) never ended: left out of the seat win rates '
                 "(listed under What the playtests revealed).</p>")
    return (f'<section class="card"><h2>All {agg.sessions} sessions</h2>{note}<div class="charts">{chart_html}</div>'
            f"<h3>Seats: win rates of finished games and mean scores</h3>{seats}"
            f"<h3>Score spread and game length</h3>{spread}"
            f"<h3>Most broken rules</h3>{rules}</section>" + _insights(agg))


def _insights(agg: Aggregate) -> str:
    """Return what the sessions revealed: seats, components, arc, unfinished games, rule friction, pace."""
    if agg.insights is None:
        return ""
    from playproof.output.reports.insight_tables import insight_tables

    parts = ['<section class="card"><h2>What the playtests revealed</h2>']
    parts += [_insight_table(table) for table in insight_tables(agg.insights)]
    return "".join(parts) + "</section>"


def _session(report: SessionReport, index: int, full: bool = True, sessions: int = 1) -> str:
    """Return one session's section (compact in a report of many sessions: no charts, no timeline)."""
    uid = f"s{index}"
    meta = "".join(f"<span>{e(k)}: {e(v)}</span>" for k, v in report.header.items() if k not in ("Game", "Players"))
    meta = f"<span>Log: {e(report.name)}</span>" + meta
    parts = [f'<section class="card"><h2>{e(display_name(report.name))}</h2><p class="meta">{meta}</p>',
             _problems(report), _players(report)]
    if full:
        chart_html = "".join(_svg(drawing, f"{uid}-{i}") for i, drawing in enumerate(charts.session_charts(report)))
        parts.append(f'<div class="charts">{chart_html}</div>')
    parts += [_rounds(report), _violations(report.violations), _by_rule(report), _turn_times(report), _notes(report),
              _timeline(report, sessions == 1) if full else f'<p class="meta">{e(compact_note(report, sessions))}</p>',
              "</section>"]
    return "\n".join(parts)


def _problems(report: SessionReport) -> str:
    """Return the problems that kept the log from being read or replayed."""
    if not report.problems:
        return ""
    items = "".join(f"<li>{e(p)}</li>" for p in report.problems)
    return f'<h3 class="bad">Problems reading this log</h3><ul>{items}</ul>'


def _players(report: SessionReport) -> str:
    """Return players in seat order with their scores, then the breakdown by part."""
    rows, classes = [], []
    for seat, player in enumerate(report.players, start=1):
        won = player in report.winners and report.over
        rows.append([str(seat), e(player) + (" ★ winner" if won else ""), str(report.scores.get(player, ""))])
        classes.append("win" if won else "")
    state = "final scores" if report.over else "scores so far (the game did not end)"
    html = f"<h3>Players and {state}</h3>" + _table(["Seat", "Player", "Score"], rows, {0, 2}, classes)
    if not report.parts():
        return html
    parts = [[e(k)] + [e(report.breakdown.get(p, {}).get(k, "")) for p in report.players] for k in report.parts()]
    parts.append(["total"] + [str(report.scores.get(p, "")) for p in report.players])
    numeric = set(range(1, len(report.players) + 1))
    classes = [""] * (len(parts) - 1) + ["total"]
    head = ["Part"] + [e(p) for p in report.players]
    return html + "<h3>Score breakdown</h3>" + _table(head, parts, numeric, classes)


def _rounds(report: SessionReport) -> str:
    """Return the score after each round."""
    if not report.rounds:
        return ""
    rows = [[e(label)] + [str(scores.get(p, "")) for p in report.players] for label, scores in report.rounds]
    arc = f'<p class="meta">Arc of the game: {e(report.arc_text())}.</p>' if report.arc_text() else ""
    return "<h3>Score by round</h3>" + arc + _table(["Round"] + [e(p) for p in report.players], rows,
                                              set(range(1, len(report.players) + 1)))


def _violations(findings: list[Finding]) -> str:
    """Return every violation with its rule and whether the table corrected it."""
    if not findings:
        return '<h3>Violations</h3><p class="ok">✓ No rule was broken.</p>'
    rows, classes = [], []
    for f in findings:
        if f.corrected_by:
            status = f'<span class="fixed">corrected on line {f.corrected_by}</span>'
        elif f.status is Status.UNDETERMINED:
            status = '<span class="open">cannot tell (hidden information)</span>'
        else:
            status = '<span class="bad">standing</span>'
        if f.revealed_by:
            status += f" (known since the reveal on line {f.revealed_by})"
        rows.append([str(f.line), f"<code>{e(f.rule)}</code>", e(f.message), status])
        classes.append("error" if f.status is Status.VIOLATION and not f.corrected_by else "")  # standing: shaded
    return "<h3>Violations</h3>" + _table(["Line", "Rule", "What happened", "Status"], rows, {0}, classes)


def _by_rule(report: SessionReport) -> str:
    """Return the violations counted by rule."""
    counts = report.by_rule()
    if not counts:
        return ""
    rows = [[f"<code>{e(rule)}</code>", str(standing), str(corrected)] for rule, standing, corrected in counts]
    return "<h3>Violations by rule</h3>" + _table(["Rule", "Standing", "Corrected at the table"], rows, {1, 2})


def _turn_times(report: SessionReport) -> str:
    """Return time per turn per player."""
    if not report.turn_times:
        return ""
    rows = [[e(p), str(len(t)), f"{mean(t):.0f}", str(max(t)), str(sum(t))]
            for p in report.players if (t := report.turn_times.get(p))]
    return "<h3>Time per turn (seconds)</h3>" + _table(["Player", "Turns", "Mean", "Longest", "Total"], rows,
                                                       {1, 2, 3, 4})


def _notes(report: SessionReport) -> str:
    """Return the notes taken at the table."""
    if not report.notes:
        return ""
    return "<h3>Notes</h3>" + _table(["Line", "Note"], ([str(n), e(t)] for n, t in report.notes), {0})


def _timeline(report: SessionReport, unfold: bool = True) -> str:
    """Return every event line, taken-back and amended ones marked (a short one unfolded when `unfold`)."""
    rows, classes = [], []
    for row in report.timeline:
        labels = row.labels()
        status = " ".join(f'<span class="badge">{e(f)}</span>' if i >= len(labels) - len(row.findings) else e(f)
                          for i, f in enumerate(labels))
        text = f"<s>{e(row.text)}</s>" if row.status.startswith(("undone", "amended")) else e(row.text)
        rows.append([str(row.line)] + ([e(row.elapsed)] if report.timed else []) + [e(row.actor), text, status])
        classes.append("undone" if row.status.startswith(("undone", "amended")) else
                       "error" if row.status in ("error", "violation") else "")
    head = ["Line"] + (["Time"] if report.timed else []) + ["Actor", "Event", "Status"]
    opened = " open" if unfold and len(rows) <= TIMELINE_OPEN else ""  # a long timeline starts folded
    return (f"<details{opened}><summary><h3>Timeline ({len(rows)} lines)</h3></summary>"
            + _table(head, rows, {0}, classes) + "</details>")
