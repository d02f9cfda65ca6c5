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
        data = json.dumps([self.fields, self.count, self.art, self.layout], sort_keys=True, ensure_ascii=False)
        return digest([data.encode()])

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
    found: dict[str, Design] = {}
    for name, layout in loaded.spec.sets.items():
        raw = raw_sets.get(name, {})
        layout_hash = digest([json.dumps(raw, sort_keys=True, default=str).encode()]) if raw else ""
        static_art = _art(project, _strings(raw))
        rows = list(loaded.component_set(layout).rows)
        keys = _keys(rows)
        for row, key in zip(rows, keys):
            values = {k: _text(v) for k, v in row.fields.items()}
            art = {**static_art, **_art(project, values.values())}
            design = Design(name, key, row.row, row.count, values, art, layout_hash)
            found[design.id] = design
    return found


def _keys(rows: list[Any]) -> list[str]:
    """Return each row's key: its key/name/title/id value where unique in the set, else `row N`."""
    named = [_key(row) for row in rows]
    seen: dict[str, int] = {}
    for key in named:
        seen[key] = seen.get(key, 0) + 1
    return [key if key and seen[key] == 1 else f"row {row.row}" for row, key in zip(rows, named)]


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


def _art(project: Path, values: Iterable[str]) -> dict[str, str]:
    """Return the asset files named in some text (`dragon.png`, `dragon`, `:gold:`) with their hashes."""
    folder = project / "assets"
    if not folder.is_dir():
        return {}
    files = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file()}
    stems = {name.rsplit(".", 1)[0]: name for name in files if name.lower().endswith(IMAGE_SUFFIXES)}
    found: dict[str, str] = {}
    for value in values:
        for token in _TOKEN.findall(value):
            name = token if token in files else stems.get(token)
            if name is not None and name not in found:
                found[name] = _file_hash(files[name])
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
    return {"content_version": content_version(loaded.path), "designs": design_versions(designs_of(loaded))}
