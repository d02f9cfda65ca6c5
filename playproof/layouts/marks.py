"""Marks to cut and fold by: crop marks around grids, ticks for pieces that tile the paper, fold ticks."""

from __future__ import annotations

import math

from playproof.layouts.plan import (FOOTER_SIDE, MARK_LENGTH, MARK_OFFSET, Grid, Mark, SetJob, Sheet, Slot,
                                    footer_band)

def edge_marks(grid: Grid, sheet: Sheet) -> tuple[Mark, ...]:
    """Return ticks in the paper's margin at the cuts between pieces that tile the paper."""
    xs = [grid.x0 + c * grid.pitch_x for c in range(1, grid.cols)]
    ys = [grid.y0 + r * grid.pitch_y for r in range(1, grid.rows)]
    top, bottom = sheet.margin, grid.page_height - sheet.margin
    right = grid.page_width - sheet.margin
    return tuple([Mark(x, 0.0, x, top) for x in xs] + [Mark(x, grid.page_height, x, bottom) for x in xs]
                 + [Mark(0.0, y, sheet.margin, y) for y in ys] + [Mark(grid.page_width, y, right, y) for y in ys])


def crop_marks(grid: Grid, job: SetJob, used: int, edge: float, footer: float = 0.0) -> tuple[Mark, ...]:
    """Return crop marks in the margin around the used grid, one pair per cut line, never over art."""
    cols = min(grid.cols, used)
    rows = math.ceil(used / grid.cols)
    xs = sorted({round(grid.x0 + c * grid.pitch_x + dx, 4) for c in range(cols) for dx in (0.0, job.width)})
    ys = sorted({round(grid.y0 + r * grid.pitch_y + dy, 4) for r in range(rows) for dy in (0.0, job.height)})
    top, bottom = ys[0] - job.bleed - MARK_OFFSET, ys[-1] + job.bleed + MARK_OFFSET
    left, right = xs[0] - job.bleed - MARK_OFFSET, xs[-1] + job.bleed + MARK_OFFSET
    marks = []
    for x in xs:
        marks.append(Mark(x, top, x, max(top - MARK_LENGTH, min(top, edge))))
        marks.append(Mark(x, bottom, x, min(bottom + MARK_LENGTH, max(bottom, grid.page_height - edge - footer))))
    for y in ys:
        marks.append(Mark(left, y, max(left - MARK_LENGTH, min(left, edge)), y))
        marks.append(Mark(right, y, min(right + MARK_LENGTH, max(right, grid.page_width - edge)), y))
    return tuple(m for m in marks if (m.x1, m.y1) != (m.x2, m.y2))


def tight_marks(grid: Grid, job: SetJob, used: int, margin: float) -> tuple[Mark, ...]:
    """Return the crop marks of a tight grid: top and bottom ones in the margin, left ones clear of the footer."""
    assert grid.bleed_y is not None
    cols, rows = min(grid.cols, used), math.ceil(used / grid.cols)
    xs = sorted({round(grid.x0 + c * grid.pitch_x + dx, 4) for c in range(cols) for dx in (0.0, job.width)})
    ys = sorted({round(grid.y0 + r * grid.pitch_y + dy, 4) for r in range(rows) for dy in (0.0, job.height)})
    top, bottom = ys[0] - grid.bleed_y - MARK_OFFSET / 2, ys[-1] + grid.bleed_y + MARK_OFFSET / 2
    left, right = xs[0] - job.bleed - MARK_OFFSET, xs[-1] + job.bleed + MARK_OFFSET
    edge = MARK_OFFSET  # marks may reach into the margin, to 1 mm from the paper's edge
    marks = [Mark(x, top, x, max(top - MARK_LENGTH, edge)) for x in xs]
    marks += [Mark(x, bottom, x, min(bottom + MARK_LENGTH, grid.page_height - edge)) for x in xs]
    marks += [Mark(left, y, max(left - MARK_LENGTH, margin + FOOTER_SIDE), y) for y in ys]
    marks += [Mark(right, y, min(right + MARK_LENGTH, grid.page_width - margin), y) for y in ys]
    return tuple(m for m in marks if abs(m.x1 - m.x2) + abs(m.y1 - m.y2) > 1e-6)


def fold_ticks(sheet: Sheet, slots: list[Slot], axis: str = "y", width: float = 0.0,
               height: float = 0.0) -> tuple[Mark, ...]:
    """Return the gutter fold as two ticks in the margins at its ends, never across the art."""
    width, height = width or sheet.width, height or sheet.height
    if axis == "x":
        x = width / 2
        top = min(s.art.y for s in slots) - MARK_OFFSET
        bottom = max(s.art.bottom for s in slots) + MARK_OFFSET
        ticks = (Mark(x, top, x, max(top - MARK_LENGTH, sheet.margin), "fold"),
                 Mark(x, bottom, x, min(bottom + MARK_LENGTH, height - sheet.margin - footer_band(sheet)), "fold"))
        return tuple(m for m in ticks if abs(m.y1 - m.y2) > 1e-6)
    y = height / 2
    left = min(s.art.x for s in slots) - MARK_OFFSET
    right = max(s.art.right for s in slots) + MARK_OFFSET
    ticks = (Mark(left, y, max(left - MARK_LENGTH, sheet.margin), y, "fold"),
             Mark(right, y, min(right + MARK_LENGTH, width - sheet.margin), y, "fold"))
    return tuple(m for m in ticks if abs(m.x1 - m.x2) > 1e-6)
