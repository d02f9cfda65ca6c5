"""Live updates: every device watching a session gets each new view as a server-sent event."""

from __future__ import annotations

import asyncio
import json

from playproof.limits import MAX_WATCHER_BACKLOG

BEHIND = "playproof:behind"
"""Put in a watcher's queue in place of its backlog when it falls too far behind: its stream ends, and the
page reconnects and is sent the current view (each view is whole, so nothing it missed is lost)."""


def sse(event: str, data: object, ident: int | None = None) -> str:
    """Return one server-sent event (JSON data on one line)."""
    head = f"id: {ident}\n" if ident is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


class Hub:
    """The watchers of each session: one queue per open page; a message is sent to all of them once."""

    def __init__(self, backlog: int = MAX_WATCHER_BACKLOG) -> None:
        self._queues: dict[int, set[asyncio.Queue[str]]] = {}
        self.backlog = backlog

    def subscribe(self, session: int) -> asyncio.Queue[str]:
        """Return a new queue receiving the session's messages (bounded: a stalled page cannot pin memory)."""
        queue: asyncio.Queue[str] = asyncio.Queue(self.backlog)
        self._queues.setdefault(session, set()).add(queue)
        return queue

    def unsubscribe(self, session: int, queue: asyncio.Queue[str]) -> None:
        """Stop sending to a queue (its page closed)."""
        watchers = self._queues.get(session, set())
        watchers.discard(queue)
        if not watchers:
            self._queues.pop(session, None)

    def watchers(self, session: int) -> int:
        """Return how many pages watch a session."""
        return len(self._queues.get(session, ()))

    def publish(self, session: int, message: str) -> None:
        """Send a message to every page watching a session (call on the event loop)."""
        for queue in list(self._queues.get(session, ())):
            if queue.full():
                _cut_off(queue)
            else:
                queue.put_nowait(message)


def _cut_off(queue: asyncio.Queue[str]) -> None:
    """Drop a stalled watcher's backlog and tell its stream to end (the page reconnects to the current view)."""
    while not queue.empty():
        queue.get_nowait()
    queue.put_nowait(BEHIND)
