"""`build --jobs N`: page ranges drawn in worker processes and joined give the PDF one process draws."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.errors import PlayproofError
from playproof.layouts.plan import PagePlan
from playproof.output import join, parallel
from playproof.output.build import BuildOptions, build
from playproof.output.pdf import PdfWriter
from print_fixtures import CARD_LAYOUT, make_project

pikepdf = pytest.importorskip("pikepdf")
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@pytest.fixture
def split(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start workers for builds of any size, and date builds reproducibly (files compare byte for byte)."""
    monkeypatch.setattr(parallel, "MIN_PAGES_PER_WORKER", 1)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")


def structure(path: Path) -> dict[str, Any]:
    """Return what a PDF says about itself: pages, Info, XMP, outline (title, page, view), page labels, /ID."""
    with pikepdf.open(path) as pdf:
        with pdf.open_outline() as outline:
            entries = [(item.title, pdf.pages.index(pikepdf.Page(item.destination[0])), str(item.destination[1]))
                       for item in outline.root]
        metadata = pdf.Root.get("/Metadata")
        return {"pages": len(pdf.pages), "info": {str(k): str(v) for k, v in pdf.docinfo.items()},
                "xmp": metadata.read_bytes() if metadata is not None else None, "outline": entries,
                "labels": "/PageLabels" in pdf.Root, "id": [bytes(part) for part in pdf.trailer.ID],
                "catalog": sorted(pdf.Root.keys()), "version": pdf.pdf_version,
                "boxes": [(str(p.obj.get("/TrimBox")), str(p.obj.get("/BleedBox"))) for p in pdf.pages]}


def renders(path: Path) -> list[bytes]:
    """Return every page drawn in grey at 18 dpi."""
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(str(path))
    return [page.render(scale=0.25).to_pil().convert("L").tobytes() for page in document]


def same_document(one: Path, other: Path) -> None:
    """Assert two PDFs have the same structure and pages that render pixel for pixel the same."""
    assert structure(other) == structure(one)
    assert renders(other) == renders(one)


def built(project: Path, out: Path, **options: Any) -> Path:
    """Build a project into out; return the PDF."""
    return build(project, out, BuildOptions(**options)).outputs[0]


@pytest.mark.parametrize("options", [{}, {"calibration": True, "duplex": "short"}, {"fold": True}],
                         ids=["long-edge", "calibration-short-edge", "fold"])
@pytest.mark.parametrize("jobs", [2, 3])
def test_pages_outline_and_metadata_match_one_process(tmp_path: Path, split: None, jobs: int,
                                                      options: dict[str, Any]) -> None:
    one = built(EXAMPLES / "seven-sisters", tmp_path / "one", jobs=1, **options)
    several = built(EXAMPLES / "seven-sisters", tmp_path / "several", jobs=jobs, **options)
    same_document(one, several)
    assert len(structure(one)["outline"]) >= 5  # a bookmark per set (and the calibration sheet)
    manifests = [(tmp_path / side / "seven-sisters.manifest.json").read_text() for side in ("one", "several")]
    assert manifests[0] == manifests[1]
    assert sorted(p.name for p in (tmp_path / "several").iterdir()) == sorted(
        p.name for p in (tmp_path / "one").iterdir())


def test_the_manifest_is_written_while_the_workers_draw(tmp_path: Path, split: None,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from playproof.output import build as build_module

    written, drawing = build_module.write_manifest, []

    def write_manifest(*args: Any) -> None:
        drawing.append(len(multiprocessing.active_children()))
        written(*args)

    monkeypatch.setattr(build_module, "write_manifest", write_manifest)
    drawn = PdfWriter.page

    def slowly(self: PdfWriter, *args: Any) -> None:  # each worker draws for seconds, whatever the machine's load
        time.sleep(0.2)
        drawn(self, *args)

    monkeypatch.setattr(PdfWriter, "page", slowly)
    build(EXAMPLES / "four-sisters", tmp_path / "several", BuildOptions(jobs=2))
    monkeypatch.setattr(PdfWriter, "page", drawn)
    build(EXAMPLES / "four-sisters", tmp_path / "one", BuildOptions(jobs=1))
    assert drawing == [2, 0]


def test_the_same_jobs_give_the_same_bytes(tmp_path: Path, split: None) -> None:
    first = built(EXAMPLES / "four-sisters", tmp_path / "a", jobs=2).read_bytes()
    assert built(EXAMPLES / "four-sisters", tmp_path / "b", jobs=2).read_bytes() == first
    assert built(EXAMPLES / "four-sisters", tmp_path / "c", jobs=1).read_bytes() != first  # really joined


def test_pdfx_on_several_processes_passes_preflight_with_the_same_metadata(tmp_path: Path, split: None) -> None:
    one = built(EXAMPLES / "four-sisters", tmp_path / "one", jobs=1, pdfx=True)
    several = built(EXAMPLES / "four-sisters", tmp_path / "several", jobs=2, pdfx=True)
    same_document(one, several)  # make_pdfx preflights each file before it is kept
    assert structure(several)["xmp"] is not None


def test_rows_streamed_from_a_workbook_are_read_by_each_worker(tmp_path: Path, split: None) -> None:
    padding = " ".join(["gain one fruit"] * 12)  # a spool larger than a read buffer: workers read past it
    rows = [("name", "text", "count")] + [(f"Card {n}", f"Rule {n}: {padding}.", 1 + n % 3) for n in range(120)]
    project = make_project(tmp_path, CARD_LAYOUT, {"Cards": rows})
    one, several = built(project, tmp_path / "one", jobs=1), built(project, tmp_path / "several", jobs=2)
    same_document(one, several)


def test_rows_streamed_from_a_csv_file_are_read_by_each_worker(tmp_path: Path, split: None) -> None:
    project = make_project(tmp_path, CARD_LAYOUT, {})
    (project / "components.xlsx").unlink()
    padding = " ".join(["gain one fruit"] * 12)  # a file larger than a read buffer: workers read past it
    (project / "Cards.csv").write_text("name,text,count\n" + "".join(f"Card {n},Rule {n}: {padding}.,{1 + n % 2}\n"
                                                                      for n in range(120)))
    one, several = built(project, tmp_path / "one", jobs=1), built(project, tmp_path / "several", jobs=3)
    same_document(one, several)  # the shared back is composed before the workers fork, the CSV file open


def test_warnings_found_by_several_workers_are_reported_once(tmp_path: Path, split: None) -> None:
    long_back = CARD_LAYOUT.replace('background = "#203040"', 'background = "#203040"\nelements = [{ type = "text", '
                                    'text = "' + "word " * 400 + '", x = "2mm", y = "2mm", width = "20mm", '
                                    'height = "10mm", size = "12pt", min_size = "12pt" }]')
    rows = [("name", "text", "count")] + [(f"Card {n}", "Gain one.", 2) for n in range(40)]
    project = make_project(tmp_path, long_back, {"Cards": rows})
    one = build(project, tmp_path / "one", BuildOptions(jobs=1)).warnings
    several = build(project, tmp_path / "several", BuildOptions(jobs=2)).warnings
    assert several == one
    assert len(one) == 1, one


def test_a_reprint_draws_its_pull_list_in_the_last_range(runner: CliRunner, tmp_path: Path, split: None) -> None:
    shutil.copytree(EXAMPLES / "declared" / "lantern-guild", tmp_path / "g")
    assert runner.invoke(cli, ["build", "g"]).exit_code == 0
    import openpyxl

    book = openpyxl.load_workbook(tmp_path / "g" / "components.xlsx")
    book["Market"]["B3"] = 5
    book.save(tmp_path / "g" / "components.xlsx")
    for jobs in ("1", "2"):
        result = runner.invoke(cli, ["build", "g", "--changed", "--no-remember", "--jobs", jobs, "-o", f"r{jobs}"])
        assert result.exit_code == 0, result.output
    same_document(tmp_path / "r1" / "g-reprint.pdf", tmp_path / "r2" / "g-reprint.pdf")


def test_without_pikepdf_one_process_draws_with_a_note(tmp_path: Path, split: None,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(join, "available", lambda: False)
    result = build(EXAMPLES / "four-sisters", tmp_path / "a", BuildOptions(jobs=2))
    assert result.notes[-1] == ('drawing on 2 processes (--jobs) needs pikepdf to join their pages: pip install '
                                '"playproof[pdfx]"; drawn on one process')
    assert result.outputs[0].read_bytes() == built(EXAMPLES / "four-sisters", tmp_path / "b", jobs=1).read_bytes()


def test_without_fork_one_process_draws_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])  # as on Windows
    assert parallel.workers_for(4, 10 * parallel.MIN_PAGES_PER_WORKER) == (
        1, "drawing on 4 processes (--jobs) needs fork (Linux, macOS); drawn on one process")


def test_small_builds_draw_on_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert parallel.workers_for(2, 2 * parallel.MIN_PAGES_PER_WORKER - 1) == (1, None)
    assert parallel.workers_for(2, 2 * parallel.MIN_PAGES_PER_WORKER) == (2, None)
    assert parallel.workers_for(8, 3 * parallel.MIN_PAGES_PER_WORKER) == (3, None)
    assert parallel.workers_for(1, 10_000) == (1, None)

    def refused(*args: object) -> None:
        raise AssertionError("a 32-page build started workers")

    monkeypatch.setattr(parallel, "write_parallel", refused)
    result = build(EXAMPLES / "seven-sisters", tmp_path, BuildOptions(jobs=2))
    assert result.pages < parallel.MIN_PAGES_PER_WORKER and not any("--jobs" in note for note in result.notes)


def test_watch_rebuilds_draw_on_one_process(tmp_path: Path, split: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.output.watch import Memo, memo_scenes

    memo = Memo()  # --watch keeps the scenes it composes for the next rebuild, in this process

    def refused(*args: object) -> None:
        raise AssertionError("a rebuild started workers: the scenes they compose would be lost")

    monkeypatch.setattr(parallel, "write_parallel", refused)
    assert build(EXAMPLES / "four-sisters", tmp_path, BuildOptions(jobs=2),
                 scenes=memo_scenes(memo, EXAMPLES / "four-sisters")).pages > 1
    assert memo.composed  # the rebuild composed its scenes in this process, where the memo keeps them


def test_a_shared_side_is_composed_once_however_many_designs(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.output.build import SceneCache

    monkeypatch.setattr(SceneCache, "LIMIT", 8)  # the cache is emptied many times over 40 designs
    composed: list[tuple[str, int, str]] = []
    compose = SceneCache._compose

    def counted(self: SceneCache, slot: Any) -> Any:
        composed.append((slot.copy.set, slot.copy.design if not self.shared(slot) else -1, slot.side))
        return compose(self, slot)

    monkeypatch.setattr(SceneCache, "_compose", counted)
    rows = [("name", "text", "count")] + [(f"Card {n}", "Gain one.", 1) for n in range(40)]
    build(make_project(tmp_path, CARD_LAYOUT, {"Cards": rows}), tmp_path / "out", BuildOptions(jobs=1))
    assert composed.count(("Cards", -1, "back")) == 1 and len(composed) == 41


def _page(number: int, side: str, slots: int) -> PagePlan:
    return PagePlan(number, 595.0, 842.0, side, "Cards", tuple(range(slots)))  # type: ignore[arg-type]


def test_ranges_cover_every_page_in_order_with_about_equal_work() -> None:
    pages = [_page(n, "front" if n % 2 else "back", 9) for n in range(1, 101)]
    chunks = parallel.ranges(pages, 3)
    assert [i for chunk in chunks for i in chunk] == list(range(100)) and len(chunks) == 3
    assert all(pages[chunk.start].side == "front" for chunk in chunks)  # a back stays with its front
    assert max(len(c) for c in chunks) - min(len(c) for c in chunks) <= 2
    heavy = [_page(1, "front", 50)] + [_page(n, "front", 1) for n in range(2, 101)]
    assert parallel.ranges(heavy, 2) == [range(0, 38), range(38, 100)]  # 51 + 37 * 2 of 249: the first half


def test_a_worker_error_is_reported_once_and_leaves_nothing(tmp_path: Path, split: None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = PdfWriter.page

    def failing(self: PdfWriter, page: PagePlan, *args: Any) -> None:
        if page.number >= 20:
            raise PlayproofError(f"page {page.number}: cannot draw")
        drawn(self, page, *args)

    monkeypatch.setattr(PdfWriter, "page", failing)
    result = CliRunner().invoke(cli, ["build", str(EXAMPLES / "seven-sisters"), "-o", str(tmp_path), "--jobs", "2"])
    assert result.exit_code == 1
    assert result.output.count("cannot draw") == 1 and result.output.splitlines()[-1] == "Error: page 20: cannot draw"
    assert list(tmp_path.iterdir()) == []  # no PDF, no manifest, no part, no folder of parts


def test_a_worker_bug_names_its_pages(tmp_path: Path, split: None, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = PdfWriter.page

    def buggy(self: PdfWriter, page: PagePlan, *args: Any) -> None:
        drawn(self, page, *args)
        if page.number == 30:
            print(1 / 0)

    monkeypatch.setattr(PdfWriter, "page", buggy)
    with pytest.raises(RuntimeError, match=r"(?s)the worker drawing pages 1[5-9]-32 failed:\n.*ZeroDivisionError"):
        build(EXAMPLES / "seven-sisters", tmp_path, BuildOptions(jobs=2))
    assert list(tmp_path.iterdir()) == []


def test_a_worker_that_dies_is_an_error(tmp_path: Path, split: None, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = PdfWriter.page

    def dying(self: PdfWriter, page: PagePlan, *args: Any) -> None:
        if page.number == 3:
            os._exit(3)
        drawn(self, page, *args)

    monkeypatch.setattr(PdfWriter, "page", dying)
    with pytest.raises(PlayproofError, match=r"the worker drawing pages 1-1[4-9] ended without an answer \(exit "
                                             r"code 3\); nothing was written"):
        build(EXAMPLES / "seven-sisters", tmp_path, BuildOptions(jobs=2))
    assert list(tmp_path.iterdir()) == []


def test_progress_counts_every_page_of_every_worker(tmp_path: Path, split: None) -> None:
    seen: list[tuple[int, int]] = []
    build(EXAMPLES / "seven-sisters", tmp_path, BuildOptions(jobs=2), progress=lambda done, total: seen.append(
        (done, total)))
    assert seen[-1] == (32, 32) and {total for _, total in seen} == {32}
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


STOPPED = """import os, signal, sys
sys.argv[0] = 'playproof'
from playproof.output import parallel, pdf
parallel.MIN_PAGES_PER_WORKER = 1
drawn = pdf.PdfWriter.page
def page(self, plan, *args):
    if plan.number == 20:  # in the second worker: the build itself is told to stop
        os.kill(os.getppid(), signal.SIGTERM)
    drawn(self, plan, *args)
pdf.PdfWriter.page = page
from playproof.cli import main
main()
"""


def test_a_stop_signal_ends_the_workers_and_keeps_the_previous_output(tmp_path: Path) -> None:
    out = tmp_path / "out"
    arguments = ["build", str(EXAMPLES / "seven-sisters"), "-o", str(out), "--jobs", "2"]
    env = {**os.environ, "RL_useA85": "0", "PYTHONPATH": str(ROOT)}
    (out / "seven-sisters.pdf").parent.mkdir()
    (out / "seven-sisters.pdf").write_bytes(b"the previous print")
    process = subprocess.run([sys.executable, "-c", STOPPED, *arguments], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=120)
    assert process.returncode == 1 and "Traceback" not in process.stderr
    assert process.stderr.splitlines()[-1] == ("Error: stopped by SIGTERM; the previous output files are kept as "
                                               "they were")
    assert sorted(p.name for p in out.iterdir()) == ["seven-sisters.pdf"]
    assert (out / "seven-sisters.pdf").read_bytes() == b"the previous print"


def test_jobs_on_the_command_line(tmp_path: Path) -> None:
    from playproof.commands.print_commands import _jobs

    assert _jobs(None) == len(os.sched_getaffinity(0)) and _jobs(3) == 3
    project = str(EXAMPLES / "four-sisters")
    result = CliRunner().invoke(cli, ["build", project, "-o", str(tmp_path), "--jobs", "0"])
    assert result.exit_code == 2 and "'--jobs': 0 is not in the range x>=1" in result.output
    result = CliRunner().invoke(cli, ["build", project, "-o", str(tmp_path), "--jobs", "257"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith("Error: --jobs is 257: at most 256 (processes of one build)")

