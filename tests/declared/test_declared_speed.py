"""What the referee keeps to go faster gives the answers it would work out afresh: due conditions read for the
player to move, the end, named values, aggregates over a component's fields, log lines read, has_rules."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from declared_helpers import BASE, audit_text, findings, write_project
from playproof.playtest.declared import declared_engine, due, flow, has_rules
from playproof.playtest.declared.expr import Names, compile_expr
from playproof.playtest.declared.expr_functions import ItemFn
from playproof.playtest.engine import Event, Setup

MOVES = ("verb", "actor", "player", "from", "to", "components", "condition", "cost", "pay", "gain", "phase", "action",
         "ends turn", "due")


def _sheets(due_text: str, values: list[tuple[str, str]] | None = None) -> dict:
    """The base game with a seat-dependent start of coins, a `bonus` the table owes when `due_text` holds."""
    sheets = {k: list(v) for k, v in BASE.items()}
    sheets["Counters"] = [("counter", "owner", "start", "min", "max"), ("coins", "player", "3, 0", 0, 10)]
    sheets["Moves"] = [MOVES,
                       ("reveal", "table", "", "deck", "market", "Cards", "", "", "", "", "", "", "", ""),
                       ("work", "turn", "", "", "", "", "", "", "", "coins: 2", "", "", "", ""),
                       ("end", "turn", "", "", "", "", "", "", "", "", "", "no", "yes", ""),
                       ("bonus", "table", "", "", "", "", "", "", "", "coins: 1", "", "", "", due_text)]
    sheets["Turn"] = [("key", "value"), ("players", "2-3"), ("end turn", "move"), ("end", "round > 5")]
    if values:
        sheets["Values"] = [("name", "expression")] + values
    return sheets


def _both_ways(project: Path, lines: list[str], monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, str]]:
    """Return the findings with the kept answers, after checking they are those worked out afresh."""
    monkeypatch.setattr(due, "CACHE", False)
    monkeypatch.setattr(flow, "KEEP", False)
    fresh = findings(audit_text(project, lines))
    monkeypatch.setattr(due, "CACHE", True)
    monkeypatch.setattr(flow, "KEEP", True)
    kept = findings(audit_text(project, lines))
    assert kept == fresh
    return kept


@pytest.mark.parametrize("due_text", ["coins < 1", "low == 1", "seat == 2 and coins < 1"])
def test_a_due_condition_read_for_the_player_to_move_follows_the_turn(tmp_path: Path, due_text: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann starts with 3 coins and Ben with none: nothing changes when Ann ends her turn but whose turn it is.
    project = write_project(tmp_path / "toy", _sheets(due_text, [("low", "1 if coins < 1 else 0")]))
    assert _both_ways(project, ["Ann: end", "Ben: work"], monkeypatch) == [(2, "moves-bonus-due", "violation")]
    assert _both_ways(project, ["Ann: end", "table: bonus", "Ben: work"], monkeypatch) == []


def test_the_end_is_asked_again_when_what_it_reads_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sheets = _sheets("")
    sheets["Turn"] = [("key", "value"), ("players", "2-3"), ("end turn", "move"), ("end", "coins >= 7")]
    project = write_project(tmp_path / "toy", sheets)
    lines = ["Ann: work", "Ann: end", "Ben: work", "Ben: end", "Ann: work"]  # Ann reaches 7 on her second work
    assert _both_ways(project, lines, monkeypatch) == []
    assert _both_ways(project, lines + ["Ann: end"], monkeypatch) == [(6, "turn-end", "violation")]
    assert _both_ways(project, lines[:-1] + ["Ann: end", "Ben: work"], monkeypatch) == []  # Ben's 4 is no end


def test_a_counter_set_to_its_own_value_keeps_the_due_answers_and_a_change_drops_them(tmp_path: Path) -> None:
    project = write_project(tmp_path / "toy", _sheets("coins < 1"))
    engine = declared_engine(project, "toy")(Setup(("Ann", "Ben")))
    state = engine.state
    spec = state.game.moves["bonus"]
    assert due.due_targets(state, spec) == [] and "bonus" in state.due_cache
    state.set_counter("coins", "Ann", 3)
    assert "bonus" in state.due_cache
    state.set_counter("coins", "Ann", 0)
    assert "bonus" not in state.due_cache
    assert due.due_targets(state, spec) == [""]


def test_a_value_is_kept_while_the_table_is_unchanged(tmp_path: Path) -> None:
    sheets = _sheets("", [("rich", "coins + count(market)")])
    sheets["Scoring"] = [("part", "expression"), ("rich", "rich if rich > 0 else 0")]  # read twice: not inlined
    engine = declared_engine(write_project(tmp_path / "toy", sheets), "toy")(Setup(("Ann", "Ben")))
    state = engine.state
    assert engine.scores() == {"Ann": 3, "Ben": 0}
    assert {key[:2] for key in state.values} == {("rich", "Ann"), ("rich", "Ben")}  # kept for the table as it is
    assert engine.scores() == {"Ann": 3, "Ben": 0}
    engine.apply(Event(1, "table", "reveal", "Market"))
    assert engine.scores() == {"Ann": 4, "Ben": 1}  # the market changed: worked out again
    state.set_counter("coins", "Ben", 5)
    assert engine.scores() == {"Ann": 4, "Ben": 6}


def test_an_argument_reading_only_the_component_is_worked_out_once_per_design() -> None:
    names = Names(zones={"market": False}, fields={"suit", "points"})
    pure = compile_expr("count(market, suit == 'red' and points > 1)", names)
    mixed = compile_expr("count(market, suit == current)", names)
    cells = [c.cell_contents for c in pure.fn.__closure__ or ()]
    assert any(isinstance(getattr(c, "__self__", None), ItemFn) for c in _flatten(cells))
    assert not any(isinstance(getattr(c, "__self__", None), ItemFn)
                   for c in _flatten([c.cell_contents for c in mixed.fn.__closure__ or ()]))


def _flatten(cells: list[object]) -> list[object]:
    """Return closure contents and the contents of their closures."""
    found: list[object] = []
    todo = list(cells)
    while todo and len(found) < 200:
        item = todo.pop()
        found.append(item)
        for cell in getattr(item, "__closure__", None) or ():
            try:
                todo.append(cell.cell_contents)
            except ValueError:
                continue
    return found


def test_a_line_read_again_is_a_fresh_move(project: Path) -> None:
    engine_cls = declared_engine(project, "toy")
    first = engine_cls(Setup(("Ann", "Ben")))
    event = Event(1, "table", "deal", "Ann Tower")
    play = first._read(event)
    assert play is not None and play.target == "Ann" and [c.name for c in play.comps] == ["Tower"]
    play.comps.clear()
    play.paid = 9
    again = first._read(event)
    assert again is not None and [c.name for c in again.comps] == ["Tower"] and again.paid is None
    other = engine_cls(Setup(("Cy", "Dee")))
    assert other._read(event).problem  # Ann does not play here: the same words read otherwise


def test_has_rules_sees_a_changed_workbook(tmp_path: Path) -> None:
    import openpyxl

    book = tmp_path / "p" / "components.xlsx"
    book.parent.mkdir()
    workbook = openpyxl.Workbook()
    workbook.active.title = "Cards"
    workbook.save(book)
    assert not has_rules(book.parent)
    workbook.create_sheet("Moves")
    workbook.save(book)
    os.utime(book, ns=(book.stat().st_atime_ns, book.stat().st_mtime_ns + 1_000_000_000))
    assert has_rules(book.parent)


@pytest.mark.parametrize("game", ["tidepool-tricks", "reef-divers", "market-stalls", "lantern-guild"])
def test_legal_moves_are_the_same_when_a_rows_verdict_is_shared(game: str) -> None:
    import random

    from declared_helpers import EXAMPLES

    engine_cls = declared_engine(EXAMPLES / game, game)
    specs = list(engine_cls.game.moves.values())
    assert any(spec.card_free and spec.takes_component for spec in specs)
    rng = random.Random(3)
    engine = engine_cls(Setup(("Ann", "Ben", "Cy")[:2 if game == "lantern-guild" else 3], seed=3))
    shared = [spec.card_free for spec in specs]
    for _ in range(60):
        world = engine.clone()  # a roll offered draws from the game's dice: both listings start from the same
        decision = engine.decision()
        if decision is None or not decision.moves:
            break
        try:
            for spec in specs:
                spec.card_free = False
            assert world.decision() == decision
        finally:
            for spec, free in zip(specs, shared):
                spec.card_free = free
        verb, _, args = rng.choice(decision.moves).partition(" ")
        engine.apply(Event(1, decision.actor, verb, args))
