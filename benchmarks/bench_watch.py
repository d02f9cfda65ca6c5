"""Benchmark: playproof build --watch on a 500-card workbook; time from saving one edited row to the rebuilt PDF.

The workbook is saved the way spreadsheet programs save (written to a temporary file, then
renamed over components.xlsx); the time is the rebuilt PDF's modification time minus the
workbook's, both read from the file system.
Usage: python benchmarks/bench_watch.py [--cards 500] [--edits 5]
Results are recorded by hand in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from print_bench import ICON, LAYOUTS, WORDS  # noqa: E402


def write_workbook(path: Path, rows: list[tuple[str, str, str]]) -> None:
    """Write the workbook to a temporary file and rename it over path (as spreadsheet programs save)."""
    from openpyxl import Workbook

    book = Workbook()
    game = book.active
    game.title = "Game"
    game.append(("key", "value"))
    game.append(("name", "Benchmark"))
    cards = book.create_sheet("Cards")
    cards.append(("name", "colour", "text"))
    for row in rows:
        cards.append(row)
    temporary = path.with_name("~saving.xlsx")
    book.save(temporary)
    os.replace(temporary, path)


def make_project(folder: Path, size: int) -> tuple[Path, list[tuple[str, str, str]]]:
    """Write a project of `size` distinct poker cards in components.xlsx; return it and its rows."""
    rng = random.Random(size)
    project = folder / f"deck{size}"
    (project / "assets").mkdir(parents=True)
    (project / "assets" / "icon.svg").write_text(ICON)
    (project / "layouts.toml").write_text(LAYOUTS)
    rows = [(f"Card {n + 1}", f"#{rng.randint(0xc0, 0xff):02x}{rng.randint(0xc0, 0xff):02x}e0",
             " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 30))) + ".") for n in range(size)]
    write_workbook(project / "components.xlsx", rows)
    return project, rows


def wait_for_change(path: Path, after: int, timeout: float = 30.0) -> int:
    """Wait until path's modification time passes `after`; return it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and path.stat().st_mtime_ns > after:
            return path.stat().st_mtime_ns
        time.sleep(0.005)
    raise TimeoutError(f"{path} was not rewritten within {timeout} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    from playproof.output.build import BuildOptions
    from playproof.output.watch import watch

    lines: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        project, rows = make_project(Path(scratch), args.cards)
        pdf = project / "out" / f"{project.name}.pdf"
        stop = threading.Event()
        worker = threading.Thread(target=watch, args=(project, None, BuildOptions(), lines.append, stop), daemon=True)
        started = time.perf_counter()
        worker.start()
        wait_for_change(pdf, 0, 120)
        print(f"first build: {time.perf_counter() - started:.2f} s ({lines[0]})")
        time.sleep(0.5)
        delays = []
        for edit in range(args.edits):
            index = 7 + edit * 37
            rows[index] = (rows[index][0] + "!", rows[index][1], f"Edited {edit}. " + rows[index][2])
            before = pdf.stat().st_mtime_ns
            write_workbook(project / "components.xlsx", rows)
            saved = (project / "components.xlsx").stat().st_mtime_ns
            written = wait_for_change(pdf, before)
            delays.append((written - saved) / 1e9)
            time.sleep(0.6)  # let the watcher report before the next edit
            print(f"edit {edit + 1}: row {index + 2}: {delays[-1]:.3f} s; {lines[-1]}")
        stop.set()
        worker.join(5)
    print(f"save to rebuilt PDF, {args.cards} cards: median {statistics.median(delays):.3f} s, "
          f"max {max(delays):.3f} s over {len(delays)} edits")


if __name__ == "__main__":
    main()
