"""An operating-system error (a path too long, a folder where a file stands, a full disk) as one located line."""

from __future__ import annotations

import errno

HINTS = {
    errno.ENAMETOOLONG: "a path or a name in it is longer than the system allows",
    errno.ENOSPC: "the disk is full; the previous output files are kept as they were",
    errno.EDQUOT: "the disk quota is used up; the previous output files are kept as they were",
    errno.EFBIG: "the file would be larger than this system allows; the previous output files are kept as they were",
    errno.ENOTDIR: "a file stands where a folder is needed",
    errno.EISDIR: "a folder stands where a file is needed",
    errno.EEXIST: "a file stands where a folder is needed",
    errno.EACCES: "permission denied",
    errno.EROFS: "the file system is read-only",
}
"""What a user can do about each error, said plainly (other errors keep the system's own words)."""

MAX_SHOWN = 160
"""The longest path quoted whole in a message (a 9 kB path is shortened, with its length)."""


def shown_path(path: object) -> str:
    """Return a path as quoted in a message: whole, or its start and end around its length."""
    text = str(path).encode("utf-8", "backslashreplace").decode("utf-8")
    if len(text) <= MAX_SHOWN:
        return text
    return f"{text[:60]}...{text[-60:]} ({len(text):,} characters)"


def os_error_line(exc: OSError) -> str:
    """Return an OSError as one line naming the file it concerns and what went wrong."""
    reason = HINTS.get(exc.errno or 0) or exc.strerror or exc.__class__.__name__
    where = exc.filename if exc.filename is not None else None
    return f"{shown_path(where)}: {reason}" if where is not None else f"cannot read or write a file: {reason}"
