"""Render pages of two PDFs and compare their pixels: the baseline must draw the page playproof draws.

Usage: python benchmarks/page_compare.py A.pdf B.pdf [--pages 1,2,-1] [--dpi 100]
Prints one line per page compared and exits 1 when a page differs by more than the tolerance.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

LEVEL = 48
"""A pixel differs when a grey level differs by more than this (anti-aliasing differs by less)."""
TOLERANCE = 0.001
"""The largest share of a page's pixels that may differ (0.1 %: a few glyph edges, never a card or a line)."""


@dataclass
class PageDiff:
    """How one page of two PDFs differs."""

    page: int
    size: tuple[int, int]
    other_size: tuple[int, int]
    differing: float  # share of pixels differing by more than LEVEL

    @property
    def same(self) -> bool:
        """Return whether the page renders the same within the tolerance."""
        return self.size == self.other_size and self.differing <= TOLERANCE


def page_count(path: Path) -> int:
    """Return how many pages a PDF has."""
    import pypdfium2 as pdfium

    return len(pdfium.PdfDocument(str(path)))


def compare(first: Path, second: Path, pages: list[int], dpi: int = 100) -> list[PageDiff]:
    """Render the given pages (1-based; negative counts from the end) of both PDFs and compare them."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    a, b = pdfium.PdfDocument(str(first)), pdfium.PdfDocument(str(second))
    if len(a) != len(b):
        raise ValueError(f"{first.name} has {len(a)} pages, {second.name} {len(b)}")
    found = []
    for number in pages:
        index = number - 1 if number > 0 else len(a) + number
        x = a[index].render(scale=dpi / 72).to_pil().convert("L")
        y = b[index].render(scale=dpi / 72).to_pil().convert("L")
        differing = 1.0
        if x.size == y.size:
            histogram = ImageChops.difference(x, y).histogram()
            differing = sum(histogram[LEVEL + 1:]) / (x.size[0] * x.size[1])
        found.append(PageDiff(index + 1, x.size, y.size, differing))
    return found


def main() -> None:
    """Compare two PDFs from the command line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    parser.add_argument("--pages", default="1,2,-2,-1")
    parser.add_argument("--dpi", type=int, default=100)
    args = parser.parse_args()
    diffs = compare(args.first, args.second, [int(p) for p in args.pages.split(",")], args.dpi)
    for diff in diffs:
        print(f"page {diff.page}: {diff.differing:.5%} of pixels differ ({'same' if diff.same else 'DIFFERENT'})")
    sys.exit(0 if all(d.same for d in diffs) else 1)


if __name__ == "__main__":
    main()
