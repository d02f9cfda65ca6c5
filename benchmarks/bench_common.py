"""What the benchmark scripts share: their command-line options and the line naming machine and date."""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from statistics import median
from typing import Callable

HERE = Path(__file__).resolve().parent


def parse_args(description: str, default_games: int) -> argparse.Namespace:
    """Read --games and --seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def run_heading(title: str) -> str:
    """Return `title, date UTC, machine, Python version`: what RESULTS.md records with each run."""
    return (f"{title}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, "
            f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")


def code_option(parser: argparse.ArgumentParser) -> None:
    """Add --code DIR (repeatable: a checkout to measure, e.g. the code before a change) and --runs N."""
    parser.add_argument("--code", action="append", type=Path, default=None,
                        help="playproof checkout to measure (repeat to compare; default: this one)")
    parser.add_argument("--runs", type=int, default=5, help="cold runs per checkout (fresh process each)")


def checkouts(args: argparse.Namespace) -> list[Path]:
    """Return the checkouts to measure (default: the one this script is in)."""
    return [p.resolve() for p in args.code] if args.code else [HERE.parent]


@dataclass
class ChildRun:
    """One cold run: a fresh Python process's CPU seconds (user + system), wall seconds and peak memory."""

    cpu: float
    wall: float
    peak_mib: float
    code: int


def run_child(code_dir: Path, script: str, args: list[str], cwd: Path | None = None) -> ChildRun:
    """Run `python -c script args...` with `code_dir` first on the path; measure that process alone."""
    env = {**os.environ, "PYTHONPATH": str(code_dir), "RL_useA85": "0"}
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", script, *args], env=env, cwd=cwd or code_dir,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - began
    child.returncode = os.waitstatus_to_exitcode(status)
    error = child.stderr.read().decode() if child.stderr else ""
    if child.returncode not in (0, 1):
        raise SystemExit(f"child failed ({child.returncode}): {error[-2000:]}")
    return ChildRun(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, child.returncode)


def spread(values: list[float], digits: int = 2) -> str:
    """Return `median (low-high)` of some measurements."""
    return f"{median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def machine() -> str:
    """Return the machine line: date UTC, processor, cores, load, Python."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.processor() or platform.machine()}, "
            f"{os.cpu_count()} cores, load {load:.1f}, Python {platform.python_version()}")


def run_script(code_dir: Path, script: Path, args: list[str]) -> dict:
    """Run a benchmark script's `--child` mode in a fresh process (cold: imports, caches, data); return its JSON."""
    env = {**os.environ, "PYTHONPATH": f"{code_dir}{os.pathsep}{HERE}", "RL_useA85": "0"}
    child = subprocess.run([sys.executable, str(script), "--child", *args], env=env, cwd=code_dir,
                           capture_output=True, text=True)
    if child.returncode != 0:
        raise RuntimeError(child.stderr[-1000:] or f"exit {child.returncode}")
    return json.loads(child.stdout.strip().splitlines()[-1])


def child_main(work: Callable[[list[str]], dict]) -> bool:
    """In `--child` mode, run the work on the remaining arguments and print its JSON; return True if it ran."""
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        found = work(sys.argv[2:])
        found["process_cpu"] = time.process_time()  # the whole process: start-up and imports included
        print(json.dumps(found))
        return True
    return False


def figure(values: list[float]) -> str:
    """Return `median (low-high)` of whole numbers, or the one value."""
    if len(values) == 1:
        return f"{values[0]:,.0f}"
    return f"{median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


Rows = list[dict]
"""One fresh process's measurements: a row per game."""


def compare_checkouts(script: Path, env_key: str, doc: str, default_games: int, measure: Callable[[int, int], Rows],
                      table: Callable[[Path, list[Rows]], list[str]]) -> None:
    """Run a benchmark script's command line: `--child` measures this process's checkout (`measure(games, seed)`,
    printed as JSON); otherwise every `--code` checkout (the script's own by default) is measured `--runs` times in
    fresh processes, the checkouts alternated run by run, and each one's runs are printed by `table`. A child learns
    its checkout from the environment variable `env_key`."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--code", action="append", type=Path, default=None,
                        help="playproof checkout to measure (repeat to compare; default: this one)")
    parser.add_argument("--runs", type=int, default=1, help="fresh processes per checkout, alternated")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.games, args.seed)))
        return
    codes = [p.resolve() for p in args.code] if args.code else [script.parent.parent]
    print(f"{script.stem}: {machine()}; --games {args.games}, {args.runs} run(s) per checkout, alternated")
    results: dict[Path, list[Rows]] = {code: [] for code in codes}
    for run in range(args.runs):
        for code in codes:
            results[code].append(_child_rows(script, env_key, code, args.games, args.seed))
            print(f"run {run + 1} {code}: done, load {os.getloadavg()[0]:.1f}", file=sys.stderr)
    for code in codes:
        print("\n".join(table(code, results[code])) + "\n")


def _child_rows(script: Path, env_key: str, code: Path, games: int, seed: int) -> Rows:
    """Measure a checkout in a fresh process running `script --child`; return its rows."""
    env = {**os.environ, env_key: str(code), "PYTHONPATH": str(code)}
    out = subprocess.run([sys.executable, str(script), "--child", "--games", str(games), "--seed", str(seed)],
                         env=env, cwd=code, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{code}: the benchmark failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])
