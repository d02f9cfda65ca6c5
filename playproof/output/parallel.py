"""A PDF drawn on every core (`build --jobs N`): page ranges drawn in forked worker processes, then joined.

Each worker is forked after the plan is made, so it draws exactly the pages a single process would,
from the same project, plan and options, into a part file of its own; join.py joins the parts in
order. Ranges are fixed by N and the plan (never by which worker is faster), so a build is
byte-for-byte the same for the same N. Bookmarks are written by the join, from the plan; the
workers' problems come back to the build, each reported once; the first error in page order stops
the build, and no part outlives it.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import traceback
from bisect import bisect_right
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from playproof.atomic import check_stop
from playproof.errors import PlayproofError, Problem, Problems
from playproof.layouts.plan import PagePlan, Slot, SlotRun
from playproof.output import join
from playproof.output.pdf import PdfWriter, outline_titles
from playproof.records import Record

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

MIN_PAGES_PER_WORKER = 150
"""A worker is started for every 150 pages at most. Two workers cost 0.13-0.15 s of CPU more than one process
(forking, the join, pikepdf's import) and, on free cores, save nothing at 100 pages, 14 % at 200 and 25 % at
400 (benchmarks/bench_build_jobs.py; benchmarks/RESULTS.md): from 300 pages they save a fifth or more."""
POLL_SECONDS = 0.1
"""How often the build looks at its workers' progress and at stop signals while they draw."""
Progress = Callable[[int, int], None]


class PageRun(Record):
    """What drawing a plan's pages needs: the pages, a writer for a file, how to draw a page, what ends the file,
    and the scenes drawn (which of them a set's every row shares)."""

    __slots__ = ("pages", "writer", "draw", "after", "scenes", "shared")
    pages: Sequence[PagePlan]
    writer: Callable[[Path], PdfWriter]  # a new writer drawing into a file
    draw: Callable[[PdfWriter, int], None]  # draw the page of that index (its footer and all)
    after: Callable[[PdfWriter], None] | None  # pages after the plan's last (a reprint's pull list)
    scenes: Callable[[Slot], object] | None  # the scene of a slot (composed when first asked for)
    shared: Callable[[Slot], bool] | None  # whether a slot's scene is the same for every row of its set

    def __init__(self, pages: Sequence[PagePlan], writer: Callable[[Path], PdfWriter],
                 draw: Callable[[PdfWriter, int], None], after: Callable[[PdfWriter], None] | None = None,
                 scenes: Callable[[Slot], object] | None = None, shared: Callable[[Slot], bool] | None = None) -> None:
        self.pages, self.writer, self.draw, self.after = pages, writer, draw, after
        self.scenes, self.shared = scenes, shared


def draw_pages(run: PageRun, path: Path, indices: range, progress: Progress | None = None,
               bookmarks: bool = True) -> None:
    """Draw some pages of a run into a PDF file, then what follows the last page when they end the plan."""
    writer = run.writer(path)
    if not bookmarks:  # the joined file's outline is written from the plan (join.py)
        writer.outline_entry = lambda page: None  # type: ignore[method-assign]
    for done, index in enumerate(indices, 1):
        run.draw(writer, index)
        check_stop()  # SIGTERM/SIGHUP: stop at this page; the temporary file is removed
        if progress is not None:
            progress(done, len(indices))
    if run.after is not None and indices.stop == len(run.pages):
        run.after(writer)
    writer.save()


def workers_for(jobs: int, pages: int) -> tuple[int, str | None]:
    """Return how many processes draw a PDF of `pages` pages for --jobs `jobs`, and why fewer when the
    reason is one the user can change (a small build uses one process without a word)."""
    useful = min(jobs, pages // MIN_PAGES_PER_WORKER)
    if useful <= 1:
        return 1, None
    import multiprocessing  # imported when workers may start: a build on one process never needs it

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1, f"drawing on {useful} processes (--jobs) needs fork (Linux, macOS); drawn on one process"
    if not join.available():
        return 1, (f'drawing on {useful} processes (--jobs) needs pikepdf to join their pages: pip install '
                   '"playproof[pdfx]"; drawn on one process')
    return useful, None


def ranges(pages: Sequence[PagePlan], workers: int) -> list[range]:
    """Split the pages into `workers` consecutive ranges of about equal work (a page's slots, plus one).

    A range never starts at a back page whose front ends the range before (both read the same rows).
    """
    weights = [len(page.slots) + 1 for page in pages]
    total, bounds, done = sum(weights), [0], 0
    for index, weight in enumerate(weights):
        wanted = total * len(bounds) / workers
        if len(bounds) < workers and done >= wanted and index > bounds[-1] and not _back_of(pages, index):
            bounds.append(index)
        done += weight
    bounds.append(len(pages))
    return [range(start, stop) for start, stop in zip(bounds, bounds[1:]) if stop > start]


def _back_of(pages: Sequence[PagePlan], index: int) -> bool:
    """Return whether a page is the back of the page before it."""
    return pages[index].side == "back" and pages[index - 1].side == "front" and pages[index - 1].set == pages[index].set


def outline(pages: Sequence[PagePlan]) -> list[tuple[str, int]]:
    """Return the bookmarks a single process writes: each set's first page (and the calibration sheet's)."""
    seen: set[str] = set()
    entries = []
    for index, page in enumerate(pages):
        for title in outline_titles(page):
            if title is not None and title not in seen:
                seen.add(title)
                entries.append((title, index))
    return entries


class Worker(Record):
    """One worker process: its pages, its part file, the end of the pipe it answers on, and its answer."""

    __slots__ = ("pages", "part", "process", "answers", "answer")
    pages: range
    part: Path
    process: Any  # multiprocessing's forked Process
    answers: Connection
    answer: tuple[Any, ...] | None

    def __init__(self, pages: range, part: Path, process: Any, answers: Connection) -> None:
        self.pages, self.part, self.process, self.answers, self.answer = pages, part, process, answers, None

    def where(self) -> str:
        """Return the pages it draws, as a reader counts them."""
        return f"pages {self.pages.start + 1}-{self.pages.stop}"


def write_parallel(run: PageRun, target: Path, workers: int, document_id: str, problems: Problems,
                   progress: Progress | None = None, meanwhile: Callable[[], None] | None = None) -> None:
    """Draw the run's pages on `workers` processes and join them into target; do `meanwhile` while they draw.

    The workers' problems are added to `problems` in page order (a problem found by several workers
    once); when any is an error, nothing is joined (the build reports them). A worker's exception is
    raised here once, naming its pages; the first in page order wins.
    """
    import multiprocessing

    context = multiprocessing.get_context("fork")
    chunks = ranges(run.pages, workers)
    done = context.RawArray("q", len(chunks))  # pages drawn by each worker, in memory they share
    parts = Path(tempfile.mkdtemp(prefix=f".{target.name[:200]}.", suffix=".parts", dir=target.parent))
    started: list[Worker] = []
    try:
        early = prepare(run, problems, parts / "first.pdf")
        for slot, pages in enumerate(chunks):
            started.append(_start(context, run, parts / f"{slot:03d}.pdf", pages, slot, done, problems))
        import pikepdf  # noqa: F401 (imported for join.join while the workers draw)

        if meanwhile is not None:
            meanwhile()  # progress and stop signals are looked at again after it
        _collect(started, done, len(run.pages), progress)
        _merge(started, early, problems)
        if not problems.errors:
            join.join([w.part for w in started], target, outline(run.pages), document_id)
    finally:
        _stop(started)
        shutil.rmtree(parts, ignore_errors=True)


def prepare(run: PageRun, problems: Problems, scratch: Path) -> list[tuple[int, Problem]]:
    """Do here, before the workers are forked, what each of them would otherwise do again.

    The first page is drawn into a writer that is never saved, so what drawing loads when first asked
    (SVG renderers, images, fonts; 0.1 s a worker on a deck with an SVG icon) is loaded once. Each scene a
    set's rows share is composed for the slot a single process composes it for (the first), so every
    worker draws that very scene and its problems are found once. Return the problems found, with the
    index of their page; they are taken out of `problems` (_merge puts every problem in page order).
    """
    known = len(problems.items)
    run.draw(run.writer(scratch), 0)
    found = [(0, problem) for problem in problems.items[known:]]
    if run.scenes is not None and run.shared is not None:
        seen: set[tuple[str, str]] = set()
        for index, page in enumerate(run.pages):
            slots = (page.slots[0],) if isinstance(page.slots, SlotRun) and len(page.slots) else page.slots
            for slot in slots:  # a grid page's slots are all of one set and side
                key = (slot.copy.set, slot.side)
                if key not in seen and run.shared(slot):
                    seen.add(key)
                    before = len(problems.items)
                    run.scenes(slot)
                    found += [(index, problem) for problem in problems.items[before:]]
    del problems.items[known:]
    return found


def _start(context: Any, run: PageRun, part: Path, pages: range, slot: int, done: Any, problems: Problems) -> Worker:
    """Fork a worker drawing `pages` into `part`."""
    answers, answer = context.Pipe(duplex=False)
    process = context.Process(target=_work, args=(run, part, pages, slot, done, answer, problems,
                                                  len(problems.items), os.getpid()), daemon=True)
    process.start()
    answer.close()  # the worker holds the sending end: its exit is seen as the end of the pipe
    return Worker(pages, part, process, answers)


def _work(run: PageRun, part: Path, pages: range, slot: int, done: Any, answer: Connection, problems: Problems,
          known: int, parent: int) -> None:
    """Draw a range of pages into a part (in the worker process) and answer with the problems found, by page."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the build stops us
    marks: list[int] = []  # problems found when each page was drawn

    def drawn(count: int, total: int) -> None:
        done[slot] = count
        marks.append(len(problems.items))
        if os.getppid() != parent:  # the build is gone: stop drawing for nobody
            raise SystemExit(1)

    def found() -> list[tuple[int, Problem]]:
        return [(pages.start + min(bisect_right(marks, i), len(pages) - 1), problems.items[i])
                for i in range(known, len(problems.items))]

    try:
        draw_pages(run, part, pages, drawn, bookmarks=False)
        answer.send(("done", found()))
    except PlayproofError as exc:
        answer.send(("error", str(exc), found()))
    except OSError as exc:
        answer.send(("oserror", exc.errno, exc.strerror or str(exc)))
    except KeyboardInterrupt as exc:  # a stop signal (atomic.Terminated)
        answer.send(("stopped", str(exc)))
    except Exception:  # a bug: its traceback goes to the build, which raises it once
        answer.send(("crash", traceback.format_exc()))


def _collect(workers: list[Worker], done: Any, total: int, progress: Progress | None) -> None:
    """Wait for every worker's answer, reporting progress and stopping at a stop signal.

    When a worker fails, the workers after it are stopped (a single process would not have drawn their
    pages); those before it are waited for, since an error among their pages comes first.
    """
    from multiprocessing.connection import wait

    waiting = {w.answers: w for w in workers}
    while waiting:
        for connection in wait(list(waiting), timeout=POLL_SECONDS):
            worker = waiting.pop(connection)  # type: ignore[call-overload]
            worker.answer = _answer(worker)
            if worker.answer[0] != "done":
                for later in workers[workers.index(worker) + 1:]:
                    waiting.pop(later.answers, None)
                    later.process.kill()
        check_stop()
        if progress is not None:
            progress(sum(done), total)


def _answer(worker: Worker) -> tuple[Any, ...]:
    """Return a worker's answer, or what ended it without one."""
    try:
        return tuple(worker.answers.recv())
    except (EOFError, OSError):
        worker.process.join()
        return ("died", worker.process.exitcode)


def _merge(workers: list[Worker], early: list[tuple[int, Problem]], problems: Problems) -> None:
    """Raise the first worker's exception (in page order), naming its pages; else add every problem found, in
    page order. A problem a worker found again after an earlier one (a design whose copies two ranges share)
    is left out; one a process found twice stays twice, as a single process reports it."""
    for worker in workers:
        if worker.answer is not None and worker.answer[0] != "done":
            _raise(worker, worker.answer)
    seen: set[Problem] = set()
    kept: list[tuple[int, Problem]] = []
    for found in [early] + [w.answer[-1] for w in workers if w.answer is not None]:
        kept += [(page, problem) for page, problem in found if problem not in seen]
        seen.update(problem for _, problem in found)
    problems.items += [problem for _, problem in sorted(kept, key=lambda pair: pair[0])]  # stable within a page


def _raise(worker: Worker, answer: tuple[Any, ...]) -> None:
    """Raise what ended a worker, as the build would have raised it (with the pages drawn there)."""
    kind = answer[0]
    if kind == "error":
        raise PlayproofError(answer[1])
    if kind == "oserror":
        raise OSError(answer[1], answer[2])
    if kind == "stopped":
        raise PlayproofError(f"the worker drawing {worker.where()} was stopped ({answer[1]})")
    if kind == "died":
        raise PlayproofError(f"the worker drawing {worker.where()} ended without an answer (exit code {answer[1]}); "
                             "nothing was written")
    if kind == "crash":
        raise RuntimeError(f"the worker drawing {worker.where()} failed:\n{answer[1]}")


def _stop(workers: list[Worker]) -> None:
    """End every worker still running and wait for each, so no part is written after the build returns."""
    for worker in workers:
        if worker.process.is_alive():
            worker.process.kill()
    for worker in workers:
        worker.process.join()
        worker.answers.close()
