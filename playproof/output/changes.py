"""What changed between two versions of a project's components: new, changed (field by field), removed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from playproof.versions import Design

NEW, CHANGED, REMOVED = "new", "changed", "removed"


@dataclass(frozen=True)
class Change:
    """One design that is new, changed or removed since a print."""

    kind: str
    old: Design | None
    new: Design | None

    @property
    def design(self) -> Design:
        """Return the design as it is now (as it was, for a removed one)."""
        found = self.new or self.old
        assert found is not None  # a change always has one side
        return found

    def fields(self) -> list[tuple[str, str, str]]:
        """Return the fields that differ as (name, before, after); a column added or removed reads as ""."""
        if self.old is None or self.new is None:
            return []
        names = list(dict.fromkeys([*self.old.fields, *self.new.fields]))
        return [(n, self.old.fields.get(n, ""), self.new.fields.get(n, "")) for n in names
                if self.old.fields.get(n, "") != self.new.fields.get(n, "")]

    def details(self) -> list[str]:
        """Return what changed in words: `cost 3 → 4`, `copies 2 → 3`, `art changed`, `layout changed`."""
        if self.old is None or self.new is None:
            return []
        said = [f"{name} {_short(before)} → {_short(after)}" for name, before, after in self.fields()]
        if self.old.count != self.new.count:
            said.append(f"copies {self.old.count} → {self.new.count}")
        if self.old.art != self.new.art:
            said.append("art changed (" + ", ".join(_art_changes(self.old.art, self.new.art)) + ")")
        if self.old.layout != self.new.layout:
            said.append("layout changed")
        return said

    def line(self) -> str:
        """Return the change as one line of the `changes` listing."""
        design = self.design
        where = f"{design.id} (row {design.row}, {design.count} {'copy' if design.count == 1 else 'copies'})"
        details = self.details()
        return f"  {self.kind:<8} {where}" + (": " + "; ".join(details) if details else "")


def _short(text: str, most: int = 40) -> str:
    """Return a field value short enough for one line, quoted when empty or spaced."""
    text = text.replace("\n", " ")
    text = text if len(text) <= most else text[:most - 1] + "…"
    return f'"{text}"' if not text or " " in text else text


def _art_changes(old: dict[str, str], new: dict[str, str]) -> list[str]:
    """Return the art files that differ, each named once."""
    return sorted(name for name in {*old, *new} if old.get(name) != new.get(name))


def compare(old: dict[str, Design], new: dict[str, Design]) -> list[Change]:
    """Return every design new, changed or removed from `old` to `new` (current order, removed ones last)."""
    changes = [Change(NEW, None, d) if key not in old else Change(CHANGED, old[key], d)
               for key, d in new.items() if key not in old or old[key].version != d.version]
    return changes + [Change(REMOVED, d, None) for key, d in old.items() if key not in new]


def reprint_rows(changes: list[Change]) -> tuple[str, ...]:
    """Return `--only` entries printing exactly the new and changed designs (`Set:row,row`)."""
    rows: dict[str, list[int]] = {}
    for change in changes:
        if change.kind != REMOVED:
            rows.setdefault(change.design.set, []).append(change.design.row)
    return tuple(f"{name}:{','.join(str(r) for r in numbers)}" for name, numbers in rows.items())


def pull_list(changes: list[Change]) -> list[str]:
    """Return what to take out of the box before adding a reprint: old copies of changed and removed designs."""
    lines = []
    for change in changes:
        if change.kind == NEW or change.old is None:
            continue
        old = change.old
        why = "removed" if change.kind == REMOVED else "replaced by this reprint"
        lines.append(f"{old.id}: {old.count} {'copy' if old.count == 1 else 'copies'} ({why})")
    return lines


@dataclass(frozen=True)
class PlayedOn:
    """A recorded session and the content version it was played on."""

    name: str
    version: str


def logged_sessions(project: Path) -> list[PlayedOn]:
    """Return the logs kept in the project's playtests/ folder with the [Content] version each names."""
    from playproof.playtest.logparse import read_log

    found = []
    folder = project / "playtests"
    for path in sorted(folder.glob("*.log")) + sorted(folder.glob("*.jsonl")) if folder.is_dir() else []:
        try:
            version = read_log(path).header.get("Content", "")
        except Exception:  # an unreadable log is audit's business; here it has no known version
            version = ""
        found.append(PlayedOn(str(path.relative_to(project)), version))
    return found


def stored_sessions(project: Path, db: Path | None) -> list[PlayedOn]:
    """Return the stored sessions of this project (by folder) with the [Content] version each names."""
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.store import Store

    if db is not None and not db.exists():
        return []
    store = Store(db, readonly=True)
    try:
        mine = [s for s in store.sessions() if s.project and Path(s.project).resolve() == project.resolve()]
        return [PlayedOn(f"session {s.id}", parse_log(store.text(s.id), "").header.get("Content", "")) for s in mine]
    finally:
        store.close()
