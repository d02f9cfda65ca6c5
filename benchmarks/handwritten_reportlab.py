"""A hand-written reportlab script drawing the benchmark deck: the bar playproof's build is measured against.

Poker cards (63 x 88 mm, 3 mm bleed, shared cut lines, 3 x 3 on A4), each with a coloured
background, a bold title, an SVG icon, wrapped rules text, crop marks, and a back page after
every front page mirrored for long-edge duplex. Usage: python handwritten_reportlab.py DECK.csv OUT.pdf
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from reportlab import rl_config

rl_config.useA85 = 0
from reportlab.graphics import renderPDF  # noqa: E402
from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.lib.utils import simpleSplit  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402
from svglib.svglib import svg2rlg  # noqa: E402

FONTS = Path(__file__).resolve().parent.parent / "playproof" / "fonts"
W, H, BLEED = 63 * mm, 88 * mm, 3 * mm
PAGE_W, PAGE_H = 210 * mm, 297 * mm
COLS, ROWS = 3, 3


def draw_card(c: Canvas, x: float, y: float, card: dict[str, str], icon: str) -> None:
    """Draw one card front with its trim box's bottom-left corner at (x, y)."""
    c.saveState()
    p = c.beginPath()
    p.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColor(HexColor(card["colour"]))
    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColor(HexColor("#000000"))
    c.setFont("DejaVuSans-Bold", 12)
    c.drawString(x + 4 * mm, y + H - 10 * mm, card["name"])
    c.saveState()
    c.translate(x + 21.5 * mm, y + H - 36 * mm)
    c.scale(20 * mm / 100, 20 * mm / 100)
    c.doForm(icon)
    c.restoreState()
    c.setFont("DejaVuSans", 9)
    for i, line in enumerate(simpleSplit(card["text"], "DejaVuSans", 9, 55 * mm)):
        c.drawString(x + 4 * mm, y + H - 45 * mm - i * 10.8, line)
    c.restoreState()


def draw_back(c: Canvas, x: float, y: float) -> None:
    """Draw one card back."""
    c.setFillColor(HexColor("#203040"))
    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("DejaVuSans-Bold", 14)
    c.drawCentredString(x + W / 2, y + H / 2, "Benchmark")


def crop_marks(c: Canvas, x0: float, y0: float, cols: int, rows: int) -> None:
    """Draw crop marks in the margin around the grid."""
    c.setLineWidth(0.25)
    for i in range(cols + 1):
        x = x0 + i * W
        c.line(x, y0 - BLEED - 1 * mm, x, y0 - BLEED - 4 * mm)
        c.line(x, y0 + rows * H + BLEED + 1 * mm, x, y0 + rows * H + BLEED + 4 * mm)
    for j in range(rows + 1):
        y = y0 + j * H
        c.line(x0 - BLEED - 1 * mm, y, x0 - BLEED - 4 * mm, y)
        c.line(x0 + cols * W + BLEED + 1 * mm, y, x0 + cols * W + BLEED + 4 * mm, y)


def main(deck: Path, out: Path, icon_path: Path) -> None:
    """Draw the deck: 9 fronts per page, each page followed by its mirrored backs."""
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))
    c = Canvas(str(out), pagesize=(PAGE_W, PAGE_H))
    c.beginForm("icon")
    renderPDF.draw(svg2rlg(str(icon_path)), c, 0, 0)
    c.endForm()
    x0, y0 = (PAGE_W - COLS * W) / 2, (PAGE_H - ROWS * H) / 2
    with deck.open(newline="") as handle:
        cards = csv.DictReader(handle)
        page: list[dict[str, str]] = []
        for card in cards:
            page.append(card)
            if len(page) == COLS * ROWS:
                _sheet(c, page, x0, y0)
                page = []
        if page:
            _sheet(c, page, x0, y0)
    c.save()


def _sheet(c: Canvas, cards: list[dict[str, str]], x0: float, y0: float) -> None:
    """Draw a front page and its back page."""
    positions = [(x0 + (i % COLS) * W, y0 + (ROWS - 1 - i // COLS) * H) for i in range(len(cards))]
    for (x, y), card in zip(positions, cards):
        draw_card(c, x, y, card, "icon")
    crop_marks(c, x0, y0, COLS, ROWS)
    c.showPage()
    for x, y in positions:
        draw_back(c, PAGE_W - x - W, y)
    c.showPage()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
