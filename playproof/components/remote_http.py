"""Conditional GETs over http(s) only, for components fetched from an address (imported only when one is)."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

TIMEOUT = 15.0  # seconds for one fetch
MAX_BYTES = 50 * 1024 * 1024


class _HttpOnlyRedirects(urllib.request.HTTPRedirectHandler):
    """Follow redirects to http and https addresses only."""

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
        if urlsplit(newurl).scheme not in ("http", "https"):
            raise urllib.error.URLError(f"redirected to {newurl!r}, which is not an http(s) address")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _opener() -> urllib.request.OpenerDirector:
    """Return an opener that speaks http and https only (no file:, ftp: or data: handlers)."""
    opener = urllib.request.OpenerDirector()
    for handler in (urllib.request.HTTPHandler(), urllib.request.HTTPSHandler(), _HttpOnlyRedirects(),
                    urllib.request.HTTPErrorProcessor(), urllib.request.HTTPDefaultErrorHandler()):
        opener.add_handler(handler)
    return opener


def get(url: str, meta: dict[str, Any]) -> tuple[bytes | None, Any]:
    """Return (body, headers) of a conditional GET, (None, headers) when not modified."""
    request = urllib.request.Request(url, headers={"User-Agent": "playproof"})
    if meta.get("etag"):
        request.add_header("If-None-Match", meta["etag"])
    if meta.get("modified"):
        request.add_header("If-Modified-Since", meta["modified"])
    try:
        with _opener().open(request, timeout=TIMEOUT) as response:
            body = response.read(MAX_BYTES + 1)
            if len(body) > MAX_BYTES:
                raise ValueError(f"the answer is larger than {MAX_BYTES // (1024 * 1024)} MB")
            return body, response.headers
    except urllib.error.HTTPError as exc:
        if exc.code == 304:
            return None, exc.headers
        raise urllib.error.URLError(f"HTTP {exc.code} {exc.reason}") from None
