"""Simulation speed (complete random games per second, one core) for every registered engine, cold.

Usage: python benchmarks/simulate_bench.py [--games N] [--runs R] [--seed S] [--steady] [--command]
                                           [--code DIR]... [--only GAME:PLAYERS]...
Each engine plays N games at its smallest and largest player counts (every count for a game
with a target) through playproof.playtest.simulate.play_random_game (random play's loop). With
--command they are played as `playproof simulate` plays them: one batch of the balance runner
(`run_batch`), which also keeps what the command reports (wins by seat, components taken, scores
by round); the same games, and the rate the command's users get on one core. Every run is a fresh process playing fresh games (seed + run * N): no
warm-up, caches cold, the engine's data loaded inside the timing. With --steady, each process
first loads the data and plays one untimed game, then times N games: the per-core rate of a long
simulation, where loading the workbook is amortized. Times are CPU seconds of that process; the
table gives the median and range of R runs. With --code given more than once, the checkouts are
measured in alternation (run 1 of each, then run 2 of each...) so that a change of load on the
machine falls on both alike; --only limits the rows. (Until 2026-11-24 this script replayed the
same games three times in one warm process and kept the best, up to 1.9x above a cold run.)
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time
from pathlib import Path
from statistics import median

from bench_common import child_main, machine, run_script, spread

TARGETS = {"seven-sisters": 200.0, "four-sisters": 200.0, "who-will-reign": 200.0, "battle-for-seven-cities": 200.0,
           "7-wonders-leaders": 200.0}
"""Issue 25's goal: at least 200 random games a second on one core (a row per player count for these games)."""
HERE = Path(__file__).resolve()


def play(args: list[str]) -> dict:
    """Child: play N fresh games of one engine and player count; return events and CPU seconds."""
    from playproof.playtest.engine import Setup
    from playproof.playtest.games import find_engine
    from playproof.playtest.simulate import play_random_game, player_names

    if "command" in args[4:]:
        return play_command(args)
    game_id, players, games, seed, steady = args[0], int(args[1]), int(args[2]), int(args[3]), "steady" in args[4:]
    if steady:  # load the data and warm the caches on a game outside the timed ones
        warm_seed = 10**9 + seed
        play_random_game(find_engine(game_id), Setup(player_names(players), {}, warm_seed), random.Random(warm_seed))
    from playproof.playtest import simulate

    less = getattr(simulate, "collecting_less", contextlib.nullcontext)  # as `playproof simulate` plays a batch
    began = time.process_time()
    engine, events = find_engine(game_id), 0
    with less():
        for index in range(games):
            setup = Setup(player_names(players), {}, seed + index)
            events += len(play_random_game(engine, setup, random.Random(seed + index))[1])
    return {"events": events, "seconds": time.process_time() - began}


def play_command(args: list[str]) -> dict:
    """Child: play N games as `playproof simulate` plays them (one batch of the balance runner: the same games,
    with the statistics it keeps: seats' wins, components taken, scores by round); return moves and CPU seconds."""
    from playproof.balance.runner import Plan, run_batch

    game_id, players, games, seed = args[0], int(args[1]), int(args[2]), int(args[3])
    if "steady" in args[4:]:  # load the data and warm the caches on a game outside the timed ones
        run_batch(Plan(game_id, players, 1, 10**9 + seed), 0, 1)
    began = time.process_time()
    summary = run_batch(Plan(game_id, players, games, seed), 0, games)
    return {"events": round(summary.moves.mean * summary.moves.n), "seconds": time.process_time() - began}


def main() -> None:
    """Print a markdown table of games per second per engine and player count (per checkout)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steady", action="store_true", help="time N games after an untimed first game")
    parser.add_argument("--command", action="store_true",
                        help="play the games as `playproof simulate` does (the balance runner, with its statistics)")
    parser.add_argument("--code", action="append", type=Path, default=None,
                        help="playproof checkout to measure (repeat to compare, in alternation; default: this one)")
    parser.add_argument("--only", action="append", default=None, metavar="GAME:PLAYERS",
                        help="measure only these rows (repeatable), e.g. seven-sisters:5")
    args = parser.parse_args()
    codes = [c.resolve() for c in args.code] if args.code else [HERE.parents[1]]
    from playproof.playtest.games import available_engines

    mode = ("steady state (data loaded, one untimed game first)" if args.steady else
            "cold runs (fresh process, fresh games)") + (", as `playproof simulate` plays" if args.command else "")
    print(f"simulation speed, {mode}, {args.runs} per row; {machine()}\n")
    if len(codes) > 1:
        print("checkouts: " + "; ".join(f"{k + 1} = {c}" for k, c in enumerate(codes)) + "\n")
    print("| engine | players | checkout | games | events/game | games/s, median (range) | events/s, median | target |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id, players, engine in _rows(available_engines(), args.only):
        if engine is None:
            print(f"| {game_id} | - | - | - | - | engine not importable | - | - |")
            continue
        try:
            runs = _alternate(codes, game_id, players, args)
        except Exception as exc:  # one engine's failure must not hide the others' numbers
            print(f"| {game_id} | {players} | - | - | - | failed: {str(exc).splitlines()[-1][:120]} | - | - |")
            continue
        for k, code_runs in enumerate(runs):
            rates = [args.games / r["seconds"] for r in code_runs]
            events = median(r["events"] for r in code_runs) / args.games
            target = TARGETS.get(game_id)
            verdict = "-" if target is None else ("met" if median(rates) >= target else f"MISSED (>= {target:.0f})")
            print(f"| {game_id} | {players} | {k + 1 if len(codes) > 1 else '-'} | {args.games} | {events:.0f} | "
                  f"{spread(rates, 1)} | {median(r['events'] / r['seconds'] for r in code_runs):,.0f} | {verdict} |",
                  flush=True)


def _rows(engines: dict, only: list[str] | None) -> list[tuple[str, int, object]]:
    """Return (game, players, engine class or None) for every row to measure."""
    rows: list[tuple[str, int, object]] = []
    for game_id, engine in engines.items():
        if isinstance(engine, Exception):
            rows.append((game_id, 0, None))
            continue
        counts = range(engine.min_players, engine.max_players + 1) if game_id in TARGETS else \
            sorted({engine.min_players, engine.max_players})
        rows += [(game_id, players, engine) for players in counts]
    if only:
        wanted = {tuple(o.split(":")) for o in only}
        rows = [r for r in rows if (r[0], str(r[1])) in wanted]
    return rows


def _alternate(codes: list[Path], game_id: str, players: int, args: argparse.Namespace) -> list[list[dict]]:
    """Run every checkout R times, in alternation, each run in a fresh process on fresh games."""
    runs: list[list[dict]] = [[] for _ in codes]
    extra = ["steady"] * args.steady + ["command"] * args.command
    for run in range(args.runs):
        for k, code in enumerate(codes):
            runs[k].append(run_script(code, HERE, [game_id, str(players), str(args.games),
                                                   str(args.seed + run * args.games), *extra]))
    return runs


if __name__ == "__main__":
    if not child_main(play):
        main()
