"""The duplex calibration sheet: a cross on the front, millimetre scales on the back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playproof.layouts.imposition import PagePlan
from playproof.units import mm, to_mm

if TYPE_CHECKING:
    from playproof.output.pdf import PdfWriter

SCALE_MM = 10  # the back's scales read offsets from -10 mm to +10 mm

FRONT_TEXT = (
    "Duplex calibration (front). Print this page and the next on one sheet, double-sided,",
    "with the same duplex setting you will use. Hold the sheet against a light.",
)
BACK_TEXT = (
    "Duplex calibration (back). Read on the scales where the front's cross shines through,",
    'then set [print] back_offset = "X mm, Y mm" in layouts.toml (or --back-offset "X,Y").',
    "Reading right of 0 is a positive X; reading below 0 is a positive Y.",
)


def draw_calibration(writer: PdfWriter, page: PagePlan, back_offset: tuple[float, float]) -> None:
    """Draw the front cross or the back scales (the back is shifted by the current offset)."""
    c = writer.canvas
    cx, cy = page.width / 2, page.height / 2
    c.setStrokeColor(writer.colour("#000000"))
    c.setFillColor(writer.colour("#000000"))
    c.setLineWidth(0.3)
    if page.side == "front":
        c.line(cx - mm(40), cy, cx + mm(40), cy)
        c.line(cx, cy - mm(40), cx, cy + mm(40))
        c.circle(cx, cy, mm(2))
        _lines(writer, FRONT_TEXT, page)
        return
    dx, dy = back_offset
    _scales(writer, cx + dx, cy - dy)
    _lines(writer, BACK_TEXT + (f"Current back_offset: {to_mm(dx):g} mm, {to_mm(dy):g} mm.",), page)


def _scales(writer: PdfWriter, cx: float, cy: float) -> None:
    """Draw a horizontal and a vertical millimetre scale crossing at (cx, cy) (PDF coordinates)."""
    c = writer.canvas
    c.setFont("DejaVuSans", 5)
    for step in range(-SCALE_MM, SCALE_MM + 1):
        tick = mm(3) if step % 5 == 0 else mm(1.5)
        x, y = cx + mm(step), cy - mm(step)  # y grows downwards on the reading scale
        c.line(x, cy - tick, x, cy + tick)
        c.line(cx - tick, y, cx + tick, y)
        if step % 5 == 0 and step:  # labels kept clear of both scales: a row below, a column to the right
            c.drawCentredString(x, cy - mm(SCALE_MM + 4), f"{step:+d}")
            c.drawString(cx + mm(SCALE_MM + 2), y - mm(0.7), f"{step:+d}")
    c.line(cx - mm(SCALE_MM), cy, cx + mm(SCALE_MM), cy)
    c.line(cx, cy - mm(SCALE_MM), cx, cy + mm(SCALE_MM))
    c.drawCentredString(cx, cy - mm(SCALE_MM + 8), "X (mm)")
    c.drawString(cx + mm(SCALE_MM + 2), cy + mm(SCALE_MM + 2), "Y (mm)")


def _lines(writer: PdfWriter, lines: tuple[str, ...], page: PagePlan) -> None:
    """Write instruction lines near the top of the page."""
    c = writer.canvas
    c.setFont("DejaVuSans", 9)
    for index, line in enumerate(lines):
        c.drawString(mm(20), page.height - mm(25) - index * 12, line)
