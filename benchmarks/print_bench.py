"""Benchmark: a 1,000- and a 10,000-card poker deck built by playproof and by a hand-written reportlab script.

Both draw the same cards (background, bold title, SVG icon, wrapped rules text, crop marks, mirrored backs) from the same CSV deck, each in a fresh
subprocess, timed side by side in one run with the peak resident memory of each process.
Usage: python benchmarks/print_bench.py [--sizes 1000,10000] [--repeat 1]
Results are recorded by hand in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORDS = ("take gain one two fruit gold sister favour wrath place each player the a of then may "
         "discard draw card token round score influence choose return supply").split()
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
        '<circle cx="50" cy="50" r="46" fill="#e0b040" stroke="#7a5a10" stroke-width="6"/>'
        '<path d="M50 28 L56 44 L73 44 L59 54 L64 71 L50 61 L36 71 L41 54 L27 44 L44 44 Z" fill="#7a5a10"/></svg>')
LAYOUTS = '''
[game]
name = "Benchmark"
version = "1"

[sets.Cards]
size = "poker"
background = "{colour}"
elements = [
  { type = "text", text = "**{name}**", x = "4mm", y = "4mm", width = "55mm", height = "8mm", size = "12pt", min_size = "12pt" },
  { type = "image", src = "icon.svg", x = "21.5mm", y = "16mm", width = "20mm", height = "20mm" },
  { type = "text", text = "{text}", x = "4mm", y = "40mm", width = "55mm", height = "44mm", size = "9pt", min_size = "9pt" },
]
back = { background = "#203040", elements = [ { type = "text", text = "**Benchmark**", x = "0", y = "40mm", width = "100%", height = "8mm", size = "14pt", align = "center", colour = "#ffffff" } ] }
'''

CHILD_PLAYPROOF = '''
import json, resource, sys, time
start = time.perf_counter()
from pathlib import Path
from playproof.output.build import build
result = build(Path(sys.argv[1]), Path(sys.argv[2]))
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": time.perf_counter() - start, "pages": result.pages,
                  "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024}))
'''
CHILD_HANDWRITTEN = '''
import json, resource, sys, time
start = time.perf_counter()
sys.path.insert(0, sys.argv[4])
from pathlib import Path
import handwritten_reportlab
handwritten_reportlab.main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime,
                  "peak_mb": usage.ru_maxrss / 1024}))
'''


def make_deck(folder: Path, size: int) -> Path:
    """Write a project with `size` distinct poker cards (one row each) and return it."""
    rng = random.Random(size)
    project = folder / f"deck{size}"
    (project / "assets").mkdir(parents=True)
    (project / "assets" / "icon.svg").write_text(ICON)
    (project / "layouts.toml").write_text(LAYOUTS)
    lines = ["name,colour,text"]
    for n in range(size):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 30)))
        lines.append(f"Card {n + 1},#{rng.randint(0xc0, 0xff):02x}{rng.randint(0xc0, 0xff):02x}e0,{text}.")
    (project / "Cards.csv").write_text("\n".join(lines) + "\n")
    return project


def run(code: str, *args: str) -> dict[str, float]:
    """Run a child Python process and return the JSON it prints."""
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _best(runs: list[tuple[dict[str, float], dict[str, float]]]) -> tuple[dict[str, float], dict[str, float]]:
    """Return the fastest run of each side (the least disturbed by other processes), for a "best" row."""
    ours = min((r[0] for r in runs), key=lambda r: r["cpu"])
    theirs = min((r[1] for r in runs), key=lambda r: r["cpu"])
    return {**ours, "best": 1.0}, theirs


def main() -> None:
    """Build each deck size both ways and print a table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--repeat", type=int, default=1)
    options = parser.parse_args()
    print("| cards | playproof wall s | hand-written wall s | wall ratio | playproof CPU s | hand-written CPU s "
          "| CPU ratio | playproof peak MB | hand-written peak MB | pages |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for size in (int(s) for s in options.sizes.split(",")):
            project = make_deck(folder, size)
            runs = []
            for _ in range(options.repeat):  # interleaved, so both see the same machine load
                runs.append((run(CHILD_PLAYPROOF, str(project), str(folder / "out")),
                             run(CHILD_HANDWRITTEN, str(project / "Cards.csv"), str(folder / "hand.pdf"),
                                 str(project / "assets" / "icon.svg"), str(HERE))))
            ratios = sorted(ours["cpu"] / theirs["cpu"] for ours, theirs in runs)
            for ours, theirs in runs + ([_best(runs)] if options.repeat > 1 else []):
                label = f"{size} best" if "best" in ours else str(size)
                print(f"| {label} | {ours['seconds']:.2f} | {theirs['seconds']:.2f} | "
                      f"{ours['seconds'] / theirs['seconds']:.2f} | {ours['cpu']:.2f} | {theirs['cpu']:.2f} | "
                      f"{ours['cpu'] / theirs['cpu']:.2f} | {ours['peak_mb']:.0f} | "
                      f"{theirs['peak_mb']:.0f} | {int(ours['pages'])} |", flush=True)
            print(f"| {size} median CPU ratio of the pairs | | | | | | {ratios[len(ratios) // 2]:.2f} | | | |")


if __name__ == "__main__":
    main()
