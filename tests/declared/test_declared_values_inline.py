"""A named value reached once by an expression is called directly (inlined), not through memoized(): Who Will
Reign?'s `flooding > 0` works out its six `floods_*` without the memo and kept-table machinery. A value reached
twice keeps memoized(), so each is still worked out once an evaluation; with inlining or without, every value,
verdict, finding, score and simulated game is the same."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from declared_helpers import BASE, EXAMPLES, write_project
from playproof.errors import Problems
from playproof.playtest.audit import audit_log
from playproof.playtest.declared import build, check_rules, declared_engine
from playproof.playtest.declared.expr import Names, compile_expr, memoized
from playproof.playtest.declared.expr_values import expansion, inlined_reads
from playproof.playtest.declared.state import Ctx
from playproof.playtest.engine import Event, Setup
from playproof.playtest.logparse import parse_log
from playproof.playtest.simulate import simulate_games
from test_declared_expr import Ctx as StandIn
from wwr_translate import one_move_less, random_logs

WWR = EXAMPLES / "who-will-reign-declared"


def test_expansion_counts_each_value_reached_at_most_twice() -> None:
    expansions = {"a": {"a": 1}, "b": {"b": 1, "a": 1}, "c": {"c": 1, "a": 2}}
    assert expansion({"b": 1}, expansions) == {"b": 1, "a": 1}
    assert expansion({"b": 1, "a": 1}, expansions) == {"b": 1, "a": 2}
    assert expansion({"c": 3, "z": 1}, expansions) == {"c": 2, "a": 2, "z": 1}


def test_only_values_reached_once_with_all_they_reach_are_inlined() -> None:
    expansions = {"a": {"a": 1}, "b": {"b": 1, "a": 1}, "d": {"d": 1}}
    inline = {"a": lambda c: 1, "b": lambda c: 2, "d": lambda c: 3}
    assert inlined_reads({"b": 1, "d": 1}, inline, expansions) == {"b", "d"}
    assert inlined_reads({"b": 1, "a": 1}, inline, expansions) == set()  # `a` through `b` and alone: twice
    assert inlined_reads({"d": 2}, inline, expansions) == set()
    assert inlined_reads({"d": 1, "x": 1}, inline, expansions) == {"d"}  # `x` may not be inlined
    assert inlined_reads({}, inline, expansions) == set()


def _names(calls: list[str]) -> Names:
    """Return names whose values `a` (1) and `b` (2) note each memoized and each direct evaluation."""
    names = Names()
    for name, value in (("a", 1), ("b", 2)):
        names.values[name] = memoized(name, lambda c, n=name, v=value: (calls.append("memo " + n), v)[1])
        names.inline[name] = lambda c, n=name, v=value: (calls.append("inline " + n), v)[1]
        names.expansions[name] = {name: 1}
    return names


def test_a_value_named_once_is_called_directly_and_one_named_twice_through_the_memo() -> None:
    calls: list[str] = []
    names = _names(calls)
    assert compile_expr("a * 10 + b", names).fn(StandIn()) == 12 and calls == ["inline a", "inline b"]
    calls.clear()
    assert compile_expr("a + a + b", Names(values=names.values, inline=names.inline,
                                           expansions=names.expansions)).fn(StandIn()) == 4
    assert calls == ["memo a", "inline b"]  # `a` worked out once, as before
    calls.clear()
    assert compile_expr("max(players, a) + b", names).fn(StandIn()) == 3
    assert calls == ["memo a", "memo a", "memo a", "inline b"]  # for each player: each one's answer kept


def _flood_due(engine: Any) -> Any:
    """Return the Flood Moon's due condition (`flooding > 0`)."""
    return next(spec.due for spec in engine.game.moves.values() if spec.verb == "flood")


def _set_up(engine: Any) -> None:
    """Play the table's set-up moves of a Who Will Reign? game."""
    rng = random.Random(3)
    while (decision := engine.decision()) is not None and decision.actor == "table":
        verb, _, args = rng.choice(decision.moves).partition(" ")
        engine.apply(Event(1, decision.actor, verb, args))


def test_flooding_is_worked_out_without_the_memo_or_the_kept_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("playproof.playtest.declared._CACHE", {})
    engine = declared_engine(WWR, "who-will-reign-declared")(Setup(("Ann", "Ben", "Cy"), seed=3))
    _set_up(engine)
    engine.state.epoch += 1
    ctx = Ctx(engine.state, "Ann")
    assert _flood_due(engine)(ctx) is False
    assert ctx.memo == {} and not any(isinstance(key[0], str) for key in engine.state.values)
    monkeypatch.setattr("playproof.playtest.declared._CACHE", {})
    monkeypatch.setattr(build, "INLINE", False)
    engine = declared_engine(WWR, "who-will-reign-declared")(Setup(("Ann", "Ben", "Cy"), seed=3))
    _set_up(engine)
    engine.state.epoch += 1
    ctx = Ctx(engine.state, "Ann")
    assert _flood_due(engine)(ctx) is False
    assert ("flooding", "Ann") in ctx.memo  # without inlining: the memo and the kept table


def _check(tmp_path: Path, values: list[tuple[str, str]], scoring: str) -> list[str]:
    """Return what `check` finds in the base game with these values and one more scoring part."""
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Values"] = [("name", "expression")] + values
    sheets["Scoring"] = [("part", "expression"), ("cards", "sum(tableau, points)"), ("big", scoring)]
    problems = Problems()
    check_rules(write_project(tmp_path / "game", sheets), problems)
    return [str(p) for p in problems.items]


@pytest.mark.parametrize("deep, problem", [(7, "a number is too large"), (130, "values are read more than 100 deep")])
def test_a_value_too_large_is_found_at_its_own_cell_inlined_or_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   deep: int, problem: str) -> None:
    values = [(f"v{n}", f"v{n - 1} * 1000" if n else "coins + 1") for n in range(deep + 1)]
    inlined = _check(tmp_path / "a", values, f"v{deep}")
    monkeypatch.setattr(build, "INLINE", False)
    assert inlined == _check(tmp_path / "b", values, f"v{deep}")
    assert len(inlined) == 1 and "Values.csv, row" in inlined[0] and problem in inlined[0]


def test_values_read_more_than_100_deep_are_still_too_large(tmp_path: Path) -> None:
    values = [(f"w{n}", f"w{n - 1} + 1" if n else "1") for n in range(120)]
    found = _check(tmp_path, values, "w119")
    assert len(found) == 1 and "more than 100 deep" in found[0]


def _everything(logs: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[Any]]:
    """Return random games of every example (compiled afresh) and each log's findings and final scores."""
    monkeypatch.setattr("playproof.playtest.declared._CACHE", {})
    played: list[str] = []
    for folder in sorted(p for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file()):
        engine = declared_engine(folder, folder.name)
        games = [g.log.replace("\n\n", f'\n[Project "{folder}"]\n\n', 1)
                 for g in simulate_games(engine, 2 if folder.name == "lantern-guild" else 3, 2, 5)]
        played += games + [one_move_less(text, seed) for seed, text in enumerate(games)]
    audits = []
    for i, text in enumerate(logs + played):
        result = audit_log(parse_log(text, f"g{i}.log"))
        audits.append(([str(f) for f in result.findings],
                       dict(result.engine.final_scores) if result.engine is not None else {}))
    return played, audits


def test_games_verdicts_and_scores_are_the_same_with_and_without_inlining(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = random_logs(8)
    inlined = _everything(logs, monkeypatch)
    monkeypatch.setattr(build, "INLINE", False)
    assert inlined == _everything(logs, monkeypatch)
    assert any(findings for findings, _ in inlined[1])
