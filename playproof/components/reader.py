"""Read component sets from .xlsx workbooks and .csv files, collecting located problems."""

from __future__ import annotations

import csv
import re
import sys
import zipfile
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from playproof.components.model import ComponentRow, ComponentSet, Workbook
from playproof.components.stream import Runs, Spool, StreamedRows
from playproof.errors import Location, PlayproofError, Problems

INFO_SHEET = "Game"
MAX_COUNT = 1000
"""The most copies of one design (one row's count): more is almost always a typo."""
MAX_SET_COPIES = 20_000
"""The most copies one set may print (about 2,200 poker-card pages)."""
MAX_XLSX_UNPACKED = 200 * 1024 * 1024
"""The most bytes a workbook's parts may unpack to (a 10,000-row workbook unpacks to a few MB)."""
MAX_CSV_BYTES = 50 * 1024 * 1024
"""The largest CSV file read."""
MAX_CELL_CHARS = 1024 * 1024
"""The longest CSV cell (1 MB of text; Python's csv stops at 128 kB by default)."""
OTHER_FORMATS = (".xls", ".ods", ".numbers", ".xlsm", ".xlsb")
"""Spreadsheet files playproof cannot read, named when no components.xlsx or CSV is found."""
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The start of an OLE2 file: an encrypted workbook, or an old .xls."""
FORMULA_TAGS = (b"<f>", b"<f ", b"<f/>", b":f>", b":f ")
"""How a formula element starts in a sheet's XML (with or without a namespace prefix such as x:f)."""
_MERGE = re.compile(rb'<mergeCell\s+ref="([A-Z]+)(\d+):([A-Z]+)(\d+)"')


Table = tuple[str, str, Iterable[Sequence[Any]], Callable[[], Iterable[Sequence[Any]]] | None]
"""A sheet or CSV file: its name, file name, rows (header first), and how to read them again (None: spool them)."""


def read_project_workbook(project: Path, problems: Problems | None = None, stream: bool = False) -> Workbook:
    """Read a project's components.xlsx, or every *.csv in it (or its components/ folder).

    stream: hold no rows; each set is checked and counted now, and its rows are made again when
    read (see components.stream): from the CSV file, or from a spool of the sheet's parsed rows.
    """
    problems = problems if problems is not None else Problems()
    xlsx = project / "components.xlsx"
    if xlsx.exists():
        return read_workbook(xlsx, problems, stream)
    csv_dir = project / "components" if (project / "components").is_dir() else project
    files = sorted(csv_dir.glob("*.csv"))
    if not files:
        other = sorted(p.name for p in project.glob("components.*") if p.suffix.lower() in OTHER_FORMATS)
        hint = f" (found {other[0]}: save it as .xlsx or CSV)" if other else ""
        raise PlayproofError(f"{project}: no components.xlsx and no .csv component files found{hint}")
    return _workbook_from_tables(((f.stem, f.name, _read_csv(f), _again(f) if stream else None) for f in files),
                                 problems, stream)


def read_workbook(path: Path, problems: Problems | None = None, stream: bool = False) -> Workbook:
    """Read every sheet of an .xlsx (or one .csv) file into component sets (stream: see read_project_workbook)."""
    problems = problems if problems is not None else Problems()
    if path.suffix.lower() == ".csv":
        return _workbook_from_tables([(path.stem, path.name, _read_csv(path), _again(path) if stream else None)],
                                     problems, stream)
    return _workbook_from_tables(((title, file, rows, None) for title, file, rows in _read_xlsx(path, problems)),
                                 problems, stream)


def _again(path: Path) -> Callable[[], Iterator[list[Any]]]:
    """Return a function reading a CSV file again, refusing once the file has changed since this call."""
    stamp = _stamp(path)

    def again() -> Iterator[list[Any]]:
        if _stamp(path) != stamp:
            raise PlayproofError(f"{path.name}: changed while it was being read; build again")
        return _read_csv(path)

    return again


def _stamp(path: Path) -> tuple[int, int]:
    """Return a file's modification time and size."""
    status = path.stat()
    return status.st_mtime_ns, status.st_size


def _read_csv(path: Path) -> Iterator[list[Any]]:
    """Yield a CSV file's rows as lists of strings, read as they are used (the file is never held whole)."""
    if path.stat().st_size > MAX_CSV_BYTES:
        raise PlayproofError(f"{path.name}: larger than {MAX_CSV_BYTES // 2**20} MB, the largest CSV file read "
                             "(see docs/limits.md)")
    csv.field_size_limit(max(csv.field_size_limit(), min(MAX_CELL_CHARS, sys.maxsize)))
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:  # utf-8-sig: a BOM (Excel) is dropped
            header = handle.readline()
            handle.seek(0)  # the decoder starts again and drops the BOM again
            yield from csv.reader(handle, delimiter=csv_delimiter(header))
    except UnicodeDecodeError as exc:
        data = path.read_bytes()
        line = data[:exc.start].count(b"\n") + 1
        raise PlayproofError(f"{path.name}:{line}: not UTF-8 text (byte {data[exc.start]:#04x}); save the CSV as "
                             "UTF-8") from None
    except (OSError, csv.Error) as exc:
        raise PlayproofError(f"{path.name}: cannot read CSV file ({exc})") from exc


CSV_DELIMITERS = ",;\t"
"""Separators a CSV file may use: Excel in many European locales writes `;`, some tools tabs."""


def csv_delimiter(header: str) -> str:
    """Return the separator of a CSV file, sniffed from its header line (a comma when unsure)."""
    counts = {d: header.count(d) for d in CSV_DELIMITERS}
    if not any(counts.values()):
        return ","  # one column
    try:
        found = csv.Sniffer().sniff(header, delimiters=CSV_DELIMITERS).delimiter
    except csv.Error:
        found = ","
    # the sniffer may pick a separator rarer than another one in the header: trust the counts then
    return found if counts.get(found) == max(counts.values()) else max(counts, key=counts.__getitem__)


def _read_xlsx(path: Path, problems: Problems) -> Iterator[tuple[str, str, Iterable[Sequence[Any]]]]:
    """Yield each sheet of a workbook as (sheet name, file name, rows of cached values), parsed once.

    Rows stream from openpyxl's read-only parser as they are used; merged cells are filled in as
    they stream. Only a sheet that has formulas (its XML holds an <f> element) is held whole and
    parsed a second time, for their text, to report formulas without a cached value.
    """
    import openpyxl  # imported lazily: it costs ~0.3 s of start-up

    _check_zip(path)
    try:
        values = openpyxl.load_workbook(path, data_only=True, read_only=True)
    except Exception as exc:  # openpyxl raises many types for a broken file
        raise PlayproofError(f"{path.name}: cannot read workbook ({exc})") from exc
    try:
        for ws in values.worksheets:
            has_formulas, merged = _scan_sheet(path, getattr(ws, "_worksheet_path", ""))
            rows: Iterable[Sequence[Any]] = ws.iter_rows(values_only=True)
            if has_formulas:
                table = [list(r) for r in rows]
                _check_uncached_formulas(path.name, ws.title, table, _formula_sheet(path, ws.title), problems)
                _fill_merged(table, merged)
                rows = table
            elif merged:
                rows = _filled(rows, merged)
            yield ws.title, path.name, rows
    finally:
        values.close()


def _formula_sheet(path: Path, title: str) -> Any:
    """Return a sheet of the workbook read for its formulas' text (not their cached values)."""
    import openpyxl

    try:
        return openpyxl.load_workbook(path, data_only=False, read_only=True)[title]
    except Exception as exc:  # openpyxl raises many types for a broken file
        raise PlayproofError(f"{path.name}: cannot read workbook ({exc})") from exc


def _check_zip(path: Path) -> None:
    """Refuse, before parsing, a workbook that is encrypted, not a zip, or unpacks to more than MAX_XLSX_UNPACKED."""
    try:
        with path.open("rb") as handle:
            start = handle.read(8)
    except OSError as exc:
        raise PlayproofError(f"{path.name}: cannot read workbook ({exc.strerror or exc})") from exc
    if start == OLE_MAGIC:
        raise PlayproofError(f"{path.name}: the workbook is encrypted (password-protected) or an old Excel 97-2003 "
                             "file; save it without a password as .xlsx")
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise PlayproofError(f"{path.name}: cannot read workbook (not an .xlsx file: {exc})") from exc
    if unpacked > MAX_XLSX_UNPACKED:
        raise PlayproofError(f"{path.name}: the workbook unpacks to {unpacked // 2**20} MB, more than "
                             f"{MAX_XLSX_UNPACKED // 2**20} MB, the most read (see docs/limits.md)")


def _scan_sheet(path: Path, part: str) -> tuple[bool, list[tuple[int, int, int, int]]]:
    """Return whether a sheet's XML holds formulas, and its merged ranges (zero-based first row, first column,
    last row, last column), reading the XML in pieces."""
    if not part:
        return True, []  # unknown: check for formulas the slow way
    formulas = False
    merged: list[tuple[int, int, int, int]] = []
    carry = b""
    try:
        with zipfile.ZipFile(path) as archive, archive.open(part.lstrip("/")) as xml:
            while piece := xml.read(1 << 20):
                text = carry + piece
                formulas = formulas or any(tag in text for tag in FORMULA_TAGS)
                end = text.rfind(b"<")  # an element cut in two is looked at with the next piece
                done, carry = (text[:end], text[end:]) if end > 0 else (text, b"")
                merged += [(int(r1) - 1, _column_index(c1), int(r2) - 1, _column_index(c2))
                           for c1, r1, c2, r2 in (m.groups() for m in _MERGE.finditer(done))]
            merged += [(int(r1) - 1, _column_index(c1), int(r2) - 1, _column_index(c2))
                       for c1, r1, c2, r2 in (m.groups() for m in _MERGE.finditer(carry))]
    except (KeyError, OSError, zipfile.BadZipFile):
        return True, []
    return formulas, merged


def _column_index(letters: bytes) -> int:
    """Return the zero-based index of a column's letters (b"A" is 0)."""
    index = 0
    for letter in letters:
        index = index * 26 + letter - 64
    return index - 1


def _fill_merged(rows: list[list[Any]], ranges: list[tuple[int, int, int, int]]) -> None:
    """Give every cell of a merged range its top-left value (a spreadsheet shows it across the range)."""
    for top, left, bottom, right in ranges:
        if top >= len(rows) or left >= len(rows[top]):
            continue
        value = rows[top][left]
        for r in range(top, min(bottom, len(rows) - 1) + 1):
            for c in range(left, min(right, len(rows[r]) - 1) + 1):
                if rows[r][c] is None:
                    rows[r][c] = value


def _filled(rows: Iterable[Sequence[Any]], ranges: list[tuple[int, int, int, int]]) -> Iterator[Sequence[Any]]:
    """Yield the rows with every cell of a merged range given its top-left value, as they stream (as _fill_merged)."""
    starts: dict[int, list[tuple[int, int, int]]] = {}
    for top, left, bottom, right in ranges:
        starts.setdefault(top, []).append((left, bottom, right))
    active: list[tuple[Any, int, int, int]] = []  # (value, left, bottom, right) of ranges begun above
    for index, raw in enumerate(rows):
        begun = starts.get(index, ())
        active = [a for a in active if a[2] >= index]
        if not begun and not active:
            yield raw
            continue
        row = list(raw)
        active += [(row[left], left, bottom, right) for left, bottom, right in begun if left < len(row)]
        for value, left, _, right in active:
            for column in range(left, min(right, len(row) - 1) + 1):
                if row[column] is None:
                    row[column] = value
        yield row


def _check_uncached_formulas(
    file: str, sheet: str, rows: list[list[Any]], formula_ws: Any, problems: Problems
) -> None:
    """Report formula cells with no cached value (a workbook never opened in a spreadsheet)."""
    header = [str(c).strip() if c is not None else "" for c in (rows[0] if rows else [])]
    for r, row in enumerate(formula_ws.iter_rows(values_only=True), start=1):
        for c, cell in enumerate(row):
            cached = rows[r - 1][c] if r - 1 < len(rows) and c < len(rows[r - 1]) else None
            if isinstance(cell, str) and cell.startswith("=") and cached is None:
                column = header[c] if r > 1 and c < len(header) and header[c] else column_letter(c)
                problems.error(
                    Location(file, sheet=sheet, row=r, column=column),
                    f"formula {cell} has no cached value; open and save the workbook in a "
                    "spreadsheet program so its results are stored",
                )


def column_letter(index: int) -> str:
    """Return the spreadsheet letter of a zero-based column index."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def _workbook_from_tables(tables: Iterable[Table], problems: Problems, stream: bool = False) -> Workbook:
    """Build the workbook model from raw tables (each read once, as it streams); the `Game` sheet becomes game info."""
    sets: dict[str, ComponentSet] = {}
    info: dict[str, Any] = {}
    for name, file, rows, again in tables:
        if name == INFO_SHEET:
            info = _read_info(list(rows))
            continue
        sets[name] = _streamed_set(name, file, rows, again, problems) if stream else \
            _component_set(name, file, rows, problems)
    return Workbook(sets=sets, info=info)


def _read_info(rows: list[Sequence[Any]]) -> dict[str, Any]:
    """Return key/value pairs from a two-column sheet (header row skipped)."""
    return {str(r[0]).strip(): r[1] for r in rows[1:] if r and r[0] is not None and len(r) > 1}


def _component_set(name: str, file: str, rows: Iterable[Sequence[Any]], problems: Problems) -> ComponentSet:
    """Turn a table (header + rows) into a component set, checking counts."""
    table = iter(rows)
    cset, header = _new_set(name, file, next(table, None), problems)
    cset.rows = list(_component_rows(cset, header, _numbered(table), problems))
    _check_copies(cset, problems)
    return cset


def _streamed_set(name: str, file: str, rows: Iterable[Sequence[Any]],
                  again: Callable[[], Iterable[Sequence[Any]]] | None, problems: Problems) -> ComponentSet:
    """Turn a table into a component set whose rows are not held: read, check and count them now; make them
    again when used, from again() (the file read anew) or, when that is None, from a spool of the rows."""
    table = iter(rows)
    cset, header = _new_set(name, file, next(table, None), problems)
    at = [index for index, column in enumerate(header) if column == "count"][::-1]  # the last wins, as in a dict
    runs, spool = Runs(), Spool() if again is None else None
    for number, raw in _numbered(table):
        value = next((raw[index] for index in at if index < len(raw)), None)
        runs.add(number, _parse_count(_clean(value), cset, number, problems))
        if spool is not None:
            spool.write([number, list(raw)])  # read back as lists: no tuple to rebuild per row
    numbered = spool.read if spool is not None else partial(_numbered_again, again)
    cset.rows = StreamedRows(file, lambda: _component_rows(cset, header, numbered(), Problems()), runs)
    _check_copies(cset, problems)
    return cset


def _new_set(name: str, file: str, first: Sequence[Any] | None, problems: Problems) -> tuple[ComponentSet, list[str]]:
    """Return an empty component set of a table and its header (column names), checking the header."""
    header = [str(c).strip() if c is not None else "" for c in (first or [])]
    cset = ComponentSet(name=name, file=file, columns=list(dict.fromkeys(h for h in header if h)))
    _check_duplicate_columns(cset, header, problems)
    return cset, header


def _numbered(table: Iterable[Sequence[Any]]) -> Iterator[tuple[int, Sequence[Any]]]:
    """Yield (spreadsheet row, values) of each row after the header that is not empty."""
    for number, raw in enumerate(table, start=2):
        for v in raw:  # stray formatting leaves empty trailing rows: they are skipped
            if v is not None and (v.strip() if isinstance(v, str) else True):
                yield number, raw
                break


def _numbered_again(again: Callable[[], Iterable[Sequence[Any]]] | None) -> Iterator[tuple[int, Sequence[Any]]]:
    """Yield (spreadsheet row, values) of each row of a table read again (its header skipped)."""
    assert again is not None
    body = iter(again())
    next(body, None)
    return _numbered(body)


def _component_rows(cset: ComponentSet, header: list[str], numbered: Iterable[tuple[int, Sequence[Any]]],
                    problems: Problems) -> Iterator[ComponentRow]:
    """Yield the component rows of a table's numbered rows, checking counts."""
    names: dict[tuple[str, ...], tuple[str, ...]] = {}  # every row of the sheet shares one tuple of names
    for number, raw in numbered:
        fields = {h: (v.strip() or None) if type(v) is str else _clean(v) for h, v in zip(header, raw) if h}
        count = _parse_count(fields.pop("count", None), cset, number, problems)
        keys = tuple(fields)
        yield ComponentRow.compact(number, names.setdefault(keys, keys), tuple(fields.values()), count)


def _check_copies(cset: ComponentSet, problems: Problems) -> None:
    """Report a set printing more copies than one set may."""
    if cset.copies > MAX_SET_COPIES:
        problems.error(cset.location(), f"{cset.copies:,} copies, more than {MAX_SET_COPIES:,}, the most one set "
                                        "may print (see docs/limits.md)")


def _check_duplicate_columns(cset: ComponentSet, header: list[str], problems: Problems) -> None:
    """Report a column name used twice (one would silently win), naming both columns."""
    first: dict[str, int] = {}
    for index, name in enumerate(header):
        if name and name in first:
            problems.error(cset.location(1, name), f'columns {column_letter(first[name])} and '
                                                   f'{column_letter(index)} are both named "{name}"; rename one')
        first.setdefault(name, index)


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
    text = str(value) if len(str(value)) <= 40 else str(value)[:37] + "..."
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value) if len(value) <= 12 else MAX_COUNT + 1
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        if value > MAX_COUNT:
            problems.error(cset.location(row, "count"), f"count {text} is more than {MAX_COUNT:,}, the most copies "
                                                        "of one design (see docs/limits.md)")
            return 0
        return value
    problems.error(cset.location(row, "count"), f'"{text}" is not a whole number')
    return 0
