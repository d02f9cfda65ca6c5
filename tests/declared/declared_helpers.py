"""Shared helpers for the declared-rules tests: small CSV projects and audits of log text against them
(a module of its own: every test folder has a conftest.py, so `from conftest import` would be ambiguous)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Iterable

from playproof.playtest.audit import AuditResult, audit_log
from playproof.playtest.logparse import parse_log

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "declared"

BASE: dict[str, list[tuple[object, ...]]] = {
    "Cards": [("name", "cost", "suit", "points", "count"), ("Market", 2, "red", 1, 4), ("Harbour", 4, "blue", 2, 2),
              ("Tower", 3, "red", 3, 1)],
    "Zones": [("zone", "owner", "visibility", "order", "capacity"), ("deck", "shared", "hidden", "ordered", ""),
              ("market", "shared", "public", "unordered", 3), ("hand", "player", "owner", "unordered", ""),
              ("tableau", "player", "public", "unordered", "")],
    "Counters": [("counter", "owner", "start", "min", "max"), ("coins", "player", 3, 0, 10)],
    "Setup": [("set", "zone"), ("Cards", "deck")],
    "Moves": [("verb", "actor", "player", "from", "to", "components", "condition", "cost", "pay", "gain", "phase",
               "action", "ends turn"),
              ("deal", "table", "yes", "deck", "hand", "Cards", "", "", "", "", "", "", ""),
              ("reveal", "table", "", "deck", "market", "Cards", "", "", "", "", "", "", ""),
              ("buy", "turn", "", "market", "tableau", "Cards", "", "cost", "coins", "", "buy", "", ""),
              ("play", "turn", "", "hand", "tableau", "Cards", "card.suit == 'red' or count(hand, suit == 'red') == 0",
               "", "", "", "main", "", ""),
              ("work", "turn", "", "", "", "", "", "", "", "coins: 2", "main", "", ""),
              ("end", "turn", "", "", "", "", "", "", "", "", "", "no", "yes")],
    "Turn": [("key", "value"), ("players", "2-3"), ("actions", 2), ("end turn", "move"), ("phases", "main, buy"),
             ("end", "round > 5")],
    "Scoring": [("part", "expression"), ("cards", "sum(tableau, points)"), ("coins", "coins // 2")],
}
"""A small declared game exercising every kind of rule the engine checks."""


def write_project(folder: Path, sheets: dict[str, list[tuple[object, ...]]]) -> Path:
    """Write a CSV project (one file per sheet) and return its folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, rows in sheets.items():
        with (folder / f"{name}.csv").open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(rows)
    return folder


def with_rows(sheet: str, *rows: tuple[object, ...], base: dict | None = None) -> dict:
    """Return the base sheets with rows added to one sheet."""
    sheets = {k: list(v) for k, v in (base or BASE).items()}
    sheets[sheet] = sheets.get(sheet, [])[:1] + sheets.get(sheet, [])[1:] + list(rows)
    return sheets


def audit_text(project: Path, lines: Iterable[str], players: str = "Ann, Ben") -> AuditResult:
    """Audit log lines (after a header naming the project) and return the result."""
    header = [f'[Game "{project.name}"]', f'[Players "{players}"]', f'[Project "{project}"]', ""]
    result = audit_log(parse_log("\n".join(header + list(lines)) + "\n", "t.log"))
    assert not [p for p in result.problems if "sheet" in str(p).lower() or ".csv" in str(p)], result.problems
    return result


def findings(result: AuditResult) -> list[tuple[int, str, str]]:
    """Return (line, rule without game prefix, status) of every finding; lines count from the first move (1)."""
    return [(f.line - 4, f.rule.split("/", 1)[1], f.status.value) for f in result.findings]




def shortcuts_agree(engine: object, seed: int, monkeypatch: object, steps: int = 100_000) -> int:
    """Play a random game listing moves with the listing's shortcuts, and at each step a clone listing them with
    every move checked: the same moves listed, no finding for either, the same table after; return the steps."""
    import random

    from playproof.playtest.declared import legal
    from playproof.playtest.engine import Event

    rng = random.Random(seed)
    for step in range(steps):
        twin = engine.clone()  # type: ignore[attr-defined]
        monkeypatch.setattr(legal, "SHORTCUTS", False)  # type: ignore[attr-defined]
        checked = twin.offer()
        monkeypatch.setattr(legal, "SHORTCUTS", True)  # type: ignore[attr-defined]
        offer = engine.offer()  # type: ignore[attr-defined]
        if offer is None:
            assert checked is None
            return step
        assert checked is not None and checked.count == offer.count
        assert [offer.text(k) for k in range(offer.count)] == [checked.text(k) for k in range(checked.count)]
        k = rng.randrange(offer.count)
        verb, _, args = offer.text(k).partition(" ")
        event = Event(step + 1, offer.actor, verb, args)
        assert offer.play(k, event) == checked.play(k, event) == []
        assert engine.state.counters == twin.state.counters and engine.summary() == twin.summary()  # type: ignore
    return steps
