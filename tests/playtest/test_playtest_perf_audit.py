"""Audits of many logs keep no engine and stream: memory stays flat in the number of logs."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.audit import EngineSummary, audit_file, audit_paths, format_text, iter_audits
from playproof.playtest.engine import Engine

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"
LOGS = [DATA / "nim-game.log", DATA / "nim-game-mistakes.log"]


def test_a_result_keeps_a_summary_not_the_engine(nim: str) -> None:
    result = audit_file(DATA / "nim-game-mistakes.log")
    assert isinstance(result.engine, EngineSummary) and not isinstance(result.engine, Engine)
    assert (result.engine.game_id, result.engine.checks_rules, result.engine.failure) == ("nim", True, "")
    assert result.engine.winners() == ["Ann"] and result.engine.scores() == result.engine.final_scores


def test_streamed_audit_prints_what_the_list_audit_did(nim: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    paths = LOGS * 3 + [tmp_path / "gone.log"]
    out = CliRunner().invoke(cli, ["audit", *map(str, paths)])
    assert out.exit_code == 2
    assert out.output.splitlines() == format_text(audit_paths(paths))
    assert out.output.splitlines()[-1] == "7 logs: 3 clean, 3 with violations, 1 unreadable"


def test_audit_memory_is_flat_in_the_number_of_logs(nim: str) -> None:
    def peak(copies: int) -> int:
        gc.collect()
        tracemalloc.start()
        for result in iter_audits(LOGS * copies):
            assert result.engine is not None
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return top

    assert peak(100) < peak(5) * 1.5 + 50_000
