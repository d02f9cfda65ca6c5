"""Draw an imposition plan into a vector PDF with reportlab, one page at a time (pages are streamed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from playproof.layouts.assets import Asset, Assets, split_alpha
from playproof.layouts.fonts import BUNDLED, DEFAULT_FAMILY, register
from playproof.layouts.geometry import Box
from playproof.layouts.imposition import Mark, PagePlan, Slot, SlotRun
from playproof.layouts.scene import (CircleOp, ImageOp, LineOp, PolygonOp, RectOp, RotatedOp, Scene, Style, TableOp,
                                     TextOp)
from playproof.output.calibration import draw_calibration
from playproof.output.metadata import DocumentInfo, stamp_canvas, titled
from playproof.output.pdfforms import form_renderer
from playproof.output.pdfshapes import (draw_circle, draw_line, draw_polygon, draw_rect, fill_shape, outline_path,
                                        paint)
from playproof.output.pdftext import TextShower
from playproof.units import mm

rl_config.useA85 = 0  # no pure-Python ASCII85 pass on save: 4-5x faster saves, smaller files
CUT_COLOUR = "#808080"
OVERLAP_LABELS = {"cut": "cut here", "glue": "glue here"}  # tiled parts: the overlap's two guides
SEAM = 0.2  # points: neighbours sharing a cut line overlap this much, so no hairline gap shows between them
SceneFor = Callable[[Slot], Scene | None]


class PdfWriter:
    """Writes pages of a plan to a reportlab canvas; images and SVG icons are embedded once."""

    def __init__(self, path: Path, assets: Assets, title: str | DocumentInfo, margin: float) -> None:
        register(DEFAULT_FAMILY, BUNDLED / f"{DEFAULT_FAMILY}.ttf")  # footers and calibration text
        # Every page starts in the bundled (embedded) font: reportlab's default Helvetica is never
        # embedded, and print-shop preflight rejects a PDF that names a font it does not embed.
        self.canvas = Canvas(str(path), pagesize=(mm(210), mm(297)), invariant=1,
                             initialFontName=DEFAULT_FAMILY, initialFontSize=7)
        stamp_canvas(self.canvas, title if isinstance(title, DocumentInfo) else titled(title))
        self.shower = TextShower(self.canvas)
        self.assets = assets
        self.margin = margin
        self.forms: dict[Path, str] = {}
        self._colours: dict[str, Any] = {}
        self._rgb: dict[str, tuple[float, float, float]] = {}
        self.bookmarks: set[str] = set()
        self.height = 0.0
        self.replays: dict[int, tuple[Scene, list[str], list[str]]] = {}
        self.frames: dict[tuple[Any, ...], tuple[Box, Box, list[str], tuple[float, ...]]] = {}
        self.images: dict[int, tuple[ImageOp, list[str], list[str]]] = {}
        self.mark_lines: dict[tuple[int, float], tuple[tuple[Mark, ...], dict[str, list[str]]]] = {}

    def colour(self, hex_colour: str) -> Any:
        """Return a reportlab colour for "#rrggbb" (cached)."""
        colour = self._colours.get(hex_colour)
        if colour is None:
            colour = self._colours[hex_colour] = HexColor(hex_colour)
        return colour

    def rgb(self, hex_colour: str) -> tuple[float, float, float]:
        """Return the red, green, blue parts (0..1) of "#rrggbb" (cached)."""
        parts = self._rgb.get(hex_colour)
        if parts is None:
            colour = self.colour(hex_colour)
            parts = self._rgb[hex_colour] = (colour.red, colour.green, colour.blue)
        return parts

    def page(self, page: PagePlan, scene_for: SceneFor, footer: str, back_offset: tuple[float, float]) -> None:
        """Draw one page: every slot's scene, the marks, the footer; then start the next page."""
        c = self.canvas
        c.setPageSize((page.width, page.height))
        self.height = page.height
        _page_boxes(c, page)
        self.outline_entry(page)
        if page.kind == "calibration":
            draw_calibration(self, page, back_offset)
        slots = list(page.slots)
        scenes = [scene_for(slot) for slot in slots]  # composed, then drawn: each loop's work stays warm (5 % faster)
        for slot, scene in zip(slots, scenes):
            if scene is not None:
                self.slot(slot, scene)
        self.marks(page.marks)
        if footer:
            self.footer(page, footer)
        c.showPage()

    def outline_entry(self, page: PagePlan) -> None:
        """Add a PDF bookmark at the first page of each set (and of the calibration sheet)."""
        for index, title in enumerate(outline_titles(page)):
            if title is None or title in self.bookmarks:
                continue
            key = f"page{page.number}-{index}"  # one destination per entry: reportlab keys entries by it
            self.canvas.bookmarkPage(key)
            self.canvas.addOutlineEntry(title, key, level=0)
            self.bookmarks.add(title)

    def slot(self, slot: Slot, scene: Scene) -> None:
        """Draw one component side clipped to its art box, in component coordinates (y down)."""
        c = self.canvas
        c.saveState()
        self._slot_frame(slot, scene)
        if scene.bleed_outline.kind != "rect":
            path = c.beginPath()
            outline_path(path, scene.bleed_outline, -scene.bleed)
            c.clipPath(path, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        self.ops(scene)
        self._cut_line(scene, slot.side)
        c.restoreState()
        if scene.fold_xs:
            self._fold_ticks(slot, scene)

    def _slot_frame(self, slot: Slot, scene: Scene) -> None:
        """Clip to a slot's art box and move to its design's coordinates.

        A grid's slots share their cell's boxes on every page: the operators are worked out once per cell and
        design size, and written again.
        """
        c = self.canvas
        key = (id(slot.art), id(slot.trim), slot.origin, slot.rotation, slot.mirrored, slot.part is None,
               scene.width, scene.height, self.height, c._currentMatrix)
        kept = self.frames.get(key)
        if kept is not None and kept[0] is slot.art and kept[1] is slot.trim:
            c._code.extend(kept[2])
            c._currentMatrix = kept[3]
            return
        start = len(c._code)
        art = slot.art.grow(SEAM, SEAM, SEAM, SEAM)
        clip = c.beginPath()
        clip.rect(art.x, self.height - art.bottom, art.width, art.height)
        c.clipPath(clip, stroke=0, fill=0)
        c.transform(*design_matrix(slot, scene, self.height))
        if len(self.frames) >= self.REPLAYS:
            self.frames.clear()
        self.frames[key] = (slot.art, slot.trim, c._code[start:], c._currentMatrix)

    REPLAYS = 512
    """The most scenes whose PDF operators are kept for drawing them again."""

    def ops(self, scene: Scene) -> None:
        """Draw a scene's ops (in component coordinates).

        A scene drawn again (a back every copy shares, a design with several copies) has the PDF
        operators of its first drawing written again instead of being drawn op by op: they are
        the same, because an opaque scene's operators depend on nothing but the scene. Scenes with
        translucent paint are always drawn (reportlab writes alpha only when it changes).
        """
        c = self.canvas
        kept = self.replays.get(id(scene))
        if kept is not None and kept[0] is scene:
            c._code.extend(kept[1])
            c._formsinuse.extend(kept[2])  # the SVG forms and images the page's resources must name
            return
        code, forms = len(c._code), len(c._formsinuse)
        for op in scene.ops:
            DRAW[type(op)](self, op)
        if all(_replayable(op) for op in scene.ops):
            if len(self.replays) >= self.REPLAYS:
                self.replays.clear()
            self.replays[id(scene)] = (scene, c._code[code:], c._formsinuse[forms:])

    def image(self, op: ImageOp) -> None:
        """Draw an image op; one drawn before (a set's icon, a suit's) has its operators written again.

        An image is drawn in a graphics state of its own (q ... Q), so its operators depend on nothing but the op.
        """
        c = self.canvas
        kept = self.images.get(id(op))
        if kept is not None and kept[0] is op:
            c._code.extend(kept[1])
            c._formsinuse.extend(kept[2])
            return
        code, forms = len(c._code), len(c._formsinuse)
        _image(self, op)
        if op.opacity >= 1.0:
            if len(self.images) >= self.REPLAYS:
                self.images.clear()
            self.images[id(op)] = (op, c._code[code:], c._formsinuse[forms:])

    def _cut_line(self, scene: Scene, side: str) -> None:
        """Draw the cut line along a shaped outline; only on fronts, where the piece is cut from."""
        c = self.canvas
        if scene.cut_line and side == "front":
            c.setStrokeColor(self.colour(CUT_COLOUR))
            c.setLineWidth(0.3)
            c.setDash()
            path = c.beginPath()
            outline_path(path, scene.outline, 0.0)
            c.drawPath(path, stroke=1, fill=0)

    def _fold_ticks(self, slot: Slot, scene: Scene) -> None:
        """Mark a screen's folds with ticks above and below it, outside the art (never dashed through it)."""
        c = self.canvas
        c.saveState()
        c.transform(*design_matrix(slot, scene, self.height))
        c.setStrokeColor(self.colour("#000000"))
        c.setLineWidth(0.4)
        c.setDash(1.5, 1)
        start, end = scene.bleed + mm(1), scene.bleed + mm(3)
        c.lines([(x, y0, x, y1) for x in scene.fold_xs
                 for y0, y1 in ((-start, -end), (scene.height + start, scene.height + end))])
        c.restoreState()

    def marks(self, marks: tuple[Mark, ...]) -> None:
        """Draw crop marks, alignment crosshairs and fold lines (page coordinates).

        A grid's pages share their marks: the operators drawing each kind's lines are written once and again.
        """
        c = self.canvas
        key = (id(marks), self.height)
        kept = self.mark_lines.get(key)
        if kept is None or kept[0] is not marks:
            if len(self.mark_lines) >= self.REPLAYS:
                self.mark_lines.clear()
            kept = self.mark_lines[key] = (marks, {})
        drawn = kept[1]
        by_kind = self._marks_by_kind(marks) if not drawn else {}
        for kind, width, dash in (("crop", 0.25, None), ("align", 0.4, None), ("fold", 0.4, (1.5, 1)),
                                  ("cut", 0.5, (4, 2)), ("glue", 0.5, (1, 2))):
            code = drawn.get(kind)
            lines = by_kind.get(kind)
            if code or lines:
                c.setStrokeColor(self.colour("#000000" if kind != "fold" else CUT_COLOUR))
                c.setLineWidth(width)
                c.setDash(*(dash or ()))
                if code:
                    c._code.extend(code)
                else:
                    start = len(c._code)
                    c.lines(lines)
                    drawn[kind] = c._code[start:]  # lines() writes path operators only: no state changes
        c.setDash()
        self._overlap_labels(marks if any(kind in drawn for kind in OVERLAP_LABELS) else ())

    def _marks_by_kind(self, marks: tuple[Mark, ...]) -> dict[str, list[tuple[float, float, float, float]]]:
        """Return the marks' lines in page coordinates (y up), by kind."""
        h = self.height
        by_kind: dict[str, list[tuple[float, float, float, float]]] = {}
        for m in marks:
            found = by_kind.get(m.kind)
            if found is None:
                found = by_kind[m.kind] = []
            found.append((m.x1, h - m.y1, m.x2, h - m.y2))
        return by_kind

    def _overlap_labels(self, marks: tuple[Mark, ...]) -> None:
        """Name the overlap guides of tiled parts beside their alignment ticks, outside the art."""
        c = self.canvas
        c.setFillColor(self.colour("#000000"))
        c.setFont("DejaVuSans", 6)
        for m in marks:
            if m.kind in OVERLAP_LABELS:
                x, y = (m.x1, m.y1) if m.x1 == m.x2 else (m.x1, m.y1)
                label = OVERLAP_LABELS[m.kind]
                if m.x1 == m.x2:  # a vertical guide: label above its top end
                    c.drawCentredString(x, self.height - y + mm(1.3), label)
                else:  # a horizontal guide: label left of its start
                    c.drawRightString(x - mm(1.3), self.height - y - mm(0.8), label)

    def footer(self, page: PagePlan, text: str) -> None:
        """Write the footer line at the bottom margin."""
        c = self.canvas
        c.setFillColor(self.colour("#555555"))
        c.setFont("DejaVuSans", 7)
        if page.footer_side:  # up the left margin, clear of the cards and their marks
            c.saveState()
            c.translate(self.margin + mm(2.3), self.margin + mm(3))
            c.rotate(90)
            self.shower.draw_string(c, 0, 0, text)
            c.restoreState()
            return
        y = page.height - self.margin - mm(3.5) if page.footer_top else self.margin + mm(1)
        self.shower.draw_string(c, self.margin + mm(3), y, text)

    def form(self, asset: Asset) -> str:
        """Return the name of a form XObject holding an SVG drawing (made once per file)."""
        name = self.forms.get(asset.path)
        if name is None:
            from reportlab.graphics.renderbase import renderScaledDrawing

            name = f"svg{len(self.forms)}"
            c = self.canvas
            c.beginForm(name, lowerx=0, lowery=0, upperx=asset.width, uppery=asset.height)
            form_renderer()().draw(renderScaledDrawing(self.assets.svg_drawing(asset.path)), c, 0, 0)
            c.endForm()
            self.forms[asset.path] = name
        return name

    def save(self) -> None:
        """Finish the PDF file."""
        self.canvas.save()


def outline_titles(page: PagePlan) -> list[str | None]:
    """Return the bookmarks a page may start: its sets (a shared sheet's each), or the calibration sheet's."""
    if page.kind == "calibration":
        return ["Duplex calibration"]
    if isinstance(page.slots, SlotRun):  # a grid page's copies are of one set (the page may name more)
        return [page.slots[0].copy.set] if len(page.slots) else [page.set]
    return list(dict.fromkeys(s.copy.set for s in page.slots)) or [page.set]  # every set on a shared sheet


def design_origin(slot: Slot, scene: Scene) -> tuple[float, float]:
    """Return where a design's top-left corner goes: a back smaller than its slot hugs the mirrored side."""
    ox, oy = slot.origin
    if slot.part is None and slot.mirrored == "x":
        ox += slot.trim.width - scene.width
    elif slot.part is None and slot.mirrored == "y":
        oy += slot.trim.height - scene.height
    return ox, oy


def design_turn(slot: Slot) -> int:
    """Return how far (degrees clockwise) a slot's design is turned on the page.

    A front is turned by its slot's rotation. A back is turned the same way, and half a turn more
    when the sheet is flipped across the piece's own up-down axis (short-edge duplex and folds
    across the page turn upright pieces over top to bottom; long-edge duplex turns quarter-turned
    pieces so), so that the cut piece, turned over sideways, shows its back upright.
    """
    quarter = slot.rotation % 180 == 90
    flipped = slot.mirrored == ("x" if quarter else "y")
    return (slot.rotation + (180 if flipped else 0)) % 360


def design_box(slot: Slot, scene: Scene) -> Box:
    """Return the page box the design is drawn in (turned designs have their width and height swapped).

    A design smaller than its slot (hex groups whose cells come from a field) lies in the corner
    where the component's top-left corner is on a front, and in that corner's mirror image on a back.
    """
    turn = design_turn(slot)
    width, height = (scene.width, scene.height) if turn in (0, 180) else (scene.height, scene.width)
    if slot.part is not None or not slot.rotation:
        ox, oy = design_origin(slot, scene)
        return Box(ox, oy, width, height)
    right = slot.rotation in (90, 180)  # the component's top-left corner on the front page
    bottom = slot.rotation in (180, 270)
    right ^= slot.mirrored == "x"
    bottom ^= slot.mirrored == "y"
    trim = slot.trim
    return Box(trim.right - width if right else trim.x, trim.bottom - height if bottom else trim.y, width, height)


def design_matrix(slot: Slot, scene: Scene, page_height: float) -> tuple[float, float, float, float, float, float]:
    """Return the PDF transform from design coordinates (y down) to the page, with the design turned."""
    box = design_box(slot, scene)
    turn = design_turn(slot)
    if turn == 0:
        return (1.0, 0.0, 0.0, -1.0, box.x, page_height - box.y)  # y of the box's top edge
    if turn == 90:
        return (0.0, -1.0, -1.0, 0.0, box.right, page_height - box.y)
    if turn == 180:
        return (-1.0, 0.0, 0.0, 1.0, box.right, page_height - box.bottom)  # y of its bottom edge
    return (0.0, 1.0, 1.0, 0.0, box.x, page_height - box.bottom)


def _replayable(op: Any) -> bool:
    """Return whether an op's PDF operators depend on nothing but the op (no alpha: reportlab writes it on change)."""
    kind = type(op)
    if kind is TextOp:  # a colour has 9 characters ("#rrggbbaa") only when it is not opaque (see colour_hex)
        return op.opacity >= 1.0 and op.shadow is None and len(op.colour) != 9 and (
            op.outline is None or len(op.outline) != 9)
    if kind is ImageOp:
        return op.opacity >= 1.0
    if kind is RotatedOp:
        return _replayable(op.op)
    if kind in (RectOp, CircleOp, LineOp, PolygonOp):
        return not op.style.translucent
    return False


def _page_boxes(c: Canvas, page: PagePlan) -> None:
    """Set TrimBox and BleedBox on pages made for a single component or part (boards, screens)."""
    if not page.single or len(page.slots) != 1:
        c.setTrimBox(None)
        c.setBleedBox(None)
        return
    slot = page.slots[0]
    trim, art = slot.trim, slot.art
    c.setTrimBox((trim.x, page.height - trim.bottom, trim.right, page.height - trim.y))
    c.setBleedBox((art.x, page.height - art.bottom, art.right, page.height - art.y))


def _text(w: PdfWriter, op: TextOp) -> None:
    """Draw laid-out text; text that overflows its box (a warning says so) is clipped to the box."""
    if op.block.fits:
        _text_drawn(w, op)
        return
    c = w.canvas
    c.saveState()
    clip = c.beginPath()
    clip.rect(op.box.x, op.box.y, op.box.width, op.box.height)
    c.clipPath(clip, stroke=0, fill=0)
    _text_drawn(w, op)
    c.restoreState()


def _text_drawn(w: PdfWriter, op: TextOp) -> None:
    """Draw laid-out text: its shadow, its outline, then the letters (translucent text in its own state)."""
    c = w.canvas
    rgb, alpha = split_alpha(op.colour)
    own_state = alpha * op.opacity < 1.0 or op.outline is not None or op.shadow is not None
    if own_state:
        c.saveState()
    if op.shadow is not None:
        offset = op.block.size * SHADOW_OFFSET
        _text_pass(w, op, op.shadow, offset, mode=0)
    if op.outline is not None:
        _text_pass(w, op, op.outline, 0.0, mode=1)
    _text_pass(w, op, op.colour, 0.0, mode=0)
    if own_state:
        c.restoreState()
    for name, x, baseline, width in _icons(op):
        asset = w.assets.find(name)
        if asset is not None:
            height = width / asset.aspect
            _image(w, ImageOp(asset, Box(x, baseline - height, width, height), opacity=op.opacity))


SHADOW_OFFSET = 0.07
"""A text shadow is offset right and down by this fraction of the font size."""


def _text_pass(w: PdfWriter, op: TextOp, colour: str, offset: float, mode: int) -> None:
    """Draw the letters once in a colour: filled (mode 0) or stroked as an outline (mode 1), moved by offset."""
    c = w.canvas
    rgb, alpha = split_alpha(colour)
    if mode == 0 and op.outline is None and op.shadow is None and alpha * op.opacity >= 1.0 and getattr(
            c, "_enforceColorSpace", None) is None:  # the common case: written at once, the same operators
        size = op.block.size
        code = w.shower.text_object(w.rgb(rgb), [
            (placed.font, size, x + placed.dx + offset, baseline + offset, placed.piece.text)
            for (x, baseline), line in zip(op.origins, op.block.lines) for placed in line.pieces
            if placed.font is not None])
        if code is not None:
            c._code.append(code)
            return
    text = c.beginText()
    if mode == 1:
        text.setTextRenderMode(1)
        c.setStrokeColorRGB(*w.rgb(rgb))
        c.setLineWidth(op.outline_width * 2)  # half the stroke lies under the letters drawn next
        c.setLineJoin(1)
        if alpha * op.opacity < 1.0:
            c.setStrokeAlpha(alpha * op.opacity)
    else:
        if op.outline is not None:
            text._code.append("0 Tr")  # the render mode outlives the outline's text object; reportlab skips 0
        text.setFillColorRGB(*w.rgb(rgb))
        if alpha * op.opacity < 1.0:
            c.setFillAlpha(alpha * op.opacity)
        elif op.shadow is not None:
            c.setFillAlpha(1.0)
    font = None
    for (x, baseline), line in zip(op.origins, op.block.lines):
        for placed in line.pieces:
            if placed.font is None:
                continue
            if placed.font != font:
                text.setFont(placed.font, op.block.size)
                font = placed.font
            text.setTextTransform(1, 0, 0, -1, x + placed.dx + offset, baseline + offset)
            w.shower.show(text, placed.piece.text)  # placed: textOut would measure the run again to move a cursor unused
    c.drawText(text)


def _icons(op: TextOp) -> list[tuple[str, float, float, float]]:
    """Return the inline icons of laid-out text: name, x, baseline and width."""
    return [(placed.piece.text, x + placed.dx, baseline, placed.width)
            for (x, baseline), line in zip(op.origins, op.block.lines)
            for placed in line.pieces if placed.font is None]


def _image(w: PdfWriter, op: ImageOp) -> None:
    """Draw an image (SVG as a reusable form, PNG/JPEG embedded once by reportlab), clipped and faded if asked."""
    c = w.canvas
    box = op.box
    c.saveState()
    if op.clip is not None:
        path = c.beginPath()
        path.rect(op.clip.x, op.clip.y, op.clip.width, op.clip.height)
        c.clipPath(path, stroke=0, fill=0)
    if op.opacity < 1.0:
        c.setFillAlpha(op.opacity)
        c.setStrokeAlpha(op.opacity)
    if op.asset.kind == "svg":
        c.transform(box.width / op.asset.width, 0, 0, -box.height / op.asset.height, box.x, box.bottom)
        c.doForm(w.form(op.asset))
    else:
        c.transform(1, 0, 0, -1, box.x, box.bottom)
        c.drawImage(str(op.asset.path), 0, 0, box.width, box.height, mask="auto")
    c.restoreState()


def _rotated(w: PdfWriter, op: RotatedOp) -> None:
    """Draw an operation turned clockwise about a point (y runs downwards here)."""
    c = w.canvas
    c.saveState()
    c.translate(op.cx, op.cy)
    c.rotate(op.angle)
    c.translate(-op.cx, -op.cy)
    DRAW[type(op.op)](w, op.op)
    c.restoreState()


def _table(w: PdfWriter, op: TableOp) -> None:
    """Draw a score-sheet grid with its header row shaded and its labels."""
    c = w.canvas
    left, right, top, bottom = op.xs[0], op.xs[-1], op.ys[0], op.ys[-1]
    if op.header_fill:
        path = c.beginPath()
        path.rect(left, top, right - left, op.ys[1] - top)
        fill_shape(w, Style(fill=op.header_fill), path, Box(left, top, right - left, op.ys[1] - top))
    paint(w, Style(stroke=op.style.stroke or "#000000", stroke_width=op.style.stroke_width or 0.5))
    c.lines([(x, top, x, bottom) for x in op.xs] + [(left, y, right, y) for y in op.ys])
    for cell in op.cells:
        _text(w, cell)


DRAW: dict[type, Callable[[PdfWriter, Any], None]] = {
    RectOp: draw_rect,
    CircleOp: draw_circle,
    LineOp: draw_line,
    PolygonOp: draw_polygon,
    TextOp: _text,
    ImageOp: PdfWriter.image,
    TableOp: _table,
    RotatedOp: _rotated,
}
