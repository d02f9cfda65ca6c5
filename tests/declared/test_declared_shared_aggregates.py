"""An `any`/`all` of a zone whose argument reads only the component is worked out once for the table as it is now,
however many values and conditions write it (Who Will Reign?'s six `floods_*` values each ask
`any(row, item == 'Flood Moon')`); with the sharing or without, every verdict and score is the same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from declared_helpers import EXAMPLES
from playproof.playtest.audit import audit_log
from playproof.playtest.declared import declared_engine, expr_functions
from playproof.playtest.declared.state import Ctx
from playproof.playtest.engine import Event, Setup
from playproof.playtest.logparse import parse_log
from playproof.playtest.simulate import simulate_games
from wwr_translate import one_move_less, random_logs

WWR = EXAMPLES / "who-will-reign-declared"


def _row_scans(monkeypatch: pytest.MonkeyPatch, sharing: bool) -> tuple[Any, list[int]]:
    """Return `flooding` for the first player of a Who Will Reign? table set up, and the components each aggregate
    visited while it was worked out (the named values kept for the table dropped first)."""
    engine = declared_engine(WWR, "who-will-reign-declared")(Setup(("Ann", "Ben", "Cy"), seed=3))
    rng = random.Random(3)
    while (decision := engine.decision()) is not None and decision.actor == "table":
        verb, _, args = rng.choice(decision.moves).partition(" ")
        engine.apply(Event(1, decision.actor, verb, args))
    visits: list[int] = []
    spend = Ctx.spend
    monkeypatch.setattr(Ctx, "spend", lambda c, n: (visits.append(n), spend(c, n))[1])
    monkeypatch.setattr(expr_functions, "SHARING", sharing)
    engine.state.epoch += 1
    value = engine.game.values["flooding"](Ctx(engine.state, "Ann"))
    return value, list(visits)


def test_the_same_any_of_a_zone_in_six_values_looks_at_the_row_once(monkeypatch: pytest.MonkeyPatch) -> None:
    value, shared = _row_scans(monkeypatch, True)
    again, alone = _row_scans(monkeypatch, False)
    assert value == again
    assert len(alone) - len(shared) == 5  # six `any(row, item == 'Flood Moon')`: one looks, five read its answer


def _audits(logs: list[str]) -> list[tuple[list[str], dict[str, int]]]:
    """Return each log's findings and final scores."""
    found = []
    for i, text in enumerate(logs):
        result = audit_log(parse_log(text, f"g{i}.log"))
        found.append(([str(f) for f in result.findings],
                      dict(result.engine.final_scores) if result.engine is not None else {}))
    return found


def test_verdicts_and_scores_are_the_same_with_and_without_sharing(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = random_logs(8)
    for folder in sorted(p for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file()):
        engine = declared_engine(folder, folder.name)
        played = [g.log.replace("\n\n", f'\n[Project "{folder}"]\n\n', 1)
                  for g in simulate_games(engine, 2 if folder.name == "lantern-guild" else 3, 2, 5)]
        logs += played + [one_move_less(text, seed) for seed, text in enumerate(played)]
    shared = _audits(logs)
    monkeypatch.setattr(expr_functions, "SHARING", False)
    assert shared == _audits(logs)
    assert any(findings for findings, _ in shared)
