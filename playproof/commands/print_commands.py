"""Print commands: build, check, new, docs (a thin shell over playproof.output, scaffold and docs)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, TypeVar

import click

from playproof.errors import PlayproofError, Problems
from playproof.units import parse_length

# Each command imports the layout engine and reportlab when it runs, so that `playproof --help` starts fast.
FORMATS = ("pdf", "svg", "png", "tts", "pod", "cut", "showcase", "proof")
"""playproof.output.build.FORMATS (a test keeps them equal; that module is imported only by build and check)."""

F = TypeVar("F", bound=Callable[..., object])
PROGRESS_MIN_PAGES = 20  # builds with fewer pages finish too fast for a progress bar to help


def _offset(value: str | None) -> tuple[float, float] | None:
    """Parse --back-offset "X,Y" (lengths; bare numbers are mm)."""
    if value is None:
        return None
    parts = [p for p in value.replace(" ", ",").split(",") if p]
    if len(parts) != 2:
        raise PlayproofError(f'--back-offset "{value}" must be two lengths like "1.5,-0.5" (mm) or "1mm,-0.5mm"')
    return parse_length(parts[0]), parse_length(parts[1])


def _base_url(value: str | None) -> str | None:
    """Check --image-url: an http(s) address images are hosted under."""
    if value is None:
        return None
    from urllib.parse import urlsplit

    parts = urlsplit(value)
    if parts.scheme not in ("https", "http") or not parts.netloc:
        raise PlayproofError(f'--image-url "{value}" must be an http:// or https:// address, like '
                             '"https://example.com/my-game/tts"')
    return value.rstrip("/")


def _jobs(value: int | None) -> int:
    """Return the processes drawing a PDF: --jobs, else the cores this process may run on."""
    from playproof.limits import MAX_JOBS, check_at_most

    if value is None:
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    check_at_most("--jobs", value, MAX_JOBS, "processes of one build")
    return value


def _format(fmt: str, service: str | None) -> str:
    """Return the format: --for SERVICE means per-card images for that service (--format pod)."""
    if service is not None and fmt not in ("pdf", "pod"):
        raise PlayproofError(f"--for {service} makes per-card images (--format pod), not --format {fmt}")
    if fmt == "pod" and service is None:
        raise PlayproofError("--format pod needs --for thegamecrafter, makeplayingcards or printplaygames")
    return "pod" if service is not None else fmt


def reprint_options(func: F) -> F:
    """Add --changed, --since and --mark (output/reprint.py) to build."""
    func = click.option("--remember/--no-remember", default=None,
                        help="Keep this PDF in the project's print history (default: when written inside the "
                        "project, and for --changed).")(func)
    func = click.option("--mark", type=click.Choice(["corner", "footer", "none"]), default=None,
                        help="Version mark on each component: corner (default with --changed), footer, none.")(func)
    func = click.option("--since", help="With --changed: a print number, a date (YYYY-MM-DD) or a version "
                        "(default: the last print).")(func)
    return click.option("--changed", is_flag=True, help="Print only components new or changed since a print, "
                        "with a page listing what to pull from the box.")(func)


def _echo_problems(problems: Problems) -> None:
    """Print every problem, one per line, to stderr."""
    for problem in problems.items:
        click.echo(f"{problem.severity.value}: {problem}", err=True)


@click.command("build")
@click.argument("project", type=click.Path(file_okay=False, path_type=Path))
@click.option("-o", "--output", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (default PROJECT/out).")
@click.option("--paper", help="a4, letter, a3, legal or WxH like 210mmx297mm (default from layouts.toml).")
@click.option("--only", multiple=True,
              help='Print only this set (repeatable); "SET:3-7" or "SET:Gold" prints some of its rows.')
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="pdf", show_default=True)
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), help="How backs are mirrored.")
@click.option("--fold/--no-fold", default=None, help="Gutter fold: backs below the fronts on the same page.")
@click.option("--back-offset", help='Shift backs by "X,Y" (mm) to correct a printer\'s duplex shift.')
@click.option("--calibration/--no-calibration", default=None, help="Start with a duplex calibration sheet.")
@click.option("--dpi", type=click.IntRange(10, 1200), help="Pixels per inch of image exports (default 300).")
@click.option("--cut", type=click.Choice(["bleed", "trim"]), default="bleed", show_default=True,
              help="Image exports: include the bleed, or cut at the trim line.")
@click.option("--for", "service", type=click.Choice(["thegamecrafter", "makeplayingcards", "printplaygames"]),
              help="Per-card images at a print-on-demand service's pixel sizes (implies --format pod).")
@click.option("--watch", is_flag=True, help="Rebuild whenever the workbook, layouts, assets or fonts change.")
@click.option("--pdfx", is_flag=True, help='PDF/X-4 with an sRGB output intent (pip install "playproof[pdfx]").')
@click.option("--image-url", help="--format tts: address images under this https:// URL (where you host DIR/tts).")
@click.option("--vision", type=click.Choice(["deutan", "protan", "tritan", "all"]),
              help="--format proof: the colour vision to show every design as (default all).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Processes drawing a PDF's pages (default: the cores available; a build of under 300 pages "
              "uses one).")
@reprint_options
def build_command(project: Path, out_dir: Path | None, paper: str | None, only: tuple[str, ...], fmt: str,
                  duplex: str | None, fold: bool | None, back_offset: str | None, calibration: bool | None,
                  dpi: int | None, cut: str, service: str | None, watch: bool, pdfx: bool, image_url: str | None,
                  vision: str | None, jobs: int | None, changed: bool, since: str | None, mark: str | None,
                  remember: bool | None) -> None:
    """Build print-ready sheets (and a manifest) from a game project; each PDF is remembered (see `changes`)."""
    from playproof.output.build import BuildOptions, build
    from playproof.output.reprint import PrintLoop, remembered_by_default

    options = BuildOptions(paper=paper, only=only, format=_format(fmt, service), duplex=duplex, fold=fold,
                           back_offset=_offset(back_offset), calibration=calibration, dpi=dpi, cut=cut,
                           service=service, pdfx=pdfx, image_url=_base_url(image_url), vision=vision,
                           jobs=_jobs(jobs))
    if watch:
        from playproof.output.watch import watch as watch_project

        if changed:
            raise PlayproofError("--changed prints once; leave out --watch")
        return watch_project(project, out_dir, options, lambda line: click.echo(line, err=line.startswith(
            ("error", "warning", "not rebuilt"))))
    keep = remember if remember is not None else remembered_by_default(project, out_dir, changed)
    loop = PrintLoop(project, changed, since, mark, keep)
    bar = _ProgressBar()
    try:
        result = build(project, out_dir, options, progress=bar.update, loop=loop)
    finally:
        bar.close()
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    for line in result.notes:
        click.echo(line)
    for path in result.outputs[:1]:
        click.echo(f"wrote {path}" + (f" and {len(result.outputs) - 1} more" if len(result.outputs) > 1 else ""))
    click.echo(f"wrote {result.manifest}")
    if loop.summary():
        click.echo(loop.summary())
    click.echo(result.summary())


class _ProgressBar:
    """A click progress bar on stderr, shown only for long builds."""

    def __init__(self) -> None:
        self.bar = None
        self.done = 0

    def update(self, done: int, total: int) -> None:
        """Advance the bar to `done` of `total` pages."""
        if total < PROGRESS_MIN_PAGES:
            return
        if self.bar is None:
            self.bar = click.progressbar(length=total, label=f"drawing {total} pages", file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        """Finish the bar."""
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@click.command("check")
@click.argument("project", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", help="Also load the workbook through this game's rules engine "
              "(default: the folder's name, when it is a game playproof referees).")
def check_command(project: Path, game: str | None) -> None:
    """Check a project's workbook and layouts and report every problem (renders nothing)."""
    from playproof.output.build import check
    from playproof.playtest.declared import check_rules
    from playproof.playtest.games import check_engine_data, game_of_project

    problems = Problems()
    rules_only = _rules_only(project)
    if rules_only:  # rules sheets over another project's components (Game sheet `components`): nothing to print
        check_rules(project, problems)
    else:
        check(project, problems)
        if not problems.errors and (game_id := game_of_project(project, game)):
            check_engine_data(game_id, project, problems)
    problems.raise_if_errors()  # the CLI prints every problem, then one Error: line
    _echo_problems(problems)
    only = " (rules only: nothing to print)" if rules_only else ""
    click.echo(f"{project}: no errors, {len(problems.warnings)} warning(s){only}")


def _rules_only(project: Path) -> bool:
    """Return True for a project of rules sheets only (no layouts.toml): `check` then checks its rules."""
    from playproof.playtest.declared import has_rules

    try:
        return not (project / "layouts.toml").is_file() and has_rules(project)
    except OSError:  # an unreadable path: the full check reports it, naming the project
        return False


@click.command("new")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--name", help="The game's name (default: the folder name).")
def new_command(path: Path, name: str | None) -> None:
    """Create a new game project that builds immediately."""
    from playproof.scaffold import command_hint, create_project

    create_project(path, name)
    click.echo(f"created {path}; build it with: {command_hint('build', path)}")
    click.echo(f"every layouts.toml key is explained by: {command_hint('docs', 'layouts')}")


@click.command("docs")
@click.argument("topic", required=False)
def docs_command(topic: str | None) -> None:
    """Print a page of the installed guide (without TOPIC: list the pages)."""
    from playproof.docs import topic_list, topic_text

    if topic is not None:
        click.echo(topic_text(topic), nl=False)
        return
    for name, title in topic_list():
        click.echo(f"{name:<14} {title}")
    click.echo("read one with: playproof docs layouts")


COMMANDS: list[click.Command] = [build_command, check_command, new_command, docs_command]
