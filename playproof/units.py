"""Lengths in any spelling ("63mm", "2.5in", "18pt", "50%"), parsed once into points."""

from __future__ import annotations

import re

from playproof.errors import PlayproofError

POINTS_PER: dict[str, float] = {
    "pt": 1.0,
    "in": 72.0,
    "mm": 72.0 / 25.4,
    "cm": 72.0 / 2.54,
}

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt|%)?\s*$")


def parse_length(value: str | int | float, reference: float | None = None) -> float:
    """Return a length in points; bare numbers are mm; percent needs a reference length."""
    if isinstance(value, bool):
        raise PlayproofError(f"{value!r} is not a length (use e.g. 63mm, 2.5in, 18pt, 50%)")
    if isinstance(value, (int, float)):
        return float(value) * POINTS_PER["mm"]
    match = _LENGTH.match(str(value))
    if not match:
        raise PlayproofError(f"{value!r} is not a length (use e.g. 63mm, 2.5in, 18pt, 50%)")
    number, unit = float(match.group(1)), match.group(2) or "mm"
    if unit == "%":
        if reference is None:
            raise PlayproofError(f"{value!r}: a percentage is not allowed here")
        return number / 100.0 * reference
    return number * POINTS_PER[unit]


def to_mm(points: float) -> float:
    """Convert points to millimetres."""
    return points / POINTS_PER["mm"]


def mm(value: float) -> float:
    """Convert millimetres to points."""
    return value * POINTS_PER["mm"]
