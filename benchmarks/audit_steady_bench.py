"""Audit throughput beyond start-up (events/s, one core): many logs audited in one process.

Usage: python benchmarks/audit_steady_bench.py [--only GAME]... [--games N] [--warm W] [--runs R]
                                               [--seed S] [--code DIR]...
For each engine, N random games at its largest player count are written once (by the first
checkout, through `playproof simulate`'s random play: legal, so the engine does full work on each
event). Each run is a fresh process per checkout that reads the logs, parses and audits the first
W of them untimed (imports done, the workbook loaded, caches warm), then parses and audits all N,
timed in CPU seconds: the rate of a long `playproof audit` over many logs, start-up left out.
With --code given more than once the checkouts audit the same logs in alternation (run 1 of
each, then run 2 of each...), so a change of load falls on both alike. audit_bench.py measures
cold runs (start-up included).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from statistics import median

from bench_common import child_main, machine, run_script, spread

HERE = Path(__file__).resolve()
TARGET = 100_000


def child(args: list[str]) -> dict:
    """Child: `write GAME N SEED DIR` writes logs; `audit DIR W` audits W logs untimed, then every log, timed."""
    if args[0] == "write":
        return _write(args[1], int(args[2]), int(args[3]), Path(args[4]))
    return _audit(sorted(Path(args[1]).glob("*.log")), int(args[2]))


def _write(game_id: str, games: int, seed: int, folder: Path) -> dict:
    """Write random games as log files."""
    from playproof.playtest.games import find_engine
    from playproof.playtest.simulate import simulate_games

    engine = find_engine(game_id)
    for index, game in enumerate(simulate_games(engine, engine.max_players, games, seed)):
        (folder / f"g{index:04d}.log").write_text(game.log, encoding="utf-8")
    return {}


def _audit(paths: list[Path], warm: int) -> dict:
    """Audit the first `warm` logs untimed, then parse and audit every log; return events and CPU seconds."""
    from playproof.playtest.audit import audit_log
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.replay import events_of

    texts = [p.read_text(encoding="utf-8") for p in paths]
    events = sum(len(events_of(parse_log(text, f"count-{i}"))) for i, text in enumerate(texts))  # untimed
    for i, text in enumerate(texts[:warm]):
        audit_log(parse_log(text, f"warm-{i}"))
    began = time.process_time()
    for i, text in enumerate(texts):
        log = parse_log(text, f"bench-{i}")
        result = audit_log(log)
        if result.findings or result.problems:
            raise SystemExit(f"{log.name} did not audit clean: {result.findings[:3]} {result.problems[:3]}")
    return {"events": events, "seconds": time.process_time() - began}


def main() -> None:
    """Print a markdown table of steady audit throughput per engine (per checkout)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--warm", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--code", action="append", type=Path, default=None,
                        help="playproof checkout to measure (repeat to compare, in alternation; default: this one)")
    parser.add_argument("--only", action="append", default=None, metavar="GAME", help="measure only these engines")
    args = parser.parse_args()
    codes = [c.resolve() for c in args.code] if args.code else [HERE.parents[1]]
    from playproof.playtest.games import available_engines

    games = [g for g, e in available_engines().items() if not isinstance(e, Exception)]
    games = [g for g in games if not args.only or g in args.only]
    print(f"audit throughput beyond start-up ({args.warm} logs audited first, untimed), {args.games} logs in one "
          f"process, {args.runs} runs per row; {machine()}; target >= {TARGET:,} events/s\n")
    if len(codes) > 1:
        print("checkouts: " + "; ".join(f"{k + 1} = {c}" for k, c in enumerate(codes)) + "\n")
    print("| engine | checkout | logs | events | audit events/s (parse + replay), median (range) | target |")
    print("|---|---|---|---|---|---|")
    for game_id in games:
        with tempfile.TemporaryDirectory(prefix="audit-steady-") as folder:
            run_script(codes[0], HERE, ["write", game_id, str(args.games), str(args.seed), folder])
            runs: list[list[dict]] = [[] for _ in codes]
            for _ in range(args.runs):
                for k, code in enumerate(codes):
                    runs[k].append(run_script(code, HERE, ["audit", folder, str(args.warm)]))
        for k, mine in enumerate(runs):
            rates = [r["events"] / r["seconds"] for r in mine]
            print(f"| {game_id} | {k + 1 if len(codes) > 1 else '-'} | {args.games} | {mine[0]['events']:,} | "
                  f"{spread(rates, 0)} | {'met' if median(rates) >= TARGET else 'MISSED'} |", flush=True)


if __name__ == "__main__":
    if not child_main(child):
        main()
