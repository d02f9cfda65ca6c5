"""Who Will Reign?: the example logs replay as documented."""

from __future__ import annotations

from pathlib import Path

from playproof.playtest.audit import audit_file, found_multiset, read_expected

PLAYTESTS = Path(__file__).resolve().parents[2] / "examples" / "who-will-reign" / "playtests"


def test_the_legal_example_is_a_complete_clean_game() -> None:
    result = audit_file(PLAYTESTS / "royal-succession.log")
    assert result.readable and result.findings == []
    assert result.engine is not None and result.engine.is_over()
    assert result.engine.scores() == {"Kayla": 32, "Brian": 24, "Emily": 31}


def test_the_mistakes_example_finds_each_planted_slip() -> None:
    path = PLAYTESTS / "first-court-mistakes.log"
    result = audit_file(path)
    expected = read_expected(path.with_suffix(".expected"))
    assert found_multiset(result) == expected
    assert len({rule for _, rule in expected}) == len(expected)  # each slip breaks a different rule
