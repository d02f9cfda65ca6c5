"""--only SET, --only "SET:ROWS": choose sets, and rows of a set by spreadsheet row or by name.

ROWS is a comma-separated list of spreadsheet rows ("3", "3-7") or names, matched against the
row's key, name, title or id column, case-insensitively ("Cards:Gold", "Cards:3-7,Gold").
"""

from __future__ import annotations

from typing import Callable

from playproof.components.model import ComponentRow
from playproof.errors import PlayproofError
from playproof.limits import MAX_ROW_NUMBER, check_at_most

RowFilter = Callable[[ComponentRow], bool]
KEY_COLUMNS = ("key", "Key", "name", "Name", "title", "Title", "id", "ID")


def set_name(entry: str) -> str:
    """Return the set part of an --only entry."""
    return entry.split(":", 1)[0].strip()


def row_filters(only: tuple[str, ...]) -> dict[str, RowFilter]:
    """Return, per set that --only limits to some rows, a predicate choosing them."""
    specs: dict[str, list[str]] = {}
    for entry in only:
        if ":" in entry:
            name, rows = entry.split(":", 1)
            specs.setdefault(name.strip(), []).extend(p.strip() for p in rows.split(",") if p.strip())
    whole = {set_name(e) for e in only if ":" not in e}
    return {name: _predicate(name, parts) for name, parts in specs.items() if name not in whole}


def _predicate(set_: str, parts: list[str]) -> RowFilter:
    """Return a predicate for row numbers, ranges and names (ranges kept as their ends, never expanded)."""
    ranges: list[tuple[int, int]] = []
    names: set[str] = set()
    for part in parts:
        low, dash, high = part.partition("-")
        if _digits(low) and (not dash or _digits(high)):
            ranges.append(_row_range(set_, part, low, high if dash else low))
        else:
            names.add(part.casefold())
    return lambda row: any(first <= row.row <= last for first, last in ranges) or _key(row) in names


def _digits(text: str) -> bool:
    """Return whether text is a row number (ASCII digits)."""
    return text.strip().isascii() and text.strip().isdigit()


def _row_range(set_: str, part: str, low: str, high: str) -> tuple[int, int]:
    """Return the (first, last) spreadsheet rows of an --only part, refusing rows no design can be on."""
    for end in (low, high):
        check_at_most(f'--only "{set_}:{part}": row', int(end) if len(end.strip()) <= 12 else 10**12, MAX_ROW_NUMBER,
                      "the last row of a spreadsheet")
    first, last = int(low), int(high)
    if last < first:
        raise PlayproofError(f'--only "{set_}:{part}": the range runs backwards (write {last}-{first})')
    if last < 2:
        raise PlayproofError(f'--only "{set_}:{part}": row {last} holds no design (row 1 is the header; designs '
                             "start at row 2)")
    return first, last


def _key(row: ComponentRow) -> str:
    """Return the row's key or name, case-folded ("" when it has none)."""
    for column in KEY_COLUMNS:
        value = row.get(column)
        if value is not None:
            return str(value).strip().casefold()
    return ""
