"""`check`: designs of a set told apart only by colour, in colours a common colour-vision deficiency confuses."""

from __future__ import annotations

import functools
from typing import Any, Iterator

from playproof.errors import Location, Problems
from playproof.layouts.scene import CircleOp, ImageOp, PolygonOp, RectOp, RotatedOp, Scene, TableOp, TextOp

Marks = tuple[str, ...]


def _ops(scene: Scene) -> Iterator[Any]:
    """Yield every drawing operation of a scene, turned ones and table cells included."""
    pending = list(scene.ops)
    while pending:
        op = pending.pop(0)
        if isinstance(op, RotatedOp):
            pending.insert(0, op.op)
        elif isinstance(op, TableOp):
            pending[:0] = list(op.cells)
        else:
            yield op


def marks(scene: Scene) -> Marks:
    """Return what tells a design apart other than colour: its words, icons and images, in drawing order."""
    found = []
    for op in _ops(scene):
        if isinstance(op, TextOp):
            found.append(" ".join(p.piece.text for line in op.block.lines for p in line.pieces))
        elif isinstance(op, ImageOp):
            found.append(f"image:{op.asset.path.name}")
    return tuple(found)


def colours(scene: Scene) -> tuple[str | None, ...]:
    """Return the colours of a scene's operations in drawing order (fills, strokes, text)."""
    found: list[str | None] = []
    for op in _ops(scene):
        if isinstance(op, (RectOp, CircleOp, PolygonOp)):
            found += [_plain(op.style.fill), _plain(op.style.stroke)]
        elif isinstance(op, TextOp):
            found.append(_plain(op.colour))
    return tuple(found)


def _plain(value: str | None) -> str | None:
    """Return "#rrggbb" for a colour (alpha dropped), None for none."""
    return value[:7].lower() if isinstance(value, str) and value.startswith("#") and len(value) >= 7 else None


def confusion(a: tuple[str | None, ...], b: tuple[str | None, ...]) -> tuple[str, str, str, float] | None:
    """Return (vision, colour a, colour b, difference) when every colour told apart looks alike to a common vision."""
    from playproof.output.vision import COMMON, HARD_TO_TELL

    pairs = [(x, y) for x, y in zip(a, b) if x != y and x is not None and y is not None]
    if not pairs or len(a) != len(b):
        return None
    for vision in COMMON:
        seen = [(_difference(x, y, vision), x, y) for x, y in dict.fromkeys(pairs)]
        best = max(seen)
        if best[0] < HARD_TO_TELL:
            return vision, best[1], best[2], best[0]
    return None


Signature = tuple[Marks, tuple[str | None, ...]]
MAX_COMPARED = 200  # distinct colourings compared within one group of look-alike designs (pairs grow as n^2)


def signature(scene: Scene) -> Signature:
    """Return what a lint needs of a design's front: its marks and its colours (not the scene itself)."""
    return marks(scene), colours(scene)


@functools.lru_cache(maxsize=4096)
def _difference(a: str, b: str, vision: str) -> float:
    """Return how different two colours look with a vision (cached: sets repeat their colours)."""
    from playproof.output.vision import difference

    return difference(a, b, vision)


def lint_set(name: str, file: str, designs: list[tuple[int, str, Signature]], problems: Problems) -> None:
    """Warn about designs of one set (row, label, signature) that only colours they confuse tell apart."""
    by_marks: dict[Marks, dict[tuple[str | None, ...], tuple[int, str]]] = {}
    for row, label, (found_marks, found_colours) in designs:
        by_marks.setdefault(found_marks, {}).setdefault(found_colours, (row, label))  # duplicates: the first
    for group in by_marks.values():
        entries = list(group.items())[:MAX_COMPARED]
        for i, (colours_a, (row_a, label_a)) in enumerate(entries):
            for colours_b, (row_b, label_b) in entries[i + 1:]:
                found = confusion(colours_a, colours_b)
                if found is not None:
                    vision, x, y, delta = found
                    problems.warn(Location(file), f'set "{name}", rows {row_a} and {row_b} ({label_a}, {label_b}): '
                                                  f"told apart only by colour ({x} and {y}), which look alike "
                                                  f"with {vision} colour vision (CIEDE2000 {delta:.1f}); add a "
                                                  "word or an icon, or change a colour")
