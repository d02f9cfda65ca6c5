"""Audit CPU of one long log with corrections: N moves, K of them amended twice (the first amend a slip).

Usage: python benchmarks/replay_bench.py [--moves 16000] [--amends 0,160] [--code DIR ...] [--runs R]
Each run is a fresh process that parses and audits the log once (the framework's example Nim plugin engine, so the time is the framework's: replay and corrections). Before issue 15 each superseded
amend replayed the log from the start (quadratic); now the audit is linear in the log's length.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench_common import checkouts, code_option, machine, run_child, spread

AUDIT = """
import sys, time
sys.path.insert(0, "examples/plugins/nim")
from playproof.playtest import games
games.register("nim", "playproof_nim")
from playproof.playtest.audit import audit_file
began = time.process_time()
result = audit_file(sys.argv[1])
assert len(result.slips) == int(sys.argv[2]), (len(result.slips), result.problems[:2])
"""


def amended_log(moves: int, amends: int) -> str:
    """Return a legal two-player Nim log whose moves are spread amends: each amended to take 9 (a slip), then back."""
    lines = ['[Game "nim"]', '[Players "Ann, Ben"]', f'[Variant "stones={moves}"]', ""]
    step = max(1, moves // max(amends, 1))
    for turn in range(moves):
        who = "Ann" if turn % 2 == 0 else "Ben"
        lines.append(f"{who}: take 1")
        if amends and turn % step == 0 and turn // step < amends:
            target = len(lines)
            lines += [f"amend {target}: {who}: take 9", f"amend {target}: {who}: take 1"]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Print a markdown table: amends, checkout, CPU seconds of the whole process (median and range)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=16_000)
    parser.add_argument("--amends", default="0,160")
    code_option(parser)
    args = parser.parse_args()
    codes = checkouts(args)
    folder = Path(tempfile.mkdtemp(prefix="replay-bench-"))
    print(f"audit of one {args.moves:,}-move log with amends, {args.runs} cold runs per checkout; {machine()}\n")
    print("| moves | amends superseded | checkout | CPU s (whole process), median (range) |")
    print("|---|---|---|---|")
    for amends in (int(a) for a in args.amends.split(",")):
        path = folder / f"amends-{amends}.log"
        path.write_text(amended_log(args.moves, amends), encoding="utf-8")
        runs: dict = {code: [] for code in codes}
        for _ in range(args.runs):
            for code in codes:
                runs[code].append(run_child(code, AUDIT, [str(path), str(amends)]))
        for code, found in runs.items():
            print(f"| {args.moves:,} | {amends} | {code} | {spread([r.cpu for r in found])} |", flush=True)


if __name__ == "__main__":
    main()
