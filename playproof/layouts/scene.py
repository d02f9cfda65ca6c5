"""Drawing operations for one side of one component design (component coordinates, points, y down).

A scene is computed once per design and drawn by any backend (PDF, SVG) for every copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playproof.layouts.assets import Asset, Gradient
from playproof.layouts.geometry import Box, Outline, Point
from playproof.layouts.text import TextBlock
from playproof.records import FrozenRecord, SET


class Style(FrozenRecord):
    """Paint of a shape: fill and stroke colours ("#rrggbb", "#rrggbbaa" or None), stroke width, dash pattern.

    A gradient, when given, fills the shape instead of `fill`; opacity multiplies every colour's own.
    """

    __slots__ = ("fill", "stroke", "stroke_width", "dash", "opacity", "gradient")
    fill: str | None
    stroke: str | None
    stroke_width: float
    dash: tuple[float, ...] | None
    opacity: float
    gradient: Gradient | None

    def __init__(
        self,
        fill: str | None = None,
        stroke: str | None = None,
        stroke_width: float = 0.0,
        dash: tuple[float, ...] | None = None,
        opacity: float = 1.0,
        gradient: Gradient | None = None,
    ) -> None:
        SET(self, "fill", fill)
        SET(self, "stroke", stroke)
        SET(self, "stroke_width", stroke_width)
        SET(self, "dash", dash)
        SET(self, "opacity", opacity)
        SET(self, "gradient", gradient)

    @property
    def translucent(self) -> bool:
        """Return whether anything of this paint is less than fully opaque."""
        fill, stroke = self.fill, self.stroke
        return self.opacity < 1.0 or self.gradient is not None or (fill is not None and len(fill) == 9) or (
            stroke is not None and len(stroke) == 9)


class RectOp(FrozenRecord):
    """A (rounded) rectangle."""

    __slots__ = ("box", "radius", "style")
    box: Box
    radius: float
    style: Style

    def __init__(self, box: Box, radius: float, style: Style) -> None:
        SET(self, "box", box)
        SET(self, "radius", radius)
        SET(self, "style", style)


class CircleOp(FrozenRecord):
    """A circle."""

    __slots__ = ("cx", "cy", "r", "style")
    cx: float
    cy: float
    r: float
    style: Style

    def __init__(self, cx: float, cy: float, r: float, style: Style) -> None:
        SET(self, "cx", cx)
        SET(self, "cy", cy)
        SET(self, "r", r)
        SET(self, "style", style)


class LineOp(FrozenRecord):
    """A straight line."""

    __slots__ = ("x1", "y1", "x2", "y2", "style")
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style

    def __init__(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        SET(self, "x1", x1)
        SET(self, "y1", y1)
        SET(self, "x2", x2)
        SET(self, "y2", y2)
        SET(self, "style", style)


class PolygonOp(FrozenRecord):
    """One or more closed polygon loops drawn as one path."""

    __slots__ = ("loops", "style")
    loops: tuple[tuple[Point, ...], ...]
    style: Style

    def __init__(self, loops: tuple[tuple[Point, ...], ...], style: Style) -> None:
        SET(self, "loops", loops)
        SET(self, "style", style)


@dataclass(slots=True)
class TextOp:
    """Laid-out text: its box, the block, alignment and colour."""

    box: Box
    block: TextBlock
    align: str
    valign: str
    colour: str
    outline: str | None = None
    outline_width: float = 0.0
    shadow: str | None = None
    opacity: float = 1.0
    origins: tuple[tuple[float, float], ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        self.origins = tuple(self.line_origins())  # aligned once per design

    def line_origins(self) -> list[tuple[float, float]]:
        """Return (x, baseline y) of each line, aligned in the box."""
        block, box, align = self.block, self.box, self.align
        top = box.y
        if self.valign == "middle":
            top += (box.height - block.height) / 2
        elif self.valign == "bottom":
            top += box.height - block.height
        leading = block.leading
        half, rise = (leading - block.size) / 2, 0.8 * block.size
        if align != "center" and align != "right":
            x = box.x
            return [(x, top + index * leading + half + rise) for index in range(len(block.lines))]
        origins = []
        for index, line in enumerate(block.lines):
            x = box.x
            if align == "center":
                x += (box.width - line.width) / 2
            else:
                x += box.width - line.width
            origins.append((x, top + index * leading + half + rise))
        return origins

    def ink_box(self) -> Box:
        """Return the box the lines actually cover."""
        origins = self.origins
        if not origins:
            return Box(self.box.x, self.box.y, 0, 0)
        left = min(x for x, _ in origins)
        right = max(x + line.width for (x, _), line in zip(origins, self.block.lines))
        top = origins[0][1] - 0.8 * self.block.size
        bottom = origins[-1][1] + 0.2 * self.block.size
        return Box(left, top, right - left, bottom - top)


class ImageOp(FrozenRecord):
    """An image drawn into a box, clipped to `clip` when given (fit = "cover"), with an opacity."""

    __slots__ = ("asset", "box", "clip", "opacity")
    asset: Asset
    box: Box
    clip: Box | None
    opacity: float

    def __init__(self, asset: Asset, box: Box, clip: Box | None = None, opacity: float = 1.0) -> None:
        SET(self, "asset", asset)
        SET(self, "box", box)
        SET(self, "clip", clip)
        SET(self, "opacity", opacity)


class RotatedOp(FrozenRecord):
    """Another operation turned clockwise by `angle` degrees about (cx, cy)."""

    __slots__ = ("op", "angle", "cx", "cy")
    op: Op
    angle: float
    cx: float
    cy: float

    def __init__(self, op: Op, angle: float, cx: float, cy: float) -> None:
        SET(self, "op", op)
        SET(self, "angle", angle)
        SET(self, "cx", cx)
        SET(self, "cy", cy)


class TableOp(FrozenRecord):
    """A grid: column x positions, row y positions, and text cells (drawn as TextOps)."""

    __slots__ = ("xs", "ys", "header_fill", "style", "cells")
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    header_fill: str | None
    style: Style
    cells: tuple[TextOp, ...]

    def __init__(
        self,
        xs: tuple[float, ...],
        ys: tuple[float, ...],
        header_fill: str | None,
        style: Style,
        cells: tuple[TextOp, ...],
    ) -> None:
        SET(self, "xs", xs)
        SET(self, "ys", ys)
        SET(self, "header_fill", header_fill)
        SET(self, "style", style)
        SET(self, "cells", cells)


Op = RectOp | CircleOp | LineOp | PolygonOp | TextOp | ImageOp | TableOp | RotatedOp


@dataclass(frozen=True)
class Scene:
    """One side of a design: its trim size, the outline it is cut along, bleed, and operations."""

    width: float
    height: float
    outline: Outline
    bleed_outline: Outline
    bleed: float
    ops: tuple[Op, ...]
    fold_xs: tuple[float, ...] = ()
    cut_line: bool = False
