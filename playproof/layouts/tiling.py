"""Components larger than the paper (boards, screens): tiled into overlapping parts, one per page."""

from __future__ import annotations

import math

from playproof.layouts.geometry import Box
from playproof.layouts.imposition import (ALIGN_SIZE, FOOTER_HEIGHT, MARK_LENGTH, MARK_OFFSET, Copy, Mark, PagePlan, SetJob, Sheet,
                                          Slot, _area, back_slot)


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
        area = _area(sheet, width, height, crop)
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
                slot = Slot(copy, "front", number, page_box, page_box, origin, part=part)
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
    """Return alignment crosshairs in the middle of every overlap this part shares with a neighbour."""
    centres: list[tuple[float, float]] = []
    for neighbour in (c - 1, c + 1):
        if 0 <= neighbour < len(xs):
            mid = xs[max(c, neighbour)][0] + overlap / 2
            centres += [(mid, region.y + region.height * f) for f in (0.25, 0.75)]
    for neighbour in (r - 1, r + 1):
        if 0 <= neighbour < len(ys):
            mid = ys[max(r, neighbour)][0] + overlap / 2
            centres += [(region.x + region.width * f, mid) for f in (0.25, 0.75)]
    ox, oy = origin
    size = min(ALIGN_SIZE, overlap / 2)
    marks = []
    for x, y in centres:
        marks.append(Mark(ox + x - size, oy + y, ox + x + size, oy + y, "align"))
        marks.append(Mark(ox + x, oy + y - size, ox + x, oy + y + size, "align"))
    return marks


__all__ = ["Copy", "parts_needed", "split", "tiled_pages"]
