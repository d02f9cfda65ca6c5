"""Build a project: load and check it, plan the sheets, render PDF (or SVG/PNG), write the manifest."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from playproof.components.model import ComponentRow
from playproof.errors import PlayproofError, Problem, Problems
from playproof.layouts.compose import Composer
from playproof.layouts.cuts import CutChoice, choose_cut
from playproof.layouts.elements import Side, substitute
from playproof.layouts.imposition import Copy, PagePlan, Plan, SetJob, Sheet, Slot, SlotRun, plan
from playproof.layouts.project import Project, design_size, load_project, nest_shape
from playproof.layouts.scene import Scene
from playproof.layouts.spec import Paper, SetLayout, fit_to_paper, paper_from
from playproof.output.atomic import atomic_outputs, atomic_path
from playproof.output.copies import Copies
from playproof.output.manifest import head, write_manifest
from playproof.versions import manifest_versions
from playproof.output.metadata import document_info
from playproof.output.names import display_name
from playproof.output.names import set_slug as slug  # noqa: F401 (callers import build.slug)
from playproof.output.only import RowFilter, row_filters, set_name
from playproof.output.paper import paper_report
from playproof.records import FrozenRecord, Record, SET

if TYPE_CHECKING:
    from playproof.output.reprint import PrintLoop

FORMATS: dict[str, str | None] = {  # None: drawn here; else "module:Class" of an export format (export.py)
    "pdf": None,
    "svg": None,
    "png": "playproof.output.cardimages:CardImages",
    "tts": "playproof.output.tts:TabletopSimulator",
    "pod": "playproof.output.pod:PrintOnDemand",
    "cut": "playproof.output.cut:CuttingMachine",
    "showcase": "playproof.output.showcase:Showcase",
    "proof": "playproof.output.proof:ColourProof",
}
Progress = Callable[[int, int], None]


class BuildOptions(FrozenRecord):
    """Options from the command line; None means "as layouts.toml says"."""

    __slots__ = ("paper", "only", "format", "duplex", "fold", "back_offset", "calibration", "dpi", "cut", "service",
                 "pdfx", "image_url", "vision", "jobs")
    paper: str | None
    only: tuple[str, ...]
    format: str
    duplex: str | None
    fold: bool | None
    back_offset: tuple[float, float] | None
    calibration: bool | None
    dpi: int | None
    cut: str
    service: str | None
    pdfx: bool  # PDF/X-4 with an sRGB output intent (needs pikepdf)
    image_url: str | None  # --format tts: images addressed under this URL instead of file:///
    vision: str | None  # --format proof: deutan, protan, tritan or all
    jobs: int  # processes drawing a PDF's pages (output/parallel.py); the command line's default is every core

    def __init__(
        self,
        paper: str | None = None,
        only: tuple[str, ...] = (),
        format: str = "pdf",
        duplex: str | None = None,
        fold: bool | None = None,
        back_offset: tuple[float, float] | None = None,
        calibration: bool | None = None,
        dpi: int | None = None,
        cut: str = "bleed",
        service: str | None = None,
        pdfx: bool = False,
        image_url: str | None = None,
        vision: str | None = None,
        jobs: int = 1,
    ) -> None:
        SET(self, "paper", paper)
        SET(self, "only", only)
        SET(self, "format", format)
        SET(self, "duplex", duplex)
        SET(self, "fold", fold)
        SET(self, "back_offset", back_offset)
        SET(self, "calibration", calibration)
        SET(self, "dpi", dpi)
        SET(self, "cut", cut)
        SET(self, "service", service)
        SET(self, "pdfx", pdfx)
        SET(self, "image_url", image_url)
        SET(self, "vision", vision)
        SET(self, "jobs", jobs)


class BuildResult(Record):
    """What a build wrote, with counts for the summary line and the warnings found."""

    __slots__ = ("outputs", "manifest", "sets", "copies", "pages", "warnings", "format", "notes")
    outputs: list[Path]
    manifest: Path | None
    sets: int
    copies: int
    pages: int
    warnings: list[Problem]
    format: str  # what was written: "pdf" counts pages, any other format its files
    notes: list[str]  # the paper: pages and fill, pieces a page per set and why (paper.py)

    def __init__(
        self,
        outputs: list[Path],
        manifest: Path | None,
        sets: int,
        copies: int,
        pages: int,
        warnings: list[Problem] | None = None,
        format: str = "pdf",
        notes: list[str] | None = None,
    ) -> None:
        self.format = format
        self.notes = [] if notes is None else notes
        self.outputs = outputs
        self.manifest = manifest
        self.sets = sets
        self.copies = copies
        self.pages = pages
        self.warnings = [] if warnings is None else warnings

    def summary(self) -> str:
        """Return the one-line summary printed after a build."""
        written = f"{self.pages} page(s)" if self.format == "pdf" else self.files()
        return f"{self.sets} set(s), {self.copies} copies, {written}, {len(self.warnings)} warning(s)"

    def files(self) -> str:
        """Return the files written, by kind: "6 file(s) (4 .png, 1 .csv, 1 .json)"."""
        kinds: dict[str, int] = {}
        for path in self.outputs:
            kinds[path.suffix or path.name] = kinds.get(path.suffix or path.name, 0) + 1
        detail = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
        return f"{len(self.outputs)} file(s) ({detail})" if len(kinds) > 1 else f"{detail} file(s)"


def check(path: Path, problems: Problems) -> Project:
    """Load a project and compose every design side without rendering; problems are collected."""
    project = load_project(path, problems)
    if problems.errors:
        return project
    composer = Composer(path, problems, project.builtins())
    from playproof.output.vision import available
    from playproof.output.vision_lint import lint_set, signature

    lint = available()  # the colour-blind lint needs colour-science (the `vision` extra)
    for layout in project.spec.sets.values():
        cset = project.component_set(layout)
        fronts = []
        for index, row in enumerate(cset.rows, 1):
            scene = composer.scene(layout, layout.front, cset, row)
            if lint:
                fronts.append((row.row, display_name(row, layout.name, index), signature(scene)))
            if layout.back is not None:
                composer.scene(layout, layout.back, cset, row, back=True)
        if lint:
            lint_set(layout.name, cset.file, fronts, problems)
    return project


def selected_sets(project: Project, only: tuple[str, ...]) -> list[SetLayout]:
    """Return the sets to print (all, or those named with --only)."""
    sets = project.spec.sets
    only = tuple(set_name(entry) for entry in only)  # "Cards:3-7" chooses rows of Cards (only.py)
    unknown = [name for name in only if name not in sets]
    if unknown:
        raise PlayproofError(f'--only: no set "{unknown[0]}" (sets: {", ".join(sets)})')
    return [layout for name, layout in sets.items() if not only or name in only]


def make_jobs(project: Project, layouts: list[SetLayout], rows: dict[str, RowFilter] | None = None,
              choices: dict[str, CutChoice] | None = None) -> list[SetJob]:
    """Return the imposition job of each set: its size, gap, and every copy (of the rows chosen) in row order.

    choices, when given, receives each set's cut and the reason for it.
    """
    jobs = []
    for layout in layouts:
        cset = project.component_set(layout)
        copies = Copies.of(layout.name, cset.rows, (rows or {}).get(layout.name))
        width, height = design_size(layout, cset)
        choice = cut_choice(layout, cset.rows)
        if choices is not None:
            choices[layout.name] = choice
        gap = layout.gap if layout.gap is not None else (0.0 if choice.shared else 2 * layout.bleed)
        crop = layout.shape in ("rect", "board", "screen")
        edges = _all_edges(layout, cset.rows) if choice.shared and gap == 0 else ()
        orientation, cells = nest_shape(layout, cset)  # hexes nest on the sheet (see imposition.nest_for)
        jobs.append(SetJob(layout.name, width, height, layout.bleed, gap, copies, layout.back is not None,
                           crop, layout.overlap, edges, honeycomb=layout.shape == "circle", hex=orientation,
                           cells=cells, hex_side=layout.side, rotate=layout.rotate, narrow=choice.narrow))
    return jobs


def cut_choice(layout: SetLayout, rows: Sequence[ComponentRow]) -> CutChoice:
    """Return how a set's pieces are cut apart (shared cut lines or gutters), and why."""
    edges = _all_edges(layout, rows) if layout.cut == "auto" and layout.gap is None else ()
    return choose_cut(layout.cut, layout.shape, layout.gap is not None, edges, layout.back is not None)


def _all_edges(layout: SetLayout, rows: Sequence[ComponentRow]) -> tuple[tuple[str, str], ...]:
    """Return each design's edge colours (see _edges); equal pairs are one tuple, shared."""
    pairs: dict[tuple[str, str], tuple[str, str]] = {}
    return tuple(pairs.setdefault(pair, pair) for pair in (_edges(layout, row.fields) for row in rows))


def _edges(layout: SetLayout, fields: dict[str, object]) -> tuple[str, str]:
    """Return the colour printed at the cut edge of a design's front and back (its frame, else its background)."""
    def edge(side: Side | None) -> str:
        if side is None:
            return ""
        value = side.border.colour if side.border is not None and side.border.width > 0 else side.background
        return substitute(str(value), fields).strip().lower() if value else ""

    return edge(layout.front), edge(layout.back)


def make_sheet(project: Project, options: BuildOptions) -> tuple[Paper, Sheet]:
    """Return the paper and sheet options (command line over layouts.toml)."""
    spec = project.spec
    paper = paper_from(options.paper) if options.paper else spec.paper
    fit_to_paper(spec.sets.values(), paper)  # sizes such as "half-page" follow the paper of this build
    o = spec.options
    sheet = Sheet(
        width=paper.width, height=paper.height, margin=o.margin,
        duplex=options.duplex or o.duplex,
        back_offset=options.back_offset if options.back_offset is not None else o.back_offset,
        fold=options.fold if options.fold is not None else o.fold,
        footer=o.footer, crop_marks=o.crop_marks,
        calibration=options.calibration if options.calibration is not None else o.calibration,
    )
    return paper, sheet


class SceneCache:
    """Composes each design side when first needed and keeps a bounded number of them."""

    LIMIT = 512

    def __init__(self, project: Project, composer: Composer) -> None:
        self.project = project
        self.composer = composer
        self.scenes: dict[tuple[str, int, str], Scene | None] = {}
        self.per_row = {(name, side): _uses_row(layout, side) for name, layout in project.spec.sets.items()
                        for side in ("front", "back")}

    def __call__(self, slot: Slot) -> Scene | None:
        """Return the scene for a slot's design and side (one scene for a side that uses no row field)."""
        design = slot.copy.design if self.per_row[(slot.copy.set, slot.side)] else -1
        key = (slot.copy.set, design, slot.side)
        if key not in self.scenes:
            if len(self.scenes) >= self.LIMIT:  # sides that use no row stay: composed once per build
                self.scenes = {kept: scene for kept, scene in self.scenes.items() if kept[1] == -1}
            self.scenes[key] = self._compose(slot)
        return self.scenes[key]

    def shared(self, slot: Slot) -> bool:
        """Return whether a slot's scene is its set's for every row (a side that uses no row field)."""
        return not self.per_row[(slot.copy.set, slot.side)]

    def _compose(self, slot: Slot) -> Scene | None:
        """Compose one design side."""
        layout = self.project.spec.sets[slot.copy.set]
        cset = self.project.component_set(layout)
        row = cset.rows[slot.copy.design]  # for a row-independent side, any row draws the same
        side = layout.front if slot.side == "front" else layout.back
        if side is None:
            return None
        return self.composer.scene(layout, side, cset, row, back=slot.side == "back")


def _uses_row(layout: SetLayout, side: str) -> bool:
    """Return whether a side's drawing depends on the row (fields, conditions, per-row hex cells)."""
    chosen = layout.front if side == "front" else layout.back
    if chosen is None:
        return False
    return isinstance(layout.cells, str) or bool(chosen.fields() - {"_game", "_version", "_set"})


def copy_ranges(plan_: Plan, totals: dict[str, int]) -> dict[int, str]:
    """Return, per page number, which copies of its set the page holds ("copies 10-18 of 55")."""
    ordinal = _Ordinals(plan_)
    ranges: dict[int, str] = {}
    for page in plan_.pages:
        held: dict[str, list[int]] = {}
        run = _front_run(page)
        if isinstance(run, SlotRun):  # a grid page: its copies are consecutive in their set
            held[run.copies.name] = [run.start + 1, run.stop]
        else:
            for slot in page.slots:
                if slot.side == "front" and slot.part is None:
                    held.setdefault(slot.copy.set, []).append(ordinal(slot.copy))
        if page.set is None or len(held) != 1:
            continue  # a shared sheet's footer names its sets; their copies would not fit on the line
        spans = []
        for name, numbers in held.items():
            first, last = min(numbers), max(numbers)
            span = f"copy {first}" if first == last else f"copies {first}-{last}"
            spans.append(f"{span} of {totals[name]}")
        ranges[page.number] = "; ".join(spans)
        following = plan_.pages[page.number] if page.number < len(plan_.pages) else None
        if following is not None and following.side == "back" and following.set == page.set and following.slots:
            ranges[page.number + 1] = ranges[page.number]  # a back page shows what its front holds
    return ranges


def front_counts(plan_: Plan) -> dict[str, int]:
    """Return how many copies of each set the plan prints (fronts, tiled parts not counted)."""
    totals: dict[str, int] = {}
    for page in plan_.pages:
        run = _front_run(page)
        if isinstance(run, SlotRun):
            totals[run.copies.name] = totals.get(run.copies.name, 0) + len(run)
        if run is not None:
            continue
        for slot in page.slots:
            if slot.side == "front" and slot.part is None:
                totals[slot.copy.set] = totals.get(slot.copy.set, 0) + 1
    return totals


def _front_run(page: PagePlan) -> SlotRun | tuple[()] | None:
    """Return a page's slots when they are whole fronts of consecutive copies of a set's Copies, () when the
    page is a grid page of backs (no fronts), else None (look at each slot)."""
    run = page.slots
    if isinstance(run, SlotRun) and isinstance(run.copies, Copies) and run.cells:
        cell = run.cells[0]
        if cell.side == "front" and cell.part is None:
            return run
        if cell.side == "back":
            return ()
    return None


class _Ordinals:
    """Each copy's number within its set (row order, then copy), whatever page it lies on.

    A set laid out from Copies numbers its copies by their place in it (its copies are in that
    order, each placed once); other sets are numbered by sorting the fronts the plan places.
    """

    def __init__(self, plan_: Plan) -> None:
        self.sequences: dict[str, Copies] = {}
        for page in plan_.pages:
            run = _front_run(page)
            if isinstance(run, SlotRun):
                self.sequences.setdefault(run.copies.name, run.copies)
        fronts = sorted({s.copy for page in plan_.pages if _front_run(page) is None for s in page.slots
                         if s.side == "front" and s.part is None and s.copy.set not in self.sequences},
                        key=lambda c: (c.set, c.design, c.copy))
        self.others: dict[Copy, int] = {}
        counters: dict[str, int] = {}
        for copy in fronts:
            counters[copy.set] = self.others[copy] = counters.get(copy.set, 0) + 1

    def __call__(self, copy: Copy) -> int:
        sequence = self.sequences.get(copy.set)
        return sequence.index(copy) + 1 if sequence is not None else self.others[copy]


def footer_text(project: Project, plan_: Plan, index: int, ranges: dict[int, str] | None = None) -> str:
    """Return the footer of a page: game, set, version, side, copies on the page, part, page number."""
    page = plan_.pages[index]
    parts = [project.name]
    if page.set:
        parts.append(page.set)
    if project.version:
        parts.append(f"version {project.version}")
    if page.side == "back":
        parts.append("back")
    if ranges and page.number in ranges:
        parts.append(ranges[page.number])
    if page.label:
        parts.append(page.label)
    parts.append(f"page {page.number} of {len(plan_.pages)}")
    return " · ".join(parts)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect cyclic garbage less often while building (restored after).

    A build allocates many short-lived objects and almost no reference cycles; Python's default
    collection threshold rescans them so often that it costs about a fifth of composing time.
    """
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], 50_000), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


MAX_PAGES = 10_000
"""The most pages one build prints (the five seed games together print a few hundred)."""


def build(path: Path, out_dir: Path | None, options: BuildOptions = BuildOptions(),
          progress: Progress | None = None, scenes: type[SceneCache] | None = None,
          loop: PrintLoop | None = None) -> BuildResult:
    """Build a project into out_dir (default PROJECT/out); raise ProblemsError on any error.

    `scenes` replaces the scene cache (--watch keeps scenes between builds, see watch.py);
    `loop` adds versions, the print history and --changed reprints (output/reprint.py).
    """
    with fewer_collections():
        return _build(path, out_dir, options, progress, scenes or SceneCache, loop)


def _build(path: Path, out_dir: Path | None, options: BuildOptions, progress: Progress | None,
           scenes: type[SceneCache], loop: PrintLoop | None = None) -> BuildResult:
    """Do the build (see build)."""
    if options.format not in FORMATS:
        raise PlayproofError(f'unknown format "{options.format}" (use {", ".join(FORMATS)})')
    problems = Problems()
    project = load_project(path, problems, stream=options.format == "pdf")  # only drawing a PDF streams the rows
    problems.raise_if_errors()
    only = loop.prepare(project, options.only) if loop is not None else options.only
    layouts = selected_sets(project, only)
    paper, sheet = make_sheet(project, options)
    choices: dict[str, CutChoice] = {}
    jobs = make_jobs(project, layouts, row_filters(only), choices)
    plan_ = plan(jobs, sheet)
    for warning in plan_.warnings:
        problems.warn(None, warning)
    if not plan_.pages:
        chosen = f'--only {" ".join(options.only)} chooses no copies' if options.only else "every count is 0"
        raise PlayproofError(f"nothing to print: the sets chosen have no copies ({chosen})")
    if len(plan_.pages) > MAX_PAGES:
        raise PlayproofError(f"the build would print {len(plan_.pages):,} pages, more than {MAX_PAGES:,}, the most "
                             "one build prints (see docs/limits.md); check the counts and sizes, or use --only SET")
    out = out_dir if out_dir is not None else path / "out"
    name = loop.stem(path.resolve().name) if loop is not None else path.resolve().name  # a reprint: NAME-reprint
    composer = Composer(path, problems, project.builtins())
    cache = scenes(project, composer)
    manifest_path = out / f"{name}.manifest.json"
    notes: list[str] = []

    def sheets_manifest() -> None:
        sets = {job.name: (len(project.component_set(project.spec.sets[job.name]).rows), len(job.copies))
                for job in jobs}
        document = head(project.name, project.version, paper.name, len(plan_.pages), sets)
        versions = loop.manifest() if loop is not None else manifest_versions(project)  # a library build too
        write_manifest(manifest_path, {**document, **versions}, plan_)

    with atomic_outputs():  # the outputs and the manifest are replaced together, or none of them
        if options.format == "svg":
            from playproof.output.svg import write_svgs

            outputs = write_svgs(project, layouts, composer, out / "svg", problems, row_filters(only))
        elif FORMATS[options.format] is not None:
            from playproof.output.export import ExportJob, load

            job = ExportJob(project, layouts, composer, out, name, options, problems)
            outputs = load(FORMATS[options.format] or "").write(job)
            notes, manifest_path = job.notes, job.manifest or manifest_path
        else:
            processes = options.jobs if scenes is SceneCache else 1  # --watch keeps its scenes in this process
            outputs = [_write_pdf(project, plan_, cache, out / f"{name}.pdf", sheet, problems, progress,
                                  options.pdfx, loop, processes, notes, sheets_manifest)]
        problems.raise_if_errors()
        if options.format != "pdf" and manifest_path not in outputs:  # print-on-demand's own manifest: images
            sheets_manifest()
        if loop is not None:  # the print history is replaced with the outputs, or not at all
            loop.finish(outputs[0] if options.format == "pdf" else None)
    return BuildResult(outputs, manifest_path, len(jobs), sum(len(j.copies) for j in jobs), len(plan_.pages),
                       problems.warnings, options.format,
                       paper_report(plan_, jobs, choices, sheet, paper.name) + notes if options.format == "pdf"
                       else notes)


def _write_pdf(project: Project, plan_: Plan, cache: SceneCache, target: Path, sheet: Sheet, problems: Problems,
               progress: Progress | None, pdfx: bool = False, loop: PrintLoop | None = None, jobs: int = 1,
               notes: list[str] | None = None, meanwhile: Callable[[], None] | None = None) -> Path:
    """Render the plan to target atomically (on `jobs` processes, see parallel.py); nothing is left behind when
    composing found errors. A note says why a build drew on fewer processes than asked, where the user can change it.
    `meanwhile` (the manifest) is done once: while the workers draw, or after the PDF is written.
    """
    from playproof.output.parallel import PageRun, draw_pages, workers_for, write_parallel
    from playproof.output.pdf import PdfWriter

    if pdfx:
        from playproof.output.pdfx import _pikepdf

        _pikepdf()  # say what to install before drawing anything

    ranges = copy_ranges(plan_, front_counts(plan_))
    info = document_info(project)
    writer_class = loop.writer_class() if loop is not None else PdfWriter

    def draw(writer: PdfWriter, index: int) -> None:
        page = plan_.pages[index]
        footer = footer_text(project, plan_, index, ranges) if sheet.footer and page.footer else ""
        writer.page(page, cache, loop.footer(footer) if loop is not None else footer, sheet.back_offset)

    run = PageRun(plan_.pages, lambda path: writer_class(path, cache.composer.assets, info, sheet.margin), draw,
                  loop.after_pages if loop is not None else None, cache, cache.shared)
    workers, note = workers_for(jobs, len(plan_.pages))
    if note and notes is not None:
        notes.append(note)
    with atomic_path(target) as temporary:
        if workers > 1:
            write_parallel(run, temporary, workers, info.document_id, problems, progress, meanwhile)
        else:
            draw_pages(run, temporary, range(len(plan_.pages)), progress)
        problems.raise_if_errors()
        if pdfx:
            from playproof.output.pdfx import make_pdfx

            make_pdfx(temporary, info)
    if meanwhile is not None and workers == 1:
        meanwhile()
    return target


__all__ = ["BuildOptions", "BuildResult", "Copies", "build", "check"]
