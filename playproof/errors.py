"""Errors and collected problems, each carrying the place it came from."""

from __future__ import annotations

from enum import Enum

from playproof.records import FrozenRecord, Record, SET


class Severity(str, Enum):
    """How serious a problem is: errors stop a build, warnings do not."""

    ERROR = "error"
    WARNING = "warning"


class Location(FrozenRecord):
    """Where a problem is: a file and, where known, sheet, row, column or log line."""

    __slots__ = ("file", "sheet", "row", "column", "line", "col")
    file: str
    sheet: str | None
    row: int | None
    column: str | None
    line: int | None
    col: int | None

    def __init__(
        self,
        file: str,
        sheet: str | None = None,
        row: int | None = None,
        column: str | None = None,
        line: int | None = None,
        col: int | None = None,
    ) -> None:
        SET(self, "file", file)
        SET(self, "sheet", sheet)
        SET(self, "row", row)
        SET(self, "column", column)
        SET(self, "line", line)
        SET(self, "col", col)

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.file}:{self.line}" + (f":{self.col}" if self.col is not None else "")
        parts = [self.file]
        if self.sheet is not None:
            parts.append(f'sheet "{self.sheet}"')
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.column is not None:
            parts.append(f'column "{self.column}"')
        return ", ".join(parts)


class Problem(FrozenRecord):
    """One problem found in user input, with its location."""

    __slots__ = ("location", "message", "severity")
    location: Location | None
    message: str
    severity: Severity

    def __init__(self, location: Location | None, message: str, severity: Severity = Severity.ERROR) -> None:
        SET(self, "location", location)
        SET(self, "message", message)
        SET(self, "severity", severity)

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


class PlayproofError(Exception):
    """A user-facing error; the CLI prints its message as one `Error: ...` line."""


class ProblemsError(PlayproofError):
    """Raised when collected problems include errors; carries all of them."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        errors = [p for p in problems if p.severity is Severity.ERROR]
        head = f"{len(errors)} problem(s) found" if len(errors) != 1 else str(errors[0])
        super().__init__(head if len(errors) != 1 else str(errors[0]))


class Problems(Record):
    """A collector for problems, so every one is reported at once."""

    __slots__ = ("items",)
    items: list[Problem]

    def __init__(self, items: list[Problem] | None = None) -> None:
        self.items = [] if items is None else items

    def error(self, location: Location | None, message: str) -> None:
        """Record an error at a location."""
        self.items.append(Problem(location, message, Severity.ERROR))

    def warn(self, location: Location | None, message: str) -> None:
        """Record a warning at a location."""
        self.items.append(Problem(location, message, Severity.WARNING))

    @property
    def errors(self) -> list[Problem]:
        """The problems that are errors."""
        return [p for p in self.items if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        """The problems that are warnings."""
        return [p for p in self.items if p.severity is Severity.WARNING]

    def raise_if_errors(self) -> None:
        """Raise ProblemsError carrying every problem if any is an error."""
        if self.errors:
            raise ProblemsError(list(self.items))
