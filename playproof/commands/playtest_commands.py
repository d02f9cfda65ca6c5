"""CLI for playtests: `playtest` (start, resume, add, list, show, export, import), audit, report, rules."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar

import click

from playproof.errors import PlayproofError

if TYPE_CHECKING:
    from playproof.playtest.engine import Engine

# Each command imports what it uses when it runs, so that `playproof --help` starts fast.
DB_ENV = "PLAYPROOF_DB"
"""playproof.playtest.store.DB_ENV (a test keeps them equal; the store module is imported only when used)."""

F = TypeVar("F", bound=Callable[..., object])


def db_option(func: F) -> F:
    """Add `--db PATH` (env PLAYPROOF_DB; default $XDG_DATA_HOME/playproof/sessions.db)."""
    return click.option("--db", type=click.Path(dir_okay=False, path_type=Path), envvar=DB_ENV,
                        help=f"Session database (env {DB_ENV}; default ~/.local/share/playproof/sessions.db).")(func)


def engine_option(func: F) -> F:
    """Add `--engine module:Class`: referee with a designer's own Python engine (imported only when named here)."""
    return click.option("--engine", "engine", default=None, metavar="MODULE:CLASS",
                        help="Referee with this Python engine class (a designer's own game).")(func)


def project_option(func: F) -> F:
    """Add `--project DIR`: the game project whose workbook declares the rules (default ./GAME when it is one)."""
    return click.option("--project", type=click.Path(exists=True, file_okay=False, path_type=Path),
                        help="Game project folder (default: ./GAME when it is one, else the bundled example).")(func)


def log_project_option(func: F) -> F:
    """Add `--project DIR`: where the logs' game project is now (default: found from the log, see log-format.md)."""
    return click.option("--project", type=click.Path(exists=True, file_okay=False, path_type=Path),
                        help="The game project the logs were played with, wherever it is now.")(func)


def referee(game: str, project: Path | None, engine: str | None) -> type[Engine]:
    """Return the engine that referees a game, refusing a game with no referee (nothing to list or play)."""
    from playproof.playtest.games import find_project, game_ids, resolve_engine
    found = resolve_engine(game, project or find_project(game), engine)
    if not found.checks_rules:
        raise PlayproofError(f'unknown game "{game}" (known games: {", ".join(game_ids())}); for a game of your '
                             f"own, give its project (--project, or ./{game}) with rules declared in its workbook "
                             "(docs/rules-sheets.md), or --engine module:Class")
    return found


def _enable_line_editing() -> bool:
    """Give input() editing and history where the platform has readline; return whether it does."""
    try:
        import readline  # noqa: F401  (imported for its side effect on input())
    except ImportError:  # not on every platform; plain input still works
        return False
    return True


def _read_line(prompt: str) -> str | None:
    """Show the prompt and read one line of input (None at end of input or Ctrl-C); a terminal gets line editing."""
    click.echo(prompt)
    try:
        if sys.stdin.isatty():
            _enable_line_editing()
            return input("> ")
        click.echo("> ", nl=False)
        line = sys.stdin.readline()
        return line.rstrip("\r\n") if line else None
    except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C leave the session open, as end of input does
        click.echo()
        return None


@click.group("playtest")
def playtest() -> None:
    """Record playtest sessions at the table and manage stored sessions."""


@playtest.command("start")
@click.argument("game")
@click.option("--players", required=True, help='Players in seat order, e.g. "Ann,Ben,Cat".')
@project_option
@click.option("--variant", default="", help='Variant options, e.g. "random-order, rounds=3".')
@click.option("--setup", "setup_text", default="", help='Setup items, e.g. "first=Ben; markers=3 4 5 4".')
@click.option("--seed", type=int, default=None, help="Seed the game used, written to [Seed].")
@click.option("--no-times", is_flag=True, help="Do not stamp elapsed times on the lines.")
@engine_option
@db_option
def start(game: str, players: str, project: Path | None, variant: str, setup_text: str, seed: int | None,
          no_times: bool, engine: str | None, db: Path | None) -> None:
    """Record a new session interactively: whose turn, legal moves, a verdict for every line."""
    from playproof.playtest.recorder import Recorder, split_players
    from playproof.playtest.repl import run_repl
    from playproof.playtest.store import Store
    store = Store(db)
    recorder = Recorder.start(store, game, split_players(players), project, variant, setup_text, not no_times,
                              seed=seed, engine=engine)
    with recorder:
        run_repl(recorder, _read_line, click.echo)


@playtest.command("resume")
@click.argument("session", type=int)
@click.option("--take-over", is_flag=True, help="Take the session from the recorder that holds it (it stops "
              "writing).")
@log_project_option
@engine_option
@db_option
def resume(session: int, take_over: bool, project: Path | None, engine: str | None, db: Path | None) -> None:
    """Go on recording a stored session interactively."""
    from playproof.playtest.recorder import Recorder
    from playproof.playtest.repl import run_repl
    from playproof.playtest.store import Store
    with Recorder(Store(db), session, take_over=take_over, what="playtest resume", engine=engine,
                  project=project) as recorder:
        run_repl(recorder, _read_line, click.echo)


@playtest.command("add")
@click.argument("session", type=int)
@click.argument("line")
@log_project_option
@engine_option
@db_option
def add(session: int, line: str, project: Path | None, engine: str | None, db: Path | None) -> None:
    """Append one log line to a stored session and show its verdict (`undo` alone takes back the last move)."""
    from playproof.playtest.store import Store
    from playproof.playtest.waiting import recorder_in_turn
    with recorder_in_turn(Store(db), session, engine, project=project) as recorder:
        outcome = recorder.undo_last() if line.strip().lower() == "undo" else recorder.enter(line)
    for text in outcome.lines():
        click.echo(text)


@playtest.command("list")
@db_option
def list_sessions(db: Path | None) -> None:
    """List the stored sessions."""
    from playproof.playtest.store import Store
    store = Store(db, readonly=True)
    sessions = store.sessions()
    if not sessions:
        click.echo(f"no sessions in {store.path}")
    for s in sessions:
        state = f"ended {s.ended}" if s.ended else "open"
        click.echo(f"{s.id:>4}  {s.game:<24} {s.players:<30} {s.lines:>4} lines  {s.started}  {state}")


@playtest.command("show")
@click.argument("session", type=int)
@click.option("--at", "line", type=click.IntRange(min=1), help="Show the game's state after this line instead.")
@log_project_option
@engine_option
@db_option
def show(session: int, line: int | None, project: Path | None, engine: str | None, db: Path | None) -> None:
    """Show a stored session's log and its audit, or the state after one of its lines."""
    from playproof.playtest.audit import format_text
    from playproof.playtest.recorder import session_replay, state_lines
    from playproof.playtest.sources import audit_source
    from playproof.playtest.store import Store
    store = Store(db, readonly=True)
    if line is not None:
        click.echo("\n".join(state_lines(session_replay(store, session, engine, project), line)))
        return
    click.echo(store.text(session), nl=False)
    click.echo("\n".join(["", *format_text([audit_source(str(session), db, engine, project)])]))


@playtest.command("export")
@click.argument("session", type=int)
@click.option("--format", "fmt", type=click.Choice(["text", "jsonl"]), default=None,
              help="text or jsonl (default: jsonl when -o ends in .jsonl, else text).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="File (default: stdout).")
@db_option
def export(session: int, fmt: str | None, output: Path | None, db: Path | None) -> None:
    """Export a stored session as a log (text) or its JSON Lines twin."""
    from playproof.output.atomic import write_text_atomic
    from playproof.playtest.logjson import to_jsonl
    from playproof.playtest.recorder import portable_log
    from playproof.playtest.store import Store
    log = portable_log(Store(db, readonly=True), session, (output or Path("x")).absolute().parent)
    jsonl = fmt == "jsonl" or (fmt is None and output is not None and output.suffix.lower() == ".jsonl")
    content = to_jsonl(log) if jsonl else log.text()
    if output is None:
        click.echo(content, nl=False)
        return
    write_text_atomic(output, content)
    click.echo(f"wrote {output}")


@playtest.command("import")
@click.argument("logfile", type=click.Path(dir_okay=False, path_type=Path))
@engine_option
@db_option
def import_command(logfile: Path, engine: str | None, db: Path | None) -> None:
    """Store a log file (text or .jsonl) as a new session."""
    from playproof.playtest.recorder import import_log
    from playproof.playtest.store import Store
    session = import_log(Store(db), logfile, engine)
    click.echo(f"imported {logfile} as session {session}")


@click.command("audit")
@click.argument("logs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Stop each log at its first problem or finding; undetermined counts.")
@click.option("--game", default=None, help="Game id when the logs have no [Game] header.")
@log_project_option
@engine_option
@click.pass_context
def audit(ctx: click.Context, logs: tuple[Path, ...], fmt: str, strict: bool, game: str | None,
          project: Path | None, engine: str | None) -> None:
    """Replay logs (files, or folders of them) through their game's engine and list every finding (exit 0 clean,
    1 violations, 2 unreadable)."""
    import json

    from playproof.playtest.audit import Tally, iter_audits, result_lines
    from playproof.playtest.sources import expand_sources

    tally, logs_data = Tally(), []
    paths = [Path(p) for p in expand_sources([str(p) for p in logs])]  # a folder: every log in it
    for result in iter_audits(paths, game, strict, engine, project):  # each log's findings as soon as it is audited
        tally.add(result)
        if fmt == "json":
            logs_data.append(result.to_dict())
        else:
            click.echo("\n".join(result_lines(result)))
    code = tally.exit_code(strict)
    if fmt == "json":
        click.echo(json.dumps({"logs": logs_data, "exit_code": code}, indent=2, ensure_ascii=False))
    elif tally.logs > 1:
        click.echo(tally.summary())
    ctx.exit(code)


@click.command("report")
@click.argument("sources", nargs=-1, required=True)
@click.option("--format", "fmt", default=None, help="html, pdf, xlsx or json (default: from the -o extension, else html).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.option("--compare", nargs=2, metavar="VERSION VERSION", default=None,
              help="Compare the sessions of two versions side by side (html, pdf, xlsx, json or txt).")
@click.option("--bots", default=None, help="Also play bots (e.g. greedy) at each game and number of players of "
              "the sessions and set them beside the humans.")
@click.option("--bot-games", type=click.IntRange(min=1), default=200, show_default=True,
              help="Bots' games per game and number of players (with --bots).")
@click.option("--kingmakers", is_flag=True, help="Look for kingmaker moments in each finished session's last "
              "round, by playouts of the --bots (default greedy): slower.")
@log_project_option
@engine_option
@db_option
def report(sources: tuple[str, ...], fmt: str | None, output: Path, compare: tuple[str, str] | None,
           bots: str | None, bot_games: int, kingmakers: bool, project: Path | None, engine: str | None,
           db: Path | None) -> None:
    """Write a session report of sessions (by id), log files or folders of logs; several get aggregate views and
    insights."""
    from playproof.playtest.sources import expand_sources, load_reports
    from playproof.output.reports import BotsBeside, find_format, format_for, write_reports

    sources = tuple(expand_sources(list(sources)))  # a folder: every log in it
    if compare:
        return _compare(list(sources), compare, output, fmt, project, engine, db)
    fmt = format_for(output, fmt)
    find_format(fmt)
    reports = load_reports(list(sources), db, engine, project)
    moments = _kingmakers(list(sources), db, engine, project, bots or "greedy") if kingmakers else None
    write_reports(reports, fmt, output, BotsBeside(bots, bot_games, engine=engine) if bots else None, moments)
    click.echo(f"wrote {output}")
    for problem in (problem for r in reports for problem in r.problems):  # the report shows them too
        click.echo(problem, err=True)


def _kingmakers(sources: list[str], db: Path | None, engine: str | None, project: Path | None,
                bots: str) -> list[object]:
    """Return (session, kingmaker moment) of every source whose last round shows one (each audited again)."""
    from playproof.insights.kingmaker import session_kingmaker
    from playproof.playtest.sources import audit_source

    found = []
    for source in sources:
        result = audit_source(source, db, engine, project)
        if (moment := session_kingmaker(result, bots)) is not None:
            found.append((result.log.name, moment))
    return found


def _compare(sources: list[str], versions: tuple[str, str], output: Path, fmt: str | None, project: Path | None,
             engine: str | None, db: Path | None) -> None:
    """Write and print the comparison of two versions' sessions."""
    from playproof.output.reports.compare import compare, takes_of
    from playproof.output.reports.compare_tables import text_lines, write_comparison
    from playproof.playtest.reportdata import session_report
    from playproof.playtest.sources import audit_source

    audits = [audit_source(source, db, engine, project) for source in sources]
    reports = [session_report(result) for result in audits]
    first, second = compare(reports, *versions, [takes_of(result) for result in audits])
    write_comparison(first, second, output, fmt)
    click.echo("\n".join(text_lines(first, second)))
    click.echo(f"wrote {output}")
    for problem in (problem for r in reports for problem in r.problems):  # e.g. played on an older version
        click.echo(problem, err=True)


@click.command("rules")
@click.argument("game")
@click.option("--text", "show_text", is_flag=True, help="Also quote the rulebook sentence each rule checks.")
@project_option
@engine_option
def rules(game: str, show_text: bool, project: Path | None, engine: str | None) -> None:
    """List every rule a game's engine checks (id, rulebook section, summary) and its options."""
    found = referee(game, project, engine)
    _list_rules(found, show_text)


def _list_rules(engine: type[Engine], show_text: bool) -> None:
    """Print an engine's rules (id, section, summary, and the rulebook's words with --text) and its options."""
    from playproof.playtest.games import rules_of
    index = list(rules_of(engine))
    click.echo(f"{engine.title}: {len(index)} rules")
    width = max((len(r.id) for r in index), default=0)
    section = max((len(r.section) for r in index), default=0)
    for rule in index:
        click.echo(f"{rule.id:<{width}}  §{rule.section:<{section}}  {rule.summary}")
        if show_text and rule.text:
            click.echo(f"{'':<{width}}  rulebook: \"{rule.text}\"")
    if engine.options:
        click.echo("options ([Variant] or [Setup] in a log header):")
        for name, text in engine.options.items():
            click.echo(f"  {name}: {text}")


COMMANDS: list[click.Command] = [playtest, audit, report, rules]
