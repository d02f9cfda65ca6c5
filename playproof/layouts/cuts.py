"""How a set's pieces are cut apart: shared cut lines where every edge matches, gutters where they differ."""

from __future__ import annotations

import re
from typing import Sequence

from playproof.records import FrozenRecord, SET

COLOUR = re.compile(r"#[0-9a-f]{6}([0-9a-f]{2})?$")
SHOWN = 4  # edge colours named in a reason


class CutChoice(FrozenRecord):
    """The cut chosen for a set: shared cut lines or gutters (which may narrow), and why."""

    __slots__ = ("shared", "narrow", "reason")
    shared: bool
    narrow: bool  # a default gutter: it may narrow to 2 mm when that fits more to a page
    reason: str

    def __init__(self, shared: bool, narrow: bool, reason: str) -> None:
        SET(self, "shared", shared)
        SET(self, "narrow", narrow)
        SET(self, "reason", reason)


def choose_cut(cut: str, shape: str, gap_given: bool, edges: Sequence[tuple[str, str]],
               has_back: bool) -> CutChoice:
    """Return the cut of a set from its `cut` key, shape, whether a gap is set, and its designs' edge colours."""
    if shape not in ("rect", "board", "screen"):
        return CutChoice(False, not gap_given, "gutters (round and hex pieces are always kept apart)")
    if gap_given:
        return CutChoice(cut == "shared", False, "the gap set in layouts.toml")
    if cut != "auto":
        return CutChoice(cut == "shared", False, f'{"shared cut lines" if cut == "shared" else "gutters"} '
                                                 f'(cut = "{cut}")')
    sides = (0, 1) if has_back else (0,)
    colours = [sorted({pair[side] for pair in edges}) for side in sides]
    unknown = [c for side in colours for c in side if not COLOUR.match(c)]
    if not edges or unknown:
        return CutChoice(False, True, "gutters: an edge is not a plain colour (an image, a gradient or none)")
    if all(len(side) == 1 for side in colours):
        named = " and ".join(f"{'front' if i == 0 else 'back'} {side[0]}" for i, side in enumerate(colours))
        return CutChoice(True, False, f"shared cut lines: every edge matches ({named})")
    differing = sorted({c for side in colours if len(side) > 1 for c in side})
    shown = ", ".join(differing[:SHOWN]) + (", ..." if len(differing) > SHOWN else "")
    return CutChoice(False, True, f"gutters: edges differ ({shown})")
