"""Rebuild the gallery: one sheet per seed game, rendered from the real build of its example.

Run from the repository root with playproof installed (the PNG extra, `pip install ".[png]"`,
brings pypdfium2, the renderer `playproof build --format png` uses):

    python docs/gallery/make_gallery.py            # every game
    python docs/gallery/make_gallery.py four-sisters

Each game is built with `playproof build` into a temporary folder; the page shown is a page of
fronts of the set named below (found in the build's manifest, so it follows the set when pages
move), rendered at 100 dpi and written to docs/gallery/<game>.png.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

GALLERY = Path(__file__).resolve().parent
EXAMPLES = GALLERY.parents[1] / "examples"
DPI = 100
MAX_BYTES = 600_000  # keep the repository light: each image stays under ~600 KB

# game folder -> (set, n): the n-th page of that set's fronts represents the game
SHOWCASE = {
    "seven-sisters": ("Influence Cards", 1),
    "four-sisters": ("Cards", 1),
    "battle-for-seven-cities": ("Future Tile-Groups", 1),
    "who-will-reign": ("Court Cards", 2),  # Culture: the rulebook's Fireworks and Ceremonial Coat
    "7-wonders-leaders": ("Leaders", 1),
}


def build(game: str, out: Path) -> Path:
    """Build one example with the playproof CLI and return its manifest path."""
    playproof = shutil.which("playproof")
    if playproof is None:
        raise SystemExit("the playproof command is not on PATH: install playproof first")
    subprocess.run([playproof, "build", str(EXAMPLES / game), "-o", str(out)], check=True)
    return out / f"{game}.manifest.json"


def showcase_page(manifest: Path, set_name: str, nth: int) -> int:
    """Return the n-th page (1-based page number) that holds fronts of the set."""
    placements = json.loads(manifest.read_text(encoding="utf-8"))["placements"]
    pages = sorted({p["page"] for p in placements if p["set"] == set_name and p["side"] == "front"})
    if len(pages) < nth:
        raise SystemExit(f"{manifest.name}: set {set_name!r} has {len(pages)} front page(s), not {nth}")
    return pages[nth - 1]


def render(pdf: Path, page: int, target: Path) -> int:
    """Render one page of the PDF to a PNG at DPI and return its size in bytes."""
    import pypdfium2  # the optional PNG dependency of playproof

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        image = document[page - 1].render(scale=DPI / 72).to_pil()
    finally:
        document.close()
    image.save(target, optimize=True)
    return target.stat().st_size


def make(game: str) -> str:
    """Build a game, render its showcase page into the gallery and describe what was written."""
    with tempfile.TemporaryDirectory() as tmp:
        manifest = build(game, Path(tmp))
        set_name, nth = SHOWCASE[game]
        page = showcase_page(manifest, set_name, nth)
        size = render(manifest.with_suffix("").with_suffix(".pdf"), page, GALLERY / f"{game}.png")
    if size > MAX_BYTES:
        raise SystemExit(f"{game}.png is {size} bytes, over the {MAX_BYTES}-byte budget")
    return f"{game}.png: page {page} ({set_name}), {size // 1000} KB"


def main(games: list[str]) -> None:
    """Make the gallery images of the named games (all of them when none is named)."""
    for game in games or list(SHOWCASE):
        if game not in SHOWCASE:
            raise SystemExit(f"unknown game {game!r}; choose from {', '.join(SHOWCASE)}")
        print(make(game))


if __name__ == "__main__":
    main(sys.argv[1:])
