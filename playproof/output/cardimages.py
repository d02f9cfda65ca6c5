"""Per-card images: each design side rendered on its own canvas of round(size * dpi) pixels.

Every copy of a design is the same image, whatever its place on a sheet. Outside a hex's or a
circle's outline the image is transparent. Files are named by the row's `key` or `name` column
(`cards/market-front.png`), else by its row; an index.csv and index.json list them.
pypdfium2 is an optional extra: pip install "playproof[png]".
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator

from playproof.components.model import ComponentSet
from playproof.errors import PlayproofError
from playproof.layouts.geometry import Box
from playproof.layouts.imposition import Copy, Slot
from playproof.layouts.scene import Scene
from playproof.layouts.spec import SetLayout
from playproof.limits import check_pixels
from playproof.output.atomic import atomic_path, check_stop, write_text_atomic
from playproof.output.export import ExportJob
from playproof.output.names import display_name, row_keys, slug
from playproof.output.only import row_filters

DPI = 300
CUTS = ("bleed", "trim")
INDEX_FIELDS = ("file", "set", "row", "key", "side", "copies", "width_px", "height_px")


@dataclass(frozen=True)
class Design:
    """One side of one design: its set, row, readable key, side, copies and scene."""

    set: str
    row: int
    key: str
    side: str
    copies: int
    scene: Scene
    name: str = ""  # for people: the row's key/name column, else "<set> <index>"
    supply: str = "stack"  # the row's `tts` column: stack (default), bag, or infinite (an endless supply in TTS)

    @property
    def infinite(self) -> bool:
        """Return whether Tabletop Simulator should offer this design as an endless supply."""
        return self.supply == "infinite"


@dataclass(frozen=True)
class CardImage:
    """One rendered design side: the design, its image and the file it was written to."""

    design: Design
    image: Any  # PIL.Image
    file: Path | None = None


def pdfium() -> Any:
    """Import pypdfium2, or explain how to install it."""
    try:
        import pypdfium2
    except ImportError:
        raise PlayproofError(
            '--format png needs pypdfium2: install it with pip install "playproof[png]" (or pip install pypdfium2)'
        ) from None
    return pypdfium2


def pixels(length: float, dpi: float) -> int:
    """Return the pixel count of a length in points at dpi."""
    return max(1, round(length / 72 * dpi))


def designs(job: ExportJob, layout: SetLayout, sides: tuple[str, ...] = ("front", "back")) -> Iterator[Design]:
    """Yield every design side of a set (rows with a count of 0 included)."""
    cset = job.project.component_set(layout)
    keys = row_keys(cset)
    chosen = row_filters(job.options.only).get(layout.name, lambda row: True)
    for index, row in enumerate(cset.rows, 1):
        if not chosen(row):
            continue
        name = display_name(row, layout.name, index)
        supply = tts_supply(row.get("tts"), cset, row.row)
        for side_name in sides:
            side = layout.front if side_name == "front" else layout.back
            if side is None:
                continue
            scene = job.composer.scene(layout, side, cset, row, back=side_name == "back")
            yield Design(layout.name, row.row, keys[row.row], side_name, row.count, scene, name, supply)


SUPPLIES = ("stack", "bag", "infinite")


def tts_supply(value: object, cset: ComponentSet, row: int) -> str:
    """Return how Tabletop Simulator holds a design's copies, from its row's `tts` column (blank: a stack)."""
    text = str(value or "").strip().lower() or "stack"
    if text not in SUPPLIES:
        raise PlayproofError(f'{cset.location(row, "tts")}: "{value}" is not stack, bag or infinite (how Tabletop Simulator holds '
                             "the copies; blank is a stack)")
    return text


def for_cut(scene: Scene, cut: str) -> Scene:
    """Return the scene to render for a cut: with bleed, or clipped to its trim outline."""
    scene = replace(scene, cut_line=False)
    if cut == "trim":
        return replace(scene, bleed_outline=scene.outline, bleed=0.0)
    return scene


def canvas_size(scene: Scene, dpi: float) -> tuple[int, int]:
    """Return the pixel size of a scene's canvas (trim plus bleed)."""
    return pixels(scene.width + 2 * scene.bleed, dpi), pixels(scene.height + 2 * scene.bleed, dpi)


def render(job: ExportJob, items: list[Design], dpi: float, cut: str) -> Iterator[CardImage]:
    """Render each design side on its own canvas, exactly canvas_size pixels (through a one-page-per-design PDF)."""
    scenes = [for_cut(item.scene, cut) for item in items]
    for item, scene in zip(items, scenes):  # refused before anything is drawn
        check_pixels(f'the {item.side} of "{item.set}" row {item.row}', *canvas_size(scene, dpi), dpi)
    with tempfile.TemporaryDirectory(prefix="playproof-") as scratch:
        pdf = Path(scratch) / "designs.pdf"
        _draw_pdf(job, items, scenes, pdf)
        data = pdf.read_bytes()
    document = pdfium().PdfDocument(data)
    try:
        for index, (item, scene) in enumerate(zip(items, scenes)):
            check_stop()
            image = _raster(document[index], canvas_size(scene, dpi))
            if cut == "trim" and scene.outline.kind == "rect" and scene.outline.radius > 0:
                image = round_corners(image, scene.outline.radius / 72 * dpi)
            yield CardImage(replace(item, scene=scene), image)
    finally:
        document.close()


def _draw_pdf(job: ExportJob, items: list[Design], scenes: list[Scene], target: Path) -> None:
    """Draw one page per design side, as large as the design with its bleed."""
    from playproof.output.pdf import PdfWriter

    writer = PdfWriter(target, job.composer.assets, job.project.name, 0.0)
    for item, scene in zip(items, scenes):
        b = scene.bleed
        width, height = scene.width + 2 * b, scene.height + 2 * b
        writer.canvas.setPageSize((width, height))
        writer.height = height
        slot = Slot(Copy(item.set, item.row, 1, 0), item.side, 1, Box(b, b, scene.width, scene.height),
                    Box(0, 0, width, height), (b, b))
        writer.slot(slot, scene)
        writer.canvas.showPage()
    writer.save()


def _raster(page: Any, size: tuple[int, int]) -> Any:
    """Render a page to exactly size pixels; transparent where nothing is drawn (RGB when fully opaque)."""
    from PIL import Image

    width, height = page.get_size()
    image = page.render(scale=size[0] / width, fill_color=(255, 255, 255, 0)).to_pil()
    if image.size != size:
        image = image.resize(size, Image.Resampling.LANCZOS)
    if image.mode == "RGBA" and image.getextrema()[3][0] == 255:
        image = image.convert("RGB")
    return image


def round_corners(image: Any, radius: float) -> Any:
    """Return the image transparent outside its rounded corners (a card cut at its trim line)."""
    from PIL import Image, ImageDraw

    scale = 4  # draw the mask larger and shrink it, for smooth corners
    mask = Image.new("L", (image.width * scale, image.height * scale), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, mask.width - 1, mask.height - 1), radius=radius * scale, fill=255)
    rounded = image.convert("RGBA")
    rounded.putalpha(mask.resize(image.size, Image.Resampling.LANCZOS))
    return rounded


def save_png(image: Any, target: Path, dpi: float) -> Path:
    """Save an image as PNG atomically, recording its dpi."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(target) as temporary:
        image.save(temporary, format="PNG", dpi=(dpi, dpi))
    return target


def file_name(design: Design) -> str:
    """Return <set>/<key>-<side>.png."""
    return f"{slug(design.set) or 'set'}/{design.key}-{design.side}.png"


def write_index(folder: Path, cards: list[CardImage], products: dict[str, str] | None = None) -> list[Path]:
    """Write index.csv and index.json listing every image written (with each set's product, when given)."""
    rows = [index_row(folder, card) for card in cards]
    fields = INDEX_FIELDS
    if products is not None:
        fields += ("product",)
        for row in rows:
            row["product"] = products.get(row["set"], "")
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_text_atomic(folder / "index.csv", text.getvalue())
    write_text_atomic(folder / "index.json", json.dumps(rows, indent=2) + "\n")
    return [folder / "index.csv", folder / "index.json"]


def index_row(folder: Path, card: CardImage) -> dict[str, Any]:
    """Return one index entry."""
    d = card.design
    file = card.file.relative_to(folder).as_posix() if card.file else ""
    return {"file": file, "set": d.set, "row": d.row, "key": d.key, "side": d.side, "copies": d.copies,
            "width_px": card.image.width, "height_px": card.image.height}


def export_images(job: ExportJob, folder: Path, dpi: float, cut: str) -> list[CardImage]:
    """Render and save every design side of the chosen sets under folder; return them."""
    if cut not in CUTS:
        raise PlayproofError(f'--cut "{cut}": use {" or ".join(CUTS)}')
    cards: list[CardImage] = []
    for layout in job.layouts:
        for card in render(job, list(designs(job, layout)), dpi, cut):
            target = save_png(card.image, folder / file_name(card.design), dpi)
            cards.append(replace(card, file=target, image=_Size(card.image.width, card.image.height)))
    return cards


@dataclass(frozen=True)
class _Size:
    """The size of an image already saved (the pixels are not kept)."""

    width: int
    height: int


class CardImages:
    """--format png: one PNG per design side at --dpi (300), --cut bleed|trim, with an index."""

    title = "png"

    def write(self, job: ExportJob) -> list[Path]:
        """Write DIR/png/<set>/<key>-<side>.png and DIR/png/index.csv, index.json."""
        folder = job.out / "png"
        cards = export_images(job, folder, job.options.dpi or DPI, job.options.cut)
        return [card.file for card in cards if card.file] + write_index(folder, cards)
