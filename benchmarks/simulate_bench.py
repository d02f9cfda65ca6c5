"""Simulation speed (complete random games per second, one core) for every registered engine.

Usage: python benchmarks/simulate_bench.py [--games N] [--seed S]
Each engine plays N games at its smallest and largest player counts (every count for a game
with a target) through
playproof.playtest.simulate.play_random_game (the bot behind `playproof simulate`); times are
CPU seconds of this process (best of 3 runs of the same games), steadier than wall time on a
shared machine.
"""

from __future__ import annotations

import random
import time

from bench_common import parse_args, run_heading
from playproof.playtest.engine import Engine, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import play_random_game, player_names

TARGETS = {"seven-sisters": 200.0}


def main() -> None:
    """Print a markdown table of games per second per engine and player count."""
    args = parse_args(__doc__.split("\n")[0], default_games=100)
    print(f"{run_heading('simulation speed')}\n")
    print("| engine | players | games | events/game | games/s | events/s | target |")
    print("|---|---|---|---|---|---|---|")
    for game_id, engine in available_engines().items():
        if isinstance(engine, Exception):
            print(f"| {game_id} | - | - | - | - | engine not importable: {engine} | - |")
            continue
        counts = range(engine.min_players, engine.max_players + 1) if game_id in TARGETS else \
            sorted({engine.min_players, engine.max_players})
        for players in counts:  # every player count for a game with a target, else the extremes
            try:
                events, seconds = _play(engine, players, args.games, args.seed)
            except Exception as exc:  # one engine's failure must not hide the others' numbers
                print(f"| {game_id} | {players} | - | - | - | failed: {str(exc).splitlines()[0][:120]} | - |")
                continue
            rate = args.games / seconds
            target = TARGETS.get(game_id)
            verdict = "-" if target is None else ("met" if rate >= target else f"MISSED (>= {target:.0f})")
            print(f"| {game_id} | {players} | {args.games} | {events / args.games:.0f} | {rate:,.1f} | "
                  f"{events / seconds:,.0f} | {verdict} |")


def _play(engine: type[Engine], players: int, games: int, seed: int, repeat: int = 3) -> tuple[int, float]:
    """Return (events, CPU seconds) of the same random games, best of `repeat` runs after a warm-up game."""
    play_random_game(engine, Setup(player_names(players), {}, 0), random.Random(0))  # warm caches
    runs = []
    for _ in range(repeat):
        events, began = 0, time.process_time()
        for index in range(games):
            setup = Setup(player_names(players), {}, seed + index)
            events += len(play_random_game(engine, setup, random.Random(seed + index))[1])
        runs.append((events, time.process_time() - began))
    return min(runs, key=lambda run: run[1])


if __name__ == "__main__":
    main()
