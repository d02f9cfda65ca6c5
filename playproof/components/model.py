"""The component model: sets of rows read from a spreadsheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playproof.errors import Location


@dataclass(frozen=True)
class ComponentRow:
    """One component design: a spreadsheet row with its field values and copy count."""

    row: int
    fields: dict[str, Any]
    count: int = 1

    def get(self, name: str, default: Any = None) -> Any:
        """Return a field's value, or default when missing or empty."""
        value = self.fields.get(name)
        return default if value is None or value == "" else value


@dataclass
class ComponentSet:
    """A sheet (or CSV file) of component designs."""

    name: str
    file: str
    columns: list[str]
    rows: list[ComponentRow] = field(default_factory=list)

    def location(self, row: int | None = None, column: str | None = None) -> Location:
        """Return the location of a row/column of this set, for problem reports."""
        sheet = None if self.file.endswith(".csv") else self.name
        return Location(self.file, sheet=sheet, row=row, column=column)

    @property
    def copies(self) -> int:
        """Total number of copies across all rows."""
        return sum(r.count for r in self.rows)


@dataclass
class Workbook:
    """Every component set of a project, plus key/value game info from a `Game` sheet."""

    sets: dict[str, ComponentSet]
    info: dict[str, Any] = field(default_factory=dict)
