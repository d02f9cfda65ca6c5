"""PNG output: each PDF page rasterized with pypdfium2 (an optional extra: pip install "playproof[png]")."""

from __future__ import annotations

from pathlib import Path

from playproof.errors import PlayproofError
from playproof.output.atomic import atomic_path

DPI = 150


def _pdfium():
    """Import pypdfium2, or explain how to install it."""
    try:
        import pypdfium2
    except ImportError:
        raise PlayproofError(
            '--format png needs pypdfium2: install it with pip install "playproof[png]" (or pip install pypdfium2)'
        ) from None
    return pypdfium2


def write_pngs(pdf: Path, folder: Path, name: str, dpi: int = DPI) -> list[Path]:
    """Render every page of a PDF to folder/<name>-page-NNN.png; return the files (the PDF is kept)."""
    pdfium = _pdfium()
    folder.mkdir(parents=True, exist_ok=True)
    document = pdfium.PdfDocument(str(pdf))
    written = []
    try:
        for index in range(len(document)):
            image = document[index].render(scale=dpi / 72).to_pil()
            target = folder / f"{name}-page-{index + 1:03d}.png"
            with atomic_path(target) as temporary:
                image.save(temporary, format="PNG")
            written.append(target)
    finally:
        document.close()
    return written
