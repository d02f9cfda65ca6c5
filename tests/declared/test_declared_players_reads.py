"""What an expression reads for the player it is evaluated for, and what it reads for every player in turn inside an
aggregate over `players`: `max(players, north_mine)` is the same for everyone, so Tern Islands works it out once a
table, not once per player, and Paper Boats' `flip` is not asked again because the turn passed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from declared_helpers import EXAMPLES
from playproof.playtest.declared import declared_engine
from playproof.playtest.declared.build import reads
from playproof.playtest.declared.expr import Names, compile_expr
from playproof.playtest.declared.state import Ctx, due_readers
from playproof.playtest.engine import Event, Setup

NAMES = Names(zones={"hand": True, "row": False}, counters={"coins": True, "pot": False})


@pytest.mark.parametrize("text, own", [
    ("coins > 1", True), ("pot > 1", False), ("count(hand) == 0", True), ("count(row) == 0", False),
    ("seat == 1", True), ("player == 'Ann'", True), ("players > 2", False),
    ("max(players, coins) > 3", False), ("all(players, count(hand) == 0)", False),
    ("best(players, seat) == player", True), ("count(players, seat > 1) + pot", False),
    ("max(others, coins)", True), ("sum(others, pot)", True),  # all but the player evaluated for
    ("max(players, count(others, coins > 1))", False),  # all but each player in turn
    ("coins of current", True),  # `of`: still noted as the player's own (it reads no less)
    ("max(players, coins) + coins", True), ("count(row, by == player)", True),
    ("sum(players, count(row, by == player))", False),
])
def test_reads_inside_an_aggregate_over_players_are_not_the_players_own(text: str, own: bool) -> None:
    assert ("player" in compile_expr(text, NAMES).reads) is own


def _values(**texts: str) -> dict[str, Any]:
    """Return named values compiled against each other."""
    names = Names(zones={"north": False}, counters={"coins": True})
    for name in texts:
        names.values[name] = lambda c: 0
    return {name: compile_expr(text, names) for name, text in texts.items()}


def test_a_value_read_only_for_every_player_does_not_make_its_reader_the_players_own() -> None:
    values = _values(mine="count(north, by == player)", top="max(players, mine)", tied="count(players, mine == top)",
                     rich="coins + top", richest="max(players, rich)")
    assert "player" in reads(values["mine"], values)[2]
    assert "player" not in reads(values["top"], values)[2]
    assert "player" not in reads(values["tied"], values)[2]
    assert "player" in reads(values["rich"], values)[2]
    assert "player" not in reads(values["richest"], values)[2]
    score = compile_expr("6 // tied if mine == top else 0", Names(zones={"north": False}, values=dict.fromkeys(
        values, lambda c: 0)))
    assert "player" in reads(score, values)[2] and score.values_for_all == set()
    assert compile_expr("max(players, mine) + top", Names(values=dict.fromkeys(values, lambda c: 0))
                        ).values_for_all == {"mine"}


def _tern_table() -> Any:
    """Return a Tern Islands game of three after some random nests."""
    engine = declared_engine(EXAMPLES / "tern-islands", "tern-islands")(Setup(("Ann", "Ben", "Cy"), seed=4))
    rng = random.Random(4)
    for _ in range(7):
        decision = engine.decision()
        verb, _, args = rng.choice(decision.moves).partition(" ")
        engine.apply(Event(1, decision.actor, verb, args))
    return engine


def test_north_top_is_worked_out_once_for_all_players(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _tern_table()
    table, calls = engine.game.values, []
    top = table["north_top"]
    monkeypatch.setitem(table, "north_top", lambda c: (calls.append(c.player), top(c))[1])
    engine.state.epoch += 1
    scores = [fn(Ctx(engine.state, p)) for p in engine.state.players for _, fn in engine.game.scoring]
    assert len(calls) == 1
    engine.state.epoch += 1
    assert [fn(Ctx(engine.state, p)) for p in engine.state.players for _, fn in engine.game.scoring] == scores
    assert len(calls) == 2


@pytest.mark.parametrize("game, condition", [("paper-boats", "flip"), ("paper-boats", "<end>"),
                                             ("tern-islands", "<end>"), ("driftwood-auction", "win"),
                                             ("reef-divers", "<end>")])
def test_due_conditions_over_every_player_are_not_asked_again_when_the_turn_passes(game: str, condition: str) -> None:
    engine = declared_engine(EXAMPLES / game, game)
    assert "current" not in due_readers(engine.game)[2][condition]


def test_due_conditions_reading_the_players_own_are_asked_for_the_player_to_move() -> None:
    engine = declared_engine(EXAMPLES / "lantern-guild", "lantern-guild")
    assert "current" in due_readers(engine.game)[2]["tidy"]
