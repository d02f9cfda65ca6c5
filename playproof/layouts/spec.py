"""The layouts file (layouts.toml) read into typed set layouts; lengths are parsed here, once."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Iterable

from playproof.errors import Location, PlayproofError, Problems
from playproof.layouts import keys as K
from playproof.layouts import schema as S
from playproof.layouts.elements import Element, Length, Side, parse_side
from playproof.layouts.geometry import NAMED_SIZES, PAPER_SHARES, paper_share_size

SIZE_NAMES = ", ".join(NAMED_SIZES)  # print-sheets: every named size, for messages
from playproof.records import FrozenRecord, Record, SET
from playproof.units import mm

LAYOUTS_FILE = "layouts.toml"

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
    "a3": (mm(297), mm(420)),
    "legal": (612.0, 1008.0),
}

_PAIR = re.compile(r"^\s*([^x×,]+?)\s*[x×,]\s*([^x×,]+?)\s*$")


class Paper(FrozenRecord):
    """A sheet of paper: its name and portrait width and height in points."""

    __slots__ = ("name", "width", "height")
    name: str
    width: float
    height: float

    def __init__(self, name: str, width: float, height: float) -> None:
        SET(self, "name", name)
        SET(self, "width", width)
        SET(self, "height", height)


class PrintOptions(FrozenRecord):
    """Sheet-wide print options from [print] (the CLI may override them)."""

    __slots__ = ("duplex", "back_offset", "fold", "margin", "crop_marks", "footer", "calibration")
    duplex: str
    back_offset: tuple[float, float]
    fold: bool
    margin: float
    crop_marks: bool
    footer: bool
    calibration: bool

    def __init__(
        self,
        duplex: str = "long",
        back_offset: tuple[float, float] = (0.0, 0.0),
        fold: bool = False,
        margin: float = mm(4),
        crop_marks: bool = True,
        footer: bool = True,
        calibration: bool = False,
    ) -> None:
        SET(self, "duplex", duplex)
        SET(self, "back_offset", back_offset)
        SET(self, "fold", fold)
        SET(self, "margin", margin)
        SET(self, "crop_marks", crop_marks)
        SET(self, "footer", footer)
        SET(self, "calibration", calibration)


class SetLayout(Record):
    """How one component set is drawn: shape and size in points, bleed, safe zone, sides."""

    __slots__ = ("name", "sheet", "shape", "width", "height", "front", "back", "bleed", "safe", "corner_radius", "hex",
                 "side", "cells", "panels", "gap", "cut_lines", "overlap", "fonts", "data_columns", "cut", "rotate",
                 "paper_share")
    name: str
    sheet: str
    shape: str
    width: float
    height: float
    front: Side
    back: Side | None
    bleed: float
    safe: float
    corner_radius: float
    hex: str
    side: float
    cells: tuple[tuple[int, int], ...] | str | None
    panels: int
    gap: float | None
    cut_lines: bool
    overlap: float
    fonts: dict[str, str]
    data_columns: tuple[str, ...]
    cut: str  # auto: shared where every edge matches, else gutter | gutter: pieces apart | shared: cut lines shared
    rotate: bool  # the sheet may turn the pieces 90 degrees when that fits more (rotate = false forbids)
    paper_share: str  # "" or a size that follows the build's paper: page, half-page, quarter-page

    def __init__(
        self,
        name: str,
        sheet: str,
        shape: str,
        width: float,
        height: float,
        front: Side,
        back: Side | None = None,
        bleed: float = mm(3),
        safe: float = mm(3),
        corner_radius: float = 0.0,
        hex: str = "flat",
        side: float = 0.0,
        cells: tuple[tuple[int, int], ...] | str | None = None,
        panels: int = 1,
        gap: float | None = None,
        cut_lines: bool = False,
        overlap: float = mm(10),
        fonts: dict[str, str] | None = None,
        data_columns: tuple[str, ...] = (),
        cut: str = "auto",
        rotate: bool = True,
    ) -> None:
        self.name = name
        self.sheet = sheet
        self.shape = shape
        self.width = width
        self.height = height
        self.front = front
        self.back = back
        self.bleed = bleed
        self.safe = safe
        self.corner_radius = corner_radius
        self.hex = hex
        self.side = side
        self.cells = cells
        self.panels = panels
        self.gap = gap
        self.cut_lines = cut_lines
        self.overlap = overlap
        self.fonts = {} if fonts is None else fonts
        self.data_columns = data_columns
        self.cut = cut
        self.rotate = rotate
        self.paper_share = ""

    def elements(self) -> list[Element]:
        """Return every element of both sides."""
        return list(self.front.elements) + (list(self.back.elements) if self.back else [])


class ProjectSpec(Record):
    """Everything layouts.toml says: game info, paper, data sheets, print options, printable sets."""

    __slots__ = ("file", "game", "paper", "data_sheets", "options", "sets")
    file: str
    game: dict[str, str]
    paper: Paper
    data_sheets: list[str]
    options: PrintOptions
    sets: dict[str, SetLayout]

    def __init__(
        self,
        file: str,
        game: dict[str, str],
        paper: Paper,
        data_sheets: list[str],
        options: PrintOptions,
        sets: dict[str, SetLayout],
    ) -> None:
        self.file = file
        self.game = game
        self.paper = paper
        self.data_sheets = data_sheets
        self.options = options
        self.sets = sets


def paper_from(value: str) -> Paper:
    """Return a paper by name (a4, letter, a3, legal) or as "210mm x 297mm"."""
    name = str(value).strip().lower()
    if name in PAPERS:
        return Paper(name, *PAPERS[name])
    pair = _parse_pair(value)
    if pair is None:
        raise PlayproofError(f'unknown paper "{value}" (use a4, letter, a3, legal or e.g. "210mm x 297mm")')
    if not all(0 < side <= mm(S.MAX_LENGTH_MM) for side in pair):
        raise PlayproofError(f'paper "{value}" must have a width and height above 0 and at most '
                             f"{S.MAX_LENGTH_MM / 1000:g} m")
    return Paper(str(value).strip(), *pair)


def _parse_pair(value: Any) -> tuple[float, float] | None:
    """Return (width, height) from "63mm x 88mm", or None when it is not such a pair."""
    match = _PAIR.match(str(value))
    if not match:
        return None
    try:
        return S.checked_length(match.group(1)), S.checked_length(match.group(2))
    except PlayproofError:
        return None


def _pair_error(value: Any) -> str | None:
    """Return why a "W x H" pair of lengths is refused (e.g. longer than the limit), or None."""
    match = _PAIR.match(str(value))
    for part in match.groups() if match else ():
        try:
            S.checked_length(part)
        except PlayproofError as exc:
            return str(exc) if "longest" in str(exc) else None
    return None


def load_spec(project: Path, problems: Problems) -> ProjectSpec:
    """Read PROJECT/layouts.toml, collecting problems; raise only when the file is unusable."""
    path = project / LAYOUTS_FILE
    if not path.exists():
        raise PlayproofError(f"{project}: no {LAYOUTS_FILE} found (see docs/layouts.md)")
    return parse_spec(read_toml(path), problems)


def read_toml(path: Path) -> dict[str, Any]:
    """Read layouts.toml as TOML, or raise one located error (folder, size, encoding, syntax, depth)."""
    if not path.is_file():
        raise PlayproofError(f"{LAYOUTS_FILE}: is a folder or device, not a file")
    try:
        with path.open("rb") as handle:
            data = handle.read(S.MAX_LAYOUTS_BYTES + 1)
    except OSError as exc:
        raise PlayproofError(f"{LAYOUTS_FILE}: cannot read ({exc.strerror or exc})") from exc
    if len(data) > S.MAX_LAYOUTS_BYTES:
        raise PlayproofError(f"{LAYOUTS_FILE}: larger than {S.MAX_LAYOUTS_BYTES // 1024} kB, the largest accepted "
                             "(see docs/limits.md)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise PlayproofError(f"{LAYOUTS_FILE}:{line}: not UTF-8 text (byte {data[exc.start]:#04x}); save the file "
                             "as UTF-8") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PlayproofError(f"{LAYOUTS_FILE}: {exc}") from exc
    except RecursionError:
        raise PlayproofError(f"{LAYOUTS_FILE}: tables or lists nested too deeply") from None


def parse_spec(raw: dict[str, Any], problems: Problems) -> ProjectSpec:
    """Turn the parsed TOML document into a ProjectSpec."""
    loc = Location(LAYOUTS_FILE)
    _warn_unknown(raw, K.TOP_KEYS, "the top level", problems)
    game = S.typed(_table(raw, "game", K.GAME_KEYS, problems), S.GAME, "[game]", problems)
    data = S.typed(_table(raw, "data", K.DATA_KEYS, problems), S.DATA, "[data]", problems)
    printing = S.typed(_table(raw, "print", K.PRINT_KEYS, problems), S.PRINT, "[print]", problems)
    paper = _paper(printing.get("paper", game.get("paper", "a4")), problems)
    sets_raw = raw.get("sets", {})
    if not isinstance(sets_raw, dict):
        problems.error(loc, "[sets] must be a table of component sets")
        sets_raw = {}
    if len(sets_raw) > S.MAX_SETS:
        problems.error(loc, f"[sets]: {len(sets_raw)} sets, more than {S.MAX_SETS}, the most accepted")
        sets_raw = {}
    sets = {}
    for name in sets_raw:
        merged = _resolve_extends(name, sets_raw, problems)
        if merged is not None and not merged.get("abstract", False):
            sets[name] = parse_set(name, merged, problems)
    fit_to_paper(sets.values(), paper)
    return ProjectSpec(
        file=LAYOUTS_FILE,
        game={k: str(v) for k, v in game.items() if k in ("name", "version", "author")},
        paper=paper,
        data_sheets=_texts(data.get("sheets", []), "[data] sheets", problems),
        options=_print_options(printing, problems),
        sets=sets,
    )


def fit_to_paper(layouts: Iterable[SetLayout], paper: Paper) -> None:
    """Size every set whose size follows the paper (`size = "half-page"`...) to this paper."""
    for layout in layouts:
        if layout.paper_share:
            layout.width, layout.height = paper_share_size(layout.paper_share, paper.width, paper.height)


def _texts(values: list[Any], where: str, problems: Problems) -> list[str]:
    """Return a list of names, reporting items that are not text."""
    bad = [v for v in values if not isinstance(v, str)]
    if bad:
        problems.error(Location(LAYOUTS_FILE), f"{where} must list names in quotes, not {S.shown(bad[0])}")
    return [v for v in values if isinstance(v, str)]


def _table(raw: dict[str, Any], name: str, accepted: frozenset[str], problems: Problems) -> dict[str, Any]:
    """Return a top-level table (empty when absent), warning about unknown keys."""
    table = raw.get(name, {})
    if not isinstance(table, dict):
        problems.error(Location(LAYOUTS_FILE), f"[{name}] must be a table")
        return {}
    _warn_unknown(table, accepted, f"[{name}]", problems)
    return table


def _warn_unknown(table: dict[str, Any], accepted: frozenset[str], where: str, problems: Problems) -> None:
    """Warn about keys a scope does not accept, listing the accepted ones."""
    for key in table:
        if key not in accepted:
            problems.warn(
                Location(LAYOUTS_FILE),
                f'{where}: unknown key "{key}" ignored{K.did_you_mean(key, accepted)} '
                f'(accepted: {", ".join(sorted(accepted))})',
            )


def _paper(value: Any, problems: Problems) -> Paper:
    """Return the paper, reporting a bad name and falling back to A4."""
    try:
        return paper_from(value)
    except PlayproofError as exc:
        problems.error(Location(LAYOUTS_FILE), str(exc))
        return Paper("a4", *PAPERS["a4"])


def _print_options(table: dict[str, Any], problems: Problems) -> PrintOptions:
    """Read [print] options."""
    where = "[print]"
    duplex = str(table.get("duplex", "long"))
    if duplex not in ("long", "short", "none"):
        problems.error(Location(LAYOUTS_FILE), f'{where}: duplex "{duplex}" must be long, short or none')
        duplex = "long"
    offset = _length_pair(table.get("back_offset", "0mm, 0mm"), f"{where} back_offset", problems)
    margin = _length(table.get("margin", "4mm"), f"{where} margin", problems, mm(4), minimum="zero")
    return PrintOptions(
        duplex=duplex,
        back_offset=offset,
        fold=bool(table.get("fold", False)),
        margin=margin,
        crop_marks=bool(table.get("crop_marks", True)),
        footer=bool(table.get("footer", True)),
        calibration=bool(table.get("calibration", False)),
    )


def _length(value: Any, where: str, problems: Problems, default: float, reference: float | None = None,
            minimum: str = "") -> float:
    """Parse a length, reporting a bad one at `where` and returning the default.

    minimum "zero" refuses a negative length, "positive" also refuses zero.
    """
    try:
        points = S.checked_length(value, reference)
    except PlayproofError as exc:
        problems.error(Location(LAYOUTS_FILE), f"{where}: {exc}")
        return default
    if minimum == "positive" and points <= 0 or minimum == "zero" and points < 0:
        problems.error(Location(LAYOUTS_FILE), f"{where}: {S.shown(value)} must be "
                                               f"{'more than 0' if minimum == 'positive' else '0 or more'}")
        return default
    return points


def _length_pair(value: Any, where: str, problems: Problems) -> tuple[float, float]:
    """Parse "x, y" (or a two-item list) of lengths."""
    if isinstance(value, list) and len(value) == 2:
        return _length(value[0], where, problems, 0.0), _length(value[1], where, problems, 0.0)
    pair = _parse_pair(value)
    if pair is None:
        problems.error(Location(LAYOUTS_FILE), f'{where}: "{value}" is not a pair of lengths like "1mm, -0.5mm"')
        return (0.0, 0.0)
    return pair


def _resolve_extends(name: str, sets_raw: dict[str, Any], problems: Problems) -> dict[str, Any] | None:
    """Return a set's table with every key inherited through `extends` (elements prepended)."""
    chain: list[str] = []
    current: str | None = name
    while current is not None:
        if current == "" and chain:
            problems.error(Location(LAYOUTS_FILE), f'set "{chain[-1]}": extends names no set (the name is empty)')
            return None
        if current in chain:
            loop = " -> ".join(chain + [current])
            problems.error(Location(LAYOUTS_FILE), f'set "{name}": extends loops through {loop}')
            return None
        if current not in sets_raw or not isinstance(sets_raw[current], dict):
            if not chain:  # the set itself is no table (`[sets]` then `A = 5`)
                problems.error(Location(LAYOUTS_FILE), f'set "{name}" must be a table of keys, like [sets.{name}]')
            else:
                problems.error(Location(LAYOUTS_FILE), f'set "{chain[-1]}": extends unknown set "{current}"')
            return None
        chain.append(current)
        current = sets_raw[current].get("extends")
        if current is not None and not isinstance(current, str):
            problems.error(Location(LAYOUTS_FILE), f'set "{chain[-1]}": extends must be the name of one set in '
                                                   f"quotes, not {S.shown(current)}")
            return None
    merged: dict[str, Any] = {}
    for ancestor in reversed(chain):
        table = sets_raw[ancestor]
        own = table.get("elements", [])
        inherited = merged.get("elements", [])
        # a malformed `elements` is kept as it is, for parse_side to report
        elements = inherited + own if isinstance(own, list) and isinstance(inherited, list) else own
        merged.update({k: v for k, v in table.items() if k not in ("abstract", "sheet")})
        merged["elements"] = elements
    merged["abstract"] = sets_raw[name].get("abstract", False)
    if "sheet" in sets_raw[name]:
        merged["sheet"] = sets_raw[name]["sheet"]
    return merged


def parse_cut(table: dict[str, Any], where: str, problems: Problems) -> str:
    """Return how neighbouring pieces are cut apart: "auto" (default), "gutter" or "shared"."""
    cut = str(table.get("cut", "auto"))
    if cut not in K.CUTS:
        problems.error(Location(LAYOUTS_FILE), f'{where}: unknown cut "{cut}" (use {", ".join(K.CUTS)})')
        return "auto"
    return cut


def parse_set(name: str, table: dict[str, Any], problems: Problems) -> SetLayout:
    """Read one set's (already merged) table into a SetLayout."""
    where = f'set "{name}"'
    _warn_unknown(table, K.SET_KEYS, where, problems)
    table = S.typed(table, S.SET, where, problems)
    shape = str(table.get("shape", "rect"))
    if shape not in K.SHAPES:
        problems.error(Location(LAYOUTS_FILE), f'{where}: unknown shape "{shape}" (use {", ".join(K.SHAPES)})')
        shape = "rect"
    layout = SetLayout(name=name, sheet=str(table.get("sheet", name)), shape=shape, width=0.0, height=0.0,
                       front=Side(None, None, ()))
    _size(layout, table, where, problems)
    layout.bleed = _length(table.get("bleed", "3mm"), f"{where} bleed", problems, 0.0, minimum="zero")
    layout.rotate = bool(table.get("rotate", True))
    layout.safe = _length(table.get("safe", "3mm"), f"{where} safe", problems, mm(3), minimum="zero")
    layout.corner_radius = _length(table.get("corner_radius", "0mm"), f"{where} corner_radius", problems, 0.0,
                                   minimum="zero")
    layout.gap = _length(table["gap"], f"{where} gap", problems, 0.0, minimum="zero") if "gap" in table else None
    layout.cut_lines = bool(table.get("cut_lines", shape in ("hex", "circle")))
    layout.overlap = _length(table.get("overlap", "10mm"), f"{where} overlap", problems, mm(10), minimum="zero")
    layout.cut = parse_cut(table, where, problems)
    fonts = S.typed(table.get("fonts", {}), {key: S.TEXT for key in table.get("fonts", {})}, f"{where} fonts",
                    problems)
    layout.fonts = {str(k): v for k, v in fonts.items()}
    layout.data_columns = tuple(_texts(table.get("data_columns", []), f"{where} data_columns", problems))
    layout.front = parse_side(table, where, layout, problems)
    back = table.get("back")
    if isinstance(back, dict):
        _warn_unknown(back, K.BACK_KEYS, f"{where} back", problems)
        back = S.typed(back, S.BACK, f"{where} back", problems)
        layout.back = parse_side(back, f"{where} back", layout, problems)
    elif back is not None:
        problems.error(Location(LAYOUTS_FILE), f"{where}: back must be a table")
    return layout


def _size(layout: SetLayout, table: dict[str, Any], where: str, problems: Problems) -> None:
    """Set the trim width and height from size, hex side/width or diameter."""
    if layout.shape == "hex":
        _hex_size(layout, table, where, problems)
    elif layout.shape == "circle":
        diameter = table.get("diameter", table.get("size"))
        if diameter is None:
            problems.error(Location(LAYOUTS_FILE), f"{where}: a circle needs a diameter")
            diameter = "25mm"
        layout.width = layout.height = _length(diameter, f"{where} diameter", problems, mm(25), minimum="positive")
    else:
        _rect_size(layout, table, where, problems)


def _rect_size(layout: SetLayout, table: dict[str, Any], where: str, problems: Problems) -> None:
    """Set a rectangle's size from a named size or "W x H"."""
    default = "poker" if layout.shape == "rect" else None
    value = table.get("size", default)
    if value is None:
        problems.error(Location(LAYOUTS_FILE), f'{where}: a {layout.shape} needs a size like "400mm x 300mm"')
        value = "poker"
    key = str(value).strip().lower()
    if key in PAPER_SHARES:
        layout.paper_share = key  # sized to the paper by fit_to_paper once the build's paper is known
    size = NAMED_SIZES.get(key) or (paper_share_size(key, *PAPERS["a4"]) if key in PAPER_SHARES else _parse_pair(value))
    if size is None and (reason := _pair_error(value)):
        problems.error(Location(LAYOUTS_FILE), f'{where}: size "{value}": {reason}')
        size = NAMED_SIZES["poker"]
    if size is None:
        problems.error(
            Location(LAYOUTS_FILE),
            f'{where}: size "{value}" is not {SIZE_NAMES}, {", ".join(PAPER_SHARES)} or "W x H" like "63mm x 88mm"',
        )
        size = NAMED_SIZES["poker"]
    if not all(side > 0 for side in size):
        problems.error(Location(LAYOUTS_FILE), f'{where}: size "{value}" must have a width and height above 0')
        size = NAMED_SIZES["poker"]
    layout.width, layout.height = size
    panels = table.get("panels", 3 if layout.shape == "screen" else 1)
    if not isinstance(panels, int) or isinstance(panels, bool) or not 1 <= panels <= S.MAX_PANELS:
        problems.error(Location(LAYOUTS_FILE), f"{where}: panels must be a whole number from 1 to {S.MAX_PANELS}")
        panels = 1
    layout.panels = panels


def _hex_size(layout: SetLayout, table: dict[str, Any], where: str, problems: Problems) -> None:
    """Set a hex (or hex group) size from its orientation and side or width."""
    from playproof.layouts.geometry import hex_group, hex_side_from_width

    layout.hex = str(table.get("hex", "flat"))
    if layout.hex not in ("flat", "pointy"):
        problems.error(Location(LAYOUTS_FILE), f'{where}: hex "{layout.hex}" must be flat or pointy')
        layout.hex = "flat"
    if "side" in table:
        layout.side = _length(table["side"], f"{where} side", problems, mm(20), minimum="positive")
    elif "width" in table:
        width = _length(table["width"], f"{where} width", problems, mm(40), minimum="positive")
        layout.side = hex_side_from_width(layout.hex, width)
    else:
        problems.error(Location(LAYOUTS_FILE), f'{where}: a hex needs side = "20mm" or width = "40mm"')
        layout.side = mm(20)
    layout.cells = _cells(table.get("cells"), where, problems)
    cells = layout.cells if isinstance(layout.cells, tuple) else ((0, 0),)
    group = hex_group(layout.hex, layout.side, cells)
    layout.width, layout.height = group.width, group.height


def parse_cells(value: Any) -> tuple[tuple[int, int], ...]:
    """Parse axial cells "0,0 1,0 0,1" (or [[0,0],[1,0]]) into (q, r) pairs; raise on bad input."""
    if isinstance(value, list):
        items = [f"{c[0]},{c[1]}" if isinstance(c, list) and len(c) == 2 else str(c) for c in value[:S.MAX_CELLS + 1]]
    else:
        items = str(value).replace(";", " ").split()[:S.MAX_CELLS + 1]
    cells = []
    for item in items:
        parts = item.split(",")
        if len(parts) != 2 or not all(re.fullmatch(r"-?\d+", p.strip()) for p in parts):
            raise PlayproofError(f'cells "{value}" must be axial q,r pairs like "0,0 1,0 0,1 1,1"')
        cells.append((int(parts[0]), int(parts[1])))
    if not cells or len(set(cells)) != len(cells):
        raise PlayproofError(f'cells "{value}" must list at least one cell, each once')
    if len(cells) > S.MAX_CELLS or any(abs(n) > S.MAX_CELLS for cell in cells for n in cell):
        raise PlayproofError(f"cells: at most {S.MAX_CELLS} cells, each coordinate from -{S.MAX_CELLS} to "
                             f"{S.MAX_CELLS}")
    return tuple(cells)


def _cells(value: Any, where: str, problems: Problems) -> tuple[tuple[int, int], ...] | str | None:
    """Return the group's cells, or the template string when they come from a field."""
    if value is None:
        return None
    if isinstance(value, str) and "{" in value:
        return value
    try:
        return parse_cells(value)
    except PlayproofError as exc:
        problems.error(Location(LAYOUTS_FILE), f"{where}: {exc}")
        return None


__all__ = ["Element", "Length", "Paper", "PrintOptions", "ProjectSpec", "SetLayout", "Side", "load_spec",
           "paper_from", "parse_cells"]
