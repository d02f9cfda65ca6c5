"""The component model: sets of rows read from a spreadsheet."""

from __future__ import annotations

from typing import Any, Sequence

from playproof.errors import Location
from playproof.records import Record


class ComponentRow:
    """One component design: a spreadsheet row with its field values and copy count.

    Compact: the values are kept in a tuple beside the column names, which every row of a sheet
    shares (a 50,000-row sheet holds no dict per row); `fields` makes the dict when asked.
    """

    __slots__ = ("row", "names", "values", "count")

    def __init__(self, row: int, fields: dict[str, Any], count: int = 1) -> None:
        self.row = row
        self.names = tuple(fields)
        self.values = tuple(fields.values())
        self.count = count

    @classmethod
    def compact(cls, row: int, names: tuple[str, ...], values: tuple[Any, ...], count: int) -> ComponentRow:
        """Return a row from its column names (shared with other rows) and their values."""
        made = cls.__new__(cls)
        made.row, made.names, made.values, made.count = row, names, values, count
        return made

    @property
    def fields(self) -> dict[str, Any]:
        """Return the row's fields: column name -> value (a new dict)."""
        return dict(zip(self.names, self.values))

    def get(self, name: str, default: Any = None) -> Any:
        """Return a field's value, or default when missing or empty."""
        try:
            value = self.values[self.names.index(name)]
        except ValueError:
            return default
        return default if value is None or value == "" else value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ComponentRow):
            return NotImplemented
        return (self.row, self.fields, self.count) == (other.row, other.fields, other.count)

    __hash__ = None  # type: ignore[assignment]  # as before: a row holds a dict of fields

    def __repr__(self) -> str:
        return f"ComponentRow(row={self.row!r}, fields={self.fields!r}, count={self.count!r})"


class ComponentSet(Record):
    """A sheet (or CSV file) of component designs."""

    __slots__ = ("name", "file", "columns", "rows")
    name: str
    file: str
    columns: list[str]
    rows: Sequence[ComponentRow]  # a list, or StreamedRows (components.stream)

    def __init__(
        self, name: str, file: str, columns: list[str], rows: Sequence[ComponentRow] | None = None
    ) -> None:
        self.name = name
        self.file = file
        self.columns = columns
        self.rows = [] if rows is None else rows

    def location(self, row: int | None = None, column: str | None = None) -> Location:
        """Return the location of a row/column of this set, for problem reports."""
        sheet = None if self.file.endswith(".csv") else self.name
        return Location(self.file, sheet=sheet, row=row, column=column)

    @property
    def copies(self) -> int:
        """Total number of copies across all rows."""
        counted = getattr(self.rows, "copies", None)  # streamed rows know their total without reading them
        return counted if counted is not None else sum(r.count for r in self.rows)


class Workbook(Record):
    """Every component set of a project, plus key/value game info from a `Game` sheet."""

    __slots__ = ("sets", "info")
    sets: dict[str, ComponentSet]
    info: dict[str, Any]

    def __init__(self, sets: dict[str, ComponentSet], info: dict[str, Any] | None = None) -> None:
        self.sets = sets
        self.info = {} if info is None else info
