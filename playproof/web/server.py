"""Run the table's web app with uvicorn and say where the table finds it."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Callable

from playproof.errors import PlayproofError
from playproof.web.security import is_loopback

Echo = Callable[[str], None]
LOOPBACK_NOTE = "only this computer can open this address: phones cannot; serve with --host 0.0.0.0 for them"


def lan_address() -> str:
    """Return this machine's address on the local network (where phones reach it), else 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def table_url(host: str, port: int, token: str | None) -> str:
    """Return the address to open at the table (with its access token when one is needed)."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def run_server(db: Path | None, host: str, port: int, token: str | None, engine: str | None,
               card: Path | None, qr: bool, echo: Echo, projects: Path | None = None,
               project: Path | None = None) -> None:
    """Serve until Ctrl-C: print the address (QR code and table card off loopback), then run uvicorn."""
    import uvicorn

    from playproof.web.app import create_app

    app, table = create_app(db, host, token, engine, projects, project)
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            raise PlayproofError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); "
                                 "try another --port") from exc
        url = table_url(host, sock.getsockname()[1], table.policy.token)
        _announce(url, host, card, qr, echo)
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, access_log=False)
        uvicorn.Server(config).run(sockets=[sock])


def _announce(url: str, host: str, card: Path | None, qr: bool, echo: Echo) -> None:
    """Print the address, its QR code (off loopback) and write the table card when asked."""
    from playproof.web.qr import table_card, terminal_qr

    echo(f"playproof serves the table at {url}")
    if not is_loopback(host) and qr:
        echo(terminal_qr(url))
    if card is not None:
        note = LOOPBACK_NOTE if is_loopback(host) else ""
        echo(f"wrote {table_card(url, card, note=note)}" + (f" ({LOOPBACK_NOTE})" if note else ""))
    echo("Ctrl-C stops the server; every recorded line is already in the database.")
