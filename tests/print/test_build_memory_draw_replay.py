"""A scene drawn again (a common back) writes the PDF operators of its first drawing instead of being redrawn."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from playproof.layouts.scene import RectOp, TextOp
from playproof.output import pdf
from playproof.output.build import build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import print_bench  # noqa: E402


def _counted(monkeypatch) -> dict[type, int]:
    """Count the ops drawn one by one."""
    calls: dict[type, int] = {RectOp: 0, TextOp: 0}
    for kind in calls:
        real = pdf.DRAW[kind]

        def counted(w, op, real=real, kind=kind):
            calls[kind] += 1
            return real(w, op)

        monkeypatch.setitem(pdf.DRAW, kind, counted)
    return calls


def _deck(tmp_path: Path, back: str) -> Path:
    """Write the benchmark deck of 20 cards with the given back table."""
    project = print_bench.make_deck(tmp_path, 20, "csv")
    layouts = project / "layouts.toml"
    text = layouts.read_text()
    layouts.write_text(text[:text.index("back = ")] + f"back = {back}\n")
    return project


def test_a_shared_back_is_drawn_once_and_written_again(tmp_path, monkeypatch):
    calls = _counted(monkeypatch)
    project = _deck(tmp_path, '{ background = "#203040", elements = [ { type = "text", text = "**Back**", '
                              'x = "0", y = "40mm", width = "100%", height = "8mm", align = "center" } ] }')
    out = build(project, tmp_path / "out").outputs[0]
    assert calls == {RectOp: 20 + 1, TextOp: 2 * 20 + 1}  # 20 fronts, one back drawn op by op
    content = pdf_pages(out)
    assert [page.count(b"(Back) Tj") for page in content] == [0, 8, 0, 8, 0, 4]


def test_a_translucent_back_is_drawn_every_time(tmp_path, monkeypatch):
    calls = _counted(monkeypatch)
    project = _deck(tmp_path, '{ background = "#20304080" }')
    build(project, tmp_path / "out")
    assert calls[RectOp] == 20 + 20


def test_pages_name_the_forms_a_replayed_back_uses(tmp_path):
    project = _deck(tmp_path, '{ background = "#203040", elements = [ { type = "image", src = "icon.svg", '
                              'x = "20mm", y = "30mm", width = "20mm", height = "20mm" } ] }')
    out = build(project, tmp_path / "out").outputs[0]
    pikepdf = pytest.importorskip("pikepdf")
    with pikepdf.open(out) as document:
        for number, page in enumerate(document.pages, start=1):
            data = page.Contents.read_bytes()
            used = {word.decode() for word in data.split() if word.startswith(b"/FormXob")}
            assert used, number
            assert used <= set(page.Resources.XObject.keys()), number


def pdf_pages(path: Path) -> list[bytes]:
    """Return each page's content stream."""
    pikepdf = pytest.importorskip("pikepdf")
    with pikepdf.open(path) as document:
        return [page.Contents.read_bytes() for page in document.pages]


def test_an_image_drawn_before_is_written_again_with_the_same_bytes(tmp_path, monkeypatch):
    """Every front's icon (one per set, or one per suit) is drawn op by op once; the PDF is what drawing each
    again writes, and every page names the forms it uses."""
    project = print_bench.make_deck(tmp_path, 30, "csv", "icons")
    drawn: list[int] = []
    real = pdf._image
    monkeypatch.setattr(pdf, "_image", lambda w, op: drawn.append(id(op)) or real(w, op))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    kept = build(project, tmp_path / "kept").outputs[0].read_bytes()
    assert len(drawn) == len(set(drawn)) == 4  # the four suits' icons, each drawn once
    monkeypatch.setitem(pdf.DRAW, pdf.ImageOp, real)  # every image drawn op by op
    assert build(project, tmp_path / "each").outputs[0].read_bytes() == kept
    pikepdf = pytest.importorskip("pikepdf")
    with pikepdf.open(tmp_path / "kept" / f"{project.name}.pdf") as document:
        for number, page in enumerate(document.pages[::2], start=1):
            used = {word.decode() for word in page.Contents.read_bytes().split() if word.startswith(b"/FormXob")}
            assert len(used) == 4 and used <= set(page.Resources.XObject.keys()), number


def test_marks_a_grid_shares_are_written_once_and_again_with_the_same_bytes(tmp_path, monkeypatch):
    project = print_bench.make_deck(tmp_path, 30, "csv")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    from reportlab.pdfgen.canvas import Canvas

    drawn: list[int] = []
    real_lines = Canvas.lines
    monkeypatch.setattr(Canvas, "lines", lambda self, lines: drawn.append(len(lines)) or real_lines(self, lines))
    kept = build(project, tmp_path / "kept").outputs[0].read_bytes()
    assert len(drawn) == 2  # the crop marks of a full sheet (three pages) and of the last one, each drawn once
    real = pdf.PdfWriter.marks
    monkeypatch.setattr(pdf.PdfWriter, "marks", lambda self, marks: (self.mark_lines.clear(), real(self, marks))[1])
    assert build(project, tmp_path / "each").outputs[0].read_bytes() == kept  # every page's marks drawn
    assert len(drawn) == 2 + 4
