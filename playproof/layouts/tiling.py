"""Components larger than the paper (boards, screens): tiled into overlapping parts, one per page."""

from __future__ import annotations

import math

from playproof.layouts.geometry import Box
from playproof.layouts.backs import back_slot
from playproof.layouts.grids import usable_area
from playproof.layouts.plan import (ALIGN_SIZE, FOOTER_HEIGHT, MARK_LENGTH, MARK_OFFSET, Copy, Mark, PagePlan, SetJob,
                                    Sheet, Slot)


def parts_needed(total: float, available: float, overlap: float) -> int:
    """Return how many overlapping parts cover a length (0 when even the overlap does not fit)."""
    if total <= available + 1e-6:
        return 1
    if available <= overlap:
        return 0
    return math.ceil((total - overlap) / (available - overlap) - 1e-9)


def split(start: float, total: float, parts: int, overlap: float) -> list[tuple[float, float]]:
    """Return (start, length) of equal parts covering [start, start + total], neighbours sharing `overlap`."""
    length = (total + (parts - 1) * overlap) / parts
    return [(start + i * (length - overlap), length) for i in range(parts)]


def _orientation(job: SetJob, sheet: Sheet) -> tuple[float, float, Box, int, int]:
    """Pick the paper orientation needing the fewest parts: (page w, page h, area, cols, rows)."""
    crop = sheet.crop_marks and job.crop_marks
    best = None
    for width, height in ((sheet.width, sheet.height), (sheet.height, sheet.width)):
        area = usable_area(sheet, width, height, crop)
        cols = parts_needed(job.width + 2 * job.bleed, area.width, job.overlap)
        rows = parts_needed(job.height + 2 * job.bleed, area.height, job.overlap)
        if cols and rows and (best is None or cols * rows < best[3] * best[4]):
            best = (width, height, area, cols, rows)
    if best is None:
        from playproof.errors import PlayproofError

        raise PlayproofError(f'set "{job.name}": the paper is too small to print it even in parts')
    return best


def tiled_pages(job: SetJob, sheet: Sheet, first_page: int) -> list[PagePlan]:
    """Return the pages of a set whose components are tiled: each part of each copy on its own page."""
    width, height, area, cols, rows = _orientation(job, sheet)
    xs = split(-job.bleed, job.width + 2 * job.bleed, cols, job.overlap)
    ys = split(-job.bleed, job.height + 2 * job.bleed, rows, job.overlap)
    pages: list[PagePlan] = []
    number = first_page
    for copy in job.copies:
        for r, (ry, rh) in enumerate(ys):
            for c, (rx, rw) in enumerate(xs):
                part = r * cols + c + 1
                region = Box(rx, ry, rw, rh)
                page_box = Box(area.x + (area.width - rw) / 2, area.y + (area.height - rh) / 2, rw, rh)
                origin = (page_box.x - rx, page_box.y - ry)
                slot = Slot(copy, "front", number, part_trim(job, region, origin), page_box, origin, part=part)
                marks = _part_marks(job, region, origin, xs, ys, r, c, sheet, (width, height))
                label = f"part {part} of {cols * rows}"
                pages.append(PagePlan(number, width, height, "front", job.name, (slot,), marks, label=label,
                                      single=True))
                number += 1
                if job.has_back:
                    back = back_slot(slot, sheet, width, height, number, (job.width, job.height))
                    pages.append(PagePlan(number, width, height, "back", job.name, (back,), label=label,
                                          single=True, footer_top=back.mirrored == "y"))
                    number += 1
    return pages


def part_trim(job: SetJob, region: Box, origin: tuple[float, float]) -> Box:
    """Return a part's trim on the page: its region without the bleed beyond the component's own edges.

    A part's outer edges are the component's cut edges, with the bleed printed beyond them; its
    edges inside the component end the overlap and are cut along the printed edge.
    """
    left, top = max(region.x, 0.0), max(region.y, 0.0)
    right, bottom = min(region.right, job.width), min(region.bottom, job.height)
    return Box(origin[0] + left, origin[1] + top, right - left, bottom - top)


def _part_marks(job: SetJob, region: Box, origin: tuple[float, float], xs: list[tuple[float, float]],
                ys: list[tuple[float, float]], r: int, c: int, sheet: Sheet,
                page: tuple[float, float]) -> tuple[Mark, ...]:
    """Return crop marks at the component's edges inside this part and crosshairs in the overlaps."""
    ox, oy = origin
    low = page[1] - sheet.margin - (FOOTER_HEIGHT if sheet.footer else 0.0)
    far_right = page[0] - sheet.margin
    marks: list[Mark] = []
    crop = sheet.crop_marks and job.crop_marks
    top, bottom = oy + region.y - MARK_OFFSET, oy + region.bottom + MARK_OFFSET
    left, right = ox + region.x - MARK_OFFSET, ox + region.right + MARK_OFFSET
    for x in (0.0, job.width):
        if crop and region.x - 1e-6 <= x <= region.right + 1e-6:
            marks += [Mark(ox + x, top, ox + x, max(top - MARK_LENGTH, sheet.margin)),
                      Mark(ox + x, bottom, ox + x, min(bottom + MARK_LENGTH, low))]
    for y in (0.0, job.height):
        if crop and region.y - 1e-6 <= y <= region.bottom + 1e-6:
            marks += [Mark(left, oy + y, max(left - MARK_LENGTH, sheet.margin), oy + y),
                      Mark(right, oy + y, min(right + MARK_LENGTH, far_right), oy + y)]
    marks = [m for m in marks if abs(m.x1 - m.x2) + abs(m.y1 - m.y2) > 1e-6]
    marks += _crosshairs(region, origin, xs, ys, r, c, job.overlap)
    return tuple(marks)


def _crosshairs(region: Box, origin: tuple[float, float], xs: list[tuple[float, float]],
                ys: list[tuple[float, float]], r: int, c: int, overlap: float) -> list[Mark]:
    """Return the overlaps' guides: a "cut" line on the part laid on top, a "glue" line on the part
    underneath (both along the middle of the overlap), and alignment ticks outside the art at their ends."""
    ox, oy = origin
    marks: list[Mark] = []
    tick = min(ALIGN_SIZE, MARK_LENGTH)
    for neighbour, kind in ((c - 1, "cut"), (c + 1, "glue")):  # the right-hand part lies on top
        if 0 <= neighbour < len(xs):
            x = ox + xs[max(c, neighbour)][0] + overlap / 2
            top, bottom = oy + region.y, oy + region.bottom
            marks += [Mark(x, top, x, bottom, kind), Mark(x, top - MARK_OFFSET, x, top - MARK_OFFSET - tick, "align"),
                      Mark(x, bottom + MARK_OFFSET, x, bottom + MARK_OFFSET + tick, "align")]
    for neighbour, kind in ((r - 1, "cut"), (r + 1, "glue")):  # the lower part lies on top
        if 0 <= neighbour < len(ys):
            y = oy + ys[max(r, neighbour)][0] + overlap / 2
            left, right = ox + region.x, ox + region.right
            marks += [Mark(left, y, right, y, kind), Mark(left - MARK_OFFSET, y, left - MARK_OFFSET - tick, y, "align"),
                      Mark(right + MARK_OFFSET, y, right + MARK_OFFSET + tick, y, "align")]
    return marks


__all__ = ["Copy", "parts_needed", "split", "tiled_pages"]
