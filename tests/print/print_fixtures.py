"""Helpers for the print tests: write small projects (values-only workbooks, layouts, icons)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import Workbook

ICON = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="4" fill="#d4a017"/></svg>')

CARD_LAYOUT = '''
[game]
paper = "a4"

[sets.Cards]
size = "poker"
cut = "shared"
background = "#ffffff"

[[sets.Cards.elements]]
type = "text"
text = "**{name}**"
x = "4mm"
y = "4mm"
width = "55mm"
height = "10mm"
size = "12pt"

[[sets.Cards.elements]]
type = "text"
text = "{text}"
x = "4mm"
y = "40mm"
width = "55mm"
height = "40mm"

[sets.Cards.back]
background = "#203040"
'''

CARD_ROWS = [("name", "text", "count"), ("Gold", "Gain :gold: 2.", 3), ("Fruit", "Gain one fruit.", 2)]


def write_workbook(path: Path, sheets: dict[str, list[tuple[Any, ...]]], info: dict[str, Any] | None = None) -> None:
    """Write an .xlsx with a Game sheet and the given sheets (first tuple is the header)."""
    book = Workbook()
    game = book.active
    game.title = "Game"
    game.append(("key", "value"))
    for key, value in (info or {"name": "Test Game", "version": "1.2"}).items():
        game.append((key, value))
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)


def make_project(root: Path, layouts: str = CARD_LAYOUT, sheets: dict[str, list[tuple[Any, ...]]] | None = None,
                 icons: tuple[str, ...] = ("gold",)) -> Path:
    """Create a project folder under root and return it."""
    project = root / "game"
    (project / "assets").mkdir(parents=True)
    for icon in icons:
        (project / "assets" / f"{icon}.svg").write_text(ICON)
    write_workbook(project / "components.xlsx", sheets if sheets is not None else {"Cards": CARD_ROWS})
    (project / "layouts.toml").write_text(layouts)
    return project
