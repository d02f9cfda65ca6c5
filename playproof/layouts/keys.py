"""Every key layouts.toml accepts, by scope; a test asserts each one is documented in docs/layouts.md."""

from __future__ import annotations

from collections.abc import Iterable

TOP_KEYS = frozenset({"game", "data", "print", "sets"})
GAME_KEYS = frozenset({"name", "version", "author", "paper"})
DATA_KEYS = frozenset({"sheets", "url"})
PRINT_KEYS = frozenset(
    {"paper", "duplex", "back_offset", "fold", "margin", "crop_marks", "footer", "calibration", "version_mark"}
)
SET_KEYS = frozenset(
    {
        "sheet", "extends", "abstract", "size", "shape", "corner_radius", "bleed", "safe",
        "background", "border", "fonts", "hex", "side", "width", "diameter", "panels", "cells",
        "gap", "cut_lines", "overlap", "back", "elements", "data_columns",
    }
    | {"cut"}  # print-sheets: gutter or shared cut lines between pieces
    | {"rotate"}  # issue 11: may the sheet turn the pieces to fit more
)
CUTS = ("auto", "gutter", "shared")
BACK_KEYS = frozenset({"background", "border", "elements"})
BORDER_KEYS = frozenset({"colour", "width", "radius"})

SHAPES = ("rect", "hex", "circle", "board", "screen")
ELEMENT_TYPES = ("text", "rect", "circle", "line", "polygon", "image", "table")

_COMMON = {"type", "if", "x", "y", "width", "height", "cell", "panel", "bleed"}
_PAINT = {"fill", "stroke", "stroke_width", "dash", "opacity"}
_FONT = {"size", "font", "colour"}
_TEXT_EFFECTS = {"fit", "outline", "outline_width", "shadow", "opacity"}  # drawing over art (issue 11)
ELEMENT_KEYS: dict[str, frozenset[str]] = {
    "text": frozenset(_COMMON | _FONT | {"text", "min_size", "align", "valign", "line_height", "rotation"}
                          | _TEXT_EFFECTS),
    "rect": frozenset(_COMMON | _PAINT | {"radius"}),
    "circle": frozenset(_COMMON | _PAINT | {"cx", "cy", "r"}),
    "line": frozenset(_COMMON | {"x1", "y1", "x2", "y2", "stroke", "stroke_width", "dash", "opacity"}),
    "polygon": frozenset(_COMMON | _PAINT | {"cx", "cy", "r", "sides", "rotation"}),
    "image": frozenset(_COMMON | {"src", "rotation", "fit", "opacity"}),
    "table": frozenset(
        _COMMON | _FONT | {"columns", "rows", "row_labels", "column_widths", "header_fill", "stroke",
                           "stroke_width", "header_height"}
    ),
}

# Lengths measured along x use the frame's width for %, along y its height, others its smaller side.
X_LENGTHS = frozenset({"x", "width", "cx", "x1", "x2"})
Y_LENGTHS = frozenset({"y", "height", "cy", "y1", "y2", "header_height"})
SIDE_LENGTHS = frozenset({"r", "radius", "stroke_width", "outline_width"})
FONT_LENGTHS = frozenset({"size", "min_size"})
TEXT_FITS = ("shrink", "set", "none")
"""How a text element's size is chosen: shrink per card (default), the smallest size of the set, never shrink."""
IMAGE_FITS = ("contain", "cover", "stretch")
"""How an image fills its box: whole image inside (default), box covered and clipped, or distorted to the box."""
LENGTH_KEYS = X_LENGTHS | Y_LENGTHS | SIDE_LENGTHS | FONT_LENGTHS


def did_you_mean(word: str, choices: Iterable[str], shown: str = '"{}"') -> str:
    """Return '; did you mean "x"?' for the closest choice to a misspelt word, or "" when none is close."""
    import difflib  # only a misspelt word needs it: a build that finds none does not import it

    close = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=0.7)
    return f"; did you mean {shown.format(close[0])}?" if close else ""


def all_keys() -> frozenset[str]:
    """Return every key accepted anywhere in layouts.toml."""
    keys = TOP_KEYS | GAME_KEYS | DATA_KEYS | PRINT_KEYS | SET_KEYS | BACK_KEYS | BORDER_KEYS
    for element_keys in ELEMENT_KEYS.values():
        keys |= element_keys
    return keys
