"""The table's address as a QR code: in the terminal, and on a printable table card (PDF)."""

from __future__ import annotations

import io
from pathlib import Path

from playproof.errors import PlayproofError
from playproof.web import INSTALL_HINT


def _qr(url: str):  # type: ignore[no-untyped-def]  (segno has no type hints)
    """Return the QR code of a URL, or raise naming the extra to install."""
    try:
        import segno
    except ImportError as exc:
        raise PlayproofError(f"the QR code needs segno (the web extra): {INSTALL_HINT}") from exc
    return segno.make(url, error="m")


def terminal_qr(url: str) -> str:
    """Return the QR code of a URL drawn with block characters for a terminal."""
    out = io.StringIO()
    _qr(url).terminal(out=out, compact=True)
    return out.getvalue()


def table_card(url: str, path: Path, title: str = "Record this playtest", note: str = "") -> Path:
    """Write an A6 card with the address's QR code, to stand on the table; return its path (`note`: said
    instead of the Wi-Fi hint, e.g. that phones cannot reach a loopback address)."""
    from reportlab.lib.pagesizes import A6
    from reportlab.pdfgen.canvas import Canvas

    from playproof.layouts.fonts import BUNDLED, register
    from playproof.output.metadata import stamp_canvas, titled

    matrix = [list(row) for row in _qr(url).matrix]
    width, height = A6
    font = "DejaVuSans"
    register(font, BUNDLED / "DejaVuSans.ttf")
    canvas = Canvas(str(path), pagesize=A6, initialFontName=font, initialFontSize=14)
    stamp_canvas(canvas, titled(title, "Table card: scan to record a playtest"))
    canvas.setFont(font, 16)
    canvas.drawCentredString(width / 2, height - 40, title)
    _draw_matrix(canvas, matrix, width / 2, height / 2 + 10, 200)
    canvas.setFont(font, 7)
    canvas.drawCentredString(width / 2, 60, url)
    canvas.setFont(font, 9)
    if note:
        from reportlab.lib.utils import simpleSplit

        for index, text in enumerate(simpleSplit(note[0].upper() + note[1:] + ".", font, 9, width - 40)):
            canvas.drawCentredString(width / 2, 42 - 12 * index, text)
    else:
        canvas.drawCentredString(width / 2, 42, "Scan with a phone on the same Wi-Fi")
    try:
        canvas.save()
    except OSError as exc:
        raise PlayproofError(f"{path}: cannot write the table card ({exc.strerror or exc})") from exc
    return path


def _draw_matrix(canvas: object, matrix: list[list[int]], cx: float, cy: float, size: float) -> None:
    """Draw a QR matrix as black squares in a square of `size` points centred on (cx, cy)."""
    cell = size / len(matrix)
    left, top = cx - size / 2, cy + size / 2
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                canvas.rect(left + c * cell, top - (r + 1) * cell, cell, cell, stroke=0, fill=1)  # type: ignore[attr-defined]
