"""Two versions side by side as report tables (HTML, PDF, XLSX, JSON), each figure with its 95 % interval.

A rate's interval is Wilson's; a mean's is the normal approximation mean ± 1.96 sd / sqrt(n). A row is
marked apart when the two intervals of a rate do not overlap, or when two means differ by more than
1.96 standard errors of their difference (the tests of humans beside bots, insights/compare.py).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playproof.atomic import atomic_path, write_text_atomic
from playproof.errors import PlayproofError
from playproof.insights.compare import apart, means_apart
from playproof.insights.stats import Z95, Moments, Rate
from playproof.output.reports.compare import COMPONENTS_SHOWN, FORMATS, VersionView
from playproof.output.reports.insight_tables import InsightTable, pct

Figure = Rate | Moments


def mean_interval(m: Moments) -> tuple[float, float]:
    """Return the 95 % interval of a mean (the mean itself with fewer than two values)."""
    half = Z95 * m.sd / math.sqrt(m.n) if m.n > 1 else 0.0
    return m.mean - half, m.mean + half


def figure_text(x: Figure) -> str:
    """Return a rate as `41.0 % [38.0, 44.1]` (`(n=12)` after it under 30 games), a mean as
    `12.3 [10.1, 14.5] (sd 2.1, 5-20)`, or `-` with no data."""
    if isinstance(x, Rate):
        return pct(x) if x.trials else "-"
    if not x.n:
        return "-"
    low, high = mean_interval(x)
    return f"{x.mean:.1f} [{low:.1f}, {high:.1f}] (sd {x.sd:.1f}, {x.low:g}-{x.high:g})"


def figure_values(x: Figure) -> list[Any]:
    """Return a figure as numbers for a sheet: value, low, high, n (blanks with no data)."""
    if isinstance(x, Rate):
        return [x.value, *x.interval, x.trials] if x.trials else [None, None, None, 0]
    return [x.mean, *mean_interval(x), x.n] if x.n else [None, None, None, 0]


def figures_apart(x: Figure, y: Figure) -> bool:
    """Return True when two figures of the same kind differ beyond their intervals."""
    if isinstance(x, Rate) and isinstance(y, Rate):
        return apart(x, y)
    return isinstance(x, Moments) and isinstance(y, Moments) and means_apart(x, y)


@dataclass(frozen=True)
class Measure:
    """One figure of two versions."""

    what: str
    first: Figure
    second: Figure

    @staticmethod
    def text(x: Figure) -> str:
        """Return a figure in words (see figure_text)."""
        return figure_text(x)

    @property
    def apart(self) -> bool:
        """Return True when the two versions differ beyond their intervals."""
        return figures_apart(self.first, self.second)


def measures(a: VersionView, b: VersionView) -> list[Measure]:
    """Return seat win rates, score, length and each broken rule's share of sessions, for both versions."""
    found = [Measure(f"seat {seat + 1} wins", *(v.seats[seat] if seat < len(v.seats) else Rate(0, 0) for v in (a, b)))
             for seat in range(max(len(a.seats), len(b.seats)))]
    found += [Measure("score", a.scores, b.scores), Measure("moves per game", a.moves, b.moves),
              Measure("minutes per game", a.minutes, b.minutes)]
    for rule in sorted(set(a.rule_sessions) | set(b.rule_sessions),
                       key=lambda r: (-a.rule_sessions[r] - b.rule_sessions[r], r)):
        found.append(Measure(f"sessions breaking {rule}", Rate(a.rule_sessions[rule], a.sessions),
                             Rate(b.rule_sessions[rule], b.sessions)))
    return found


def short(version: str) -> str:
    """Return a version as a column head names it: its hash (`a1b2c3d4` of `0.3 (a1b2c3d4)`), else as given."""
    return version.rsplit(" (", 1)[-1].rstrip(")") if version.endswith(")") else version


def _overview(a: VersionView, b: VersionView) -> InsightTable:
    """Return seats, score, length and rules side by side."""
    table = InsightTable("compare", f"{a.version} ({a.sessions} sessions) beside {b.version} ({b.sessions} sessions)",
                         "Win rates and shares of sessions with 95 % Wilson intervals; means with 95 % intervals "
                         "(sd and range after them). Apart: the intervals do not overlap (means: more than 1.96 "
                         "standard errors apart). A tie counts as a win for every tied seat.",
                         ["What", a.version, b.version, "Apart?"], sheet="Side by side",
                         sheet_head=["What", "First version", "Value", "Low", "High", "n", "Second version", "Value",
                                     "Low", "High", "n", "Apart"])
    for m in measures(a, b):
        table.rows.append([m.what, m.text(m.first), m.text(m.second), "yes" if m.apart else ""])
        table.values.append([m.what, a.version, *figure_values(m.first), b.version, *figure_values(m.second), m.apart])
    return table


def _components(a: VersionView, b: VersionView) -> InsightTable | None:
    """Return each component's take rate and takers' win rate in both versions, most taken first."""
    rates = [{c: (t, w) for c, t, w in v.component_rates()} for v in (a, b)]
    names = sorted(set(rates[0]) | set(rates[1]), key=lambda c: (-a.taken[c] - b.taken[c], c))
    if not names:
        return None
    empty = (Rate(0, 0), Rate(0, 0))
    table = InsightTable("compare-components", "Components taken, side by side",
                         "Taken in: the share of a version's sessions in which someone took it. Takers won: of the "
                         "players who took it, how many won (biased: see docs/insights.md).",
                         ["Component", f"Taken in {short(a.version)}", f"Taken in {short(b.version)}",
                          f"Takers won {short(a.version)}", f"Takers won {short(b.version)}", "Apart?"],
                         sheet="Components side by side",
                         sheet_head=["Component", "Version", "Taken in", "Low", "High", "Sessions", "Takers won",
                                     "Low", "High", "Takers", "Version", "Taken in", "Low", "High", "Sessions",
                                     "Takers won", "Low", "High", "Takers", "Apart"])
    for name in names:
        (ta, wa), (tb, wb) = rates[0].get(name, empty), rates[1].get(name, empty)
        far = apart(ta, tb) or apart(wa, wb)
        table.rows.append([name, figure_text(ta), figure_text(tb), figure_text(wa), figure_text(wb),
                           "yes" if far else ""])
        table.values.append([name, a.version, *figure_values(ta)[:3], ta.trials, *figure_values(wa)[:3], wa.trials,
                             b.version, *figure_values(tb)[:3], tb.trials, *figure_values(wb)[:3], wb.trials, far])
    return table


def _holders(a: VersionView, b: VersionView) -> InsightTable | None:
    """Return each component's holders' win rate at the end in both versions (None when no engine said)."""
    rates = [dict(v.holder_rates()) for v in (a, b)]
    names = sorted(set(rates[0]) | set(rates[1]), key=lambda c: (-a.held[c] - b.held[c], c))
    if not names:
        return None
    table = InsightTable("compare-holders", "Components held at the end, side by side",
                         "Of the players who held it at the game's end, how many won (95 % Wilson intervals).",
                         ["Component", f"Holders won {short(a.version)}", f"Holders won {short(b.version)}",
                          "Apart?"],
                         sheet="Holders side by side", sheet_head=["Component", "Version", "Holders won", "Low", "High",
                                                                   "Holders", "Version", "Holders won", "Low", "High",
                                                                   "Holders", "Apart"])
    for name in names:
        wa, wb = rates[0].get(name, Rate(0, 0)), rates[1].get(name, Rate(0, 0))
        table.rows.append([name, figure_text(wa), figure_text(wb), "yes" if apart(wa, wb) else ""])
        table.values.append([name, a.version, *figure_values(wa), b.version, *figure_values(wb), apart(wa, wb)])
    return table


def side_by_side(a: VersionView, b: VersionView) -> list[InsightTable]:
    """Return the comparison's tables: overview, components taken, components held."""
    return [t for t in (_overview(a, b), _components(a, b), _holders(a, b)) if t is not None]


def write_side_by_side(a: VersionView, b: VersionView, path: Path, fmt: str) -> Path:
    """Write the comparison as an HTML page, a PDF or a workbook (atomically: a failure keeps the old file)."""
    tables = side_by_side(a, b)
    title = f"{a.version} against {b.version}"
    with atomic_path(path, "report") as temporary:
        if fmt == "html":
            from playproof.output.reports.html_report import tables_page

            temporary.write_text(tables_page(title, tables), encoding="utf-8")
        elif fmt == "pdf":
            from playproof.output.reports.pdf_report import write_tables

            write_tables(title, tables, temporary)
        else:
            from playproof.output.reports.xlsx_report import write_book

            write_book(((t.sheet, t.sheet_head, t.values) for t in tables), temporary)
    return path


def rows(a: VersionView, b: VersionView) -> list[tuple[str, str, str]]:
    """Return the comparison as (what, first version, second version) rows, every figure with its interval."""
    table = [("version", a.version, b.version), ("sessions", str(a.sessions), str(b.sessions))]
    return table + [(m.what, m.text(m.first), m.text(m.second)) for m in measures(a, b)] + component_rows(a, b)


def component_rows(a: VersionView, b: VersionView, most: int = COMPONENTS_SHOWN) -> list[tuple[str, str, str]]:
    """Return, for the components most taken in either version, the take rate and the takers' win rate."""
    rates = [{c: (t, w) for c, t, w in v.component_rates()} for v in (a, b)]
    names = sorted(set(rates[0]) | set(rates[1]), key=lambda c: (-a.taken[c] - b.taken[c], c))[:most]
    table = []
    for name in names:
        table.append((f"{name}: taken in", *(r[name][0].text() if name in r else "-" for r in rates)))
        table.append((f"{name}: takers won", *(r[name][1].text() if name in r else "-" for r in rates)))
    return table


def text_lines(a: VersionView, b: VersionView) -> list[str]:
    """Return the comparison as aligned text lines."""
    table = rows(a, b)
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in table]


def write_comparison(a: VersionView, b: VersionView, path: Path, fmt: str | None = None) -> Path:
    """Write the comparison as html, pdf, xlsx, json or txt (by the extension when no format is named)."""
    chosen = (fmt or path.suffix.lstrip(".") or "html").lower()
    if chosen not in FORMATS:
        raise PlayproofError(f'--compare writes {", ".join(FORMATS)}, not "{chosen}" (choose with -o or --format)')
    if chosen in ("html", "pdf", "xlsx"):
        return write_side_by_side(a, b, path, chosen)
    if chosen == "json":
        text = json.dumps({"compare": [a.to_dict(), b.to_dict()], "side_by_side": [t.to_dict() for t in
                                                                                  side_by_side(a, b)]},
                          indent=2, ensure_ascii=False) + "\n"
    else:
        text = "\n".join(text_lines(a, b)) + "\n"
    write_text_atomic(path, text)
    return path
