"""Grids: how many pieces of a set a page holds, in which orientation, turned or not, and where each cell lies."""

from __future__ import annotations

import math
from dataclasses import replace

from playproof.layouts.geometry import Box
from playproof.layouts.honeycomb import honeycomb_for
from playproof.layouts.plan import (FOLD_GAP, FOOTER_HEIGHT, FOOTER_SIDE, MARK_OFFSET, MARK_ZONE, MIN_BLEED, NARROW_GAP,
                                    PAPER_FIT, Grid, SetJob, Sheet)
from playproof.units import mm

NARROW_STEP = mm(0.5)  # gutters are narrowed half a millimetre at a time

def usable_area(sheet: Sheet, width: float, height: float, crop: bool, fold_half: str = "") -> Box:
    """Return the area a grid may use on a page of this size (margins, mark zone, footer kept free)."""
    zone = MARK_ZONE if crop else 0.0
    footer = FOOTER_HEIGHT if sheet.footer else 0.0
    # Backs flipped top to bottom put their footer at the top (PagePlan.footer_top), where the
    # fronts' footer band lands: no second band is kept free.
    top = sheet.margin + zone
    bottom = height - sheet.margin - footer - zone
    if fold_half == "top":
        bottom = height / 2 - FOLD_GAP - zone
    elif fold_half == "bottom":
        top = height / 2 + FOLD_GAP + zone
    left = sheet.margin + zone
    right = width / 2 - FOLD_GAP - zone if fold_half == "left" else width - left
    return Box(left, top, right - left, bottom - top)


def grid_for(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return the largest grid of the set's components (with outer bleed) that fits in the area, centred."""
    pitch_x, pitch_y = job.width + job.gap, job.height + job.gap
    cols = max(0, math.floor((area.width - 2 * job.bleed + job.gap + 1e-6) / pitch_x))
    rows = max(0, math.floor((area.height - 2 * job.bleed + job.gap + 1e-6) / pitch_y))
    used_w = cols * pitch_x - job.gap + 2 * job.bleed
    used_h = rows * pitch_y - job.gap + 2 * job.bleed
    x0 = area.x + (area.width - used_w) / 2 + job.bleed
    y0 = area.y + (area.height - used_h) / 2 + job.bleed
    square = Grid(page_width, page_height, x0, y0, pitch_x, pitch_y, cols, rows)
    if job.honeycomb or job.hex:
        from playproof.layouts.nesting import nested

        honey = nested(job, area, page_width, page_height) if job.hex else \
            honeycomb_for(job, area, page_width, page_height)
        if honey.per_page > square.per_page:
            return honey
    return square


def choose_grid(job: SetJob, sheet: Sheet, fold_half: str = "") -> Grid:
    """Pick the grid holding most of the set: paper portrait or landscape (portrait on a tie), the
    pieces upright or turned 90 degrees (upright on a tie; never when the set forbids it), and,
    when not even one piece fits with its full bleed, one piece with its outer bleed reduced."""
    best = _upright_grid(job, sheet, fold_half)
    if job.rotate and abs(job.width - job.height) > 1e-6:
        turned_grid = _upright_grid(turned(job), sheet, fold_half)
        if turned_grid.per_page > best.per_page:
            best = replace(turned_grid, rotation=90)
    if best.per_page == 0 and not fold_half:
        return reduced_bleed_grid(job, sheet) or best
    return narrowed_grid(job, sheet, best, fold_half)


def narrowed_grid(job: SetJob, sheet: Sheet, best: Grid, fold_half: str = "") -> Grid:
    """Return a grid with the gutter narrowed (down to NARROW_GAP) when that saves paper (default gutters only):
    the widest gutter that needs the fewest pages, so each piece keeps as much bleed as it can."""
    if not job.narrow or job.gap <= NARROW_GAP + 1e-6 or best.per_page == 0 or _pages(job, best) == 1:
        return best  # nothing to narrow, or nothing to save: the set fits one sheet already
    def at(gap: float) -> Grid:
        return replace(choose_grid(replace(job, gap=gap, narrow=False), sheet, fold_half), gap=gap)

    narrowest = at(NARROW_GAP)
    if narrowest.per_page == 0 or _pages(job, narrowest) >= _pages(job, best):
        return best
    gaps = sorted({job.gap - i * NARROW_STEP for i in range(1, int((job.gap - NARROW_GAP) / NARROW_STEP + 1e-6) + 1)}
                  | {NARROW_GAP})
    low, high = 0, len(gaps) - 1  # a wider gap never holds more: find the widest one that needs as few sheets
    found = narrowest
    while low < high:
        middle = (low + high + 1) // 2
        grid = at(gaps[middle])
        if grid.per_page and _pages(job, grid) == _pages(job, narrowest):
            low, found = middle, grid
        else:
            high = middle - 1
    return found


def _pages(job: SetJob, grid: Grid) -> int:
    """Return how many sheets a set's copies need on a grid."""
    return math.ceil(len(job.copies) / grid.per_page)


def turned(job: SetJob) -> SetJob:
    """Return a set's job with its pieces turned 90 degrees: width and height swapped."""
    hex_ = {"flat": "pointy", "pointy": "flat"}.get(job.hex, "")
    cells = tuple((job.height - y, x) for x, y in job.cells)  # turned clockwise with the piece
    return replace(job, width=job.height, height=job.width, hex=hex_, cells=cells)


def placed_job(job: SetJob, grid: Grid) -> SetJob:
    """Return the job as the grid places it: turned, and with the bleed it keeps."""
    if grid.rotation:
        job = turned(job)
    if grid.gap is not None:
        job = replace(job, gap=grid.gap)
    return job if grid.bleed is None else replace(job, bleed=grid.bleed)


def reduced_bleed_grid(job: SetJob, sheet: Sheet) -> Grid | None:
    """Return a one-piece grid for a piece that fits the page only with less outer bleed (at least
    MIN_BLEED), keeping as much bleed as fits; None when it does not fit even so (it is tiled)."""
    crop = sheet.crop_marks and job.crop_marks
    best: Grid | None = None
    pieces = (job, turned(job)) if job.rotate else (job,)
    for rotation, piece in zip((0, 90), pieces):
        for width, height in ((sheet.width, sheet.height), (sheet.height, sheet.width)):
            area = usable_area(sheet, width, height, crop)
            bleed = min(job.bleed, (area.width - piece.width) / 2, (area.height - piece.height) / 2)
            if bleed >= MIN_BLEED - 1e-6 and (best is None or best.bleed is None or bleed > best.bleed + 1e-6):
                grid = grid_for(replace(piece, bleed=bleed), area, width, height)
                if grid.per_page:
                    best = replace(grid, cols=1, rows=1, rotation=rotation, bleed=bleed)
    return best


def _upright_grid(job: SetJob, sheet: Sheet, fold_half: str = "") -> Grid:
    """Pick portrait or landscape paper, whichever holds more of the set (portrait on a tie)."""
    crop = sheet.crop_marks and job.crop_marks
    portrait = grid_for(job, usable_area(sheet, sheet.width, sheet.height, crop, fold_half), sheet.width, sheet.height)
    if fold_half:
        return portrait
    landscape = grid_for(job, usable_area(sheet, sheet.height, sheet.width, crop), sheet.height, sheet.width)
    best = landscape if landscape.per_page > portrait.per_page else portrait
    edge = edge_grid(job, sheet)
    if edge is not None and edge.per_page > best.per_page:
        return edge
    tight = max((tight_grid(job, sheet, w, h) for w, h in ((sheet.width, sheet.height), (sheet.height, sheet.width))),
                key=lambda g: g.per_page if g is not None else 0)
    return tight if tight is not None and tight.per_page > best.per_page else best


def fold_grid(job: SetJob, sheet: Sheet) -> Grid:
    """Pick the gutter fold holding more: portrait folded across (fronts on top) or landscape folded
    down the middle (fronts on the left), portrait on a tie."""
    crop = sheet.crop_marks and job.crop_marks
    top = choose_grid(job, sheet, "top")
    side = grid_for(job, usable_area(sheet, sheet.height, sheet.width, crop, "left"), sheet.height, sheet.width)
    return side if side.per_page > top.per_page else top


def tight_grid(job: SetJob, sheet: Sheet, width: float, height: float) -> Grid | None:
    """Return a grid of cards sharing cut lines that uses the top and bottom margins' mark zone and footer band.

    US Letter holds 3 x 3 true poker cards this way: the outer bleed at the top and bottom shrinks
    to what fits, the crop marks there lie in the margin and the footer runs up the left margin.
    """
    if job.gap or not job.bleed or not (sheet.crop_marks and job.crop_marks):
        return None
    area = usable_area(sheet, width, height, True)
    side = grid_for(job, Box(area.x + FOOTER_SIDE, area.y, area.width - 2 * FOOTER_SIDE, area.height), width, height)
    available = height - 2 * sheet.margin
    rows = math.floor((available + 1e-6) / job.height)
    bleed_y = min(job.bleed, (available - rows * job.height) / 2 - MARK_OFFSET)
    if rows < 1 or side.cols < 1 or bleed_y < MIN_BLEED - 1e-6:
        return None
    y0 = (height - rows * job.height) / 2
    return Grid(width, height, side.x0, y0, side.pitch_x, job.height, side.cols, rows, bleed_y=bleed_y)


def edge_grid(job: SetJob, sheet: Sheet) -> Grid | None:
    """Return a grid of bleed-less pieces that divide the paper exactly (2-up A5 pads on A4), if any."""
    if job.bleed or job.gap:
        return None
    for width, height in ((sheet.width, sheet.height), (sheet.height, sheet.width)):
        cols, rows = math.floor(width / job.width + 1e-6), math.floor(height / job.height + 1e-6)
        if cols * rows >= 2 and width - cols * job.width <= PAPER_FIT and height - rows * job.height <= PAPER_FIT:
            x0, y0 = (width - cols * job.width) / 2, (height - rows * job.height) / 2
            return Grid(width, height, x0, y0, job.width, job.height, cols, rows, edge=True)
    return None


def cell_trim(grid: Grid, index: int, job: SetJob) -> Box:
    """Return the trim box of the index-th cell of a grid (row by row)."""
    col, row = index % grid.cols, index // grid.cols
    shift = grid.stagger if row % 2 else 0.0
    drop = grid.stagger_y if col % 2 else 0.0
    return Box(grid.x0 + col * grid.pitch_x + shift, grid.y0 + row * grid.pitch_y + drop, job.width, job.height)


def cell_art(grid: Grid, index: int, job: SetJob) -> Box:
    """Return a cell's art box: full bleed on the grid's outside, at most half the gap towards a neighbour."""
    col, row = index % grid.cols, index // grid.cols
    inner = min(job.bleed, job.gap / 2)
    outer_y = job.bleed if grid.bleed_y is None else grid.bleed_y
    return cell_trim(grid, index, job).grow(
        job.bleed if col == 0 else inner,
        outer_y if row == 0 else inner,
        job.bleed if col == grid.cols - 1 else inner,
        outer_y if row == grid.rows - 1 else inner,
    )
