"""Every copy of a set's chosen rows, in row order, made when read: a few numbers per run of rows, not a Copy each."""

from __future__ import annotations

from array import array
from bisect import bisect_right
from typing import Any, Callable, Iterable, Iterator, Sequence, overload

from playproof.components.model import ComponentRow
from playproof.layouts.imposition import Copy


def _copy(name: str, row: int, number: int, design: int) -> Copy:
    """Return Copy(name, row, number, design), made faster (a frozen dataclass sets each field through a call)."""
    copy = _new(Copy)
    fields = copy.__dict__
    fields["set"], fields["row"], fields["copy"], fields["design"] = name, row, number, design
    return copy


_new = object.__new__


class Copies(Sequence[Copy]):
    """A set's copies as runs: consecutive rows (spreadsheet rows and designs both one apart) with the same count.

    A deck whose rows each print once is one run of four numbers, however many rows it has.
    """

    __slots__ = ("name", "starts", "rows", "designs", "counts", "total")

    def __init__(self, name: str, rows: Iterable[tuple[int, int, int]] = ()) -> None:
        """rows: (spreadsheet row, design index, count > 0) of each row printed, in row order."""
        self.name = name
        self.starts, self.rows, self.designs, self.counts = array("q"), array("q"), array("q"), array("q")
        self.total = 0
        last_row = last_design = last_count = -1
        for row, design, count in rows:
            if row == last_row + 1 and design == last_design + 1 and count == last_count:
                self.total += count
            else:
                self._add(row, design, count, 1)
            last_row, last_design, last_count = row, design, count

    def _add(self, row: int, design: int, count: int, length: int) -> None:
        """Append a run: `length` rows from a spreadsheet row and design on, `count` copies each."""
        self.starts.append(self.total)
        self.rows.append(row)
        self.designs.append(design)
        self.counts.append(count)
        self.total += count * length

    @classmethod
    def of(cls, name: str, rows: Sequence[ComponentRow],
           chosen: Callable[[ComponentRow], bool] | None = None) -> Copies:
        """Return the copies of a set's rows (those chosen), read from streamed rows' runs when all are printed."""
        runs = getattr(rows, "runs", None)
        if chosen is None and runs is not None:  # no row is read: the runs hold each one's spreadsheet row and count
            copies = cls(name)
            for design, row, count, length in runs:
                if count > 0:
                    copies._add(row, design, count, length)
            return copies
        return cls(name, ((row.row, index, row.count) for index, row in enumerate(rows)
                          if (chosen is None or chosen(row)) and row.count > 0))

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, index: int) -> Copy: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Copy, ...]: ...

    def __getitem__(self, index: int | slice) -> Copy | tuple[Copy, ...]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return tuple(self)[index]
            return tuple(self._between(start, stop))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("copy index out of range")
        k = bisect_right(self.starts, index) - 1
        step, n = divmod(index - self.starts[k], self.counts[k])
        return _copy(self.name, self.rows[k] + step, n + 1, self.designs[k] + step)

    def _between(self, start: int, stop: int) -> Iterator[Copy]:
        """Yield the copies from index start up to stop."""
        if start >= stop:
            return
        k = bisect_right(self.starts, start) - 1
        step, n = divmod(start - self.starts[k], self.counts[k])
        name, index = self.name, start
        while index < stop:
            row, design, count = self.rows[k] + step, self.designs[k] + step, self.counts[k]
            end = self.starts[k + 1] if k + 1 < len(self.starts) else self.total
            for copy in range(n + 1, count + 1):
                if index >= stop:
                    return
                yield _copy(name, row, copy, design)
                index += 1
            step, n = step + 1, 0
            if index == end:
                k, step = k + 1, 0

    def __iter__(self) -> Iterator[Copy]:
        return self._between(0, len(self))

    def index(self, copy: Any, start: int = 0, stop: int | None = None) -> int:
        """Return where a copy of this set is in the sequence (ValueError when it is not one of them)."""
        if isinstance(copy, Copy) and copy.set == self.name:
            k = bisect_right(self.designs, copy.design) - 1
            if k >= 0:
                step = copy.design - self.designs[k]
                at = self.starts[k] + step * self.counts[k] + copy.copy - 1
                end = self.starts[k + 1] if k + 1 < len(self.starts) else self.total
                if self.rows[k] + step == copy.row and 1 <= copy.copy <= self.counts[k] and at < end:
                    return at
        raise ValueError(f"{copy!r} is not in {self!r}")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, Copies)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Copies({self.name!r}, {len(self)} copies)"
