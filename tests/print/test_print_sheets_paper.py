"""Less paper: small sets share sheets, with every back still behind its front."""

from __future__ import annotations

import pytest

from playproof.layouts.geometry import Box
from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.spec import PAPERS
from playproof.units import mm


def job(name: str, count: int, size: float, has_back: bool) -> SetJob:
    """Return a set of square pieces with a 3 mm bleed."""
    copies = tuple(Copy(name, 2, n, 0) for n in range(1, count + 1))
    return SetJob(name, mm(size), mm(size), mm(3), mm(6), copies, has_back)


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_small_sets_share_a_sheet_and_keep_their_backs_behind_their_fronts(duplex):
    jobs = [job("Tiles", 4, 60, True), job("Tokens", 12, 25, False), job("Markers", 3, 30, True)]
    result = plan(jobs, Sheet(*PAPERS["a4"], duplex=duplex))
    front, back = result.pages
    assert front.set == back.set == "Tiles + Tokens + Markers"
    assert {s.copy.set for s in front.slots} == {"Tiles", "Tokens", "Markers"}
    assert {s.copy.set for s in back.slots} == {"Tiles", "Markers"}  # tokens have no back
    for i, a in enumerate(front.slots):
        assert all(not a.art.overlaps(b.art) for b in front.slots[i + 1:])
        assert mm(4) <= a.art.y and a.art.bottom <= front.height - mm(9) + 1e-6
    fronts = {s.copy: s.trim for s in front.slots}
    for b in back.slots:
        f = fronts[b.copy]
        if duplex == "long":
            assert (b.trim.x, b.trim.y) == pytest.approx((front.width - f.right, f.y))
        elif duplex == "short":
            assert (b.trim.x, b.trim.y) == pytest.approx((f.x, front.height - f.bottom))
        else:
            assert (b.trim.x, b.trim.y) == pytest.approx((f.x, f.y))
    apart = plan(jobs, Sheet(*PAPERS["a4"], duplex=duplex, share=False))
    assert len(apart.pages) == (6 if duplex != "none" else 5)


def test_sheets_that_do_not_fit_together_stay_apart():
    jobs = [job("Tiles", 12, 60, True), job("Big", 6, 80, True)]  # a full page of tiles, then 2 pages of big ones
    result = plan(jobs, Sheet(*PAPERS["a4"]))
    assert [p.set for p in result.pages] == ["Tiles", "Tiles", "Tiles", "Tiles", "Big", "Big"]


def test_a5_pads_print_two_to_an_a4_sheet_edge_to_edge():
    copies = tuple(Copy("Score Sheet", 2, n, 0) for n in range(1, 11))
    pads = SetJob("Score Sheet", mm(148), mm(210), 0.0, 0.0, copies, False)
    result = plan([pads], Sheet(*PAPERS["a4"]))
    fronts = [p for p in result.pages if p.side == "front"]
    assert len(fronts) == 5 and len(result.pages) == 10
    for page in fronts:
        assert page.width > page.height and len(page.slots) == 2 and not page.footer
        left, right = (s.trim for s in page.slots)
        assert left.right == pytest.approx(right.x)  # one cut down the middle
        assert {(round(m.x1, 3), round(m.x2, 3)) for m in page.marks} == {(round(left.right, 3),) * 2}
    assert all(not p.footer for p in result.pages)  # not even on the blank backs: they are the pads' backs
    smaller = SetJob("Pads", mm(140), mm(200), 0.0, 0.0, copies, False)
    assert all(len(p.slots) <= 1 for p in plan([smaller], Sheet(*PAPERS["a4"])).pages)


def test_true_poker_cards_print_nine_to_a_us_letter_page_with_crop_marks():
    copies = tuple(Copy("Cards", 2, n, 0) for n in range(1, 10))
    cards = SetJob("Cards", mm(63.5), mm(88.9), mm(3), 0.0, copies, True)
    result = plan([cards], Sheet(*PAPERS["letter"]))
    front, back = result.pages
    assert len(front.slots) == len(back.slots) == 9 and front.footer_side and back.footer_side
    for slot in front.slots:
        assert slot.art.y >= mm(4) - 1e-6 and slot.art.bottom <= front.height - mm(4) + 1e-6
        assert slot.art.y <= slot.trim.y - mm(1) + 1e-6 or slot.trim.y > front.slots[0].trim.y  # outer bleed kept
    xs = {round(x, 3) for s in front.slots for x in (s.trim.x, s.trim.right)}
    ys = {round(y, 3) for s in front.slots for y in (s.trim.y, s.trim.bottom)}
    assert {round(m.x1, 3) for m in front.marks if m.x1 == m.x2} == xs  # every vertical cut line
    assert {round(m.y1, 3) for m in front.marks if m.y1 == m.y2} == ys  # every horizontal cut line
    for mark in front.marks:
        segment = Box(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1) or 1e-3,
                      abs(mark.y2 - mark.y1) or 1e-3)
        assert not any(segment.overlaps(s.art) for s in front.slots)
        assert min(mark.x1, mark.x2) >= mm(7) - 1e-6  # clear of the footer running up the left margin


def test_round_pieces_pack_as_a_honeycomb_and_keep_their_bleed_apart():
    copies = tuple(Copy("Tokens", 2, n, 0) for n in range(1, 201))
    square = SetJob("Tokens", mm(20), mm(20), mm(3), mm(6), copies, False)  # 70 to an A4 page
    round_ = SetJob("Tokens", mm(20), mm(20), mm(3), mm(6), copies, False, honeycomb=True)  # 84
    sheet = Sheet(*PAPERS["a4"], duplex="none")
    per_square = len(plan([square], sheet).pages[0].slots)
    page = plan([round_], sheet).pages[0]
    assert len(page.slots) > per_square
    centres = [(s.trim.x + s.trim.width / 2, s.trim.y + s.trim.height / 2) for s in page.slots]
    for i, (ax, ay) in enumerate(centres):
        for bx, by in centres[i + 1:]:
            assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= mm(20 + 6) - 1e-6  # bleed circles never overlap
    for slot in page.slots:
        assert mm(4) <= slot.art.x and slot.art.right <= page.width - mm(4)
        assert mm(4) <= slot.art.y and slot.art.bottom <= page.height - mm(9) + 1e-6
