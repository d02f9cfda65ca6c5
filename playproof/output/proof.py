"""--format proof: every design as seen with colour-vision deficiencies, side by side with the original.

One PNG per set, DIR/proof/<set>.png: a row per design (fronts, then backs that differ), columns
"typical", then deutan, protan and tritan vision (or the one --vision names). Needs the `vision`
extra (colour-science); see vision.py for the model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playproof.layouts.fonts import BUNDLED
from playproof.output.cardimages import designs, render, save_png, slug
from playproof.output.export import ExportJob
from playproof.output.vision import VISIONS, colour_science, simulate_image

DPI = 72
GAP = 10  # pixels between and around the images
HEADER = 28  # pixels for the column titles
BACKDROP = (255, 255, 255, 255)
INK = (30, 30, 30, 255)


def visions(chosen: str | None) -> list[str]:
    """Return the visions a proof shows: all three, or the one chosen."""
    return list(VISIONS) if chosen in (None, "all") else [str(chosen)]


def proof_sheet(rows: list[Any], shown: list[str]) -> Any:
    """Return a sheet: a row per image, the original then each vision, with column titles."""
    from PIL import Image, ImageDraw, ImageFont

    cell_w, cell_h = max(i.width for i in rows), max(i.height for i in rows)
    titles = ["typical vision"] + [f"{v} vision" for v in shown]
    sheet = Image.new("RGBA", (GAP + len(titles) * (cell_w + GAP), HEADER + GAP + len(rows) * (cell_h + GAP)),
                      BACKDROP)
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.truetype(str(BUNDLED / "DejaVuSans.ttf"), 14)
    for column, title in enumerate(titles):
        draw.text((GAP + column * (cell_w + GAP), GAP), title, fill=INK, font=font)
    for index, image in enumerate(rows):
        seen = [image.convert("RGBA")] + [simulate_image(image, v) for v in shown]
        for column, picture in enumerate(seen):
            sheet.alpha_composite(picture, (GAP + column * (cell_w + GAP), HEADER + GAP + index * (cell_h + GAP)))
    return sheet


class ColourProof:
    """--format proof: DIR/proof/<set>.png, each design as seen with each colour vision beside the original."""

    title = "proof"

    def write(self, job: ExportJob) -> list[Path]:
        """Render each set's designs and write its proof sheet."""
        colour_science()  # say what to install before rendering anything
        dpi = job.options.dpi or DPI
        shown = visions(getattr(job.options, "vision", None))
        written: list[Path] = []
        for layout in job.layouts:
            items = list(designs(job, layout))
            if not items:
                continue
            images = [card.image for card in render(job, items, dpi, "trim")]
            target = job.out / "proof" / f"{slug(layout.name) or 'set'}.png"
            written.append(save_png(proof_sheet(images, shown), target, dpi))
        return written
