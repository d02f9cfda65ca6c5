"""Reports stay fast and small for many sessions; their numbers do not change."""

from __future__ import annotations

from pathlib import Path

import pytest

from playproof.output.reports import TIMELINE_BUDGET, write_reports
from playproof.playtest.audit import audit_file
from playproof.playtest.engine import Engine, Event, EventKind
from playproof.playtest.replay import events_of, run
from playproof.playtest.reportdata import session_report

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LOGS = sorted(EXAMPLES.glob("*/playtests/*.log"))
DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"


class EagerRounds:
    """The scores by round as reports took them before: the engine's scores after every event."""

    def __init__(self) -> None:
        self.snapshots: list[tuple[str, dict[str, int]]] = []
        self.marker = self.current = ""

    def observe(self, engine: Engine, event: Event) -> None:
        if event.kind is EventKind.MARKER and event.verb == "round":
            self.marker = event.args
        label = engine.round_label() or self.marker or "1"
        played_in, self.current = self.current or label, label
        if self.snapshots and self.snapshots[-1][0] == played_in:
            self.snapshots[-1] = (played_in, engine.scores())
        else:
            self.snapshots.append((played_in, engine.scores()))


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_rounds_taken_during_the_audit_match_scoring_after_every_event(path: Path) -> None:
    result = audit_file(path, rounds=True)
    assert result.engine is not None and result.replay is not None and result.engine.rounds is not None
    eager = EagerRounds()
    run(result.replay.engine_cls, result.replay.setup, events_of(result.log), result.log.name, eager.observe)
    assert result.engine.rounds == eager.snapshots
    assert session_report(result) == session_report(audit_file(path))


def test_many_sessions_are_compact_and_one_keeps_its_timeline(nim: str, tmp_path: Path) -> None:
    one = session_report(audit_file(DATA / "nim-game-mistakes.log", rounds=True))
    many = [one] * (TIMELINE_BUDGET // len(one.timeline) + 1)
    page = write_reports(many, "html", tmp_path / "many.html").read_text(encoding="utf-8")
    assert page.index("All ") < page.index("<section class=\"card\"><h2>nim-game-mistakes.log")  # aggregate first
    assert "<svg" in page[:page.index("<h2>nim-game-mistakes.log")] and "<svg" not in page[page.index(
        "<h2>nim-game-mistakes.log"):]
    assert page.count(f"Charts and timeline ({len(one.timeline)} lines) left out of this report of "
                      f"{len(many):,} sessions: report this log alone to see them.") == len(many)
    assert "Timeline (" not in page
    alone = write_reports([one], "html", tmp_path / "one.html").read_text(encoding="utf-8")
    assert f"<details open><summary><h3>Timeline ({len(one.timeline)} lines)" in alone
    few = write_reports([one, one], "html", tmp_path / "two.html").read_text(encoding="utf-8")
    assert few.count(f"<details><summary><h3>Timeline ({len(one.timeline)} lines)") == 2  # folded among several
    pdf = write_reports(many, "pdf", tmp_path / "many.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")
