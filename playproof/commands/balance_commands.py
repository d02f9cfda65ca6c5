"""CLI for balance: `simulate` (bots, every core, a cluster) and `balance` (sweeps over the workbook)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from playproof.commands.playtest_commands import engine_option, project_option, referee
from playproof.errors import PlayproofError

if TYPE_CHECKING:  # the commands import the engines, bots and charts when they run: `--help` starts fast
    from playproof.balance.report import Run
    from playproof.balance.runner import Plan
    from playproof.balance.stats import Summary

BACKENDS = ("local", "ray")


def _progress(done: int, total: int) -> None:
    """Say how far a long run is (on stderr, so the answers on stdout stay clean)."""
    if total >= 1000:
        click.echo(f"\r{done}/{total} games", nl=done == total, err=True)


def _run(plan: Plan, jobs: int, backend: str, address: str | None) -> Summary:
    """Play a plan on this machine or on a Ray cluster."""
    from playproof.balance.runner import run_local

    jobs = _useful_jobs(plan, jobs) if backend == "local" else jobs
    if backend == "ray":
        from playproof.balance.cluster import run_ray

        return run_ray(plan, address, cpus=jobs if jobs > 1 else None, progress=_progress)
    if address:
        raise PlayproofError("--address names a Ray cluster: use it with --backend ray")
    return run_local(plan, jobs, _progress)


def _useful_jobs(plan: Plan, jobs: int) -> int:
    """Return how many processes a local run can use: at most one per batch of games (more only cost memory)."""
    from playproof.balance.runner import BATCH
    from playproof.limits import MAX_JOBS, check_at_most

    check_at_most("--jobs", jobs, MAX_JOBS, "processes of one run")
    useful = max(1, -(-plan.games // BATCH))
    if jobs > useful:
        click.echo(f"warning: --jobs {jobs}: {plan.games} game(s) make {useful} batch(es) of at most {BATCH}; "
                   f"playing on {useful} process(es)", err=True)
    return min(jobs, useful)


def _check_options(game: str, options: dict[str, str], project: Path | None, engine: str | None) -> None:
    """A run plays only options the engine knows (a misspelt one would silently play the base game)."""
    found = referee(game, project, engine)
    for name in options:
        if name not in found.options:
            known = ", ".join(found.options) or "none"
            raise PlayproofError(f'unknown option "{name}" for {found.game_id} (known options: {known})')


def run_options(func: click.decorators.FC) -> click.decorators.FC:
    """Add the options every bot run shares: bots, jobs, backend, address, seed, variant, report."""
    for option in reversed([
        click.option("--bots", default=None,
                     help="Bots by seat (default: random for simulate, greedy for balance): random, greedy or "
                          "mcts[:BUDGET[:LEAF]] (mcts:200 iterations a move, "
                          "mcts:0.5s CPU seconds a move; the leaf scored when the mover's turn is over by "
                          "default (:turn), mcts:200:4 after four random moves, mcts:200:end at the end of a "
                          "random game), e.g. mcts:200,greedy. See `playproof docs simulate`."),
        click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
                     help="Processes to play on (local), or CPUs of a local Ray cluster."),
        click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
                     help='Where games are played: this machine, or Ray (pip install "playproof[cluster]").'),
        click.option("--address", default=None, help="A Ray cluster to join (default: start a local one)."),
        click.option("--seed", type=int, default=1, show_default=True, help="Game i uses seed + i."),
        click.option("--max-moves", type=click.IntRange(min=1), default=100_000, show_default=True,
                     help="A game with no end after this many moves is reported with its seed; the rest go on."),
        click.option("--variant", default="", help='Variant options, e.g. "random-order".'),
        click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path),
                     help="Also write the answers as .html, .xlsx or .json."),
        project_option, engine_option]):
        func = option(func)
    return func


@click.command("simulate")
@click.argument("game")
@click.option("--players", type=int, required=True)
@click.option("--games", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--logs", type=click.Path(file_okay=False, path_type=Path), help="Write each game's log here.")
@run_options
def simulate(game: str, players: int, games: int, logs: Path | None, bots: str | None, jobs: int, backend: str,
             address: str | None, seed: int, max_moves: int, variant: str, report_path: Path | None,
             project: Path | None, engine: str | None) -> None:
    """Play games with bots through the engine: win rates by seat with 95 % intervals (logs audit clean)."""
    bots = bots or "random"
    from playproof.balance.report import Run, text_lines, write_balance
    from playproof.balance.runner import Plan, engine_class
    from playproof.playtest.games import find_project, game_name
    from playproof.playtest.header import parse_variant
    from playproof.playtest.simulate import write_log

    options = parse_variant(variant)
    _check_options(game, options, project, engine)
    if logs is not None:
        write_log(logs, None)
    folder = project or find_project(game)
    plan = Plan(game_name(game, folder), players, games, seed, bots, tuple(options.items()), _path(folder),
                engine, str(logs.resolve()) if logs else None, max_moves)
    run = Run(engine_class(plan).game_id, "as printed", players, bots, _run(plan, jobs, backend, address))
    click.echo("\n".join(text_lines(run)))
    if report_path is not None:
        click.echo(f"wrote {write_balance([run], report_path)}")


@click.command("balance")
@click.argument("game")
@click.option("--players", "players_text", default="", help="Numbers of players: 4, 2-6 or 3,5 (default: the "
              "fewest the game allows).")
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True, help="Games per variant.")
@click.option("--vary", "varies", multiple=True,
              help='A number to vary: "<sheet>[<row key>].<column>=2,3,4" (several make a grid).')
@run_options
def balance(game: str, players_text: str, games: int, varies: tuple[str, ...], bots: str | None, jobs: int,
            backend: str, address: str | None, seed: int, max_moves: int, variant: str, report_path: Path | None,
            project: Path | None, engine: str | None) -> None:
    """Compare variants of the workbook (and numbers of players) with greedy bots: the same games, with error bars."""
    from playproof.balance.report import random_note

    bots = bots or "greedy"  # random play tests the rules, not the balance
    if note := random_note(bots):
        click.echo(note)
    from playproof.balance.report import write_balance
    from playproof.balance.sweep import parse_vary, player_counts, vary_warnings
    from playproof.playtest.engine import example_project
    from playproof.playtest.games import find_project, game_name
    from playproof.playtest.header import parse_variant

    options = parse_variant(variant)
    _check_options(game, options, project, engine)
    base = project or find_project(game) or example_project(game)
    if varies and base is None:
        raise PlayproofError(f'--vary needs the game\'s project: give --project (no project found for "{game}")')
    counts = player_counts(players_text) if players_text else [referee(game, project, engine).min_players]
    parsed = [parse_vary(v) for v in varies]
    for warning in (w for vary in parsed for w in vary_warnings(vary)):
        click.echo(f"warning: {warning}", err=True)
    runs = _sweep(game_name(game, base), base, parsed, counts, games, bots, jobs, backend, address, (seed, max_moves),
                  options, engine)
    if report_path is not None:
        click.echo(f"wrote {write_balance(runs, report_path)}")


def _sweep(game: str, base: Path | None, varies: list, counts: list[int], games: int, bots: str, jobs: int,
           backend: str, address: str | None, seeding: tuple[int, int], options: dict[str, str],
           engine: str | None) -> list[Run]:
    """Play every variant at every number of players, printing each answer as it comes."""
    import tempfile

    from playproof.balance.report import Run, text_lines
    from playproof.balance.runner import Plan, engine_class
    from playproof.balance.sweep import grid, project_variant, variant_label

    runs = []
    with tempfile.TemporaryDirectory(prefix="playproof-balance-") as workdir:
        for combo in grid(varies):
            project = project_variant(base, combo, Path(workdir)) if combo else base
            for players in counts:
                plan = Plan(game, players, games, seeding[0], bots, tuple(options.items()), _path(project), engine,
                            max_moves=seeding[1])
                run = Run(engine_class(plan).game_id, variant_label(combo), players, bots,
                          _run(plan, jobs, backend, address), tuple(v.key for v, _ in combo if v.key != "*"))
                click.echo("\n".join(text_lines(run)))
                runs.append(run)
    return runs



def _path(project: Path | None) -> str | None:
    """Return a project folder as an absolute path text (what workers receive)."""
    return str(project.resolve()) if project is not None else None


COMMANDS: list[click.Command] = [simulate, balance]
