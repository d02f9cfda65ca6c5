"""playproof build --watch: rebuild when the workbook, layouts, assets or fonts change.

Scenes are kept between builds, keyed by a hash of what draws them (the set's layout, the
row's fields, the assets and fonts, the game's name and version), so only the designs whose
row, layout or asset changed are composed again; the PDF is rewritten atomically by build().
watchfiles is an optional extra: pip install "playproof[watch]".
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from playproof.components.remote import CACHE, POLL_SECONDS, addresses, poll
from playproof.errors import PlayproofError, Problem, ProblemsError
from playproof.layouts.compose import Composer
from playproof.layouts.imposition import Slot
from playproof.layouts.project import Project
from playproof.layouts.scene import Scene
from playproof.output.build import BuildOptions, BuildResult, SceneCache, build

Echo = Callable[[str], None]
IGNORED_PREFIXES = (".", "~$", "~")  # hidden files, editor and Excel lock files
WATCHED_FOLDERS = ("assets", "fonts")


def _watchfiles() -> Any:
    """Import watchfiles, or explain how to install it."""
    try:
        import watchfiles
    except ImportError:
        raise PlayproofError(
            '--watch needs watchfiles: install it with pip install "playproof[watch]" (or pip install watchfiles)'
        ) from None
    return watchfiles


def digest(*parts: object) -> str:
    """Return a short content hash of values' reprs."""
    return hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=12).hexdigest()


def files_digest(project: Path) -> str:
    """Return a hash of the assets' and fonts' names, sizes and modification times."""
    stamps = []
    for folder in WATCHED_FOLDERS:
        root = project / folder
        if root.is_dir():
            stamps += [(str(p.relative_to(project)), p.stat().st_size, p.stat().st_mtime_ns)
                       for p in sorted(root.rglob("*")) if p.is_file()]
    return digest(stamps)


@dataclass
class Memo:
    """Scenes kept between builds, and what the last build composed and reused."""

    scenes: dict[tuple[str, ...], Scene | None] = field(default_factory=dict)
    problems: dict[tuple[str, ...], list[Problem]] = field(default_factory=dict)
    composed: list[tuple[str, int, str]] = field(default_factory=list)
    reused: int = 0
    used: set[tuple[str, ...]] = field(default_factory=set)

    def start(self) -> None:
        """Forget the counts of the previous build."""
        self.composed, self.reused, self.used = [], 0, set()

    def prune(self) -> None:
        """Drop scenes the last build did not use (rows deleted or changed)."""
        self.scenes = {key: scene for key, scene in self.scenes.items() if key in self.used}
        self.problems = {key: found for key, found in self.problems.items() if key in self.used}


def memo_scenes(memo: Memo, project_path: Path) -> type[SceneCache]:
    """Return a SceneCache class that looks scenes up in memo by content hash before composing."""

    class MemoScenes(SceneCache):
        def __init__(self, project: Project, composer: Composer) -> None:
            super().__init__(project, composer)
            shared = digest(project.builtins(), files_digest(project_path))
            self.layout_keys = {name: digest(layout, shared) for name, layout in project.spec.sets.items()}

        def _compose(self, slot: Slot) -> Scene | None:
            layout = self.project.spec.sets[slot.copy.set]
            row = self.project.component_set(layout).rows[slot.copy.design]
            per_row = self.per_row[(slot.copy.set, slot.side)]
            key = (self.layout_keys[slot.copy.set], slot.side, digest(row.fields) if per_row else "")
            memo.used.add(key)
            found = self.composer.problems.items
            if key in memo.scenes:
                memo.reused += 1
                found.extend(memo.problems.get(key, []))  # a kept design's warnings are reported again
                return memo.scenes[key]
            memo.composed.append((slot.copy.set, row.row, slot.side))
            before = len(found)
            scene = memo.scenes[key] = super()._compose(slot)
            memo.problems[key] = found[before:]
            return scene

    return MemoScenes


def rebuild(project: Path, out_dir: Path | None, options: BuildOptions, memo: Memo, echo: Echo) -> BuildResult | None:
    """Build once with the memo; report what was composed, the file written, and every problem."""
    start = time.perf_counter()
    memo.start()
    try:
        result = build(project, out_dir, options, scenes=memo_scenes(memo, project))
    except ProblemsError as exc:
        for problem in exc.problems:
            echo(f"{problem.severity.value}: {problem}")
        echo(f"not rebuilt: {exc} (the previous output is kept); waiting for changes")
        return None
    except PlayproofError as exc:
        echo(f"error: {exc} (the previous output is kept); waiting for changes")
        return None
    memo.prune()
    for warning in result.warnings:
        echo(f"warning: {warning}")
    echo(f"rebuilt in {time.perf_counter() - start:.2f} s: {describe(memo)}; wrote {result.outputs[0]}")
    return result


def describe(memo: Memo) -> str:
    """Return which designs were composed again ("Cards row 7 front") and how many were reused."""
    shown = ", ".join(f"{s} row {r} {side}" for s, r, side in memo.composed[:5])
    more = f" and {len(memo.composed) - 5} more" if len(memo.composed) > 5 else ""
    composed = f"composed {len(memo.composed)} design side(s)" + (f" ({shown}{more})" if shown else "")
    return f"{composed}, reused {memo.reused}"


def relevant(project: Path, out: Path) -> Callable[[Any, str], bool]:
    """Return a watchfiles filter: project files, not the output folder, hidden files or lock files."""
    out = out.resolve()

    def keep(change: Any, path: str) -> bool:
        file = Path(path).resolve()
        return not (file == out or out in file.parents or file.name.startswith(IGNORED_PREFIXES)
                    or file.suffix in (".tmp", ".part") or CACHE in file.parts)

    return keep


def watch(project: Path, out_dir: Path | None, options: BuildOptions, echo: Echo,
          stop: threading.Event | None = None) -> None:
    """Build, then rebuild after every change to the project until stopped (Ctrl-C or stop)."""
    watchfiles = _watchfiles()
    memo = Memo()
    out = out_dir if out_dir is not None else project / "out"
    rebuild(project, out_dir, options, memo, echo)
    urls = addresses(project)
    echo(f"watching {project} for changes (Ctrl-C to stop)"
         + (f"; asking {', '.join(urls.values())} every {poll_seconds():g} s" if urls else ""))
    polled = time.monotonic()
    for changes in watchfiles.watch(project, watch_filter=relevant(project, out), stop_event=stop, step=20,
                                    debounce=400, rust_timeout=200, yield_on_timeout=bool(urls)):
        if not changes:  # a quiet moment: is it time to ask the addresses again?
            if time.monotonic() - polled < poll_seconds():
                continue
            polled = time.monotonic()
            if not poll(project):
                continue
            echo(f"changed: {', '.join(urls.values())}")
        else:
            names = sorted({str(Path(p).resolve().relative_to(project.resolve())) for _, p in changes})
            echo(f"changed: {', '.join(names)}")
        rebuild(project, out_dir, options, memo, echo)


def poll_seconds() -> float:
    """Return how often --watch asks component addresses again (PLAYPROOF_POLL_SECONDS, at least 5 s)."""
    import os

    try:
        return max(5.0, float(os.environ.get("PLAYPROOF_POLL_SECONDS", POLL_SECONDS)))
    except ValueError:
        return POLL_SECONDS
