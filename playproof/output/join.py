"""Join PDFs drawn by reportlab in page ranges (output/parallel.py) into one, with pikepdf (the `pdfx` extra).

The first part is the base: its catalog, Info dictionary and trailer are the joined file's (every part
carries the same ones, stamped from one DocumentInfo). The other parts' pages are copied in one
copy_foreign call per part (pages.extend copies them one call each: 7.4 s of CPU for the 6,250 pages
of a 50,000-card deck's second part, against 0.2 s). Streams are
written as they are (no decoding, no recompressing); the outline is written from the plan, since no
part has one (parallel.py draws parts without bookmarks).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Sequence

INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")
"""Page attributes a page may inherit from its page tree (ISO 32000-1, 7.7.3.4)."""
QPDF_STATIC_ID = bytes.fromhex("31415926535897932384626433832795")
"""The second /ID element qpdf writes with static_id (its fixed value, for reproducible files)."""


def available() -> bool:
    """Return whether pikepdf, which joins the parts, is installed."""
    return importlib.util.find_spec("pikepdf") is not None


def join(parts: Sequence[Path], target: Path, outline: Sequence[tuple[str, int]], document_id: str) -> None:
    """Write the parts' pages, in order, to target as one PDF with the outline (title, 0-based page) given."""
    import pikepdf

    with pikepdf.open(parts[0]) as base:
        kids = list(base.Root.Pages.Kids)
        for path in parts[1:]:
            with pikepdf.open(path) as part:
                kids.extend(_copied_pages(pikepdf, base, part))
        _page_tree(pikepdf, base, kids)
        if outline:
            _outline(pikepdf, base, kids, outline)
        base.save(target, static_id=True, stream_decode_level=pikepdf.StreamDecodeLevel.none,
                  object_stream_mode=pikepdf.ObjectStreamMode.disable, compress_streams=False)
    _restore_id(target, document_id)


def _copied_pages(pikepdf: Any, base: Any, part: Any) -> list[Any]:
    """Return a part's pages copied into base (new page objects, not yet in its page tree).

    qpdf copies page objects only one call at a time (it leaves a page reached through another object
    out), so each page stops being one for the copy: its /Type and /Parent are taken away in the part
    (which is read, never saved) and /Type is put back in base.
    """
    tree = part.Root.Pages
    inherited = {key: tree[key] for key in INHERITED if key in tree}
    kids = list(tree.Kids)
    for page in kids:
        for key, value in inherited.items():
            if key not in page:
                page[key] = value
        del page["/Type"], page["/Parent"]
    copied = list(base.copy_foreign(part.make_indirect(pikepdf.Array(kids))))
    for page in copied:
        page.Type = pikepdf.Name.Page
    return copied


def _page_tree(pikepdf: Any, base: Any, kids: list[Any]) -> None:
    """Make kids, in order, the pages of base's (flat) page tree."""
    tree = base.Root.Pages
    for page in kids:
        page.Parent = tree
    tree.Kids = pikepdf.Array(kids)
    tree.Count = len(kids)


def _outline(pikepdf: Any, base: Any, kids: list[Any], outline: Sequence[tuple[str, int]]) -> None:
    """Write the outline as reportlab does: one level of entries, each opening its page fitted to the window."""
    root = base.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines, Count=len(outline)))
    items = [base.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(title), Parent=root,
                                                   Dest=pikepdf.Array([kids[page], pikepdf.Name.Fit])))
             for title, page in outline]
    for before, after in zip(items, items[1:]):
        before.Next, after.Prev = after, before
    root.First, root.Last = items[0], items[-1]
    base.Root.Outlines = root


def _restore_id(target: Path, document_id: str) -> None:
    """Put back the trailer /ID a single-process build writes ([id id]) over the second element qpdf wrote.

    qpdf keeps the first element and always writes its own second one; both are 32 hex digits, so the
    file's length and cross-reference offsets stay as they are.
    """
    wanted = document_id.encode().lower()
    written = b"<" + wanted + b"><" + QPDF_STATIC_ID.hex().encode() + b">"
    with open(target, "r+b") as file:
        file.seek(0, 2)
        tail_at = max(0, file.tell() - 4096)
        file.seek(tail_at)
        tail = file.read()
        at = tail.rfind(written)
        if at < 0:
            raise RuntimeError(f"{target}: the trailer /ID qpdf wrote was not found")
        file.seek(tail_at + at)
        file.write(b"<" + wanted + b"><" + wanted + b">")
