"""A build's design versions are worked out as drawing reads the rows: one pass over them fewer, the same versions."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playproof import versions
from playproof.components import read_project_workbook
from playproof.components import reader as reader_module
from playproof.components.stream import WINDOW, StreamedRows
from playproof.errors import Problems
from playproof.layouts.project import load_project
from playproof.output.build import BuildOptions, build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import print_bench  # noqa: E402


def test_the_watch_is_given_each_row_once_in_order_whatever_is_read_again(tmp_path):
    (tmp_path / "Cards.csv").write_text("name\n" + "".join(f"Card {n}\n" for n in range(WINDOW + 300)))
    rows = read_project_workbook(tmp_path, stream=True).sets["Cards"].rows
    assert isinstance(rows, StreamedRows)
    given: list[int] = []
    rows.watch = lambda row: given.append(row.row)
    for index in [0, 5, 3, 9, WINDOW + 200, 2, 40, WINDOW + 299, 7]:  # back past the window: read from the start
        rows[index]
    assert rows.restarts == 2
    assert given == list(range(2, WINDOW + 302))  # spreadsheet rows 2 .. the last, each once


def _reads(monkeypatch) -> list[str]:
    """Count the readings of a CSV file."""
    reads: list[str] = []
    real = reader_module._read_csv
    monkeypatch.setattr(reader_module, "_read_csv", lambda path: reads.append(path.name) or real(path))
    return reads


def test_a_build_reads_its_rows_once_fewer_for_the_same_versions(tmp_path, monkeypatch):
    project = print_bench.make_deck(tmp_path, 40, "csv", "sets")
    expected = versions.design_versions(versions.designs_of(load_project(project, Problems(), stream=True)))
    reads = _reads(monkeypatch)
    manifest = build(project, tmp_path / "out").manifest
    assert manifest is not None
    assert json.loads(manifest.read_text())["designs"] == expected
    # each set's file: counted, its edge colours, drawn (the versions seen then); not read again for the versions
    assert sorted(reads) == sorted(["Cards.csv", "Heroes.csv", "Events.csv"] * 3)


def test_rows_drawing_does_not_read_in_full_are_read_for_the_versions(tmp_path, monkeypatch):
    project = print_bench.make_deck(tmp_path, 40, "csv", "sets")
    expected = versions.design_versions(versions.designs_of(load_project(project, Problems(), stream=True)))
    reads = _reads(monkeypatch)
    manifest = build(project, tmp_path / "out", BuildOptions(only=("Heroes:1-3",))).manifest
    assert manifest is not None
    assert json.loads(manifest.read_text())["designs"] == expected  # every design, printed or not
    # Heroes: counted, its rows chosen, edge colours, three rows drawn, then read for the versions; Cards: counted,
    # then read for the versions (not drawn)
    assert reads.count("Heroes.csv") == 5 and reads.count("Cards.csv") == 2
