"""Workbook against layouts: counts, formulas, unknown and missing fields, sheets, exact messages."""

from __future__ import annotations

from openpyxl import Workbook

from playproof.components import read_project_workbook
from playproof.errors import Problems
from playproof.layouts.project import load_project
from print_fixtures import CARD_LAYOUT, make_project


def problems_of(project) -> list[str]:
    """Load a project and return its problems as text."""
    problems = Problems()
    load_project(project, problems)
    return [f"{p.severity.value}: {p}" for p in problems.items]


def test_a_clean_project_has_no_problems(tmp_path):
    assert problems_of(make_project(tmp_path)) == []


def test_count_that_is_not_a_whole_number(tmp_path):
    rows = [("name", "text", "count"), ("Gold", "x", "three"), ("Fruit", "y", 2.5)]
    project = make_project(tmp_path, sheets={"Influence Cards": rows},
                           layouts=CARD_LAYOUT.replace("sets.Cards", 'sets."Influence Cards"'))
    assert problems_of(project) == [
        'error: components.xlsx, sheet "Influence Cards", row 2, column "count": "three" is not a whole number',
        'error: components.xlsx, sheet "Influence Cards", row 3, column "count": "2.5" is not a whole number',
    ]


def test_unused_columns_warn_with_the_fields_the_layout_uses(tmp_path):
    rows = [("name", "text", "notes", "id", "count"), ("Gold", "x", "draft", 1, 1)]
    project = make_project(tmp_path, sheets={"Cards": rows})
    assert problems_of(project) == [
        'warning: components.xlsx, sheet "Cards": columns the layout never uses: notes, id (the layout uses: '
        "name, text; list columns only the rules engine reads in data_columns)",
    ]


def test_data_columns_silence_the_unused_warning(tmp_path):
    rows = [("name", "text", "id"), ("Gold", "x", 1)]
    layouts = CARD_LAYOUT.replace('size = "poker"', 'size = "poker"\ndata_columns = ["id"]')
    assert problems_of(make_project(tmp_path, sheets={"Cards": rows}, layouts=layouts)) == []


def test_a_field_missing_from_the_sheet_is_an_error(tmp_path):
    project = make_project(tmp_path, sheets={"Cards": [("name", "count"), ("Gold", 1)]})
    assert problems_of(project) == [
        'error: layouts.toml: set "Cards", element 2, text: uses {text} but components.xlsx, sheet "Cards", has no '
        'column "text"',
    ]


def test_sheets_without_sets_and_sets_without_sheets(tmp_path):
    layouts = CARD_LAYOUT + '\n[data]\nsheets = ["Rules", "Costs"]\n[sets.Tokens]\nshape = "circle"\ndiameter = "2cm"\n'
    project = make_project(tmp_path, layouts=layouts, sheets={
        "Cards": [("name", "text"), ("A", "b")], "Rules": [("k", "v")], "Extra": [("a",), (1,)]})
    assert problems_of(project) == [
        'error: layouts.toml: set "Tokens": no sheet "Tokens" in the workbook (sheets: Cards, Rules, Extra)',
        'error: layouts.toml: [data] sheets: no sheet "Costs" in the workbook (sheets: Cards, Rules, Extra)',
        'warning: components.xlsx, sheet "Extra": not printed: no set in layouts.toml draws this sheet and [data] '
        "sheets does not list it",
    ]


def test_formula_without_cached_value_is_reported_with_its_cell(tmp_path):
    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(("name", "cost", "count"))
    sheet.append(("Gold", "=1+1", 2))
    sheet.append(("Fruit", 3, "=A1"))
    book.save(tmp_path / "components.xlsx")
    problems = Problems()
    read_project_workbook(tmp_path, problems)
    assert [str(p) for p in problems.items] == [
        'components.xlsx, sheet "Cards", row 2, column "cost": formula =1+1 has no cached value; open and save the '
        "workbook in a spreadsheet program so its results are stored",
        'components.xlsx, sheet "Cards", row 3, column "count": formula =A1 has no cached value; open and save the '
        "workbook in a spreadsheet program so its results are stored",
    ]


def test_csv_projects_work_too(tmp_path):
    project = make_project(tmp_path)
    (project / "components.xlsx").unlink()
    (project / "Cards.csv").write_text("name,text,count\nGold,x,2\n")
    problems = Problems()
    loaded = load_project(project, problems)
    assert not problems.items
    assert loaded.workbook.sets["Cards"].copies == 2
    assert loaded.name == "game"  # no Game sheet: the folder name
