"""The build manifest: every placed component copy, side, page, position and size in millimetres.

A build writes it as it goes (`write_manifest`): one placement per line straight to the file, so
a 50,000-card deck's 14 MB manifest is never held as a list of placements or as one string.
`manifest` and `dumps` make the same document in memory (for tests and small plans).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Iterable, Iterator, TextIO

from playproof.layouts.imposition import Copy, Plan, Slot, SlotRun
from playproof.output.atomic import atomic_path
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


def head(game: str, version: str, paper: str, pages: int, sets: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """Return the manifest's fields before its placements; sets maps a set name to (designs, copies)."""
    return {
        "game": game,
        "version": version,
        "paper": paper,
        "pages": pages,
        "sets": {name: {"designs": designs, "copies": copies} for name, (designs, copies) in sets.items()},
    }


def manifest(game: str, version: str, paper: str, plan: Plan, sets: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """Return the manifest document; sets maps a set name to (designs, copies)."""
    return {**head(game, version, paper, len(plan.pages), sets),
            "placements": [placement(slot) for slot in plan.slots()]}


def dumps(document: dict[str, Any]) -> str:
    """Return the manifest as JSON with one placement per line (readable, and fast to write)."""
    lines: list[str] = []
    _write({k: v for k, v in document.items() if k != "placements"},
           (json.dumps(p, ensure_ascii=False) for p in document["placements"]), lines.append)
    return "".join(lines)


def write_manifest(target: Path, document_head: dict[str, Any], slots: Iterable[Slot] | Plan) -> None:
    """Write the manifest atomically, one placement at a time (the same text as dumps of the whole document).

    slots: every slot placed, or the plan (whose grid pages' copies are then read without making a Slot each).
    """
    with atomic_path(target) as temporary, temporary.open("w", encoding="utf-8") as handle:
        write = _Buffered(handle)
        placed = _plan_cells(slots) if isinstance(slots, Plan) else ((s.copy, s, s.page) for s in slots)
        _write(document_head, _placement_lines(placed), write)
        write.flush()


def _plan_cells(plan: Plan) -> Iterator[tuple[Copy, Slot, int]]:
    """Yield every placement of a plan as (copy, a slot with its side, box, part and turn, page number)."""
    for page in plan.pages:
        run = page.slots
        if isinstance(run, SlotRun):  # a grid page: its cells hold side, box and turn; none is a part
            yield from ((copy, cell, run.page) for copy, cell in zip(run.copies[run.start:run.stop], run.cells))
        else:
            yield from ((slot.copy, slot, slot.page) for slot in run)


def _write(document_head: dict[str, Any], placements: Iterable[str], write: Any) -> None:
    """Write the head's fields (indented), then the placements' lines, through write(text)."""
    write(json.dumps(document_head, indent=1, ensure_ascii=False)[:-2] + ',\n "placements": [\n  ')
    first = True
    for line in placements:
        write(line if first else ",\n  " + line)
        first = False
    write("\n ]\n}\n")


class _Buffered:
    """A write(text) that hands the file a few hundred lines at a time (fewer calls into the file)."""

    def __init__(self, handle: TextIO) -> None:
        self.handle = handle
        self.pending: list[str] = []

    def __call__(self, text: str) -> None:
        self.pending.append(text)
        if len(self.pending) >= 512:
            self.flush()

    def flush(self) -> None:
        """Write what is pending."""
        self.handle.write("".join(self.pending))
        self.pending.clear()


def _placement_lines(placed: Iterable[tuple[Copy, Slot, int]]) -> Iterable[str]:
    """Yield each placement (copy, slot, page) as the line json.dumps(placement(slot)) gives, formatted directly."""
    names: dict[str, str] = {}
    boxes: dict[int, tuple[Any, str]] = {}  # id(trim box) -> (the box, its fields): grid cells repeat on every page
    for copy, slot, page in placed:
        trim = slot.trim
        name = names.get(copy.set)
        if name is None:
            name = names[copy.set] = json.dumps(copy.set, ensure_ascii=False)
        known = boxes.get(id(trim))
        if known is None or known[0] is not trim:
            if len(boxes) >= 4096:
                boxes.clear()
            known = boxes[id(trim)] = (trim, f'"x_mm": {_mm(trim.x)}, "y_mm": {_mm(trim.y)}, '
                                             f'"width_mm": {_mm(trim.width)}, "height_mm": {_mm(trim.height)}')
        part = "" if slot.part is None else f', "part": {json.dumps(slot.part)}'
        turn = f', "rotation": {slot.rotation}' if slot.rotation else ""
        yield (f'{{"set": {name}, "row": {_json(copy.row)}, "copy": {_json(copy.copy)}, "page": {_json(page)}, '
               f'"side": {_json(slot.side)}, {known[1]}{part}{turn}}}')


def _json(value: Any) -> str:
    """Return a whole number or a side as JSON writes it (without json.dumps' call cost for the common types)."""
    if type(value) is int:
        return str(value)
    if value == "front" or value == "back":
        return f'"{value}"'
    return json.dumps(value, ensure_ascii=False)


def _mm(points: float) -> str:
    """Return a length in millimetres rounded to 0.01 mm as JSON writes it."""
    value = round(to_mm(points), 2)
    return float.__repr__(value) if type(value) is float and math.isfinite(value) else json.dumps(value)
