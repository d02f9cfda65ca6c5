"""What an export format (per-card images, Tabletop Simulator, print-on-demand...) is given, and how it is found."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from playproof.errors import Problems
from playproof.layouts.compose import Composer
from playproof.layouts.project import Project
from playproof.layouts.spec import SetLayout


@dataclass
class ExportJob:
    """A loaded project, the sets chosen, and where and how to write them."""

    project: Project
    layouts: list[SetLayout]
    composer: Composer
    out: Path
    name: str
    options: Any  # BuildOptions (build.py imports this module)
    problems: Problems
    notes: list[str] = field(default_factory=list)  # lines the build prints before its summary
    manifest: Path | None = None  # a format's own manifest, written instead of the sheets' one


class Exporter(Protocol):
    """An export format: writes its files for a job and returns them."""

    title: str

    def write(self, job: ExportJob) -> list[Path]:
        """Write the files of this format and return them."""
        ...


def load(reference: str) -> Exporter:
    """Return an exporter from "module:Class" (imported only when the format is used)."""
    module, _, name = reference.partition(":")
    exporter: Exporter = getattr(importlib.import_module(module), name)()
    return exporter
