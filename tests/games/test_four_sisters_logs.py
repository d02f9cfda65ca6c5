"""The Four Sisters example logs: final states, terse logs, and the planted mistakes."""

from __future__ import annotations

from pathlib import Path

from playproof.playtest.audit import audit_file, found_multiset, read_expected
from playproof.playtest.engine import Status

PLAYTESTS = Path(__file__).resolve().parents[2] / "examples" / "four-sisters" / "playtests"


def test_winter_party_ends_with_a_full_chateau_won_by_the_younger_suits() -> None:
    result = audit_file(PLAYTESTS / "winter-party.log")
    engine = result.engine
    assert result.findings == [] and engine is not None and engine.is_over()
    assert engine.scores() == {"Ann": 22, "Ben": 21, "Cat": 22, "Dee": 21}


def test_storming_log_storms_and_ends() -> None:
    result = audit_file(PLAYTESTS / "storming.log")
    engine = result.engine
    assert result.findings == [] and engine is not None and engine.is_over()
    assert engine.scores()["Ann"] == 29 and engine.end_reason == "full"


def test_a_terse_log_without_draws_or_ends_audits_the_same(tmp_path: Path) -> None:
    text = (PLAYTESTS / "winter-party.log").read_text(encoding="utf-8")
    kept = [ln for ln in text.splitlines()
            if not ln.startswith(("table: draw", "reveal")) and not ln.endswith(": end")]
    terse = tmp_path / "terse.log"
    terse.write_text("\n".join(kept) + "\n", encoding="utf-8")
    result = audit_file(terse)
    assert result.findings == [] and result.engine is not None and result.engine.is_over()


def test_unrevealed_draw_played_later_is_consistent(tmp_path: Path) -> None:
    text = (PLAYTESTS / "winter-party.log").read_text(encoding="utf-8")
    assert "reveal 52: 5H\n" in text and "table: draw Ann ?" in text
    hidden = tmp_path / "hidden.log"
    hidden.write_text(text.replace("reveal 52: 5H\n", ""), encoding="utf-8")
    result = audit_file(hidden)
    assert [f for f in result.findings if f.status is Status.VIOLATION] == []


def test_mistakes_log_finds_exactly_the_planted_mistakes() -> None:
    log = PLAYTESTS / "first-try-mistakes.log"
    result = audit_file(log)
    assert found_multiset(result) == read_expected(log.with_suffix(".expected"))
    assert [(f.line, f.rule, f.corrected_by) for f in result.slips] == [
        (51, "four-sisters/place-hour", 52)]
