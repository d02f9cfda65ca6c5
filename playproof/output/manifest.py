"""The build manifest: every placed component copy, side, page, position and size in millimetres."""

from __future__ import annotations

import json
from typing import Any

from playproof.layouts.imposition import Plan, Slot
from playproof.units import to_mm


def placement(slot: Slot) -> dict[str, Any]:
    """Return one manifest placement (trim box from the page's top-left corner, y down, in mm)."""
    entry: dict[str, Any] = {
        "set": slot.copy.set,
        "row": slot.copy.row,
        "copy": slot.copy.copy,
        "page": slot.page,
        "side": slot.side,
        "x_mm": round(to_mm(slot.trim.x), 2),
        "y_mm": round(to_mm(slot.trim.y), 2),
        "width_mm": round(to_mm(slot.trim.width), 2),
        "height_mm": round(to_mm(slot.trim.height), 2),
    }
    if slot.part is not None:
        entry["part"] = slot.part
    if slot.rotation:
        entry["rotation"] = slot.rotation  # turned clockwise on the sheet; width and height are as printed
    return entry


def manifest(game: str, version: str, paper: str, plan: Plan, sets: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """Return the manifest document; sets maps a set name to (designs, copies)."""
    return {
        "game": game,
        "version": version,
        "paper": paper,
        "pages": len(plan.pages),
        "sets": {name: {"designs": designs, "copies": copies} for name, (designs, copies) in sets.items()},
        "placements": [placement(slot) for slot in plan.slots()],
    }


def dumps(document: dict[str, Any]) -> str:
    """Return the manifest as JSON with one placement per line (readable, and fast to write)."""
    head = {k: v for k, v in document.items() if k != "placements"}
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    rows = ",\n  ".join(json.dumps(p, ensure_ascii=False) for p in document["placements"])
    return text + ',\n "placements": [\n  ' + rows + "\n ]\n}\n"
