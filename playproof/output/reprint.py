"""A PDF build in the design loop: versions in the manifest, the print remembered, `--changed` reprints.

`build` calls a PrintLoop at four points: after loading the project (`prepare`: which rows to
print), for each page footer (`footer`), after the last page (`after_pages`: the pull list), and
before the outputs are committed (`finish`: refuse a workbook changed while building, then
remember the print). Each printed component can carry a small version mark so that two print
runs can be told apart at the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from playproof.errors import PlayproofError
from playproof.output.changes import REMOVED, Change, compare, pull_list, reprint_rows
from playproof.output.history import Print, find_print, read_history, record_print
from playproof.units import mm
from playproof.versions import Design, content_version, design_versions, designs_of, shown

if TYPE_CHECKING:
    from playproof.layouts.imposition import Slot
    from playproof.layouts.project import Project
    from playproof.layouts.scene import Scene
    from playproof.output.pdf import PdfWriter

MARKS = ("corner", "footer", "none")
"""Where the version mark goes: in each component's corner (inside the trim), in the page footer, nowhere."""
MARK_SIZE = 4.5
"""Points: small enough to ignore at the table, large enough to read when sorting two print runs."""


class PrintLoop:
    """What a command-line build adds to the build: versions, the print history, a reprint of what changed."""

    def __init__(self, path: Path, changed: bool = False, since: str | None = None, mark: str | None = None,
                 remember: bool = True) -> None:
        if mark is not None and mark not in MARKS:
            raise PlayproofError(f'--mark "{mark}": use {", ".join(MARKS)}')
        if since is not None and not changed:
            raise PlayproofError("--since goes with --changed (or with `playproof changes`)")
        self.path, self.changed, self.since_text, self.remember = path, changed, since, remember
        # a reprint is told apart from the box unless the designer says otherwise
        self.mark = mark or configured_mark(path) or ("corner" if changed else "none")
        self.label, self.name = "", path.resolve().name
        self.version = content_version(path) if path.is_dir() else ""  # before anything is read: see finish
        self.designs: dict[str, Design] = {}
        self.since: Print | None = None
        self.changes: list[Change] = []
        self.recorded: Print | None = None
        self.printed: list[str] = []

    def prepare(self, project: Project, only: tuple[str, ...]) -> tuple[str, ...]:
        """Take the versions of the loaded project; return the --only entries to print (the changed rows)."""
        self.label, self.name = project.version, project.name
        self.designs = designs_of(project)
        prints = read_history(self.path)  # a damaged history stops the build before anything is written
        if not self.changed:
            self.printed = chosen_designs(self.designs, only)
            return only
        if only:
            raise PlayproofError("--changed chooses the rows itself; leave out --only")
        self.since = find_print(prints, self.since_text)
        self.changes = compare(self.since.designs, self.designs)
        chosen = reprint_rows(self.changes)
        self.printed = [c.design.id for c in self.changes if c.kind != REMOVED]
        if not chosen:
            raise PlayproofError(f"nothing to reprint: no component is new or changed since {self.since.title()}"
                                 + (f" ({len(self.changes)} removed: `playproof changes` lists them)"
                                    if self.changes else ""))
        return chosen

    def stem(self, name: str) -> str:
        """Return the outputs' file name stem: a reprint is written beside the full print, never over it."""
        return f"{name}-reprint" if self.changed else name

    def manifest(self) -> dict[str, Any]:
        """Return the manifest fields of the versions: the project's, its name's and each design's."""
        fields: dict[str, Any] = {"content_version": self.version, "designs": design_versions(self.designs)}
        if self.since is not None:
            fields["reprint_since"] = self.since.number
        return fields

    def mark_text(self) -> str:
        """Return the version mark printed on each component: the version's name and content hash."""
        return f"{self.label} {self.version}".strip()

    def footer(self, text: str) -> str:
        """Return a page footer, with the content version when the mark goes in the footer."""
        return f"{text} · {self.version}" if text and self.mark == "footer" else text

    def writer_class(self) -> type[PdfWriter]:
        """Return the PDF writer to draw with: one that marks each component's corner when asked."""
        from playproof.output.pdf import PdfWriter

        return marking_writer(PdfWriter, self.mark_text()) if self.mark == "corner" else PdfWriter

    def after_pages(self, writer: PdfWriter) -> None:
        """Add the pull-list page to a reprint."""
        if self.since is not None:
            draw_lines(writer, reprint_page(self))

    def finish(self, target: Path | None) -> None:
        """Refuse a workbook changed while building; else remember a PDF build in the print history."""
        now = content_version(self.path)
        if now != self.version:
            raise PlayproofError(f"{self.path}: the project changed while building (version {self.version} → {now}); "
                                 "nothing was written; build again")
        if target is not None and self.remember:
            self.recorded = record_print(self.path, self.version, self.label, target, self.printed, self.designs)

    def summary(self) -> str:
        """Return the line the build prints about the print history."""
        if self.recorded is None:
            return ""
        what = f"reprint of {len(self.recorded.printed)} design(s) since print #{self.since.number}" \
            if self.since is not None else "print"
        return f"remembered as print #{self.recorded.number} ({what}, version {shown(self.version, self.label)})"


def configured_mark(project: Path) -> str | None:
    """Return layouts.toml's `[print] version_mark`, or None when it names none."""
    from playproof.versions import layouts_toml

    table = layouts_toml(project).get("print", {})
    value = table.get("version_mark") if isinstance(table, dict) else None
    if value is None:
        return None
    if value not in MARKS:
        raise PlayproofError(f'layouts.toml: [print] version_mark "{value}": use {", ".join(MARKS)}')
    return str(value)


def remembered_by_default(project: Path, out_dir: Path | None, changed: bool) -> bool:
    """Return whether a build is remembered when neither --remember nor --no-remember is given: a reprint always;
    else a PDF written inside the project (its out/ folder by default), not a proof built elsewhere."""
    if changed or out_dir is None:
        return True
    return out_dir.resolve().is_relative_to(project.resolve())


def chosen_designs(found: dict[str, Design], only: tuple[str, ...]) -> list[str]:
    """Return the ids of the designs a build prints: all, or those --only chooses."""
    from playproof.output.only import row_filters, set_name

    sets, filters = {set_name(entry) for entry in only}, row_filters(only)
    return [key for key, d in found.items() if not only or (d.set in sets and _row_chosen(filters, d))]


def _row_chosen(filters: dict[str, Any], design: Design) -> bool:
    """Return whether --only's row filter of the design's set (if any) keeps the design's row."""
    from playproof.components.model import ComponentRow

    chosen = filters.get(design.set)
    return chosen is None or bool(chosen(ComponentRow(design.row, dict(design.fields), design.count)))


def reprint_page(loop: PrintLoop) -> list[str]:
    """Return the pull-list page of a reprint: what it prints, and what to take out of the box first."""
    since = loop.since
    assert since is not None
    lines = [f"# Reprint of {loop.name}: version {shown(loop.version, loop.label)}",
             f"Changes since {since.title()}.", ""]
    printed = [c for c in loop.changes if c.kind != REMOVED]
    lines.append(f"## Printed here ({len(printed)} design(s))")
    lines += [c.line().strip() for c in printed]
    pull = pull_list(loop.changes)
    lines += ["", f"## Pull these from the box ({len(pull)})"]
    lines += [f"[ ] {line}" for line in pull] or ["nothing: this reprint only adds components"]
    lines += ["", f"Each reprinted component is marked \"{loop.mark_text()}\"." if loop.mark == "corner" else ""]
    return lines


def draw_lines(writer: PdfWriter, lines: list[str]) -> None:
    """Draw text lines on new pages of the writer's size (`# ` a title, `## ` a heading), wrapping long ones."""
    from reportlab.lib.utils import simpleSplit

    from playproof.layouts.fonts import DEFAULT_FAMILY

    c = writer.canvas
    width, height = c._pagesize
    margin, y = mm(15), height - mm(15)
    for text in lines:
        size = 14 if text.startswith("# ") else 11 if text.startswith("## ") else 9
        body = text.lstrip("#").strip()
        for part in simpleSplit(body, DEFAULT_FAMILY, size, width - 2 * margin) or [""]:
            if y < margin + size:
                c.showPage()
                y = height - mm(15)
            c.setFont(DEFAULT_FAMILY, size)
            c.setFillColorRGB(0, 0, 0)
            c.drawString(margin, y, part)
            y -= size * 1.4
    c.showPage()


def marking_writer(base: type[PdfWriter], text: str) -> type[PdfWriter]:
    """Return a PdfWriter class that prints `text` small inside the trim of each component's front."""

    class MarkingWriter(base):  # type: ignore[valid-type,misc]
        def slot(self, slot: Slot, scene: Scene) -> None:
            """Draw the component, then its version mark."""
            super().slot(slot, scene)
            if slot.side == "front" and slot.part is None:
                draw_mark(self, slot, scene, text)

    return MarkingWriter


def draw_mark(writer: PdfWriter, slot: Slot, scene: Scene, text: str) -> None:
    """Draw the version mark: bottom right inside a rectangle's trim, bottom centre inside a round or hex piece."""
    from playproof.layouts.fonts import DEFAULT_FAMILY

    c, trim = writer.canvas, slot.trim
    c.saveState()
    c.setFont(DEFAULT_FAMILY, MARK_SIZE)
    c.setFillColorRGB(0.45, 0.45, 0.45)
    baseline = writer.height - trim.bottom
    if scene.outline.kind == "rect":
        c.drawRightString(trim.right - mm(1.5), baseline + mm(1.2), text)
    else:
        c.drawCentredString(trim.x + trim.width / 2, baseline + mm(3.5), text)
    c.restoreState()
