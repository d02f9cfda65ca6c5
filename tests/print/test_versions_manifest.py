"""The manifest's design versions, worked out in one pass without a Design per row, equal the designs' own."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from openpyxl import Workbook

from playproof import versions
from playproof.errors import Problems
from playproof.layouts.project import load_project

LAYOUT = '''
[game]
name = "Versions"

[sets.Cards]
size = "poker"
background = "{colour}"
elements = [ { type = "text", text = "{name} {text}", x = "4mm", y = "4mm", width = "50mm", height = "70mm" },
             { type = "image", src = "sun.svg", x = "4mm", y = "60mm", width = "10mm", height = "10mm" } ]

[sets.Other]
size = "poker"
elements = [ { type = "text", text = "{title}", x = "4mm", y = "4mm", width = "50mm", height = "70mm" } ]
'''
ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
PIECES = ["a", "Z", "é", "ß", "漢", "😀", '"', "\\", "/", "\t", "\n", "\x7f", "\u2028", " ", ":sun:", "moon.svg",
          "sun", ".", "-", "{", "}", "[", "0", "3.5"]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))


def _project(folder: Path, rng: random.Random) -> Path:
    """Write a workbook project whose cells hold escapes, non-ASCII text, numbers, empty cells and repeated keys."""
    (folder / "assets").mkdir(parents=True)
    for name in ("sun.svg", "moon.svg"):
        (folder / "assets" / name).write_text(ICON.replace("10", str(len(name))))
    (folder / "layouts.toml").write_text(LAYOUT)
    book = Workbook()
    cards = book.active
    cards.title = "Cards"
    cards.append(["name", "colour", "text", "count", "zeta", "Ä"])
    for n in range(60):
        value = rng.choice([_text(rng), n, n + 0.5, 2.0, None, True])
        cards.append([rng.choice(["Same", f"Card {n}", _text(rng) or "x"]), "#ffffff", _text(rng),
                      rng.randint(0, 3), value, _text(rng)])
    other = book.create_sheet("Other")
    other.append(["title", "id"])
    for n in range(20):
        other.append([_text(rng) or "t", rng.choice([None, f"id{n % 7}", n])])
    book.save(folder / "components.xlsx")
    return folder


def _by_definition(design: versions.Design) -> str:
    """A design's version as its definition says: the digest of its JSON."""
    data = json.dumps([design.fields, design.count, design.art, design.layout], sort_keys=True,
                      ensure_ascii=False).encode()
    return hashlib.sha256(len(data).to_bytes(8, "big") + data).hexdigest()[:versions.VERSION_LENGTH]


def test_one_pass_versions_equal_the_designs_versions(tmp_path: Path) -> None:
    rng = random.Random(25)
    for n in range(6):
        project = _project(tmp_path / f"p{n}", rng)
        for stream in (False, True):
            loaded = load_project(project, Problems(), stream=stream)
            found = versions.designs_of(loaded)
            fast = versions.design_versions_of(loaded)
            assert list(fast.items()) == list(versions.design_versions(found).items())
            assert fast == {design_id: _by_definition(design) for design_id, design in found.items()}
            assert any(design.art for design in found.values())  # art named in cells is part of a version


def test_the_manifest_carries_the_one_pass_versions(tmp_path: Path) -> None:
    project = _project(tmp_path / "p", random.Random(3))
    loaded = load_project(project, Problems(), stream=True)
    manifest = versions.manifest_versions(loaded)
    assert manifest["designs"] == versions.design_versions(versions.designs_of(loaded))
    assert len(manifest["designs"]) == 80
    assert "Cards/Same" not in manifest["designs"]  # a name several rows share is no key: those rows are `row N`
