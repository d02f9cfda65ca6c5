"""Limits checked before work starts, each with its reason (listed for users in docs/limits.md).

Each limit sits far above what a real game needs; reaching one almost always means a typo, a
wrong file or a hostile input. A refusal names the limit and points to docs/limits.md, so the
user can tell a limit from a bug. Limits of the workbook, layouts, logs and pages stay beside the
code that reads those files (docs/limits.md lists them all).
"""

from __future__ import annotations

from playproof.errors import PlayproofError

DOCS = "docs/limits.md"
"""Where every limit is explained (named in each refusal)."""

MAX_PLAYERS = 100
"""Players at one table or in one simulated game: `players = 2-100000000` is a typo, not a game."""

MAX_GAMES = 10_000_000
"""Games in one `simulate` or `balance` run: at about 1 ms a game that is hours on every core."""

MAX_JOBS = 256
"""Processes of one local run (`--jobs`): more than any machine's cores; each process costs memory."""

MAX_ROW_NUMBER = 1_048_576
"""A spreadsheet row number in `--only SET:ROWS` (Excel's last row): a bigger one names no row."""

MAX_IMAGE_PIXELS = 150_000_000
"""Pixels of one image export (about 600 MB in memory): an A4 page at 1,200 dpi is 139 million."""

MAX_BODY_BYTES = 64 * 1024
"""Bytes of one request body to the table page: a line is at most 2,000 characters, a form a few hundred."""


MAX_WATCHER_BACKLOG = 64
"""Messages waiting for one watching page: a page further behind is sent the latest view when it reads again."""

CLUSTER_CONNECT_SECONDS = 15.0
"""How long `--backend ray --address` waits to reach a cluster before saying it cannot."""

LOCK_WAIT_SECONDS = 5.0
"""How long a write to the session database waits for another program's transaction."""


def refuse(what: str, value: object, limit: object, reason: str = "") -> PlayproofError:
    """Return the error for a value over a limit: what, the value, the limit, and where limits are explained."""
    why = f" ({reason})" if reason else ""
    return PlayproofError(f"{what} is {value}: at most {limit}{why}; see {DOCS}")


def check_at_most(what: str, value: int | float, limit: int | float, reason: str = "") -> None:
    """Raise the limit's error when value exceeds limit."""
    if value > limit:
        raise refuse(what, _shown(value), _shown(limit), reason)


def _shown(number: int | float) -> str:
    """Return a number as a user reads it (thousands separated, a huge one shortened)."""
    if isinstance(number, int) and number.bit_length() > 100:  # Python refuses to print 4,300 digits
        return f"a number of about {int(number.bit_length() * 0.30103) + 1:,} digits"
    return f"{number:,}" if isinstance(number, int) else f"{number:,.0f}"


def check_pixels(what: str, width: int, height: int, dpi: float) -> None:
    """Refuse an image export of more than MAX_IMAGE_PIXELS pixels before its bitmap is made."""
    if width * height > MAX_IMAGE_PIXELS:
        raise PlayproofError(f"{what} at {dpi:g} dpi would be {width:,} x {height:,} pixels: at most "
                             f"{MAX_IMAGE_PIXELS:,} pixels in one image (about 600 MB of memory); lower --dpi; "
                             f"see {DOCS}")
