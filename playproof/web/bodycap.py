"""Request bodies capped as they are read: a declared size over the cap is refused before any byte is read,
and a body that grows past it stops being read at the cap (the server never holds more)."""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from playproof.limits import DOCS, MAX_BODY_BYTES

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyTooLarge(Exception):
    """A request body grew past the cap while it was read."""


def too_large(limit: int = MAX_BODY_BYTES) -> Response:
    """Return the 413 answer naming the cap."""
    return JSONResponse({"error": f"refused: a request body holds at most {limit:,} bytes; see {DOCS}"},
                        status_code=413)


async def body_too_large(request: Request, exc: Exception) -> Response:
    """Answer a body that grew past the cap (an exception handler of the app)."""
    return too_large()


class BodyCap:
    """ASGI middleware: refuse a body declared too large at once, and stop one that grows too large while read."""

    def __init__(self, app: App, limit: int = MAX_BODY_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on with a counting `receive`, or refuse it before reading."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if declared_length(scope) > self.limit:
            await too_large(self.limit)(scope, receive, send)
            return
        await self.app(scope, self._counting(receive), send)

    def _counting(self, receive: Receive) -> Receive:
        """Return a `receive` that raises BodyTooLarge once the body read so far passes the cap."""
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge
            return message
        return counted


def declared_length(scope: Scope) -> int:
    """Return a request's Content-Length (0 when absent; an unreadable or huge one counts as too large)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else 2**62
    return 0
