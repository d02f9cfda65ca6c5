"""Atomic writes: the one place every output file is written through.

A file is written to a temporary `.NAME.RANDOM.part` beside its target and renamed over it only when
the whole write succeeded, so a failed, interrupted (Ctrl-C, SIGTERM, SIGHUP) or full-disk write leaves
the previous file byte-identical and no `.part` behind. Inside `atomic_outputs()` every file is staged
first and all are replaced together at the end (a build's PDF and its manifest), or none is.
"""

from __future__ import annotations

import os
import signal
import tempfile
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import FrameType
from typing import Any, Iterator

from playproof.errors import PlayproofError
from playproof.records import Record

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals that end a write cleanly (noted while an output is being written, raised as Terminated at the next
checkpoint: every page, and before anything is renamed into place)."""
_STOPPED: list[int] = []
"""Stop signals received while writing (a handler only notes them: an exception raised from a handler can land
in a destructor, where Python swallows it, and the write would go on to replace the outputs)."""


class Terminated(KeyboardInterrupt):
    """A stop signal arrived while writing; like Ctrl-C, it unwinds and removes the temporary files."""


def check_stop() -> None:
    """Raise Terminated when a stop signal arrived during a write (call it often in long writes)."""
    if _STOPPED:
        raise Terminated(f"stopped by {signal.Signals(_STOPPED[0]).name}")


class _Group(Record):
    """Files staged together: target -> temporary path."""

    __slots__ = ("staged",)
    staged: dict[Path, Path]

    def __init__(self, staged: dict[Path, Path] | None = None) -> None:
        self.staged = {} if staged is None else staged


_GROUP: ContextVar[_Group | None] = ContextVar("playproof_atomic_group", default=None)


@contextmanager
def atomic_path(target: Path, what: str = "") -> Iterator[Path]:
    """Yield a temporary path beside target; rename it to target only if the block succeeds.

    Inside atomic_outputs() the rename waits for the group (see staged()). `what` names the file in
    errors ("report" gives "cannot write report (...)").
    """
    temporary = _temporary(target, f"cannot write {what}".strip())
    group = _GROUP.get()
    try:
        with stop_signals_raise():
            yield temporary
            check_stop()
        os.chmod(temporary, _default_mode())
        if group is None:
            _replace(temporary, target)
        else:
            group.staged[target] = temporary
    except OSError as exc:  # a full disk while writing names the output, not a nameless stream
        _remove(temporary)
        if exc.filename is None:
            raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from exc
        raise
    except BaseException:
        _remove(temporary)
        raise


@contextmanager
def atomic_outputs() -> Iterator[None]:
    """Stage every atomic write of the block and replace all targets together at its end, or none."""
    group = _Group()
    token = _GROUP.set(group)
    try:
        with stop_signals_raise():
            yield
            check_stop()
        _GROUP.reset(token)
        token = None
        _replace_all(group.staged)
    finally:
        if token is not None:
            _GROUP.reset(token)
        for temporary in group.staged.values():
            _remove(temporary)


def staged(target: Path) -> Path:
    """Return where target's new content is while its group is not yet replaced (else target itself)."""
    group = _GROUP.get()
    return group.staged.get(target, target) if group is not None else target


def write_text_atomic(target: Path, text: str) -> None:
    """Write a UTF-8 text file atomically."""
    with atomic_path(target) as temporary:
        temporary.write_text(text, encoding="utf-8")


def write_bytes_atomic(target: Path, data: bytes) -> None:
    """Write a binary file atomically."""
    with atomic_path(target) as temporary:
        temporary.write_bytes(data)


def _temporary(target: Path, cannot: str) -> Path:
    """Create an empty temporary file beside target, or raise a clear error about the target or its folder."""
    if target.is_dir():
        raise PlayproofError(f"{target}: {cannot} (Is a directory)")
    blocker = next((p for p in reversed(target.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise PlayproofError(f"{target}: {cannot} ({blocker} is a file, not a folder)")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{target.name[:200]}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise PlayproofError(f"{target}: {cannot} ({exc.strerror or exc})") from exc
    os.close(handle)
    return Path(name)


def _replace(temporary: Path, target: Path) -> None:
    """Rename temporary over target, with a clear error when the target cannot be replaced."""
    try:
        os.replace(temporary, target)
    except OSError as exc:
        raise PlayproofError(f"{target}: cannot write ({exc.strerror or exc}); the previous file is kept") from exc


def _replace_all(staged: dict[Path, Path]) -> None:
    """Replace every target by its staged file; when one fails, put back the ones already replaced."""
    backups: dict[Path, Path | None] = {}
    try:
        for target, temporary in staged.items():
            backups[target] = _backup(target)
            _replace(temporary, target)
    except BaseException:
        for target, backup in backups.items():
            _restore(target, backup)
        raise
    for backup in backups.values():
        if backup is not None:
            _remove(backup)


def _backup(target: Path) -> Path | None:
    """Keep a hard link to target's current content (None when there is no target yet)."""
    if not target.is_file():
        return None
    backup = target.with_name(f".{target.name[:200]}.{os.getpid()}.old.part")
    _remove(backup)
    try:
        os.link(target, backup)
    except OSError as exc:
        raise PlayproofError(f"{target}: cannot write ({exc.strerror or exc}); the previous file is kept") from exc
    return backup


def _restore(target: Path, backup: Path | None) -> None:
    """Put target back as it was before the group (removed when it did not exist)."""
    try:
        if backup is not None:
            os.replace(backup, target)  # does nothing when both are still links to the same file
            _remove(backup)
        elif target.is_file():
            target.unlink()
    except OSError:  # nothing more can be done: the error being raised says the write failed
        return


def _remove(path: Path) -> None:
    """Remove a temporary file if it is there."""
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError:
        return


@contextmanager
def stop_signals_raise() -> Iterator[None]:
    """Note SIGTERM and SIGHUP during the block (main thread only), for check_stop() to raise Terminated."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {}
    try:
        for number in STOP_SIGNALS:
            current = signal.getsignal(number)
            if current is signal.SIG_IGN or getattr(current, "__playproof__", False):
                continue  # ignored on purpose (nohup), or an outer block handles it already
            previous[number] = signal.signal(number, _note_stop)
    except ValueError:  # not the main thread: signals cannot be handled here, none was changed
        previous.clear()
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _note_stop(number: int, frame: FrameType | None) -> None:
    """Note a stop signal (check_stop() raises it)."""
    _STOPPED.append(number)


_note_stop.__playproof__ = True  # type: ignore[attr-defined]


def _default_mode() -> int:
    """Return the mode a newly created file gets under the user's umask (mkstemp makes it 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
