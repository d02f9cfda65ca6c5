"""CLI commands (filled in by this group's owner)."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []
