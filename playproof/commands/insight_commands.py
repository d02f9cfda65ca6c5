"""CLI for insights: `probe` (bots looking for rule holes)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from playproof.commands.playtest_commands import engine_option, project_option, referee


@click.command("probe")
@click.argument("game")
@click.option("--players", type=int, default=None, help="Number of players (default: the fewest the game allows).")
@click.option("--games", type=click.IntRange(min=1), default=50, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Game i uses seed + i.")
@click.option("--bots", default="random", show_default=True, help="Bots by seat (random explores the most).")
@click.option("--max-moves", type=click.IntRange(min=1), default=5_000, show_default=True,
              help="A game with no end after this many moves is reported.")
@click.option("--variant", default="", help='Variant options, e.g. "random-order".')
@click.option("--kingmakers", is_flag=True, help="Also look for kingmaker moments in each game's last round "
              "(by playouts: slower).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@project_option
@engine_option
@click.pass_context
def probe(ctx: click.Context, game: str, players: int | None, games: int, seed: int, bots: str, max_moves: int,
          variant: str, kingmakers: bool, fmt: str, project: Path | None, engine: str | None) -> None:
    """Play bots through a game looking for rule holes (exit 0 none found, 1 some): dead ends, endless games,
    loops, components never offered or taken, each with the seed that plays it again."""
    from playproof.errors import PlayproofError
    from playproof.insights.probe import probe as run_probe
    from playproof.playtest.engine import example_project, player_range
    from playproof.playtest.games import find_project
    from playproof.playtest.header import parse_variant

    found = referee(game, project, engine)
    count = players or found.min_players
    if not found.min_players <= count <= found.max_players:
        raise PlayproofError(f"{found.game_id} is for {player_range(found)}, not {count}")
    options = parse_variant(variant)
    for name in options:  # a misspelt option would silently probe the base game
        if name not in found.options:
            known = ", ".join(found.options) or "none"
            raise PlayproofError(f'unknown option "{name}" for {found.game_id} (known options: {known})')
    folder = project or find_project(game) or example_project(found.game_id)
    result = run_probe(found, count, games, seed, bots, max_moves, options,
                       folder.resolve() if folder else None, kingmakers)
    if fmt == "json":
        click.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(result.lines()))
    ctx.exit(1 if result.findings else 0)


COMMANDS: list[click.Command] = [probe]
