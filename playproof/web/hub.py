"""Live updates: every device watching a session gets each new view as a server-sent event."""

from __future__ import annotations

import asyncio
import json


def sse(event: str, data: object, ident: int | None = None) -> str:
    """Return one server-sent event (JSON data on one line)."""
    head = f"id: {ident}\n" if ident is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


class Hub:
    """The watchers of each session: one queue per open page; a message is sent to all of them once."""

    def __init__(self) -> None:
        self._queues: dict[int, set[asyncio.Queue[str]]] = {}

    def subscribe(self, session: int) -> asyncio.Queue[str]:
        """Return a new queue receiving the session's messages (unbounded: no update is ever dropped)."""
        queue: asyncio.Queue[str] = asyncio.Queue()
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
            queue.put_nowait(message)
