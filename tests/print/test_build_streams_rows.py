"""A PDF build holds no rows: it reads, checks and counts them first, then makes each again as drawing reaches it."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

from playproof.components import read_project_workbook
from playproof.components import reader as reader_module
from playproof.components.stream import WINDOW, Runs, StreamedRows
from playproof.errors import PlayproofError
from playproof.layouts.imposition import Copy
from playproof.output import build as build_module
from playproof.output.build import BuildOptions, build
from playproof.output.copies import Copies

from print_fixtures import write_workbook

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import print_bench  # noqa: E402

ROWS = [("name", "count", "note"), ("Gold", 2, "a"), (None, None, None), ("Silver", 2, "b"), ("Tin", 2, " c "),
        ("Lead", 1, None), ("  ", None, ""), ("Iron", "3", "d"), ("Zinc", 0, "e"), ("Copper", 1, "f")]


def _csv(path: Path, rows: list[tuple[object, ...]]) -> None:
    """Write rows as a CSV file (None as an empty cell)."""
    path.write_text("".join(",".join("" if v is None else str(v) for v in row) + "\n" for row in rows))


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_streamed_rows_are_the_rows_a_full_reading_holds(tmp_path, fmt):
    if fmt == "csv":
        _csv(tmp_path / "Cards.csv", ROWS)
    else:
        write_workbook(tmp_path / "components.xlsx", {"Cards": ROWS})
    held = read_project_workbook(tmp_path).sets["Cards"]
    streamed = read_project_workbook(tmp_path, stream=True).sets["Cards"]
    assert isinstance(streamed.rows, StreamedRows) and isinstance(held.rows, list)
    assert list(streamed.rows) == held.rows and len(streamed.rows) == len(held.rows) == 7
    assert [r.row for r in streamed.rows] == [2, 4, 5, 6, 8, 9, 10]  # empty rows skipped, as a full reading does
    assert streamed.copies == held.copies == 11 and streamed.columns == held.columns
    assert [streamed.rows[i] for i in (3, 0, 6, -1, 2)] == [held.rows[i] for i in (3, 0, 6, -1, 2)]
    assert streamed.rows[1:4] == tuple(held.rows[1:4])


def test_the_first_reading_keeps_runs_of_counts_not_rows(tmp_path):
    _csv(tmp_path / "Cards.csv", ROWS)
    rows = read_project_workbook(tmp_path, stream=True).sets["Cards"].rows
    assert isinstance(rows, StreamedRows)
    # (first design, first spreadsheet row, copies each, rows): Gold; Silver and Tin; Lead; Iron; Zinc; Copper
    assert list(rows.runs) == [(0, 2, 2, 1), (1, 4, 2, 2), (3, 6, 1, 1), (4, 8, 3, 1), (5, 9, 0, 1), (6, 10, 1, 1)]
    assert rows.kept == {} and rows.cursor is None  # nothing was read again yet


def test_a_large_csv_read_to_stream_holds_a_few_bytes_whatever_its_length(tmp_path):
    import tracemalloc

    (tmp_path / "Cards.csv").write_text("name,colour,count\n" + "".join(f"Card {n},#ffe0{n % 100:02d},1\n"
                                                                        for n in range(20_000)))
    tracemalloc.start()
    try:
        workbook = read_project_workbook(tmp_path, stream=True)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    rows = workbook.sets["Cards"].rows
    assert len(rows) == 20_000 and len(list(rows.runs)) == 1  # type: ignore[attr-defined]
    assert held < 40_000  # the whole set; held as rows it was 272 bytes per row, 5.4 MB
    assert rows[19_999].fields == {"name": "Card 19999", "colour": "#ffe099"}


def test_reading_forward_keeps_a_window_and_reading_back_past_it_starts_again(tmp_path):
    _csv(tmp_path / "Cards.csv", [("name",)] + [(f"Card {n}",) for n in range(3 * WINDOW)])
    rows = read_project_workbook(tmp_path, stream=True).sets["Cards"].rows
    assert isinstance(rows, StreamedRows)
    assert [rows[i].get("name") for i in range(0, 3 * WINDOW, 7)] == [f"Card {i}" for i in range(0, 3 * WINDOW, 7)]
    assert len(rows.kept) <= WINDOW and rows.restarts == 0
    assert rows[3 * WINDOW - WINDOW].get("name") == f"Card {2 * WINDOW}" and rows.restarts == 0  # in the window
    assert rows[5].get("name") == "Card 5" and rows.restarts == 1  # before it: the file is read again
    assert sum(1 for _ in rows) == 3 * WINDOW and rows[6].get("name") == "Card 6"  # iterating reads apart


def test_a_file_changed_between_the_readings_stops_the_build(tmp_path):
    _csv(tmp_path / "Cards.csv", ROWS)
    rows = read_project_workbook(tmp_path, stream=True).sets["Cards"].rows
    _csv(tmp_path / "Cards.csv", ROWS[:3])
    stamp = (tmp_path / "Cards.csv").stat()
    os.utime(tmp_path / "Cards.csv", ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10**9))
    with pytest.raises(PlayproofError, match=r"^Cards\.csv: changed while it was being read; build again$"):
        rows[0]


def test_spooled_rows_read_again_differently_are_refused():
    runs = Runs()
    for number in (2, 3, 4):
        runs.add(number, 1)
    from playproof.components.model import ComponentRow

    made = [ComponentRow(n, {"name": str(n)}) for n in (2, 3)]
    with pytest.raises(PlayproofError, match="Cards.csv: changed while it was being read"):
        list(StreamedRows("Cards.csv", lambda: iter(made), runs))  # one row fewer
    with pytest.raises(PlayproofError, match="changed"):
        list(StreamedRows("Cards.csv", lambda: iter(made + made), runs))  # rows in other places


def test_merged_cells_are_filled_as_the_rows_stream_as_a_held_sheet_fills_them():
    rng = random.Random(7)
    for _ in range(200):
        table = [[rng.choice([None, None, "x", rng.randint(0, 9)]) for _ in range(rng.randint(0, 6))]
                 for _ in range(rng.randint(0, 8))]
        ranges = []
        for _ in range(rng.randint(0, 3)):
            top, left = rng.randint(0, 8), rng.randint(0, 6)
            ranges.append((top, left, top + rng.randint(0, 3), left + rng.randint(0, 3)))
        held = [list(r) for r in table]
        reader_module._fill_merged(held, ranges)
        assert [list(r) for r in reader_module._filled([tuple(r) for r in table], ranges)] == held


def test_a_streamed_build_parses_a_workbook_once(tmp_path, monkeypatch):
    import openpyxl

    project = print_bench.make_deck(tmp_path, 30, "xlsx")
    loads = []
    real = openpyxl.load_workbook
    monkeypatch.setattr(openpyxl, "load_workbook", lambda *a, **k: loads.append(k.get("data_only")) or real(*a, **k))
    build(project, tmp_path / "out")
    assert loads == [True]  # drawing reads the spool of the parsed rows, not the workbook again


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_pdf_build_draws_from_streamed_rows_read_once_in_order(tmp_path, monkeypatch, fmt):
    project = print_bench.make_deck(tmp_path, 3 * WINDOW // 2, fmt)
    seen: list[StreamedRows] = []
    real = build_module.make_jobs

    def jobs(project_, layouts, rows=None, choices=None):
        seen.extend(project_.component_set(layout).rows for layout in layouts)
        return real(project_, layouts, rows, choices)

    monkeypatch.setattr(build_module, "make_jobs", jobs)
    result = build(project, tmp_path / "out")
    assert result.copies == 3 * WINDOW // 2
    [rows] = seen
    assert isinstance(rows, StreamedRows) and rows.restarts == 0 and rows.next == len(rows)
    assert len(rows.kept) == WINDOW  # the last rows read, no more


def test_a_streamed_build_writes_what_a_build_from_held_rows_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # reproducible: same dates and id in both builds
    project = print_bench.make_deck(tmp_path, 40, "csv")
    with (project / "Cards.csv").open("a") as handle:
        handle.write(",,\n")  # an empty row
    streamed = build(project, tmp_path / "streamed", BuildOptions(only=("Cards:3-12,Card 30",)))
    real = build_module.load_project
    monkeypatch.setattr(build_module, "load_project", lambda path, problems, stream=False: real(path, problems))
    held = build(project, tmp_path / "held", BuildOptions(only=("Cards:3-12,Card 30",)))
    assert streamed.summary() == held.summary() == "1 set(s), 11 copies, 4 page(s), 0 warning(s)"
    for a, b in zip(sorted((tmp_path / "streamed").iterdir()), sorted((tmp_path / "held").iterdir())):
        assert a.read_bytes() == b.read_bytes()


def test_a_bad_count_is_still_reported_at_its_cell_by_a_streamed_build(tmp_path):
    project = print_bench.make_deck(tmp_path, 5, "csv")
    text = (project / "Cards.csv").read_text().splitlines()
    rows = [text[0] + ",count"] + [line + (",two" if n == 3 else ",1") for n, line in enumerate(text[1:], start=2)]
    (project / "Cards.csv").write_text("\n".join(rows) + "\n")
    with pytest.raises(PlayproofError, match=r'^Cards\.csv, row 3, column "count": "two" is not a whole number$'):
        build(project, tmp_path / "out")


# --- copies as runs ------------------------------------------------------------------------------

def test_copies_of_a_deck_printed_once_each_are_one_run():
    copies = Copies("Cards", ((2 + i, i, 1) for i in range(50_000)))
    assert len(copies) == 50_000 and len(copies.starts) == 1
    assert copies[31_337] == Copy("Cards", 31_339, 1, 31_337) and copies.index(copies[31_337]) == 31_337


def test_copies_made_from_runs_are_the_copies_made_row_by_row():
    rng = random.Random(3)
    for _ in range(100):
        runs, triples, row = Runs(), [], 2
        for design in range(rng.randint(0, 30)):
            row += rng.choice([1, 1, 1, 2])
            count = rng.choice([0, 1, 1, 2, 3])
            runs.add(row, count)
            if count:
                triples.append((row, design, count))
        rows = StreamedRows("Cards.csv", lambda: iter(()), runs)
        expected = tuple(Copy("Cards", r, n, d) for r, d, c in triples for n in range(1, c + 1))
        copies = Copies.of("Cards", rows)
        assert copies == Copies("Cards", triples) == expected and len(copies) == len(expected)
        assert [copies[i] for i in range(len(expected))] == list(expected)
        assert all(copies.index(copy) == i for i, copy in enumerate(expected))
        if expected:
            start, stop = sorted(rng.sample(range(len(expected) + 1), 2))
            assert copies[start:stop] == expected[start:stop]
        with pytest.raises(ValueError):
            copies.index(Copy("Cards", 1, 1, 0))


def test_the_manifest_written_from_a_plan_is_the_one_written_from_its_slots(tmp_path):
    from playproof.layouts.imposition import SetJob, Sheet, plan
    from playproof.layouts.spec import PAPERS
    from playproof.output.manifest import head, write_manifest
    from playproof.units import mm

    jobs = [SetJob(name, mm(63), mm(88), mm(3), mm(6), Copies(name, ((2 + i, i, 1 + i % 2) for i in range(n))), True)
            for name, n in (("Cards", 30), ("Tokens", 3))]
    result = plan(jobs, Sheet(*PAPERS["a4"]))
    document = head("Game", "1", "a4", len(result.pages), {"Cards": (30, 45), "Tokens": (3, 4)})
    write_manifest(tmp_path / "plan.json", document, result)
    write_manifest(tmp_path / "slots.json", document, result.slots())
    text = (tmp_path / "plan.json").read_text()
    assert text == (tmp_path / "slots.json").read_text() and text.count('"set": "Tokens"') == 8


def test_a_spool_gives_back_what_was_written_to_readers_taking_turns():
    from datetime import datetime

    from playproof.components.stream import Spool

    spool = Spool()
    items = [(2, ("Gold", 3, None)), (3, ["x" * 200_000, datetime(2026, 11, 25), 1.5, True]), (5, ())]
    for item in items:
        spool.write(item)
    first, second = spool.read(), spool.read()
    assert [next(first), next(second), next(second), next(first)] == [items[0], items[0], items[1], items[1]]
    assert list(second) == items[2:] and list(first) == items[2:] and list(spool.read()) == items


def test_a_spool_keeps_every_kind_of_cell_value_and_refuses_anything_else():
    from datetime import date, datetime, time, timedelta, timezone

    import pytest

    from playproof.components.stream import Spool

    spool = Spool()
    item = (7, ("{\"tuple\": 1}", date(2026, 1, 2), time(9, 30, 5), timedelta(days=1, seconds=3),
                datetime(2026, 11, 25, 3, 0, tzinfo=timezone.utc), -0.25, 10**20, False, "", "é"))
    spool.write(item)
    assert list(spool.read()) == [item]
    with pytest.raises(TypeError, match="cell values, not set"):
        spool.write({1, 2})
