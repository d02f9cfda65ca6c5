"""Imposition as a pure plan: which copy goes where on which page, and the marks to cut by.

Page coordinates are points from the page's top-left corner, y downwards. Nothing here draws.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace
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


def plan(jobs: list[SetJob], sheet: Sheet) -> Plan:
    """Impose every set: each set starts on a new page; backs follow their fronts.

    For duplex printing every front page is followed by its back page (a blank one when the set
    has no backs), so a front never lands on the back of another sheet.
    """
    result = Plan()
    if sheet.calibration:
        result.pages.extend(calibration_pages(sheet))
    for job in jobs:
        if job.copies:
            result.pages.extend(impose_set(job, sheet, len(result.pages) + 1, result.warnings))
    if sheet.share:
        from playproof.layouts.sharing import share

        by_name = {job.name: job for job in jobs}

        @functools.lru_cache(maxsize=None)  # a guest is tried against every host of the other orientation
        def relay(name: str, copies: tuple[Copy, ...], landscape: bool) -> list[PagePlan] | None:
            return relaid(by_name[name], copies, sheet, landscape)

        result.pages = share(result.pages, sheet, relay)
    result.pages = [_one_piece(page) for page in result.pages]
    if duplex_pairs(sheet):
        result.pages = paired(result.pages)
    else:
        result.pages = [_renumbered(page, number) for number, page in enumerate(result.pages, start=1)]
    result.warnings.extend(shared_cut_warnings(result, jobs))
    return result


def _one_piece(page: PagePlan) -> PagePlan:
    """Return a page that holds a single piece (or part) marked single: it gets a TrimBox and BleedBox."""
    one = page.kind == "sheet" and len(page.slots) == 1
    return replace(page, single=True) if one and not page.single else page


def shared_cut_warnings(result: Plan, jobs: list[SetJob]) -> list[str]:
    """Return one warning per set whose touching neighbours have different edge colours.

    Pieces that share a cut line show a sliver of the neighbour's colour when the cut is off by a hair.
    """
    by_name = {job.name: job for job in jobs}
    warned: dict[str, str] = {}
    for page in result.pages:
        job = by_name.get(page.set or "")
        if job is None or not job.edges or job.name in warned:
            continue
        clash = _edge_clash(page, job)
        if clash:
            warned[job.name] = (f'set "{job.name}": neighbouring pieces share a cut line but their edges differ '
                                f"({clash[0]} next to {clash[1]} on page {page.number}); a cut off by a hair shows "
                                'the other colour: use cut = "gutter" to keep them apart')
    return list(warned.values())


def _edge_clash(page: PagePlan, job: SetJob) -> tuple[str, str] | None:
    """Return the first two different edge colours of pieces touching on a page, or None."""
    side = 0 if page.side == "front" else 1
    slots = [s for s in page.slots if s.part is None and s.side == page.side]
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            colours = (job.edges[a.copy.design][side], job.edges[b.copy.design][side])
            if colours[0] != colours[1] and "" not in colours and _touching(a.trim, b.trim):
                return colours
    return None


def _touching(a: Box, b: Box, tolerance: float = 0.5) -> bool:
    """Return whether two trim boxes share part of an edge."""
    side_by_side = (abs(a.right - b.x) < tolerance or abs(b.right - a.x) < tolerance) and \
        min(a.bottom, b.bottom) - max(a.y, b.y) > tolerance
    stacked = (abs(a.bottom - b.y) < tolerance or abs(b.bottom - a.y) < tolerance) and \
        min(a.right, b.right) - max(a.x, b.x) > tolerance
    return side_by_side or stacked


def duplex_pairs(sheet: Sheet) -> bool:
    """Return whether pages are printed double-sided, front and back of one sheet in turn."""
    return sheet.duplex != "none" and not sheet.fold


def paired(pages: list[PagePlan]) -> list[PagePlan]:
    """Return the pages with a blank back after every front page that has none, renumbered from 1."""
    result: list[PagePlan] = []
    for index, page in enumerate(pages):
        result.append(page)
        following = pages[index + 1] if index + 1 < len(pages) else None
        if page.side == "front" and (following is None or following.side != "back"):
            result.append(PagePlan(0, page.width, page.height, "back", page.set, (), label="blank", footer=page.footer))
    return [_renumbered(page, number) for number, page in enumerate(result, start=1)]


def _renumbered(page: PagePlan, number: int) -> PagePlan:
    """Return a page (and its slots) with a new page number."""
    if page.number == number:
        return page
    if isinstance(page.slots, SlotRun):
        return replace(page, number=number, slots=page.slots.renumbered(number))
    return replace(page, number=number, slots=tuple(replace(s, page=number) for s in page.slots))


def calibration_pages(sheet: Sheet) -> list[PagePlan]:
    """Return the duplex calibration front and back pages."""
    front = PagePlan(1, sheet.width, sheet.height, "front", None, (), kind="calibration")
    back = PagePlan(2, sheet.width, sheet.height, "back", None, (), kind="calibration")
    return [front, back]


def _area(sheet: Sheet, width: float, height: float, crop: bool, fold_half: str = "") -> Box:
    """Return the area a grid may use on a page of this size (margins, mark zone, footer kept free)."""
    zone = MARK_ZONE if crop else 0.0
    footer = FOOTER_HEIGHT if sheet.footer else 0.0
    # Backs flipped top to bottom put their footer at the top (PagePlan.footer_top), where the
    # fronts' footer band lands: no second band is kept free.
    top = sheet.margin + zone
    bottom = height - sheet.margin - footer - zone
    if fold_half == "top":
        bottom = height / 2 - FOLD_GAP - zone
    elif fold_half == "bottom":
        top = height / 2 + FOLD_GAP + zone
    left = sheet.margin + zone
    right = width / 2 - FOLD_GAP - zone if fold_half == "left" else width - left
    return Box(left, top, right - left, bottom - top)


def grid_for(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return the largest grid of the set's components (with outer bleed) that fits in the area, centred."""
    pitch_x, pitch_y = job.width + job.gap, job.height + job.gap
    cols = max(0, math.floor((area.width - 2 * job.bleed + job.gap + 1e-6) / pitch_x))
    rows = max(0, math.floor((area.height - 2 * job.bleed + job.gap + 1e-6) / pitch_y))
    used_w = cols * pitch_x - job.gap + 2 * job.bleed
    used_h = rows * pitch_y - job.gap + 2 * job.bleed
    x0 = area.x + (area.width - used_w) / 2 + job.bleed
    y0 = area.y + (area.height - used_h) / 2 + job.bleed
    square = Grid(page_width, page_height, x0, y0, pitch_x, pitch_y, cols, rows)
    if job.honeycomb or job.hex:
        from playproof.layouts.nesting import nested

        honey = nested(job, area, page_width, page_height) if job.hex else \
            honeycomb_for(job, area, page_width, page_height)
        if honey.per_page > square.per_page:
            return honey
    return square


def honeycomb_for(job: SetJob, area: Box, page_width: float, page_height: float) -> Grid:
    """Return the largest honeycomb of round pieces in the area: every neighbour one pitch away, centred."""
    pitch_x = job.width + job.gap
    pitch_y = pitch_x * math.sqrt(3) / 2
    rows = max(0, math.floor((area.height - 2 * job.bleed - job.height + 1e-6) / pitch_y) + 1)
    stagger = pitch_x / 2 if rows > 1 else 0.0
    cols = max(0, math.floor((area.width - 2 * job.bleed + job.gap - stagger + 1e-6) / pitch_x))
    used_w = cols * pitch_x - job.gap + 2 * job.bleed + stagger
    used_h = (rows - 1) * pitch_y + job.height + 2 * job.bleed if rows else 0.0
    x0 = area.x + (area.width - used_w) / 2 + job.bleed
    y0 = area.y + (area.height - used_h) / 2 + job.bleed
    return Grid(page_width, page_height, x0, y0, pitch_x, pitch_y, cols, rows, stagger=stagger)


def choose_grid(job: SetJob, sheet: Sheet, fold_half: str = "") -> Grid:
    """Pick the grid holding most of the set: paper portrait or landscape (portrait on a tie), the
    pieces upright or turned 90 degrees (upright on a tie; never when the set forbids it), and,
    when not even one piece fits with its full bleed, one piece with its outer bleed reduced."""
    best = _upright_grid(job, sheet, fold_half)
    if job.rotate and abs(job.width - job.height) > 1e-6:
        turned_grid = _upright_grid(turned(job), sheet, fold_half)
        if turned_grid.per_page > best.per_page:
            best = replace(turned_grid, rotation=90)
    if best.per_page == 0 and not fold_half:
        return reduced_bleed_grid(job, sheet) or best
    return best


def relaid(job: SetJob, copies: tuple[Copy, ...], sheet: Sheet, landscape: bool) -> list[PagePlan] | None:
    """Return a set's last copies laid out again on paper of the given orientation (turned when that
    holds more and the set allows it), on one sheet; None when they do not fit on one.

    A set's last, partly filled sheet may then join a sheet of the other orientation (see sharing).
    """
    width, height = (sheet.height, sheet.width) if landscape else (sheet.width, sheet.height)
    if sheet.fold or not copies:
        return None
    job = replace(job, copies=copies)
    crop = sheet.crop_marks and job.crop_marks
    area = _area(sheet, width, height, crop)
    best = grid_for(job, area, width, height)
    if job.rotate and abs(job.width - job.height) > 1e-6:
        turned_grid = grid_for(turned(job), area, width, height)
        if turned_grid.per_page > best.per_page:
            best = replace(turned_grid, rotation=90)
    if best.per_page < len(copies):
        return None
    return _grid_pages(placed_job(job, best), sheet, best, 1)


def turned(job: SetJob) -> SetJob:
    """Return a set's job with its pieces turned 90 degrees: width and height swapped."""
    hex_ = {"flat": "pointy", "pointy": "flat"}.get(job.hex, "")
    cells = tuple((job.height - y, x) for x, y in job.cells)  # turned clockwise with the piece
    return replace(job, width=job.height, height=job.width, hex=hex_, cells=cells)


def placed_job(job: SetJob, grid: Grid) -> SetJob:
    """Return the job as the grid places it: turned, and with the bleed it keeps."""
    if grid.rotation:
        job = turned(job)
    return job if grid.bleed is None else replace(job, bleed=grid.bleed)


def reduced_bleed_grid(job: SetJob, sheet: Sheet) -> Grid | None:
    """Return a one-piece grid for a piece that fits the page only with less outer bleed (at least
    MIN_BLEED), keeping as much bleed as fits; None when it does not fit even so (it is tiled)."""
    crop = sheet.crop_marks and job.crop_marks
    best: Grid | None = None
    pieces = (job, turned(job)) if job.rotate else (job,)
    for rotation, piece in zip((0, 90), pieces):
        for width, height in ((sheet.width, sheet.height), (sheet.height, sheet.width)):
            area = _area(sheet, width, height, crop)
            bleed = min(job.bleed, (area.width - piece.width) / 2, (area.height - piece.height) / 2)
            if bleed >= MIN_BLEED - 1e-6 and (best is None or best.bleed is None or bleed > best.bleed + 1e-6):
                grid = grid_for(replace(piece, bleed=bleed), area, width, height)
                if grid.per_page:
                    best = replace(grid, cols=1, rows=1, rotation=rotation, bleed=bleed)
    return best


def _upright_grid(job: SetJob, sheet: Sheet, fold_half: str = "") -> Grid:
    """Pick portrait or landscape paper, whichever holds more of the set (portrait on a tie)."""
    crop = sheet.crop_marks and job.crop_marks
    portrait = grid_for(job, _area(sheet, sheet.width, sheet.height, crop, fold_half), sheet.width, sheet.height)
    if fold_half:
        return portrait
    landscape = grid_for(job, _area(sheet, sheet.height, sheet.width, crop), sheet.height, sheet.width)
    best = landscape if landscape.per_page > portrait.per_page else portrait
    edge = edge_grid(job, sheet)
    if edge is not None and edge.per_page > best.per_page:
        return edge
    tight = max((tight_grid(job, sheet, w, h) for w, h in ((sheet.width, sheet.height), (sheet.height, sheet.width))),
                key=lambda g: g.per_page if g is not None else 0)
    return tight if tight is not None and tight.per_page > best.per_page else best


def fold_grid(job: SetJob, sheet: Sheet) -> Grid:
    """Pick the gutter fold holding more: portrait folded across (fronts on top) or landscape folded
    down the middle (fronts on the left), portrait on a tie."""
    crop = sheet.crop_marks and job.crop_marks
    top = choose_grid(job, sheet, "top")
    side = grid_for(job, _area(sheet, sheet.height, sheet.width, crop, "left"), sheet.height, sheet.width)
    return side if side.per_page > top.per_page else top


FOOTER_SIDE = mm(3)  # room for the footer running up the left margin of a tight grid
MIN_BLEED = mm(1)  # a tight grid keeps at least this much outer bleed at the top and bottom


def tight_grid(job: SetJob, sheet: Sheet, width: float, height: float) -> Grid | None:
    """Return a grid of cards sharing cut lines that uses the top and bottom margins' mark zone and footer band.

    US Letter holds 3 x 3 true poker cards this way: the outer bleed at the top and bottom shrinks
    to what fits, the crop marks there lie in the margin and the footer runs up the left margin.
    """
    if job.gap or not job.bleed or not (sheet.crop_marks and job.crop_marks):
        return None
    area = _area(sheet, width, height, True)
    side = grid_for(job, Box(area.x + FOOTER_SIDE, area.y, area.width - 2 * FOOTER_SIDE, area.height), width, height)
    available = height - 2 * sheet.margin
    rows = math.floor((available + 1e-6) / job.height)
    bleed_y = min(job.bleed, (available - rows * job.height) / 2 - MARK_OFFSET)
    if rows < 1 or side.cols < 1 or bleed_y < MIN_BLEED - 1e-6:
        return None
    y0 = (height - rows * job.height) / 2
    return Grid(width, height, side.x0, y0, side.pitch_x, job.height, side.cols, rows, bleed_y=bleed_y)


PAPER_FIT = mm(2)  # pieces this close to an exact division of the paper are printed edge to edge


def edge_grid(job: SetJob, sheet: Sheet) -> Grid | None:
    """Return a grid of bleed-less pieces that divide the paper exactly (2-up A5 pads on A4), if any."""
    if job.bleed or job.gap:
        return None
    for width, height in ((sheet.width, sheet.height), (sheet.height, sheet.width)):
        cols, rows = math.floor(width / job.width + 1e-6), math.floor(height / job.height + 1e-6)
        if cols * rows >= 2 and width - cols * job.width <= PAPER_FIT and height - rows * job.height <= PAPER_FIT:
            x0, y0 = (width - cols * job.width) / 2, (height - rows * job.height) / 2
            return Grid(width, height, x0, y0, job.width, job.height, cols, rows, edge=True)
    return None


def edge_marks(grid: Grid, sheet: Sheet) -> tuple[Mark, ...]:
    """Return ticks in the paper's margin at the cuts between pieces that tile the paper."""
    xs = [grid.x0 + c * grid.pitch_x for c in range(1, grid.cols)]
    ys = [grid.y0 + r * grid.pitch_y for r in range(1, grid.rows)]
    top, bottom = sheet.margin, grid.page_height - sheet.margin
    right = grid.page_width - sheet.margin
    return tuple([Mark(x, 0.0, x, top) for x in xs] + [Mark(x, grid.page_height, x, bottom) for x in xs]
                 + [Mark(0.0, y, sheet.margin, y) for y in ys] + [Mark(grid.page_width, y, right, y) for y in ys])


def impose_set(job: SetJob, sheet: Sheet, first_page: int, warnings: list[str] | None = None) -> list[PagePlan]:
    """Return the pages of one set: grids of copies, or tiled parts when one copy is larger than a page."""
    if sheet.fold and job.has_back:
        top = fold_grid(job, sheet)
        if top.per_page:
            return _folded_pages(placed_job(job, top), sheet, top, first_page)
        if warnings is not None:
            warnings.append(f'set "{job.name}": a component does not fit on half a page, so it cannot be '
                            "gutter-folded; its backs are printed on their own pages, at the same "
                            "positions as the fronts, to glue")
        sheet = replace(sheet, duplex="none")
    grid = choose_grid(job, sheet)
    if grid.per_page == 0:
        from playproof.layouts.tiling import tiled_pages

        return tiled_pages(job, sheet, first_page)
    return _grid_pages(placed_job(job, grid), sheet, grid, first_page)


def _trim(grid: Grid, index: int, job: SetJob) -> Box:
    """Return the trim box of the index-th cell of a grid (row by row)."""
    col, row = index % grid.cols, index // grid.cols
    shift = grid.stagger if row % 2 else 0.0
    drop = grid.stagger_y if col % 2 else 0.0
    return Box(grid.x0 + col * grid.pitch_x + shift, grid.y0 + row * grid.pitch_y + drop, job.width, job.height)


def _art(grid: Grid, index: int, job: SetJob) -> Box:
    """Return a cell's art box: full bleed on the grid's outside, at most half the gap towards a neighbour."""
    col, row = index % grid.cols, index // grid.cols
    inner = min(job.bleed, job.gap / 2)
    outer_y = job.bleed if grid.bleed_y is None else grid.bleed_y
    return _trim(grid, index, job).grow(
        job.bleed if col == 0 else inner,
        outer_y if row == 0 else inner,
        job.bleed if col == grid.cols - 1 else inner,
        outer_y if row == grid.rows - 1 else inner,
    )


def _grid_pages(job: SetJob, sheet: Sheet, grid: Grid, first_page: int) -> list[PagePlan]:
    """Fill grid pages with the set's copies; each front page is followed by its back page."""
    pages: list[PagePlan] = []
    number = first_page
    marks_for: dict[int, tuple[Mark, ...]] = {}  # full pages share their marks
    cells = [(_trim(grid, i, job), _art(grid, i, job)) for i in range(grid.per_page)]  # the same on every page
    turn = grid.rotation
    blank = Copy("", 0, 0, 0)
    front_cells = tuple(Slot(blank, "front", 0, t, a, _xy(t), rotation=turn) for t, a in cells)
    mirrored = tuple(back_slot(front, sheet, grid.page_width, grid.page_height, 0) for front in front_cells)
    for start in range(0, len(job.copies), grid.per_page):
        chunk = range(start, min(start + grid.per_page, len(job.copies)))
        fronts = SlotRun(job.copies, chunk.start, chunk.stop, number, front_cells)
        if len(chunk) not in marks_for:
            wanted = sheet.crop_marks and job.crop_marks
            marks = edge_marks(grid, sheet) if grid.edge else crop_marks(grid, job, len(chunk), sheet.margin,
                                                                          _footer(sheet))
            if grid.bleed_y is not None:
                marks = tight_marks(grid, job, len(chunk), sheet.margin)
            marks_for[len(chunk)] = marks if wanted else ()
        pages.append(PagePlan(number, grid.page_width, grid.page_height, "front", job.name, fronts,
                              marks_for[len(chunk)], single=grid.per_page == 1, footer=not grid.edge,
                              footer_side=grid.bleed_y is not None))
        number += 1
        if job.has_back:
            backs = SlotRun(job.copies, chunk.start, chunk.stop, number, mirrored)
            pages.append(PagePlan(number, grid.page_width, grid.page_height, "back", job.name, backs,
                                  single=grid.per_page == 1, footer_top=_flipped(mirrored[:len(chunk)]), footer=not grid.edge,
                                  footer_side=grid.bleed_y is not None))
            number += 1
    return pages


def _flipped(slots: Sequence[Slot]) -> bool:
    """Return whether the backs on a page are turned top to bottom."""
    return any(s.mirrored == "y" for s in slots)


def _footer(sheet: Sheet) -> float:
    """Return the height kept for the footer at the bottom of a page."""
    return FOOTER_HEIGHT if sheet.footer else 0.0


def _xy(box: Box) -> tuple[float, float]:
    """Return a box's top-left corner."""
    return (box.x, box.y)


def mirror_axis(sheet: Sheet, page_width: float, page_height: float) -> str:
    """Return the axis backs are mirrored across: long-edge flips mirror x on portrait pages."""
    if sheet.duplex == "none":
        return ""
    portrait = page_height >= page_width
    long_edge = sheet.duplex == "long"
    return "x" if long_edge == portrait else "y"


def back_slot(front: Slot, sheet: Sheet, page_width: float, page_height: float, page: int,
              size: tuple[float, float] | None = None) -> Slot:
    """Return the back of a front slot: mirrored for duplex, shifted by the back offset.

    For a tiled part, size is the whole component's: its origin is mirrored with the whole
    component, so the back of each part shows the part of the back design behind it.
    """
    axis = mirror_axis(sheet, page_width, page_height)
    dx, dy = sheet.back_offset
    trim = _shift(_mirror(front.trim, axis, page_width, page_height), dx, dy)
    art = _shift(_mirror(front.art, axis, page_width, page_height), dx, dy)
    origin = _xy(trim)
    if front.part is not None and size is not None:
        whole = Box(front.origin[0], front.origin[1], size[0], size[1])
        origin = _xy(_shift(_mirror(whole, axis, page_width, page_height), dx, dy))
    return Slot(front.copy, "back", page, trim, art, origin, axis, front.part, front.rotation)


def _mirror(box: Box, axis: str, page_width: float, page_height: float) -> Box:
    """Mirror a box across the page's vertical (x) or horizontal (y) centre line."""
    if axis == "x":
        return Box(page_width - box.right, box.y, box.width, box.height)
    if axis == "y":
        return Box(box.x, page_height - box.bottom, box.width, box.height)
    return box


def _shift(box: Box, dx: float, dy: float) -> Box:
    """Move a box."""
    return Box(box.x + dx, box.y + dy, box.width, box.height)


def crop_marks(grid: Grid, job: SetJob, used: int, edge: float, footer: float = 0.0) -> tuple[Mark, ...]:
    """Return crop marks in the margin around the used grid, one pair per cut line, never over art."""
    cols = min(grid.cols, used)
    rows = math.ceil(used / grid.cols)
    xs = sorted({round(grid.x0 + c * grid.pitch_x + dx, 4) for c in range(cols) for dx in (0.0, job.width)})
    ys = sorted({round(grid.y0 + r * grid.pitch_y + dy, 4) for r in range(rows) for dy in (0.0, job.height)})
    top, bottom = ys[0] - job.bleed - MARK_OFFSET, ys[-1] + job.bleed + MARK_OFFSET
    left, right = xs[0] - job.bleed - MARK_OFFSET, xs[-1] + job.bleed + MARK_OFFSET
    marks = []
    for x in xs:
        marks.append(Mark(x, top, x, max(top - MARK_LENGTH, min(top, edge))))
        marks.append(Mark(x, bottom, x, min(bottom + MARK_LENGTH, max(bottom, grid.page_height - edge - footer))))
    for y in ys:
        marks.append(Mark(left, y, max(left - MARK_LENGTH, min(left, edge)), y))
        marks.append(Mark(right, y, min(right + MARK_LENGTH, max(right, grid.page_width - edge)), y))
    return tuple(m for m in marks if (m.x1, m.y1) != (m.x2, m.y2))


def tight_marks(grid: Grid, job: SetJob, used: int, margin: float) -> tuple[Mark, ...]:
    """Return the crop marks of a tight grid: top and bottom ones in the margin, left ones clear of the footer."""
    assert grid.bleed_y is not None
    cols, rows = min(grid.cols, used), math.ceil(used / grid.cols)
    xs = sorted({round(grid.x0 + c * grid.pitch_x + dx, 4) for c in range(cols) for dx in (0.0, job.width)})
    ys = sorted({round(grid.y0 + r * grid.pitch_y + dy, 4) for r in range(rows) for dy in (0.0, job.height)})
    top, bottom = ys[0] - grid.bleed_y - MARK_OFFSET / 2, ys[-1] + grid.bleed_y + MARK_OFFSET / 2
    left, right = xs[0] - job.bleed - MARK_OFFSET, xs[-1] + job.bleed + MARK_OFFSET
    edge = MARK_OFFSET  # marks may reach into the margin, to 1 mm from the paper's edge
    marks = [Mark(x, top, x, max(top - MARK_LENGTH, edge)) for x in xs]
    marks += [Mark(x, bottom, x, min(bottom + MARK_LENGTH, grid.page_height - edge)) for x in xs]
    marks += [Mark(left, y, max(left - MARK_LENGTH, margin + FOOTER_SIDE), y) for y in ys]
    marks += [Mark(right, y, min(right + MARK_LENGTH, grid.page_width - margin), y) for y in ys]
    return tuple(m for m in marks if abs(m.x1 - m.x2) + abs(m.y1 - m.y2) > 1e-6)


def _folded_pages(job: SetJob, sheet: Sheet, top: Grid, first_page: int) -> list[PagePlan]:
    """Gutter fold: fronts on the top half, backs mirrored across the fold on the bottom half."""
    pages = []
    width, height = top.page_width, top.page_height
    axis = "x" if width > height else "y"  # landscape folds down the middle, portrait across
    for number, start in enumerate(range(0, len(job.copies), top.per_page), start=first_page):
        chunk = job.copies[start : start + top.per_page]
        fronts = [Slot(c, "front", number, _trim(top, i, job), _art(top, i, job), _xy(_trim(top, i, job)),
                       rotation=top.rotation) for i, c in enumerate(chunk)]
        backs = [_fold_back(s, axis, width, height) for s in fronts]
        wanted = sheet.crop_marks and job.crop_marks
        marks = crop_marks(top, job, len(chunk), sheet.margin, _footer(sheet)) if wanted else ()
        if axis == "y":
            mirrored_marks = tuple(Mark(m.x1, height - m.y1, m.x2, height - m.y2) for m in marks)
        else:
            mirrored_marks = tuple(Mark(width - m.x1, m.y1, width - m.x2, m.y2) for m in marks)
        pages.append(PagePlan(number, width, height, "front", job.name, tuple(fronts + backs),
                              marks + mirrored_marks + fold_ticks(sheet, fronts + backs, axis, width, height)))
    return pages


def fold_ticks(sheet: Sheet, slots: list[Slot], axis: str = "y", width: float = 0.0,
               height: float = 0.0) -> tuple[Mark, ...]:
    """Return the gutter fold as two ticks in the margins at its ends, never across the art."""
    width, height = width or sheet.width, height or sheet.height
    if axis == "x":
        x = width / 2
        top = min(s.art.y for s in slots) - MARK_OFFSET
        bottom = max(s.art.bottom for s in slots) + MARK_OFFSET
        ticks = (Mark(x, top, x, max(top - MARK_LENGTH, sheet.margin), "fold"),
                 Mark(x, bottom, x, min(bottom + MARK_LENGTH, height - sheet.margin - _footer(sheet)), "fold"))
        return tuple(m for m in ticks if abs(m.y1 - m.y2) > 1e-6)
    y = height / 2
    left = min(s.art.x for s in slots) - MARK_OFFSET
    right = max(s.art.right for s in slots) + MARK_OFFSET
    ticks = (Mark(left, y, max(left - MARK_LENGTH, sheet.margin), y, "fold"),
             Mark(right, y, min(right + MARK_LENGTH, width - sheet.margin), y, "fold"))
    return tuple(m for m in ticks if abs(m.x1 - m.x2) > 1e-6)


def _fold_back(front: Slot, axis: str, page_width: float, page_height: float) -> Slot:
    """Return the back of a front slot on a gutter-fold page: mirrored across the fold."""
    trim = _mirror(front.trim, axis, page_width, page_height)
    art = _mirror(front.art, axis, page_width, page_height)
    return Slot(front.copy, "back", front.page, trim, art, _xy(trim), axis, rotation=front.rotation)
