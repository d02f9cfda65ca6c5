"""Time and peak memory of `playproof report` over N session logs, each run a fresh process (cold).

Usage: python benchmarks/report_bench.py [--games N] [--formats html,pdf] [--logs DIR] [--code DIR ...] [--runs R]
The logs are random Seven Sisters games at 4 players (about 250 events each), written once to a
scratch folder (or read from --logs). Targets (issue 15): 1,000 sessions in <= 15 s and <= 300 MiB.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from audit_memory_bench import WRITE
from bench_common import checkouts, code_option, machine, run_child, spread

GAME = "seven-sisters"
REPORT = ("import sys; from playproof.cli import main; "
          "sys.argv = ['playproof', 'report', '-o', sys.argv[1], *sys.argv[2:]]; main()")


def main() -> None:
    """Print a markdown table per format: checkout, CPU s, wall s, peak MiB (medians and ranges of cold runs)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default="html,pdf")
    parser.add_argument("--logs", type=Path, default=None, help="report these *.log instead of writing new ones")
    code_option(parser)
    args = parser.parse_args()
    codes = checkouts(args)
    folder = args.logs or Path(tempfile.mkdtemp(prefix="report-bench-"))
    if args.logs is None:
        run_child(codes[-1], WRITE, [GAME, str(args.games), str(args.seed), str(folder)])
    logs = sorted(str(p) for p in folder.glob("*.log"))[:args.games]
    out = Path(tempfile.mkdtemp(prefix="report-out-"))
    print(f"reports of {len(logs)} {GAME} logs, {args.runs} cold runs per checkout; {machine()}\n")
    print("| format | checkout | CPU s, median (range) | wall s, median (range) | peak MiB, median (range) | MB written |")
    print("|---|---|---|---|---|---|")
    for fmt in args.formats.split(","):
        runs: dict[Path, list] = {code: [] for code in codes}
        for _ in range(args.runs):  # alternate the checkouts so that a slow moment hits both
            for number, code in enumerate(codes):
                runs[code].append(run_child(code, REPORT, [str(out / f"r{number}.{fmt}"), *logs]))
        for number, (code, found) in enumerate(runs.items()):
            size = (out / f"r{number}.{fmt}").stat().st_size / 1e6
            print(f"| {fmt} | {code} | {spread([r.cpu for r in found], 1)} | {spread([r.wall for r in found], 1)} | "
                  f"{spread([r.peak_mib for r in found], 0)} | {size:.1f} |", flush=True)


if __name__ == "__main__":
    main()
