"""A set's rows streamed, not held: counted once, then read again (from the file or a spool) when used.

A build of a 50,000-card deck keeps, per set, only its run-length copy counts (consecutive rows
with the same count are one run) and a window of the rows it read last; each row is made again
from the file when the drawing reaches it, and dropped.
"""

from __future__ import annotations

import json
import os
import tempfile
import weakref
from array import array
from datetime import date, datetime, time, timedelta
from typing import Any, BinaryIO, Callable, Iterator, Sequence, overload

from playproof.components.model import ComponentRow
from playproof.errors import PlayproofError

WINDOW = 1024
"""How many of the rows read last are kept: a back page reads its front page's rows again."""


class Runs:
    """A set's rows as runs: consecutive spreadsheet rows with the same copy count are one run.

    Each run is (first design index, first spreadsheet row, copies of each row, rows in the run);
    a deck whose rows all print once is one run, however long.
    """

    __slots__ = ("designs", "rows", "counts", "lengths", "total", "copies")

    def __init__(self) -> None:
        self.designs, self.rows, self.counts, self.lengths = array("q"), array("q"), array("q"), array("q")
        self.total = self.copies = 0

    def add(self, row: int, count: int) -> None:
        """Record the next design: its spreadsheet row and copy count."""
        last = len(self.rows) - 1
        if last >= 0 and self.counts[last] == count and self.rows[last] + self.lengths[last] == row:
            self.lengths[last] += 1
        else:
            self.designs.append(self.total)
            self.rows.append(row)
            self.counts.append(count)
            self.lengths.append(1)
        self.total += 1
        self.copies += count

    def __iter__(self) -> Iterator[tuple[int, int, int, int]]:
        """Yield each run: (first design index, first spreadsheet row, copies of each row, rows in it)."""
        return zip(self.designs, self.rows, self.counts, self.lengths)

    def numbers(self) -> Iterator[int]:
        """Yield the spreadsheet row of every design, in order."""
        for first, length in zip(self.rows, self.lengths):
            yield from range(first, first + length)


class StreamedRows(Sequence[ComponentRow]):
    """A set's rows, made again from the file each time they are read; only a window of them is kept.

    Reading forward (as drawing does) reads the file once; reading a row before the window starts
    the file again. Iterating reads the whole file again, apart from any reading in progress.
    """

    def __init__(self, file: str, reread: Callable[[], Iterator[ComponentRow]], runs: Runs) -> None:
        """reread: yields the set's rows again, in order; runs: their spreadsheet rows and counts."""
        self.file, self.reread, self.runs = file, reread, runs
        self.kept: dict[int, ComponentRow] = {}
        self.cursor: Iterator[ComponentRow] | None = None
        self.next = 0
        self.restarts = 0
        _READING[id(self)] = self

    def forget_cursor(self) -> None:
        """Drop the reading in progress (a process forked from the one reading shares its open file)."""
        self.cursor, self.next = None, 0
        self.kept.clear()

    @property
    def copies(self) -> int:
        """Return the total number of copies of the set's rows."""
        return self.runs.copies

    def __len__(self) -> int:
        return self.runs.total

    def __iter__(self) -> Iterator[ComponentRow]:
        return self._checked()

    @overload
    def __getitem__(self, index: int) -> ComponentRow: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[ComponentRow, ...]: ...

    def __getitem__(self, index: int | slice) -> ComponentRow | tuple[ComponentRow, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("row index out of range")
        found = self.kept.get(index)
        if found is not None:
            return found
        if self.cursor is None or index < self.next:
            self.restarts += self.cursor is not None
            self.cursor, self.next = self._checked(), 0
            self.kept.clear()
        return self._advance(index)

    def _advance(self, index: int) -> ComponentRow:
        """Read forward to a row, keeping the last WINDOW rows read."""
        assert self.cursor is not None
        row = None
        while self.next <= index:
            row = next(self.cursor)
            self.kept[self.next] = row
            self.kept.pop(self.next - WINDOW, None)
            self.next += 1
        assert row is not None
        return row

    def _checked(self) -> Iterator[ComponentRow]:
        """Yield the rows read again, checking each is where the first reading found it."""
        expected = self.runs.numbers()
        for row in self.reread():
            if row.row != next(expected, None):
                raise self._changed()
            yield row
        if next(expected, None) is not None:
            raise self._changed()

    def _changed(self) -> PlayproofError:
        """Return the error for a file whose rows differ from what its first reading found."""
        return PlayproofError(f"{self.file}: changed while it was being read; build again")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, StreamedRows)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"StreamedRows({self.file!r}, {len(self)} rows)"


_READING: weakref.WeakValueDictionary[int, StreamedRows] = weakref.WeakValueDictionary()
"""Every StreamedRows alive: a forked process (the workers of `build --jobs`) reads each from its start, with a
file of its own, never through the cursor of the process it was forked from (whose file position they share)."""


def _forget_cursors() -> None:
    """In a forked process: drop every reading in progress."""
    for rows in list(_READING.values()):
        rows.forget_cursor()


if hasattr(os, "register_at_fork"):  # where processes fork
    os.register_at_fork(after_in_child=_forget_cursors)


class Spool:
    """Raw rows written to an unnamed temporary file as they are read, to be read again from it.

    A workbook's sheet is parsed once: its rows go to the spool as they stream past, and reading
    them again costs a JSON load per row, not another parse of the workbook. Each item is stored
    as its length (4 bytes) and its JSON text: cell values (text, numbers, booleans, empty cells,
    dates and times) in lists and tuples, written by `_plain` and read back by `_typed`, so
    nothing read back can do more than make those values (no pickle).

    Reading names its offsets (os.pread) and never moves the file's position, which processes
    forked from this one share (the page ranges of `build --jobs`): each reading is apart from
    any other, in this process or another.
    """

    CHUNK = 1 << 16
    """Bytes read at a time."""

    def __init__(self) -> None:
        self.file: BinaryIO = tempfile.TemporaryFile()  # type: ignore[assignment]
        self.count = 0
        self.size = 0  # bytes written

    def write(self, item: Any) -> None:
        """Append one item."""
        data = _ENCODER.encode(_plain(item)).encode()
        self.file.write(len(data).to_bytes(4, "little"))
        self.file.write(data)
        self.count += 1
        self.size += 4 + len(data)

    def read(self) -> Iterator[Any]:
        """Yield every item written, in order (each reading from the start, apart from any other)."""
        self.file.flush()
        decode = _DECODER.decode
        for data in _records(self.file, self.count, self.size, self.CHUNK):
            yield decode(data.decode())  # written as UTF-8 by write


def _records(file: BinaryIO, count: int, size: int, chunk: int) -> Iterator[bytes]:
    """Yield `count` length-prefixed records from the first `size` bytes of a file, read by offset."""
    pending, offset, found = b"", 0, 0
    while found < count and offset < size:
        read = _read_at(file, offset, min(chunk, size - offset))
        if not read:
            break
        offset += len(read)
        data, at = pending + read, 0
        while at + 4 <= len(data):
            end = at + 4 + int.from_bytes(data[at:at + 4], "little")
            if end > len(data):
                break
            yield data[at + 4:end]
            found, at = found + 1, end
        pending = data[at:]


def _read_at(file: BinaryIO, offset: int, size: int) -> bytes:
    """Return up to `size` bytes of a file from `offset` (where there is no pread, and no fork: by seeking)."""
    if hasattr(os, "pread"):
        return os.pread(file.fileno(), size, offset)
    file.seek(offset)
    return file.read(size)


_PLAIN = frozenset({str, int, float, bool, type(None)})
"""What JSON keeps as it is."""

_TIMES: dict[str, Callable[[Any], Any]] = {
    "datetime": datetime.fromisoformat, "date": date.fromisoformat, "time": time.fromisoformat,
    "timedelta": lambda seconds: timedelta(seconds=seconds),
}


def _plain(value: Any) -> Any:
    """Return a cell value (or a list or tuple of them) as JSON data; a tuple, a date or a time is a one-key object."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        items = list(value) if all(type(v) in _PLAIN for v in value) else [_plain(v) for v in value]
        return {"tuple": items} if kind is tuple else items
    if isinstance(value, datetime):  # before date: a datetime is a date too
        return {"datetime": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, time):
        return {"time": value.isoformat()}
    if isinstance(value, timedelta):
        return {"timedelta": value.total_seconds()}
    raise TypeError(f"a spool holds cell values, not {kind.__name__}")


def _typed(obj: dict[str, Any]) -> Any:
    """Return the tuple, date or time a one-key object of `_plain` stands for."""
    ((kind, value),) = obj.items()
    return tuple(value) if kind == "tuple" else _TIMES[kind](value)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""Writes a spool's items (one encoder for every item)."""
_DECODER = json.JSONDecoder(object_hook=_typed)
"""Reads a spool's items back (one decoder for every item: json.loads with a hook makes one per call)."""
