"""Benchmark: poker decks built by playproof and by a fair hand-written reportlab script, side by side.

Both draw the same page (`handwritten_reportlab.py`; `--check` renders pages of both PDFs and
compares their pixels): a coloured background from a field, a bold title, an SVG icon, wrapped
rules text, 3 mm bleed with 6 mm gutters, crop marks, a footer, and a back page after every front
page, turned for long-edge duplex. The deck is read from a CSV file or from components.xlsx.

Every run is cold: a fresh process (imports included) on a fresh copy of the deck. Both sides run
from bytecode compiled before the runs, as installed packages do (see precompile). The two sides
alternate in pairs (playproof first in odd pairs, the baseline first in even ones) so both see the
same machine load; each pair's CPU ratio, the median and range of the ratios, and each process's
peak resident memory are printed.

Decks above 20,000 cards pass playproof's product limits (20,000 copies per set, 10,000 pages per
build: docs/limits.md) only because the benchmark's playproof process raises them; the work done
is the same.

Usage: python benchmarks/print_bench.py [--sizes 1000,10000,50000] [--formats csv,xlsx] [--pairs 3]
       [--code DIR] [--check]
Results are recorded by hand in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median

from bench_common import ChildRun, machine, run_child, spread

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
import sys
from pathlib import Path
from playproof.components import reader
from playproof.output import build
reader.MAX_SET_COPIES = build.MAX_PAGES = 10 ** 9  # see the module docstring: decks above the product limits
build.build(Path(sys.argv[1]), Path(sys.argv[2]))
'''
CHILD_HANDWRITTEN = '''
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[4])
import handwritten_reportlab
handwritten_reportlab.main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
'''


def deck_rows(size: int) -> list[tuple[str, str, str]]:
    """Return `size` distinct cards: name, background colour and 12-30 words of rules text."""
    rng = random.Random(size)
    cards = []
    for n in range(size):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 30)))
        cards.append((f"Card {n + 1}", f"#{rng.randint(0xc0, 0xff):02x}{rng.randint(0xc0, 0xff):02x}e0", f"{text}."))
    return cards


def make_deck(folder: Path, size: int, fmt: str = "csv") -> Path:
    """Write a project with `size` distinct poker cards (one row each) as Cards.csv or components.xlsx."""
    project = folder / f"deck{size}-{fmt}"
    (project / "assets").mkdir(parents=True)
    (project / "assets" / "icon.svg").write_text(ICON)
    (project / "layouts.toml").write_text(LAYOUTS)
    cards = deck_rows(size)
    if fmt == "xlsx":
        import openpyxl

        book = openpyxl.Workbook()  # not write-only: shared strings and a dimension, as a spreadsheet saves it
        sheet = book.active
        sheet.title = "Cards"
        sheet.append(["name", "colour", "text"])
        for card in cards:
            sheet.append(list(card))
        book.save(project / "components.xlsx")
    else:
        (project / "Cards.csv").write_text("name,colour,text\n" + "".join(f"{a},{b},{c}\n" for a, b, c in cards))
    return project


def deck_file(project: Path) -> Path:
    """Return the file a project's cards are read from."""
    xlsx = project / "components.xlsx"
    return xlsx if xlsx.exists() else project / "Cards.csv"


def run_playproof(code: Path, project: Path, out: Path) -> ChildRun:
    """Build a fresh copy of the deck with playproof in a fresh process."""
    shutil.rmtree(out, ignore_errors=True)
    fresh = _fresh_copy(project)
    try:
        return run_child(code, CHILD_PLAYPROOF, [str(fresh), str(out)])
    finally:
        shutil.rmtree(fresh)


def run_handwritten(code: Path, project: Path, out: Path) -> ChildRun:
    """Draw a fresh copy of the deck with the hand-written script in a fresh process."""
    fresh = _fresh_copy(project)
    try:
        return run_child(code, CHILD_HANDWRITTEN, [str(deck_file(fresh)), str(out),
                                                   str(fresh / "assets" / "icon.svg"), str(HERE)])
    finally:
        shutil.rmtree(fresh)


def _fresh_copy(project: Path) -> Path:
    """Return a new copy of a deck folder (nothing a previous run left, such as out/, is seen)."""
    fresh = Path(tempfile.mkdtemp(prefix="fresh-", dir=project.parent)) / project.name
    shutil.copytree(project, fresh)
    return fresh


def precompile(code: Path, cache: Path) -> None:
    """Give both sides bytecode, as an installed package has (reportlab's is in site-packages already).

    The children read it from a cache folder of this run (PYTHONPYCACHEPREFIX), so a machine that sets
    PYTHONDONTWRITEBYTECODE does not make playproof compile its sources in every measured process.
    """
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(cache)
    for folder in (code / "playproof", HERE):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(folder)], check=True, env=os.environ)


def check_same_pages(code: Path, project: Path, folder: Path) -> str:
    """Build both PDFs of a deck and compare the first two and last two pages' pixels; return a summary."""
    from page_compare import compare

    ours = folder / "check-ours"
    run_playproof(code, project, ours)
    theirs = folder / "check-theirs.pdf"
    run_handwritten(code, project, theirs)
    diffs = compare(next(ours.glob("*.pdf")), theirs, [1, 2, -2, -1])
    worst = max(d.differing for d in diffs)
    if not all(d.same for d in diffs):
        raise SystemExit(f"{project.name}: the baseline does not draw playproof's page "
                         f"({', '.join(f'page {d.page}: {d.differing:.4%}' for d in diffs)})")
    return f"pages 1, 2 and the last two render the same (at most {worst:.4%} of pixels differ)"


def main() -> None:
    """Build each deck both ways in alternating pairs and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--formats", default="csv,xlsx")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--code", type=Path, default=HERE.parent, help="playproof checkout to measure")
    parser.add_argument("--check", action="store_true", help="first compare the two PDFs' pixels")
    args = parser.parse_args()
    code = args.code.resolve()
    print(f"Machine: {machine()}; playproof from {code}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        precompile(code, folder / "pycache")
        summary = []
        for size in (int(s) for s in args.sizes.split(",")):
            for fmt in args.formats.split(","):
                project = make_deck(folder, size, fmt)
                if args.check:
                    print(f"{size} {fmt}: {check_same_pages(code, project, folder)}", flush=True)
                print("| cards | input | pair | first | playproof CPU s | baseline CPU s | CPU ratio "
                      "| playproof wall s | baseline wall s | playproof peak MiB | baseline peak MiB |")
                print("|---|---|---|---|---|---|---|---|---|---|---|")
                pairs: list[tuple[ChildRun, ChildRun]] = []
                for n in range(args.pairs):
                    if n % 2 == 0:
                        ours = run_playproof(code, project, folder / "out")
                        theirs = run_handwritten(code, project, folder / "hand.pdf")
                    else:
                        theirs = run_handwritten(code, project, folder / "hand.pdf")
                        ours = run_playproof(code, project, folder / "out")
                    pairs.append((ours, theirs))
                    print(f"| {size:,} | {fmt} | {n + 1} | {'playproof' if n % 2 == 0 else 'baseline'} | "
                          f"{ours.cpu:.2f} | {theirs.cpu:.2f} | {ours.cpu / theirs.cpu:.2f} | {ours.wall:.2f} | "
                          f"{theirs.wall:.2f} | {ours.peak_mib:.0f} | {theirs.peak_mib:.0f} |", flush=True)
                ratios = [a.cpu / b.cpu for a, b in pairs]
                summary.append(f"| {size:,} | {fmt} | {len(pairs)} | {spread([a.cpu for a, _ in pairs])} | "
                               f"{spread([b.cpu for _, b in pairs])} | {spread(ratios)} | "
                               f"{spread([a.peak_mib for a, _ in pairs], 0)} | {spread([b.peak_mib for _, b in pairs], 0)} | "
                               f"{median([a.peak_mib - b.peak_mib for a, b in pairs]):+.0f} |")
                print(flush=True)
                shutil.rmtree(project)
        print("| cards | input | pairs | playproof CPU s, median (range) | baseline CPU s | CPU ratio | "
              "playproof peak MiB | baseline peak MiB | peak difference MiB, median |")
        print("|---|---|---|---|---|---|---|---|---|")
        print("\n".join(summary))


if __name__ == "__main__":
    main()
