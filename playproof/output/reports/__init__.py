"""Session report formats as a registry of small classes (html, pdf, xlsx, json)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, ClassVar

from playproof.errors import PlayproofError
from playproof.output.atomic import atomic_path
from playproof.playtest.reportdata import Aggregate, SessionReport, aggregate


class ReportFormat(ABC):
    """One output format: a name, a file extension, and how to write reports to a file."""

    name: ClassVar[str]
    extension: ClassVar[str]
    title: ClassVar[str]

    @abstractmethod
    def write(self, reports: list[SessionReport], agg: Aggregate | None, path: Path) -> None:
        """Write the sessions (and, for several, their aggregate views) to a file."""


FORMATS: dict[str, str] = {
    "html": "playproof.output.reports.html_report:HtmlReport",
    "pdf": "playproof.output.reports.pdf_report:PdfReport",
    "xlsx": "playproof.output.reports.xlsx_report:XlsxReport",
    "json": "playproof.output.reports.json_report:JsonReport",
}
"""Format name -> `module:class`; each module is imported only when its format is used."""


TIMELINE_BUDGET = 5_000
"""A report of several sessions shows each one's charts and timeline while their timelines hold at most this
many lines in all (about 15 Seven Sisters games); beyond it each session is compact: tables only."""


def detailed(reports: list[SessionReport]) -> bool:
    """Return True when the report shows every session's charts and timeline (always for one session)."""
    return len(reports) == 1 or sum(len(r.timeline) for r in reports) <= TIMELINE_BUDGET


def compact_note(report: SessionReport, sessions: int) -> str:
    """Return what a compact session's section says in place of its charts and timeline."""
    return (f"Charts and timeline ({len(report.timeline):,} lines) left out of this report of {sessions:,} "
            "sessions: report this log alone to see them.")


def find_format(name: str) -> ReportFormat:
    """Return the report format of a name, or raise naming the known ones."""
    target = FORMATS.get(name.strip().lower())
    if target is None:
        raise PlayproofError(f'unknown report format "{name}" (known formats: {", ".join(FORMATS)})')
    module, _, cls = target.partition(":")
    return getattr(import_module(module), cls)()


def format_for(path: Path, name: str | None = None) -> str:
    """Return the format asked for, else the one the file's extension names (.pdf, .xlsx, .json), else html."""
    if name:
        return name
    suffix = path.suffix.lower()
    return next((n for n in FORMATS if suffix == f".{n}"), "html")


@dataclass(frozen=True)
class BotsBeside:
    """Bots' games to set beside the human sessions: which bots, how many games of each group, the seed."""

    bots: str
    games: int = 200
    seed: int = 1
    engine: str | None = None
    jobs: int = 1


def write_reports(reports: list[SessionReport], format_name: str, path: Path, bots: BotsBeside | None = None,
                  kingmakers: list[Any] | None = None) -> Path:
    """Write one or several session reports (several, or any with bots or kingmakers, get aggregate views).

    `kingmakers`: the sessions' kingmaker moments as (session name, Kingmaker), when they were looked for.
    """
    if not reports:
        raise PlayproofError("nothing to report: no session or log given")
    fmt = find_format(format_name)
    agg = aggregate(reports) if len(reports) > 1 or bots is not None or kingmakers is not None else None
    if agg is not None:
        agg.insights = _insights(reports, bots)
        agg.insights.kingmakers = kingmakers
    try:
        with atomic_path(path, "report") as temporary:  # a report that fails keeps the previous one intact
            fmt.write(reports, agg, temporary)
    except PlayproofError:
        raise
    except ImportError as exc:  # optional dependencies are imported when a format is used
        raise PlayproofError(f"the {fmt.name} report needs {exc.name}: pip install {exc.name}") from exc
    except (FileExistsError, NotADirectoryError) as exc:  # a file stands where a folder of the path should be
        blocker = next((p for p in reversed(path.parents) if p.is_file()), path.parent)
        raise PlayproofError(f"{path}: cannot write report ({blocker} is a file, not a folder)") from exc
    except OSError as exc:
        raise PlayproofError(f"{path}: cannot write report ({exc.strerror or exc})") from exc
    except Exception as exc:  # a bug in a format must end in one error line, never a traceback
        raise PlayproofError(f"{path}: the {fmt.name} report failed ({exc.__class__.__name__}: {exc})") from exc
    return path


def _insights(reports: list[SessionReport], bots: BotsBeside | None) -> Any:
    """Return what the sessions revealed, with bots' games of each group beside them when asked."""
    from playproof.insights.analysis import insights_of
    from playproof.insights.compare import play_beside
    from playproof.insights.records import record_of

    found = insights_of([record_of(r) for r in reports])
    if bots is not None:
        groups = [(g.game, g.players, g.summary, g.version) for g in found.groups]
        found.beside, found.beside_skipped = play_beside(groups, bots.bots, bots.games, bots.seed, bots.engine,
                                                         jobs=bots.jobs)
    return found
