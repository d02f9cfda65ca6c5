"""Benchmark: `build --jobs 1` against `--jobs 2` (or any N) on print_bench.py's poker decks, wall and CPU time.

Every run is a fresh process (imports included) building a fresh copy of the deck; the settings
alternate in pairs (the first setting first in odd pairs, the other in even ones), so both see the
same machine. Each run's wall time, CPU time (the process and its workers) and the load average
(1 min) before it are printed; then per deck the medians and ranges, and each pair's wall ratio.
Wall time is what `--jobs` buys: on a shared machine it is only meaningful while the load is low,
so read it beside the load. The CPU critical path is what the wall time would be on 2 free cores:
the build's CPU seconds before it forks and after its workers end, plus the CPU seconds in between
(its workers' and its own) shared by the cores; it assumes balanced workers and no other load.

`--min-pages 1` starts workers for any build (the child lowers parallel.MIN_PAGES_PER_WORKER), to
find where workers start to pay; `--check` also builds each deck twice more with the second
setting and checks that both are byte-identical and that pages render the same as the first
setting's (page_compare.py).

Usage: python benchmarks/bench_build_jobs.py [--sizes 10000,50000] [--format csv] [--jobs 1,2] [--pairs 3]
       [--min-pages N] [--check] [--code DIR]
Results are recorded by hand in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

from bench_common import ChildRun, machine, spread
from print_bench import _fresh_copy, make_deck, precompile

HERE = Path(__file__).resolve().parent
CORES = 2
"""The cores the critical path is figured for (the machine's; see Run.critical_path)."""
CHILD = '''
import json, resource, sys, time
from pathlib import Path
from playproof.components import reader
from playproof.output import build, parallel
reader.MAX_SET_COPIES = build.MAX_PAGES = 10 ** 9  # decks above the product limits (see print_bench.py)
if sys.argv[4] != "-":
    parallel.MIN_PAGES_PER_WORKER = int(sys.argv[4])
marks = {}
def noted(name, function):
    def call(*args, **kwargs):
        marks.setdefault(name, time.process_time())
        return function(*args, **kwargs)
    return call
parallel._start = noted("fork", parallel._start)  # the build's own CPU seconds when it forks, and when it joins
parallel._merge = noted("merge", parallel._merge)
build.build(Path(sys.argv[1]), Path(sys.argv[2]), build.BuildOptions(jobs=int(sys.argv[3])))
workers, itself = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({**marks, "total": time.process_time(), "workers": workers.ru_utime + workers.ru_stime,
                  "peak": max(itself.ru_maxrss, workers.ru_maxrss) / 1024}))
'''


class Run(ChildRun):
    """One cold build: ChildRun's figures, the load before it, and where the build's own CPU time went."""

    def __init__(self, run: ChildRun, load: float, phases: dict[str, float]) -> None:
        super().__init__(run.cpu, run.wall, run.peak_mib, run.code)
        self.load, self.phases = load, phases

    def critical_path(self, cores: int) -> float:
        """Return the wall seconds the build would take on `cores` free cores (CPU seconds, workers balanced).

        Before the fork and after the workers end (the join), the build runs alone; in between, its workers and
        its own work (the manifest) share the cores.
        """
        total, workers = self.phases["total"], self.phases["workers"]
        if "fork" not in self.phases:
            return total
        fork, merge = self.phases["fork"], self.phases["merge"]
        return fork + max((workers + merge - fork) / cores, merge - fork) + total - merge


def run_build(code: Path, project: Path, out: Path, jobs: int, min_pages: int | None) -> Run:
    """Build a fresh copy of a deck with --jobs `jobs` in a fresh process."""
    shutil.rmtree(out, ignore_errors=True)
    fresh = _fresh_copy(project)
    load = os.getloadavg()[0]
    env = {**os.environ, "PYTHONPATH": str(code), "RL_useA85": "0"}
    args = [str(fresh), str(out), str(jobs), "-" if min_pages is None else str(min_pages)]
    try:
        began = time.perf_counter()
        child = subprocess.run([sys.executable, "-c", CHILD, *args], env=env, cwd=code, capture_output=True)
        wall = time.perf_counter() - began
    finally:
        shutil.rmtree(fresh.parent)
    if child.returncode != 0:
        raise SystemExit(f"the build of {project.name} with --jobs {jobs} failed: {child.stderr.decode()[-2000:]}")
    phases = json.loads(child.stdout.decode().strip().splitlines()[-1])  # CPU: the process's own and its workers'
    return Run(ChildRun(phases["total"] + phases["workers"], wall, phases["peak"], 0), load, phases)


def measure(code: Path, project: Path, work: Path, settings: tuple[int, int], pairs: int,
            min_pages: int | None) -> dict[int, list[Run]]:
    """Run the two settings in alternated pairs; return each setting's runs."""
    runs: dict[int, list[Run]] = {jobs: [] for jobs in settings}
    run_build(code, project, work / "warm-up", settings[0], min_pages)  # a first run pays once (caches on disk)
    for pair in range(pairs):
        for jobs in settings if pair % 2 == 0 else settings[::-1]:
            run = run_build(code, project, work / f"out-{jobs}", jobs, min_pages)
            runs[jobs].append(run)
            print(f"  {project.name} --jobs {jobs}: wall {run.wall:.2f} s, CPU {run.cpu:.2f} s "
                  f"(on {CORES} free cores: {run.critical_path(CORES):.2f} s), peak {run.peak_mib:.0f} MiB, "
                  f"load {run.load:.2f}", flush=True)
    return runs


def report(name: str, runs: dict[int, list[Run]], settings: tuple[int, int]) -> None:
    """Print a deck's line for RESULTS.md: medians and ranges of wall, CPU and the CPU critical path, the pairs'
    ratios, the loads."""
    one, other = settings
    walls = {jobs: [r.wall for r in found] for jobs, found in runs.items()}
    cpus = {jobs: [r.cpu for r in found] for jobs, found in runs.items()}
    paths = {jobs: [r.critical_path(CORES) for r in found] for jobs, found in runs.items()}
    ratios = [b / a for a, b in zip(walls[one], walls[other])]
    path_ratios = [b / a for a, b in zip(paths[one], paths[other])]
    loads = [r.load for found in runs.values() for r in found]
    print(f"| {name} | {spread(walls[one])} | {spread(walls[other])} | {spread(ratios)} | {spread(cpus[one])} | "
          f"{spread(cpus[other])} | {spread(path_ratios)} | {min(loads):.2f}-{max(loads):.2f} |", flush=True)


def check(code: Path, project: Path, work: Path, settings: tuple[int, int], min_pages: int | None) -> None:
    """Build twice with the second setting: byte-identical files; pages render as the first setting's."""
    from page_compare import compare, page_count

    first, other = settings
    os.environ["SOURCE_DATE_EPOCH"] = "1700000000"  # reproducible dates: the files compare byte for byte
    try:
        paths = []
        for label, jobs in (("a", other), ("b", other), ("c", first)):
            run_build(code, project, work / f"check-{label}", jobs, min_pages)
            paths.append(work / f"check-{label}" / f"{project.name}.pdf")
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]
    identical = paths[0].read_bytes() == paths[1].read_bytes()
    count = page_count(paths[0])
    pages = sorted({1, 2, count // 2, count // 2 + 1, count - 1, count})
    same = all(diff.same for diff in compare(paths[2], paths[0], pages, 72))
    print(f"  check {project.name}: --jobs {other} twice byte-identical: {identical}; pages {pages} the same as "
          f"--jobs {first}: {same}", flush=True)


def main() -> None:
    """Measure each deck size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,50000")
    parser.add_argument("--format", default="csv", choices=["csv", "xlsx"])
    parser.add_argument("--jobs", default="1,2", help="the two settings compared")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--min-pages", type=int, default=None, help="pages per worker at least (default: playproof's)")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--code", type=Path, default=HERE.parent)
    args = parser.parse_args()
    first, other = (int(n) for n in args.jobs.split(","))
    settings = (first, other)
    code = args.code.resolve()
    print(machine())
    print(f"| deck | wall --jobs {first} (s) | wall --jobs {other} (s) | wall ratio {other}/{first} | "
          f"CPU --jobs {first} (s) | CPU --jobs {other} (s) | ratio on {CORES} free cores (CPU path) | load |")
    with tempfile.TemporaryDirectory(prefix="bench-build-jobs-") as folder:
        work = Path(folder)
        precompile(code, work / "pycache")
        for size in (int(s) for s in args.sizes.split(",")):
            project = make_deck(work, size, args.format)
            runs = measure(code, project, work, settings, args.pairs, args.min_pages)
            report(f"{size} cards ({args.format})", runs, settings)
            if args.check:
                check(code, project, work, settings, args.min_pages)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
