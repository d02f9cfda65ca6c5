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
def test_the_baseline_renders_the_same_pages_as_the_build(tmp_path: Path, fmt: str) -> None:
    project = print_bench.make_deck(tmp_path, 20, fmt)  # 3 sheets: two full, one with 4 cards
    result = build(project, tmp_path / "out")
    theirs = tmp_path / "hand.pdf"
    handwritten_reportlab.main(print_bench.deck_file(project), theirs, project / "assets" / "icon.svg")
    ours = result.outputs[0]
    assert page_compare.page_count(ours) == page_compare.page_count(theirs) == 6
    diffs = page_compare.compare(ours, theirs, list(range(1, 7)), dpi=80)
    assert all(d.same for d in diffs), [(d.page, d.differing) for d in diffs]


def test_the_comparison_sees_a_different_page(tmp_path: Path) -> None:
    project = print_bench.make_deck(tmp_path, 20, "csv")
    ours = build(project, tmp_path / "out").outputs[0]
    other = tmp_path / "other.pdf"
    rows = (project / "Cards.csv").read_text().splitlines()
    (project / "Cards.csv").write_text("\n".join(rows[:2] + [rows[3], rows[2]] + rows[4:]) + "\n")  # two cards swapped
    handwritten_reportlab.main(project / "Cards.csv", other, project / "assets" / "icon.svg")
    first = page_compare.compare(ours, other, [1], dpi=80)[0]
    assert not first.same and first.differing > page_compare.TOLERANCE
