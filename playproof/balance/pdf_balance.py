"""Balance answers as a PDF: the same seat, component and arc tables as the session reports' insights."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from playproof.atomic import atomic_path

if TYPE_CHECKING:
    from playproof.output.reports.insight_tables import InsightTable


def run_tables(run: Any) -> list[InsightTable]:
    """Return one run's (a balance.report.Run) tables: seats, components taken and held (the page shows the first
    25 of each), arc and the games that could not go on."""
    from playproof.insights.analysis import Group
    from playproof.output.reports.insight_tables import InsightTable, group_tables

    group = Group(f"{run.game} ({run.variant})", run.players, run.summary, sources=[f"bots {run.bots}"])
    tables: list[InsightTable | None] = list(group_tables(group))  # seats, components taken and held, arc
    if run.summary.unfinished:
        stuck = InsightTable("unfinished", f"Games that could not go on ({len(run.summary.unfinished)})",
                             "They count in no rate; each seed plays the same game again.",
                             ["Seed", "Why", "Last moves"], numeric=frozenset({0}), wide=frozenset({2}))
        stuck.rows = [[str(g["seed"]), g["reason"], " / ".join(g["last_moves"][-4:])] for g in run.summary.unfinished]
        tables.append(stuck)
    return [t for t in tables if t is not None]


def write_pdf(runs: list[tuple[Any, str, str]], path: Path) -> None:
    """Write runs, each with its heading and note (a balance.report.Run, text, text), as an A4 PDF with its fonts
    embedded (written atomically)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    from playproof.output.metadata import stamp_canvas, titled
    from playproof.output.reports import charts
    from playproof.output.reports.pdf_report import H1, H2, SMALL, insight_flowables, p

    charts.register_fonts()
    story = [p("Balance", H1), p("Win rates with 95 % Wilson intervals and how many more games would tell them "
                                 "from an even share (see docs/insights.md).", SMALL)]
    for run, heading, note in runs:
        story += [p(heading, H2)] + ([p(note, SMALL)] if note else [])
        story += insight_flowables(run_tables(run))
    with atomic_path(path) as temporary:
        doc = SimpleDocTemplate(str(temporary), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                                topMargin=16 * mm, bottomMargin=16 * mm, initialFontName=charts.FONT)
        info = titled("playproof balance", "Balance: win rates of bots")
        doc.build(story, onFirstPage=lambda canvas, _doc: stamp_canvas(canvas, info))
