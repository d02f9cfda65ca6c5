"""Write text-showing operators for TrueType fonts faster than reportlab, with the same bytes.

reportlab encodes every run of text character by character in Python (`TTFont.splitString`:
each character gets a code in a subset of the embedded font, the first time it is seen). Once
every character of a run has a code in the first subset, the run's bytes are a translation of
its characters: `str.translate` does that in C. Runs with a character not seen yet (or outside
the first subset) still go through reportlab, which gives the character its code.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics


class _FontCodes:
    """The codes the first subset of one font gives characters so far, in one document."""

    def __init__(self, font: Any) -> None:
        self.font = font
        self.seen = -1  # how many assignments the table was made from
        self.covered: frozenset[str] = frozenset()
        self.table: dict[int, str] = {}
        self.named: dict[tuple[float, float], str] = {}  # per size and leading: the operators naming subset 0

    def naming(self, doc: Any, size: float, leading: float) -> str:
        """Return the operators choosing the first subset at a size and leading (its name is fixed once given)."""
        found = self.named.get((size, leading))
        if found is None:
            name = self.font.getSubsetInternalName(0, doc)
            found = self.named[(size, leading)] = f"{name} {fp_str(size)} Tf {fp_str(leading)} TL "
        return found

    def refresh(self, doc: Any) -> None:
        """Read the codes reportlab has given since the last look."""
        state = self.font.state.get(doc)
        if state is None or len(state.assignments) == self.seen:
            return
        first = {code: chr(n) for code, n in state.assignments.items() if n < 256}
        self.table = first
        self.covered = frozenset(map(chr, first))
        self.seen = len(state.assignments)


Run = tuple[str, float, float, float, str]
"""A run of text to show: font name, size, x and baseline y (the text matrix is flipped: y runs down), text."""


class TextShower:
    """Shows runs of text the way reportlab's text objects do, encoding runs of known characters in C."""

    def __init__(self, canvas: Any) -> None:
        self.doc = canvas._doc
        self.escape = canvas._escape
        self.fonts: dict[str, _FontCodes | None] = {}
        self.scratch = canvas.beginText()  # formats the runs reportlab must encode (new characters)

    def codes(self, name: str) -> _FontCodes | None:
        """Return the codes of a font (None when reportlab does not subset it: not a TrueType font)."""
        codes = self.fonts.get(name, self)
        if codes is self:
            font = pdfmetrics.getFont(name)
            codes = self.fonts[name] = _FontCodes(font) if getattr(font, "_dynamicFont", 0) else None
        return codes  # type: ignore[return-value]

    def encoded(self, codes: _FontCodes, size: float, leading: float, run: str, subset: int) -> tuple[str, int]:
        """Return what reportlab's `_formatText` writes for a run at a size and leading, and the subset in use
        after it (the font is named again when the run starts in another subset)."""
        if not run or not codes.covered.issuperset(run):
            scratch = self.scratch
            scratch._fontname, scratch._fontsize, scratch._leading = codes.font.fontName, size, leading
            scratch._curSubset = subset
            shown = scratch._formatText(run)
            codes.refresh(self.doc)
            return shown, scratch._curSubset
        shown = f"({self.escape(run.translate(codes.table).encode('latin-1'))}) Tj"
        if subset != 0:
            shown = codes.naming(self.doc, size, leading) + shown
        return shown, 0

    def show(self, text: Any, run: str) -> None:
        """Append to a text object what `text._textOut(run)` would, at its current point and font."""
        codes = self.codes(text._fontname)
        if codes is None:
            text._textOut(run)
            return
        shown, text._curSubset = self.encoded(codes, text._fontsize, text._leading, run, text._curSubset)
        text._code.append(shown)

    def draw_string(self, canvas: Any, x: float, y: float, run: str) -> None:
        """Write a line of text at (x, y) in the canvas's font as `canvas.drawString` does (without measuring it)."""
        codes = self.codes(canvas._fontname)
        if codes is None:
            canvas.drawString(x, y, run)
            return
        shown, _ = self.encoded(codes, canvas._fontsize, canvas._leading, run, -1)
        canvas._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {shown} T* ET")

    def text_object(self, rgb: tuple[float, float, float], runs: list[Run]) -> str | None:
        """Return the operators of a text object showing runs in one colour, as reportlab writes them for
        beginText(), setFillColorRGB, and per run setFont (when it changes), setTextTransform(1, 0, 0, -1, x, y)
        and _textOut; None when a font is not a TrueType font (reportlab then writes it)."""
        code = ["BT 1 0 0 1 0 0 Tm", f"{fp_str(rgb)} rg"]
        append, escape = code.append, self.escape
        font, codes, subset = None, None, -1
        for name, size, x, y, run in runs:
            if name != font:
                font, codes, subset = name, self.codes(name), -1
                if codes is None:
                    return None
            append(f"1 0 0 -1 {fp_str(x, y)} Tm")  # fp_str writes each number on its own: the same text
            if run and codes.covered.issuperset(run):  # type: ignore[union-attr] # the common case
                shown = f"({escape(run.translate(codes.table).encode('latin-1'))}) Tj"  # type: ignore[union-attr]
                append(shown if subset == 0 else codes.naming(self.doc, size, size * 1.2) + shown)  # type: ignore
                subset = 0
                continue
            shown, subset = self.encoded(codes, size, size * 1.2, run, subset)  # type: ignore[arg-type]
            append(shown)
        append("ET")
        return " ".join(code)
