"""PNG output: every PDF page rasterized with pypdfium2, plus one image per design and side cut from it.

pypdfium2 is an optional extra: pip install "playproof[png]".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playproof.layouts.imposition import PagePlan, Plan, Slot
from playproof.output.atomic import atomic_path, check_stop
from playproof.output.cardimages import pdfium as load_pdfium

DPI = 150


def write_pngs(pdf: Path, folder: Path, name: str, plan: Plan | None = None, dpi: int = DPI) -> list[Path]:
    """Render every page to folder/<name>-page-NNN.png and, given the plan, each design side to
    folder/<set>/<row>-front.png (-back.png); return the files written."""
    pdfium = load_pdfium()
    folder.mkdir(parents=True, exist_ok=True)
    document = pdfium.PdfDocument(str(pdf))
    written: list[Path] = []
    seen: set[tuple[str, int, str]] = set()
    try:
        for index in range(len(document)):
            check_stop()
            image = document[index].render(scale=dpi / 72).to_pil()
            written.append(_save(image, folder / f"{name}-page-{index + 1:03d}.png"))
            if plan is not None:
                written += _components(image, plan.pages[index], folder, dpi / 72, seen)
    finally:
        document.close()
    return written


def _components(image: Any, page: PagePlan, folder: Path, scale: float, seen: set[tuple[str, int, str]]) -> list[Path]:
    """Cut the first copy of each design side on a page out of the page image (tiled parts are skipped)."""
    from playproof.output.names import set_slug

    written = []
    for slot in page.slots:
        key = (slot.copy.set, slot.copy.row, slot.side)
        if slot.part is not None or key in seen:
            continue
        seen.add(key)
        box = slot.trim
        crop = upright(image.crop((round(box.x * scale), round(box.y * scale), round(box.right * scale),
                                   round(box.bottom * scale))), slot)
        written.append(_save(crop, folder / set_slug(slot.copy.set) / f"{slot.copy.row}-{slot.side}.png"))
    return written


def upright(image: Any, slot: Slot) -> Any:
    """Return a piece's image turned back upright (the sheet may print it turned, see design_turn)."""
    from playproof.output.pdf import design_turn

    turn = design_turn(slot)
    return image.rotate(turn, expand=True) if turn else image  # PIL turns anticlockwise


def _save(image: Any, target: Path) -> Path:
    """Save an image atomically."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(target) as temporary:
        image.save(temporary, format="PNG")
    return target
