"""One SVG per component design and side (svgwrite), with the same text layout as the PDF.

Editable in Inkscape: one layer per part (background, art, text, guides); text names its font
by family, weight and style (DejaVu Sans bold, not "DejaVuSans-Bold") with an @font-face for
the copied font file, so rsvg, browsers and Inkscape draw the same face; SVG icons are inline.
"""

from __future__ import annotations

import base64
import functools
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Callable

import svgwrite

from playproof.errors import Problems
from playproof.layouts.assets import split_alpha
from playproof.layouts.compose import Composer
from playproof.layouts.geometry import Outline
from playproof.layouts.project import Project
from playproof.layouts.scene import (CircleOp, ImageOp, LineOp, PolygonOp, RectOp, RotatedOp, Scene, Style, TableOp,
                                     TextOp)
from playproof.layouts.spec import SetLayout
from playproof.output.atomic import atomic_path, write_bytes_atomic
from playproof.output.names import row_keys, set_slug
from playproof.units import to_mm

CUT_COLOUR = "#808080"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
SVG_NS = "{http://www.w3.org/2000/svg}"


def write_svgs(project: Project, layouts: list[SetLayout], composer: Composer, folder: Path,
               problems: Problems, rows: dict[str, Callable[[Any], bool]] | None = None) -> list[Path]:
    """Write DIR/<set>/<row>-front.svg (and -back.svg) for every design (of the rows chosen); return the files."""
    written: list[Path] = []
    fonts_used: set[str] = set()
    for layout in layouts:
        cset = project.component_set(layout)
        keys = row_keys(cset)
        chosen = (rows or {}).get(layout.name, lambda row: True)
        for row in (r for r in cset.rows if chosen(r)):
            for side_name, side in (("front", layout.front), ("back", layout.back)):
                if side is None:
                    continue
                scene = composer.scene(layout, side, cset, row, back=side_name == "back")
                target = folder / set_slug(layout.name) / f"{keys[row.row]}-{side_name}.svg"
                written.append(_write(scene, target, composer, fonts_used))
    _copy_fonts(composer, fonts_used, folder / "fonts")
    return written


def _write(scene: Scene, target: Path, composer: Composer, fonts_used: set[str]) -> Path:
    """Write one scene as an SVG file atomically."""
    b = scene.bleed
    width, height = scene.width + 2 * b, scene.height + 2 * b
    drawing = svgwrite.Drawing(size=(f"{to_mm(width):.3f}mm", f"{to_mm(height):.3f}mm"), debug=False)
    drawing.attribs["xmlns:inkscape"] = INKSCAPE
    drawing.viewbox(-b, -b, width, height)
    painter = _Painter(drawing, composer, fonts_used, target)
    clip = drawing.defs.add(drawing.clipPath(id="bleed"))
    clip.add(painter.outline(scene.bleed_outline, -b))
    parts = split_layers(scene)
    for name in ("background", "art", "text"):
        group = drawing.add(layer(drawing, name, clip_path="url(#bleed)"))
        for op in parts[name]:
            painter.draw(group, op)
    guides = drawing.add(layer(drawing, "guides", clip_path="url(#bleed)"))
    if scene.cut_line:
        guides.add(painter.outline(scene.outline, 0.0, Style(stroke=CUT_COLOUR, stroke_width=0.3)))
    for x in scene.fold_xs:
        guides.add(drawing.line((x, 0), (x, scene.height), stroke=CUT_COLOUR, stroke_width=0.4,
                                stroke_dasharray="3,2"))
    if painter.css:
        drawing.defs.add(drawing.style("".join(painter.css)))
    with atomic_path(target) as temporary:
        temporary.write_text(drawing.tostring(), encoding="utf-8")
    return target


def layer(drawing: Any, name: str, **attrs: Any) -> Any:
    """Return an Inkscape layer: a group with groupmode="layer" and a label."""
    group = drawing.g(id=f"layer-{name}", **attrs)
    group.attribs["inkscape:groupmode"] = "layer"
    group.attribs["inkscape:label"] = name
    return group


def split_layers(scene: Scene) -> dict[str, list[Any]]:
    """Split a scene's operations into background, art and text, each in drawing order."""
    parts: dict[str, list[Any]] = {"background": [], "art": [], "text": []}
    for index, op in enumerate(scene.ops):
        if index == 0 and _is_background(scene, op):
            parts["background"].append(op)
        else:
            parts["text" if _is_text(op) else "art"].append(op)
    return parts


def _is_text(op: Any) -> bool:
    """Return whether an operation draws text (a rotated text counts)."""
    return isinstance(op, (TextOp, TableOp)) or (isinstance(op, RotatedOp) and _is_text(op.op))


def _is_background(scene: Scene, op: Any) -> bool:
    """Return whether an operation is the side's background fill (it covers the whole bleed area)."""
    b = scene.bleed
    if isinstance(op, RectOp):
        box = op.box
        return (box.x, box.y) == (-b, -b) and abs(box.width - scene.width - 2 * b) < 1e-6 and not op.style.stroke
    if isinstance(op, PolygonOp):
        return op.loops == scene.bleed_outline.loops and not op.style.stroke
    if isinstance(op, CircleOp):
        return abs(op.r - scene.width / 2 - b) < 1e-6 and not op.style.stroke
    return False


@functools.lru_cache(maxsize=None)
def face_of(path: Path) -> tuple[str, str, str]:
    """Return a font file's family name, CSS weight and CSS style (from its name table and flags)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    info = TTFontFile(str(path))
    family = info.familyName.decode("utf-8", "replace") if isinstance(info.familyName, bytes) else str(info.familyName)
    style_name = (info.styleName.decode("utf-8", "replace") if isinstance(info.styleName, bytes)
                  else str(info.styleName)).lower()
    weight = "bold" if "bold" in style_name or "black" in style_name or "heavy" in style_name else "normal"
    style = "italic" if "italic" in style_name else "oblique" if "oblique" in style_name else "normal"
    return family, weight, style


def _copy_fonts(composer: Composer, fonts: set[str], folder: Path) -> None:
    """Copy the font files the SVGs reference (they use them through @font-face)."""
    folder.mkdir(parents=True, exist_ok=True)
    for font in fonts:
        source = composer.fonts.path(font)
        write_bytes_atomic(folder / source.name, source.read_bytes())


class _Painter:
    """Turns scene operations into svgwrite elements."""

    def __init__(self, drawing: Any, composer: Composer, fonts_used: set[str], target: Path) -> None:
        self.d = drawing
        self.c = composer
        self.fonts_used = fonts_used
        self.target = target
        self.faces: set[str] = set()
        self.css: list[str] = []

    def _use_font(self, font: str) -> tuple[str, str, str]:
        """Record a font, add its @font-face rule (the file is copied into svg/fonts/); return its face."""
        path = self.c.fonts.path(font)
        face = face_of(path)
        if font not in self.faces:
            self.faces.add(font)
            self.fonts_used.add(font)
            family, weight, style = face
            self.css.append(f"@font-face {{ font-family: '{family}'; font-weight: {weight}; font-style: {style}; "
                            f"src: url('../fonts/{path.name}'); }}\n")
        return face

    def draw(self, parent: Any, op: Any) -> None:
        """Add one operation to a parent group."""
        DRAW[type(op)](self, parent, op)

    def paint(self, style: Style) -> dict[str, Any]:
        """Return SVG paint attributes."""
        attrs: dict[str, Any] = {"fill": style.fill or "none"}
        if style.gradient is not None:
            attrs["fill"] = self.gradient(style.gradient)
        if style.opacity < 1.0:
            attrs["opacity"] = style.opacity
        if style.stroke:
            attrs.update(stroke=style.stroke, stroke_width=style.stroke_width)
            if style.dash:
                attrs["stroke_dasharray"] = ",".join(f"{d:g}" for d in style.dash)
        return attrs

    def gradient(self, gradient: Any) -> str:
        """Add a linearGradient (CSS angle over the shape's bounding box) and return its url(#id) reference."""
        sin, cos = math.sin(math.radians(gradient.angle)), math.cos(math.radians(gradient.angle))
        element = self.d.linearGradient((0.5 - sin / 2, 0.5 + cos / 2), (0.5 + sin / 2, 0.5 - cos / 2))
        for offset, colour in gradient.stops:
            rgb, alpha = split_alpha(colour)
            element.add_stop_color(offset, rgb, alpha)
        self.d.defs.add(element)
        return element.get_funciri()

    def outline(self, outline: Outline, offset: float, style: Style | None = None) -> Any:
        """Return an element for an outline (a clip path member or a cut line)."""
        attrs = self.paint(style) if style else {}
        if outline.kind == "circle":
            r = outline.width / 2
            return self.d.circle((offset + r, offset + r), r, **attrs)
        if outline.kind == "polygon":
            return self.d.path(d=_loops_path(outline.loops), fill_rule="nonzero", **attrs)
        return self.d.rect((offset, offset), (outline.width, outline.height), rx=outline.radius or None, **attrs)


def _loops_path(loops: tuple[tuple[tuple[float, float], ...], ...]) -> str:
    """Return SVG path data for closed loops."""
    return " ".join("M" + " L".join(f"{x:.3f},{y:.3f}" for x, y in loop) + " Z" for loop in loops)


def _rect(p: _Painter, parent: Any, op: RectOp) -> None:
    """Add a rectangle."""
    b = op.box
    parent.add(p.d.rect((b.x, b.y), (b.width, b.height), rx=op.radius or None, **p.paint(op.style)))


def _circle(p: _Painter, parent: Any, op: CircleOp) -> None:
    """Add a circle."""
    parent.add(p.d.circle((op.cx, op.cy), op.r, **p.paint(op.style)))


def _line(p: _Painter, parent: Any, op: LineOp) -> None:
    """Add a line."""
    parent.add(p.d.line((op.x1, op.y1), (op.x2, op.y2), **p.paint(op.style)))


def _polygon(p: _Painter, parent: Any, op: PolygonOp) -> None:
    """Add polygon loops."""
    parent.add(p.d.path(d=_loops_path(op.loops), **p.paint(op.style)))


def _text(p: _Painter, parent: Any, op: TextOp) -> None:
    """Add laid-out text: one <text> per run, positioned exactly as in the PDF; overflowing text is clipped."""
    size = op.block.size
    if not op.block.fits:  # as in the PDF: the text that overflows its box (warned about) is cut at the box
        clip = p.d.defs.add(p.d.clipPath())
        clip.add(p.d.rect((op.box.x, op.box.y), (op.box.width, op.box.height)))
        parent = parent.add(p.d.g(clip_path=clip.get_funciri()))
    for (x, baseline), line in zip(op.line_origins(), op.block.lines):
        for placed in line.pieces:
            if placed.font is None:
                asset = p.c.assets.find(placed.piece.text)
                if asset is not None:
                    h = placed.width / asset.aspect
                    _image(p, parent, ImageOp(asset, _box(x + placed.dx, baseline - h, placed.width, h)))
                continue
            family, weight, style = p._use_font(placed.font)
            font = {"font_family": f"'{family}'", "font_weight": weight, "font_style": style, "font_size": size}
            effects: dict[str, Any] = {"opacity": op.opacity} if op.opacity < 1.0 else {}
            if op.shadow:  # offset right and down by 7 % of the size, as in the PDF
                shift = size * 0.07
                parent.add(p.d.text(placed.piece.text, insert=(x + placed.dx + shift, baseline + shift), **font,
                                    fill=op.shadow, **effects, **{"xml:space": "preserve"}))
            if op.outline:  # the outline is drawn under the letters, as in the PDF
                effects.update(stroke=op.outline, stroke_width=op.outline_width * 2, paint_order="stroke",
                               stroke_linejoin="round")
            parent.add(p.d.text(placed.piece.text, insert=(x + placed.dx, baseline), **font, fill=op.colour,
                                **effects, **{"xml:space": "preserve"}))


def _box(x: float, y: float, w: float, h: float) -> Any:
    """Return a Box (imported lazily to keep the module's imports short)."""
    from playproof.layouts.geometry import Box

    return Box(x, y, w, h)


def _image(p: _Painter, parent: Any, op: ImageOp) -> None:
    """Add an image: an SVG icon inline (a nested <svg>), a bitmap embedded as a data URI."""
    suffix = op.asset.path.suffix.lower()
    b = op.box
    effects: dict[str, Any] = {"opacity": op.opacity} if op.opacity < 1.0 else {}
    if op.clip is not None:  # fit = "cover": the image is clipped to its element's box
        clip = p.d.defs.add(p.d.clipPath())
        clip.add(p.d.rect((op.clip.x, op.clip.y), (op.clip.width, op.clip.height)))
        effects["clip_path"] = clip.get_funciri()
    if suffix == ".svg":  # an icon inline, in a group carrying its opacity and clip
        group = parent.add(p.d.g(**effects)) if effects else parent
        group.add(_Inline(_icon(op.asset.path), b.x, b.y, b.width, b.height))
        return
    mime = {".png": "image/png"}.get(suffix, "image/jpeg")
    data = base64.b64encode(op.asset.path.read_bytes()).decode("ascii")
    parent.add(p.d.image(f"data:{mime};base64,{data}", insert=(b.x, b.y), size=(b.width, b.height),
                         preserveAspectRatio="none", **effects))


@functools.lru_cache(maxsize=64)
def _icon(path: Path) -> bytes:
    """Return an SVG file's root element serialized without namespace prefixes (parsed once)."""
    root = ET.fromstring(path.read_bytes())
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.startswith(SVG_NS):
            element.tag = element.tag[len(SVG_NS):]
    return ET.tostring(root)


class _Inline:
    """An SVG icon placed as a nested <svg> filling a box (svgwrite calls get_xml)."""

    def __init__(self, data: bytes, x: float, y: float, width: float, height: float) -> None:
        self.data, self.box = data, (x, y, width, height)

    def get_xml(self) -> ET.Element:
        """Return the nested <svg> element positioned in the box."""
        root = ET.fromstring(self.data)
        if root.get("viewBox") is None and root.get("width") and root.get("height"):
            root.set("viewBox", f"0 0 {_number(root.get('width'))} {_number(root.get('height'))}")
        x, y, width, height = self.box
        root.attrib.update(x=f"{x:.3f}", y=f"{y:.3f}", width=f"{width:.3f}", height=f"{height:.3f}",
                           preserveAspectRatio="none")
        root.attrib.pop("xmlns", None)
        return root


def _number(value: str | None) -> str:
    """Return the number part of a length ("10px" -> "10")."""
    return "".join(c for c in (value or "0") if c.isdigit() or c in ".-") or "0"


def _rotated(p: _Painter, parent: Any, op: RotatedOp) -> None:
    """Add an operation turned clockwise about a point."""
    group = parent.add(p.d.g(transform=f"rotate({op.angle:g} {op.cx:.3f} {op.cy:.3f})"))
    p.draw(group, op.op)


def _table(p: _Painter, parent: Any, op: TableOp) -> None:
    """Add a score-sheet grid."""
    left, right, top, bottom = op.xs[0], op.xs[-1], op.ys[0], op.ys[-1]
    if op.header_fill:
        parent.add(p.d.rect((left, top), (right - left, op.ys[1] - top), fill=op.header_fill))
    stroke = {"stroke": op.style.stroke or "#000000", "stroke_width": op.style.stroke_width or 0.5}
    for x in op.xs:
        parent.add(p.d.line((x, top), (x, bottom), **stroke))
    for y in op.ys:
        parent.add(p.d.line((left, y), (right, y), **stroke))
    for cell in op.cells:
        _text(p, parent, cell)


DRAW: dict[type, Callable[[_Painter, Any, Any], None]] = {
    RectOp: _rect,
    CircleOp: _circle,
    LineOp: _line,
    PolygonOp: _polygon,
    TextOp: _text,
    ImageOp: _image,
    TableOp: _table,
    RotatedOp: _rotated,
}
