"""The duplex calibration sheet: targets on the front (centre and corners), millimetre scales on the back.

One sheet is printed per orientation the build's back pages use. The back's scales and text are
drawn upright as the paper is held to read them (see layouts.backs: portrait, turned over like a
book page), so a reading is in the paper's physical directions whatever the page's orientation
and duplex mode; playproof turns the offset into each back page's own coordinates.
"""

from __future__ import annotations

from typing import Any

from playproof.layouts.plan import PagePlan
from playproof.units import mm, to_mm

SCALE_MM = 15  # the back's scales read offsets from -15 mm to +15 mm
CORNER_X, CORNER_Y = 30, 70  # mm from the paper's side and top/bottom edges to each corner target (clear of the text)
CORNER_SCALE_MM = 8  # the corner scales read -8 mm to +8 mm: differences between corners show skew and scale
TEXT_BELOW_CENTRE = mm(30)  # the back's text starts this far below the centre scale (clear of every scale)

FRONT_TEXT = (
    "Duplex calibration (front, {label} sheets). Print this page and the next on one sheet,",
    "double-sided, with the same duplex setting you will use. Hold the sheet against a light.",
)
BACK_TEXT = (
    "Duplex calibration (back, {label} sheets). Hold the sheet so that this text reads upright",
    "and read on the scales where the front's cross shines through; then set",
    '[print] back_offset = "X mm, Y mm" in layouts.toml (or --back-offset "X,Y").',
    "Reading right of 0 is a positive X; reading below 0 is a positive Y. The same offset serves",
    "portrait and landscape sheets: playproof turns it into each back page's own coordinates.",
    "Read the four corner scales too: the same reading everywhere is a shift (back_offset);",
    "readings that differ between corners mean the back is turned (skew) or scaled by the printer.",
)


def draw_calibration(writer: Any, page: PagePlan, back_offset: tuple[float, float]) -> None:
    """Draw the front cross or the back scales (the back is shifted by the current offset, in its own coordinates)."""
    c = writer.canvas
    cx, cy = page.width / 2, page.height / 2
    c.setStrokeColor(writer.colour("#000000"))
    c.setFillColor(writer.colour("#000000"))
    c.setLineWidth(0.3)
    if page.side == "front":
        for x, y in targets(page.width, page.height):
            _target(writer, x, y, mm(40) if (x, y) == (cx, cy) else mm(12))
        _lines(writer, tuple(line.format(label=page.label or "portrait") for line in FRONT_TEXT),
               mm(20), page.height - mm(25))
        return
    du, dv = turned_offset(page.reading, back_offset)
    a, b, cc, d = _pdf_turn(page.reading)
    for x, y in targets(page.width, page.height):
        c.saveState()
        c.transform(a, b, cc, d, x + du, y - dv)  # PDF y grows upwards: a shift down lowers y
        _scales(writer, 0.0, 0.0, SCALE_MM if (x, y) == (cx, cy) else CORNER_SCALE_MM)
        c.restoreState()
    _back_text(writer, page, back_offset)


def turned_offset(turn: tuple[int, int, int, int], offset: tuple[float, float]) -> tuple[float, float]:
    """Return a physical offset (x right, y down) in a page's coordinates (x right, y down)."""
    a, b, c, d = turn
    return (a * offset[0] + b * offset[1] + 0.0, c * offset[0] + d * offset[1] + 0.0)


def _pdf_turn(turn: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Return the PDF matrix (a, b, c, d) drawing the reader's frame (x right, y up) onto a page (y up)."""
    a, b, c, d = turn
    return (a, -c, -b, d)  # the reader's right is (a, c) on the page, y down; the reader's up is -(b, d)


def _back_text(writer: Any, page: PagePlan, back_offset: tuple[float, float]) -> None:
    """Write the back's instructions below the centre scale, upright for the reader."""
    c = writer.canvas
    turn = _pdf_turn(page.reading)
    quarter = turn[0] == 0  # a quarter turn: the reader holds the page's long edge upright
    width, height = (page.height, page.width) if quarter else (page.width, page.height)
    c.saveState()
    c.translate(page.width / 2, page.height / 2)
    c.transform(*turn, 0, 0)
    c.translate(-width / 2, -height / 2)
    lines = tuple(line.format(label=page.label or "portrait") for line in BACK_TEXT)
    lines += (f"Current back_offset: {to_mm(back_offset[0]):g} mm, {to_mm(back_offset[1]):g} mm.",)
    _lines(writer, lines, mm(15), height / 2 - TEXT_BELOW_CENTRE)
    c.restoreState()


def targets(width: float, height: float) -> list[tuple[float, float]]:
    """Return the centres of the calibration targets: the page's centre and its four corners (PDF coordinates)."""
    corners = [(x, y) for x in (mm(CORNER_X), width - mm(CORNER_X)) for y in (mm(CORNER_Y), height - mm(CORNER_Y))]
    return [(width / 2, height / 2)] + corners


def _target(writer: Any, cx: float, cy: float, arm: float) -> None:
    """Draw a cross with a small circle at its centre."""
    c = writer.canvas
    c.line(cx - arm, cy, cx + arm, cy)
    c.line(cx, cy - arm, cx, cy + arm)
    c.circle(cx, cy, mm(2))


def _scales(writer: Any, cx: float, cy: float, reach: int = SCALE_MM) -> None:
    """Draw a horizontal and a vertical millimetre scale crossing at (cx, cy) (PDF coordinates)."""
    c = writer.canvas
    c.setFont("DejaVuSans", 5)
    for step in range(-reach, reach + 1):
        tick = mm(3) if step % 5 == 0 else mm(1.5)
        x, y = cx + mm(step), cy - mm(step)  # y grows downwards on the reading scale
        c.line(x, cy - tick, x, cy + tick)
        c.line(cx - tick, y, cx + tick, y)
        if step % 5 == 0 and step:  # labels kept clear of both scales: a row below, a column to the right
            c.drawCentredString(x, cy - mm(reach + 4), f"{step:+d}")
            c.drawString(cx + mm(reach + 2), y - mm(0.7), f"{step:+d}")
    c.line(cx - mm(reach), cy, cx + mm(reach), cy)
    c.line(cx, cy - mm(reach), cx, cy + mm(reach))
    c.drawCentredString(cx, cy - mm(reach + 8), "X (mm)")
    c.drawString(cx + mm(reach + 2), cy + mm(reach + 2), "Y (mm)")


def _lines(writer: Any, lines: tuple[str, ...], x: float, top: float) -> None:
    """Write instruction lines downwards from (x, top) (PDF coordinates)."""
    c = writer.canvas
    c.setFont("DejaVuSans", 9)
    for index, line in enumerate(lines):
        c.drawString(x, top - index * 12, line)
