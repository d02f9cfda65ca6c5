"""Showcase images: a set's card fronts as one PNG, in a grid and fanned out like a hand."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from playproof.output.cardimages import designs, render, save_png, slug
from playproof.output.export import ExportJob

DPI = 100
COLUMNS = 10
FAN_CARDS = 7
FAN_STEP = 9.0  # degrees between two cards of the fan
GAP = 12  # pixels between and around cards of the grid
BACKDROP = (38, 42, 48, 255)


def grid(images: list[Any]) -> Any:
    """Return the images in rows of COLUMNS on a dark backdrop (cells as large as the largest image)."""
    from PIL import Image

    cell_w = max(i.width for i in images)
    cell_h = max(i.height for i in images)
    columns = min(COLUMNS, len(images))
    rows = math.ceil(len(images) / columns)
    sheet = Image.new("RGBA", (GAP + columns * (cell_w + GAP), GAP + rows * (cell_h + GAP)), BACKDROP)
    for index, image in enumerate(images):
        x = GAP + (index % columns) * (cell_w + GAP) + (cell_w - image.width) // 2
        y = GAP + (index // columns) * (cell_h + GAP) + (cell_h - image.height) // 2
        sheet.alpha_composite(image.convert("RGBA"), (x, y))
    return sheet


def fan(images: list[Any]) -> Any:
    """Return up to FAN_CARDS images fanned out about a point below them, like a hand of cards."""
    from PIL import Image

    cards = [i.convert("RGBA") for i in images[:FAN_CARDS]]
    w, h = max(c.width for c in cards), max(c.height for c in cards)
    radius = 2.2 * h  # the fan's pivot lies this far below the cards' centres
    size = (int(w + 2 * radius * math.sin(math.radians(FAN_STEP * len(cards) / 2)) + 2 * h), int(2.2 * h))
    sheet = Image.new("RGBA", size, (0, 0, 0, 0))
    pivot = (size[0] / 2, h * 0.75 + radius)
    for index, card in enumerate(cards):
        angle = FAN_STEP * (index - (len(cards) - 1) / 2)
        turned = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        cx = pivot[0] + radius * math.sin(math.radians(angle))
        cy = pivot[1] - radius * math.cos(math.radians(angle))
        sheet.alpha_composite(turned, (int(cx - turned.width / 2), int(cy - turned.height / 2)))
    return _on_backdrop(sheet)


def _on_backdrop(image: Any) -> Any:
    """Return an image cropped to what it draws, with a GAP margin, on the backdrop."""
    from PIL import Image

    left, top, right, bottom = image.getbbox() or (0, 0, image.width, image.height)
    framed = Image.new("RGBA", (right - left + 2 * GAP, bottom - top + 2 * GAP), BACKDROP)
    framed.alpha_composite(image.crop((left, top, right, bottom)), (GAP, GAP))
    return framed


class Showcase:
    """--format showcase: DIR/showcase/<set>-grid.png and <set>-fan.png of each set's fronts."""

    title = "showcase"

    def write(self, job: ExportJob) -> list[Path]:
        """Render each set's fronts (trim) and write a grid and a fan."""
        dpi = job.options.dpi or DPI
        written: list[Path] = []
        for layout in job.layouts:
            items = [d for d in designs(job, layout, ("front",))]
            if not items:
                continue
            images = [card.image for card in render(job, items, dpi, "trim")]
            stem = job.out / "showcase" / (slug(layout.name) or "set")
            written.append(save_png(grid(images), stem.with_name(stem.name + "-grid.png"), dpi))
            written.append(save_png(fan(images), stem.with_name(stem.name + "-fan.png"), dpi))
        return written
