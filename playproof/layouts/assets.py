"""Images and icons from a project's assets/ folder (SVG, PNG, JPEG), and colours."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from playproof.errors import PlayproofError

IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")


@dataclass(frozen=True)
class Asset:
    """An image file with its natural size (points); kind is "svg" or "raster"."""

    name: str
    path: Path
    kind: str
    width: float
    height: float

    @property
    def aspect(self) -> float:
        """Return width / height."""
        return self.width / self.height if self.height else 1.0


class Assets:
    """Finds images by name in assets/ and loads each once."""

    def __init__(self, project: Path | None) -> None:
        self.folder = project / "assets" if project is not None else None
        self.root = project.resolve() if project is not None else None
        self._cache: dict[str, Asset | None] = {}
        self.drawings: dict[Path, Any] = {}

    def find(self, name: str) -> Asset | None:
        """Return the asset for "gold", "gold.svg" or "icons/gold.png"; None when there is none."""
        if name not in self._cache:
            self._cache[name] = self._load(name)
        return self._cache[name]

    def is_icon(self, name: str) -> bool:
        """Return whether an inline :name: icon exists."""
        return self.find(name) is not None

    def aspect(self, name: str) -> float:
        """Return an icon's width / height (1 when unknown)."""
        asset = self.find(name)
        return asset.aspect if asset else 1.0

    def _load(self, name: str) -> Asset | None:
        """Locate and measure an image file."""
        if self.folder is None or not name:
            return None
        candidates = [self.folder / name] + [self.folder / (name + s) for s in IMAGE_SUFFIXES]
        path = next((p for p in candidates if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES), None)
        if path is None:
            return None
        inside_project(path, self.root, f'image "{name}"')
        if path.suffix.lower() == ".svg":
            drawing = self.svg_drawing(path)
            width, height, kind = float(drawing.width), float(drawing.height), "svg"
        else:
            (width, height), kind = _raster_size(path), "raster"
        if width <= 0 or height <= 0:
            raise PlayproofError(f"assets/{path.name}: the image has no size (an SVG needs width and height or "
                                 "a viewBox)")
        return Asset(name, path, kind, width, height)

    def svg_drawing(self, path: Path) -> Any:
        """Return the svglib drawing of an SVG file (loaded once)."""
        if path not in self.drawings:
            from svglib.svglib import svg2rlg  # imported lazily: only projects with SVG need it

            try:
                # an <image> or <use> in the SVG may only name files inside the project
                drawing = svg2rlg(str(path), external_reference_root=str(self.root or path.parent.resolve()))
            except Exception as exc:  # svglib raises many types for broken SVG
                raise PlayproofError(f"assets/{path.name}: cannot read SVG ({exc})") from exc
            if drawing is None:
                raise PlayproofError(f"assets/{path.name}: cannot read SVG")
            self.drawings[path] = drawing
        return self.drawings[path]


def inside_project(path: Path, root: Path | None, what: str) -> Path:
    """Return path resolved (symlinks followed), or raise when it is outside the project folder.

    A project names files by relative path; an absolute path, `../` or a symlink leading out of
    the project would embed any readable file of the machine into a PDF someone shares.
    """
    resolved = path.resolve()
    if root is not None and not resolved.is_relative_to(root):
        raise PlayproofError(f"{what} is outside the project folder ({resolved}); keep every file a project uses "
                             "inside its folder")
    return resolved


def _raster_size(path: Path) -> tuple[float, float]:
    """Return a PNG/JPEG's pixel size (used for its aspect ratio)."""
    from reportlab.lib.utils import ImageReader

    try:
        width, height = ImageReader(str(path)).getSize()
    except Exception as exc:  # PIL raises many types for broken images
        raise PlayproofError(f"assets/{path.name}: cannot read image ({exc})") from exc
    return float(width), float(height)


_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


@lru_cache(maxsize=4096)
def colour_hex(value: str) -> str:
    """Return a colour ("#rrggbb", "#rgb", a CSS name like "navy", or "none") as "#rrggbb" or "none"."""
    text = value.strip()
    if text.lower() in ("none", "transparent"):
        return "none"
    match = _HEX.match(text)
    if match:
        digits = match.group(1)
        return "#" + (digits if len(digits) == 6 else "".join(d * 2 for d in digits)).lower()
    named = _named_colours().get(text.lower())
    if named is None:
        raise PlayproofError(f'"{value}" is not a colour (use #rrggbb or a name like "navy")')
    return named


@lru_cache(maxsize=1)
def _named_colours() -> dict[str, str]:
    """Return reportlab's CSS colour names as "#rrggbb"."""
    from reportlab.lib import colors

    return {name.lower(): "#" + colour.hexval()[2:].lower() for name, colour in colors.getAllNamedColors().items()}
