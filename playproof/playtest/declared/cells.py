"""Cells of a rules sheet compiled: expressions and message templates, each problem located at its character."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from playproof.errors import Location, Problems
from playproof.playtest.declared.expr import Compiled, ExprError, Fn, Names, TooLarge, compile_expr
from playproof.playtest.declared.sheets import RawRow
from playproof.playtest.declared.template import Template, compile_template


def expression(row: RawRow, column: str, names: Names, problems: Problems, text: str | None = None,
               offset: int = 0) -> Fn | None:
    """Compile a cell's expression (None when empty or when it does not parse, which is recorded)."""
    found = compiled(row, column, names, problems, text, offset)
    return found.fn if found else None


def compiled(row: RawRow, column: str, names: Names, problems: Problems, text: str | None = None,
             offset: int = 0) -> Compiled | None:
    """Compile a cell's expression keeping what it refers to."""
    source = row.text(column) if text is None else text
    if not source.strip():
        return None
    try:
        found = compile_expr(source, names)
    except ExprError as exc:
        problems.error(row.where(column), f"{row.cell(column)}, character {exc.col + offset}: {exc}")
        return None
    if not found.overflows:
        return found  # nothing to locate: it never raises TooLarge
    return replace(found, fn=located(found.fn, row.where(column), row.cell(column)))


def located(fn: Fn, where: Location, cell: str) -> Fn:
    """Wrap an expression so a value that grows too large names the cell it was written in."""
    def run(c: Any) -> Any:
        try:
            return fn(c)
        except TooLarge as exc:
            if getattr(exc, "where", None) is None:
                exc.where = where  # type: ignore[attr-defined]
                exc.args = (f"{cell}: {exc}",)
            raise
    return run


def template(row: RawRow, column: str, names: Names, problems: Problems) -> Template | None:
    """Compile a cell's sentence with {expressions} (None when empty or wrong, which is recorded)."""
    source = row.text(column)
    if not source:
        return None
    try:
        return compile_template(source, names)
    except ExprError as exc:
        problems.error(row.where(column), f"{row.cell(column)}, character {exc.col}: {exc}")
        return None
