"""Read component sets from .xlsx workbooks and .csv files, collecting located problems."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any, Iterable

from playproof.components.model import ComponentRow, ComponentSet, Workbook
from playproof.errors import Location, PlayproofError, Problems

INFO_SHEET = "Game"


def read_project_workbook(project: Path, problems: Problems | None = None) -> Workbook:
    """Read a project's components.xlsx, or every *.csv in it (or its components/ folder)."""
    problems = problems if problems is not None else Problems()
    xlsx = project / "components.xlsx"
    if xlsx.exists():
        return read_workbook(xlsx, problems)
    csv_dir = project / "components" if (project / "components").is_dir() else project
    files = sorted(csv_dir.glob("*.csv"))
    if not files:
        raise PlayproofError(f"{project}: no components.xlsx and no .csv component files found")
    return _workbook_from_tables(((f.stem, f.name, _read_csv(f)) for f in files), problems)


def read_workbook(path: Path, problems: Problems | None = None) -> Workbook:
    """Read every sheet of an .xlsx (or one .csv) file into component sets."""
    problems = problems if problems is not None else Problems()
    if path.suffix.lower() == ".csv":
        return _workbook_from_tables([(path.stem, path.name, _read_csv(path))], problems)
    return _workbook_from_tables(_read_xlsx(path, problems), problems)


def _read_csv(path: Path) -> list[list[Any]]:
    """Return a CSV file's rows as lists of strings."""
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            return [list(r) for r in csv.reader(handle)]
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise PlayproofError(f"{path.name}: cannot read CSV file ({exc})") from exc


def _read_xlsx(path: Path, problems: Problems) -> list[tuple[str, str, list[list[Any]]]]:
    """Return each sheet of a workbook as (sheet name, file name, rows of cached values)."""
    import openpyxl  # imported lazily: it costs ~0.3 s of start-up

    try:
        values = openpyxl.load_workbook(path, data_only=True, read_only=True)
        formulas = openpyxl.load_workbook(path, data_only=False, read_only=True)
    except Exception as exc:  # openpyxl raises many types for a broken file
        raise PlayproofError(f"{path.name}: cannot read workbook ({exc})") from exc
    tables = []
    for ws in values.worksheets:
        rows = [list(r) for r in ws.iter_rows(values_only=True)]
        _check_uncached_formulas(path.name, ws.title, rows, formulas[ws.title], problems)
        tables.append((ws.title, path.name, rows))
    return tables


def _check_uncached_formulas(
    file: str, sheet: str, rows: list[list[Any]], formula_ws: Any, problems: Problems
) -> None:
    """Report formula cells with no cached value (a workbook never opened in a spreadsheet)."""
    header = [str(c).strip() if c is not None else "" for c in (rows[0] if rows else [])]
    for r, row in enumerate(formula_ws.iter_rows(values_only=True), start=1):
        for c, cell in enumerate(row):
            cached = rows[r - 1][c] if r - 1 < len(rows) and c < len(rows[r - 1]) else None
            if isinstance(cell, str) and cell.startswith("=") and cached is None:
                column = header[c] if r > 1 and c < len(header) and header[c] else _column_letter(c)
                problems.error(
                    Location(file, sheet=sheet, row=r, column=column),
                    f"formula {cell} has no cached value; open and save the workbook in a "
                    "spreadsheet program so its results are stored",
                )


def _column_letter(index: int) -> str:
    """Return the spreadsheet letter of a zero-based column index."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def _workbook_from_tables(
    tables: Iterable[tuple[str, str, list[list[Any]]]], problems: Problems
) -> Workbook:
    """Build the workbook model from raw tables; the `Game` sheet becomes game info."""
    sets: dict[str, ComponentSet] = {}
    info: dict[str, Any] = {}
    for name, file, rows in tables:
        if name == INFO_SHEET:
            info = _read_info(rows)
            continue
        sets[name] = _component_set(name, file, rows, problems)
    return Workbook(sets=sets, info=info)


def _read_info(rows: list[list[Any]]) -> dict[str, Any]:
    """Return key/value pairs from a two-column sheet (header row skipped)."""
    return {str(r[0]).strip(): r[1] for r in rows[1:] if r and r[0] is not None and len(r) > 1}


def _component_set(name: str, file: str, rows: list[list[Any]], problems: Problems) -> ComponentSet:
    """Turn a table (header + rows) into a component set, checking counts."""
    header = [str(c).strip() if c is not None else "" for c in (rows[0] if rows else [])]
    cset = ComponentSet(name=name, file=file, columns=[h for h in header if h])
    for number, raw in enumerate(rows[1:], start=2):
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in raw):
            continue  # stray formatting leaves empty trailing rows
        fields = {h: _clean(v) for h, v in zip(header, raw) if h}
        count = _parse_count(fields.pop("count", None), cset, number, problems)
        cset.rows.append(ComponentRow(row=number, fields=fields, count=count))
    return cset


def _clean(value: Any) -> Any:
    """Normalise a cell value: strip text, keep numbers, None for empty."""
    if isinstance(value, str):
        value = value.strip()
        return value if value else None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _parse_count(value: Any, cset: ComponentSet, row: int, problems: Problems) -> int:
    """Return the copy count of a row (default 1), reporting bad values."""
    if value is None:
        return 1
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    problems.error(cset.location(row, "count"), f'"{value}" is not a whole number')
    return 0
