"""Simulation speed (complete random games per second, one core) for every registered engine, cold.

Usage: python benchmarks/simulate_bench.py [--games N] [--runs R] [--seed S]
Each engine plays N games at its smallest and largest player counts (every count for a game
with a target) through playproof.playtest.simulate.play_random_game (the bot behind
`playproof simulate`). Every run is a fresh process playing fresh games (seed + run * N): no
warm-up, caches cold, the engine's data loaded inside the timing. Times are CPU seconds of that
process; the table gives the median and range of R runs. (Until 2026-11-24 this script replayed
the same games three times in one warm process and kept the best, up to 1.9x above a cold run.)
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from statistics import median

from bench_common import child_main, machine, run_script, spread

TARGETS = {"seven-sisters": 200.0}
HERE = Path(__file__).resolve()


def play(args: list[str]) -> dict:
    """Child: play N fresh games of one engine and player count; return events and CPU seconds."""
    from playproof.playtest.engine import Setup
    from playproof.playtest.games import find_engine
    from playproof.playtest.simulate import play_random_game, player_names

    game_id, players, games, seed = args[0], int(args[1]), int(args[2]), int(args[3])
    began = time.process_time()
    engine, events = find_engine(game_id), 0
    for index in range(games):
        setup = Setup(player_names(players), {}, seed + index)
        events += len(play_random_game(engine, setup, random.Random(seed + index))[1])
    return {"events": events, "seconds": time.process_time() - began}


def main() -> None:
    """Print a markdown table of cold games per second per engine and player count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    code = HERE.parents[1]
    from playproof.playtest.games import available_engines

    print(f"simulation speed, cold runs (fresh process, fresh games), {args.runs} per row; {machine()}\n")
    print("| engine | players | games | events/game | games/s, median (range) | events/s, median | target |")
    print("|---|---|---|---|---|---|---|")
    for game_id, engine in available_engines().items():
        if isinstance(engine, Exception):
            print(f"| {game_id} | - | - | - | engine not importable: {engine} | - | - |")
            continue
        counts = range(engine.min_players, engine.max_players + 1) if game_id in TARGETS else \
            sorted({engine.min_players, engine.max_players})
        for players in counts:
            try:
                runs = [run_script(code, HERE, [game_id, str(players), str(args.games),
                                                str(args.seed + run * args.games)]) for run in range(args.runs)]
            except Exception as exc:  # one engine's failure must not hide the others' numbers
                print(f"| {game_id} | {players} | - | - | failed: {str(exc).splitlines()[-1][:120]} | - | - |")
                continue
            rates = [args.games / r["seconds"] for r in runs]
            events = median(r["events"] for r in runs) / args.games
            target = TARGETS.get(game_id)
            verdict = "-" if target is None else ("met" if median(rates) >= target else f"MISSED (>= {target:.0f})")
            print(f"| {game_id} | {players} | {args.games} | {events:.0f} | {spread(rates, 1)} | "
                  f"{median(r['events'] / r['seconds'] for r in runs):,.0f} | {verdict} |", flush=True)


if __name__ == "__main__":
    if not child_main(play):
        main()
