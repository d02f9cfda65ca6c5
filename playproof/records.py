"""Plain value classes that cost nothing to define: the methods a dataclass would generate, written once.

A `@dataclass` compiles its `__init__`, `__repr__`, `__eq__` (and for a frozen one `__hash__`,
`__setattr__`, `__delattr__`) from source each time a module defining it is imported, about 0.6 ms
a class. A build imports some fifty of them, so the classes made on every build path are written
as records instead: each lists its fields in `__slots__` and writes its own `__init__`; equality,
hashing, `repr`, pickling and frozenness come from here and behave as a dataclass's do (fields
compared as a tuple, only between instances of the same class).
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, Callable


class Record:
    """A value with named fields (`__slots__`), equal to another of its class with equal fields."""

    __slots__ = ()
    _values: Callable[[Any], tuple[Any, ...]] = staticmethod(lambda record: ())

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = cls.__slots__
        if len(names) == 1:
            one = attrgetter(names[0])
            cls._values = staticmethod(lambda record: (one(record),))
        elif names:
            cls._values = attrgetter(*names)  # a builtin: called with the record, not bound to it

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values(self) == other._values(other)  # type: ignore[attr-defined]
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={value!r}" for name, value in zip(self.__slots__, self._values(self)))
        return f"{type(self).__qualname__}({inner})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), self._values(self)


class FrozenRecord(Record):
    """A record whose fields cannot be changed once made; hashable by its fields."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


SET = object.__setattr__
"""Set a field of a frozen record in its `__init__`."""
