"""Backs: where each back lands on its page (mirrored for duplex) and the back offset in each page's coordinates."""

from __future__ import annotations

from playproof.layouts.geometry import Box
from playproof.layouts.plan import Slot, Sheet, top_left

Turn = tuple[int, int, int, int]
"""A quarter-turn matrix (a, b, c, d): page vector (a*x + b*y, c*x + d*y) of a physical vector (x, y)."""

# The back offset is stated in the paper's physical directions, as a reader sees the back of the
# sheet: held portrait, turned over like a book page (about its long edge) from the front, x to
# the right and y down. Each back page gets it in its own coordinates. A landscape page lies on
# the paper turned a quarter counter-clockwise (IPP "landscape", what drivers do by default); a
# short-edge back is turned half a turn more, so it reads upright when flipped like a calendar.
TURNS: dict[tuple[bool, str], Turn] = {
    (False, "long"): (1, 0, 0, 1),
    (False, "short"): (-1, 0, 0, -1),
    (True, "long"): (0, -1, 1, 0),
    (True, "short"): (0, 1, -1, 0),
}


def reading_turn(sheet: Sheet, page_width: float, page_height: float) -> Turn:
    """Return the matrix turning the paper's physical directions into a back page's coordinates."""
    if sheet.duplex == "none" or sheet.fold:  # backs printed apart to glue: the offset is the page's own
        return (1, 0, 0, 1)
    return TURNS[(page_width > page_height, sheet.duplex)]


def page_offset(sheet: Sheet, page_width: float, page_height: float) -> tuple[float, float]:
    """Return the back offset (physical directions) in a back page's own coordinates."""
    a, b, c, d = reading_turn(sheet, page_width, page_height)
    dx, dy = sheet.back_offset
    return (a * dx + b * dy + 0.0, c * dx + d * dy + 0.0)


def mirror_axis(sheet: Sheet, page_width: float, page_height: float) -> str:
    """Return the axis backs are mirrored across: long-edge flips mirror x on portrait pages."""
    if sheet.duplex == "none":
        return ""
    portrait = page_height >= page_width
    long_edge = sheet.duplex == "long"
    return "x" if long_edge == portrait else "y"


def back_slot(front: Slot, sheet: Sheet, page_width: float, page_height: float, page: int,
              size: tuple[float, float] | None = None) -> Slot:
    """Return the back of a front slot: mirrored for duplex, shifted by the back offset (turned into the page's own
    coordinates, see page_offset).

    For a tiled part, size is the whole component's: its origin is mirrored with the whole
    component, so the back of each part shows the part of the back design behind it.
    """
    axis = mirror_axis(sheet, page_width, page_height)
    dx, dy = page_offset(sheet, page_width, page_height)
    trim = shifted_box(mirrored_box(front.trim, axis, page_width, page_height), dx, dy)
    art = shifted_box(mirrored_box(front.art, axis, page_width, page_height), dx, dy)
    origin = top_left(trim)
    if front.part is not None and size is not None:
        whole = Box(front.origin[0], front.origin[1], size[0], size[1])
        origin = top_left(shifted_box(mirrored_box(whole, axis, page_width, page_height), dx, dy))
    return Slot(front.copy, "back", page, trim, art, origin, axis, front.part, front.rotation)


def mirrored_box(box: Box, axis: str, page_width: float, page_height: float) -> Box:
    """Mirror a box across the page's vertical (x) or horizontal (y) centre line."""
    if axis == "x":
        return Box(page_width - box.right, box.y, box.width, box.height)
    if axis == "y":
        return Box(box.x, page_height - box.bottom, box.width, box.height)
    return box


def shifted_box(box: Box, dx: float, dy: float) -> Box:
    """Move a box."""
    return Box(box.x + dx, box.y + dy, box.width, box.height)


def fold_back(front: Slot, axis: str, page_width: float, page_height: float) -> Slot:
    """Return the back of a front slot on a gutter-fold page: mirrored across the fold."""
    trim = mirrored_box(front.trim, axis, page_width, page_height)
    art = mirrored_box(front.art, axis, page_width, page_height)
    return Slot(front.copy, "back", front.page, trim, art, top_left(trim), axis, rotation=front.rotation)
