"""Component shapes: named sizes, hex and hex-group geometry, and cut outlines (points, y down)."""

from __future__ import annotations

import math
from typing import Callable

from playproof.records import FrozenRecord, SET
from playproof.units import mm

Point = tuple[float, float]

NAMED_SIZES: dict[str, tuple[float, float]] = {
    # true sizes of the usual card stocks (poker 2.5 x 3.5 in, bridge 2.25 x 3.5 in)
    "poker": (mm(63.5), mm(88.9)),
    "bridge": (mm(57.15), mm(88.9)),
    "euro": (mm(59), mm(92)),
    "mini-euro": (mm(45), mm(68)),
    "mini": (mm(44), mm(63)),
    "tarot": (mm(70), mm(120)),
    "square": (mm(70), mm(70)),
}

PAPER_SHARES: dict[str, tuple[int, int]] = {
    # sizes that follow the paper of the build: how many pieces across and down a portrait sheet
    "page": (1, 1),
    "half-page": (1, 2),
    "quarter-page": (2, 2),
}

SQRT3 = math.sqrt(3.0)


def paper_share_size(name: str, paper_width: float, paper_height: float) -> tuple[float, float]:
    """Return the upright size of a paper-relative piece: a page, half a page (A5 on A4, half-letter on
    Letter: two to a sheet, edge to edge) or a quarter of one."""
    short, long = sorted((paper_width, paper_height))
    if name == "half-page":
        return long / 2, short
    across, down = PAPER_SHARES[name]
    return short / across, long / down


class Box(FrozenRecord):
    """An axis-aligned box: x, y of its top-left corner, width and height (points, y down)."""

    __slots__ = ("x", "y", "width", "height")
    x: float
    y: float
    width: float
    height: float

    def __init__(self, x: float, y: float, width: float, height: float) -> None:
        SET(self, "x", x)
        SET(self, "y", y)
        SET(self, "width", width)
        SET(self, "height", height)

    @property
    def right(self) -> float:
        """Return the x of the right edge."""
        return self.x + self.width

    @property
    def bottom(self) -> float:
        """Return the y of the bottom edge."""
        return self.y + self.height

    def grow(self, left: float, top: float, right: float, bottom: float) -> Box:
        """Return the box grown outwards by the given amounts on each side."""
        return Box(self.x - left, self.y - top, self.width + left + right, self.height + top + bottom)

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        """Return whether another box lies entirely inside this one."""
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )

    def overlaps(self, other: Box, tolerance: float = 1e-6) -> bool:
        """Return whether two boxes share any area."""
        return (
            self.x < other.right - tolerance
            and other.x < self.right - tolerance
            and self.y < other.bottom - tolerance
            and other.y < self.bottom - tolerance
        )


class Outline(FrozenRecord):
    """The cut shape of a component: a rounded rect, a circle, or polygon loops (hexes, groups)."""

    __slots__ = ("kind", "width", "height", "radius", "loops")
    kind: str  # "rect" | "circle" | "polygon"
    width: float
    height: float
    radius: float
    loops: tuple[tuple[Point, ...], ...]

    def __init__(
        self,
        kind: str,
        width: float,
        height: float,
        radius: float = 0.0,
        loops: tuple[tuple[Point, ...], ...] = (),
    ) -> None:
        SET(self, "kind", kind)
        SET(self, "width", width)
        SET(self, "height", height)
        SET(self, "radius", radius)
        SET(self, "loops", loops)

    def mirrored(self, horizontal: bool) -> Outline:
        """Return the outline mirrored across its vertical (horizontal=True) or horizontal axis."""
        if self.kind != "polygon":
            return self
        flip = (
            (lambda p: (self.width - p[0], p[1])) if horizontal else (lambda p: (p[0], self.height - p[1]))
        )
        loops = tuple(tuple(map(flip, loop)) for loop in self.loops)
        return Outline(self.kind, self.width, self.height, self.radius, loops)


def hex_size(orientation: str, side: float) -> tuple[float, float]:
    """Return the bounding width and height of one hex of the given side."""
    return (2 * side, SQRT3 * side) if orientation == "flat" else (SQRT3 * side, 2 * side)


def hex_side_from_width(orientation: str, width: float) -> float:
    """Return the side of a hex whose bounding box has the given width."""
    return width / 2 if orientation == "flat" else width / SQRT3


def hex_corners(orientation: str, cx: float, cy: float, side: float) -> tuple[Point, ...]:
    """Return the six corners of a hex centred at (cx, cy), clockwise on screen."""
    start = 0.0 if orientation == "flat" else 30.0
    return tuple(
        (cx + side * math.cos(math.radians(start + 60 * i)), cy + side * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    )


def axial_centre(orientation: str, q: int, r: int, side: float) -> Point:
    """Return the centre of axial cell (q, r) relative to cell (0, 0)."""
    if orientation == "flat":
        return (1.5 * side * q, SQRT3 * side * (r + q / 2))
    return (SQRT3 * side * (q + r / 2), 1.5 * side * r)


class HexGroup(FrozenRecord):
    """Connected hexes cut as one piece: their cell boxes and the group's outline."""

    __slots__ = ("orientation", "side", "cells", "centres", "width", "height")
    orientation: str
    side: float
    cells: tuple[tuple[int, int], ...]
    centres: tuple[Point, ...]
    width: float
    height: float

    def __init__(
        self,
        orientation: str,
        side: float,
        cells: tuple[tuple[int, int], ...],
        centres: tuple[Point, ...],
        width: float,
        height: float,
    ) -> None:
        SET(self, "orientation", orientation)
        SET(self, "side", side)
        SET(self, "cells", cells)
        SET(self, "centres", centres)
        SET(self, "width", width)
        SET(self, "height", height)

    def cell_box(self, index: int) -> Box:
        """Return the bounding box of one cell of the group."""
        w, h = hex_size(self.orientation, self.side)
        cx, cy = self.centres[index]
        return Box(cx - w / 2, cy - h / 2, w, h)

    def outline(self, grow: float = 0.0) -> Outline:
        """Return the cut outline (grow > 0: each hex enlarged, for the bleed area)."""
        side = self.side + grow * 2 / SQRT3
        hexes = [hex_corners(self.orientation, cx, cy, side) for cx, cy in self.centres]
        loops = tuple(hexes) if grow else boundary_loops(hexes, self.lattice_unit())
        return Outline("polygon", self.width, self.height, loops=loops)

    def lattice_unit(self) -> Point:
        """Return the step in x and y between hex corners of the grid (corners are whole multiples)."""
        half, rise = self.side / 2, self.side * SQRT3 / 2
        return (half, rise) if self.orientation == "flat" else (rise, half)


def hex_group(orientation: str, side: float, cells: tuple[tuple[int, int], ...]) -> HexGroup:
    """Lay out axial cells so the group's bounding box starts at (0, 0)."""
    w, h = hex_size(orientation, side)
    raw = [axial_centre(orientation, q, r, side) for q, r in cells]
    left = min(x for x, _ in raw) - w / 2
    top = min(y for _, y in raw) - h / 2
    centres = tuple((x - left, y - top) for x, y in raw)
    width = max(x for x, _ in centres) + w / 2
    height = max(y for _, y in centres) + h / 2
    return HexGroup(orientation, side, cells, centres, width, height)


def boundary_loops(polygons: list[tuple[Point, ...]], unit: Point) -> tuple[tuple[Point, ...], ...]:
    """Return the outer boundary of touching polygons: edges shared by two polygons cancel.

    Corners are identified on the lattice of `unit` steps, so float noise never splits a shared corner.
    """
    def key(p: Point) -> tuple[int, int]:
        """Return a corner's whole-number position on the hex lattice."""
        return (round(p[0] / unit[0]), round(p[1] / unit[1]))

    edges: dict[tuple, tuple[Point, Point]] = {}
    for poly in polygons:
        for a, b in zip(poly, poly[1:] + poly[:1]):
            undirected = tuple(sorted((key(a), key(b))))
            if undirected in edges:
                del edges[undirected]  # an inner edge between two cells is not cut
            else:
                edges[undirected] = (a, b)
    return _chain(list(edges.values()), key)


def _chain(edges: list[tuple[Point, Point]], key: Callable[[Point], tuple[int, int]]
           ) -> tuple[tuple[Point, ...], ...]:
    """Join directed edges end to start into closed loops."""
    starts = {key(a): (a, b) for a, b in edges}
    loops = []
    while starts:
        first_key, (a, b) = next(iter(starts.items()))
        del starts[first_key]
        loop = [a]
        while key(b) in starts:
            loop.append(b)
            a, b = starts.pop(key(b))
        loops.append(tuple(loop))
    return tuple(loops)


def rect_outline(width: float, height: float, radius: float = 0.0) -> Outline:
    """Return a (rounded) rectangle outline."""
    return Outline("rect", width, height, radius=radius)


def circle_outline(diameter: float) -> Outline:
    """Return a circle outline."""
    return Outline("circle", diameter, diameter, radius=diameter / 2)


def hex_outline(orientation: str, side: float) -> Outline:
    """Return a single hex outline."""
    return hex_group(orientation, side, ((0, 0),)).outline()


def grown(outline: Outline, amount: float) -> Outline:
    """Return the outline grown outwards by amount (the bleed area), positioned at (-amount, -amount)."""
    if outline.kind == "polygon":
        raise ValueError("grow polygon outlines through their HexGroup")
    radius = outline.radius + amount if outline.radius else 0.0
    return Outline(outline.kind, outline.width + 2 * amount, outline.height + 2 * amount, radius=radius)
