"""Less paper: the last, partly filled sheet of a set takes in the last sheets of later sets.

Works on planned pages (pure data): a guest sheet's fronts are moved down below the host's
content, its backs move with them on the back page (mirrored moves for backs turned top to
bottom), so every back still lies behind its front. A guest printed on paper of the other
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
    ys = [y for s in _cells(page) if s.side == "front" for y in (s.art.y, s.art.bottom)]
    ys += [y for m in page.marks for y in (m.y1, m.y2)]
    return min(ys), max(ys)


def share(pages: list[PagePlan], sheet: Sheet, relay: Relay | None = None) -> list[PagePlan]:
    """Return the pages with the last sheets of small sets moved onto earlier sets' last sheets.

    `relay(set, copies, landscape)` lays a set's copies out again on paper of the other orientation
    (turning them when that holds more), so a guest may join a host whatever its own paper. The
    earliest host that can take a guest takes it. Linear in the number of sheets: a guest is offered
    to the hosts of a paper size only when the host with the least printed on it could take it, so
    a deck's full sheets cost a comparison each instead of a scan of every earlier sheet.
    """
    if sheet.fold:
        return pages
    bottom_limit = sheet.margin + (FOOTER_HEIGHT if sheet.footer else 0.0)
    kept: list[Group] = []
    hosts: list[Group] = []  # the kept sheets that may share their paper, in page order
    bottoms: dict[int, float] = {}  # id(host) -> the bottom of what its front page prints
    lowest: dict[tuple[float, float], float] = {}  # paper size -> the least bottom among its hosts
    for group in groups(pages):
        found: tuple[int, Group, Group] | None = None
        if shareable(group):
            found = _first_host(group, hosts, bottoms, lowest, bottom_limit, relay)
        if found is None:
            kept.append(group)
            if shareable(group):
                hosts.append(group)
                bottoms[id(group)] = extent(group.front)[1]
                size = _size(group)
                lowest[size] = min(lowest.get(size, bottoms[id(group)]), bottoms[id(group)])
        else:
            _, host, guest = found
            _merge(host, guest)
            bottoms[id(host)] = extent(host.front)[1]
            size = _size(host)
            lowest[size] = min(bottoms[id(h)] for h in hosts if _size(h) == size)
    return [page for g in kept for page in ((g.front, g.back) if g.back else (g.front,))]


def _size(group: Group) -> tuple[float, float]:
    """Return a sheet's paper size."""
    return group.front.width, group.front.height


def _first_host(group: Group, hosts: list[Group], bottoms: dict[int, float],
                lowest: dict[tuple[float, float], float], bottom_limit: float,
                relay: Relay | None) -> tuple[int, Group, Group] | None:
    """Return (position, host, guest as laid on the host's paper) for the earliest host that takes the sheet."""
    candidates: list[tuple[int, Group, Group]] = []
    for size in list(lowest):
        guest: Group | None = group
        if size != _size(group):
            if relay is None or size != _size(group)[::-1]:
                continue
            guest = _relaid(group, size[0] > size[1], relay)
        if guest is None:
            continue
        top, bottom = extent(guest.front)
        room = size[1] - bottom_limit + 1e-6
        if lowest[size] + SPACING + (bottom - top) > room:
            continue  # not even the emptiest host of this paper could take it
        place = next(((i, h) for i, h in enumerate(hosts)
                      if _size(h) == size and bottoms[id(h)] + SPACING + (bottom - top) <= room), None)
        if place is not None:
            candidates.append((place[0], place[1], guest))
    return min(candidates, key=lambda c: c[0]) if candidates else None


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


def _merge(host: Group, guest: Group) -> None:
    """Move the guest's fronts below the host's content, and its backs behind them."""
    dy = extent(host.front)[1] + SPACING - extent(guest.front)[0]
    fronts = tuple(_moved(s, dy, host.front.number) for s in guest.front.slots)
    marks = tuple(Mark(m.x1, m.y1 + dy, m.x2, m.y2 + dy, m.kind) for m in guest.front.marks)
    sets = _sets(host.front.set, guest.front.set)
    host.front = replace(host.front, slots=host.front.slots + fronts, marks=host.front.marks + marks, set=sets,
                         single=False)
    if guest.back is None or not guest.back.slots:
        if host.back is not None:
            host.back = replace(host.back, set=sets, single=False)
        return
    back_number = host.back.number if host.back is not None else host.front.number
    backs = tuple(_moved(s, -dy if s.mirrored == "y" else dy, back_number) for s in guest.back.slots)
    if host.back is None:
        host.back = PagePlan(back_number, host.front.width, host.front.height, "back", sets, backs,
                             footer_top=guest.back.footer_top)
    else:
        host.back = replace(host.back, slots=host.back.slots + backs, set=sets, single=False,
                            footer_top=host.back.footer_top or guest.back.footer_top)


def _sets(host: str | None, guest: str | None) -> str:
    """Return the label of a page holding several sets."""
    return " + ".join(name for name in (host, guest) if name)


def _moved(slot: Slot, dy: float, page: int) -> Slot:
    """Return a slot moved down by dy onto another page."""
    def move(box: Box) -> Box:
        return Box(box.x, box.y + dy, box.width, box.height)

    return replace(slot, trim=move(slot.trim), art=move(slot.art), origin=(slot.origin[0], slot.origin[1] + dy),
                   page=page)
