"""Every key layouts.toml accepts, by scope; a test asserts each one is documented in docs/layouts.md."""

from __future__ import annotations

TOP_KEYS = frozenset({"game", "data", "print", "sets"})
GAME_KEYS = frozenset({"name", "version", "paper"})
DATA_KEYS = frozenset({"sheets"})
PRINT_KEYS = frozenset(
    {"paper", "duplex", "back_offset", "fold", "margin", "crop_marks", "footer", "calibration"}
)
SET_KEYS = frozenset(
    {
        "sheet", "extends", "abstract", "size", "shape", "corner_radius", "bleed", "safe",
        "background", "border", "fonts", "hex", "side", "width", "diameter", "panels", "cells",
        "gap", "cut_lines", "overlap", "back", "elements", "data_columns",
    }
    | {"cut"}  # print-sheets: gutter or shared cut lines between pieces
)
CUTS = ("gutter", "shared")
BACK_KEYS = frozenset({"background", "border", "elements"})
BORDER_KEYS = frozenset({"colour", "width", "radius"})

SHAPES = ("rect", "hex", "circle", "board", "screen")
ELEMENT_TYPES = ("text", "rect", "circle", "line", "polygon", "image", "table")

_COMMON = {"type", "if", "x", "y", "width", "height", "cell", "panel"}
_PAINT = {"fill", "stroke", "stroke_width", "dash"}
_FONT = {"size", "font", "colour"}
ELEMENT_KEYS: dict[str, frozenset[str]] = {
    "text": frozenset(_COMMON | _FONT | {"text", "min_size", "align", "valign", "line_height", "rotation"}),
    "rect": frozenset(_COMMON | _PAINT | {"radius"}),
    "circle": frozenset(_COMMON | _PAINT | {"cx", "cy", "r"}),
    "line": frozenset(_COMMON | {"x1", "y1", "x2", "y2", "stroke", "stroke_width", "dash"}),
    "polygon": frozenset(_COMMON | _PAINT | {"cx", "cy", "r", "sides", "rotation"}),
    "image": frozenset(_COMMON | {"src", "rotation"}),
    "table": frozenset(
        _COMMON | _FONT | {"columns", "rows", "row_labels", "column_widths", "header_fill", "stroke",
                           "stroke_width", "header_height"}
    ),
}

# Lengths measured along x use the frame's width for %, along y its height, others its smaller side.
X_LENGTHS = frozenset({"x", "width", "cx", "x1", "x2"})
Y_LENGTHS = frozenset({"y", "height", "cy", "y1", "y2", "header_height"})
SIDE_LENGTHS = frozenset({"r", "radius", "stroke_width"})
FONT_LENGTHS = frozenset({"size", "min_size"})
LENGTH_KEYS = X_LENGTHS | Y_LENGTHS | SIDE_LENGTHS | FONT_LENGTHS


def all_keys() -> frozenset[str]:
    """Return every key accepted anywhere in layouts.toml."""
    keys = TOP_KEYS | GAME_KEYS | DATA_KEYS | PRINT_KEYS | SET_KEYS | BACK_KEYS | BORDER_KEYS
    for element_keys in ELEMENT_KEYS.values():
        keys |= element_keys
    return keys
