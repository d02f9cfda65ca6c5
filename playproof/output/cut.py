"""Cutting-machine export (print then cut): a print PDF with registration marks and one SVG of cut paths per page.

The PDF holds each copy with its bleed and three registration squares (top-left, top-right,
bottom-left, as Cricut and Silhouette print-then-cut expect); each SVG page, at the same size,
holds only the cut paths (the true outline: rounded rectangles, circles, hex-group loops) on
an Inkscape layer "cut", in the same coordinates as the PDF page.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from playproof.layouts.geometry import Box, Outline
from playproof.layouts.imposition import Copy, Slot
from playproof.layouts.scene import Scene
from playproof.layouts.spec import Paper, paper_from
from playproof.output.atomic import atomic_path, check_stop, write_text_atomic
from playproof.output.cardimages import Design, designs
from playproof.output.export import ExportJob
from playproof.units import mm, to_mm

MARK = mm(5)        # a registration square's side
MARK_INSET = mm(10)  # from the paper's edge to a square
CLEAR = mm(5)       # between the squares' band and the pieces
GAP = mm(2)         # between two pieces' bleed boxes


@dataclass(frozen=True)
class Placed:
    """One copy on a page: its design and the top-left corner of its trim box."""

    design: Design
    x: float
    y: float


def marks(paper: Paper) -> list[Box]:
    """Return the three registration squares of a page: top-left, top-right, bottom-left."""
    far_x = paper.width - MARK_INSET - MARK
    far_y = paper.height - MARK_INSET - MARK
    return [Box(MARK_INSET, MARK_INSET, MARK, MARK), Box(far_x, MARK_INSET, MARK, MARK),
            Box(MARK_INSET, far_y, MARK, MARK)]


def area(paper: Paper) -> Box:
    """Return where pieces may go: inside the band the registration squares occupy."""
    edge = MARK_INSET + MARK + CLEAR
    return Box(edge, edge, paper.width - 2 * edge, paper.height - 2 * edge)


def pages(items: list[Design], paper: Paper) -> list[list[Placed]]:
    """Place every copy of the designs row by row inside the page area (one set per call)."""
    free = area(paper)
    result: list[list[Placed]] = [[]]
    x, y, row_height = free.x, free.y, 0.0
    for design in (d for d in items for _ in range(d.copies)):
        s = design.scene
        w, h = s.width + 2 * s.bleed, s.height + 2 * s.bleed
        if x + w > free.right + 1e-6:
            x, y, row_height = free.x, y + row_height + GAP, 0.0
        if y + h > free.bottom + 1e-6 and result[-1]:
            result.append([])
            x, y, row_height = free.x, free.y, 0.0
        result[-1].append(Placed(design, x + s.bleed, y + s.bleed))
        x, row_height = x + w + GAP, max(row_height, h)
    return [page for page in result if page]


def cut_path(outline: Outline, x: float, y: float) -> str:
    """Return the SVG element of one outline placed with its top-left corner at (x, y)."""
    if outline.kind == "circle":
        r = outline.width / 2
        return f'<circle cx="{x + r:.3f}" cy="{y + r:.3f}" r="{r:.3f}"/>'
    if outline.kind == "polygon":
        loops = " ".join("M" + " L".join(f"{x + px:.3f},{y + py:.3f}" for px, py in loop) + " Z"
                         for loop in outline.loops)
        return f'<path d="{loops}"/>'
    radius = f' rx="{outline.radius:.3f}"' if outline.radius else ""
    return f'<rect x="{x:.3f}" y="{y:.3f}" width="{outline.width:.3f}" height="{outline.height:.3f}"{radius}/>'


def cut_svg(paper: Paper, page: list[Placed]) -> str:
    """Return one page of cut paths (points as user units, the page size in mm)."""
    paths = "\n    ".join(cut_path(p.design.scene.outline, p.x, p.y) for p in page)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
            f'width="{to_mm(paper.width):.3f}mm" height="{to_mm(paper.height):.3f}mm" '
            f'viewBox="0 0 {paper.width:.3f} {paper.height:.3f}">\n'
            f'  <g id="cut" inkscape:groupmode="layer" inkscape:label="cut" fill="none" stroke="#ff0000" '
            f'stroke-width="0.25">\n    {paths}\n  </g>\n</svg>\n')


def write_pdf(job: ExportJob, paper: Paper, layout_pages: list[list[Placed]], target: Path) -> None:
    """Draw every page: each copy with its bleed, then the registration squares."""
    from playproof.output.pdf import PdfWriter

    with atomic_path(target) as temporary:
        writer = PdfWriter(temporary, job.composer.assets, f"{job.project.name} print then cut", 0.0)
        c = writer.canvas
        for page in layout_pages:
            check_stop()
            c.setPageSize((paper.width, paper.height))
            writer.height = paper.height
            for placed in page:
                writer.slot(_slot(placed), _printed(placed.design.scene))
            c.setFillColorRGB(0, 0, 0)
            for square in marks(paper):
                c.rect(square.x, paper.height - square.bottom, square.width, square.height, stroke=0, fill=1)
            c.showPage()
        writer.save()


def _printed(scene: Scene) -> Scene:
    """Return the scene without its grey cut line (the machine cuts; nothing to follow by hand)."""
    from dataclasses import replace

    return replace(scene, cut_line=False)


def _slot(placed: Placed) -> Slot:
    """Return the slot that draws a copy with its bleed at its place."""
    s = placed.design.scene
    b = s.bleed
    art = Box(placed.x - b, placed.y - b, s.width + 2 * b, s.height + 2 * b)
    return Slot(Copy(placed.design.set, placed.design.row, 1, 0), "front", 1,
                Box(placed.x, placed.y, s.width, s.height), art, (placed.x, placed.y))


class CuttingMachine:
    """--format cut: DIR/cut/<project>-print.pdf and DIR/cut/<project>-cut-NNN.svg (one per page)."""

    title = "cut"

    def write(self, job: ExportJob) -> list[Path]:
        """Lay out every copy of the chosen sets' fronts, then write the print PDF and the cut SVGs."""
        paper = paper_from(job.options.paper) if job.options.paper else job.project.spec.paper
        all_pages = [page for layout in job.layouts
                     for page in pages(list(designs(job, layout, ("front",))), paper)]
        folder = job.out / "cut"
        folder.mkdir(parents=True, exist_ok=True)
        pdf = folder / f"{job.name}-print.pdf"
        write_pdf(job, paper, all_pages, pdf)
        written = [pdf]
        for number, page in enumerate(all_pages, 1):
            target = folder / f"{job.name}-cut-{number:03d}.svg"
            write_text_atomic(target, cut_svg(paper, page))
            written.append(target)
        return written
