"""One composer per element type: turn an element and a row's fields into drawing operations."""

from __future__ import annotations

import math
import re
from typing import Callable

from playproof.errors import Location, PlayproofError, Problems
from playproof.layouts.assets import Asset
from playproof.layouts.context import Context
from playproof.layouts.elements import Element, Length, substitute
from playproof.layouts.fonts import DEFAULT_FAMILY, Family
from playproof.layouts.geometry import Box
from playproof.layouts.schema import MAX_SIDES, MAX_TABLE_COLUMNS, MAX_TABLE_ROWS
from playproof.layouts.scene import (CircleOp, ImageOp, LineOp, Op, PolygonOp, RectOp, RotatedOp, Style, TableOp,
                                     TextOp)
from playproof.layouts.text import PlainText, TextBlock, parse_text
from playproof.records import FrozenRecord, SET
from playproof.units import parse_length, to_mm

DEFAULT_SIZE = 10.0
DEFAULT_MIN_SIZE = 6.0
_ICON_TOKEN = re.compile(r":([A-Za-z0-9_\-]+):")


def _column(element: Element, key: str) -> str | None:
    """Return the first field a template attribute uses (the column named in problems)."""
    return element.first_fields.get(key)


def family_of(ctx: Context, element: Element) -> Family:
    """Return the element's font family (aliases from the set's `fonts` table resolved)."""
    name = str(element.attrs.get("font", ctx.layout.fonts.get("body", DEFAULT_FAMILY)))
    name = ctx.layout.fonts.get(name, name)
    try:
        return ctx.c.fonts.family(name)
    except PlayproofError as exc:
        ctx.layout_error(element, str(exc))
        return ctx.c.fonts.family(DEFAULT_FAMILY)


def _font_size(ctx: Context, element: Element, key: str, default: float) -> float:
    """Return a font size in points."""
    value = element.attrs.get(key)
    if value is None:
        return default
    size = ctx.length(element, key, Box(0, 0, 1, 1)) if not isinstance(value, Length) else value.points
    return size if size > 0 else default  # a bad size from a field is reported where it is read


class TextStyle(FrozenRecord):
    """An element's font family, size, smallest size and line spacing."""

    __slots__ = ("family", "size", "min_size", "line_height")
    family: Family
    size: float
    min_size: float
    line_height: float

    def __init__(self, family: Family, size: float, min_size: float, line_height: float) -> None:
        SET(self, "family", family)
        SET(self, "size", size)
        SET(self, "min_size", min_size)
        SET(self, "line_height", line_height)


_STYLE_KEYS = ("font", "size", "min_size", "line_height")


def text_style(ctx: Context, element: Element) -> TextStyle:
    """Return an element's text style (worked out once per element unless it comes from fields)."""
    key = (id(ctx.layout), id(element))
    style = ctx.c.text_styles.get(key)  # only a style from no field is kept
    if style is not None:
        return style
    size = _font_size(ctx, element, "size", DEFAULT_SIZE)
    min_size = _font_size(ctx, element, "min_size", min(size, DEFAULT_MIN_SIZE))
    style = TextStyle(family_of(ctx, element), size, min_size, float(element.attrs.get("line_height", 1.2)))
    if not any(k in element.first_fields for k in _STYLE_KEYS):
        ctx.c.text_styles[key] = style
    return style


def fitted_text(ctx: Context, element: Element, text: str, box: Box, column: str | None,
                align: str = "left", valign: str = "top") -> TextOp | None:
    """Fit rich text into a box; report overflow, unknown icons and missing glyphs."""
    style = text_style(ctx, element)
    size, min_size = style.size, style.min_size
    fit = element.attrs.get("fit", "shrink")
    if fit == "none":  # a fixed size: never shrunk, an overflow is warned about
        min_size = size
    elif fit == "set":  # every card of the set at the size the most crowded card needed
        size = min(size, set_text_size(ctx, element))
    block = _laid_out(ctx, text, box, column, TextStyle(style.family, size, min_size, style.line_height), fit)
    return TextOp(box, block, align, valign, *_text_paint(ctx, element, box))


def _laid_out(ctx: Context, text: str, box: Box, column: str | None, style: TextStyle, fit: str) -> TextBlock:
    """Lay text out at the largest size that fits; report unknown icons, missing glyphs and an overflow."""
    assets = ctx.c.assets
    for name in _ICON_TOKEN.findall(text) if ":" in text else ():
        if not assets.is_icon(name):
            ctx.c.problems.warn(ctx.where(column), f":{name}: is not an icon (no assets/{name}.svg, .png or .jpg); "
                                                   "printed as text")
    family = style.family
    words = parse_text(text, assets.is_icon)
    block = ctx.c.typesetter.fit(words, family, style.size, style.min_size, box.width, box.height, style.line_height)
    if isinstance(words, PlainText):  # one style: check the whole text at once
        _report_glyphs(ctx, text, family.bold if words.bold else family.regular, column)
    else:
        _check_glyphs(ctx, block, column)
    if not block.fits:
        over = max(block.height - box.height, block.width - box.width)
        at = (f'at its size {block.size:g} pt (fit = "none" never shrinks it)' if fit == "none"
              else f"even at the minimum size {block.size:g} pt")
        ctx.c.problems.warn(ctx.where(column), f"text overflows its box by {to_mm(over):.1f} mm {at}")
    return block


def _text_paint(ctx: Context, element: Element, box: Box) -> tuple[str, str | None, float, str | None, float]:
    """Return a text's colour, outline colour, outline width, shadow colour and opacity."""
    colour = ctx.colour(element.attrs.get("colour", "#000000"), element) or "#000000"
    outline = ctx.colour(element.attrs.get("outline"), element)
    shadow = ctx.colour(element.attrs.get("shadow"), element)
    width = ctx.length(element, "outline_width", box, "0.5pt") if outline else 0.0
    return (colour, None if outline == "none" else outline, width, None if shadow == "none" else shadow,
            ctx.opacity(element))


class TextPlan(FrozenRecord):
    """What a text element draws the same on every card when only its text comes from fields."""

    __slots__ = ("box", "align", "valign", "column", "style", "fit", "paint", "angle")
    box: Box
    align: str
    valign: str
    column: str | None
    style: TextStyle
    fit: str
    paint: tuple[str, str | None, float, str | None, float]
    angle: float

    def __init__(self, box: Box, align: str, valign: str, column: str | None, style: TextStyle, fit: str,
                 paint: tuple[str, str | None, float, str | None, float], angle: float) -> None:
        SET(self, "box", box)
        SET(self, "align", align)
        SET(self, "valign", valign)
        SET(self, "column", column)
        SET(self, "style", style)
        SET(self, "fit", fit)
        SET(self, "paint", paint)
        SET(self, "angle", angle)


def text_plan(ctx: Context, element: Element) -> TextPlan | None:
    """Return a text element's plan, worked out once per set and side; None when more than its text comes from
    fields, its hex cells change per row, its size is shared by the set, or working it out reports a problem
    (then every card works it out as it draws, and the problem is reported as it always is)."""
    key = (id(ctx.layout), id(element), ctx.back)
    plans = ctx.c.text_plans
    if key in plans:
        return plans[key]
    plan = None
    attrs = element.attrs
    fit = str(attrs.get("fit", "shrink"))
    align, valign = str(attrs.get("align", "left")), str(attrs.get("valign", "top"))
    if (set(element.first_fields) <= {"text"} and not isinstance(ctx.layout.cells, str) and fit != "set"
            and align in ("left", "center", "right") and valign in ("top", "middle", "bottom")):
        c = ctx.c
        kept = c.problems, c.reported, dict(ctx.frames), dict(c.boxes), dict(c.text_styles)
        c.problems, c.reported = Problems(), set(c.reported)  # a dry run: nothing it finds is kept
        try:
            box = ctx.box(element)
            style = text_style(ctx, element)
            if fit == "none":
                style = TextStyle(style.family, style.size, style.size, style.line_height)
            plan = TextPlan(box, align, valign, _column(element, "text"), style, fit, _text_paint(ctx, element, box),
                            rotation(ctx, element))
            if c.problems.items:  # what was worked out on the way is forgotten too: the card reports it
                plan = None
                ctx.frames, c.boxes, c.text_styles = kept[2:]
        finally:
            c.problems, c.reported = kept[:2]
    plans[key] = plan
    return plan


def set_text_size(ctx: Context, element: Element) -> float:
    """Return the smallest size a `fit = "set"` text shrinks to on any card of the set (worked out once)."""
    key = (id(ctx.layout), id(element), ctx.back)
    sizes = ctx.c.set_sizes
    if key not in sizes:
        found = [math.inf]
        for row in ctx.cset.rows:
            other = Context(ctx.c, ctx.layout, ctx.cset, row, ctx.back)
            if element.condition is None or element.condition.holds(other.fields):
                found.append(fitted_size(other, element))
        sizes[key] = min(found)
    return sizes[key]


def fitted_size(ctx: Context, element: Element) -> float:
    """Return the size a text element's text shrinks to on one card (inf when it draws nothing)."""
    text = substitute(str(element.attrs.get("text", "")), ctx.fields)
    if not text.strip():
        return math.inf
    style = text_style(ctx, element)
    box = ctx.box(element)
    words = parse_text(text, ctx.c.assets.is_icon)
    block = ctx.c.typesetter.fit(words, style.family, style.size, style.min_size, box.width, box.height,
                                 style.line_height)
    return block.size


def _check_glyphs(ctx: Context, block: TextBlock, column: str | None) -> None:
    """Report characters the font cannot print (they would come out as boxes)."""
    for line in block.lines:
        for placed in line.pieces:
            if placed.font is None:
                continue
            _report_glyphs(ctx, placed.piece.text, placed.font, column)


def _report_glyphs(ctx: Context, text: str, font: str, column: str | None) -> None:
    """Warn about each character of text the font has no glyph for."""
    for char in ctx.c.fonts.missing_glyphs(text, font):
        ctx.c.problems.warn(ctx.where(column), f'the font {font} has no glyph for "{char}" '
                                               f"(U+{ord(char):04X}); add a font that has it to fonts/")


def draw_text(ctx: Context, element: Element) -> list[Op]:
    """Compose a text element."""
    text = substitute(str(element.attrs.get("text", "")), ctx.fields)
    if not text.strip():
        return []
    plan = text_plan(ctx, element)
    if plan is not None:
        box, angle = plan.box, plan.angle
        block = _laid_out(ctx, text, box, plan.column, plan.style, plan.fit)
        op = TextOp(box, block, plan.align, plan.valign, *plan.paint)
        if block.fits:
            ctx.warn_outside_safe(element, lambda: rotated_bounds(op.ink_box(), angle, box), None if angle else box)
        return [RotatedOp(op, angle, box.x + box.width / 2, box.y + box.height / 2) if angle else op]
    align = str(element.attrs.get("align", "left"))
    valign = str(element.attrs.get("valign", "top"))
    if align not in ("left", "center", "right") or valign not in ("top", "middle", "bottom"):
        ctx.c.problems.error(ctx.where(), f"{element.where}: align must be left, center or right and valign "
                                          "top, middle or bottom")
        align, valign = "left", "top"
    box = ctx.box(element)
    op = fitted_text(ctx, element, text, box, _column(element, "text"), align, valign)
    if op is None:
        return []
    angle = rotation(ctx, element)
    if op.block.fits:  # an overflow was reported already; one warning per problem
        ctx.warn_outside_safe(element, lambda: rotated_bounds(op.ink_box(), angle, box), None if angle else box)
    return [RotatedOp(op, angle, box.x + box.width / 2, box.y + box.height / 2) if angle else op]


def rotation(ctx: Context, element: Element) -> float:
    """Return an element's clockwise rotation in degrees (0 when none or not a number)."""
    value = element.attrs.get("rotation")
    if value is None:
        return 0.0
    text = substitute(str(value), ctx.fields)
    try:
        return float(text) if text.strip() else 0.0
    except ValueError:
        ctx.element_error(element, ("rotation",), f'rotation "{text}" must be a number of degrees')
        return 0.0


def rotated_bounds(inner: Box, angle: float, about: Box) -> Box:
    """Return the box covering `inner` turned by angle degrees about the centre of `about`."""
    if not angle:
        return inner
    cx, cy = about.x + about.width / 2, about.y + about.height / 2
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = [(x - cx, y - cy) for x in (inner.x, inner.right) for y in (inner.y, inner.bottom)]
    xs = [cx + x * cos - y * sin for x, y in corners]
    ys = [cy + x * sin + y * cos for x, y in corners]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def draw_rect(ctx: Context, element: Element) -> list[Op]:
    """Compose a (rounded) rectangle."""
    style = _paint(ctx, element)
    return [RectOp(ctx.box(element), ctx.length(element, "radius", ctx.frame(element), "0mm"), style)]


def _paint(ctx: Context, element: Element) -> Style:
    """Return a shape's paint; with neither fill nor stroke given it is outlined in black."""
    outlined = "fill" not in element.attrs and "stroke" not in element.attrs
    return ctx.style(element, side_default_stroke=outlined)


def draw_circle(ctx: Context, element: Element) -> list[Op]:
    """Compose a circle from cx, cy, r or from its bounding box."""
    frame = ctx.frame(element)
    if "r" in element.attrs:
        cx = ctx.length(element, "cx", frame, "50%")
        cy = ctx.length(element, "cy", frame, "50%")
        r = ctx.length(element, "r", frame)
    else:
        box = ctx.box(element)
        cx, cy, r = box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2
    return [CircleOp(cx, cy, r, _paint(ctx, element))]


def draw_line(ctx: Context, element: Element) -> list[Op]:
    """Compose a straight line."""
    frame = ctx.frame(element)
    ends = [ctx.length(element, key, frame) for key in ("x1", "y1", "x2", "y2")]
    return [LineOp(*ends, ctx.style(element, side_default_stroke=True))]


def draw_polygon(ctx: Context, element: Element) -> list[Op]:
    """Compose a regular polygon (first corner at the top, turned by rotation degrees)."""
    frame = ctx.frame(element)
    cx = ctx.length(element, "cx", frame, "50%")
    cy = ctx.length(element, "cy", frame, "50%")
    r = ctx.length(element, "r", frame, "40%")
    try:
        sides = int(substitute(str(element.attrs.get("sides", 6)), ctx.fields))
        rotation = float(substitute(str(element.attrs.get("rotation", 0)), ctx.fields))
    except ValueError:
        ctx.element_error(element, ("sides", "rotation"), "sides must be a whole number and rotation a number of "
                                                          "degrees")
        return []
    if not 3 <= sides <= MAX_SIDES or not math.isfinite(rotation):
        ctx.element_error(element, ("sides", "rotation"), f"a polygon needs 3 to {MAX_SIDES} sides")
        return []
    corners = tuple(
        (cx + r * math.cos(math.radians(rotation - 90 + 360 * i / sides)),
         cy + r * math.sin(math.radians(rotation - 90 + 360 * i / sides)))
        for i in range(sides)
    )
    return [PolygonOp((corners,), _paint(ctx, element))]


def draw_image(ctx: Context, element: Element) -> list[Op]:
    """Compose an image fitted into its box (aspect kept, centred)."""
    name = substitute(str(element.attrs.get("src", "")), ctx.fields).strip()
    if not name:
        return []
    try:
        asset = ctx.c.assets.find(name)
    except PlayproofError as exc:
        ctx.c.problems.error(ctx.where(_column(element, "src")), str(exc))  # the file is broken, not the layout
        return []
    if asset is None:
        missing = f'image "{name}" not found in assets/'
        ctx.element_error(element, ("src",), f"src: {missing}", missing)
        return []
    box = ctx.box(element)
    fit = str(element.attrs.get("fit", "contain"))
    drawn = fitted_box(asset.width, asset.height, box, fit)
    angle = rotation(ctx, element)
    if not _is_art(ctx, element, box, fit):  # art that covers the card may run into the bleed on purpose
        ctx.warn_outside_safe(element, lambda: rotated_bounds(drawn if fit != "cover" else box, angle, box))
    if asset.kind == "raster":
        _warn_low_dpi(ctx, element, asset, drawn)
    image = ImageOp(asset, drawn, box if fit == "cover" else None, ctx.opacity(element))
    return [RotatedOp(image, angle, box.x + box.width / 2, box.y + box.height / 2) if angle else image]


LOW_DPI = 150
"""Below this many pixels per inch at printed size an image looks blurry on paper."""


def fitted_box(width: float, height: float, box: Box, fit: str) -> Box:
    """Return where an image of a size is drawn for a fit: contain (inside), cover (over) or stretch."""
    if fit == "stretch":
        return box
    pick = max if fit == "cover" else min
    scale = pick(box.width / width, box.height / height)
    w, h = width * scale, height * scale
    return Box(box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, w, h)


def _is_art(ctx: Context, element: Element, box: Box, fit: str) -> bool:
    """Return whether an image is art meant to cover the card (cover, full bleed or reaching the cut line)."""
    reaches_trim = box.x <= 0 or box.y <= 0 or box.right >= ctx.width or box.bottom >= ctx.height
    return fit == "cover" or element.attrs.get("bleed") is True or reaches_trim


def _warn_low_dpi(ctx: Context, element: Element, asset: Asset, drawn: Box) -> None:
    """Warn once per image and set when a raster image prints below LOW_DPI."""
    if drawn.width <= 0 or drawn.height <= 0:
        return
    dpi = min(asset.width / (drawn.width / 72), asset.height / (drawn.height / 72))
    key = (asset.path, ctx.layout.name)
    if dpi >= LOW_DPI or key in ctx.c.low_dpi:
        return
    ctx.c.low_dpi.add(key)
    column = _column(element, "src")  # an image named in layouts.toml is located there, one from a field at its cell
    where, prefix = (ctx.where(column), "") if column else (Location("layouts.toml"), f"{element.where}: ")
    need = f"{math.ceil(drawn.width / 72 * LOW_DPI)} x {math.ceil(drawn.height / 72 * LOW_DPI)}"
    ctx.c.problems.warn(where, f'{prefix}image "{asset.path.name}" in set "{ctx.layout.name}" prints at {dpi:.0f} '
                               f"dpi, below {LOW_DPI} dpi (it will look blurry); use an image of at least {need} "
                               "pixels")


_TABLE_KEYS = ("columns", "row_labels", "rows", "column_widths")


def draw_table(ctx: Context, element: Element) -> list[Op]:
    """Compose a score-sheet grid: a header row of column labels, optional row labels, empty cells."""
    box = ctx.box(element)
    columns = [substitute(str(c), ctx.fields) for c in _as_list(element.attrs.get("columns"))]
    labels = [substitute(str(c), ctx.fields) for c in _as_list(element.attrs.get("row_labels"))]
    try:
        rows = int(element.attrs.get("rows", len(labels)))
        widths = _column_widths(element, len(columns), box.width)
    except (ValueError, PlayproofError) as exc:
        ctx.element_error(element, _TABLE_KEYS, str(exc))
        return []
    if not columns or rows < 1 or rows > MAX_TABLE_ROWS or len(columns) > MAX_TABLE_COLUMNS:
        ctx.element_error(element, _TABLE_KEYS, "a table needs at least one column and one row")
        return []
    header = box.height / (rows + 1)
    if "header_height" in element.attrs:
        header = ctx.length(element, "header_height", ctx.frame(element))
    row_height = (box.height - header) / rows
    xs = tuple([box.x] + [box.x + sum(widths[: i + 1]) for i in range(len(widths))])
    ys = tuple([box.y, box.y + header] + [box.y + header + row_height * (i + 1) for i in range(rows)])
    pad = min(row_height, header) * 0.12
    cells = [_cell(ctx, element, label, Box(xs[i], ys[0], xs[i + 1] - xs[i], header), pad)
             for i, label in enumerate(columns)]
    cells += [_cell(ctx, element, label, Box(xs[0], ys[i + 1], xs[1] - xs[0], row_height), pad)
              for i, label in enumerate(labels[:rows])]
    header_fill = ctx.colour(element.attrs.get("header_fill"), element)
    style = ctx.style(element, side_default_stroke=True)
    ctx.warn_outside_safe(element, lambda: box)
    return [TableOp(xs, ys, header_fill, style, tuple(c for c in cells if c is not None))]


def _cell(ctx: Context, element: Element, label: str, box: Box, pad: float) -> TextOp | None:
    """Fit one label into a table cell."""
    if not label.strip():
        return None
    inner = Box(box.x + pad, box.y + pad, box.width - 2 * pad, box.height - 2 * pad)
    return fitted_text(ctx, element, label, inner, None, "center", "middle")


def _as_list(value: object) -> list[object]:
    """Return a list attribute (a single value becomes a one-item list)."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _column_widths(element: Element, count: int, total: float) -> list[float]:
    """Return column widths: given lengths or % of the table, the rest share what is left equally."""
    given = _as_list(element.attrs.get("column_widths"))
    if len(given) > count:
        raise PlayproofError(f"column_widths lists {len(given)} widths for {count} columns")
    widths = [parse_length(w, total) for w in given]
    rest = count - len(widths)
    left = total - sum(widths)
    if rest and left <= 0:
        raise PlayproofError("column_widths leave no room for the other columns")
    return widths + [left / rest] * rest if rest else widths


DRAWERS: dict[str, Callable[[Context, Element], list[Op]]] = {
    "text": draw_text,
    "rect": draw_rect,
    "circle": draw_circle,
    "line": draw_line,
    "polygon": draw_polygon,
    "image": draw_image,
    "table": draw_table,
}
