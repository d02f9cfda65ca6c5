"""Who Will Reign?'s market declared over its own workbook's sets agrees with the hand-written engine.

examples/declared/who-will-reign-market/components.xlsx holds only rules sheets; its Game sheet's
`components` names examples/who-will-reign, whose Court Cards, Unwanted Guests, Moons and Land
Improvements (with their printed counts and `cost_gold`) the declared referee uses. It covers the market
(a card acquired is in the row; a card revealed is still in the deck, so a resolved Moon never comes
back) and turn order. Income (harvest, tax, Moons' effects) is not declared, so gold is charged the
printed cost but not checked against what a sister has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from declared_helpers import EXAMPLES, ROOT
from playproof.playtest.audit import audit_log
from playproof.playtest.declared import declared_engine
from playproof.playtest.logparse import parse_log, read_log

PROJECT = EXAMPLES / "who-will-reign-market"
LOGS = sorted((ROOT / "examples" / "who-will-reign" / "playtests").glob("*.log"))
COVERED = {"acquire-in-market": "moves-acquire-from", "market-deck-contents": "moves-reveal-from",
           "moons-removed": "moves-reveal-from", "play-turn-order": "turn-order"}
"""Each hand-written rule the declared market covers -> the declared rule that checks it."""
MOVE = re.compile(r"^((?:\d+:)?\d+:\d+ )?(table: reveal \S+|\w+: acquire \S+|\w+: (?:end|harvest|tax|sweep|banner|pay)\b)")


def declared_text(text: str) -> str:
    """Return a log in the declared market's words: other lines become comments (line numbers stay), and its
    [Rules] header names the declared project instead."""
    assert "\n[Rules " in text
    out = []
    for line in text.splitlines():
        body = line.split("#", 1)[0].rstrip()
        match = MOVE.match(body)
        if line.startswith("[Rules "):
            out.append(f'[Project "{PROJECT}"]')
        elif line.startswith(("[", "==")) or not body.strip():
            out.append(line.replace('[Game "who-will-reign"]', '[Game "who-will-reign-market"]'))
        else:
            out.append(match.group(0) if match and not OUTSIDE.search(body) else "# " + line)
    return "\n".join(out) + "\n"


OUTSIDE = re.compile(r"\bacquire \S+ from (?!market\b)")
"""A card taken from the deck or the discard pile: the declared market does not model the discard pile."""


def covered_findings(text: str, name: str) -> tuple[set[tuple[int, str]], set[tuple[int, str]]]:
    """Return (hand-written findings mapped to declared rules, declared findings) on the covered rules."""
    hand = audit_log(parse_log(text, name))
    declared = audit_log(parse_log(declared_text(text), name))
    assert declared.readable, declared.problems
    outside = {n for n, line in enumerate(text.splitlines(), start=1) if OUTSIDE.search(line.split("#", 1)[0])}
    mapped = {(f.line, COVERED[f.rule.split("/", 1)[1]]) for f in hand.findings
              if f.rule.split("/", 1)[1] in COVERED and f.line not in outside}
    found = {(f.line, f.rule.split("/", 1)[1]) for f in declared.findings}
    return mapped, found


def test_costs_and_counts_come_from_the_seed_games_workbook() -> None:
    engine = declared_engine(PROJECT, "who-will-reign-market")
    assert engine.game.comps["royal-guard"].fields["cost_gold"] == 3
    assert engine.game.comps["market-stalls"].count == 3
    assert engine.game.comps["royal-guard"].set == "Court Cards"


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_the_declared_market_agrees_on_every_covered_rule(path: Path) -> None:
    mapped, found = covered_findings(path.read_text(), path.name)
    assert mapped == found


def test_both_refuse_a_card_that_is_not_in_the_market_row() -> None:
    path = ROOT / "examples" / "who-will-reign" / "playtests" / "royal-succession.log"
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if "Brian: acquire Knight-Commander" in line)
    lines[index] = "0:04:57 Brian: acquire Astronomer"  # not in the row (never revealed in this game)
    mapped, found = covered_findings("\n".join(lines) + "\n", path.name)
    assert (index + 1, "moves-acquire-from") in mapped
    assert mapped == found


def test_the_declared_market_charges_the_printed_cost() -> None:
    path = ROOT / "examples" / "who-will-reign" / "playtests" / "royal-succession.log"
    result = audit_log(parse_log(declared_text(path.read_text()), path.name))
    engine = result.engine
    for sister, gold in engine.state.counters["gold"].items():
        spent = sum(comp.fields.get("cost_gold") or 0 for comp, _ in engine.state.zone("court", sister).items)
        assert gold == 5 - spent
    assert read_log(path).header["Game"] == "who-will-reign"
