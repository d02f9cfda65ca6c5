"""Sweeps over the workbook: a copy of the project per value of a number, each played and compared.

`--vary "Market Cards[Harbour].cost=2,3,4"` names a sheet, a row (by its key: the `key`, `name`
or `id` column, else the first column; `*` for every row), a column and the values to try. The
engines read their numbers from the workbook (one source of truth), so a copy of the project
with that cell changed is the variant. Several `--vary` make a grid of every combination.
"""

from __future__ import annotations

import csv
import itertools
import math
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from playproof.errors import PlayproofError
from playproof.insights.names import name_key
from playproof.limits import MAX_PLAYERS, check_at_most

VARY = re.compile(r"^\s*(?P<sheet>[^\[\]]+?)\s*\[\s*(?P<key>[^\]]+?)\s*\]\s*\.\s*(?P<column>[^=]+?)\s*=\s*(?P<values>.+)$")
KEY_COLUMNS = ("key", "name", "id")
MAX_VARIANTS = 100
"""A grid larger than this is almost surely a typo (each variant plays every game again)."""


@dataclass(frozen=True)
class Vary:
    """One number to vary: a sheet, a row key (or `*`), a column, and the values to try."""

    sheet: str
    key: str
    column: str
    values: tuple[Any, ...]

    def label(self, value: Any) -> str:
        """Return `Sheet[key].column=value`."""
        return f"{self.sheet}[{self.key}].{self.column}={value}"


def parse_vary(text: str) -> Vary:
    """Parse `<sheet>[<key>].<column>=v1,v2,...` (values are numbers where they read as numbers)."""
    match = VARY.match(text)
    if match is None:
        raise PlayproofError(f'--vary "{text}": expected <sheet>[<row key>].<column>=<value>,<value>..., e.g. '
                             '--vary "Cards[Market].cost=2,3,4"')
    values = tuple(_number(v.strip()) for v in match["values"].split(",") if v.strip())
    if not values:
        raise PlayproofError(f'--vary "{text}": no values to try after "="')
    for value in values:
        if isinstance(value, float) and not math.isfinite(value):
            raise PlayproofError(f'--vary "{text}": {value} is not a number a cell can hold (too large, or not a '
                                 'number)')
    return Vary(match["sheet"].strip(), match["key"].strip(), match["column"].strip(), values)


def _number(text: str) -> Any:
    """Return a value as a number when it reads as one (ASCII digits, at most 30 characters), else as text."""
    if not text.isascii() or len(text) > 30:
        return text
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def vary_warnings(vary: Vary) -> list[str]:
    """Return warnings about values that are allowed but rarely mean anything (a negative number, text)."""
    found = []
    for value in vary.values:
        if isinstance(value, (int, float)) and value < 0:
            found.append(f'--vary "{vary.label(value)}": a negative value (a cost or count below 0 rarely means '
                         "anything)")
        elif isinstance(value, str):
            found.append(f'--vary "{vary.label(value)}": "{value}" is not a number; it is written as text')
    return found


def grid(varies: list[Vary]) -> list[tuple[tuple[Vary, Any], ...]]:
    """Return every combination of the values (one variant each); an empty list of varies is one base variant."""
    combos = list(itertools.product(*[[(v, value) for value in v.values] for v in varies]))
    if len(combos) > MAX_VARIANTS:
        raise PlayproofError(f"{len(combos)} variants to play: at most {MAX_VARIANTS} (each plays every game again)")
    return combos


def variant_label(combo: tuple[tuple[Vary, Any], ...]) -> str:
    """Return a variant's label: its changes joined, or `as printed` for the base workbook."""
    return "; ".join(v.label(value) for v, value in combo) or "as printed"


def project_variant(project: Path, combo: tuple[tuple[Vary, Any], ...], workdir: Path) -> Path:
    """Copy a project into workdir with each change of a variant made in its workbook; return the copy."""
    target = Path(tempfile.mkdtemp(prefix="variant-", dir=workdir))
    shutil.copytree(project, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("out", "playtests"))
    for vary, value in combo:
        if (target / "components.xlsx").is_file():
            _set_xlsx(target / "components.xlsx", vary, value)
        else:
            _set_csv(_csv_of(target, vary.sheet), vary, value)
    return target


def _set_xlsx(path: Path, vary: Vary, value: Any) -> None:
    """Change the cells a vary names in an xlsx workbook."""
    from openpyxl import load_workbook

    book = load_workbook(path)
    if vary.sheet not in book.sheetnames:
        raise PlayproofError(f'--vary: no sheet "{vary.sheet}" in {path.name} (sheets: {", ".join(book.sheetnames)})')
    sheet = book[vary.sheet]
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    for row_index, col_index in _cells(rows, vary, f"{path.name}, sheet {vary.sheet}"):
        sheet.cell(row=row_index + 1, column=col_index + 1, value=value)
    book.save(path)


def _csv_of(project: Path, sheet: str) -> Path:
    """Return the CSV file of a set in a CSV project."""
    folder = project / "components" if (project / "components").is_dir() else project
    path = folder / f"{sheet}.csv"
    if not path.is_file():
        raise PlayproofError(f'--vary: no sheet "{sheet}" in {project} (no components.xlsx and no {path.name})')
    return path


def _set_csv(path: Path, vary: Vary, value: Any) -> None:
    """Change the cells a vary names in a CSV file."""
    with path.open(newline="", encoding="utf-8-sig") as handle:
        rows = [list(r) for r in csv.reader(handle)]
    for row_index, col_index in _cells(rows, vary, path.name):
        rows[row_index][col_index] = str(value)
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)


def _cells(rows: list[list[Any]], vary: Vary, where: str) -> Iterator[tuple[int, int]]:
    """Yield (row, column) indexes of the cells a vary changes; a missing column or row is an error."""
    header = [str(c).strip() if c is not None else "" for c in (rows[0] if rows else [])]
    if vary.column not in header:
        raise PlayproofError(f'--vary: no column "{vary.column}" in {where} (columns: {", ".join(h for h in header if h)})')
    column = header.index(vary.column)
    key = next((header.index(k) for k in KEY_COLUMNS if k in header), 0)
    if column == key:
        raise PlayproofError(f'--vary: "{vary.column}" is the column rows are found by in {where}; vary a number '
                             "column instead")
    found = [i for i, row in enumerate(rows[1:], start=1) if key < len(row) and row[key] is not None
             and (vary.key == "*" or name_key(str(row[key])) == name_key(vary.key))]  # any spelling
    if not found:
        raise PlayproofError(f'--vary: no row "{vary.key}" in {where} (rows are found by their '
                             f'{header[key] or "first"} column)')
    for row in found:
        while len(rows[row]) <= column:
            rows[row].append(None)
        yield row, column


def player_counts(text: str) -> list[int]:
    """Parse `--players 4`, `2-6` or `3,5` (at most MAX_PLAYERS players)."""
    counts: list[int] = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        low, sep, high = part.partition("-")
        if not _count(low) or (sep and not _count(high)):
            raise PlayproofError(f'--players "{text}": expected a number, a range like 2-6, or a list like 3,5')
        last = int(high) if sep else int(low)
        check_at_most(f'--players "{text}"', last, MAX_PLAYERS, "players at one table")
        counts += list(range(int(low), last + 1))
    if not counts:
        raise PlayproofError("--players: name at least one number of players")
    return counts


def _count(text: str) -> bool:
    """Return whether text is a whole number of ASCII digits short enough to read."""
    return text.isascii() and text.isdigit() and len(text) <= 12
