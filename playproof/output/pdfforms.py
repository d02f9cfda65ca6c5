"""The renderer that draws an SVG drawing into a PDF form (each SVG icon is drawn once, then reused)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playproof.layouts.fonts import DEFAULT_FAMILY


def form_renderer() -> type:
    """Return reportlab's PDF renderer drawing an SVG's raster images as image XObjects.

    reportlab draws them as inline images, whose binary data a form (where each SVG icon is drawn
    once) cannot hold: `TypeError: ... expected str instance, bytes found`.
    """
    from reportlab.graphics.renderPDF import _PDFRenderer
    from reportlab.pdfbase._fontdata import standardFonts as STANDARD_FONTS  # noqa: N812
    from reportlab.lib.utils import ImageReader

    class FormRenderer(_PDFRenderer):  # type: ignore[misc]
        def applyStateChanges(self, delta: dict, newState: dict) -> None:  # noqa: N802,N803 (reportlab's names)
            # The drawing state starts in Helvetica, which is never embedded: use the bundled font.
            if delta.get("fontName") in STANDARD_FONTS:
                delta = {**delta, "fontName": DEFAULT_FAMILY}
            super().applyStateChanges(delta, newState)

        def drawImage(self, image: Any) -> None:  # noqa: N802 (reportlab's name)
            path = image.path
            if path is not None and (hasattr(path, "mode") or Path(str(path)).is_file()):
                self._canvas.drawImage(ImageReader(path), image.x, image.y, image.width, image.height, mask="auto")

    return FormRenderer
