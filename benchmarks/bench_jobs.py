"""Every core, and memory that stays flat: `simulate --jobs N` speed-up and peak memory against games played.

Each measurement is a fresh process (`playproof simulate ...`), timed wall-clock, with its peak resident memory
(the largest of the parent's and its workers', from getrusage). Runs alternate between the settings compared.

    python benchmarks/bench_jobs.py speedup --games 2000 --repeat 3      # jobs 1 against jobs 2
    python benchmarks/bench_jobs.py memory --games 10000 100000           # peak memory against games played
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_common import run_heading  # noqa: E402

SCRIPT = "import sys; from playproof.cli import main; sys.argv = ['playproof'] + sys.argv[1:]; main()"


def run(game: str, players: int, games: int, jobs: int) -> tuple[float, float]:
    """Run one simulation in a fresh process; return (wall seconds, peak MiB of the process or its workers)."""
    command = [sys.executable, "-c", SCRIPT, "simulate", game, "--players", str(players), "--games", str(games),
               "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    began = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env={"RL_useA85": "0", "PYTHONPATH": str(ROOT),
                                                                          "PATH": "/usr/bin:/bin"})
    seconds = time.perf_counter() - began
    peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return seconds, peak / 1024


def speedup(args: argparse.Namespace) -> None:
    """Alternate jobs 1 and jobs 2 and report medians, ranges and the speed-up."""
    times: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(args.repeat):
        for jobs in (1, 2):
            times[jobs].append(run(args.game, args.players, args.games[0], jobs)[0])
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print(f"| {args.game} | {args.players} | {args.games[0]} | {one:.1f} ({min(times[1]):.1f}-{max(times[1]):.1f}) | "
          f"{two:.1f} ({min(times[2]):.1f}-{max(times[2]):.1f}) | {one / two:.2f}x |")


def memory(args: argparse.Namespace) -> None:
    """Report wall time and peak memory for each number of games (each a fresh process)."""
    for games in args.games:
        seconds, peak = run(args.game, args.players, games, args.jobs)
        print(f"| {args.game} | {args.players} | {games} | {args.jobs} | {seconds:.0f} | {games / seconds:.0f} | "
              f"{peak:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("speedup", "memory"))
    parser.add_argument("--games", type=int, nargs="+", default=[2000])
    parser.add_argument("--game", default="seven-sisters")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(run_heading(f"bench_jobs {args.what}"))
    if args.what == "speedup":
        print("| game | players | games | jobs 1: s median (range) | jobs 2: s median (range) | speed-up |")
        print("|---|---|---|---|---|---|")
        speedup(args)
    else:
        print("| game | players | games | jobs | seconds | games/s | peak MiB (largest process) |")
        print("|---|---|---|---|---|---|---|")
        memory(args)


if __name__ == "__main__":
    main()
