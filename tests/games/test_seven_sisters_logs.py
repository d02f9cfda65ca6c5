"""Seven Sisters logs through the framework's audit: hidden hands, reveals, corrections."""

from __future__ import annotations

from playproof.playtest.audit import audit_log
from playproof.playtest.logparse import parse_log

HEADER = '[Game "seven-sisters"]\n[Players "Ann, Ben, Cat"]\n[Setup "first=Ann"]\n'
GOODS = "table: flip 4\nAnn: take 2 gold 2 fruit\nBen: take 4 gold\nCat: take 4 fruit\n"


def findings(body: str) -> list[tuple[int, str, str]]:
    """Audit a log body (after the header); return (line, rule slug, status) per finding."""
    result = audit_log(parse_log(HEADER + body, "test.log"))
    assert result.readable, result.problems
    return [(f.line, f.rule.split("/", 1)[1], f.status.value) for f in result.findings]


def test_a_hidden_deal_is_checked_once_revealed() -> None:
    deal = "table: deal Ann ? ? ? ? ? ?\ntable: deal Ben ? ? ? ? ? ?\ntable: deal Cat ? ? ? ? ? ?\n"
    body = deal + GOODS + "Ann: play Pride/Envy C\n"
    assert findings(body) == []
    reveal = "reveal 4: Greed/Lust, Wild, Wrath/Envy, Sloth/Pride, Lust/Greed, Envy/Pride\n"
    assert findings(body + reveal) == [(11, "3-card-in-hand", "violation")]


def test_a_hidden_play_cannot_be_told_until_revealed() -> None:
    body = GOODS + "Ann: play ?\n"
    assert findings(body) == [(8, "3-card-in-hand", "undetermined")]
    assert findings(body + "reveal 8: Greed/Lust C\n") == []


def test_a_slip_amended_at_the_table_leaves_the_fixed_move_clean() -> None:
    body = GOODS + "Ann: play Greed/Lust A Greed Lust\namend 8: Ann: play Greed/Lust A Greed Greed\n"
    result = audit_log(parse_log(HEADER + body, "test.log"))
    assert result.findings == []
    assert [(f.line, f.rule, f.corrected_by) for f in result.slips] == [
        (8, "seven-sisters/3A-primary-two", 9)]
