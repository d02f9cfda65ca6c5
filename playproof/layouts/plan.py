"""The vocabulary of an imposition plan: copies, slots, pages, sets, sheets, grids and marks.

Page coordinates are points from the page's top-left corner, y downwards. Nothing here draws;
every module that plans sheets (imposition, grids, backs, marks, nesting, sharing, tiling) imports
these names from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence, overload

from playproof.layouts.geometry import Box
from playproof.records import FrozenRecord, Record, SET
from playproof.units import mm

MARK_OFFSET = mm(1)  # crop marks start this far outside the art
MARK_LENGTH = mm(5)  # and are at most this long
MARK_ZONE = mm(2.5)  # room kept around the grid for crop marks (1.5 mm of mark at least)
FOOTER_HEIGHT = mm(5)
FOLD_GAP = mm(4)  # half the space kept free on either side of a gutter fold
ALIGN_SIZE = mm(3)  # half-length of an alignment crosshair on tiled parts
FOOTER_SIDE = mm(3)  # room for the footer running up the left margin of a tight grid
MIN_BLEED = mm(1)
NARROW_GAP = 2 * MIN_BLEED  # the narrowest gutter: 1 mm of bleed on each side of a cut
PAPER_FIT = mm(2)  # pieces this close to an exact division of the paper are printed edge to edge


class Mark(FrozenRecord):
    """A line segment to print: a crop mark, an alignment mark on a tiled part, or a fold line."""

    __slots__ = ("x1", "y1", "x2", "y2", "kind")
    x1: float
    y1: float
    x2: float
    y2: float
    kind: str  # crop | align | fold | cut | glue (the overlap of tiled parts)

    def __init__(self, x1: float, y1: float, x2: float, y2: float, kind: str = "crop") -> None:
        SET(self, "x1", x1)
        SET(self, "y1", y1)
        SET(self, "x2", x2)
        SET(self, "y2", y2)
        SET(self, "kind", kind)


@dataclass(frozen=True)
class Copy:
    """One physical component to place: its set, spreadsheet row, copy number and design index."""

    set: str
    row: int
    copy: int
    design: int


@dataclass(frozen=True)
class Slot:
    """One side of one copy on a page.

    trim: the component's cut box on the page (for a tiled part, the part's: the component's edges
    where it has them, the ends of its overlaps elsewhere);
    art: where drawing is clipped (the trim and its bleed); origin: where the component's top-left corner lies;
    mirrored: the back of a shaped piece is mirrored ("x" or "y" axis, "" for none);
    rotation: the piece is turned clockwise on the sheet by this many degrees (0, 90, 180 or 270):
    trim and art are its boxes on the page, turned; a back carries its front's rotation.
    """

    copy: Copy
    side: str
    page: int
    trim: Box
    art: Box
    origin: tuple[float, float]
    mirrored: str = ""
    part: int | None = None
    rotation: int = 0


@dataclass(frozen=True)
class PagePlan:
    """One page: its size, what it holds, marks and a footer label."""

    number: int
    width: float
    height: float
    side: str
    set: str | None
    slots: Sequence[Slot]  # a tuple, or a SlotRun (a grid page's slots, made when read)
    marks: tuple[Mark, ...] = ()
    kind: str = "sheet"  # sheet | calibration
    label: str = ""
    single: bool = False  # one component (or part) per page: the page gets a TrimBox and BleedBox
    footer_top: bool = False  # a back flipped top to bottom: its footer goes where the front's footer band lands
    footer: bool = True  # False where pieces cover the paper edge to edge
    footer_side: bool = False  # tight grids: the footer runs up the left margin
    reading: tuple[int, int, int, int] = (1, 0, 0, 1)  # calibration backs: physical directions -> page (backs.py)


def placed(cell: Slot, copy: Copy, page: int) -> Slot:
    """Return a grid cell holding a copy on a page: Slot(copy, cell.side, page, cell.trim, ...), made faster.

    A frozen dataclass sets each of its nine fields through object.__setattr__; the cell's are copied at once.
    """
    slot = _new(Slot)
    fields = slot.__dict__
    fields.update(cell.__dict__)
    fields["copy"], fields["page"], fields["part"] = copy, page, None
    return slot


_new = object.__new__


class SlotRun(Sequence[Slot]):
    """The slots of one grid page, made when read: copies[start:stop] in the page's cells.

    A compact plan: a page of a 50,000-card deck holds four numbers and two shared references,
    not a Slot per copy. It compares equal to the tuple of its slots.
    """

    __slots__ = ("copies", "start", "stop", "page", "cells")

    def __init__(self, copies: Sequence[Copy], start: int, stop: int, page: int, cells: Sequence[Slot]) -> None:
        self.copies, self.start, self.stop, self.page, self.cells = copies, start, stop, page, cells

    def __len__(self) -> int:
        return self.stop - self.start

    @overload
    def __getitem__(self, index: int) -> Slot: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Slot, ...]: ...

    def __getitem__(self, index: int | slice) -> Slot | tuple[Slot, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("slot index out of range")
        return placed(self.cells[index], self.copies[self.start + index], self.page)

    def __iter__(self) -> Iterator[Slot]:
        page = self.page
        for copy, cell in zip(self.copies[self.start:self.stop], self.cells):
            yield placed(cell, copy, page)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, SlotRun)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[Slot]) -> tuple[Slot, ...]:
        return tuple(self) + tuple(other)

    def __radd__(self, other: Sequence[Slot]) -> tuple[Slot, ...]:
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return f"SlotRun({tuple(self)!r})"

    def renumbered(self, page: int) -> SlotRun:
        """Return the same slots on another page number."""
        return SlotRun(self.copies, self.start, self.stop, page, self.cells)


@dataclass(frozen=True)
class SetJob:
    """What imposition needs to know about one set."""

    name: str
    width: float
    height: float
    bleed: float
    gap: float
    copies: Sequence[Copy]  # a tuple, or a compact sequence made when read (build.Copies)
    has_back: bool
    crop_marks: bool = True
    overlap: float = mm(10)
    edges: tuple[tuple[str, str], ...] = ()  # per design: the colour at its (front, back) edge, "" unknown
    honeycomb: bool = False  # round pieces: odd rows shifted half a step, rows closer together
    hex: str = ""  # hex tiles ("flat" or "pointy"): nested when that holds more than a square grid
    cells: tuple[tuple[float, float], ...] = ()  # a hex group's cell centres (the same in every row)
    hex_side: float = 0.0  # the side of each hex of a group
    rotate: bool = True  # the plan may turn the pieces 90 degrees when that fits more to a page
    narrow: bool = False  # a default gutter may narrow to NARROW_GAP when that fits more to a page


@dataclass(frozen=True)
class Sheet:
    """Paper and sheet-wide options."""

    width: float
    height: float
    margin: float = mm(4)
    duplex: str = "long"  # long | short | none
    back_offset: tuple[float, float] = (0.0, 0.0)
    fold: bool = False
    footer: bool = True
    crop_marks: bool = True
    calibration: bool = False
    share: bool = True  # the last sheets of small sets share paper (see layouts.sharing)


@dataclass(frozen=True)
class Grid:
    """A grid of equal cells on a page: where the first trim box starts, pitch, counts."""

    page_width: float
    page_height: float
    x0: float
    y0: float
    pitch_x: float
    pitch_y: float
    cols: int
    rows: int
    edge: bool = False  # pieces that tile the paper edge to edge (A5 pads on A4): no margin, no footer
    bleed_y: float | None = None  # tight grids: the outer bleed at the top and bottom, reduced to fit
    stagger: float = 0.0  # honeycomb: how far odd rows are shifted right
    stagger_y: float = 0.0  # flat-top hex honeycomb: how far odd columns are shifted down
    rotation: int = 0  # the pieces are turned 90 degrees clockwise to fit more (see turned)
    bleed: float | None = None  # one piece that fits only with less outer bleed: the bleed kept
    gap: float | None = None  # a gutter narrowed to fit more pieces: the gap kept

    @property
    def per_page(self) -> int:
        """Return how many components one page holds."""
        return self.cols * self.rows


class Plan(Record):
    """The whole imposition: pages in print order, and warnings about choices made."""

    __slots__ = ("pages", "warnings")
    pages: list[PagePlan]
    warnings: list[str]

    def __init__(self, pages: list[PagePlan] | None = None, warnings: list[str] | None = None) -> None:
        self.pages = [] if pages is None else pages
        self.warnings = [] if warnings is None else warnings

    def slots(self) -> Iterator[Slot]:
        """Yield every slot of every page."""
        for page in self.pages:
            yield from page.slots


def top_left(box: Box) -> tuple[float, float]:
    """Return a box's top-left corner."""
    return (box.x, box.y)


def footer_band(sheet: Sheet) -> float:
    """Return the height kept for the footer at the bottom of a page."""
    return FOOTER_HEIGHT if sheet.footer else 0.0
