"""What composing one side of one design works with: the row's fields, frames, boxes, lengths, colours, problems.

The element composers (draw_elements) and the scene builder (compose) both use it; it imports neither.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Callable

from playproof.components.model import ComponentRow, ComponentSet
from playproof.errors import Location, PlayproofError, Problems
from playproof.layouts import keys as K
from playproof.layouts.assets import Assets, Gradient, colour_hex, is_gradient, parse_gradient
from playproof.layouts.elements import Element, Length, Side, fields_in, parse_length_value, substitute
from playproof.layouts.fonts import FontBook
from playproof.layouts.geometry import Box, HexGroup, Outline, circle_outline, grown, hex_group, rect_outline
from playproof.layouts.scene import CircleOp, Op, PolygonOp, RectOp, Style
from playproof.layouts.spec import SetLayout, parse_cells
from playproof.layouts.text import Typesetter
from playproof.units import mm, parse_length, to_mm

ROW_FREE_FIELDS = frozenset({"_game", "_version", "_set"})
VALUE_OPS_KEPT = 2048
"""The most elements' ops kept per distinct field values (a deck's suits and shared texts; memory stays flat)."""
UNSHARED = 256
"""An element whose first this many values were all different is composed per card without keeping its ops."""


class ComposeState:
    """What composing a project's designs shares: fonts, assets, a problem collector and caches.

    A plain class, not a dataclass: a build's imports keep to few dataclasses (each compiles its methods).
    """

    def __init__(self, project: Path | None, problems: Problems, builtins: dict[str, str] | None = None) -> None:
        self.project = project
        self.problems = problems
        self.builtins: dict[str, str] = {} if builtins is None else builtins
        self.static_ops: dict[tuple[Any, ...], list[Op]] = {}
        self.value_ops: dict[tuple[Any, ...], list[Op]] = {}
        self.value_misses: dict[int, int] = {}
        self.element_fields: dict[int, tuple[str, ...]] = {}
        self.backgrounds: dict[tuple[int, int, bool, str], Op] = {}
        self.boxes: dict[tuple[int, bool], Box] = {}
        self.shapes: dict[int, tuple[Outline, Outline, HexGroup | None]] = {}
        self.text_styles: dict[tuple[int, int], Any] = {}
        self.text_plans: dict[tuple[int, int, bool], Any] = {}
        self.safe_boxes: dict[tuple[Any, bool, int], bool] = {}
        self.low_dpi: set[tuple[Path, str]] = set()
        self.set_sizes: dict[tuple[int, int, bool], float] = {}
        self.reported: set[tuple[str, str]] = set()
        self.fonts = FontBook(self.project)
        self.assets = Assets(self.project, lambda message: self.problems.warn(None, message))
        self.typesetter = Typesetter(self.fonts, self.assets.aspect)

    def geometry(self, layout: SetLayout, fields: dict[str, Any]) -> tuple[Outline, Outline, HexGroup | None]:
        """Return a design's outlines (worked out once per set unless its hex cells come from a field)."""
        if isinstance(layout.cells, str):
            return geometry(layout, fields)
        key = id(layout)
        if key not in self.shapes:
            self.shapes[key] = geometry(layout, fields)
        return self.shapes[key]


def geometry(layout: SetLayout, fields: dict[str, Any]) -> tuple[Outline, Outline, HexGroup | None]:
    """Return the cut outline, the bleed outline and (for hex shapes) the hex group of a design."""
    if layout.shape == "hex":
        cells = layout.cells
        if isinstance(cells, str):
            cells = parse_cells(substitute(cells, fields))
        group = hex_group(layout.hex, layout.side, cells or ((0, 0),))
        return group.outline(), group.outline(grow=layout.bleed), group
    if layout.shape == "circle":
        outline = circle_outline(layout.width)
    else:
        outline = rect_outline(layout.width, layout.height, layout.corner_radius)
    return outline, grown(outline, layout.bleed), None


class Context:
    """Everything needed while composing one design side."""

    def __init__(self, composer: ComposeState, layout: SetLayout, cset: ComponentSet, row: ComponentRow,
                 back: bool) -> None:
        self.c = composer
        self.layout = layout
        self.cset = cset
        self.row = row
        fields = self.fields = row.fields  # the row's, then the game's built-in fields, the set and the row
        fields.update(composer.builtins)
        fields["_set"], fields["_row"] = layout.name, row.row
        self.back = back
        kept = composer.shapes.get(id(layout)) if not isinstance(layout.cells, str) else None
        self.outline, self.bleed_outline, self.group = kept or composer.geometry(layout, row.fields)
        if back:  # a back is authored as seen after turning the piece over sideways: mirrored
            self.outline, self.bleed_outline = self.outline.mirrored(True), self.bleed_outline.mirrored(True)
        self.width, self.height = self.outline.width, self.outline.height
        self.frames: dict[int, Box] = {}

    def where(self, column: str | None = None) -> Location:
        """Return the location of this row (and a column) for problem reports."""
        return self.cset.location(self.row.row, column)

    def background_op(self, side: Side) -> Op | None:
        """Return the op painting a side's background; one op per colour is made and shared by its designs."""
        if isinstance(self.layout.cells, str):  # hex groups from a field: each design has its own outline
            style = self._background_style(side)
            return self._background(style) if style is not None else None
        text = substitute(side.background, self.fields) if side.background else ""
        key = (id(self.layout), id(side), self.back, text)
        op = self.c.backgrounds.get(key)
        if op is None:
            style = self._background_style(side)  # reports a bad colour (on every row that has it)
            if style is None:
                return None
            op = self._background(style)
            if len(self.c.backgrounds) >= 4096:
                self.c.backgrounds.clear()
            self.c.backgrounds[key] = op
        return op

    def _background_style(self, side: Side) -> Style | None:
        """Return the paint of a side's background (a colour or a linear gradient), None when there is none."""
        text = substitute(side.background, self.fields) if side.background else ""
        if is_gradient(text):
            try:
                return Style(gradient=parse_gradient(text))
            except PlayproofError as exc:
                column = next(iter(sorted(fields_in(side.background))), None)
                self.c.problems.error(self.where(column) if column else Location("layouts.toml"),
                                      f'set "{self.layout.name}" background: {exc}')
                return None
        colour = self.colour(side.background, side)
        return Style(fill=colour) if colour and colour != "none" else None

    def _background(self, style: Style) -> Op:
        """Return the op filling the whole bleed area."""
        b = self.layout.bleed
        if self.bleed_outline.kind == "polygon":
            return PolygonOp(self.bleed_outline.loops, style)
        if self.bleed_outline.kind == "circle":
            return CircleOp(self.width / 2, self.height / 2, self.width / 2 + b, style)
        return RectOp(Box(-b, -b, self.width + 2 * b, self.height + 2 * b), 0.0, style)

    def border_ops(self, side: Side) -> list[Op]:
        """Return the ops of a frame drawn inside the trim."""
        border = side.border
        assert border is not None
        colour = self.colour(border.colour, side) or "#000000"
        style = Style(stroke=colour, stroke_width=border.width)
        inset = border.width / 2
        if self.outline.kind == "polygon":
            group = self.group
            assert group is not None
            inner = HexGroup(group.orientation, group.side - inset * 2 / math.sqrt(3), group.cells, group.centres,
                             group.width, group.height)
            outline = inner.outline().mirrored(True) if self.back else inner.outline()
            return [PolygonOp(outline.loops, style)]
        if self.outline.kind == "circle":
            return [CircleOp(self.width / 2, self.height / 2, self.width / 2 - inset, style)] + self._frame_bleed(colour)
        radius = border.radius if border.radius is not None else max(self.layout.corner_radius - inset, 0.0)
        box = Box(inset, inset, self.width - 2 * inset, self.height - 2 * inset)
        return [RectOp(box, radius, style)] + self._frame_bleed(colour)

    def _frame_bleed(self, colour: str) -> list[Op]:
        """Return the frame's continuation over the bleed, so a cut off the line still shows the frame."""
        b = self.layout.bleed
        if not b:
            return []
        style = Style(stroke=colour, stroke_width=b + 0.5)  # overlaps the frame by a quarter point
        if self.outline.kind == "circle":
            return [CircleOp(self.width / 2, self.height / 2, self.width / 2 + b / 2 - 0.25, style)]
        return [RectOp(Box(-b / 2 + 0.25, -b / 2 + 0.25, self.width + b - 0.5, self.height + b - 0.5), 0.0, style)]

    def colour(self, value: Any, source: Side | Element) -> str | None:
        """Return a colour with fields substituted, reporting a bad one; None when empty."""
        if value is None:
            return None
        text = substitute(str(value), self.fields)
        if not text.strip():
            return None
        try:
            return colour_hex(text)
        except PlayproofError as exc:
            column = next(iter(sorted(fields_in(value))), None)
            if column is None and isinstance(source, Element):  # a colour written in layouts.toml: report it once
                key = next((k for k, v in source.attrs.items() if v == value), "colour")
                self.layout_error(source, f"{key}: {exc}")
            else:
                self.c.problems.error(self.where(column), str(exc))
            return None

    def element_error(self, element: Element, keys: tuple[str, ...], message: str, row_message: str | None = None,
                      per_row: bool = False) -> None:
        """Report a bad value: per row (naming the column) when it comes from a field, else once in layouts.toml."""
        column = next((element.first_fields[k] for k in keys if k in element.first_fields), None)
        if column is None and not per_row:
            self.layout_error(element, message)
        else:
            self.c.problems.error(self.where(column), row_message or f"{element.where}: {message}")

    def layout_error(self, element: Element, message: str) -> None:
        """Report a problem of the layout itself once, located in layouts.toml (not once per row)."""
        key = (element.where, message)
        if key not in self.c.reported:
            self.c.reported.add(key)
            self.c.problems.error(Location("layouts.toml"), f"{element.where}: {message}")

    def frame(self, element: Element) -> Box:
        """Return the box an element's coordinates are relative to (worked out once per element)."""
        frame = self.frames.get(id(element))
        if frame is None:
            frame = self.frames[id(element)] = self._frame(element)
        return frame

    def _frame(self, element: Element) -> Box:
        """Return the trim box, a hex cell's box or a panel's box, reporting a cell or panel that is not there."""
        if element.attrs.get("bleed") is True:  # full-bleed art: the box of the whole piece including bleed
            b = self.layout.bleed
            return Box(-b, -b, self.width + 2 * b, self.height + 2 * b)
        cell = element.attrs.get("cell")
        if cell is not None and self.group is not None:
            index = int(cell) - 1
            if 0 <= index < len(self.group.centres):
                box = self.group.cell_box(index)
                return Box(self.width - box.right, box.y, box.width, box.height) if self.back else box
            self.element_error(element, ("cell",), f"cell {cell} is not one of the {len(self.group.centres)} cells",
                               per_row=isinstance(self.layout.cells, str))
        panel = element.attrs.get("panel")
        if panel is not None:
            count = self.layout.panels
            index = int(panel) - 1
            if self.back:
                index = count - 1 - index  # the back of a folded screen shows its panels in reverse
            if 0 <= index < count:
                return Box(self.width * index / count, 0.0, self.width / count, self.height)
            self.element_error(element, ("panel",), f"panel {panel} is not one of the {count} panels")
        return Box(0.0, 0.0, self.width, self.height)

    def length(self, element: Element, key: str, frame: Box, default: str | float | None = None) -> float:
        """Return an element length in points, resolved against its frame (component coordinates)."""
        value = element.attrs.get(key, default)
        if value is None:
            return 0.0
        reference = frame.width if key in K.X_LENGTHS else frame.height if key in K.Y_LENGTHS else min(
            frame.width, frame.height)
        if isinstance(value, str):
            value = self._length_from_template(element, key, value)
        if not isinstance(value, Length):
            value = Length(points=parse_length(value)) if not str(value).endswith("%") else Length(
                fraction=parse_length(value, 1.0))
        points = value.resolve(reference)
        if key in ("x", "cx", "x1", "x2"):
            points += frame.x
        elif key in ("y", "cy", "y1", "y2"):
            points += frame.y
        return points

    def _length_from_template(self, element: Element, key: str, template: str) -> Length:
        """Resolve a length holding {field}."""
        text = substitute(template, self.fields)
        try:
            length = parse_length_value(key, text)  # the same types and ranges as a value in layouts.toml
            return length if isinstance(length, Length) else Length()
        except PlayproofError as exc:
            column = next(iter(sorted(fields_in(template))), None)
            self.c.problems.error(self.where(column), f"{element.where}: {key}: {exc}")
            return Length()

    def box(self, element: Element) -> Box:
        """Return an element's box (x, y, width, height; width/height default to the frame)."""
        fixed = not isinstance(self.layout.cells, str) and not element.box_uses_fields
        key = (id(element), self.back)
        if fixed and key in self.c.boxes:
            return self.c.boxes[key]
        box = self._box(element)
        if fixed:
            self.c.boxes[key] = box
        return box

    def _box(self, element: Element) -> Box:
        """Compute an element's box."""
        frame = self.frame(element)
        return Box(self.length(element, "x", frame, "0mm"), self.length(element, "y", frame, "0mm"),
                   self.length(element, "width", frame, "100%"), self.length(element, "height", frame, "100%"))

    def style(self, element: Element, side_default_stroke: bool = False) -> Style:
        """Return an element's paint."""
        frame = self.frame(element)
        gradient = self.gradient(element.attrs.get("fill"), element)
        fill = None if gradient else self.colour(element.attrs.get("fill"), element)
        stroke = self.colour(element.attrs.get("stroke", "#000000" if side_default_stroke else None), element)
        width = self.length(element, "stroke_width", frame, "0.5pt") if stroke else 0.0
        dash = element.attrs.get("dash")
        pattern = tuple(parse_length(d) for d in dash) if isinstance(dash, list) and dash else None
        return Style(None if fill == "none" else fill, None if stroke == "none" else stroke, width, pattern,
                     self.opacity(element), gradient)

    def gradient(self, value: Any, element: Element) -> Gradient | None:
        """Return a `linear-gradient(...)` fill with fields substituted, reporting a bad one; else None."""
        if not isinstance(value, str) or not is_gradient(text := substitute(value, self.fields)):
            return None
        try:
            return parse_gradient(text)
        except PlayproofError as exc:
            self.element_error(element, ("fill",), f"fill: {exc}")
            return None

    def opacity(self, element: Element) -> float:
        """Return an element's opacity (0..1; 1 when not given), reporting one from a field that is not."""
        value = element.attrs.get("opacity")
        if value is None:
            return 1.0
        text = substitute(str(value), self.fields)
        try:
            number = float(text) if text.strip() else 1.0
        except ValueError:
            number = math.nan
        if not 0.0 <= number <= 1.0:
            self.element_error(element, ("opacity",), f'opacity "{text}" must be a number from 0 to 1')
            return 1.0
        return number

    def warn_outside_safe(self, element: Element, ink: Callable[[], Box], box: Box | None = None) -> None:
        """Warn when text or an image reaches outside the safe zone (it may be cut off).

        When the element's whole box is inside, so is what it draws: that answer is kept per box.
        """
        safe = self.layout.safe
        if box is not None and not isinstance(self.layout.cells, str):
            key = (id(element), self.back, id(self.layout)) if not element.box_uses_fields else (
                box, self.back, id(self.layout))
            inside = self.c.safe_boxes.get(key)
            if inside is None:
                inside = self.c.safe_boxes[key] = _inside_safe(self.outline, box, safe)
            if inside:
                return
        if _inside_safe(self.outline, ink(), safe):
            return
        self.c.problems.warn(self.where(), f"{element.where} ({element.type}) reaches outside the safe zone "
                                           f"({to_mm(safe):.1f} mm inside the cut line)")


def _inside_safe(outline: Outline, ink: Box, safe: float) -> bool:
    """Return whether a box lies inside the outline inset by the safe distance."""
    corners = [(ink.x, ink.y), (ink.right, ink.y), (ink.x, ink.bottom), (ink.right, ink.bottom)]
    if outline.kind == "circle":
        centre = outline.width / 2
        return all(math.hypot(x - centre, y - centre) <= centre - safe + mm(0.05) for x, y in corners)
    if outline.kind == "polygon":
        return all(_inside_loops(outline.loops, x, y, safe) for x, y in corners)
    trim = Box(safe, safe, outline.width - 2 * safe, outline.height - 2 * safe)
    return trim.contains(ink, tolerance=mm(0.05))


def _inside_loops(loops: tuple[tuple[tuple[float, float], ...], ...], x: float, y: float, margin: float) -> bool:
    """Return whether a point is inside the loops and at least margin from every edge."""
    inside = False
    nearest = math.inf
    for loop in loops:
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
            nearest = min(nearest, _segment_distance(x, y, x1, y1, x2, y2))
    return inside and nearest >= margin - mm(0.05)


def _segment_distance(px: float, py: float, x1: float, y1: float, x2: float, y2: float) -> float:
    """Return the distance from a point to a segment."""
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


__all__ = ["ComposeState", "Context", "geometry"]
