"""Guides: fold ticks in the margin, never across the art; calibration targets in the corners, ±15 mm scales."""

from __future__ import annotations

from playproof.layouts.geometry import Box
from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.spec import PAPERS
from playproof.output import calibration
from playproof.units import mm


def test_gutter_fold_is_marked_by_ticks_in_the_margin():
    copies = tuple(Copy("Cards", 2, n, 0) for n in range(1, 7))
    job = SetJob("Cards", mm(63.5), mm(88.9), mm(3), mm(6), copies, True)
    sheet = Sheet(*PAPERS["a4"], fold=True)
    for page in plan([job], sheet).pages:
        ticks = [m for m in page.marks if m.kind == "fold"]
        assert len(ticks) == 2
        for tick in ticks:
            assert tick.y1 == tick.y2 == page.height / 2
            line = Box(min(tick.x1, tick.x2), tick.y1 - 0.1, abs(tick.x2 - tick.x1), 0.2)
            assert not any(line.overlaps(slot.art) for slot in page.slots)
            assert mm(4) - 1e-6 <= min(tick.x1, tick.x2) and max(tick.x1, tick.x2) <= page.width - mm(4) + 1e-6


def test_calibration_has_targets_in_the_centre_and_corners_and_reads_15_mm():
    width, height = PAPERS["a4"]
    centres = calibration.targets(width, height)
    assert centres[0] == (width / 2, height / 2)
    assert sorted(centres[1:]) == sorted([(mm(30), mm(70)), (mm(30), height - mm(70)),
                                          (width - mm(30), mm(70)), (width - mm(30), height - mm(70))])
    assert calibration.SCALE_MM == 15
    mirrored = {(round(width - x, 3), round(y, 3)) for x, y in centres}
    assert mirrored == {(round(x, 3), round(y, 3)) for x, y in centres}  # a long-edge flip lands on a target
    assert calibration.BACK_TEXT[-1] == ("readings that differ between corners mean the back is turned (skew) "
                                         "or scaled by the printer.")


def test_tiled_parts_mark_the_overlap_cut_here_and_glue_here_with_ticks_outside_the_art():
    board = SetJob("Board", mm(400), mm(150), 0.0, 0.0, (Copy("Board", 2, 1, 0),), False, overlap=mm(10))
    left, right = plan([board], Sheet(*PAPERS["a4"], duplex="none")).pages

    def guides(page, kind):
        (slot,) = page.slots
        return {round(m.x1 - slot.origin[0], 3) for m in page.marks if m.kind == kind}

    assert guides(left, "glue") == guides(right, "cut") and len(guides(left, "glue")) == 1
    assert not guides(left, "cut") and not guides(right, "glue")
    for page in (left, right):
        (slot,) = page.slots
        ticks = [m for m in page.marks if m.kind == "align"]
        assert len(ticks) == 2
        for m in ticks:
            segment = Box(min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1) or 1e-3, abs(m.y2 - m.y1) or 1e-3)
            assert not segment.overlaps(slot.art)
    from playproof.output.pdf import OVERLAP_LABELS

    assert OVERLAP_LABELS == {"cut": "cut here", "glue": "glue here"}
