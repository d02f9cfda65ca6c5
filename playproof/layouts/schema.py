"""The type and range of every layouts.toml key, checked once before anything uses a value.

A wrong type (`fonts = "x"`, `rows = [1]`) or an absurd value (`sides = 100000000`, a 10 m card,
`inf`) is reported with the file, set, element and key, and the key is dropped so its default is
used: nothing downstream sees a value of the wrong type, a zero size or a runaway count.
"""

from __future__ import annotations

import math
from typing import Any

from playproof.errors import Location, PlayproofError, Problems
from playproof.units import parse_length

LAYOUTS = "layouts.toml"
MAX_LENGTH_MM = 2000.0
"""The longest length accepted anywhere (2 m: a board tiled over many sheets is smaller)."""
MAX_FONT_PT = 500.0
"""The largest font size (a 17 cm letter)."""
MAX_SIDES = 100
"""The most sides a polygon may have (more is a circle)."""
MAX_PANELS = 12
"""The most panels a screen or board may fold into."""
MAX_TABLE_ROWS = 500
"""The most rows a table element may have."""
MAX_TABLE_COLUMNS = 100
"""The most columns a table element may have."""
MAX_CELLS = 200
"""The most hexes a hex group may have."""
MAX_ELEMENTS = 1000
"""The most elements one side may have."""
MAX_SETS = 1000
"""The most sets layouts.toml may define."""
MAX_LAYOUTS_BYTES = 1024 * 1024
"""The largest layouts.toml read (1 MB: real ones are a few kB)."""

TEXT, BOOL, INT, NUMBER, LENGTH, LIST, TABLE, SCALAR = "text", "bool", "int", "number", "length", "list", "table", \
    "text or number"
"""The kinds a key may have."""

_PYTHON: dict[str, tuple[type, ...]] = {
    TEXT: (str,), BOOL: (bool,), INT: (int,), NUMBER: (int, float), LENGTH: (str, int, float), LIST: (list,),
    TABLE: (dict,), SCALAR: (str, int, float),
}
_SAY = {TEXT: "text in quotes", BOOL: "true or false", INT: "a whole number", NUMBER: "a number",
        LENGTH: 'a length like "3mm"', LIST: "a list [...]", TABLE: "a table { ... }", SCALAR: "text or a number"}

GAME = {"name": SCALAR, "version": SCALAR, "author": TEXT, "paper": TEXT}
DATA = {"sheets": LIST, "url": (TEXT, TABLE)}  # url: checked and fetched by components.remote
PRINT = {"paper": TEXT, "duplex": TEXT, "back_offset": (TEXT, LIST), "fold": BOOL, "margin": LENGTH,
         "crop_marks": BOOL, "footer": BOOL, "calibration": BOOL}
SET = {"sheet": TEXT, "extends": TEXT, "abstract": BOOL, "size": (TEXT, LIST), "shape": TEXT,
       "corner_radius": LENGTH, "bleed": LENGTH, "safe": LENGTH, "background": TEXT, "fonts": TABLE, "hex": TEXT,
       "side": LENGTH, "width": LENGTH, "diameter": LENGTH, "cells": (TEXT, LIST), "gap": LENGTH,
       "cut_lines": BOOL, "overlap": LENGTH, "data_columns": LIST}
"""Set keys and their kinds (border, back, elements and panels have their own, more specific checks)."""
SET["cut"] = TEXT  # print-sheets: "auto" | "gutter" | "shared", checked by spec.parse_cut
SET["rotate"] = BOOL  # issue 11: false keeps the pieces upright on the sheet
BACK = {"background": TEXT}
ELEMENT = {"type": TEXT, "if": TEXT, "cell": (INT, TEXT), "panel": (INT, TEXT), "text": SCALAR, "src": TEXT,
           "align": TEXT, "valign": TEXT, "line_height": (NUMBER, TEXT), "rotation": (NUMBER, TEXT),
           "font": TEXT, "colour": TEXT, "fill": TEXT, "stroke": TEXT, "header_fill": TEXT, "dash": LIST,
           "sides": (INT, TEXT), "rows": INT, "columns": LIST, "row_labels": LIST, "column_widths": LIST,
           # drawing over art (issue 11): opacity, full-bleed boxes, image and text fit, text effects
           "opacity": (NUMBER, TEXT), "bleed": BOOL, "fit": TEXT, "outline": TEXT, "shadow": TEXT}
"""Element keys that are not lengths (lengths are checked by parse_length_value)."""

POSITIVE = frozenset({"side", "width", "diameter"})
"""Set lengths that must be more than zero (a component needs a size)."""
NOT_NEGATIVE = frozenset({"corner_radius", "bleed", "safe", "gap", "overlap", "margin"})
"""Set and print lengths that may be zero but not negative."""
ELEMENT_NOT_NEGATIVE = frozenset({"width", "height", "r", "radius", "stroke_width", "header_height",
                                  "outline_width"})
"""Element lengths that may not be negative."""
ELEMENT_RANGES: dict[str, tuple[float, float]] = {
    "sides": (3, MAX_SIDES), "rows": (1, MAX_TABLE_ROWS), "line_height": (0.1, 10.0), "cell": (1, MAX_CELLS),
    "panel": (1, MAX_PANELS), "opacity": (0.0, 1.0)}
"""Numbers an element key must lie between (inclusive)."""


def typed(table: dict[str, Any], kinds: dict[str, Any], where: str, problems: Problems) -> dict[str, Any]:
    """Return table without the keys whose value has the wrong type, reporting each (unknown keys stay)."""
    kept: dict[str, Any] = {}
    for key, value in table.items():
        kind = kinds.get(key)
        if kind is None or is_kind(value, kind):
            kept[key] = value
        else:
            alternatives = kind if isinstance(kind, tuple) else (kind,)
            problems.error(Location(LAYOUTS), f"{where}: {key} must be {' or '.join(_SAY[k] for k in alternatives)}, "
                                              f"not {shown(value)}")
    return kept


def is_kind(value: Any, kind: str | tuple[str, ...]) -> bool:
    """Return whether a TOML value has a kind (a bool is not a number; a number is finite)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for one in kinds:
        if isinstance(value, bool) and one != BOOL:
            continue
        if isinstance(value, _PYTHON[one]) and (not isinstance(value, float) or math.isfinite(value)):
            return True
    return False


def shown(value: Any) -> str:
    """Return a TOML value as a short text for a message."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return str(value).lower()
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def checked_length(value: Any, reference: float | None = None) -> float:
    """Parse a length and refuse inf, nan and lengths beyond MAX_LENGTH_MM."""
    if isinstance(value, float) and not math.isfinite(value):
        raise PlayproofError(f"{value} is not a length (use e.g. 63mm, 2.5in, 18pt, 50%)")
    points = parse_length(value, reference)
    percent = isinstance(value, str) and value.strip().endswith("%")
    limit = 100.0 * abs(reference or 0.0) if percent else MAX_LENGTH_MM * 72.0 / 25.4  # 10,000 % at most
    if not math.isfinite(points) or abs(points) > limit:
        longest = "10000 %" if percent else f"{MAX_LENGTH_MM / 1000:g} m"
        raise PlayproofError(f"{shown(value)} is longer than {longest}, the longest length accepted "
                             "(see docs/limits.md)")
    return points


def in_range(key: str, value: Any) -> str | None:
    """Return why an element's number is out of its range, or None (templates are checked when drawn)."""
    bounds = ELEMENT_RANGES.get(key)
    if bounds is None or isinstance(value, str) and "{" in value:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return f"{key} must be a number, not {shown(value)}"
    low, high = bounds
    if not low <= number <= high:
        return f"{key} = {shown(value)} must be between {low:g} and {high:g}"
    return None
