"""Less paper: the last, partly filled sheet of a set takes in the last sheets of later sets.

Works on planned pages (pure data): a guest sheet's fronts are moved down below the host's
content, its backs move with them on the back page (mirrored moves for backs turned top to
bottom), so every back still lies behind its front. A guest printed on paper of the other
orientation is laid out again on the host's (its pieces turned when that holds more).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from playproof.layouts.geometry import Box
from playproof.layouts.imposition import FOOTER_HEIGHT, Copy, Mark, PagePlan, Sheet, Slot
from playproof.units import mm

SPACING = mm(2)  # between one set's marks and the next set's on a shared sheet
Relay = Callable[[str, tuple[Copy, ...], bool], list[PagePlan] | None]


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
    return page.kind == "sheet" and not page.single and all(s.part is None for s in page.slots) and bool(page.slots)


def extent(page: PagePlan) -> tuple[float, float]:
    """Return the top and bottom of everything printed for the fronts of a page (art and marks)."""
    ys = [y for s in page.slots if s.side == "front" for y in (s.art.y, s.art.bottom)]
    ys += [y for m in page.marks for y in (m.y1, m.y2)]
    return min(ys), max(ys)


def share(pages: list[PagePlan], sheet: Sheet, relay: Relay | None = None) -> list[PagePlan]:
    """Return the pages with the last sheets of small sets moved onto earlier sets' last sheets.

    `relay(set, copies, landscape)` lays a set's copies out again on paper of the other orientation
    (turning them when that holds more), so a guest may join a host whatever its own paper.
    """
    if sheet.fold:
        return pages
    bottom_limit = sheet.margin + (FOOTER_HEIGHT if sheet.footer else 0.0)
    kept: list[Group] = []
    for group in groups(pages):
        host, guest = None, group
        for candidate in (h for h in kept if shareable(group) and shareable(h)):
            guest = group if _same_paper(candidate, group) or relay is None else _relaid(group, candidate, relay)
            if guest is not None and _fits(candidate, guest, bottom_limit):
                host = candidate
                break
        if host is None:
            kept.append(group)
        else:
            assert guest is not None
            _merge(host, guest)
    return [page for g in kept for page in ((g.front, g.back) if g.back else (g.front,))]


def _same_paper(host: Group, guest: Group) -> bool:
    """Return whether two sheets are laid out on paper of the same orientation."""
    return (host.front.width > host.front.height) == (guest.front.width > guest.front.height)


def _relaid(group: Group, host: Group, relay: Relay) -> Group | None:
    """Return a guest sheet's copies laid out again on the host's paper orientation, or None."""
    page = group.front
    if not page.footer or page.footer_side or page.set is None:
        return None  # pieces edge to edge, or a tight grid: laid out for their own paper
    pages = relay(page.set, tuple(s.copy for s in page.slots), host.front.width > host.front.height)
    if not pages:
        return None
    number = page.number
    renumbered = [replace(p, number=number + i, slots=tuple(replace(s, page=number + i) for s in p.slots))
                  for i, p in enumerate(pages)]
    found = groups(renumbered)
    return found[0] if len(found) == 1 else None


def _fits(host: Group, guest: Group, bottom_limit: float) -> bool:
    """Return whether the guest's fronts fit below the host's on the same paper."""
    if (host.front.width, host.front.height) != (guest.front.width, guest.front.height):
        return False
    top, bottom = extent(guest.front)
    return extent(host.front)[1] + SPACING + (bottom - top) <= host.front.height - bottom_limit + 1e-6


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
