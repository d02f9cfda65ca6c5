"""Less paper: the last, partly filled sheet of a set takes in the last sheets of later sets.

Works on planned pages (pure data): a guest sheet's fronts are moved beside or below the host's
content, its backs move with them on the back page (mirrored moves for mirrored backs), so every
back still lies behind its front. A guest printed on paper of the other
orientation is laid out again on the host's (its pieces turned when that holds more).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from playproof.layouts.geometry import Box
from playproof.layouts.plan import FOOTER_HEIGHT, Copy, Mark, PagePlan, Sheet, Slot, SlotRun
from playproof.records import Record
from playproof.units import mm

SPACING = mm(2)  # between one set's marks and the next set's on a shared sheet
Relay = Callable[[str, tuple[Copy, ...], bool], list[PagePlan] | None]


class Group(Record):
    """One sheet of paper: its front page and, when it has backs, its back page."""

    __slots__ = ("front", "back", "last")
    front: PagePlan
    back: PagePlan | None
    last: bool  # the set's last sheet (the only one that may be partly filled)

    def __init__(self, front: PagePlan, back: PagePlan | None, last: bool) -> None:
        self.front = front
        self.back = back
        self.last = last


def groups(pages: list[PagePlan]) -> list[Group]:
    """Return the pages as sheets, each front with the back page that follows it."""
    result: list[Group] = []
    for index, page in enumerate(pages):
        if page.side == "back" and result and result[-1].back is None and result[-1].front.number == page.number - 1:
            result[-1].back = page
        elif page.side != "back":
            result.append(Group(page, None, False))
    for index, group in enumerate(result):
        following = result[index + 1] if index + 1 < len(result) else None
        group.last = following is None or following.front.set != group.front.set
    return result


def shareable(group: Group) -> bool:
    """Return whether a sheet is a plain grid sheet that may share its paper."""
    page = group.front
    return page.kind == "sheet" and not page.single and all(s.part is None for s in _cells(page)) and bool(page.slots)


def _cells(page: PagePlan) -> Sequence[Slot]:
    """Return a page's slots, or for a grid page its cells (where its slots lie, without making them)."""
    slots = page.slots
    return slots.cells[:len(slots)] if isinstance(slots, SlotRun) else slots


def extent(page: PagePlan) -> tuple[float, float]:
    """Return the top and bottom of everything printed for the fronts of a page (art and marks)."""
    box = block(page)
    return box.y, box.bottom


def block(page: PagePlan) -> Box:
    """Return the box around everything printed for the fronts of a page (art and marks).

    The full sheets of a grid share their cells and marks: their box is worked out once.
    """
    slots = page.slots
    if not isinstance(slots, SlotRun):
        return _block(page)
    key = (id(slots.cells), len(slots), id(page.marks))
    kept = _BLOCKS.get(key)
    if kept is not None and kept[0] is slots.cells and kept[1] is page.marks:
        return kept[2]
    box = _block(page)
    if len(_BLOCKS) >= 256:
        _BLOCKS.clear()
    _BLOCKS[key] = (slots.cells, page.marks, box)
    return box


_BLOCKS: dict[tuple[int, int, int], tuple[Sequence[Slot], tuple[Mark, ...], Box]] = {}
"""Grid pages' blocks by their cells, how many they fill and their marks (each kept with the box)."""


def _block(page: PagePlan) -> Box:
    """Return the box around a page's fronts' art and its marks."""
    arts = [s.art for s in _cells(page) if s.side == "front"]
    xs = [x for a in arts for x in (a.x, a.right)] + [x for m in page.marks for x in (m.x1, m.x2)]
    ys = [y for a in arts for y in (a.y, a.bottom)] + [y for m in page.marks for y in (m.y1, m.y2)]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


class Host(Record):
    """A kept sheet that may take guests: its blocks of printed content and the room it has."""

    __slots__ = ("group", "blocks", "room")
    group: Group
    blocks: list[Box]
    room: Box  # where content may go: inside the margins, above the footer

    def __init__(self, group: Group, room: Box) -> None:
        self.group = group
        self.blocks = [block(group.front)]
        self.room = room

    def free(self) -> float:
        """Return the area of the room not yet covered by blocks."""
        return self.room.width * self.room.height - sum(b.width * b.height for b in self.blocks)

    def place(self, width: float, height: float) -> tuple[float, float] | None:
        """Return the top-left corner where a block of this size fits (beside a block, else below all), or None."""
        spots = [(b.right + SPACING, b.y) for b in self.blocks]  # beside a block, level with its top
        spots += [(b.x, b.bottom + SPACING) for b in self.blocks]  # below a block, level with its left
        spots += [(self.room.x, max(b.bottom for b in self.blocks) + SPACING)]
        for x, y in sorted(spots, key=lambda s: (s[1], s[0])):
            box = Box(x, y, width, height)
            if self._inside(box) and not any(box.overlaps(b.grow(SPACING / 2, SPACING / 2, SPACING / 2,
                                                                     SPACING / 2)) for b in self.blocks):
                return x, y
        return None

    def _inside(self, box: Box) -> bool:
        """Return whether a box lies within the room."""
        room = self.room
        return (box.x >= room.x - 1e-6 and box.y >= room.y - 1e-6 and box.right <= room.right + 1e-6
                and box.bottom <= room.bottom + 1e-6)


def share(pages: list[PagePlan], sheet: Sheet, relay: Relay | None = None) -> list[PagePlan]:
    """Return the pages with the last sheets of small sets moved onto earlier sets' sheets.

    `relay(set, copies, landscape)` lays a set's copies out again on paper of the other orientation
    (turning them when that holds more), so a guest may join a host whatever its own paper. A guest
    goes beside or below what a host prints, on the earliest host with room for it, so a page holding
    pieces of several sets is filled before a new page starts. A guest is offered to the hosts of a
    paper size only when the host with the most room could take its area, so a deck's full sheets
    cost a comparison each instead of a scan of every earlier sheet.
    """
    if sheet.fold:
        return pages
    bottom_limit = sheet.margin + (FOOTER_HEIGHT if sheet.footer else 0.0)
    kept: list[Group] = []
    hosts: list[Host] = []  # the kept sheets that may share their paper, in page order
    roomiest: dict[tuple[float, float], float] = {}  # paper size -> the most free area among its hosts
    for group in groups(pages):
        found = _first_host(group, hosts, roomiest, relay) if shareable(group) else None
        if found is None:
            kept.append(group)
            if shareable(group):
                width, height = _size(group)
                host = Host(group, Box(sheet.margin, sheet.margin, width - 2 * sheet.margin,
                                       height - sheet.margin - bottom_limit))
                hosts.append(host)
                roomiest[_size(group)] = max(roomiest.get(_size(group), 0.0), host.free())
        else:
            host, guest, corner = found
            _merge(host, guest, corner)
            size = _size(host.group)
            roomiest[size] = max(h.free() for h in hosts if _size(h.group) == size)
    return [page for g in kept for page in ((g.front, g.back) if g.back else (g.front,))]


def _size(group: Group) -> tuple[float, float]:
    """Return a sheet's paper size."""
    return group.front.width, group.front.height


def _first_host(group: Group, hosts: list[Host], roomiest: dict[tuple[float, float], float],
                relay: Relay | None) -> tuple[Host, Group, tuple[float, float]] | None:
    """Return (host, guest as laid on the host's paper, where its block goes) for the earliest host that takes it."""
    candidates: list[tuple[int, Host, Group, tuple[float, float]]] = []
    for size in list(roomiest):
        guest: Group | None = group
        if size != _size(group):
            if relay is None or size != _size(group)[::-1]:
                continue
            guest = _relaid(group, size[0] > size[1], relay)
        if guest is None:
            continue
        box = block(guest.front)
        if box.width * box.height > roomiest[size] + 1e-6:
            continue  # not even the roomiest host of this paper could take it
        for index, host in enumerate(hosts):
            if _size(host.group) != size or box.width * box.height > host.free() + 1e-6:
                continue
            corner = host.place(box.width, box.height)
            if corner is not None:
                candidates.append((index, host, guest, corner))
                break
    if not candidates:
        return None
    _, host, guest, corner = min(candidates, key=lambda c: c[0])
    return host, guest, corner


def _relaid(group: Group, landscape: bool, relay: Relay) -> Group | None:
    """Return a guest sheet's copies laid out again on paper of the given orientation, or None."""
    page = group.front
    if not page.footer or page.footer_side or page.set is None:
        return None  # pieces edge to edge, or a tight grid: laid out for their own paper
    pages = relay(page.set, tuple(s.copy for s in page.slots), landscape)
    if not pages:
        return None
    number = page.number
    renumbered = [replace(p, number=number + i, slots=tuple(replace(s, page=number + i) for s in p.slots))
                  for i, p in enumerate(pages)]
    found = groups(renumbered)
    return found[0] if len(found) == 1 else None


def _merge(host: Host, guest: Group, corner: tuple[float, float]) -> None:
    """Move the guest's fronts to the corner found on the host's sheet, and its backs behind them."""
    box = block(guest.front)
    dx, dy = corner[0] - box.x, corner[1] - box.y
    host.blocks.append(Box(corner[0], corner[1], box.width, box.height))
    sheet = host.group
    fronts = tuple(_moved(s, dx, dy, sheet.front.number) for s in guest.front.slots)
    marks = tuple(Mark(m.x1 + dx, m.y1 + dy, m.x2 + dx, m.y2 + dy, m.kind) for m in guest.front.marks)
    sets = _sets(sheet.front.set, guest.front.set)
    sheet.front = replace(sheet.front, slots=sheet.front.slots + fronts, marks=sheet.front.marks + marks, set=sets,
                          single=False)
    if guest.back is None or not guest.back.slots:
        if sheet.back is not None:
            sheet.back = replace(sheet.back, set=sets, single=False)
        return
    back_number = sheet.back.number if sheet.back is not None else sheet.front.number
    backs = tuple(_moved(s, -dx if s.mirrored == "x" else dx, -dy if s.mirrored == "y" else dy, back_number)
                  for s in guest.back.slots)
    if sheet.back is None:
        sheet.back = PagePlan(back_number, sheet.front.width, sheet.front.height, "back", sets, backs,
                              footer_top=guest.back.footer_top)
    else:
        sheet.back = replace(sheet.back, slots=sheet.back.slots + backs, set=sets, single=False,
                             footer_top=sheet.back.footer_top or guest.back.footer_top)


def _sets(host: str | None, guest: str | None) -> str:
    """Return the label of a page holding several sets."""
    return " + ".join(name for name in (host, guest) if name)


def _moved(slot: Slot, dx: float, dy: float, page: int) -> Slot:
    """Return a slot moved by (dx, dy) onto another page."""
    def move(box: Box) -> Box:
        return Box(box.x + dx, box.y + dy, box.width, box.height)

    return replace(slot, trim=move(slot.trim), art=move(slot.art),
                   origin=(slot.origin[0] + dx, slot.origin[1] + dy), page=page)
