"""Peak memory and CPU of `playproof audit` over N logs, each run a fresh process (cold).

Usage: python benchmarks/audit_memory_bench.py [--games N] [--logs DIR] [--code DIR ...] [--runs R]
The logs are random Battle for Seven Cities games at 6 players (the engine with the largest state),
written once to a scratch folder (or read from --logs). Memory should stay flat in the number of logs:
each log's findings are printed as it is audited, and no engine is kept.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench_common import checkouts, code_option, machine, run_child, spread

GAME = "battle-for-seven-cities"
AUDIT = "import sys; from playproof.cli import main; sys.argv = ['playproof', 'audit', *sys.argv[1:]]; main()"
WRITE = """
import sys
from pathlib import Path
from playproof.playtest.games import find_engine
from playproof.playtest.simulate import simulate_games
engine = find_engine(sys.argv[1])
for i, game in enumerate(simulate_games(engine, engine.max_players, int(sys.argv[2]), int(sys.argv[3]))):
    (Path(sys.argv[4]) / f"g{i:04d}.log").write_text(game.log, encoding="utf-8")
"""


def main() -> None:
    """Print a markdown table: checkout, logs, CPU s and peak MiB as medians with ranges of cold runs."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--logs", type=Path, default=None, help="audit these *.log instead of writing new ones")
    code_option(parser)
    args = parser.parse_args()
    codes = checkouts(args)
    folder = args.logs or Path(tempfile.mkdtemp(prefix="audit-bench-"))
    if args.logs is None:
        run_child(codes[-1], WRITE, [GAME, str(args.games), str(args.seed), str(folder)])
    logs = sorted(str(p) for p in folder.glob("*.log"))[:args.games]
    print(f"audit memory, {len(logs)} {GAME} logs, {args.runs} cold runs per checkout; {machine()}\n")
    print("| checkout | logs | CPU s, median (range) | peak MiB, median (range) |")
    print("|---|---|---|---|")
    runs: dict[Path, list] = {code: [] for code in codes}
    for _ in range(args.runs):  # alternate the checkouts so that a slow moment hits both
        for code in codes:
            runs[code].append(run_child(code, AUDIT, logs))
    for code, found in runs.items():
        print(f"| {code} | {len(logs)} | {spread([r.cpu for r in found])} | "
              f"{spread([r.peak_mib for r in found], 0)} |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
