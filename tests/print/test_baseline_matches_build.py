"""The benchmark's hand-written reportlab baseline draws the page playproof's build draws (pixels compared)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from playproof.output.build import build

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import handwritten_reportlab  # noqa: E402
import page_compare  # noqa: E402
import print_bench  # noqa: E402


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
@pytest.mark.parametrize(("kind", "size", "pages"), [("plain", 20, 6), ("icons", 20, 6), ("sets", 30, 12)])
def test_the_baseline_renders_the_same_pages_as_the_build(tmp_path: Path, fmt: str, kind: str, size: int,
                                                          pages: int) -> None:
    # 20 cards: 3 sheets (two full, one with 4 cards); three sets of 10 cards: 2 sheets each
    project = print_bench.make_deck(tmp_path, size, fmt, kind)
    result = build(project, tmp_path / "out")
    theirs = tmp_path / "hand.pdf"
    handwritten_reportlab.main(project, theirs, print_bench.deck_kind(project))
    ours = result.outputs[0]
    assert page_compare.page_count(ours) == page_compare.page_count(theirs) == pages
    diffs = page_compare.compare(ours, theirs, list(range(1, pages + 1)), dpi=80)
    assert all(d.same for d in diffs), [(d.page, d.differing) for d in diffs]


def test_the_icons_deck_chooses_each_cards_icon_by_its_suit(tmp_path: Path) -> None:
    project = print_bench.make_deck(tmp_path, 8, "csv", "icons")
    rows = (project / "Cards.csv").read_text().splitlines()
    assert [row.rsplit(",", 1)[1] for row in rows[1:5]] == ["flame", "leaf", "moon", "sun"]
    ours = build(project, tmp_path / "out").outputs[0]
    (project / "Cards.csv").write_text("\n".join(rows).replace(",leaf\n", ",sun\n") + "\n")  # one suit changed
    other = tmp_path / "other.pdf"
    handwritten_reportlab.main(project, other, "icons")
    assert not page_compare.compare(ours, other, [1], dpi=80)[0].same


def test_the_sets_deck_prints_each_set_from_its_own_sheet(tmp_path: Path) -> None:
    import openpyxl

    project = print_bench.make_deck(tmp_path, 30, "xlsx", "sets")
    book = openpyxl.load_workbook(project / "components.xlsx", read_only=True)
    assert [(ws.title, ws.max_row - 1) for ws in book.worksheets] == [("Cards", 10), ("Heroes", 10), ("Events", 10)]
    book.close()
    assert print_bench.deck_kind(project) == "sets"


def test_the_comparison_sees_a_different_page(tmp_path: Path) -> None:
    project = print_bench.make_deck(tmp_path, 20, "csv")
    ours = build(project, tmp_path / "out").outputs[0]
    other = tmp_path / "other.pdf"
    rows = (project / "Cards.csv").read_text().splitlines()
    (project / "Cards.csv").write_text("\n".join(rows[:2] + [rows[3], rows[2]] + rows[4:]) + "\n")  # two cards swapped
    handwritten_reportlab.main(project, other, "plain")
    first = page_compare.compare(ours, other, [1], dpi=80)[0]
    assert not first.same and first.differing > page_compare.TOLERANCE
