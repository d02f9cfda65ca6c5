"""Images and icons from a project's assets/ folder (SVG, PNG, JPEG), and colours."""

from __future__ import annotations

import logging
import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from playproof.errors import PlayproofError
from playproof.records import FrozenRecord, SET

IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")
MAX_IMAGE_POINTS = 1_000_000.0
"""The largest natural width or height of an image (points): `width="1e308"` is no drawing size."""
MIN_IMAGE_POINTS = 0.01
"""An image must be wider and higher than this (points)."""


class Asset(FrozenRecord):
    """An image file with its natural size (points); kind is "svg" or "raster"."""

    __slots__ = ("name", "path", "kind", "width", "height")
    name: str
    path: Path
    kind: str
    width: float
    height: float

    def __init__(self, name: str, path: Path, kind: str, width: float, height: float) -> None:
        SET(self, "name", name)
        SET(self, "path", path)
        SET(self, "kind", kind)
        SET(self, "width", width)
        SET(self, "height", height)

    @property
    def aspect(self) -> float:
        """Return width / height."""
        return self.width / self.height if self.height else 1.0


class Assets:
    """Finds images by name in assets/ and loads each once."""

    def __init__(self, project: Path | None, warn: Callable[[str], None] | None = None) -> None:
        self.warn = warn
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
        if not all(math.isfinite(v) and v <= MAX_IMAGE_POINTS for v in (width, height)):
            raise PlayproofError(f"assets/{path.name}: the image is {width:g} x {height:g} points; an image is at "
                                 f"most {MAX_IMAGE_POINTS:,} points (about 350 m) wide and high")
        if width <= MIN_IMAGE_POINTS or height <= MIN_IMAGE_POINTS:
            raise PlayproofError(f"assets/{path.name}: the image has no size (an SVG needs width and height or "
                                 "a viewBox)")
        return Asset(name, path, kind, width, height)

    def svg_drawing(self, path: Path) -> Any:
        """Return the svglib drawing of an SVG file (loaded once)."""
        if path not in self.drawings:
            from svglib.svglib import svg2rlg  # imported lazily: only projects with SVG need it

            with _SvgComplaints() as complaints:
                try:  # an <image> or <use> in the SVG may only name files inside the project
                    drawing = svg2rlg(str(path), external_reference_root=str(self.root or path.parent.resolve()))
                except Exception as exc:  # svglib raises many types for broken SVG
                    raise PlayproofError(f"assets/{path.name}: cannot read SVG ({exc})") from exc
            if complaints.messages and self.warn is not None:  # drawn in part: say what was left out
                more = f" (and {len(complaints.messages) - 1} more)" if len(complaints.messages) > 1 else ""
                self.warn(f"assets/{path.name}: part of the SVG cannot be drawn: {complaints.messages[0]}{more}")
            if drawing is None:
                raise PlayproofError(f"assets/{path.name}: cannot read SVG")
            self.drawings[path] = drawing
        return self.drawings[path]


class _SvgComplaints(logging.Handler):
    """Collect what svglib logs as a warning or error while reading one SVG (parts it skips)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep one complaint."""
        self.messages.append(record.getMessage()[:200])

    def __enter__(self) -> _SvgComplaints:
        logging.getLogger("svglib").addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("svglib").removeHandler(self)


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


_HEX = re.compile(r"^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")


@lru_cache(maxsize=4096)
def colour_hex(value: str) -> str:
    """Return a colour ("#rrggbb", "#rrggbbaa", "#rgb", "#rgba", a name like "navy", or "none").

    The result is "#rrggbb", "#rrggbbaa" (only when not fully opaque) or "none".
    """
    text = value.strip()
    if text.lower() in ("none", "transparent"):
        return "none"
    match = _HEX.match(text)
    if match:
        digits = match.group(1).lower()
        digits = digits if len(digits) >= 6 else "".join(d * 2 for d in digits)
        return "#" + (digits[:6] if digits[6:] == "ff" else digits)
    named = _named_colours().get(text.lower())
    if named is None:
        raise PlayproofError(f'"{value}" is not a colour (use #rrggbb, #rrggbbaa with opacity, or a name like '
                             '"navy")')
    return named


def split_alpha(colour: str) -> tuple[str, float]:
    """Return "#rrggbb" and the opacity (0..1) of a colour from colour_hex."""
    if len(colour) == 9:
        return colour[:7], int(colour[7:], 16) / 255
    return colour, 1.0


class Gradient(FrozenRecord):
    """A linear gradient: CSS angle in degrees (0 = towards the top, 90 = towards the right) and stops."""

    __slots__ = ("angle", "stops")
    angle: float
    stops: tuple[tuple[float, str], ...]

    def __init__(self, angle: float, stops: tuple[tuple[float, str], ...]) -> None:
        SET(self, "angle", angle)
        SET(self, "stops", stops)

    def at(self, t: float) -> tuple[tuple[float, float, float], float]:
        """Return the colour (r, g, b in 0..1) and opacity at t (0..1 along the gradient)."""
        stops = self.stops
        if t <= stops[0][0]:
            return _rgba(stops[0][1])
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t <= t1:
                f = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
                (rgb0, a0), (rgb1, a1) = _rgba(c0), _rgba(c1)
                return tuple(x + (y - x) * f for x, y in zip(rgb0, rgb1)), a0 + (a1 - a0) * f  # type: ignore
        return _rgba(stops[-1][1])


def _rgba(colour: str) -> tuple[tuple[float, float, float], float]:
    """Return the (r, g, b) parts (0..1) and the opacity of a colour from colour_hex."""
    rgb, alpha = split_alpha(colour)
    return (int(rgb[1:3], 16) / 255, int(rgb[3:5], 16) / 255, int(rgb[5:7], 16) / 255), alpha


_GRADIENT = re.compile(r"^\s*linear-gradient\((.*)\)\s*$", re.IGNORECASE | re.DOTALL)
_STOP = re.compile(r"^(.*?)(?:\s+(-?[0-9.]+)%)?$")


def is_gradient(value: str) -> bool:
    """Return whether a fill value is a linear-gradient(...)."""
    return value.strip().lower().startswith("linear-gradient")


@lru_cache(maxsize=512)
def parse_gradient(value: str) -> Gradient:
    """Parse `linear-gradient(90deg, #000000, #00000000 80%)`: an optional angle, then two or more colours."""
    match = _GRADIENT.match(value)
    parts = [p.strip() for p in match.group(1).split(",")] if match else []
    angle = 180.0  # CSS default: top to bottom
    if parts and parts[0].lower().endswith("deg"):
        try:
            angle = float(parts.pop(0)[:-3])
        except ValueError:
            parts = []
    if len(parts) < 2:
        raise PlayproofError(f'"{value}" is not a gradient (use e.g. "linear-gradient(180deg, #000000, '
                             '#00000000)": an angle, then two or more colours, each optionally with a % position)')
    stops = []
    for index, part in enumerate(parts):
        stop = _STOP.match(part)
        assert stop is not None
        position = float(stop.group(2)) / 100 if stop.group(2) else index / (len(parts) - 1)
        colour = colour_hex(stop.group(1))
        stops.append((min(max(position, 0.0), 1.0), "#00000000" if colour == "none" else colour))
    return Gradient(angle % 360, tuple(stops))


@lru_cache(maxsize=1)
def _named_colours() -> dict[str, str]:
    """Return reportlab's CSS colour names as "#rrggbb"."""
    from reportlab.lib import colors

    return {name.lower(): "#" + colour.hexval()[2:].lower() for name, colour in colors.getAllNamedColors().items()}
