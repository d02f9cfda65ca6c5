"""Imposition as a pure plan: which copy goes where on which page, and the marks to cut by.

Page coordinates are points from the page's top-left corner, y downwards. Nothing here draws.
The plan's vocabulary is in layouts.plan; grids, backs and marks in their own modules.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Sequence

from playproof.layouts.backs import back_slot, fold_back, mirror_axis, mirrored_box, page_offset, reading_turn
from playproof.layouts.geometry import Box
from playproof.layouts.grids import (cell_art, cell_trim, choose_grid, edge_grid, fold_grid, grid_for, placed_job,
                                     reduced_bleed_grid, tight_grid, turned, usable_area)
from playproof.layouts.marks import crop_marks, edge_marks, fold_ticks, tight_marks
from playproof.layouts.honeycomb import honeycomb_for
from playproof.layouts.plan import (ALIGN_SIZE, FOLD_GAP, FOOTER_HEIGHT, FOOTER_SIDE, MARK_LENGTH, MARK_OFFSET,
                                    MARK_ZONE, MIN_BLEED, PAPER_FIT, Copy, Grid, Mark, PagePlan, Plan, SetJob, Sheet,
                                    Slot, SlotRun, footer_band, placed, top_left)
from playproof.layouts.sharing import share
from playproof.layouts.tiling import tiled_pages

def plan(jobs: list[SetJob], sheet: Sheet) -> Plan:
    """Impose every set: each set starts on a new page; backs follow their fronts.

    For duplex printing every front page is followed by its back page (a blank one when the set
    has no backs), so a front never lands on the back of another sheet.
    """
    result = Plan()
    for job in jobs:
        if job.copies:
            result.pages.extend(impose_set(job, sheet, len(result.pages) + 1, result.warnings))
    if sheet.share:
        by_name = {job.name: job for job in jobs}

        @functools.lru_cache(maxsize=None)  # a guest is tried against every host of the other orientation
        def relay(name: str, copies: tuple[Copy, ...], landscape: bool) -> list[PagePlan] | None:
            return relaid(by_name[name], copies, sheet, landscape)

        result.pages = share(result.pages, sheet, relay)
    result.pages = [_one_piece(page) for page in result.pages]
    if sheet.calibration:
        result.pages = calibration_pages(sheet, orientations(result.pages)) + result.pages
    if duplex_pairs(sheet):
        result.pages = paired(result.pages)
    else:
        result.pages = [_renumbered(page, number) for number, page in enumerate(result.pages, start=1)]
    result.warnings.extend(shared_cut_warnings(result, jobs))
    return result


def _one_piece(page: PagePlan) -> PagePlan:
    """Return a page that holds a single piece (or part) marked single: it gets a TrimBox and BleedBox."""
    one = page.kind == "sheet" and len(page.slots) == 1
    return replace(page, single=True) if one and not page.single else page


def shared_cut_warnings(result: Plan, jobs: list[SetJob]) -> list[str]:
    """Return one warning per set whose touching neighbours have different edge colours.

    Pieces that share a cut line show a sliver of the neighbour's colour when the cut is off by a hair.
    """
    by_name = {job.name: job for job in jobs}
    warned: dict[str, str] = {}
    for page in result.pages:
        job = by_name.get(page.set or "")
        if job is None or not job.edges or job.name in warned:
            continue
        clash = _edge_clash(page, job)
        if clash:
            warned[job.name] = (f'set "{job.name}": neighbouring pieces share a cut line but their edges differ '
                                f"({clash[0]} next to {clash[1]} on page {page.number}); a cut off by a hair shows "
                                'the other colour: use cut = "gutter" to keep them apart')
    return list(warned.values())


def _edge_clash(page: PagePlan, job: SetJob) -> tuple[str, str] | None:
    """Return the first two different edge colours of pieces touching on a page, or None."""
    side = 0 if page.side == "front" else 1
    slots = [s for s in page.slots if s.part is None and s.side == page.side]
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            colours = (job.edges[a.copy.design][side], job.edges[b.copy.design][side])
            if colours[0] != colours[1] and "" not in colours and _touching(a.trim, b.trim):
                return colours
    return None


def _touching(a: Box, b: Box, tolerance: float = 0.5) -> bool:
    """Return whether two trim boxes share part of an edge."""
    side_by_side = (abs(a.right - b.x) < tolerance or abs(b.right - a.x) < tolerance) and \
        min(a.bottom, b.bottom) - max(a.y, b.y) > tolerance
    stacked = (abs(a.bottom - b.y) < tolerance or abs(b.bottom - a.y) < tolerance) and \
        min(a.right, b.right) - max(a.x, b.x) > tolerance
    return side_by_side or stacked


def duplex_pairs(sheet: Sheet) -> bool:
    """Return whether pages are printed double-sided, front and back of one sheet in turn."""
    return sheet.duplex != "none" and not sheet.fold


def paired(pages: list[PagePlan]) -> list[PagePlan]:
    """Return the pages with a blank back after every front page that has none, renumbered from 1."""
    result: list[PagePlan] = []
    for index, page in enumerate(pages):
        result.append(page)
        following = pages[index + 1] if index + 1 < len(pages) else None
        if page.side == "front" and (following is None or following.side != "back"):
            result.append(PagePlan(0, page.width, page.height, "back", page.set, (), label="blank", footer=page.footer))
    return [_renumbered(page, number) for number, page in enumerate(result, start=1)]


def _renumbered(page: PagePlan, number: int) -> PagePlan:
    """Return a page (and its slots) with a new page number."""
    if page.number == number:
        return page
    if isinstance(page.slots, SlotRun):
        return replace(page, number=number, slots=page.slots.renumbered(number))
    return replace(page, number=number, slots=tuple(replace(s, page=number) for s in page.slots))


def orientations(pages: Sequence[PagePlan]) -> list[bool]:
    """Return the orientations (landscape or not) of the pages with backs, portrait first; portrait when none."""
    used = {page.width > page.height for page in pages if page.side == "back" and page.slots}
    return sorted(used) or [False]


def calibration_pages(sheet: Sheet, landscapes: Sequence[bool] = (False,)) -> list[PagePlan]:
    """Return a duplex calibration front and back page for each orientation the sheets use."""
    pages = []
    for landscape in landscapes:
        width, height = (max(sheet.width, sheet.height), min(sheet.width, sheet.height)) if landscape else \
            (min(sheet.width, sheet.height), max(sheet.width, sheet.height))
        label = "landscape" if landscape else "portrait"
        pages.append(PagePlan(0, width, height, "front", None, (), kind="calibration", label=label))
        pages.append(PagePlan(0, width, height, "back", None, (), kind="calibration", label=label,
                              reading=reading_turn(sheet, width, height)))
    return pages


def relaid(job: SetJob, copies: tuple[Copy, ...], sheet: Sheet, landscape: bool) -> list[PagePlan] | None:
    """Return a set's last copies laid out again on paper of the given orientation (turned when that
    holds more and the set allows it), on one sheet; None when they do not fit on one.

    A set's last, partly filled sheet may then join a sheet of the other orientation (see sharing).
    """
    width, height = (sheet.height, sheet.width) if landscape else (sheet.width, sheet.height)
    if sheet.fold or not copies:
        return None
    job = replace(job, copies=copies)
    crop = sheet.crop_marks and job.crop_marks
    area = usable_area(sheet, width, height, crop)
    best = grid_for(job, area, width, height)
    if job.rotate and abs(job.width - job.height) > 1e-6:
        turned_grid = grid_for(turned(job), area, width, height)
        if turned_grid.per_page > best.per_page:
            best = replace(turned_grid, rotation=90)
    if best.per_page < len(copies):
        return None
    return _grid_pages(placed_job(job, best), sheet, best, 1)


def impose_set(job: SetJob, sheet: Sheet, first_page: int, warnings: list[str] | None = None) -> list[PagePlan]:
    """Return the pages of one set: grids of copies, or tiled parts when one copy is larger than a page."""
    if sheet.fold and job.has_back:
        top = fold_grid(job, sheet)
        if top.per_page:
            return _folded_pages(placed_job(job, top), sheet, top, first_page)
        if warnings is not None:
            warnings.append(f'set "{job.name}": a component does not fit on half a page, so it cannot be '
                            "gutter-folded; its backs are printed on their own pages, at the same "
                            "positions as the fronts, to glue")
        sheet = replace(sheet, duplex="none")
    grid = choose_grid(job, sheet)
    if grid.per_page == 0:
        return tiled_pages(job, sheet, first_page)
    return _grid_pages(placed_job(job, grid), sheet, grid, first_page)


def _grid_pages(job: SetJob, sheet: Sheet, grid: Grid, first_page: int) -> list[PagePlan]:
    """Fill grid pages with the set's copies; each front page is followed by its back page."""
    pages: list[PagePlan] = []
    number = first_page
    marks_for: dict[int, tuple[Mark, ...]] = {}  # full pages share their marks
    cells = [(cell_trim(grid, i, job), cell_art(grid, i, job)) for i in range(grid.per_page)]  # the same on every page
    turn = grid.rotation
    blank = Copy("", 0, 0, 0)
    front_cells = tuple(Slot(blank, "front", 0, t, a, top_left(t), rotation=turn) for t, a in cells)
    mirrored = tuple(back_slot(front, sheet, grid.page_width, grid.page_height, 0) for front in front_cells)
    for start in range(0, len(job.copies), grid.per_page):
        chunk = range(start, min(start + grid.per_page, len(job.copies)))
        fronts = SlotRun(job.copies, chunk.start, chunk.stop, number, front_cells)
        if len(chunk) not in marks_for:
            wanted = sheet.crop_marks and job.crop_marks
            marks = edge_marks(grid, sheet) if grid.edge else crop_marks(grid, job, len(chunk), sheet.margin,
                                                                          footer_band(sheet))
            if grid.bleed_y is not None:
                marks = tight_marks(grid, job, len(chunk), sheet.margin)
            marks_for[len(chunk)] = marks if wanted else ()
        pages.append(PagePlan(number, grid.page_width, grid.page_height, "front", job.name, fronts,
                              marks_for[len(chunk)], single=grid.per_page == 1, footer=not grid.edge,
                              footer_side=grid.bleed_y is not None))
        number += 1
        if job.has_back:
            backs = SlotRun(job.copies, chunk.start, chunk.stop, number, mirrored)
            pages.append(PagePlan(number, grid.page_width, grid.page_height, "back", job.name, backs,
                                  single=grid.per_page == 1, footer_top=_flipped(mirrored[:len(chunk)]),
                                  footer=not grid.edge, footer_side=grid.bleed_y is not None))
            number += 1
    return pages


def _flipped(slots: Sequence[Slot]) -> bool:
    """Return whether the backs on a page are turned top to bottom."""
    return any(s.mirrored == "y" for s in slots)


def _folded_pages(job: SetJob, sheet: Sheet, top: Grid, first_page: int) -> list[PagePlan]:
    """Gutter fold: fronts on the top half, backs mirrored across the fold on the bottom half."""
    pages = []
    width, height = top.page_width, top.page_height
    axis = "x" if width > height else "y"  # landscape folds down the middle, portrait across
    for number, start in enumerate(range(0, len(job.copies), top.per_page), start=first_page):
        chunk = job.copies[start : start + top.per_page]
        fronts = [Slot(c, "front", number, cell_trim(top, i, job), cell_art(top, i, job),
                       top_left(cell_trim(top, i, job)), rotation=top.rotation) for i, c in enumerate(chunk)]
        backs = [fold_back(s, axis, width, height) for s in fronts]
        wanted = sheet.crop_marks and job.crop_marks
        marks = crop_marks(top, job, len(chunk), sheet.margin, footer_band(sheet)) if wanted else ()
        if axis == "y":
            mirrored_marks = tuple(Mark(m.x1, height - m.y1, m.x2, height - m.y2) for m in marks)
        else:
            mirrored_marks = tuple(Mark(width - m.x1, m.y1, width - m.x2, m.y2) for m in marks)
        pages.append(PagePlan(number, width, height, "front", job.name, tuple(fronts + backs),
                              marks + mirrored_marks + fold_ticks(sheet, fronts + backs, axis, width, height)))
    return pages


__all__ = ["ALIGN_SIZE", "FOLD_GAP", "FOOTER_HEIGHT", "FOOTER_SIDE", "MARK_LENGTH", "MARK_OFFSET", "MARK_ZONE",
           "MIN_BLEED", "PAPER_FIT", "back_slot", "Box", "calibration_pages", "cell_art", "cell_trim",
           "choose_grid", "Copy", "crop_marks", "duplex_pairs", "edge_grid", "edge_marks", "fold_back",
           "fold_grid", "fold_ticks", "footer_band", "Grid", "grid_for", "honeycomb_for", "impose_set", "Mark",
           "mirror_axis", "mirrored_box", "orientations", "page_offset", "PagePlan", "paired", "placed",
           "placed_job", "Plan", "plan", "reading_turn", "reduced_bleed_grid", "relaid", "SetJob",
           "shared_cut_warnings", "Sheet", "Slot", "SlotRun", "tight_grid", "tight_marks", "top_left", "turned",
           "usable_area"]
