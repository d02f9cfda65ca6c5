"""Start-up CPU of the CLI: `playproof --help`, `check`, `audit` of one log, importing playproof.cli.

Usage: python benchmarks/startup_bench.py [--code DIR ...] [--runs R]
Each run is a fresh process; the CPU seconds (user + system) are the whole process's, interpreter
start included (a bare `python -c pass` row shows that floor). Checkouts given with --code are
measured alternately, so that a slow moment of a shared machine hits each of them.
Target (issue 15): `playproof --help` <= 0.08 s CPU.
"""

from __future__ import annotations

import argparse

from bench_common import checkouts, code_option, machine, run_child, spread

CLI = "import sys; from playproof.cli import main; sys.argv = ['playproof', *sys.argv[1:]]; main()"
CASES = [
    ("python -c pass", "pass", []),
    ("import playproof.cli", "import playproof.cli", []),
    ("playproof --help", CLI, ["--help"]),
    ("playproof check examples/seven-sisters", CLI, ["check", "examples/seven-sisters"]),
    ("playproof audit (one Seven Sisters log)", CLI, ["audit", "examples/seven-sisters/playtests/evening.log"]),
]


def main() -> None:
    """Print a markdown table: command, checkout, CPU seconds (median and range of cold runs)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    code_option(parser)
    args = parser.parse_args()
    codes = checkouts(args)
    print(f"start-up CPU, {args.runs} cold runs per checkout; {machine()}\n")
    print("| command | checkout | CPU s, median (range) | peak MiB, median |")
    print("|---|---|---|---|")
    for label, script, argv in CASES:
        runs: dict = {code: [] for code in codes}
        for _ in range(args.runs):
            for code in codes:
                runs[code].append(run_child(code, script, argv))
        for code, found in runs.items():
            print(f"| `{label}` | {code} | {spread([r.cpu for r in found], 3)} | "
                  f"{spread([r.peak_mib for r in found], 0).split()[0]} |", flush=True)


if __name__ == "__main__":
    main()
