"""--only SET, --only "SET:ROWS": choose sets, and rows of a set by spreadsheet row or by name.

ROWS is a comma-separated list of spreadsheet rows ("3", "3-7") or names, matched against the
row's key, name, title or id column, case-insensitively ("Cards:Gold", "Cards:3-7,Gold").
"""

from __future__ import annotations

from typing import Callable

from playproof.components.model import ComponentRow
from playproof.errors import PlayproofError

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
    """Return a predicate for row numbers, ranges and names."""
    numbers: set[int] = set()
    names: set[str] = set()
    for part in parts:
        low, dash, high = part.partition("-")
        if low.strip().isdigit() and (not dash or high.strip().isdigit()):
            first, last = int(low), int(high) if dash else int(low)
            if last < first:
                raise PlayproofError(f'--only "{set_}:{part}": the range runs backwards (write {last}-{first})')
            numbers.update(range(first, last + 1))
        else:
            names.add(part.casefold())
    return lambda row: row.row in numbers or _key(row) in names


def _key(row: ComponentRow) -> str:
    """Return the row's key or name, case-folded ("" when it has none)."""
    for column in KEY_COLUMNS:
        value = row.get(column)
        if value is not None:
            return str(value).strip().casefold()
    return ""
