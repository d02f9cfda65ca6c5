"""Audit throughput (events/s, one core) for every registered engine, cold or steady.

Usage: python benchmarks/audit_bench.py [--games N] [--runs R] [--seed S] [--steady] [--code DIR]...
                                        [--only GAME]...
For each engine and each of R runs, a fresh process writes N new random games (seed + run * N, at
the engine's largest player count, from `playproof simulate`: legal, so the engine does full work
on each event), then another fresh process reads, parses and audits them once: imports done,
caches cold, the engine's data loaded inside the timing. Times are CPU seconds of that process;
the table gives the median and range of R runs. The Nim row (the framework's example plugin engine on
one 50,000-stone heap) measures the framework's own cost: parsing, corrections, replay bookkeeping.
(Until 2026-11-24 this script audited the same logs three times in one warm process and kept the
best, up to 1.9x above a cold run.) With --code given more than once, each run's logs are written
once (by the first checkout) and audited by every checkout in turn, in fresh processes, so that the
checkouts are compared on the same logs under the same load; --only limits the engines.

--steady measures the rate beyond start-up (issue 25's method, default 1,000 logs): N + 1 logs are
written first, then one fresh process reads them all, parses and audits the first one untimed
(imports done, the engine's data loaded, caches warm), then parses and audits the other N one
after another; the rate is their events over that process's CPU seconds for those N logs. The
Nim row has no steady mode (it is one long log).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable
from statistics import median

from bench_common import child_main, machine, run_script, spread

TARGET = 50_000
STEADY_TARGET = 100_000
"""Issue 25's goal for a seed game's audit beyond start-up (declared games: 50,000)."""
HERE = Path(__file__).resolve()
TOY = HERE.parents[1] / "examples" / "plugins" / "nim"


def child(args: list[str]) -> dict:
    """Child: `write GAME N SEED DIR` writes logs; `audit DIR` parses and audits every log once, timed;
    `steady DIR` does so after one untimed log."""
    if args[0] == "write":
        return _write(args[1], int(args[2]), int(args[3]), Path(args[4]))
    if args[0] == "steady":
        return _steady(sorted(Path(args[1]).glob("*.log")))
    return _audit(sorted(Path(args[1]).glob("*.log")))


def _write(game_id: str, games: int, seed: int, folder: Path) -> dict:
    """Write random games (or, for nim, one long legal game) as log files."""
    if game_id == "nim":
        (folder / "nim.log").write_text(nim_log(50_000), encoding="utf-8")
        return {}
    from playproof.playtest.games import find_engine
    from playproof.playtest.simulate import simulate_games

    engine = find_engine(game_id)
    for index, game in enumerate(simulate_games(engine, engine.max_players, games, seed)):
        (folder / f"g{index:05d}.log").write_text(game.log, encoding="utf-8")
    return {}


def _audit(paths: list[Path]) -> dict:
    """Parse every log, then audit every log once; return events and CPU seconds of each step."""
    _register_nim()
    from playproof.playtest.audit import audit_log
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.replay import events_of

    texts = [p.read_text(encoding="utf-8") for p in paths]
    began = time.process_time()
    logs = [parse_log(text, f"bench-{i}") for i, text in enumerate(texts)]
    parsed = time.process_time()
    for log in logs:
        result = audit_log(log)
        if result.findings or result.problems:
            raise SystemExit(f"{log.name} did not audit clean: {result.findings[:3]} {result.problems[:3]}")
    audited = time.process_time()
    events = sum(len(events_of(log)) for log in logs)
    return {"events": events, "parse": parsed - began, "audit": audited - began}


def _steady(paths: list[Path]) -> dict:
    """Parse and audit the first log untimed, then every other log one after another; return events and CPU s."""
    from playproof.playtest.audit import audit_log
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.replay import events_of

    texts = [p.read_text(encoding="utf-8") for p in paths]
    _audit_clean(audit_log, parse_log(texts[0], "warm-up"))
    began = time.process_time()
    for index, text in enumerate(texts[1:]):
        log = parse_log(text, f"bench-{index}")
        _audit_clean(audit_log, log)
    seconds = time.process_time() - began
    events = sum(len(events_of(parse_log(t, "count"))) for t in texts[1:])  # counted outside the timing
    return {"events": events, "parse": seconds, "audit": seconds}


def _audit_clean(audit_log: Callable[..., Any], log: Any) -> None:
    """Audit one log; a log that does not audit clean stops the benchmark (it measures legal games)."""
    result = audit_log(log)
    if result.findings or result.problems:
        raise SystemExit(f"{log.name} did not audit clean: {result.findings[:3]} {result.problems[:3]}")


def nim_log(stones: int) -> str:
    """Return one long legal Nim game between two players (take 1 each turn) with the example Nim plugin engine."""
    lines = ['[Game "nim"]', '[Players "Ann, Ben"]', f'[Variant "stones={stones}"]', ""]
    lines += [f"{'Ann' if i % 2 == 0 else 'Ben'}: take 1" for i in range(stones)]
    return "\n".join(lines + [f"table: winner {'Ann' if stones % 2 else 'Ben'}"]) + "\n"


def _register_nim() -> bool:
    """Register the example Nim plugin engine from examples/plugins/nim (present in a source checkout)."""
    if not (TOY / "playproof_nim.py").exists():
        return False
    sys.path.insert(0, str(TOY))
    from playproof.playtest import games

    games.register("nim", "playproof_nim")
    return True


def main() -> None:
    """Print a markdown table of cold audit throughput per engine (per checkout)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=None, help="logs per run (default 30; --steady: 1,000)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steady", action="store_true", help="time N logs after an untimed first one")
    parser.add_argument("--code", action="append", type=Path, default=None,
                        help="playproof checkout to measure (repeat to compare, in alternation; default: this one)")
    parser.add_argument("--only", action="append", default=None, metavar="GAME", help="measure only these engines")
    args = parser.parse_args()
    args.games = args.games or (1000 if args.steady else 30)
    codes = [c.resolve() for c in args.code] if args.code else [HERE.parents[1]]
    from playproof.playtest.games import available_engines

    games = [g for g, e in available_engines().items() if not isinstance(e, Exception)]
    games += ["nim"] if (TOY / "playproof_nim.py").exists() and not args.steady else []
    games = [g for g in games if not args.only or g in args.only]
    mode = "steady state (one untimed log first, then N logs in the same process)" if args.steady else \
        "cold runs (fresh process, fresh logs)"
    target = STEADY_TARGET if args.steady else TARGET
    print(f"audit throughput, {mode}, {args.runs} per row; {machine()}; "
          f"target >= {target:,} events/s\n")
    if len(codes) > 1:
        print("checkouts: " + "; ".join(f"{k + 1} = {c}" for k, c in enumerate(codes)) + "\n")
    print("| engine | checkout | logs | events, median | parse events/s, median (range) | "
          "audit events/s (parse + replay), median (range) | target |")
    print("|---|---|---|---|---|---|---|")
    for game_id in games:
        try:
            runs = [_cold_runs(codes, game_id, args.games, args.seed + run * (args.games + 1), args.steady)
                    for run in range(args.runs)]
        except Exception as exc:  # one engine's failure must not hide the others' numbers
            print(f"| {game_id} | - | - | - | - | failed: {str(exc).splitlines()[-1][:120]} | - |")
            continue
        logs = 1 if game_id == "nim" else args.games
        for k in range(len(codes)):
            mine = [run[k] for run in runs]
            rates = [r["events"] / r["audit"] for r in mine]
            print(f"| {game_id} | {k + 1 if len(codes) > 1 else '-'} | {logs} | "
                  f"{median(r['events'] for r in mine):,.0f} | "
                  f"{'-' if args.steady else spread([r['events'] / r['parse'] for r in mine], 0)} | "
                  f"{spread(rates, 0)} | {'met' if median(rates) >= target else 'MISSED'} |", flush=True)


def _cold_runs(codes: list[Path], game_id: str, games: int, seed: int, steady: bool = False) -> list[dict]:
    """Write fresh logs in one process (the first checkout's), audit them in a fresh one per checkout
    (steady: one more log, audited untimed first)."""
    with tempfile.TemporaryDirectory(prefix="audit-bench-") as folder:
        run_script(codes[0], HERE, ["write", game_id, str(games + steady), str(seed), folder])
        return [run_script(code, HERE, ["steady" if steady else "audit", folder]) for code in codes]


if __name__ == "__main__":
    if not child_main(child):
        main()
