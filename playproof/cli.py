"""The playproof command line: a thin shell that wires command groups and turns errors into one line."""

from __future__ import annotations

import sys
from importlib import import_module

import click

from playproof import __version__
from playproof.errors import PlayproofError, ProblemsError

COMMAND_MODULES = (
    "playproof.commands.print_commands",  # build, check, new
    "playproof.commands.playtest_commands",  # playtest, audit, report, rules
    "playproof.commands.balance_commands",  # simulate, balance
    "playproof.commands.web_commands",  # serve
    "playproof.commands.loop_commands",  # changes
)


class ErrorsAsOneLine(click.Group):
    """A click group that reports library errors as `Error: ...` with exit code 1, no traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except ProblemsError as exc:
            errors = [p for p in exc.problems if p.severity.value == "error"]
            for problem in exc.problems:
                if len(errors) != 1 or problem is not errors[0]:  # a lone error is the Error: line itself
                    click.echo(f"{problem.severity.value}: {problem}", err=True)
            raise click.ClickException(str(exc)) from None
        except PlayproofError as exc:
            error = click.ClickException(str(exc))
            error.exit_code = getattr(exc, "exit_code", error.exit_code)  # e.g. 2: a log's project is missing
            raise error from None
        except KeyboardInterrupt as exc:
            if not _terminated(exc):  # Ctrl-C stays Ctrl-C
                raise
            # SIGTERM/SIGHUP while writing: the temporary files are gone, outputs kept
            raise click.ClickException(f"{exc}; the previous output files are kept as they were") from None


def _terminated(exc: BaseException) -> bool:
    """Return True for playproof.output.atomic.Terminated (imported only by the commands that write outputs)."""
    atomic = sys.modules.get("playproof.output.atomic")
    return atomic is not None and isinstance(exc, atomic.Terminated)


@click.group(cls=ErrorsAsOneLine)
@click.version_option(__version__, prog_name="playproof")
def cli() -> None:
    """Print-and-play prototyping and playtest toolkit for board-game designers."""


def _register() -> None:
    """Add every command from the command modules to the group."""
    for name in COMMAND_MODULES:
        for command in import_module(name).COMMANDS:
            cli.add_command(command)


_register()


def main() -> None:
    """Run the CLI (console-script entry point)."""
    sys.exit(cli.main(standalone_mode=True))
