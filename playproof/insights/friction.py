"""Rule friction: per rule, the violations caught, the corrections made at the table and the questions asked."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from playproof.insights.records import GameRecord

KINDS = ("violation", "corrected", "question")


@dataclass
class RuleFriction:
    """One rule's friction over many sessions, split by new and returning players where the header says who is new."""

    rule: str
    sentence: str = ""
    counts: Counter[str] = field(default_factory=Counter)
    """Kind (violation, corrected, question) -> times."""
    new: Counter[str] = field(default_factory=Counter)
    """The same, by players the `[New]` header names."""
    sessions: set[str] = field(default_factory=set)

    @property
    def total(self) -> int:
        """Return all friction with this rule."""
        return sum(self.counts.values())

    def to_dict(self) -> dict[str, Any]:
        """Return the rule's friction as JSON-ready data."""
        return {"rule": self.rule, "sentence": self.sentence, "total": self.total, "sessions": len(self.sessions),
                **{k: self.counts[k] for k in KINDS}, "by_new_players": {k: self.new[k] for k in KINDS}}


def friction_of(records: list[GameRecord], sentence: Callable[[str], str] | None = None) -> list[RuleFriction]:
    """Return every rule with friction, most first (ties by rule id)."""
    rules: dict[str, RuleFriction] = {}
    for record in records:
        for event in record.friction:
            found = rules.setdefault(event.rule, RuleFriction(event.rule))
            found.counts[event.kind] += 1
            found.sessions.add(record.name)
            if event.player in record.new_players:
                found.new[event.kind] += 1
    ranked = sorted(rules.values(), key=lambda r: (-r.total, r.rule))
    for found in ranked:
        found.sentence = sentence(found.rule) if sentence else ""
    return ranked


def new_players_told(records: list[GameRecord]) -> bool:
    """Return True when some session's header says who is new (the split by new players means something)."""
    return any(r.new_players for r in records)
