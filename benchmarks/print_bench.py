"""Benchmark: poker decks built by playproof and by a fair hand-written reportlab script, side by side.

Both draw the same page (`handwritten_reportlab.py`; `--check` renders pages of both PDFs and
compares their pixels): a coloured background from a field, a bold title, an SVG icon, wrapped
rules text, 3 mm bleed with 6 mm gutters, crop marks, a footer, and a back page after every front
page, turned for long-edge duplex. The decks (`--decks`): "plain" (one set, one icon), "icons"
(one set, the icon chosen per card by a suit column among 4 SVG files) and "sets" (three sets,
one of them with per-card icons, each with its own back). A deck is read from CSV files (one per
set) or from components.xlsx (one sheet per set).

Every run is cold: a fresh process (imports included) on a fresh copy of the deck. Both sides run
from bytecode compiled before the runs, as installed packages do (see precompile). The two sides
alternate in pairs (playproof first in odd pairs, the baseline first in even ones) so both see the
same machine load; each pair's CPU ratio, the median and range of the ratios, and each process's
peak resident memory are printed.

Decks above 20,000 cards pass playproof's product limits (20,000 copies per set, 10,000 pages per
build: docs/limits.md) only because the benchmark's playproof process raises them; the work done
is the same.

Usage: python benchmarks/print_bench.py [--sizes 1000,10000,50000] [--formats csv,xlsx]
       [--decks plain,icons,sets] [--pairs 3] [--code DIR [--code DIR2 ...]] [--check]
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
SUITS = {  # the per-row icons: a suit (faction) column names one of these files
    "sun": ICON,
    "moon": '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
            '<rect x="6" y="6" width="88" height="88" rx="14" fill="#4060c0" stroke="#102050" stroke-width="6"/>'
            '<path d="M62 22 A30 30 0 1 0 62 78 A24 24 0 1 1 62 22 Z" fill="#f0f0ff"/></svg>',
    "leaf": '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
            '<path d="M50 4 L96 50 L50 96 L4 50 Z" fill="#40a060" stroke="#104020" stroke-width="6"/>'
            '<path d="M30 70 C30 40 50 28 72 28 C72 52 58 70 30 70 Z" fill="#e0ffe0"/></svg>',
    "flame": '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
             '<path d="M50 6 L94 90 L6 90 Z" fill="#c04030" stroke="#501010" stroke-width="6"/>'
             '<path d="M50 36 C62 50 64 60 58 74 C54 80 46 80 42 74 C36 62 42 52 50 36 Z" fill="#ffd080"/></svg>',
}
FRONT = ('  {{ type = "text", text = "**{{name}}**", x = "4mm", y = "4mm", width = "55mm", height = "8mm", size = "12pt", '
         'min_size = "12pt" }},\n'
         '  {{ type = "image", src = "{src}", x = "21.5mm", y = "16mm", width = "20mm", height = "20mm" }},\n'
         '  {{ type = "text", text = "{{text}}", x = "4mm", y = "40mm", width = "55mm", height = "44mm", size = "9pt", '
         'min_size = "9pt" }},\n')
BACK = ('back = {{ background = "{colour}", elements = [ {{ type = "text", text = "**{title}**", x = "0", y = "40mm", '
        'width = "100%", height = "8mm", size = "14pt", align = "center", colour = "#ffffff" }} ] }}\n')
DECKS: dict[str, list[tuple[str, str, str, str]]] = {
    # deck kind: its sets, each (set name, front image src, back colour, back title)
    "plain": [("Cards", "icon.svg", "#203040", "Benchmark")],
    "icons": [("Cards", "{suit}.svg", "#203040", "Benchmark")],
    "sets": [("Cards", "icon.svg", "#203040", "Benchmark"), ("Heroes", "{suit}.svg", "#402030", "Heroes"),
             ("Events", "icon.svg", "#304020", "Events")],
}
"""The benchmark's decks: one set with one icon, one set whose icon a column chooses, three sets."""


def layouts(kind: str) -> str:
    """Return the layouts.toml of a deck kind."""
    text = '[game]\nname = "Benchmark"\nversion = "1"\n'
    for name, src, colour, title in DECKS[kind]:
        text += (f'\n[sets.{name}]\nsize = "poker"\nbackground = "{{colour}}"\nelements = [\n'
                 + FRONT.format(src=src) + "]\n" + BACK.format(colour=colour, title=title))
    return text


LAYOUTS = layouts("plain")

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
handwritten_reportlab.main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
'''


def deck_rows(size: int, salt: str = "") -> list[tuple[str, str, str, str]]:
    """Return `size` distinct cards: name, background colour, 12-30 words of rules text and a suit."""
    rng = random.Random(f"{size}{salt}" if salt else size)
    suits = sorted(SUITS)
    cards = []
    for n in range(size):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 30)))
        colour = f"#{rng.randint(0xc0, 0xff):02x}{rng.randint(0xc0, 0xff):02x}e0"
        cards.append((f"Card {n + 1}", colour, f"{text}.", suits[n % len(suits)]))
    return cards


def set_sizes(size: int, kind: str) -> list[int]:
    """Return how many cards each set of a deck kind holds (`size` in all, the first sets one more)."""
    count = len(DECKS[kind])
    return [size // count + (1 if i < size % count else 0) for i in range(count)]


def make_deck(folder: Path, size: int, fmt: str = "csv", kind: str = "plain") -> Path:
    """Write a project with `size` distinct poker cards (one row each) as CSV files or components.xlsx.

    A "plain" deck has columns name, colour, text; the "icons" and "sets" decks have a suit column too.
    """
    project = folder / f"deck{size}-{fmt}" if kind == "plain" else folder / f"{kind}{size}-{fmt}"
    (project / "assets").mkdir(parents=True)
    (project / "assets" / "icon.svg").write_text(ICON)
    if kind != "plain":
        for suit, svg in SUITS.items():
            (project / "assets" / f"{suit}.svg").write_text(svg)
    (project / "layouts.toml").write_text(layouts(kind))
    header = ["name", "colour", "text"] + (["suit"] if kind != "plain" else [])
    tables = [(name, [card[:len(header)] for card in deck_rows(count, name if kind == "sets" else "")])
              for (name, *_), count in zip(DECKS[kind], set_sizes(size, kind))]
    if fmt == "xlsx":
        import openpyxl

        book = openpyxl.Workbook()  # not write-only: shared strings and a dimension, as a spreadsheet saves it
        book.remove(book.active)
        for name, cards in tables:
            sheet = book.create_sheet(name)
            sheet.append(header)
            for card in cards:
                sheet.append(list(card))
        book.save(project / "components.xlsx")
    else:
        for name, cards in tables:
            (project / f"{name}.csv").write_text(",".join(header) + "\n"
                                                 + "".join(",".join(card) + "\n" for card in cards))
    return project


def deck_kind(project: Path) -> str:
    """Return the kind of deck a project folder made by make_deck holds."""
    return next((kind for kind in DECKS if project.name.startswith(kind)), "plain")


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
        return run_child(code, CHILD_HANDWRITTEN, [str(fresh), str(out), deck_kind(project), str(HERE)])
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


def measure(codes: list[Path], project: Path, folder: Path, case: tuple[str, int, str], count: int) -> list[str]:
    """Build one deck both ways in `count` alternated pairs per checkout; print each pair and return the summary rows.

    With several checkouts, each pair round runs every checkout's pair, in reversed order every other round.
    """
    kind, size, fmt = case
    print("| code | deck | cards | input | pair | first | playproof CPU s | baseline CPU s | CPU ratio "
          "| playproof wall s | baseline wall s | playproof peak MiB | baseline peak MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    pairs: dict[Path, list[tuple[ChildRun, ChildRun]]] = {code: [] for code in codes}
    for n in range(count):
        for code in codes if n % 2 == 0 else codes[::-1]:
            if n % 2 == 0:
                ours = run_playproof(code, project, folder / "out")
                theirs = run_handwritten(code, project, folder / "hand.pdf")
            else:
                theirs = run_handwritten(code, project, folder / "hand.pdf")
                ours = run_playproof(code, project, folder / "out")
            if ours.code or theirs.code:  # run_child lets exit status 1 pass; a build that failed measures nothing
                raise SystemExit(f"{kind} {size} {fmt}: playproof ({code}) exited with {ours.code}, the baseline with "
                                 f"{theirs.code}")
            pairs[code].append((ours, theirs))
            first = "playproof" if n % 2 == 0 else "baseline"
            print(f"| {code.name} | {kind} | {size:,} | {fmt} | {n + 1} | {first} | "
                  f"{ours.cpu:.2f} | {theirs.cpu:.2f} | {ours.cpu / theirs.cpu:.2f} | {ours.wall:.2f} | "
                  f"{theirs.wall:.2f} | {ours.peak_mib:.0f} | {theirs.peak_mib:.0f} |", flush=True)
    print(flush=True)
    return [summary_row(code.name, case, runs) for code, runs in pairs.items()]


def summary_row(name: str, case: tuple[str, int, str], pairs: list[tuple[ChildRun, ChildRun]]) -> str:
    """Return a checkout's summary row of one deck: medians and ranges of CPU, ratio and peak memory."""
    kind, size, fmt = case
    ratios = [a.cpu / b.cpu for a, b in pairs]
    return (f"| {name} | {kind} | {size:,} | {fmt} | {len(pairs)} | {spread([a.cpu for a, _ in pairs])} | "
            f"{spread([b.cpu for _, b in pairs])} | {spread(ratios)} | "
            f"{spread([a.peak_mib for a, _ in pairs], 0)} | {spread([b.peak_mib for _, b in pairs], 0)} | "
            f"{median([a.peak_mib - b.peak_mib for a, b in pairs]):+.0f} |")


def main() -> None:
    """Build each deck both ways in alternating pairs and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--formats", default="csv,xlsx")
    parser.add_argument("--decks", default="plain,icons,sets", help=f"deck kinds ({', '.join(DECKS)})")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--code", type=Path, action="append", default=None,
                        help="playproof checkout to measure (repeat to compare checkouts; default: this one)")
    parser.add_argument("--check", action="store_true", help="first compare the two PDFs' pixels")
    args = parser.parse_args()
    codes = [code.resolve() for code in args.code] if args.code else [HERE.parent]
    print(f"Machine: {machine()}; playproof from {', '.join(map(str, codes))}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for code in codes:
            precompile(code, folder / "pycache")
        summary = []
        cases = [(kind, int(size), fmt) for kind in args.decks.split(",") for size in args.sizes.split(",")
                 for fmt in args.formats.split(",")]
        warm = make_deck(folder / "warm", 8, "csv")  # the first process of a run reads files no later one reads
        for code in codes:
            run_playproof(code, warm, folder / "out")
        run_handwritten(codes[0], warm, folder / "hand.pdf")
        for kind, size, fmt in cases:
            project = make_deck(folder, size, fmt, kind)
            if args.check:
                for code in codes:
                    print(f"{code.name}: {kind} {size} {fmt}: {check_same_pages(code, project, folder)}", flush=True)
            summary += measure(codes, project, folder, (kind, size, fmt), args.pairs)
            shutil.rmtree(project)
        print("| code | deck | cards | input | pairs | playproof CPU s, median (range) | baseline CPU s | CPU ratio | "
              "playproof peak MiB | baseline peak MiB | peak difference MiB, median |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        print("\n".join(summary))


if __name__ == "__main__":
    main()
