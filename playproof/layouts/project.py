"""A game project: workbook and layouts read together and checked against each other."""

from __future__ import annotations

from pathlib import Path

from playproof.components import read_project_workbook
from playproof.components.remote import fetch_components
from playproof.components.model import ComponentSet, Workbook
from playproof.errors import Location, PlayproofError, Problems
from playproof.layouts.spec import ProjectSpec, SetLayout, load_spec, parse_cells
from playproof.layouts.elements import substitute
from playproof.layouts.geometry import hex_group
from playproof.layouts.keys import did_you_mean
from playproof.records import Record


BUILTIN_FIELDS = frozenset({"_game", "_version", "_set", "_row"})


class Project(Record):
    """A loaded project: its folder, layouts, workbook, and the game's name and version."""

    __slots__ = ("path", "spec", "workbook", "name", "version")
    path: Path
    spec: ProjectSpec
    workbook: Workbook
    name: str
    version: str

    def __init__(self, path: Path, spec: ProjectSpec, workbook: Workbook, name: str, version: str) -> None:
        self.path = path
        self.spec = spec
        self.workbook = workbook
        self.name = name
        self.version = version

    def builtins(self) -> dict[str, str]:
        """Return the fields every layout may use: {_game} and {_version} ({_set}, {_row} per design)."""
        return {"_game": self.name, "_version": self.version}

    def component_set(self, layout: SetLayout) -> ComponentSet:
        """Return the workbook sheet a set layout draws."""
        return self.workbook.sets[layout.sheet]


def load_project(path: Path, problems: Problems, stream: bool = False) -> Project:
    """Read and cross-check a project's workbook and layouts, collecting every problem.

    stream: hold no rows (components.stream): each set's rows are counted and checked now and made
    again from the file whenever they are read (drawing reads them in order, once).
    """
    if not path.is_dir():
        from playproof.scaffold import command_hint

        raise PlayproofError(f"{path}: not a project folder; create one with: {command_hint('new', path)}")
    remote = fetch_components(path, problems)  # [data] url: the workbook comes from an address (remote.py)
    workbook = read_project_workbook(remote or path, problems, stream)
    spec = load_spec(path, problems)
    name = spec.game.get("name") or str(workbook.info.get("name") or path.resolve().name)
    version = spec.game.get("version") or str(workbook.info.get("version") or "")
    project = Project(path, spec, workbook, name, version)
    check_sheets(project, problems)
    for layout in list(spec.sets.values()):
        if layout.sheet in workbook.sets:
            check_fields(layout, workbook.sets[layout.sheet], problems)
    return project


def check_sheets(project: Project, problems: Problems) -> None:
    """Report sets without a sheet, data sheets that are missing, and sheets nobody uses."""
    sheets = project.workbook.sets
    available = ", ".join(sheets) or "none"
    for layout in project.spec.sets.values():
        if layout.sheet not in sheets:
            problems.error(Location("layouts.toml"),
                           f'set "{layout.name}": no sheet "{layout.sheet}" in the workbook'
                           f'{did_you_mean(layout.sheet, sheets)} (sheets: {available})')
    for sheet in project.spec.data_sheets:
        if sheet not in sheets:
            problems.error(Location("layouts.toml"), f'[data] sheets: no sheet "{sheet}" in the workbook '
                                                     f"(sheets: {available})")
    used = {layout.sheet for layout in project.spec.sets.values()} | set(project.spec.data_sheets)
    for name, cset in sheets.items():
        if name not in used:
            problems.warn(cset.location(), "not printed: no set in layouts.toml draws this sheet and [data] "
                                           "sheets does not list it")


def check_fields(layout: SetLayout, cset: ComponentSet, problems: Problems) -> None:
    """Report {field}s the layout uses that the sheet lacks, and columns the layout never uses."""
    used = layout.front.fields() | (layout.back.fields() if layout.back else set())
    if isinstance(layout.cells, str):
        used |= {f.strip("{}") for f in _fields(layout.cells)}
    columns = set(cset.columns)
    for name in sorted(used - columns - {"count"} - BUILTIN_FIELDS):
        hint = did_you_mean(name, columns, "{{{}}}")
        sheet = cset.file if cset.file.endswith(".csv") else f'{cset.file}, sheet "{cset.name}",'
        problems.error(Location("layouts.toml"), f'{_user_of(layout, name)}: uses {{{name}}} but {sheet} has no '
                                                 f'column "{name}"{hint}')
    used -= BUILTIN_FIELDS
    unused = [c for c in cset.columns if c not in used and c != "count" and c not in layout.data_columns]
    if unused:
        listing = ", ".join(sorted(used)) or "none"
        problems.warn(cset.location(), f"columns the layout never uses: {', '.join(unused)} (the layout uses: "
                                       f"{listing}; list columns only the rules engine reads in data_columns)")
    if isinstance(layout.cells, str):
        _check_cells(layout, cset, problems)


def _user_of(layout: SetLayout, name: str) -> str:
    """Return where layouts.toml uses a field: 'set "X", element 2, text' (the first use), else the set."""
    from playproof.layouts.elements import fields_in

    for side, prefix in ((layout.front, ""), (layout.back, "back ")):
        if side is None:
            continue
        if name in fields_in(side.background):
            return f'set "{layout.name}", {prefix}background'
        for element in side.elements:
            for key, value in element.attrs.items():
                if name in fields_in(value):
                    return f"{element.where}, {key}"
            if element.condition is not None and element.condition.field == name:
                return f"{element.where}, if"
    return f'set "{layout.name}"'


def _fields(template: str) -> set[str]:
    """Return the fields of a template."""
    from playproof.layouts.elements import fields_in

    return fields_in(template)


def _check_cells(layout: SetLayout, cset: ComponentSet, problems: Problems) -> None:
    """Report rows whose hex-group cells (from a field) do not parse."""
    assert isinstance(layout.cells, str)
    column = next(iter(sorted(_fields(layout.cells))), None)
    for row in cset.rows:
        try:
            parse_cells(substitute(layout.cells, row.fields))
        except PlayproofError as exc:
            problems.error(cset.location(row.row, column), str(exc))


def design_size(layout: SetLayout, cset: ComponentSet) -> tuple[float, float]:
    """Return the trim size every design of a set fits in (hex groups may differ per row)."""
    if not isinstance(layout.cells, str):
        return layout.width, layout.height
    width = height = 0.0
    for row in cset.rows:
        try:
            group = hex_group(layout.hex, layout.side, parse_cells(substitute(layout.cells, row.fields)))
        except PlayproofError:
            continue
        width, height = max(width, group.width), max(height, group.height)
    return (width or layout.width, height or layout.height)


def nest_shape(layout: SetLayout, cset: ComponentSet) -> tuple[str, tuple[tuple[float, float], ...]]:
    """Return how a hex set may nest on the sheet: its orientation and, for a hex group, the centres of
    its cells (from the trim's top-left corner), the same for every row; ("", ()) when it may not
    (not hexes, or groups whose cells differ from row to row)."""
    if layout.shape != "hex":
        return "", ()
    if layout.cells is None:
        return layout.hex, ()
    if isinstance(layout.cells, tuple):
        return layout.hex, hex_group(layout.hex, layout.side, layout.cells).centres
    shapes = set()
    for row in cset.rows:
        try:
            shapes.add(parse_cells(substitute(layout.cells, row.fields)))
        except PlayproofError:
            return "", ()
    if len(shapes) != 1:
        return "", ()
    return layout.hex, hex_group(layout.hex, layout.side, shapes.pop()).centres
