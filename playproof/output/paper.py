"""What a build's paper holds: pieces a page per set and why (cut lines or gutters), pages and fill per paper."""

from __future__ import annotations

from typing import Sequence

from playproof.layouts.cuts import CutChoice
from playproof.layouts.grids import choose_grid
from playproof.layouts.plan import PagePlan, Plan, SetJob, Sheet
from playproof.units import to_mm


def fill(page: PagePlan) -> float:
    """Return the share of a page's paper covered by the trims of its fronts (0..1)."""
    area = sum(s.trim.width * s.trim.height for s in page.slots if s.side == "front")
    return area / (page.width * page.height)


def front_pages(plan: Plan) -> list[PagePlan]:
    """Return the pages that carry fronts (every sheet of paper has one)."""
    return [p for p in plan.pages if p.kind == "sheet" and any(s.side == "front" for s in p.slots)]


def set_lines(jobs: Sequence[SetJob], choices: dict[str, CutChoice], sheet: Sheet) -> list[str]:
    """Return a line per set: how many pieces a page holds and how they are cut apart, and why."""
    lines = []
    for job in jobs:
        if not job.copies:
            continue
        grid = choose_grid(job, sheet)
        held = f"{grid.per_page} a page" if grid.per_page else "tiled over several pages"
        reason = choices[job.name].reason if job.name in choices else ""
        if grid.gap is not None:
            kept = to_mm(min(job.bleed, grid.gap / 2))
            reason += (f"; gutters narrowed from {to_mm(job.gap):g} mm to {to_mm(grid.gap):g} mm "
                       f"({kept:g} mm of bleed each side) to fit {grid.per_page} a page")
        lines.append(f"  {job.name}: {held}, {reason}" if reason else f"  {job.name}: {held}")
    return lines


def paper_line(plan: Plan, paper: str) -> str:
    """Return pages, sheets of paper and fill for a plan: average, and the least full page."""
    fronts = front_pages(plan)
    if not fronts:
        return f"{paper}: {len(plan.pages)} page(s)"
    fills = [fill(p) for p in fronts]
    least = min(range(len(fronts)), key=lambda i: fills[i])
    page = fronts[least]
    return (f"{paper}: {len(plan.pages)} page(s) on {len(fronts)} sheet(s) of paper, fronts "
            f"{100 * sum(fills) / len(fills):.0f} % full on average, least {100 * fills[least]:.0f} % "
            f"(page {page.number}, {page.set})")


def paper_report(plan: Plan, jobs: Sequence[SetJob], choices: dict[str, CutChoice], sheet: Sheet,
                 paper: str) -> list[str]:
    """Return the lines a build prints about its paper: the paper line, then a line per set."""
    return [paper_line(plan, paper)] + set_lines(jobs, choices, sheet)
