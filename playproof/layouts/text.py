"""Rich text (**bold**, *italic*, :icon:) wrapped with real font metrics and shrunk to fit a box."""

from __future__ import annotations

import re
from typing import Callable

from playproof.layouts.fonts import Family, FontBook
from playproof.records import FrozenRecord, Record, SET

_MARKUP = re.compile(r"(\\\*|\*\*|\*|:[A-Za-z0-9_\-]+:|\n| +)")
ICON_SCALE = 0.9  # an inline icon is this fraction of the font size tall, standing on the baseline
SIZE_STEP = 0.25  # shrink-to-fit searches font sizes in quarter points


class Piece(Record):
    """A run of one style inside a word: text, or an icon (text is then the icon's name)."""

    __slots__ = ("text", "bold", "italic", "icon")
    text: str
    bold: bool
    italic: bool
    icon: bool

    def __init__(self, text: str, bold: bool = False, italic: bool = False, icon: bool = False) -> None:
        self.text = text
        self.bold = bold
        self.italic = italic
        self.icon = icon


class Placed(Record):
    """A piece placed on a line: x offset from the line start, font (None for icons), width."""

    __slots__ = ("dx", "piece", "font", "width")
    dx: float
    piece: Piece
    font: str | None
    width: float

    def __init__(self, dx: float, piece: Piece, font: str | None, width: float) -> None:
        self.dx = dx
        self.piece = piece
        self.font = font
        self.width = width


class Line(Record):
    """One wrapped line: its placed pieces and total width."""

    __slots__ = ("pieces", "width")
    pieces: tuple[Placed, ...]
    width: float

    def __init__(self, pieces: tuple[Placed, ...], width: float) -> None:
        self.pieces = pieces
        self.width = width


class TextBlock(Record):
    """Text laid out at one size: lines, line spacing, and whether it fits its box."""

    __slots__ = ("lines", "size", "leading", "fits")
    lines: tuple[Line, ...]
    size: float
    leading: float
    fits: bool

    def __init__(self, lines: tuple[Line, ...], size: float, leading: float, fits: bool) -> None:
        self.lines = lines
        self.size = size
        self.leading = leading
        self.fits = fits

    @property
    def height(self) -> float:
        """Return the height the lines take."""
        return len(self.lines) * self.leading

    @property
    def width(self) -> float:
        """Return the width of the widest line."""
        return max((line.width for line in self.lines), default=0.0)


def parse_rich(text: str, is_icon: Callable[[str], bool]) -> list[list[Piece] | str]:
    """Split rich text into words (lists of pieces) and the separators " " and "\\n"."""
    bold = italic = False
    words: list[list[Piece] | str] = []
    current: list[Piece] = []
    for token in _MARKUP.split(text):
        if not token:
            continue
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\n" or token.startswith(" "):
            if current:
                words.append(current)
                current = []
            words.append("\n" if token == "\n" else " ")
        elif token.startswith(":") and len(token) > 2 and token.endswith(":") and is_icon(token[1:-1]):
            current.append(Piece(token[1:-1], icon=True))
        else:
            current.append(Piece("*" if token == "\\*" else token, bold, italic))
    if current:
        words.append(current)
    return words


class PlainText(FrozenRecord):
    """Text in one style without icons or newlines: wrapped by a faster path with the same result."""

    __slots__ = ("words", "bold")
    words: tuple[str, ...]
    bold: bool

    def __init__(self, words: tuple[str, ...], bold: bool = False) -> None:
        SET(self, "words", words)
        SET(self, "bold", bold)


def parse_text(text: str, is_icon: Callable[[str], bool]) -> list[list[Piece] | str] | PlainText:
    """Return plain words when the text is in one style (plain, or bold throughout), else rich words."""
    bold = text.startswith("**") and text.endswith("**") and len(text) > 4
    inner = text[2:-2] if bold else text
    if "*" in inner or ":" in inner or "\n" in inner or "\\" in inner:
        return parse_rich(text, is_icon)
    return PlainText(tuple(inner.split()), bold)


class Typesetter:
    """Wraps parsed words into lines with a font book's metrics."""

    def __init__(self, fonts: FontBook, icon_aspect: Callable[[str], float]) -> None:
        self.fonts = fonts
        self.icon_aspect = icon_aspect

    def layout(self, words: list[list[Piece] | str] | PlainText, family: Family, size: float, width: float,
               height: float, line_height: float = 1.2) -> TextBlock:
        """Wrap words into lines no wider than width at one size."""
        if isinstance(words, PlainText):
            return self._layout_plain(words, family, size, width, height, line_height)
        lines: list[Line] = []
        line: list[Placed] = []
        x = 0.0
        pending_space = False
        space = self.fonts.width(" ", family.regular, size)
        for word in words:
            if word == "\n":
                lines.append(_line(line))
                line, x, pending_space = [], 0.0, False
                continue
            if word == " ":
                pending_space = bool(line)
                continue
            placed, word_width = self._place(word, family, size)
            gap = space if pending_space else 0.0
            if line and x + gap + word_width > width + 1e-6:
                lines.append(_line(line))
                line, x, gap = [], 0.0, 0.0
            if not line and word_width > width + 1e-6:
                broken = self._break_word(word, family, size, width)
                lines.extend(broken[:-1])
                placed, word_width = list(broken[-1].pieces), broken[-1].width
            for index, p in enumerate(placed):
                _append(line, Placed(p.dx + x + gap, p.piece, p.font, p.width), gap > 0 and index == 0, family)
            x += gap + word_width
            pending_space = False
        if line or not lines:
            lines.append(_line(line))
        leading = size * line_height
        widest = max(ln.width for ln in lines)
        fits = len(lines) * leading <= height + 1e-6 and widest <= width + 1e-6
        return TextBlock(tuple(lines), size, leading, fits)

    def _layout_plain(self, text: PlainText, family: Family, size: float, width: float, height: float,
                      line_height: float) -> TextBlock:
        """Wrap plain words greedily (one run per line); a word wider than the box takes the rich path."""
        font = family.bold if text.bold else family.regular
        known = self.fonts.unit_widths(font)
        words = text.words
        units = list(map(known.get, words))
        if None in units:  # words not measured before
            measure = self.fonts.unit_width
            units = [unit if unit is not None else measure(word, font) for unit, word in zip(units, words)]
        limit = width / size + 1e-9  # compare at size 1
        if units and max(units) > limit:
            rich: list[list[Piece] | str] = []
            for item in words:
                rich += [[Piece(item, bold=text.bold)], " "]
            return self.layout(rich[:-1], family, size, width, height, line_height)
        space = known[" "] if " " in known else measure(" ", font)
        breaks: list[tuple[int, int, float]] = []
        start, x = 0, 0.0
        for index, unit in enumerate(units):
            if index == start:
                x = unit
            elif x + space + unit > limit:
                breaks.append((start, index, x))
                start, x = index, unit
            else:
                x += space + unit
        breaks.append((start, len(words), x))
        bold = text.bold
        lines = tuple([Line((Placed(0.0, Piece(" ".join(words[a:b]), bold), font, w * size),), w * size)
                       if b > a else Line((), 0.0) for a, b, w in breaks])
        leading = size * line_height
        widest = max(line.width for line in lines)
        return TextBlock(lines, size, leading, len(lines) * leading <= height + 1e-6 and widest <= width + 1e-6)

    def _place(self, word: list[Piece], family: Family, size: float) -> tuple[list[Placed], float]:
        """Lay the pieces of one word side by side; return them and the word's width."""
        placed, x = [], 0.0
        for piece in word:
            if piece.icon:
                w = size * ICON_SCALE * self.icon_aspect(piece.text)
                placed.append(Placed(x, piece, None, w))
            else:
                font = family.style(piece.bold, piece.italic)
                w = self.fonts.width(piece.text, font, size)
                placed.append(Placed(x, piece, font, w))
            x += w
        return placed, x

    def _break_word(self, word: list[Piece], family: Family, size: float, width: float) -> list[Line]:
        """Break a word wider than the box between characters (a long URL still wraps)."""
        chars = [p if p.icon else Piece(c, p.bold, p.italic) for p in word for c in ([p.text] if p.icon else p.text)]
        lines: list[Line] = []
        line: list[Placed] = []
        x = 0.0
        for piece in chars:
            (placed,), w = self._place([piece], family, size)
            if line and x + w > width + 1e-6:
                lines.append(_line(line))
                line, x = [], 0.0
            line.append(Placed(x, placed.piece, placed.font, w))
            x += w
        lines.append(_line(line))
        return lines

    def fit(self, words: list[list[Piece] | str] | PlainText, family: Family, size: float, min_size: float,
            width: float, height: float, line_height: float = 1.2) -> TextBlock:
        """Return the largest size between min_size and size at which the text fits (or min_size)."""
        block = self.layout(words, family, size, width, height, line_height)
        if block.fits or min_size >= size:
            return block
        smallest = self.layout(words, family, min_size, width, height, line_height)
        if not smallest.fits:
            return smallest
        low, high = 0, int((size - min_size) / SIZE_STEP)  # low fits, high does not
        best = smallest
        while high - low > 1:
            mid = (low + high) // 2
            trial = self.layout(words, family, min_size + mid * SIZE_STEP, width, height, line_height)
            low, high, best = (mid, high, trial) if trial.fits else (low, mid, best)
        return best


def _append(line: list[Placed], placed: Placed, after_space: bool, family: Family) -> None:
    """Add a piece to a line, merging it into the previous run of the same font (fewer draw calls)."""
    last = line[-1] if line else None
    same_font = last is not None and last.font is not None and last.font == placed.font
    # across a space only regular text merges: the space was measured in the regular face
    if last is None or not same_font or (after_space and placed.font != family.regular):
        line.append(placed)
        return
    text = last.piece.text + (" " if after_space else "") + placed.piece.text
    line[-1] = Placed(last.dx, Piece(text, last.piece.bold, last.piece.italic), last.font,
                      placed.dx + placed.width - last.dx)


def _line(placed: list[Placed]) -> Line:
    """Close a line: its width is where its last piece ends."""
    width = placed[-1].dx + placed[-1].width if placed else 0.0
    return Line(tuple(placed), width)
