"""File names from component names: one rule for SVG, PNG, TTS and print-on-demand files."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playproof.components.model import ComponentRow, ComponentSet

KEY_COLUMNS = ("key", "Key", "name", "Name", "title", "Title", "id", "ID")


def slug(text: str) -> str:
    """Return a file-name-safe form of a name ("" when nothing is left)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", str(text)).strip("-").lower()


def set_slug(name: str) -> str:
    """Return the folder name of a set ("set" when its name has no letters or digits)."""
    return slug(name) or "set"


def key_field(row: ComponentRow) -> str:
    """Return the row's key, name, title or id value ("" when none is set)."""
    for name in KEY_COLUMNS:
        value = row.get(name)
        if value is not None and str(value).strip():
            return str(value)
    return ""


def row_keys(cset: ComponentSet) -> dict[int, str]:
    """Return a file key per row: its name made file-safe, else "row-N"; duplicates get "-rN" (their row)."""
    keys = {row.row: slug(key_field(row)) or f"row-{row.row}" for row in cset.rows}
    seen: dict[str, int] = {}
    for key in keys.values():
        seen[key] = seen.get(key, 0) + 1
    return {row: (f"{key}-r{row}" if seen[key] > 1 else key) for row, key in keys.items()}


def display_name(row: ComponentRow, set_name: str, index: int) -> str:
    """Return a component's name for people: its key/name column, else "<set> <index>"."""
    return key_field(row).strip() or f"{set_name} {index}"
