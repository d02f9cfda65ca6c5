"""Components from a URL (a Google Sheet published as XLSX or CSV): fetched, cached, used offline.

layouts.toml names the address: `[data] url = "https://.../pub?output=xlsx"` (the whole workbook),
or a table of sheet name -> CSV address. Each fetch is a conditional GET (ETag, Last-Modified);
the last copy is kept under PROJECT/.playproof-cache/ and used, with a warning, when the address
cannot be reached. Only http and https are fetched (redirects too), at most remote_http.MAX_BYTES;
what comes back is read as a workbook or CSV and nothing else, so no address can make playproof read
a local file or run code. The network modules are imported only for a project that names an address.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playproof.errors import Location, PlayproofError, Problems

CACHE = ".playproof-cache"
OFFLINE = "PLAYPROOF_OFFLINE"  # set to 1: use the cached copies, fetch nothing
POLL_SECONDS = 60.0  # --watch asks the address again this often (a published sheet updates within minutes)
XLSX_MAGIC = b"PK\x03\x04"
MAX_LAYOUTS_BYTES = 1024 * 1024  # as layouts.schema: a larger layouts.toml is reported by load_spec


def addresses(project: Path) -> dict[str, str]:
    """Return the component addresses layouts.toml names: {"": xlsx url} or {sheet: csv url}; {} for none."""
    path = project / "layouts.toml"
    try:
        if path.stat().st_size > MAX_LAYOUTS_BYTES:
            return {}
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return {}  # load_spec reports the file's problems
    url = raw.get("data", {}).get("url") if isinstance(raw.get("data"), dict) else None
    if url is None:
        return {}
    found = {"": url} if isinstance(url, str) else dict(url) if isinstance(url, dict) else {"": url}
    for sheet, address in found.items():
        check_address(address, f"[data] url{f' {sheet!r}' if sheet else ''}")
    return {str(k): str(v) for k, v in found.items()}


def check_address(address: object, where: str) -> None:
    """Refuse anything but an http(s) address."""
    parts = urlsplit(address) if isinstance(address, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc:
        raise PlayproofError(f'layouts.toml: {where} must be an http:// or https:// address, not {address!r}')


def cache_folder(project: Path, urls: dict[str, str]) -> Path:
    """Return the folder holding the cached copies of a project's addresses."""
    key = hashlib.sha256(json.dumps(sorted(urls.items())).encode()).hexdigest()[:16]
    return project / CACHE / key


def fetch_components(project: Path, problems: Problems) -> Path | None:
    """Fetch the project's component addresses into its cache; return the folder to read them from, or None."""
    urls = addresses(project)
    if not urls:
        return None
    folder = cache_folder(project, urls)
    folder.mkdir(parents=True, exist_ok=True)
    for sheet, url in urls.items():
        name = "components.xlsx" if not sheet else f"{sheet}.csv"
        _refresh(url, folder / name, problems)
    return folder


def _refresh(url: str, target: Path, problems: Problems) -> None:
    """Bring target up to date from url, or keep the last copy (with a warning), or raise when there is none."""
    meta_path = target.with_name(target.name + ".json")
    meta = json.loads(meta_path.read_text()) if meta_path.is_file() and target.is_file() else {}
    import urllib.error  # the network is imported only for a project that names an address

    from playproof.components.remote_http import get

    try:
        if os.environ.get(OFFLINE, "") not in ("", "0"):
            raise urllib.error.URLError(f"{OFFLINE} is set")
        data, headers = get(url, meta)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or exc
        if not target.is_file():
            raise PlayproofError(f"could not fetch the components from {url} ({reason}) and there is no "
                                 "earlier copy; check the address and the connection") from None
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(meta.get("fetched", target.stat().st_mtime)))
        problems.warn(Location("layouts.toml"), f"could not fetch the components from {url} ({reason}); "
                                                f"using the copy fetched {when}")
        return
    if data is None:  # 304: the copy is current
        return
    _check_kind(data, target, url)
    temporary = target.with_name(target.name + ".part")
    temporary.write_bytes(data)
    temporary.replace(target)
    meta_path.write_text(json.dumps({"url": url, "fetched": time.time(), "etag": headers.get("ETag"),
                                     "modified": headers.get("Last-Modified")}))


def _check_kind(data: bytes, target: Path, url: str) -> None:
    """Refuse an answer that is not what the address should give (a sign-in page instead of a sheet)."""
    if target.suffix == ".xlsx" and not data.startswith(XLSX_MAGIC):
        raise PlayproofError(f"{url} did not give an .xlsx workbook (publish the sheet to the web as "
                             "Microsoft Excel (.xlsx), and check it is public)")
    if target.suffix == ".csv" and (data.lstrip()[:1] == b"<" or b"\x00" in data[:4096]):
        raise PlayproofError(f"{url} did not give CSV text (publish the sheet to the web as "
                             "comma-separated values, and check it is public)")


def poll(project: Path) -> bool:
    """Fetch the project's addresses again; return whether any copy changed (for --watch)."""
    folder = fetch_folder(project)
    if folder is None:
        return False
    before = {p.name: p.stat().st_mtime_ns for p in folder.glob("*") if p.suffix in (".xlsx", ".csv")}
    try:
        fetch_components(project, Problems())
    except PlayproofError:
        return False
    after = {p.name: p.stat().st_mtime_ns for p in folder.glob("*") if p.suffix in (".xlsx", ".csv")}
    return after != before


def fetch_folder(project: Path) -> Path | None:
    """Return the cache folder of a project with component addresses, or None."""
    urls = addresses(project)
    return cache_folder(project, urls) if urls else None
