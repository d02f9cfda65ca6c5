"""A grid's full sheets share their cells and marks: the box of what a sheet prints is worked out once for them."""

from __future__ import annotations

import sys
from pathlib import Path

from playproof.errors import Problems
from playproof.layouts import sharing
from playproof.layouts.imposition import plan
from playproof.layouts.plan import SlotRun
from playproof.layouts.project import load_project
from playproof.output.build import BuildOptions, make_jobs, make_sheet

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import print_bench  # noqa: E402


def test_each_pages_block_is_the_box_of_its_own_slots_and_marks(tmp_path, monkeypatch):
    project = load_project(print_bench.make_deck(tmp_path, 61, "csv", "sets"), Problems(), stream=True)
    _, sheet = make_sheet(project, BuildOptions())
    pages = [page for page in plan(make_jobs(project, list(project.spec.sets.values())), sheet).pages
             if page.side == "front"]  # what sheets print on their fronts (a back's block is never asked for)
    assert sum(isinstance(page.slots, SlotRun) for page in pages) > 4
    worked: list[int] = []
    real = sharing._block
    monkeypatch.setattr(sharing, "_block", lambda page: worked.append(page.number) or real(page))
    sharing._BLOCKS.clear()
    for page in pages + pages:
        assert sharing.block(page) == real(page), page.number
    grids = {(id(p.slots.cells), len(p.slots), id(p.marks)) for p in pages if isinstance(p.slots, SlotRun)}
    assert len(worked) == len(grids) + sum(not isinstance(p.slots, SlotRun) for p in pages) * 2
