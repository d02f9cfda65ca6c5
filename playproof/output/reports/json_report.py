"""The JSON report: the report data as one document."""

from __future__ import annotations

import json
from pathlib import Path

from playproof.output.reports import ReportFormat
from playproof.playtest.reportdata import Aggregate, SessionReport


class JsonReport(ReportFormat):
    """Sessions and aggregate views as JSON."""

    name = "json"
    extension = ".json"
    title = "JSON"

    def write(self, reports: list[SessionReport], agg: Aggregate | None, path: Path) -> None:
        """Write the reports as one JSON document."""
        data = {"sessions": [r.to_dict() for r in reports], "aggregate": agg.to_dict() if agg else None}
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
