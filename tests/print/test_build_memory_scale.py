"""A build's cost and memory grow with the deck only where reportlab's own do: no quadratic steps, nothing kept."""

from __future__ import annotations

from playproof.layouts import sharing
from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.spec import PAPERS
from playproof.units import mm


def poker(name: str, count: int) -> SetJob:
    """Return a job of `count` poker cards with backs."""
    return SetJob(name, mm(63), mm(88), mm(3), 0.0, tuple(Copy(name, i + 2, 1, i) for i in range(count)), True)


def test_sharing_paper_looks_at_each_sheet_a_bounded_number_of_times(monkeypatch):
    calls = []
    real = sharing.extent

    def counted(page):
        calls.append(page.number)
        return real(page)

    monkeypatch.setattr(sharing, "extent", counted)
    result = plan([poker("Cards", 9 * 400 + 2), poker("Tokens", 3)], Sheet(*PAPERS["a4"]))
    sheets = sum(1 for p in result.pages if p.side == "front")
    assert sheets == 401  # the Tokens' last sheet shares the Cards' partly filled one
    assert len(calls) <= 3 * sheets  # it was every pair of sheets: 80,000 calls here
