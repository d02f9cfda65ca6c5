"""Audit throughput (events/s, one core): parse + replay of long logs for every registered engine.

Usage: python benchmarks/audit_bench.py [--games N] [--seed S]
Times are CPU seconds of this process (best of 3), steadier than wall time on a shared machine.
Logs are random games from `playproof simulate` (legal, so the engine does full work on each
event); the Nim row (the framework's toy test engine on one 50,000-stone heap) measures the
framework's own cost: parsing, reveals/corrections and replay bookkeeping.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable

from bench_common import parse_args, run_heading
from playproof.playtest.audit import audit_log
from playproof.playtest.engine import Engine
from playproof.playtest.games import available_engines
from playproof.playtest.logparse import parse_log
from playproof.playtest.replay import events_of
from playproof.playtest.simulate import simulate_games

TARGET = 50_000


def logs_for(engine: type[Engine], games: int, seed: int) -> list[str]:
    """Return the logs of random games at the engine's largest player count."""
    return [g.log for g in simulate_games(engine, engine.max_players, games, seed)]


def measure(logs: list[str], repeat: int = 3) -> tuple[int, float, float]:
    """Return (move events, CPU seconds to parse, CPU seconds to parse and audit), best of `repeat` runs."""
    events = sum(len(events_of(parse_log(text))) for text in logs)
    parse_seconds = min(_cpu(lambda: [parse_log(t, f"bench-{i}") for i, t in enumerate(logs)]) for _ in range(repeat))
    audit_seconds = min(_cpu(lambda: _audit_all(logs)) for _ in range(repeat))
    return events, parse_seconds, audit_seconds


def _cpu(work: Callable[[], object]) -> float:
    """Return the CPU time (this process, one core) a piece of work takes: steadier than wall time on a shared machine."""
    began = time.process_time()
    work()
    return time.process_time() - began


def _audit_all(logs: list[str]) -> None:
    """Audit every log; a log that does not audit clean stops the benchmark."""
    for i, text in enumerate(logs):
        result = audit_log(parse_log(text, f"bench-{i}"))
        if result.findings or result.problems:
            raise SystemExit(f"bench-{i} did not audit clean: {result.findings[:3]} {result.problems[:3]}")


def nim_log(stones: int) -> str:
    """Return one long legal Nim game between two players (take 1 each turn) with the framework's toy engine."""
    lines = ['[Game "nim-test"]', '[Players "Ann, Ben"]', f'[Variant "stones={stones}"]', ""]
    lines += [f"{'Ann' if i % 2 == 0 else 'Ben'}: take 1" for i in range(stones)]
    return "\n".join(lines + [f"table: winner {'Ann' if stones % 2 else 'Ben'}"]) + "\n"


def register_nim() -> bool:
    """Register the toy Nim engine from tests/playtest (present in a source checkout)."""
    folder = Path(__file__).resolve().parents[1] / "tests" / "playtest"
    if not (folder / "playtest_toy_nim.py").exists():
        return False
    sys.path.insert(0, str(folder))
    from playproof.playtest import games

    games.register("nim-test", "playtest_toy_nim")
    return True


def main() -> None:
    """Print a markdown table of audit throughput per engine."""
    args = parse_args(__doc__.split("\n")[0], default_games=40)
    print(f"{run_heading('audit throughput')}; target >= {TARGET:,} events/s\n")
    print("| engine | logs | events | parse events/s | audit events/s (parse + replay) | target |")
    print("|---|---|---|---|---|---|")
    for game_id, engine in available_engines().items():
        if isinstance(engine, Exception):
            print(f"| {game_id} | - | - | - | engine not importable: {engine} | - |")
            continue
        try:
            logs = logs_for(engine, args.games, args.seed)  # also warms the engine's workbook cache
            _row(game_id, len(logs), *measure(logs))
        except (Exception, SystemExit) as exc:  # one engine's failure must not hide the others' numbers
            print(f"| {game_id} | - | - | - | failed: {str(exc).splitlines()[0][:120]} | - |")
    if register_nim():
        _row("nim-test (framework only, one 50,000-event log)", 1, *measure([nim_log(50_000)]))


def _row(name: str, logs: int, events: int, parse_seconds: float, audit_seconds: float) -> None:
    """Print one table row."""
    rate = events / audit_seconds
    print(f"| {name} | {logs} | {events:,} | {events / parse_seconds:,.0f} | {rate:,.0f} | "
          f"{'met' if rate >= TARGET else 'MISSED'} |")


if __name__ == "__main__":
    main()
