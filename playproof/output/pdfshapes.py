"""Shapes in a PDF: fills and strokes (translucent ones in their own graphics state), gradients in bands, outlines."""

from __future__ import annotations

import math
from typing import Any, Protocol

from reportlab.pdfgen.canvas import FILL_NON_ZERO

from playproof.layouts.assets import Gradient, split_alpha
from playproof.layouts.geometry import Box, Outline
from playproof.layouts.scene import CircleOp, LineOp, PolygonOp, RectOp, Style


class Painter(Protocol):
    """What draws the shapes: a reportlab canvas and the parts of a "#rrggbb" colour (output/pdf.py's PdfWriter)."""

    canvas: Any

    def rgb(self, hex_colour: str) -> tuple[float, float, float]:
        """Return the red, green, blue parts (0..1) of "#rrggbb"."""


def outline_path(path: Any, outline: Outline, offset: float) -> None:
    """Add an outline (positioned at offset, offset) to a path."""
    if outline.kind == "circle":
        r = outline.width / 2
        path.circle(offset + r, offset + r, r)
    elif outline.kind == "polygon":
        for loop in outline.loops:
            path.moveTo(*loop[0])
            for point in loop[1:]:
                path.lineTo(*point)
            path.close()
    elif outline.radius:
        path.roundRect(offset, offset, outline.width, outline.height, outline.radius)
    else:
        path.rect(offset, offset, outline.width, outline.height)


def paint(w: Painter, style: Style) -> tuple[int, int]:
    """Set fill and stroke (with their opacity; the caller saved the state when translucent); return flags."""
    c = w.canvas
    if style.fill:
        rgb, alpha = split_alpha(style.fill)
        c.setFillColorRGB(*w.rgb(rgb))
        if alpha * style.opacity < 1.0:
            c.setFillAlpha(alpha * style.opacity)
    if style.stroke:
        rgb, alpha = split_alpha(style.stroke)
        c.setStrokeColorRGB(*w.rgb(rgb))
        if alpha * style.opacity < 1.0:
            c.setStrokeAlpha(alpha * style.opacity)
        c.setLineWidth(style.stroke_width)
        c.setDash(*(style.dash or ()))
    return (1 if style.stroke else 0), (1 if style.fill else 0)


def fill_shape(w: Painter, style: Style, path: Any, box: Box) -> None:
    """Fill and stroke a path; a translucent paint is drawn in its own graphics state, a gradient in bands."""
    c = w.canvas
    if not style.translucent:
        stroke, fill = paint(w, style)
        c.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
        return
    c.saveState()
    if style.gradient is not None:
        c.saveState()
        c.clipPath(path, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        gradient_bands(w, style.gradient, box, style.opacity)
        c.restoreState()
    stroke, fill = paint(w, style)
    if stroke or fill:
        c.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    c.restoreState()


GRADIENT_BAND = 0.4 * 72 / 25.4
"""A gradient is painted as bands about 0.4 mm wide (PDF shadings cannot fade to transparent)."""


def gradient_bands(w: Painter, gradient: Gradient, box: Box, opacity: float) -> None:
    """Paint a CSS linear gradient over a box (clipped by the caller) as narrow bands of colour."""
    c = w.canvas
    angle = math.radians(gradient.angle)
    length = abs(box.width * math.sin(angle)) + abs(box.height * math.cos(angle))  # as CSS measures it
    across = math.hypot(box.width, box.height)
    bands = max(8, min(256, int(length / GRADIENT_BAND)))
    c.translate(box.x + box.width / 2, box.y + box.height / 2)
    c.rotate(gradient.angle - 90)  # y runs down here: 90deg (towards the right) is the x axis
    step = length / bands
    for i in range(bands):
        rgb, alpha = gradient.at((i + 0.5) / bands)
        c.setFillColorRGB(*rgb)
        c.setFillAlpha(alpha * opacity)
        opaque = alpha * opacity >= 1.0  # opaque bands overlap a little so no hairline shows between them
        c.rect(-length / 2 + i * step, -across / 2, step * 1.02 if opaque else step, across, stroke=0, fill=1)


def draw_rect(w: Painter, op: RectOp) -> None:
    """Draw a (rounded) rectangle."""
    box = op.box
    if not op.style.translucent:
        stroke, fill = paint(w, op.style)
        if op.radius:
            w.canvas.roundRect(box.x, box.y, box.width, box.height, op.radius, stroke=stroke, fill=fill)
        else:
            w.canvas.rect(box.x, box.y, box.width, box.height, stroke=stroke, fill=fill)
        return
    path = w.canvas.beginPath()
    if op.radius:
        path.roundRect(box.x, box.y, box.width, box.height, op.radius)
    else:
        path.rect(box.x, box.y, box.width, box.height)
    fill_shape(w, op.style, path, box)


def draw_circle(w: Painter, op: CircleOp) -> None:
    """Draw a circle."""
    if not op.style.translucent:
        stroke, fill = paint(w, op.style)
        w.canvas.circle(op.cx, op.cy, op.r, stroke=stroke, fill=fill)
        return
    path = w.canvas.beginPath()
    path.circle(op.cx, op.cy, op.r)
    fill_shape(w, op.style, path, Box(op.cx - op.r, op.cy - op.r, 2 * op.r, 2 * op.r))


def draw_line(w: Painter, op: LineOp) -> None:
    """Draw a line."""
    translucent = op.style.translucent
    if translucent:
        w.canvas.saveState()
    paint(w, op.style)
    w.canvas.line(op.x1, op.y1, op.x2, op.y2)
    if translucent:
        w.canvas.restoreState()


def draw_polygon(w: Painter, op: PolygonOp) -> None:
    """Draw polygon loops as one path."""
    path = w.canvas.beginPath()
    outline_path(path, Outline("polygon", 0, 0, loops=op.loops), 0.0)
    box = Box(0, 0, 0, 0)
    if op.style.gradient is not None:  # the gradient spans the polygon's bounding box
        xs = [x for loop in op.loops for x, _ in loop]
        ys = [y for loop in op.loops for _, y in loop]
        box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    fill_shape(w, op.style, path, box)
