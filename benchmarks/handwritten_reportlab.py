"""A hand-written reportlab script drawing the benchmark decks: the bar playproof's build is measured against.

It draws the pages playproof's build of `print_bench.py`'s decks draws, the way someone who knows
reportlab would write it by hand for these decks: poker cards (63.5 x 88.9 mm, 3 mm bleed, 6 mm
gutters, 4 x 2 on landscape A4), each clipped to its bleed box, with a coloured background, the
card's words in ONE text object (a bold title, then the rules text wrapped by `simpleSplit`, one
line after another), an SVG icon drawn as a form (each icon file made into a form once; a suit
column chooses one per card in the "icons" and "sets" decks), crop marks as one path per page, a
footer line on every page, and a back page after every front page, its cards clipped and turned
upside down for long-edge duplex. Each set's rows are read once, streamed, from its CSV file or
(openpyxl read-only) its sheet of components.xlsx; a first quick pass counts them (a CSV's lines;
an .xlsx sheet's stored dimension) for the footer's "page N of M".

Usage: python handwritten_reportlab.py PROJECT OUT.pdf [plain|icons|sets]
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
GAME, VERSION = "Benchmark", "1"
SUITS = ("flame", "leaf", "moon", "sun")
SETS = {  # deck kind: its sets, each (name, the column choosing the icon or None for icon.svg, back colour, title)
    "plain": [("Cards", None, "#203040", "Benchmark")],
    "icons": [("Cards", "suit", "#203040", "Benchmark")],
    "sets": [("Cards", None, "#203040", "Benchmark"), ("Heroes", "suit", "#402030", "Heroes"),
             ("Events", None, "#304020", "Events")],
}


class Deck:
    """A project's sets: rows streamed from components.xlsx (one sheet per set) or from SET.csv files."""

    def __init__(self, project: Path) -> None:
        self.project = project
        self.xlsx = project / "components.xlsx"
        self.book = None
        if self.xlsx.exists():
            import openpyxl

            self.book = openpyxl.load_workbook(self.xlsx, read_only=True, data_only=True)

    def count(self, name: str) -> int:
        """Return how many cards a set holds (for the footers)."""
        if self.book is not None:
            return self.book[name].max_row - 1  # the sheet's stored dimension: nothing parsed
        with (self.project / f"{name}.csv").open(newline="") as handle:
            return sum(1 for _ in csv.reader(handle)) - 1

    def rows(self, name: str) -> Iterator[dict[str, str]]:
        """Yield a set's rows as {column: text}."""
        if self.book is not None:
            values = self.book[name].iter_rows(values_only=True)
            header = [str(h) for h in next(values)]
            for row in values:
                yield {h: "" if v is None else str(v) for h, v in zip(header, row)}
            return
        with (self.project / f"{name}.csv").open(newline="") as handle:
            yield from csv.DictReader(handle)

    def close(self) -> None:
        """Close the workbook."""
        if self.book is not None:
            self.book.close()


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


def draw_card(c: Canvas, x: float, y: float, card: dict[str, str], icon: str) -> None:
    """Draw one card front with its trim box's bottom-left corner at (x, y): background, icon, one text object."""
    c.saveState()
    clip_bleed(c, x, y)
    c.setFillColor(HexColor(card["colour"]))
    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.saveState()
    c.translate(x + 21.5 * mm, y + H - 36 * mm)
    c.doForm(icon)  # made at the icon's printed size (see main)
    c.restoreState()
    t = c.beginText(x + 4 * mm, y + H - 4 * mm - ASCENT * 12)
    t.setFillColorRGB(0, 0, 0)
    t.setFont("DejaVuSans-Bold", 12)
    t.textLine(card["name"])
    t.setFont("DejaVuSans", 9, LEADING * 9)
    t.setTextOrigin(x + 4 * mm, y + H - 40 * mm - ASCENT * 9)
    for line in simpleSplit(card["text"], "DejaVuSans", 9, 55 * mm):
        t.textLine(line)
    c.drawText(t)
    c.restoreState()


def draw_back(c: Canvas, x: float, y: float, colour: str, title: str) -> None:
    """Draw one card back, turned upside down (long-edge duplex of a landscape sheet)."""
    c.saveState()
    clip_bleed(c, x, y)
    c.translate(x + W, y + H)
    c.rotate(180)
    c.setFillColor(HexColor(colour))
    c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("DejaVuSans-Bold", 14)
    c.drawCentredString(W / 2, H - 40 * mm - ASCENT * 14, title)
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


def icon_form(c: Canvas, name: str, path: Path) -> None:
    """Make an SVG file into a form drawn at the icon's printed size (20 mm wide)."""
    drawing = svg2rlg(str(path))
    scale = 20 * mm / drawing.width
    c.beginForm(name, lowerx=0, lowery=0, upperx=20 * mm, uppery=drawing.height * scale)
    c.scale(scale, scale)
    renderPDF.draw(drawing, c, 0, 0)
    c.endForm()


def main(project: Path, out: Path, kind: str = "plain") -> None:
    """Draw the deck's sets one after another: 8 fronts per page, each page followed by its backs."""
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))
    sets = SETS[kind]
    deck = Deck(project)
    totals = [deck.count(name) for name, *_ in sets]
    c = Canvas(str(out), pagesize=(PAGE_W, PAGE_H), invariant=1)
    c.setTitle(f"{GAME} {VERSION}")
    icons = ["icon"] + (list(SUITS) if any(column for _, column, *_ in sets) else [])
    for icon in icons:
        icon_form(c, icon, project / "assets" / f"{icon}.svg")
    pages = 2 * sum(math.ceil(total / (COLS * ROWS)) for total in totals)
    number = 1
    for (name, column, colour, title), total in zip(sets, totals):
        c.bookmarkPage(name)
        c.addOutlineEntry(name, name, level=0)
        sheet = Sheet(name, total, pages, colour, title)
        page: list[dict[str, str]] = []
        first = 1
        for card in deck.rows(name):
            card["icon"] = card[column] if column else "icon"
            page.append(card)
            if len(page) == COLS * ROWS:
                sheet.draw(c, page, first, number)
                first, number, page = first + len(page), number + 2, []
        if page:
            sheet.draw(c, page, first, number)
            number += 2
    deck.close()
    c.save()


class Sheet:
    """A set's sheets: a front page and its back page."""

    def __init__(self, name: str, total: int, pages: int, colour: str, title: str) -> None:
        self.label = f"{GAME} · {name} · version {VERSION} · "
        self.total, self.pages, self.colour, self.title = total, pages, colour, title

    def draw(self, c: Canvas, cards: list[dict[str, str]], first: int, number: int) -> None:
        """Draw a front page and its back page."""
        copies = f"copy {first}" if len(cards) == 1 else f"copies {first}-{first + len(cards) - 1}"
        for i, card in enumerate(cards):
            draw_card(c, *card_origin(i), card, card["icon"])
        crop_marks(c, len(cards))
        footer(c, f"{self.label}{copies} of {self.total} · page {number} of {self.pages}", top=False)
        c.showPage()
        for i in range(len(cards)):
            x, y = card_origin(i)
            draw_back(c, x, PAGE_H - y - H, self.colour, self.title)  # mirrored top to bottom: behind its front
        footer(c, f"{self.label}back · {copies} of {self.total} · page {number + 1} of {self.pages}", top=True)
        c.showPage()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "plain")
