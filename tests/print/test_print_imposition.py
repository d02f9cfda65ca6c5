"""The imposition plan, tested without drawing: counts, positions, mirrored backs, marks, parts."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from playproof.layouts.geometry import Box
from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.spec import PAPERS
from playproof.layouts.tiling import parts_needed, split
from playproof.units import mm

A4 = Sheet(*PAPERS["a4"])
LETTER = Sheet(*PAPERS["letter"])
SINGLE_A4 = Sheet(*PAPERS["a4"], duplex="none")  # single-sided: no blank backs
SINGLE_LETTER = Sheet(*PAPERS["letter"], duplex="none")


def poker(count: int, has_back: bool = True, gap: float = 0.0, bleed: float = mm(3)) -> SetJob:
    """Return a job of `count` poker cards."""
    copies = tuple(Copy("Cards", 2 + i // 3, i % 3 + 1, i // 3) for i in range(count))
    return SetJob("Cards", mm(63), mm(88), bleed, gap, copies, has_back)


def test_nine_poker_cards_per_a4_page():
    result = plan([poker(20, has_back=False)], SINGLE_A4)
    assert [len(p.slots) for p in result.pages] == [9, 9, 2]
    assert all(p.width < p.height for p in result.pages)


def test_nine_poker_cards_per_letter_page_in_a_tight_grid():
    # 3 x 3 leaves no room for the mark zone and footer: the footer goes up the side, the top and
    # bottom marks into the margin, and the outer bleed there shrinks to what fits
    result = plan([poker(20, has_back=False)], SINGLE_LETTER)
    assert [len(p.slots) for p in result.pages] == [9, 9, 2]
    assert all(p.width < p.height and p.footer_side for p in result.pages)


def test_every_copy_is_placed_once_per_side():
    result = plan([poker(20)], A4)
    fronts = [s.copy for s in result.slots() if s.side == "front"]
    backs = [s.copy for s in result.slots() if s.side == "back"]
    assert fronts == list(poker(20).copies)
    assert sorted(backs, key=lambda c: (c.row, c.copy)) == sorted(fronts, key=lambda c: (c.row, c.copy))
    assert [p.side for p in result.pages] == ["front", "back"] * 3


def test_nothing_is_off_the_page_and_art_stays_inside_the_margin():
    result = plan([poker(20)], A4)
    for page in result.pages:
        printable = Box(mm(4), mm(4), page.width - mm(8), page.height - mm(8))
        for slot in page.slots:
            assert printable.contains(slot.art)
        for mark in page.marks:
            for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
                assert mm(4) - 1e-6 <= x <= page.width - mm(4) + 1e-6
                assert mm(4) - 1e-6 <= y <= page.height - mm(4) + 1e-6


def test_art_boxes_never_overlap_and_shared_cut_lines_touch():
    page = plan([poker(9, has_back=False)], A4).pages[0]
    for a, b in itertools.combinations(page.slots, 2):
        assert not a.art.overlaps(b.art)
    first, second = page.slots[0], page.slots[1]
    assert second.trim.x == pytest.approx(first.trim.right)  # one cut separates neighbours


def test_crop_marks_never_cross_any_art():
    for job in (poker(9, has_back=False), poker(7, has_back=False, gap=mm(6))):
        page = plan([job], A4).pages[0]
        for mark in page.marks:
            segment = Box(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1) or 1e-3,
                          abs(mark.y2 - mark.y1) or 1e-3)
            assert not any(segment.overlaps(slot.art) for slot in page.slots)


def test_crop_marks_sit_on_every_cut_line():
    page = plan([poker(9, has_back=False)], A4).pages[0]
    vertical_xs = {round(m.x1, 3) for m in page.marks if m.x1 == m.x2}
    cut_xs = {round(x, 3) for s in page.slots for x in (s.trim.x, s.trim.right)}
    assert vertical_xs == cut_xs
    assert len(vertical_xs) == 4  # three columns sharing cuts: four cut lines


def test_long_edge_backs_are_mirrored_left_right():
    result = plan([poker(5)], A4)
    front, back = result.pages[0], result.pages[1]
    for f, b in zip(front.slots, back.slots):
        assert b.copy == f.copy
        assert b.trim.x == pytest.approx(front.width - f.trim.right)
        assert b.trim.y == pytest.approx(f.trim.y)
        assert b.mirrored == "x"


def test_short_edge_backs_are_mirrored_top_bottom_and_turned():
    sheet = Sheet(*PAPERS["a4"], duplex="short")
    front, back = plan([poker(5)], sheet).pages[:2]
    for f, b in zip(front.slots, back.slots):
        assert b.trim.x == pytest.approx(f.trim.x)
        assert b.trim.y == pytest.approx(front.height - f.trim.bottom)
        assert b.mirrored == "y"


def test_no_duplex_keeps_backs_in_place():
    sheet = Sheet(*PAPERS["a4"], duplex="none")
    front, back = plan([poker(5)], sheet).pages[:2]
    assert [s.trim for s in back.slots] == [s.trim for s in front.slots]


def test_back_offset_shifts_every_back():
    sheet = Sheet(*PAPERS["a4"], back_offset=(mm(1.5), mm(-1)))
    front, back = plan([poker(3)], sheet).pages[:2]
    for f, b in zip(front.slots, back.slots):
        assert b.trim.x == pytest.approx(front.width - f.trim.right + mm(1.5))
        assert b.trim.y == pytest.approx(f.trim.y - mm(1))


def test_gutter_fold_puts_backs_below_the_fold_on_the_same_page():
    sheet = Sheet(*PAPERS["a4"], fold=True)
    wide = SetJob("Cards", mm(88), mm(63), mm(3), 0.0, poker(7).copies, True)  # landscape cards fold across
    result = plan([wide], sheet)
    page = result.pages[0]
    assert all(p.side == "front" for p in result.pages)
    assert page.width < page.height
    fronts = [s for s in page.slots if s.side == "front"]
    backs = [s for s in page.slots if s.side == "back"]
    assert len(fronts) == len(backs) == 4
    fold = [m for m in page.marks if m.kind == "fold"][0]
    for f, b in zip(fronts, backs):
        assert f.art.bottom < fold.y1 < b.art.y
        assert b.trim.y == pytest.approx(page.height - f.trim.bottom)


def test_gutter_fold_on_landscape_paper_folds_down_the_middle_when_it_holds_more():
    upright = replace(poker(7), rotate=False)  # turned, 4 fit on the top half too (test_rotation.py)
    result = plan([upright], Sheet(*PAPERS["a4"], fold=True))  # portrait cards: 4 on the left half, not 3 on top
    page = result.pages[0]
    assert page.width > page.height
    fronts = [s for s in page.slots if s.side == "front"]
    backs = [s for s in page.slots if s.side == "back"]
    assert len(fronts) == len(backs) == 4
    ticks = [m for m in page.marks if m.kind == "fold"]
    assert len(ticks) == 2 and all(m.x1 == m.x2 == pytest.approx(page.width / 2) for m in ticks)
    for f, b in zip(fronts, backs):
        assert f.art.right < page.width / 2 < b.art.x and b.mirrored == "x"
        assert b.trim.x == pytest.approx(page.width - f.trim.right) and b.trim.y == pytest.approx(f.trim.y)
        segment_hits = [m for m in ticks if f.art.y <= max(m.y1, m.y2) and min(m.y1, m.y2) <= f.art.bottom]
        assert not segment_hits  # the ticks stay outside the art


def test_sets_start_on_new_pages_in_order():
    other = SetJob("Tokens", mm(25), mm(25), mm(3), mm(6), tuple(Copy("Tokens", 2, i, 0) for i in range(1, 4)), False)
    apart = Sheet(*PAPERS["a4"], duplex="none", share=False)
    result = plan([poker(2, has_back=False), other], apart)
    assert [p.set for p in result.pages] == ["Cards", "Tokens"]
    assert [p.number for p in result.pages] == [1, 2]
    duplex = plan([poker(2, has_back=False), other], Sheet(*PAPERS["a4"], share=False))  # each front page gets its (blank) back
    assert [(p.set, p.side, len(p.slots)) for p in duplex.pages] == [
        ("Cards", "front", 2), ("Cards", "back", 0), ("Tokens", "front", 3), ("Tokens", "back", 0)]


def test_landscape_is_chosen_when_it_holds_more():
    wide = SetJob("Screen", mm(260), mm(120), 0.0, 0.0, (Copy("Screen", 2, 1, 0),), False)
    page = plan([wide], A4).pages[0]
    assert page.width > page.height
    assert len(page.slots) == 1


def test_calibration_pages_come_first():
    result = plan([poker(1)], Sheet(*PAPERS["a4"], calibration=True))
    assert [p.kind for p in result.pages[:2]] == ["calibration", "calibration"]
    assert result.pages[2].slots[0].page == 3


@pytest.mark.parametrize("total, available, overlap, parts", [(100, 150, 10, 1), (400, 190, 10, 3), (200, 5, 10, 0)])
def test_parts_needed(total, available, overlap, parts):
    assert parts_needed(total, available, overlap) == parts


def test_split_parts_overlap_and_cover_the_whole():
    parts = split(0.0, 400.0, 3, 10.0)
    assert parts[0][0] == 0.0
    assert parts[-1][0] + parts[-1][1] == pytest.approx(400.0)
    for (a, la), (b, _) in zip(parts, parts[1:]):
        assert a + la - b == pytest.approx(10.0)


def test_board_larger_than_the_paper_is_tiled_into_parts():
    board = SetJob("Board", mm(400), mm(300), 0.0, 0.0, (Copy("Board", 2, 1, 0),), False, overlap=mm(10))
    result = plan([board], SINGLE_A4)
    assert len(result.pages) == 4  # 2 x 2 parts on landscape A4
    assert [s.part for s in result.slots()] == [1, 2, 3, 4]
    for page in result.pages:
        (slot,) = page.slots
        assert Box(0, 0, page.width, page.height).contains(slot.trim)
        assert page.label.startswith(f"part {slot.part} of 4")
        assert any(m.kind == "align" for m in page.marks)
    widths = sorted({round(s.trim.width, 3) for s in result.slots()})
    assert widths == [pytest.approx(mm(205))]  # (400 + 10) / 2


def test_alignment_crosshairs_match_between_neighbouring_parts():
    board = SetJob("Board", mm(400), mm(150), 0.0, 0.0, (Copy("Board", 2, 1, 0),), False, overlap=mm(10))
    left, right = plan([board], SINGLE_A4).pages
    def in_component(page):
        (slot,) = page.slots
        return {(round(m.x1 - slot.origin[0], 3), round(m.y1 - slot.origin[1], 3)) for m in page.marks
                if m.kind == "align"}
    assert in_component(left) == in_component(right)
    assert in_component(left)


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(width=st.floats(10, 450), height=st.floats(10, 450), bleed=st.sampled_from([0.0, 2.0, 3.0]),
       gap=st.sampled_from([0.0, 1.0, 6.0]), count=st.integers(1, 30), paper=st.sampled_from(["a4", "letter"]),
       duplex=st.sampled_from(["long", "short", "none"]), has_back=st.booleans())
def test_any_plan_keeps_everything_on_the_page_and_apart(width, height, bleed, gap, count, paper, duplex, has_back):
    copies = tuple(Copy("S", 2, i + 1, 0) for i in range(count))
    job = SetJob("S", mm(width), mm(height), mm(bleed), mm(gap), copies, has_back)
    result = plan([job], Sheet(*PAPERS[paper], duplex=duplex))
    fronts = [s for s in result.slots() if s.side == "front"]
    assert len(fronts) >= count  # tiled components have one front per part
    assert {(s.copy.copy) for s in fronts} == set(range(1, count + 1))
    for page in result.pages:
        sheet_box = Box(0, 0, page.width, page.height)
        for slot in page.slots:
            assert sheet_box.contains(slot.art, tolerance=0.01)
        for a, b in itertools.combinations(page.slots, 2):
            assert not a.art.overlaps(b.art, tolerance=0.01)
        for mark in page.marks:
            assert 0 <= min(mark.x1, mark.x2) and max(mark.x1, mark.x2) <= page.width
            assert 0 <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= page.height
            if mark.kind == "crop":
                segment = Box(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1) or 1e-3,
                              abs(mark.y2 - mark.y1) or 1e-3)
                assert not any(segment.overlaps(slot.art, tolerance=0.01) for slot in page.slots)


def test_backs_of_tiled_parts_mirror_the_whole_component():
    board = SetJob("Board", mm(400), mm(150), 0.0, 0.0, (Copy("Board", 2, 1, 0),), True, overlap=mm(10))
    pages = plan([board], A4).pages
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    for front_page, back_page in ((pages[0], pages[1]), (pages[2], pages[3])):
        (front,), (back,) = front_page.slots, back_page.slots
        assert back.part == front.part
        assert front_page.width > front_page.height  # landscape: a long-edge flip turns top to bottom
        assert back.trim.x == pytest.approx(front.trim.x)
        assert back.trim.y == pytest.approx(front_page.height - front.trim.bottom)
        assert back.mirrored == "y"
        assert back.origin[1] == pytest.approx(front_page.height - front.origin[1] - mm(150))
        assert back.origin[0] == pytest.approx(front.origin[0])


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("a4", "short"), ("letter", "long"), ("letter", "short")])
def test_backs_flipped_top_to_bottom_stay_clear_of_the_footer_band(paper, duplex):
    tokens = SetJob("Tokens", mm(18), mm(18), mm(3), 0.0, tuple(Copy("Tokens", 2, i + 1, 0) for i in range(96)), True)
    for page in plan([tokens], Sheet(*PAPERS[paper], duplex=duplex)).pages:
        band = (mm(4), mm(9)) if page.footer_top else (page.height - mm(9), page.height - mm(4))
        assert all(slot.art.bottom <= band[0] + 1e-6 or slot.art.y >= band[1] - 1e-6 for slot in page.slots), \
            (page.side, page.width > page.height)
        if page.side == "back" and page.slots:
            assert page.footer_top == (page.slots[0].mirrored == "y")
