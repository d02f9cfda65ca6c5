"""Print-on-demand presets: per-card images at a service's documented pixel sizes (bleed included).

Sizes are trim x 300 dpi plus the service's bleed on each side; docs/cli-print.md cites where
each number comes from. A set whose size is none of the service's products gets a warning and
is exported at its own size with the service's bleed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playproof.errors import PlayproofError
from playproof.layouts.spec import SetLayout
from playproof.output.cardimages import CardImage, designs, file_name, pixels, render, save_png, write_index
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


class PrintOnDemand:
    """--for SERVICE: per-card images with the service's bleed at its pixel sizes, with an index."""

    title = "pod"

    def write(self, job: ExportJob) -> list[Path]:
        """Write DIR/<service>/<set>/<key>-<side>.png and an index."""
        service = service_for(job.options.service)
        folder = job.out / (job.options.service or "pod")
        cards: list[CardImage] = []
        for layout in job.layouts:
            cards += self._set(job, service, layout, folder)
        return [card.file for card in cards if card.file] + write_index(folder, cards)

    def _set(self, job: ExportJob, service: Service, layout: SetLayout, folder: Path) -> list[CardImage]:
        """Render one set at the product's size."""
        product = product_for(service, layout.width, layout.height)
        if product is None:
            warn_size(job, service, layout)
        cards = []
        for card in render(job, list(designs(job, layout)), DPI, "bleed"):
            scene = card.design.scene
            size = (product_size(service, product, scene.width > scene.height) if product
                    else target_size(service, scene.width, scene.height))
            image = fit(card.image, size)
            target = save_png(image, folder / file_name(card.design), DPI)
            cards.append(replace(card, image=image, file=target))
        return cards
