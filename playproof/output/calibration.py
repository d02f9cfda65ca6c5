"""The duplex calibration sheet: targets on the front (centre and corners), millimetre scales on the back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playproof.layouts.imposition import PagePlan
from playproof.units import mm, to_mm

if TYPE_CHECKING:
    from playproof.output.pdf import PdfWriter

SCALE_MM = 15  # the back's scales read offsets from -15 mm to +15 mm
CORNER_X, CORNER_Y = 30, 70  # mm from the paper's side and top/bottom edges to each corner target (clear of the text)
CORNER_SCALE_MM = 8  # the corner scales read -8 mm to +8 mm: differences between corners show skew and scale

FRONT_TEXT = (
    "Duplex calibration (front). Print this page and the next on one sheet, double-sided,",
    "with the same duplex setting you will use. Hold the sheet against a light.",
)
BACK_TEXT = (
    "Duplex calibration (back). Read on the scales where the front's cross shines through,",
    'then set [print] back_offset = "X mm, Y mm" in layouts.toml (or --back-offset "X,Y").',
    "Reading right of 0 is a positive X; reading below 0 is a positive Y.",
    "Read the four corner scales too: the same reading everywhere is a shift (back_offset);",
    "readings that differ between corners mean the back is turned (skew) or scaled by the printer.",
)


def draw_calibration(writer: PdfWriter, page: PagePlan, back_offset: tuple[float, float]) -> None:
    """Draw the front cross or the back scales (the back is shifted by the current offset)."""
    c = writer.canvas
    cx, cy = page.width / 2, page.height / 2
    c.setStrokeColor(writer.colour("#000000"))
    c.setFillColor(writer.colour("#000000"))
    c.setLineWidth(0.3)
    if page.side == "front":
        for x, y in targets(page.width, page.height):
            _target(writer, x, y, mm(40) if (x, y) == (cx, cy) else mm(12))
        _lines(writer, FRONT_TEXT, page)
        return
    dx, dy = back_offset
    for x, y in targets(page.width, page.height):
        _scales(writer, x + dx, y - dy, SCALE_MM if (x, y) == (cx, cy) else CORNER_SCALE_MM)
    _lines(writer, BACK_TEXT + (f"Current back_offset: {to_mm(dx):g} mm, {to_mm(dy):g} mm.",), page)


def targets(width: float, height: float) -> list[tuple[float, float]]:
    """Return the centres of the calibration targets: the page's centre and its four corners (PDF coordinates)."""
    corners = [(x, y) for x in (mm(CORNER_X), width - mm(CORNER_X)) for y in (mm(CORNER_Y), height - mm(CORNER_Y))]
    return [(width / 2, height / 2)] + corners


def _target(writer: PdfWriter, cx: float, cy: float, arm: float) -> None:
    """Draw a cross with a small circle at its centre."""
    c = writer.canvas
    c.line(cx - arm, cy, cx + arm, cy)
    c.line(cx, cy - arm, cx, cy + arm)
    c.circle(cx, cy, mm(2))


def _scales(writer: PdfWriter, cx: float, cy: float, reach: int = SCALE_MM) -> None:
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


def _lines(writer: PdfWriter, lines: tuple[str, ...], page: PagePlan) -> None:
    """Write instruction lines near the top of the page."""
    c = writer.canvas
    c.setFont("DejaVuSans", 9)
    for index, line in enumerate(lines):
        c.drawString(mm(20), page.height - mm(25) - index * 12, line)
