"""Bad workbooks and CSV files: one located error, bounded time and memory, nothing silently wrong."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from hardening_support import invoke, one_error, peak_mb
from playproof.components import read_workbook
from playproof.errors import Problems
from print_fixtures import CARD_LAYOUT, make_project, write_workbook

ROWS = [("name", "text", "count"), ("Gold", "x", 1)]


def _project_with(tmp_path: Path, rows: list[tuple]) -> Path:
    """Return a card project whose Cards sheet has these rows."""
    return make_project(tmp_path, sheets={"Cards": rows})


def test_a_count_of_a_hundred_million_is_refused_quickly(tmp_path: Path) -> None:
    project = _project_with(tmp_path, [("name", "text", "count"), ("Gold", "x", 100_000_000)])
    started = time.perf_counter()
    result, peak = peak_mb(lambda: invoke(["build", project]))
    line = one_error(result)
    assert time.perf_counter() - started < 20 and peak < 100
    assert line == ('Error: components.xlsx, sheet "Cards", row 2, column "count": count 100000000 is more than '
                    "1,000, the most copies of one design (see docs/limits.md)")
    assert not (project / "out").exists()


def test_a_set_with_too_many_copies_in_total(tmp_path: Path) -> None:
    rows = [("name", "text", "count")] + [(f"C{i}", "x", 1000) for i in range(21)]
    assert one_error(invoke(["check", _project_with(tmp_path, rows)])) == (
        'Error: components.xlsx, sheet "Cards": 21,000 copies, more than 20,000, the most one set may print '
        "(see docs/limits.md)")


def test_a_duplicate_column_names_both(tmp_path: Path) -> None:
    rows = [("name", "text", "name", "count"), ("Gold", "x", "Silver", 1)]
    assert one_error(invoke(["check", _project_with(tmp_path, rows)])) == (
        'Error: components.xlsx, sheet "Cards", row 1, column "name": columns A and C are both named "name"; '
        "rename one")


def test_merged_cells_take_the_top_left_value(tmp_path: Path) -> None:
    path = tmp_path / "merged.xlsx"
    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in [("name", "text"), ("Gold", "shared"), ("Fruit", None), ("Wine", None)]:
        sheet.append(row)
    sheet.merge_cells("B2:B4")
    book.save(path)
    cards = read_workbook(path, Problems()).sets["Cards"]
    assert [r.fields["text"] for r in cards.rows] == ["shared", "shared", "shared"]


def test_a_password_protected_workbook_says_so(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "components.xlsx").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 2000)
    assert one_error(invoke(["check", project])) == (
        "Error: components.xlsx: the workbook is encrypted (password-protected) or an old Excel 97-2003 file; save "
        "it without a password as .xlsx")


def test_a_workbook_that_is_not_a_zip(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "components.xlsx").write_text("name,count\n")
    assert one_error(invoke(["check", project])) == (
        "Error: components.xlsx: cannot read workbook (not an .xlsx file: File is not a zip file)")


def test_a_zip_bomb_is_refused_before_parsing(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    source = project / "components.xlsx"
    bomb = project / "bomb.xlsx"
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            new.writestr(item, old.read(item))
        with new.open("xl/padding.xml", "w") as padding:  # 210 MB of zeros, about 200 kB compressed
            block = b"\0" * 2**20
            for _ in range(210):
                padding.write(block)
    bomb.replace(source)
    started = time.perf_counter()
    result, peak = peak_mb(lambda: invoke(["check", project]))
    line = one_error(result)
    assert time.perf_counter() - started < 20 and peak < 100
    assert line == ("Error: components.xlsx: the workbook unpacks to 210 MB, more than 200 MB, the most read "
                    "(see docs/limits.md)")


@pytest.mark.parametrize("suffix", [".ods", ".xls"])
def test_a_project_with_only_another_spreadsheet_format_names_it(tmp_path: Path, suffix: str) -> None:
    project = make_project(tmp_path)
    (project / "components.xlsx").rename(project / f"components{suffix}")
    assert one_error(invoke(["check", project])) == (
        f"Error: {project}: no components.xlsx and no .csv component files found (found components{suffix}: save it "
        "as .xlsx or CSV)")


def test_a_csv_with_one_200_kb_cell_is_read(tmp_path: Path) -> None:
    path = tmp_path / "Cards.csv"
    path.write_text("name,text\nGold," + "x" * 200_000 + "\n", encoding="utf-8")
    cards = read_workbook(path, Problems()).sets["Cards"]
    assert len(cards.rows[0].fields["text"]) == 200_000


def test_a_latin1_csv_names_its_line(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "components.xlsx").unlink()
    (project / "Cards.csv").write_bytes(b"name,text,count\nCaf\xe9,x,1\n")
    (project / "layouts.toml").write_text(CARD_LAYOUT)
    assert one_error(invoke(["check", project])) == (
        "Error: Cards.csv:2: not UTF-8 text (byte 0xe9); save the CSV as UTF-8")


@pytest.mark.parametrize(("count", "message"), [
    (-3, '"-3" is not a whole number'),
    ("9" * 5000, "count 9999999999999999999999999999999999999... is more than 1,000, the most copies of one design "
                 "(see docs/limits.md)"),
    (2.5, '"2.5" is not a whole number'),
])
def test_bad_counts(tmp_path: Path, count: object, message: str) -> None:
    project = _project_with(tmp_path, [("name", "text", "count"), ("Gold", "x", count)])
    assert one_error(invoke(["check", project])) == f'Error: components.xlsx, sheet "Cards", row 2, column "count": {message}'


def test_a_workbook_written_by_openpyxl_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "ok.xlsx"
    write_workbook(path, {"Cards": ROWS})
    assert load_workbook(path).sheetnames == ["Game", "Cards"]
    assert read_workbook(path, Problems()).sets["Cards"].rows[0].fields["name"] == "Gold"


def test_a_build_of_too_many_pages_is_refused_before_drawing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.output import build

    monkeypatch.setattr(build, "MAX_PAGES", 1)
    project = make_project(tmp_path)
    assert one_error(invoke(["build", project])) == (
        "Error: the build would print 2 pages, more than 1, the most one build prints (see docs/limits.md); check the "
        "counts and sizes, or use --only SET")
    assert not (project / "out").exists()
