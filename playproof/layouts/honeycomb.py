"""Round pieces packed as a honeycomb: odd rows shifted half a step, rows closer together."""

from __future__ import annotations

import math

from playproof.layouts.geometry import Box
from playproof.layouts.plan import Grid, SetJob


def honeycomb_for(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return the largest honeycomb of round pieces in the area: every neighbour one pitch away, centred."""
    pitch_x = job.width + job.gap
    pitch_y = pitch_x * math.sqrt(3) / 2
    rows = max(0, math.floor((area.height - 2 * job.bleed - job.height + 1e-6) / pitch_y) + 1)
    stagger = pitch_x / 2 if rows > 1 else 0.0
    cols = max(0, math.floor((area.width - 2 * job.bleed + job.gap - stagger + 1e-6) / pitch_x))
    used_w = cols * pitch_x - job.gap + 2 * job.bleed + stagger
    used_h = (rows - 1) * pitch_y + job.height + 2 * job.bleed if rows else 0.0
    x0 = area.x + (area.width - used_w) / 2 + job.bleed
    y0 = area.y + (area.height - used_h) / 2 + job.bleed
    return Grid(page_width, page_height, x0, y0, pitch_x, pitch_y, cols, rows, stagger=stagger)
