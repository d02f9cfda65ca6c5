"""Hexes nested on a sheet: single hexes in a honeycomb, hex groups whose shape is the same in every row
in staggered rows, every copy kept the set's gap away from its neighbours (pure plan, nothing drawn)."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

from playproof.layouts.geometry import SQRT3, Box
from playproof.layouts.honeycomb import honeycomb_for
from playproof.layouts.plan import Grid, SetJob


def nested(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return the nest of a hex set holding most in the area: a honeycomb of single hexes, or a hex
    group's copies nested in rows or in columns."""
    if not job.cells:
        return hex_honeycomb_for(job, area, page_width, page_height)
    return max((nest_for(job, area, page_width, page_height), nest_across(job, area, page_width, page_height)),
               key=lambda grid: grid.per_page)


Interval = tuple[float, float]
STAGGERS = 16  # the shifts between rows tried when nesting a hex group: this many fractions of a step


def _normals(orientation: str) -> tuple[tuple[float, float], ...]:
    """Return the unit normals of a hex's edges (pointy hexes have upright sides)."""
    angles = (0, 60, 120) if orientation == "pointy" else (30, 90, 150)
    return tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in angles)


@dataclass(frozen=True)
class HexShape:
    """What nesting needs of a hex group: orientation, cell centres, side, and the gap kept around it."""

    hex: str
    cells: tuple[tuple[float, float], ...]
    side: float
    gap: float


def _too_close(shape: HexShape, base: tuple[float, float], direction: tuple[float, float],
               scale: float = 1.0) -> list[Interval]:
    """Return the steps v (open intervals) at which a copy of a hex group moved by (base + v * scale * direction)
    comes closer to the group than the gap.

    Two hexes of the same orientation are a gap apart when, across one of their edge directions, their
    centres are two apothems and the gap apart; a group is a gap apart when every pair of cells is.
    """
    need = SQRT3 * shape.side + shape.gap
    normals = _normals(shape.hex)
    found = []
    for ax, ay in shape.cells:
        for bx, by in shape.cells:
            lo, hi = -math.inf, math.inf
            for nx, ny in normals:
                fixed = (base[0] + bx - ax) * nx + (base[1] + by - ay) * ny
                rate = (direction[0] * nx + direction[1] * ny) * scale
                if abs(rate) < 1e-12:
                    if abs(fixed) >= need - 1e-9:
                        lo, hi = 0.0, 0.0  # apart along this edge whatever the step
                    continue
                a, b = (-need - fixed) / rate, (need - fixed) / rate
                lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if hi - lo > 1e-9:
                found.append((lo, hi))
    return found


def _first_clear(intervals: list[Interval]) -> float:
    """Return the smallest step above 0 outside every (open) interval."""
    step, moved = 1e-6, True
    while moved:
        moved = False
        for lo, hi in intervals:
            if lo < step < hi - 1e-9:
                step, moved = hi, True
    return step


@functools.lru_cache(maxsize=64)
def nest_steps(shape: HexShape) -> tuple[float, tuple[tuple[float, float], ...]]:
    """Return how copies of a hex group nest: the step between copies in a row, and for each shift of
    every other row (STAGGERS fractions of the step) the smallest step between rows."""
    right = (1.0, 0.0)
    step = _first_clear(_too_close(shape, (0.0, 0.0), right) + _too_close(shape, (0.0, 0.0), right, 2.0))
    rows = []
    for n in range(STAGGERS):
        shift = step * n / STAGGERS
        down = (0.0, 1.0)
        near = [i for k in range(-3, 4) for s in (shift, -shift) for i in _too_close(shape, (k * step + s, 0.0), down)]
        near += [i for k in range(-3, 4) for i in _too_close(shape, (k * step, 0.0), down, 2.0)]  # two rows down
        rows.append((shift, _first_clear(near)))
    return step, tuple(rows)


def nest_for(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return the most copies of a hex group nested in the area: rows of copies a step apart, every
    other row shifted, each copy a gap away from its neighbours (the shift holding most is kept)."""
    step, rows = nest_steps(HexShape(job.hex, job.cells, job.hex_side, job.gap))
    best = Grid(page_width, page_height, area.x, area.y, step, job.height + job.gap, 0, 0)
    for shift, rise in rows:
        grid = _nest_grid(job, area, page_width, page_height, step, rise, shift)
        if grid.per_page > best.per_page:
            best = grid
    return best


def _nest_grid(job: SetJob, area: Box, page_width: float, page_height: float, step: float, rise: float,
               shift: float) -> Grid:
    """Return the grid of nested copies that fits the area, centred."""
    rows = max(0, math.floor((area.height - 2 * job.bleed - job.height + 1e-6) / rise) + 1)
    shift = shift if rows > 1 else 0.0
    cols = max(0, math.floor((area.width - 2 * job.bleed - job.width - shift + 1e-6) / step) + 1)
    used_w = (cols - 1) * step + job.width + shift + 2 * job.bleed
    used_h = (rows - 1) * rise + job.height + 2 * job.bleed
    x0 = area.x + (area.width - used_w) / 2 + job.bleed
    y0 = area.y + (area.height - used_h) / 2 + job.bleed
    return Grid(page_width, page_height, x0, y0, step, rise, cols, rows, stagger=shift)


def nest_across(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return nest_for's grid with columns in place of rows (every other column shifted down)."""
    across = replace(job, width=job.height, height=job.width, cells=tuple((y, x) for x, y in job.cells),
                     hex={"flat": "pointy", "pointy": "flat"}[job.hex])
    grid = nest_for(across, Box(area.y, area.x, area.height, area.width), page_height, page_width)
    return Grid(page_width, page_height, grid.y0, grid.x0, grid.pitch_y, grid.pitch_x, grid.rows, grid.cols,
                stagger_y=grid.stagger)


def hex_honeycomb_for(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return the largest nest of single hexes in the area, neighbours a gap apart across parallel edges.

    Pointy-top hexes nest in rows (odd rows shifted half a step, rows 3/4 of a hex apart): the
    circle honeycomb's steps, as the hex's width plus the gap is the distance between neighbours'
    centres. Flat-top hexes nest the same way in columns: the pointy layout, transposed.
    """
    if job.hex == "pointy":
        return honeycomb_for(job, area, page_width, page_height)
    across = replace(job, width=job.height, height=job.width)
    grid = honeycomb_for(across, Box(area.y, area.x, area.height, area.width), page_height, page_width)
    return Grid(page_width, page_height, grid.y0, grid.x0, grid.pitch_y, grid.pitch_x, grid.rows, grid.cols,
                stagger_y=grid.stagger)
