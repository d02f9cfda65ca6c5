"""The Starlette app of `playproof serve`: pages, line posts, the pen, live events, exports and reports."""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable
from urllib.parse import parse_qs, urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from playproof.errors import PlayproofError
from playproof.web import render
from playproof.web.hub import Hub, sse
from playproof.web.lease import Leases, Pen, PenTaken
from playproof.web.security import (CSRF_FIELD, CSRF_HEADER, DEVICE_COOKIE, TOKEN_COOKIE, Policy, device_tag,
                                    new_device, same_origin)
from playproof.web.tables import Tables, View

STATIC = Path(__file__).resolve().parent / "static"
KEEP_ALIVE = 15.0
"""Seconds between keep-alive comments on an idle event stream (proxies and phones drop silent ones)."""
STORE_POLL = 1.0
"""Seconds between looks at the database for lines another program (the terminal recorder) added."""
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
"""The pages run only this server's own script and style sheet, and no other site may frame them."""
REPORT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"
"""A report is one self-contained file: its inline style and SVG charts, and nothing else."""
MAX_LINE = 2000
"""The longest line the page may post (characters)."""
Endpoint = Callable[[Request], Awaitable[Response]]


class TableApp:
    """The web app over one session database: its tables, pens, watchers and security policy."""

    def __init__(self, tables: Tables, policy: Policy, leases: Pen | None = None) -> None:
        self.tables, self.policy = tables, policy
        self.leases: Pen = leases or Leases()
        self.hub = Hub()
        self._published: dict[int, tuple[int, bool]] = {}
        self._pollers: dict[int, asyncio.Task[None]] = {}

    def asgi(self) -> Starlette:
        """Return the Starlette application."""
        get, post = self._guarded(False), self._guarded(True)
        routes = [
            Route("/", get(self.home)),
            Route("/start", post(self.start), methods=["POST"]),
            Route("/s/{session:int}", get(self.session_page)),
            Route("/s/{session:int}/lines", post(self.post_line), methods=["POST"]),
            Route("/s/{session:int}/pen", post(self.take_pen), methods=["POST"]),
            Route("/s/{session:int}/end", post(self.end), methods=["POST"]),
            Route("/s/{session:int}/events", get(self.events)),
            Route("/s/{session:int}/view", get(self.view_json)),
            Route("/s/{session:int}/export.{fmt:str}", get(self.export)),
            Route("/s/{session:int}/report", get(self.report)),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
        return Starlette(routes=routes, lifespan=self._lifespan)

    @asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Close the database when the server stops."""
        yield
        self.tables.close()

    # --- security --------------------------------------------------------------------------------------

    def _guarded(self, write: bool) -> Callable[[Endpoint], Endpoint]:
        """Wrap endpoints with the host and token checks, and (for writes) the CSRF and origin checks."""
        def wrap(endpoint: Endpoint) -> Endpoint:
            async def guarded(request: Request) -> Response:
                refusal = await self._refusal(request, write)
                return refusal if refusal is not None else await self._answer(endpoint, request)
            return guarded
        return wrap

    async def _answer(self, endpoint: Endpoint, request: Request) -> Response:
        """Run an endpoint; a library error is a 400 with its one-line message, an unknown session a 404."""
        try:
            response = await endpoint(request)
        except PenTaken as exc:
            return JSONResponse({"error": str(exc), "pen": True}, status_code=409)
        except PlayproofError as exc:
            status = 404 if str(exc).startswith("no session") else 400
            if request.method == "GET":
                return HTMLResponse(render.refused(str(exc)), status_code=status)
            return JSONResponse({"error": str(exc)}, status_code=status)
        if DEVICE_COOKIE not in request.cookies:
            _set_cookie(response, DEVICE_COOKIE, self._device(request))
        response.headers.setdefault("Content-Security-Policy", PAGE_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response

    async def _refusal(self, request: Request, write: bool) -> Response | None:
        """Return why a request is refused, or None when it may go on."""
        if not self.policy.allowed_host(request.headers.get("host", "")):
            return PlainTextResponse("unknown host: open the page by the address `playproof serve` printed",
                                     status_code=400)
        if self.policy.token is not None:
            given = request.query_params.get("token")
            if given is not None and self.policy.token_ok(given) and request.method == "GET":
                return self._keep_token(request)
            if not self.policy.token_ok(request.cookies.get(TOKEN_COOKIE)):
                return HTMLResponse(render.refused("this table needs its access token: open the URL (or scan the "
                                                   "QR code) that `playproof serve` printed"), status_code=403)
        return await self._write_refusal(request) if write else None

    def _keep_token(self, request: Request) -> Response:
        """Keep a valid access token in a cookie and go to the same page without it in the address."""
        query = urlencode([(k, v) for k, v in request.query_params.multi_items() if k != "token"])
        response = RedirectResponse(request.url.path + (f"?{query}" if query else ""), status_code=303)
        _set_cookie(response, TOKEN_COOKIE, self.policy.token or "")
        return response

    async def _write_refusal(self, request: Request) -> Response | None:
        """Refuse a state-changing request from another site, or without its device's CSRF token."""
        if not same_origin(request.headers.get("origin"), request.headers.get("referer"), request.url.scheme,
                           request.headers.get("host", "")):
            return JSONResponse({"error": "refused: the request did not come from this server's page"},
                                status_code=403)
        given = request.headers.get(CSRF_HEADER) or (await _form(request)).get(CSRF_FIELD)
        if not self.policy.csrf_ok(request.cookies.get(DEVICE_COOKIE), given):
            return JSONResponse({"error": "refused: the page is out of date; reload it"}, status_code=403)
        return None

    def _device(self, request: Request) -> str:
        """Return the device id of a request (a new one when it has no cookie yet, kept for its response)."""
        device = request.cookies.get(DEVICE_COOKIE) or request.scope.get("playproof.device")
        if not device:
            device = request.scope["playproof.device"] = new_device()
        return device

    # --- pages -----------------------------------------------------------------------------------------

    async def home(self, request: Request) -> Response:
        """The home page: start a session or open a stored one."""
        sessions = await self.tables.run(self.tables.sessions)
        games = await self.tables.run(self.tables.games)
        return HTMLResponse(render.home(sessions, games, self.policy.csrf_for(self._device(request))))

    async def start(self, request: Request) -> Response:
        """Start a session from the home page's form and go to its page."""
        form, device = await _form(request), self._device(request)
        try:
            session = await self.tables.run(self.tables.start, form.get("game", ""), form.get("players", ""),
                                            "", form.get("variant", ""), form.get("setup", ""),
                                            bool(form.get("timed")))  # the project is found, never typed
        except PlayproofError as exc:
            sessions = await self.tables.run(self.tables.sessions)
            games = await self.tables.run(self.tables.games)
            page = render.home(sessions, games, self.policy.csrf_for(device), str(exc), form)
            return HTMLResponse(page, status_code=400)
        self.leases.take_over(session, device)
        return RedirectResponse(f"/s/{session}", status_code=303)

    async def session_page(self, request: Request) -> Response:
        """The recording page; opening it takes the pen when nobody holds it."""
        session, device = request.path_params["session"], self._device(request)
        view = await self.tables.run(self.tables.view, session)
        if not view.ended and self.leases.claim(session, device):
            self._publish_pen(session)
        pen = self.leases.holder(session)
        page = render.session_page(view, self.policy.csrf_for(device), device_tag(device),
                                   device_tag(pen) if pen else None)
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    # --- writes ----------------------------------------------------------------------------------------

    async def post_line(self, request: Request) -> Response:
        """Record one line from the device holding the pen; answer once it is in the database."""
        session, device = request.path_params["session"], self._device(request)
        text = await _line_of(request)
        self.leases.check(session, device)
        entered = await self.tables.run(self.tables.enter, session, text)
        self._publish_view(entered.view)
        return JSONResponse({"line": entered.line, "verdict": list(entered.verdict), "warning": entered.warning,
                             "version": entered.view.version})

    async def take_pen(self, request: Request) -> Response:
        """Take the pen on this device (an explicit hand-over; the other devices watch)."""
        session = request.path_params["session"]
        await self.tables.run(self.tables.take_over, session)  # an unknown session is a 404; a REPL stops writing
        self.leases.take_over(session, self._device(request))
        self._publish_pen(session)
        return JSONResponse({"pen": device_tag(self._device(request))})

    async def end(self, request: Request) -> Response:
        """End the session for good."""
        session = request.path_params["session"]
        self.leases.check(session, self._device(request))
        view = await self.tables.run(self.tables.end, session)
        self._publish_view(view)
        return JSONResponse({"ended": view.ended, "scores": dict(view.scores)})

    # --- reads -----------------------------------------------------------------------------------------

    async def events(self, request: Request) -> Response:
        """Stream the session's views and pen changes to a watching page (server-sent events)."""
        session = request.path_params["session"]
        await self.tables.run(self.tables.info, session)  # an unknown session is a 404
        queue = self.hub.subscribe(session)
        hello = {"csrf": self.policy.csrf_for(self._device(request)), "pen": self._pen_tag(session)}
        first = await self.tables.run(self.tables.view, session)
        self._published.setdefault(session, (first.version, bool(first.ended)))
        self._watch_store(session)
        return StreamingResponse(self._stream(session, queue, [sse("hello", hello), _view_event(first)]),
                                 media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def _stream(self, session: int, queue: asyncio.Queue[str], first: list[str]) -> AsyncIterator[str]:
        """Yield the first events, then every message published for the session, until the page goes."""
        try:
            for message in first:
                yield message
            while True:
                try:
                    yield await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": keep-alive\n\n"
        finally:
            self.hub.unsubscribe(session, queue)

    async def view_json(self, request: Request) -> Response:
        """Return the session's live parts as JSON (what an event carries)."""
        view = await self.tables.run(self.tables.view, request.path_params["session"])
        return JSONResponse(render.fragments(view) | {"pen": self._pen_tag(view.session)})

    async def export(self, request: Request) -> Response:
        """Download the session's log (.log) or its JSON Lines twin (.jsonl)."""
        session, fmt = request.path_params["session"], request.path_params["fmt"]
        if fmt not in ("log", "jsonl"):
            return PlainTextResponse("export as .log or .jsonl", status_code=404)
        text = await self.tables.run(self.tables.export, session, fmt == "jsonl")
        disposition = f'attachment; filename="session-{session}.{fmt}"'
        return PlainTextResponse(text, headers={"Content-Disposition": disposition})

    async def report(self, request: Request) -> Response:
        """Generate the session's HTML report now, as `playproof report SESSION` does."""
        html = await self.tables.run(self.tables.report, request.path_params["session"])
        return HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Security-Policy": REPORT_POLICY})

    # --- live ------------------------------------------------------------------------------------------

    def _pen_tag(self, session: int) -> str | None:
        """Return the public tag of the device holding a session's pen."""
        holder = self.leases.holder(session)
        return device_tag(holder) if holder else None

    def _publish_pen(self, session: int) -> None:
        """Tell every watching page who holds the pen now."""
        self.hub.publish(session, sse("pen", {"pen": self._pen_tag(session)}))

    def _publish_view(self, view: View) -> None:
        """Send a session's new view to every watching page."""
        self._published[view.session] = (view.version, bool(view.ended))
        self.hub.publish(view.session, _view_event(view))

    def _watch_store(self, session: int) -> None:
        """Look for lines other programs add to a watched session (one looker per session)."""
        poller = self._pollers.get(session)
        if poller is None or poller.done():
            self._pollers[session] = asyncio.create_task(self._poll_store(session))

    async def _poll_store(self, session: int) -> None:
        """While pages watch a session, publish its view when the database holds lines they have not seen."""
        while self.hub.watchers(session):
            await asyncio.sleep(STORE_POLL)
            try:
                info = await self.tables.run(self.tables.info, session)
                if (info.lines, bool(info.ended)) != self._published.get(session):
                    self._publish_view(await self.tables.run(self.tables.view, session))
            except (PlayproofError, RuntimeError):  # the session or the server is going away: stop looking
                return


def _view_event(view: View) -> str:
    """Return a view as a server-sent event."""
    return sse("view", render.fragments(view), view.version)


async def _form(request: Request) -> dict[str, str]:
    """Return a posted HTML form's fields (URL-encoded; the last value of a repeated name)."""
    if not request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        return {}
    body = (await request.body()).decode("utf-8", "replace")
    return {k: v[-1] for k, v in parse_qs(body, keep_blank_values=True).items()}


async def _line_of(request: Request) -> str:
    """Return the line a request posts (JSON `{"line": ...}`), refusing one too long or missing."""
    try:
        data = json.loads(await request.body() or b"{}")
    except ValueError:
        raise PlayproofError("send the line as JSON: {\"line\": \"Ann: take 2\"}") from None
    text = data.get("line") if isinstance(data, dict) else None
    if not isinstance(text, str):
        raise PlayproofError("send the line as JSON: {\"line\": \"Ann: take 2\"}")
    if len(text) > MAX_LINE:
        raise PlayproofError(f"a line holds at most {MAX_LINE} characters")
    return text


def _set_cookie(response: Response, name: str, value: str) -> None:
    """Set a cookie only this server's pages send (HttpOnly, SameSite=Strict)."""
    response.set_cookie(name, value, max_age=30 * 24 * 3600, httponly=True, samesite="strict", path="/")


def create_app(db: Path | None = None, host: str = "127.0.0.1", token: str | None = None,
               engine: str | None = None, projects: Path | None = None,
               project: Path | None = None) -> tuple[Starlette, TableApp]:
    """Return the ASGI app over a session database and the TableApp behind it (`projects`: where the declared
    games the page offers are found; `project`: where a moved session's project is now)."""
    table = TableApp(Tables(db, engine, projects=projects, project=project), Policy.for_host(host, token))
    return table.asgi(), table
