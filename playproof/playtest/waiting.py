"""`playtest add` waits its turn: another short-lived writer of the session is waited for, briefly."""

from __future__ import annotations

import time
from pathlib import Path

from playproof.limits import LOCK_WAIT_SECONDS
from playproof.playtest.recorder import Recorder
from playproof.playtest.store import SessionHeld, Store

BRIEF_WRITERS = ("playtest add",)
"""Writers that hold a session only while they store one line: worth waiting for."""
POLL_SECONDS = 0.05
"""Time between looks at whether the session is free."""


def recorder_in_turn(store: Store, session: int, engine: str | None, seconds: float = LOCK_WAIT_SECONDS,
                     project: Path | None = None) -> Recorder:
    """Return a recorder holding the session, waiting up to `seconds` while another `playtest add` stores its line."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            recorder = Recorder(store, session, what="playtest add", engine=engine, project=project)
        except SessionHeld:
            holder = store.holder(session)
            if time.monotonic() >= deadline or (holder is not None and holder.what not in BRIEF_WRITERS):
                raise
            time.sleep(POLL_SECONDS)
            continue
        if store.info(session).lines == recorder.info.lines:  # nothing was added between reading and holding
            return recorder
        recorder.close()  # another writer added a line meanwhile: read the log again
        if time.monotonic() >= deadline:
            raise SessionHeld(f"session {session}: line NOT stored, other programs keep adding lines; try again")
