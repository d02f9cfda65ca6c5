"""Less paper: the last, partly filled sheet of a set takes in the last sheets of later sets.

Works on planned pages (pure data): a guest sheet's fronts are moved down below the host's
content, its backs move with them on the back page (mirrored moves for backs turned top to
bottom), so every back still lies behind its front.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from playproof.layouts.geometry import Box
from playproof.layouts.imposition import FOOTER_HEIGHT, Mark, PagePlan, Sheet, Slot, SlotRun
from playproof.units import mm

SPACING = mm(2)  # between one set's marks and the next set's on a shared sheet


@dataclass
class Group:
    """One sheet of paper: its front page and, when it has backs, its back page."""

    front: PagePlan
    back: PagePlan | None
    last: bool  # the set's last sheet (the only one that may be partly filled)


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


def share(pages: list[PagePlan], sheet: Sheet) -> list[PagePlan]:
    """Return the pages with the last sheets of small sets moved onto earlier sets' last sheets.

    Linear in the number of sheets: a guest is offered to the hosts only when the host with the
    least printed on its paper (of that paper size) could take it, so a deck's full sheets cost one
    comparison each instead of a scan of every earlier sheet.
    """
    if sheet.fold:
        return pages
    bottom_limit = sheet.margin + (FOOTER_HEIGHT if sheet.footer else 0.0)
    kept: list[Group] = []
    hosts: list[Group] = []  # the kept sheets that may share their paper, in page order
    bottoms: dict[int, float] = {}  # id(host) -> the bottom of what its front page prints
    lowest: dict[tuple[float, float], float] = {}  # paper size -> the least bottom among its hosts
    for group in groups(pages):
        host = None
        fits = shareable(group)
        if fits:
            size = (group.front.width, group.front.height)
            top, bottom = extent(group.front)
            room = group.front.height - bottom_limit + 1e-6

            def fits_below(low: float) -> bool:
                return low + SPACING + (bottom - top) <= room  # as _fits decides

            if size in lowest and fits_below(lowest[size]):
                host = next((h for h in hosts if (h.front.width, h.front.height) == size
                             and fits_below(bottoms[id(h)])), None)
        if host is None:
            kept.append(group)
            if fits:
                hosts.append(group)
                bottoms[id(group)] = bottom
                lowest[size] = min(lowest.get(size, bottom), bottom)
        else:
            _merge(host, group)
            bottoms[id(host)] = extent(host.front)[1]
            lowest[size] = min(bottoms[id(h)] for h in hosts if (h.front.width, h.front.height) == size)
    return [page for g in kept for page in ((g.front, g.back) if g.back else (g.front,))]


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
