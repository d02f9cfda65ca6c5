"""Content versions: a short hash of a project (workbook, layouts, assets, fonts) and of each component design.

A version is what the files say, not when they were saved: the same workbook and art give the
same version on any machine. A designer may also name a version (`[game] version` in
layouts.toml, or a `version` cell on the workbook's Info sheet); the name is a label shown beside
the hash, never a replacement for it.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from playproof.errors import Problems

if TYPE_CHECKING:
    from playproof.layouts.project import Project

VERSION_LENGTH = 8
"""Hex digits of a content version: a collision needs some 65,000 versions of one game."""
SKIPPED = frozenset({"out", "playtests", ".git", "__pycache__"})
"""Folders of a project that are not its content (outputs, logs, version control)."""
CONTENT_FOLDERS = ("assets", "fonts")
"""Folders whose files are drawn on the components (as `build --watch` watches them)."""
KEY_COLUMNS = ("key", "Key", "name", "Name", "title", "Title", "id", "ID")
IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")
_TOKEN = re.compile(r"[\w./-]+")


def digest(parts: Iterable[bytes]) -> str:
    """Return the short hex SHA-256 of a sequence of byte strings (each length-prefixed, so they cannot run on)."""
    sha = hashlib.sha256()
    for part in parts:
        sha.update(len(part).to_bytes(8, "big"))
        sha.update(part)
    return sha.hexdigest()[:VERSION_LENGTH]


def content_files(project: Path) -> list[Path]:
    """Return the files whose content is the project's version: workbook, CSV sheets, layouts, assets, fonts."""
    found = [p for p in (project / "components.xlsx", project / "layouts.toml") if p.is_file()]
    for folder in (project, project / "components"):
        found += sorted(folder.glob("*.csv")) if folder.is_dir() else []
    for folder in (project / name for name in CONTENT_FOLDERS):
        if folder.is_dir():
            found += sorted(p for p in folder.rglob("*") if p.is_file() and not SKIPPED & set(p.parts))
    return found


def content_version(project: Path) -> str:
    """Return the project's content version (the same files give the same version anywhere)."""
    project = Path(project)
    return digest(part for path in content_files(project)
                  for part in (path.relative_to(project).as_posix().encode(), _file_hash(path).encode()))


def version_label(project: Path) -> str:
    """Return the version a designer named in layouts.toml ([game] version), else on the workbook's Game sheet."""
    project = Path(project).resolve()
    return _label(project, content_version(project))


@lru_cache(maxsize=32)
def _label(project: Path, version: str) -> str:
    """Return a project's named version (read once per content version: a simulation asks once per game)."""
    named = str(layouts_toml(project).get("game", {}).get("version") or "").strip()
    if named:
        return named
    from playproof.components.reader import read_project_workbook

    try:
        info = read_project_workbook(project, Problems(), stream=True).info
    except Exception:  # an unreadable workbook names no version; building it reports why
        return ""
    return str(info.get("version") or "").strip()


def shown(version: str, label: str = "") -> str:
    """Return a version as people read it: `3 (a1b2c3d4)` when named, else the hash."""
    return f"{label} ({version})" if label else version


def layouts_toml(project: Path) -> dict[str, Any]:
    """Return layouts.toml as data ({} when absent or unreadable: loading the project reports why)."""
    path = project / "layouts.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


@dataclass(frozen=True)
class Design:
    """One component design's version and what it is made of (fields as text, art file hashes)."""

    set: str
    key: str
    row: int
    count: int
    fields: dict[str, str]
    art: dict[str, str] = field(default_factory=dict)
    layout: str = ""

    @property
    def id(self) -> str:
        """Return the design's id, stable while its set and key stay: `Set/key`."""
        return f"{self.set}/{self.key}"

    @property
    def version(self) -> str:
        """Return the design's content version: its fields, copies, art and its set's layout."""
        return design_version(_json_object(sorted(self.fields.items())), self.count,
                              _json_object(sorted(self.art.items())), self.layout)

    def to_dict(self) -> dict[str, Any]:
        """Return the design as JSON-ready data (for the print history)."""
        return {"set": self.set, "key": self.key, "row": self.row, "count": self.count, "fields": self.fields,
                "art": self.art, "layout": self.layout, "version": self.version}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Design:
        """Return a design read back from the print history."""
        return cls(str(data["set"]), str(data["key"]), int(data["row"]), int(data["count"]),
                   {str(k): str(v) for k, v in dict(data["fields"]).items()},
                   {str(k): str(v) for k, v in dict(data.get("art") or {}).items()}, str(data.get("layout") or ""))


def designs(project: Path, problems: Problems) -> dict[str, Design]:
    """Return every printed design of the project by id (sets in layout order, rows in sheet order)."""
    from playproof.layouts.project import load_project

    loaded = load_project(project, problems)
    problems.raise_if_errors()
    return designs_of(loaded)


def designs_of(loaded: Project) -> dict[str, Design]:
    """Return every printed design of a loaded project by id (sets in layout order, rows in sheet order)."""
    project = loaded.path
    raw_sets = layouts_toml(project).get("sets", {})
    assets = _AssetFiles(project / "assets")  # listed once, each file hashed once: not once per row
    found: dict[str, Design] = {}
    for name, layout in loaded.spec.sets.items():
        raw = raw_sets.get(name, {})
        layout_hash = _layout_hash(raw)
        static_art = _art(assets, _strings(raw))
        rows = list(loaded.component_set(layout).rows)
        keys = _keys(rows)
        for row, key in zip(rows, keys):
            values = {k: v if type(v) is str else _text(v) for k, v in zip(row.names, row.values)}
            art = {**static_art, **_art(assets, values.values())}
            design = Design(name, key, row.row, row.count, values, art, layout_hash)
            found[design.id] = design
    return found


def design_versions_of(loaded: Project) -> dict[str, str]:
    """Return each printed design's version by id: `design_versions(designs_of(loaded))` in one pass over each
    set's rows, holding none of them and making no Design (a build's manifest)."""
    project = loaded.path
    raw_sets = layouts_toml(project).get("sets", {})
    assets = _AssetFiles(project / "assets")
    found: dict[str, str] = {}
    for name, layout in loaded.spec.sets.items():
        raw = raw_sets.get(name, {})
        layout_hash = _layout_hash(raw)
        static_art = _art(assets, _strings(raw))
        static_json = _json_object(sorted(static_art.items()))
        sheets = _SheetColumns()
        numbers: list[int] = []
        named: list[str] = []
        made: list[str] = []
        for row in loaded.component_set(layout).rows:
            names, values = row.names, row.values
            texts = [v if type(v) is str else _text(v) for v in values]
            order, keys, places = sheets.of(names)
            fields = "{" + ", ".join([key + _STRING(texts[i]) for key, i in zip(keys, order)]) + "}"
            extra = _art(assets, texts)
            art = _json_object(sorted({**static_art, **extra}.items())) if extra else static_json
            numbers.append(row.row)
            named.append(_key_of(values, places))
            made.append(design_version(fields, row.count, art, layout_hash))
        for key, version in zip(_unique_keys(named, numbers), made):
            found[f"{name}/{key}"] = version
    return found


_STRING = json.encoder.encode_basestring  # type: ignore[attr-defined]
"""A string as `json.dumps(..., ensure_ascii=False)` writes it (quoted and escaped)."""


def _json_object(items: Iterable[tuple[str, str]]) -> str:
    """Return what `json.dumps(..., ensure_ascii=False)` writes for a dict of strings with these items, in order."""
    return "{" + ", ".join([f"{_STRING(key)}: {_STRING(value)}" for key, value in items]) + "}"


def design_version(fields: str, count: int, art: str, layout: str) -> str:
    """Return a design's content version from its fields and art as JSON objects (keys sorted), its copy count and
    its set's layout hash: the digest of `json.dumps([fields, count, art, layout], sort_keys=True, ensure_ascii=False)`.
    """
    return digest([f"[{fields}, {count}, {art}, {_STRING(layout)}]".encode()])


def _layout_hash(raw: dict[str, Any]) -> str:
    """Return the hash of a set's table in layouts.toml ("" when it has none)."""
    return digest([json.dumps(raw, sort_keys=True, default=str).encode()]) if raw else ""


class _SheetColumns:
    """Per tuple of column names (a sheet's rows share one): the fields' order by name, each name as a JSON key,
    and where the key columns are."""

    def __init__(self) -> None:
        self.known: dict[tuple[str, ...], tuple[list[int], list[str], list[int]]] = {}

    def of(self, names: tuple[str, ...]) -> tuple[list[int], list[str], list[int]]:
        """Return the places of the names in sorted order, their JSON keys (`"name": `) and the key columns' places."""
        found = self.known.get(names)
        if found is None:
            order = sorted(range(len(names)), key=names.__getitem__)
            found = self.known[names] = (order, [f"{_STRING(names[i])}: " for i in order],
                                         [names.index(c) for c in KEY_COLUMNS if c in names])
        return found


def _key_of(values: tuple[Any, ...], places: list[int]) -> str:
    """Return the first non-empty value of a row's key columns as text ("" when none)."""
    return next((text for i in places if (value := values[i]) is not None and (text := str(value).strip())), "")


def _unique_keys(named: list[str], numbers: list[int]) -> list[str]:
    """Return each row's key: the named key where it is unique in the set, else `row N`."""
    seen: dict[str, int] = {}
    for key in named:
        seen[key] = seen.get(key, 0) + 1
    return [key if key and seen[key] == 1 else f"row {number}" for key, number in zip(named, numbers)]


def _keys(rows: list[Any]) -> list[str]:
    """Return each row's key: its key/name/title/id value where unique in the set, else `row N`."""
    columns = _SheetColumns()
    named = [_key(row) if getattr(row, "names", None) is None else _key_of(row.values, columns.of(row.names)[2])
             for row in rows]
    return _unique_keys(named, [row.row for row in rows])


def _key(row: Any) -> str:
    """Return a row's key or name as written ("" when it has none)."""
    for column in KEY_COLUMNS:
        value = row.get(column)
        if value is not None and str(value).strip():
            return str(value).strip()
    return ""


def _text(value: object) -> str:
    """Return a cell value as stable text (3.0 and 3 read the same)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def _strings(data: object) -> list[str]:
    """Return every string inside parsed TOML data."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


class _AssetFiles:
    """The image files of a project's assets folder, by name and by stem, each hashed when first named."""

    def __init__(self, folder: Path) -> None:
        self.files = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file()} if (
            folder.is_dir()) else {}
        self.stems = {name.rsplit(".", 1)[0]: name for name in self.files if name.lower().endswith(IMAGE_SUFFIXES)}
        self.hashes: dict[str, str] = {}
        names = sorted({*self.files, *self.stems}, key=len, reverse=True)
        # the tokens (as _TOKEN finds them) that name a file: found in C, not token by token
        self.named = re.compile(r"(?<![\w./-])(?:" + "|".join(map(re.escape, names)) + r")(?![\w./-])") if (
            names) else None

    def hash(self, name: str) -> str:
        """Return a file's content hash."""
        found = self.hashes.get(name)
        if found is None:
            found = self.hashes[name] = _file_hash(self.files[name])
        return found


def _art(assets: _AssetFiles, values: Iterable[str]) -> dict[str, str]:
    """Return the asset files named in some text (`dragon.png`, `dragon`, `:gold:`) with their hashes."""
    files, stems, named = assets.files, assets.stems, assets.named
    if named is None:
        return {}
    found: dict[str, str] = {}
    for token in named.findall(" ".join(values)):  # a space ends a token: none runs from one value into the next
        name = token if token in files else stems[token]
        if name not in found:
            found[name] = assets.hash(name)
    return found


_HASHES: dict[tuple[Path, float, int], str] = {}


def _file_hash(path: Path) -> str:
    """Return a file's content hash (kept while its time and size stay: art is hashed once per build)."""
    stat = path.stat()
    key = (path.resolve(), stat.st_mtime, stat.st_size)
    if key not in _HASHES:
        _HASHES[key] = digest([path.read_bytes()])
    return _HASHES[key]


def design_versions(found: dict[str, Design]) -> dict[str, str]:
    """Return each design's version by id (for the build manifest)."""
    return {design_id: design.version for design_id, design in found.items()}


def manifest_versions(loaded: Project) -> dict[str, Any]:
    """Return the versions a build manifest carries besides its named `version`: the content's and each design's."""
    return {"content_version": content_version(loaded.path), "designs": design_versions_of(loaded)}
