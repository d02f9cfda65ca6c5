"""A build's cost and memory grow with the deck only where reportlab's own do: no quadratic steps, nothing kept."""

from __future__ import annotations

import pytest

from playproof.layouts import sharing
from playproof.layouts.imposition import Copy, Plan, SetJob, Sheet, plan
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


# --- the plan holds no slot per copy -------------------------------------------------------------

def test_grid_pages_make_their_slots_when_read_and_equal_the_slots_they_stand_for():
    from dataclasses import replace

    from playproof.layouts.imposition import SlotRun

    result = plan([poker("Cards", 20)], Sheet(*PAPERS["a4"]))
    pages = [p for p in result.pages if p.slots]
    assert pages and all(isinstance(p.slots, SlotRun) for p in pages)
    page = pages[1]  # a back page
    slots = tuple(page.slots)
    assert page.slots == slots and slots == page.slots and len(page.slots) == len(slots) == 9
    assert page.slots[0] == slots[0] and page.slots[-1] == slots[-1] and page.slots[2:4] == slots[2:4]
    assert all(s.page == page.number and s.side == "back" for s in slots)
    assert page.slots.renumbered(7) == tuple(replace(s, page=7) for s in slots)
    assert page.slots + () == slots and () + page.slots == slots


def test_planning_a_large_deck_holds_a_few_bytes_per_copy():
    import tracemalloc

    from playproof.output.build import Copies

    copies = Copies("Cards", [(2 + i, i, 1) for i in range(20_000)])
    job = SetJob("Cards", mm(63), mm(88), mm(3), 0.0, copies, True)
    tracemalloc.start()
    try:
        result = plan([job], Sheet(*PAPERS["a4"]))
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert sum(len(p.slots) for p in result.pages) == 40_000
    assert held / 20_000 < 150  # bytes per copy; a Slot per side and a Copy held about 470


def test_copies_are_the_rows_copies_in_order():
    from playproof.output.build import Copies

    rows = [(2, 0, 2), (3, 1, 0), (5, 3, 3)]
    copies = Copies("Cards", [r for r in rows if r[2]])
    expected = tuple(Copy("Cards", row, n, design) for row, design, count in rows for n in range(1, count + 1))
    assert tuple(copies) == expected and copies == expected and len(copies) == 5
    assert [copies[i] for i in range(-5, 5)] == list(expected[-5:] + expected[:5])
    assert copies[1:4] == expected[1:4] and copies[::2] == expected[::2] and copies[4:9] == expected[4:]
    with pytest.raises(IndexError):
        copies[5]


# --- the manifest is written as it goes ----------------------------------------------------------

def test_the_streamed_manifest_is_the_document_dumps_writes(tmp_path):
    from dataclasses import replace

    from playproof.output.manifest import dumps, head, manifest, write_manifest

    result = plan([poker("Cards ✓ \"quoted\"", 11), poker("Tokens", 3)], Sheet(*PAPERS["a4"]))
    part = replace(next(iter(result.pages[0].slots)), part=2)  # a tiled part adds "part"
    turned = replace(tuple(result.pages[0].slots)[1], rotation=90)  # a turned piece adds "rotation"
    result.pages[0] = replace(result.pages[0], slots=(part, turned) + tuple(result.pages[0].slots)[2:])
    sets = {"Cards ✓ \"quoted\"": (11, 11), "Tokens": (3, 3)}
    target = tmp_path / "m.json"
    write_manifest(target, head("Game", "1", "a4", len(result.pages), sets), result.slots())
    assert target.read_text(encoding="utf-8") == dumps(manifest("Game", "1", "a4", result, sets))
    write_manifest(target, head("Game", "1", "a4", 0, {}), iter(()))
    assert target.read_text(encoding="utf-8") == dumps(manifest("Game", "1", "a4", Plan(), {}))


def test_writing_the_manifest_of_a_large_deck_holds_no_list_of_placements(tmp_path):
    import tracemalloc

    from playproof.output.manifest import head, write_manifest

    result = plan([poker("Cards", 20_000)], Sheet(*PAPERS["a4"]))
    tracemalloc.start()
    try:
        write_manifest(tmp_path / "m.json", head("Game", "1", "a4", len(result.pages), {"Cards": (1, 20_000)}),
                       result.slots())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (tmp_path / "m.json").stat().st_size > 4_000_000
    assert peak < 1_000_000  # as one list and one string it was over 25 MB


# --- rows are read once and held compactly -------------------------------------------------------

def test_reading_a_large_csv_holds_its_values_not_a_dict_per_row(tmp_path):
    import tracemalloc

    from playproof.components import read_project_workbook

    (tmp_path / "Cards.csv").write_text("name,colour,count\n" + "".join(f"Card {n},#ffe0{n % 100:02d},1\n"
                                                                        for n in range(20_000)))
    tracemalloc.start()
    try:
        workbook = read_project_workbook(tmp_path)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    rows = workbook.sets["Cards"].rows
    assert len(rows) == 20_000 and rows[5].fields == {"name": "Card 5", "colour": "#ffe005"}
    assert rows[5].get("colour") == "#ffe005" and rows[5].get("missing", 3) == 3 and rows[5].count == 1
    assert held / 20_000 < 320  # bytes per row; with a dict per row it was 432


def _openpyxl_loads(monkeypatch) -> list[bool]:
    """Count openpyxl's workbook loads (each is a parse of the whole file), noting data_only."""
    import openpyxl

    loads: list[bool] = []
    real = openpyxl.load_workbook

    def counted(*args, **kwargs):
        loads.append(kwargs.get("data_only", False))
        return real(*args, **kwargs)

    monkeypatch.setattr(openpyxl, "load_workbook", counted)
    return loads


def test_a_workbook_without_formulas_is_parsed_once(tmp_path, monkeypatch):
    import openpyxl

    from playproof.components import read_workbook
    from playproof.errors import Problems

    book = openpyxl.Workbook()
    book.active.title = "Cards"
    for row in (["name", "count"], ["Gold", 2], ["Silver", 1]):
        book.active.append(row)
    book.active.merge_cells("A4:B4")
    book.save(tmp_path / "components.xlsx")
    loads = _openpyxl_loads(monkeypatch)
    workbook = read_workbook(tmp_path / "components.xlsx", Problems())
    assert loads == [True]
    assert [(r.fields, r.count) for r in workbook.sets["Cards"].rows] == [({"name": "Gold"}, 2),
                                                                          ({"name": "Silver"}, 1)]


def test_a_workbook_with_formulas_is_parsed_again_to_report_uncached_ones(tmp_path, monkeypatch):
    import openpyxl

    from playproof.components import read_workbook
    from playproof.errors import Problems

    book = openpyxl.Workbook()
    book.active.title = "Cards"
    for row in (["name", "cost"], ["Gold", "=1+1"]):
        book.active.append(row)
    book.save(tmp_path / "components.xlsx")  # openpyxl stores no cached value
    loads = _openpyxl_loads(monkeypatch)
    problems = Problems()
    read_workbook(tmp_path / "components.xlsx", problems)
    assert loads == [True, False]
    assert [str(p) for p in problems.items] == [
        'components.xlsx, sheet "Cards", row 2, column "cost": formula =1+1 has no cached value; open and save the '
        "workbook in a spreadsheet program so its results are stored"]


def test_the_word_width_cache_does_not_grow_with_the_deck():
    from playproof.layouts.fonts import WIDTHS_KEPT, FontBook

    fonts = FontBook(None)
    widths = [fonts.unit_width(f"Card{n}", "DejaVuSans") for n in range(WIDTHS_KEPT + 5_000)]
    assert len(fonts.unit_widths("DejaVuSans")) <= WIDTHS_KEPT
    assert widths[7] == fonts.unit_width("Card7", "DejaVuSans") > 0  # measured again, the same
    for n in range(WIDTHS_KEPT + 5_000):
        fonts.width(f"Card{n}", "DejaVuSans", 9.0)
    assert len(fonts._widths) <= WIDTHS_KEPT
