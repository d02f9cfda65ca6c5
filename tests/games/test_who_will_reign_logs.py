"""Who Will Reign?: the example logs replay as documented."""

from __future__ import annotations

import re
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


def _short_forms(text: str) -> str:
    """The log with every amount, source and record line left out: what the rules derive anyway."""
    lines = []
    for line in text.splitlines():
        move = line.split("#", 1)[0].rstrip()
        if re.match(r"table: (discard|box|discards|market|stock) ", move):
            continue
        move = re.sub(r" (paying|taking) \d+ \w+( \d+ \w+)?", "", move)
        lines.append(move.replace(" from market", ""))
    return "\n".join(lines) + "\n"


def test_the_written_out_example_means_what_its_short_forms_mean(tmp_path: Path) -> None:
    path = PLAYTESTS / "written-out.log"
    long = audit_file(path)
    short_path = tmp_path / "short.log"
    short_path.write_text(_short_forms(path.read_text(encoding="utf-8")), encoding="utf-8")
    short = audit_file(short_path)
    assert long.findings == [] and short.findings == []
    assert long.engine is not None and short.engine is not None
    assert long.engine.summary() == short.engine.summary()
    assert long.engine.game.state.discard == short.engine.game.state.discard
    assert "paying" in path.read_text(encoding="utf-8") and "paying" not in short_path.read_text(encoding="utf-8")
