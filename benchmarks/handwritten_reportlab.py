"""A hand-written reportlab script drawing the benchmark deck: the bar playproof's build is measured against.

It draws the page playproof's build of `print_bench.py`'s deck draws, the way a competent programmer
would write it by hand for this one deck: poker cards (63.5 x 88.9 mm, 3 mm bleed, 6 mm gutters,
4 x 2 on landscape A4), each clipped to its bleed box, with a coloured background, a bold title,
the SVG icon (one form, drawn by every card), wrapped rules text (`simpleSplit`, one drawString
per line), crop marks as one path per page, a footer line on every page, and a back page after
every front page, its cards clipped and turned upside down for long-edge duplex. Rows are read
once, streamed, from the CSV or (openpyxl read-only) from components.xlsx; a first quick pass
counts them (a CSV's lines; an .xlsx sheet's stored dimension) for the footer's "page N of M".

Usage: python handwritten_reportlab.py DECK.csv|components.xlsx OUT.pdf ICON.svg
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path
from typing import Iterator

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
W, H, BLEED, GAP = 63.5 * mm, 88.9 * mm, 3 * mm, 6 * mm
PAGE_W, PAGE_H = 297 * mm, 210 * mm  # A4 landscape: 4 x 2 cards with gutters (3 x 3 does not fit portrait)
MARGIN, MARK_ZONE, FOOTER = 4 * mm, 2.5 * mm, 5 * mm
COLS, ROWS = 4, 2
ASCENT, LEADING = 0.9, 1.2  # first baseline and line spacing, in font sizes
GAME, SET, VERSION = "Benchmark", "Cards", "1"


def rows(deck: Path) -> Iterator[dict[str, str]]:
    """Yield the deck's rows as {column: text}, from a CSV file or the first sheet of an .xlsx."""
    if deck.suffix == ".xlsx":
        import openpyxl

        book = openpyxl.load_workbook(deck, read_only=True, data_only=True)
        values = book.worksheets[0].iter_rows(values_only=True)
        header = [str(h) for h in next(values)]
        for row in values:
            yield {h: "" if v is None else str(v) for h, v in zip(header, row)}
        book.close()
        return
    with deck.open(newline="") as handle:
        yield from csv.DictReader(handle)


def count_rows(deck: Path) -> int:
    """Return how many cards the deck holds (for the footers)."""
    if deck.suffix == ".xlsx":
        import openpyxl

        book = openpyxl.load_workbook(deck, read_only=True)
        total = book.worksheets[0].max_row - 1  # from the sheet's stored dimension: nothing parsed
        book.close()
        return total
    with deck.open(newline="") as handle:
        return sum(1 for _ in csv.reader(handle)) - 1


def card_origin(index: int) -> tuple[float, float]:
    """Return the bottom-left corner of the index-th card's trim box on a page (row by row from the top)."""
    used_w, used_h = COLS * (W + GAP) - GAP + 2 * BLEED, ROWS * (H + GAP) - GAP + 2 * BLEED
    left, top = MARGIN + MARK_ZONE, PAGE_H - MARGIN - MARK_ZONE
    area_w, area_h = PAGE_W - 2 * left, PAGE_H - 2 * (MARGIN + MARK_ZONE) - FOOTER
    x0 = left + (area_w - used_w) / 2 + BLEED
    y_top = top - (area_h - used_h) / 2 - BLEED
    col, row = index % COLS, index // COLS
    return x0 + col * (W + GAP), y_top - row * (H + GAP) - H


def clip_bleed(c: Canvas, x: float, y: float) -> None:
    """Clip drawing to a card's bleed box."""
    p = c.beginPath()
    p.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED)
    c.clipPath(p, stroke=0, fill=0)


def draw_card(c: Canvas, x: float, y: float, card: dict[str, str], icon: str, icon_scale: float) -> None:
    """Draw one card front with its trim box's bottom-left corner at (x, y)."""
    c.saveState()
    clip_bleed(c, x, y)
    c.setFillColor(HexColor(card["colour"]))
    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("DejaVuSans-Bold", 12)
    c.drawString(x + 4 * mm, y + H - 4 * mm - ASCENT * 12, card["name"])
    c.saveState()
    c.translate(x + 21.5 * mm, y + H - 36 * mm)
    c.scale(icon_scale, icon_scale)
    c.doForm(icon)
    c.restoreState()
    c.setFont("DejaVuSans", 9)
    top = y + H - 40 * mm - ASCENT * 9
    for i, line in enumerate(simpleSplit(card["text"], "DejaVuSans", 9, 55 * mm)):
        c.drawString(x + 4 * mm, top - i * LEADING * 9, line)
    c.restoreState()


def draw_back(c: Canvas, x: float, y: float) -> None:
    """Draw one card back, turned upside down (long-edge duplex of a landscape sheet)."""
    c.saveState()
    clip_bleed(c, x, y)
    c.translate(x + W, y + H)
    c.rotate(180)
    c.setFillColor(HexColor("#203040"))
    c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("DejaVuSans-Bold", 14)
    c.drawCentredString(W / 2, H - 40 * mm - ASCENT * 14, "Benchmark")
    c.restoreState()


def crop_marks(c: Canvas, used: int) -> None:
    """Draw crop marks around the used grid as one path: 1 mm outside the art, up to 5 mm, never past the margin."""
    cols, rows_used = min(COLS, used), math.ceil(used / COLS)
    corners = [card_origin(i) for i in range(used)]
    xs = sorted({round(x + dx, 4) for x, _ in corners[:cols] for dx in (0.0, W)})
    ys = sorted({round(y + dy, 4) for _, y in corners[::COLS][:rows_used] for dy in (0.0, H)})
    top, bottom = ys[-1] + BLEED + mm, ys[0] - BLEED - mm
    left, right = xs[0] - BLEED - mm, xs[-1] + BLEED + mm
    p = c.beginPath()
    for x in xs:
        p.moveTo(x, top)
        p.lineTo(x, min(top + 5 * mm, max(top, PAGE_H - MARGIN)))
        p.moveTo(x, bottom)
        p.lineTo(x, max(bottom - 5 * mm, min(bottom, MARGIN + FOOTER)))
    for y in reversed(ys):
        p.moveTo(left, y)
        p.lineTo(max(left - 5 * mm, min(left, MARGIN)), y)
        p.moveTo(right, y)
        p.lineTo(min(right + 5 * mm, max(right, PAGE_W - MARGIN)), y)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.25)
    c.drawPath(p, stroke=1, fill=0)


def footer(c: Canvas, text: str, top: bool) -> None:
    """Write the footer line in the bottom margin (at the top of a back page, which is turned over)."""
    c.setFillColor(HexColor("#555555"))
    c.setFont("DejaVuSans", 7)
    c.drawString(MARGIN + 3 * mm, PAGE_H - MARGIN - 3.5 * mm if top else MARGIN + 1 * mm, text)


def main(deck: Path, out: Path, icon_path: Path) -> None:
    """Draw the deck: 8 fronts per page, each page followed by its backs."""
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))
    total = count_rows(deck)
    c = Canvas(str(out), pagesize=(PAGE_W, PAGE_H), invariant=1)
    c.setTitle(f"{GAME} {VERSION}")
    icon_drawing = svg2rlg(str(icon_path))
    c.beginForm("icon", lowerx=0, lowery=0, upperx=icon_drawing.width, uppery=icon_drawing.height)
    renderPDF.draw(icon_drawing, c, 0, 0)
    c.endForm()
    icon_scale = 20 * mm / icon_drawing.width
    sheets = math.ceil(total / (COLS * ROWS))
    page: list[dict[str, str]] = []
    first = 1
    for card in rows(deck):
        page.append(card)
        if len(page) == COLS * ROWS:
            _sheet(c, page, first, total, sheets, icon_scale)
            first += len(page)
            page = []
    if page:
        _sheet(c, page, first, total, sheets, icon_scale)
    c.save()


def _sheet(c: Canvas, cards: list[dict[str, str]], first: int, total: int, sheets: int, icon_scale: float) -> None:
    """Draw a front page and its back page."""
    number = 2 * (first - 1) // (COLS * ROWS) + 1
    if number == 1:
        c.bookmarkPage("cards")
        c.addOutlineEntry(SET, "cards", level=0)
    copies = f"copy {first}" if len(cards) == 1 else f"copies {first}-{first + len(cards) - 1}"
    label = f"{GAME} · {SET} · version {VERSION} · "
    for i, card in enumerate(cards):
        draw_card(c, *card_origin(i), card, "icon", icon_scale)
    crop_marks(c, len(cards))
    footer(c, f"{label}{copies} of {total} · page {number} of {2 * sheets}", top=False)
    c.showPage()
    for i in range(len(cards)):
        x, y = card_origin(i)
        draw_back(c, x, PAGE_H - y - H)  # mirrored top to bottom: behind its front when the sheet turns
    footer(c, f"{label}back · {copies} of {total} · page {number + 1} of {2 * sheets}", top=True)
    c.showPage()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
