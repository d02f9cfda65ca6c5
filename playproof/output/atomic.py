"""Atomic writes: output goes to a temporary file renamed into place, so a failed build leaves nothing."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from playproof.errors import PlayproofError


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside target; rename it to target only if the block succeeds."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise PlayproofError(f"{target.parent}: cannot write there ({exc.strerror})") from exc
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, _default_mode())
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()


def _default_mode() -> int:
    """Return the mode a newly created file gets under the user's umask (mkstemp makes it 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_text_atomic(target: Path, text: str) -> None:
    """Write a text file atomically."""
    with atomic_path(target) as temporary:
        temporary.write_text(text, encoding="utf-8")
