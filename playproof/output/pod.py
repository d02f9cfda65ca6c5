"""Print-on-demand presets: per-card images at a service's documented pixel sizes (bleed included).

Sizes are trim x 300 dpi plus the service's bleed on each side; docs/cli-print.md cites where
each number comes from. A set whose size is none of the service's products gets a warning and
is exported at its own size with the service's bleed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playproof.errors import PlayproofError
from playproof.layouts.spec import SetLayout
from playproof.output.atomic import write_text_atomic
from playproof.output.cardimages import (CardImage, designs, file_name, index_row, pixels, render, save_png, slug,
                                       write_index)
from playproof.output.export import ExportJob
from playproof.units import mm

DPI = 300
MATCH = mm(1)  # a set matches a product when both sides are within 1 mm


@dataclass(frozen=True)
class Service:
    """A print-on-demand service: its bleed in pixels at 300 dpi and its card products (trim, inches)."""

    name: str
    bleed_px: float
    products: dict[str, tuple[float, float]]


SERVICES: dict[str, Service] = {
    "thegamecrafter": Service("The Game Crafter", 37.5, {
        "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "square": (3.5, 3.5),
        "mini": (1.75, 2.5), "jumbo": (3.5, 5.5)}),
    "makeplayingcards": Service("MakePlayingCards", 36, {
        "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "square": (2.5, 2.5),
        "mini": (1.75, 2.5), "jumbo": (3.5, 5.75)}),
    "printplaygames": Service("PrintPlayGames", 37.5, {
        "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "square": (2.5, 2.5),
        "mini": (1.75, 2.5)}),
}


def service_for(name: str | None) -> Service:
    """Return a service by its --for name, or say which exist."""
    if name not in SERVICES:
        raise PlayproofError(f'--for "{name}": use one of {", ".join(SERVICES)}')
    return SERVICES[name]


def product_for(service: Service, width: float, height: float) -> str | None:
    """Return the product whose trim matches a size (points, either orientation), or None."""
    for product, (w, h) in service.products.items():
        for pw, ph in ((w * 72, h * 72), (h * 72, w * 72)):
            if abs(pw - width) <= MATCH and abs(ph - height) <= MATCH:
                return product
    return None


def target_size(service: Service, width: float, height: float) -> tuple[int, int]:
    """Return the upload size in pixels: trim at 300 dpi plus the service's bleed on each side."""
    bleed = round(2 * service.bleed_px)
    return pixels(width, DPI) + bleed, pixels(height, DPI) + bleed


def product_size(service: Service, product: str, landscape: bool) -> tuple[int, int]:
    """Return the documented upload size of a product (inches x 300 + bleed)."""
    w, h = service.products[product]
    size = (round(w * DPI + 2 * service.bleed_px), round(h * DPI + 2 * service.bleed_px))
    return (size[1], size[0]) if landscape else size


def fit(image: Any, size: tuple[int, int]) -> Any:
    """Centre an image (trim plus the layout's bleed) on a canvas of size; an uncovered edge repeats the art."""
    if image.size == size:
        return image
    left, top = (size[0] - image.width) // 2, (size[1] - image.height) // 2
    if left < 0 or top < 0:
        return image.crop((-left, -top, -left + size[0], -top + size[1])) if left <= 0 and top <= 0 else \
            fit(fit(image, (max(size[0], image.width), max(size[1], image.height))), size)
    canvas = image.resize(size)  # the stretched art fills the thin ring the layout's bleed does not reach
    canvas.paste(image, (left, top))
    return canvas


def warn_size(job: ExportJob, service: Service, layout: SetLayout) -> None:
    """Warn that a set's size is none of the service's products."""
    products = ", ".join(f"{name} {w:g} x {h:g} in" for name, (w, h) in service.products.items())
    job.problems.warn(None, f'set "{layout.name}": {layout.width / 72 * 25.4:.1f} x '
                            f"{layout.height / 72 * 25.4:.1f} mm is none of {service.name}'s card sizes "
                            f"({products}); exported at its own size")


def match(service: Service, layout: SetLayout) -> tuple[str | None, str]:
    """Return the product a set is matched to (or None) and a sentence saying which and why."""
    product = product_for(service, layout.width, layout.height)
    size = f"{layout.width / 72 * 25.4:.1f} x {layout.height / 72 * 25.4:.1f} mm"
    if product is None:
        return None, (f"{size} is none of {service.name}'s card sizes (each within 1 mm, either way round); "
                      "exported at its own size with the service's bleed")
    w, h = service.products[product]
    px = product_size(service, product, layout.width > layout.height)
    return product, (f"{service.name} {product} ({w:g} x {h:g} in), template {px[0]} x {px[1]} px: "
                     f"the trim {size} matches within 1 mm")


def _product_label(service: Service, layout: SetLayout, product: str | None) -> str:
    """Return a set's product and template for the index: "poker 825x1125", or "none" (its own size)."""
    if product is None:
        return "none (own size)"
    width, height = product_size(service, product, layout.width > layout.height)
    return f"{product} {width}x{height}"


def same_images(cards: list[CardImage]) -> bool:
    """Return whether every image is pixel for pixel the same (a back shared by the whole deck)."""
    first = cards[0].image
    return all(c.image.size == first.size and c.image.tobytes() == first.tobytes() for c in cards[1:])


class PrintOnDemand:
    """--for SERVICE: per-card images with the service's bleed at its pixel sizes, an index and a manifest."""

    title = "pod"

    def write(self, job: ExportJob) -> list[Path]:
        """Write DIR/<service>/<set>/<key>-<side>.png (one back.png per deck of identical backs), index, manifest."""
        service = service_for(job.options.service)
        folder = job.out / (job.options.service or "pod")
        cards: list[CardImage] = []
        sets = []
        products: dict[str, str] = {}
        for layout in job.layouts:
            product, reason = match(service, layout)
            products[layout.name] = _product_label(service, layout, product)
            if product is None:
                warn_size(job, service, layout)
            made = self._set(job, service, layout, folder, product)
            job.notes.append(f"  {layout.name}: {reason}")
            sets.append({"set": layout.name, "product": product, "match": reason,
                         "images": [index_row(folder, card) for card in made]})
            cards += made
        job.notes.insert(0, f"{service.name}: {len(cards)} image(s) for {len(sets)} set(s)")
        job.manifest = folder / "manifest.json"
        manifest = {"service": service.name, "game": job.project.name, "version": job.project.version,
                    "images": len(cards), "sets": sets}
        write_text_atomic(job.manifest, json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
        return [card.file for card in cards if card.file] + write_index(folder, cards, products) + [job.manifest]

    def _set(self, job: ExportJob, service: Service, layout: SetLayout, folder: Path,
             product: str | None) -> list[CardImage]:
        """Render one set at the product's size; backs that are all the same are written once."""
        fronts, backs = [], []
        for card in render(job, list(designs(job, layout)), DPI, "bleed"):
            scene = card.design.scene
            size = (product_size(service, product, scene.width > scene.height) if product
                    else target_size(service, scene.width, scene.height))
            (fronts if card.design.side == "front" else backs).append(replace(card, image=fit(card.image, size)))
        if len(backs) > 1 and same_images(backs):
            shared = replace(backs[0].design, row=0, key="back", copies=sum(c.design.copies for c in backs))
            backs = [replace(backs[0], design=shared)]
        saved = []
        for card in fronts + backs:
            name = f"{slug(layout.name) or 'set'}/back.png" if card.design.key == "back" and card.design.row == 0 \
                else file_name(card.design)
            saved.append(replace(card, file=save_png(card.image, folder / name, DPI)))
        return saved
