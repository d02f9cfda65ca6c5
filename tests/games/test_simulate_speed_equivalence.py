"""The random bot's cheaper event construction makes the same events as Event()."""

from __future__ import annotations

import copy
import pickle

from playproof.playtest.engine import Event, EventKind
from playproof.playtest.simulate import move_event


def test_a_move_event_is_the_event_the_dataclass_makes() -> None:
    """Equal, same hash, same fields and text; copies and pickles alike; still frozen."""
    made, expected = move_event(7, "Ann", "build", "Lumber Yard; left wood"), Event(7, "Ann", "build",
                                                                                  "Lumber Yard; left wood")
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert (made.kind, made.text, made.has_unknown) == (EventKind.MOVE, "build Lumber Yard; left wood", False)
    assert copy.deepcopy(made) == expected and pickle.loads(pickle.dumps(made)) == expected
    try:
        made.line = 8  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("a move event must stay frozen")
