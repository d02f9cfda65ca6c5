"""Fonts: bundled DejaVu Sans plus TTF/OTF files from a project's fonts/ folder, with glyph checks."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from playproof.errors import PlayproofError
from playproof.records import FrozenRecord, SET

BUNDLED = Path(__file__).resolve().parent.parent / "fonts"
DEFAULT_FAMILY = "DejaVuSans"
_STYLE_SUFFIXES = {
    "regular": ("", "-Regular", "-Roman", "-Book"),
    "bold": ("-Bold",),
    "italic": ("-Italic", "-Oblique"),
    "bold_italic": ("-BoldItalic", "-BoldOblique"),
}
_REGISTERED: dict[str, Path] = {}


class Family(FrozenRecord):
    """A font family: the registered font name of each style (missing styles fall back to regular)."""

    __slots__ = ("name", "regular", "bold", "italic", "bold_italic")
    name: str
    regular: str
    bold: str
    italic: str
    bold_italic: str

    def __init__(self, name: str, regular: str, bold: str, italic: str, bold_italic: str) -> None:
        SET(self, "name", name)
        SET(self, "regular", regular)
        SET(self, "bold", bold)
        SET(self, "italic", italic)
        SET(self, "bold_italic", bold_italic)

    def style(self, bold: bool, italic: bool) -> str:
        """Return the font name for a style."""
        if bold and italic:
            return self.bold_italic
        return self.bold if bold else self.italic if italic else self.regular


def register(name: str, path: Path) -> None:
    """Register a TrueType font with reportlab under a name (idempotent for the same file)."""
    if _REGISTERED.get(name) == path:
        return
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except TTFError as exc:
        raise PlayproofError(
            f"fonts/{path.name}: cannot embed this font ({exc}); use a TrueType-flavoured .ttf or .otf file"
        ) from exc
    _REGISTERED[name] = path


WIDTHS_KEPT = 20_000
"""The most measured words kept per font (and pieces of rich text in all): memory does not grow with the deck."""


class FontBook:
    """The fonts a project can use: families by name, glyph coverage and cached text widths."""

    def __init__(self, project: Path | None = None) -> None:
        self.families: dict[str, Family] = {}
        self.paths: dict[str, Path] = {}
        self._widths: dict[tuple[str, str], float] = {}
        self._covered: dict[str, set[str]] = {}
        self._by_font: dict[str, dict[str, float]] = {}
        self._add_folder(BUNDLED)
        if project is not None and (project / "fonts").is_dir():
            self._add_folder(project / "fonts", project.resolve())

    def _add_folder(self, folder: Path, root: Path | None = None) -> None:
        """Find every .ttf/.otf of a folder and group them into families (registered when first used).

        A project's font must be inside the project (a symlink out of it is refused, as for images).
        """
        from playproof.layouts.assets import inside_project

        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".ttf", ".otf"))
        for path in files:
            inside_project(path, root, f"fonts/{path.name}")
        for path in files:
            self.paths[path.stem] = path
        for stem in self.paths:
            family = _family_of(stem)
            if family not in self.families or stem == family or stem.endswith("-Regular"):
                self.families[family] = self._family(family)
            self.families.setdefault(stem, Family(stem, stem, stem, stem, stem))

    def _family(self, family: str) -> Family:
        """Return a family whose missing styles fall back to its regular face."""
        found = {style: next((family + s for s in suffixes if family + s in self.paths), None)
                 for style, suffixes in _STYLE_SUFFIXES.items()}
        regular = found["regular"] or next(n for n in self.paths if _family_of(n) == family)
        bold = found["bold"] or regular
        italic = found["italic"] or regular
        return Family(family, regular, bold, italic, found["bold_italic"] or bold)

    def family(self, name: str) -> Family:
        """Return a family by name, or raise naming the available ones."""
        if name in self.families:
            return self.families[name]
        from playproof.layouts.keys import did_you_mean

        known = ", ".join(sorted(self.families))
        raise PlayproofError(f'unknown font "{name}"{did_you_mean(name, self.families)} (available: {known}; add .ttf '
                             "files to the project's fonts/ folder)")

    def width(self, text: str, font: str, size: float) -> float:
        """Return the width of text in a font at a size (cached per text and font)."""
        key = (text, font)
        unit = self._widths.get(key)
        if unit is None:
            self.ensure(font)
            unit = pdfmetrics.stringWidth(text, font, 1000.0) / 1000.0
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            self._widths[key] = unit
        return unit * size

    def unit_widths(self, font: str) -> dict[str, float]:
        """Return the cache of text widths at size 1 for one font (filled by unit_width)."""
        return self._by_font.setdefault(font, {})

    def unit_width(self, text: str, font: str) -> float:
        """Return and cache the width of text at size 1."""
        self.ensure(font)
        width = pdfmetrics.stringWidth(text, font, 1000.0) / 1000.0
        cache = self.unit_widths(font)
        if len(cache) >= WIDTHS_KEPT:  # a deck's vocabulary fits; numbered titles would grow it with the deck
            cache.clear()
        cache[text] = width
        return width

    def missing_glyphs(self, text: str, font: str) -> list[str]:
        """Return the characters of text the font has no glyph for (in order, each once)."""
        covered = self._covered.get(font)
        if covered is None:
            covered = self._covered[font] = set("\n\r\t")
        if covered.issuperset(text):  # the common case, without making a set of the text
            return []
        unknown = set(text) - covered
        if not unknown:
            return []
        self.ensure(font)
        cmap = pdfmetrics.getFont(font).face.charToGlyph
        covered.update(c for c in unknown if ord(c) in cmap)
        return [c for c in dict.fromkeys(text) if c not in covered]

    def ensure(self, font: str) -> None:
        """Register a font with reportlab before its first use."""
        path = self.paths[font]
        registered = _REGISTERED.get(font)
        if registered is path:  # the same file object: no path comparison
            return
        if registered is not None and registered == path:
            self.paths[font] = registered  # the same file: compared by identity from now on
            return
        register(font, path)

    def path(self, font: str) -> Path:
        """Return the file of a registered font."""
        return self.paths[font]


def _family_of(stem: str) -> str:
    """Return the family part of a font file stem (DejaVuSans-Bold -> DejaVuSans)."""
    for suffixes in (_STYLE_SUFFIXES["bold_italic"], _STYLE_SUFFIXES["bold"], _STYLE_SUFFIXES["italic"],
                     _STYLE_SUFFIXES["regular"][1:]):
        for suffix in suffixes:
            if stem.endswith(suffix):
                return stem[: -len(suffix)]
    return stem
