"""A design's art is found by one pattern of the asset names: the same files as token by token."""

from __future__ import annotations

import random
from pathlib import Path

from playproof import versions


def _token_by_token(assets: versions._AssetFiles, values: list[str]) -> list[str]:
    """The files the values name, as each token (versions._TOKEN) looked up on its own finds them."""
    found: list[str] = []
    for value in values:
        for token in versions._TOKEN.findall(value):
            name = token if token in assets.files else assets.stems.get(token)
            if name is not None and name not in found:
                found.append(name)
    return found


def test_the_pattern_finds_what_tokens_find(tmp_path: Path) -> None:
    folder = tmp_path / "assets"
    (folder / "icons").mkdir(parents=True)
    names = ["sun.svg", "sun.png", "moon.jpg", "a.b.png", "icons/gold.svg", "x-ray.svg", "notes.txt", "é.svg"]
    for name in names:
        (folder / name).write_text(name)
    assets = versions._AssetFiles(folder)
    pieces = ["sun", "sun.svg", "sun.png", "moon", "moon.jpg", "a.b", "a.b.png", "icons/gold", "gold", "x-ray",
              "notes.txt", "notes", "é", ":", " ", "/", ".", "-", "_", "s", "é.", ",", "(", "\n"]
    rng = random.Random(7)
    for _ in range(3000):
        values = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))) for _ in range(3)]
        assert list(versions._art(assets, values)) == _token_by_token(assets, values), values


def test_no_assets_name_nothing(tmp_path: Path) -> None:
    assert versions._art(versions._AssetFiles(tmp_path / "assets"), ["sun.svg"]) == {}
