"""A due condition asked player by player keeps each player's answer with the zones and counters it read: another
player's move asks it again only for that player, and the kept answers are the ones asked afresh."""

from __future__ import annotations

import random

import pytest

from declared_helpers import EXAMPLES
from playproof.playtest.declared import declared_engine, due
from playproof.playtest.declared.state import Watching, unchanged
from playproof.playtest.engine import Event, Setup


def _asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Count the due conditions evaluated (by move name and player)."""
    asked: list[tuple[str, str]] = []
    evaluate = due._holds

    def counting(spec, ctx):  # type: ignore[no-untyped-def]
        asked.append((spec.verb, ctx.player))
        return evaluate(spec, ctx)
    monkeypatch.setattr(due, "_holds", counting)
    return asked


def _lantern():  # type: ignore[no-untyped-def]
    """Return Lantern Guild for Ann and Ben once the table has set up."""
    engine = declared_engine(EXAMPLES / "lantern-guild", "lantern-guild")(Setup(("Ann", "Ben"), seed=5))
    rng = random.Random(5)
    while (decision := engine.decision()) is not None and decision.actor == "table":
        verb, _, args = rng.choice(decision.moves).partition(" ")
        assert engine.apply(Event(1, decision.actor, verb, args)) == []
    return engine


def test_a_change_to_one_players_zone_asks_only_that_player_again(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _lantern()
    state = engine.state
    found = due.first_due(state)
    asked = _asked(monkeypatch)
    hand = state.zone("hand", "Ben")
    state.touch_zone(hand)  # read by draw, reshuffle (for each player): Ann's answers stand
    assert due.first_due(state) == found
    assert asked and {player for _, player in asked} == {"Ben"}


def test_a_watching_context_notes_what_it_reads_and_sees_it_change() -> None:
    engine = declared_engine(EXAMPLES / "who-will-reign-declared", "who-will-reign-declared")(Setup(("Ann", "Ben")))
    state = engine.state
    seen: tuple[list, list, list] = ([], [], [])
    ctx = Watching(state, "Ann", seen)
    assert ctx.zone_size("court") == 0 and ctx.for_player("Ben").counter("food") == state.counters["food"]["Ben"]
    assert [zone for zone, _ in seen[0]] == [state.zone("court", "Ann")] and [o for _, o, _ in seen[1]] == ["Ben"]
    assert seen[2] == ["Ben"]
    assert ctx.shared_values() is None and unchanged(seen)
    state.set_counter("food", "Ann", state.counters["food"]["Ann"] + 1)
    assert unchanged(seen)  # Ann's food was not read
    state.set_counter("food", "Ben", state.counters["food"]["Ben"] + 1)
    assert not unchanged(seen)
    seen = ([], [], [])
    Watching(state, "Ann", seen).zone_items("court")
    state.touch_zone(state.zone("court", "Ann"))
    assert not unchanged(seen)


@pytest.mark.parametrize("game", ["lantern-guild", "who-will-reign-declared", "paper-boats", "tidepool-tricks"])
def test_kept_answers_are_the_ones_asked_afresh_in_random_games(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    players = ("Ann", "Ben") if game == "lantern-guild" else ("Ann", "Ben", "Cy")
    for seed in range(3):
        engine = declared_engine(EXAMPLES / game, game)(Setup(players, seed=seed))
        rng = random.Random(seed)
        for _ in range(400):
            kept = [due.due_targets(engine.state, s) for s in due.due_specs(engine.state)]
            monkeypatch.setattr(due, "CACHE", False)
            assert kept == [due.due_targets(engine.state, s) for s in due.due_specs(engine.state)]
            monkeypatch.setattr(due, "CACHE", True)
            decision = engine.decision()
            if decision is None:
                break
            verb, _, args = rng.choice(decision.moves).partition(" ")
            engine.apply(Event(1, decision.actor, verb, args))


def test_a_copy_of_the_table_for_a_bot_keeps_no_answers() -> None:
    """A bot's copy (clone, determinize) starts with no per-player answers: they would name the original's zones."""
    engine = _lantern()
    due.first_due(engine.state)
    assert engine.state.due_players
    assert not engine.clone().state.due_players
    assert not engine.determinize("Ann", random.Random(1)).state.due_players
