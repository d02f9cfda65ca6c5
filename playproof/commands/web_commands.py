"""CLI for the table's web app: `playproof serve`."""

from __future__ import annotations

from pathlib import Path

import click

from playproof.commands.playtest_commands import db_option, engine_option


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 lets phones on the same Wi-Fi in (with an access token).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="Port (0: any free one).")
@click.option("--token", default=None, envvar="PLAYPROOF_TOKEN",
              help="Access token off loopback (env PLAYPROOF_TOKEN; default: a new random one).")
@click.option("--card", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write a printable table card (PDF) with the address's QR code.")
@click.option("--no-qr", is_flag=True, help="Do not print the QR code in the terminal.")
@click.option("--projects", type=click.Path(exists=True, file_okay=False, path_type=Path), default=".",
              show_default=True, help="Offer the declared games of the projects in this folder (and the folder).")
@click.option("--project", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="Where a stored session's project is now, when it has moved.")
@engine_option
@db_option
def serve(host: str, port: int, token: str | None, card: Path | None, no_qr: bool, projects: Path,
          project: Path | None, engine: str | None, db: Path | None) -> None:
    """Record sessions from phone browsers at the table, live for every device (needs playproof[web])."""
    from playproof.web import require_web

    require_web()
    from playproof.playtest.store import Store
    from playproof.web.server import run_server

    Store(db).close()  # a database that cannot be opened is one error line, before the server starts
    run_server(db, host, port, token, engine, card, not no_qr, click.echo, projects.resolve(), project)


COMMANDS: list[click.Command] = [serve]
