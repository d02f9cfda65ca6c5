"""The user guide as installed with playproof (docs/*.md): found in the source tree or under share/playproof."""

from __future__ import annotations

import sys
from pathlib import Path

from playproof.errors import PlayproofError

TOPICS = ("workbook", "layouts", "cli-print", "limits", "your-own-game", "rules-sheets", "playtest", "log-format",
          "simulate", "design-loop")
"""Every page of the guide, in reading order (a test keeps it equal to docs/*.md)."""


def docs_folder() -> Path | None:
    """Return the folder holding the guide: the source tree's docs/, else the installed share/playproof/docs."""
    candidates = [Path(__file__).resolve().parents[1] / "docs", Path(sys.prefix) / "share" / "playproof" / "docs"]
    return next((p for p in candidates if (p / "layouts.md").is_file()), None)


def _page(topic: str) -> Path:
    """Return a topic's file, or raise naming the topics."""
    from playproof.layouts.keys import did_you_mean

    name = topic.removesuffix(".md").lower()
    if name not in TOPICS:
        raise PlayproofError(f'no docs topic "{topic}"{did_you_mean(name, TOPICS)} (topics: {", ".join(TOPICS)})')
    folder = docs_folder()
    if folder is None or not (folder / f"{name}.md").is_file():
        raise PlayproofError(f"the docs are not installed with this playproof (looked for docs/{name}.md)")
    return folder / f"{name}.md"


def topic_text(topic: str) -> str:
    """Return one page of the guide as Markdown text."""
    return _page(topic).read_text(encoding="utf-8")


def topic_list() -> list[tuple[str, str]]:
    """Return (topic, title) for every page of the guide (the title is the page's first heading)."""
    listing = []
    for name in TOPICS:
        try:
            first = topic_text(name).splitlines()[0]
        except (PlayproofError, IndexError):
            first = ""
        listing.append((name, first.lstrip("# ").strip()))
    return listing
