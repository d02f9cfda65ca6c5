"""Records (playproof/records.py) behave as the dataclasses they replace, and a build imports few dataclasses."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from dataclasses import FrozenInstanceError, dataclass
from pathlib import Path

import pytest

from playproof.errors import Location, Problem, Problems, Severity
from playproof.layouts.geometry import Box
from playproof.layouts.scene import RectOp, Style
from playproof.layouts.text import Piece
from playproof.records import SET, FrozenRecord, Record

ROOT = Path(__file__).resolve().parents[2]


class Pair(FrozenRecord):
    """A frozen record with a default."""

    __slots__ = ("left", "right")

    def __init__(self, left: int, right: tuple[int, ...] = ()) -> None:
        SET(self, "left", left)
        SET(self, "right", right)


@dataclass(frozen=True)
class PairClass:
    """The dataclass Pair stands for."""

    left: int
    right: tuple[int, ...] = ()


class Cell(Record):
    """A mutable record of one field."""

    __slots__ = ("value",)

    def __init__(self, value: list[int]) -> None:
        self.value = value


def test_a_frozen_record_compares_hashes_and_prints_as_its_dataclass() -> None:
    assert Pair(1, (2,)) == Pair(1, (2,)) and Pair(1) != Pair(1, (2,)) and Pair(1) != Pair(2)
    assert hash(Pair(1, (2,))) == hash(PairClass(1, (2,))) == hash((1, (2,)))
    assert repr(Pair(1, (2,))) == repr(PairClass(1, (2,))).replace("PairClass", "Pair")
    assert Pair(1) != PairClass(1) and (Pair(1) == (1, ())) is False  # only the same class compares equal
    assert len({Pair(1), Pair(1), Pair(2)}) == 2


def test_a_frozen_record_cannot_change() -> None:
    pair = Pair(1)
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'left'"):
        pair.left = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'right'"):
        del pair.right  # type: ignore[misc]
    with pytest.raises(AttributeError):
        object.__setattr__(pair, "other", 1)  # slots: no field beyond those listed
    assert pair == Pair(1)


def test_records_pickle_and_copy() -> None:
    pair = Pair(3, (4, 5))
    assert pickle.loads(pickle.dumps(pair)) == pair and copy.deepcopy(pair) == pair
    cell = Cell([1])
    twin = copy.deepcopy(cell)
    assert twin == cell and twin.value is not cell.value
    assert pickle.loads(pickle.dumps(cell)) == cell


def test_a_mutable_record_changes_and_is_unhashable() -> None:
    cell = Cell([1])
    cell.value = [2]
    assert cell == Cell([2]) and repr(cell) == "Cell(value=[2])"
    with pytest.raises(TypeError, match="unhashable"):
        hash(cell)


def test_the_converted_classes_keep_their_constructors() -> None:
    assert Box(1, 2, 3, 4) == Box(x=1, y=2, width=3, height=4) and Box(1, 2, 3, 4).right == 4
    assert repr(Location("a.csv", row=3)) == ("Location(file='a.csv', sheet=None, row=3, column=None, "
                                              "line=None, col=None)")
    assert Problem(None, "m").severity is Severity.ERROR
    assert Problems().items == [] and Problems().items is not Problems().items  # a fresh list each time
    assert Style() == Style(None, None, 0.0, None, 1.0, None) and hash(Style()) == hash(Style())
    assert RectOp(Box(0, 0, 1, 1), 0.0, Style(fill="#000000")) == RectOp(Box(0, 0, 1, 1), 0.0, Style("#000000"))
    piece = Piece("word")
    piece.bold = True
    assert piece == Piece("word", bold=True)


BUILD_IMPORTS = """
import dataclasses, json, sys
made = []
original = dataclasses._process_class
def counted(cls, *args):
    made.append(cls.__module__ + "." + cls.__qualname__)
    return original(cls, *args)
dataclasses._process_class = counted
import playproof.output.build, playproof.output.pdf, playproof.layouts.draw_elements
print(json.dumps([name for name in made if name.startswith("playproof.")]))
"""


def test_a_build_makes_few_dataclasses_at_import() -> None:
    """Each dataclass compiles its methods at import (about 0.6 ms): a PDF build's modules keep to ten."""
    out = subprocess.run([sys.executable, "-c", BUILD_IMPORTS], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    made = json.loads(out)
    assert 0 < len(made) <= 10, made
    assert "playproof.layouts.geometry.Box" not in made
