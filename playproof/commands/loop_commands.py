"""CLI for the design loop: `changes` (what changed since a print, and which sessions are on older versions)."""

from __future__ import annotations

from pathlib import Path

import click

DB_ENV = "PLAYPROOF_DB"


@click.command("changes")
@click.argument("project", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--since", help="A print number, a date (YYYY-MM-DD) or a version (default: the last print).")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), envvar=DB_ENV,
              help=f"Session database to look for sessions of this project (env {DB_ENV}).")
def changes(project: Path, since: str | None, db: Path | None) -> None:
    """List components new, changed (field by field) or removed since a print, and sessions on older versions."""
    from playproof.output.changesreport import changes_lines

    for line in changes_lines(project, since, db):
        click.echo(line)


COMMANDS: list[click.Command] = [changes]
