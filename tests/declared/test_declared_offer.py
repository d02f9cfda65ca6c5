"""A declared game's `offer()`: the moves `decision()` lists, in its order, and a drawn move applied without a second
check only when that changes nothing (random games play as through `apply`, findings of other lines are kept)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from declared_helpers import BASE, EXAMPLES, shortcuts_agree, with_rows, write_project

from playproof.playtest.declared import declared_engine, legal
from playproof.playtest.declared.engine import DeclaredEngine
from playproof.playtest.declared.play import Play
from playproof.playtest.engine import TABLE, Engine, Event, Setup, Violation
from playproof.playtest.simulate import play_random_game, player_names
from playproof.scaffold import create_project

GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())


PICKY = {
    "Cards": [("name", "suit", "count"), ("Market", "red", 6), ("Harbour", "blue", 4), ("Tower", "red", 4)],
    "Zones": [("zone", "owner", "visibility", "order"), ("deck", "shared", "hidden", "ordered"),
              ("hand", "player", "owner", "unordered"), ("tableau", "player", "public", "unordered")],
    "Setup": [("set", "where", "zone", "each"), ("Cards", "name == 'Market'", "hand", 2),
              ("Cards", "name == 'Harbour'", "tableau", 1), ("Cards", "name == 'Tower'", "tableau", 1),
              ("Cards", "", "deck", "")],
    "Moves": [("verb", "actor", "from", "to", "components", "takes", "where", "ends turn"),
              ("draw", "turn", "deck", "hand", "Cards", "", "", "yes"),
              ("sell", "turn", "hand", "deck", "Cards", "", "suit == 'red'", "yes"),
              ("swap", "turn", "hand, tableau", "deck", "Cards", "2", "", "yes"),
              ("play", "turn", "hand", "tableau", "Cards", "", "", "yes")],
    "Turn": [("key", "value"), ("players", "2-3"), ("end turn", "move"), ("end", "round > 8")],
    "Scoring": [("part", "expression"), ("cards", "count(tableau)")],
}
"""A game whose rows check where their components come from: `where` (only red cards are sold) and two components
taken from either of two zones (a Market in hand and one in the tableau are not two Markets of one zone)."""


def _engine(game: str, tmp_path: Path) -> type[DeclaredEngine]:
    if game == "starter":
        create_project(tmp_path / "starter")
        return declared_engine(tmp_path / "starter", "starter")
    if game == "base":  # declared_helpers.BASE: a small game with every kind of rule
        return declared_engine(write_project(tmp_path / "game", BASE), "game")
    if game == "picky":
        return declared_engine(write_project(tmp_path / "picky", PICKY), "picky")
    return declared_engine(EXAMPLES / game, game)


def _players(engine: type[DeclaredEngine]) -> int:
    return max(engine.min_players, min(3, engine.max_players))


@pytest.mark.parametrize("game", ["starter"] + GAMES)
def test_offer_lists_the_moves_of_decision_in_its_order(game: str, tmp_path: Path) -> None:
    engine_cls = _engine(game, tmp_path)
    engine = engine_cls(Setup(player_names(_players(engine_cls)), {}, 3))
    rng = random.Random(3)
    steps = 0
    while steps < 400:
        twin = engine.clone()  # decision() on a copy: listing a roll draws from the game's generator
        decision = twin.decision()
        offer = engine.offer()
        if decision is None:
            assert offer is None
            break
        assert offer is not None and offer.actor == decision.actor
        assert [offer.text(k) for k in range(offer.count)] == list(decision.moves)
        assert offer.play is not None
        k = rng.randrange(offer.count)
        verb, _, args = offer.text(k).partition(" ")
        assert offer.play(k, Event(steps + 1, offer.actor, verb, args)) == []
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("game", ["starter"] + GAMES)
def test_random_games_through_offers_are_the_games_apply_plays(game: str, tmp_path: Path) -> None:
    engine_cls = _engine(game, tmp_path)
    slow_cls = type("Slow", (engine_cls,), {"offer": Engine.offer})
    for seed in (1, 2):
        setup = Setup(player_names(_players(engine_cls)), {}, seed)
        fast, fast_events = play_random_game(engine_cls, setup, random.Random(seed))
        slow, slow_events = play_random_game(slow_cls, setup, random.Random(seed))
        assert fast_events == slow_events
        assert fast.scores() == slow.scores() and fast.winners() == slow.winners()
        assert fast.state.counters == slow.state.counters


def test_only_a_row_with_nothing_to_check_is_listed_unchecked(tmp_path: Path) -> None:
    game = _engine("base", tmp_path).game
    unchecked = {spec.verb for spec in game.moves.values() if legal._row(game, spec).unchecked}
    assert unchecked == {"end"}  # `work` gains coins (a counter with a maximum), the others name components


def test_only_rows_whose_moves_are_never_written_alike_skip_comparing_texts(tmp_path: Path) -> None:
    take = ("take", "turn", "", "market", "hand", "Cards", "", "", "", "", "", "", "")
    sheets = with_rows("Moves", take, take)
    phrases = {len(sheets["Moves"]) - 2: "CARD now", len(sheets["Moves"]) - 1: "CARD later"}
    sheets["Moves"] = [row + ("phrase" if i == 0 else phrases.get(i, ""),) for i, row in enumerate(sheets["Moves"])]
    game = declared_engine(write_project(tmp_path / "game", sheets), "game").game
    rows = {name: legal._row(game, spec) for name, spec in game.moves.items()}
    assert all(rows[name].plain and rows[name].own_verb for name in ("deal", "buy", "play", "work", "end"))
    assert not rows["take"].plain and not rows["take"].own_verb and not rows["take-2"].own_verb  # two phrases
    reef = declared_engine(EXAMPLES / "reef-divers", "reef-divers").game
    assert legal._row(reef, reef.moves["dive"]).plain  # one roll offered


@pytest.mark.parametrize("game", ["base", "picky", "starter"] + GAMES)
def test_moves_listed_with_shortcuts_are_the_moves_checking_lists(game: str, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game, tmp_path)
    rows = [legal._row(engine_cls.game, spec) for spec in engine_cls.game.moves.values()]
    assert any(row.unchecked or row.placed for row in rows)
    for seed in range(2 if game != "picky" else 8):
        setup = Setup(player_names(_players(engine_cls)), {}, seed)
        engine = engine_cls(setup)
        assert shortcuts_agree(engine, seed, monkeypatch) > 0


def test_a_line_that_is_not_the_move_offered_is_checked_in_full(tmp_path: Path) -> None:
    engine_cls = declared_engine(write_project(tmp_path / "game", BASE), "game")
    engine = engine_cls(Setup(("Ann", "Ben")))
    while (offer := engine.offer()) is not None and offer.actor == TABLE:
        verb, _, args = offer.text(0).partition(" ")
        assert offer.play(0, Event(1, TABLE, verb, args)) == []  # type: ignore[misc]
    assert offer is not None and offer.actor == "Ann"
    work = next(k for k in range(offer.count) if offer.text(k) == "work")
    # drawn: `work`; written: a buy of a card not in the market. The line is checked and applied as `apply` does.
    twin = engine.clone()
    line = Event(2, "Ann", "buy", "Harbour")
    found = offer.play(work, line)  # type: ignore[misc]
    assert found == twin.apply(line) and [v.rule for v in found] == ["game/moves-buy-from"]
    assert engine.state.counters == twin.state.counters and engine.state.counters["coins"]["Ann"] != 5


def test_a_table_move_due_with_no_legal_way_is_still_owed_before_the_move_drawn(tmp_path: Path) -> None:
    sheets = with_rows("Moves", ("tax", "table", "", "", "", "", "round < 0", "", "", "", "", "", ""))
    sheets["Moves"] = [row + ("due" if i == 0 else "round > 0" if row[0] == "tax" else "",)
                       for i, row in enumerate(sheets["Moves"])]
    engine = declared_engine(write_project(tmp_path / "game", sheets), "game")(Setup(("Ann", "Ben")))
    offer = engine.offer()
    assert offer is not None and offer.actor == "Ann"  # the table owes a tax it cannot make: Ann is to move
    twin = engine.clone()
    verb, _, args = offer.text(0).partition(" ")
    line = Event(1, "Ann", verb, args)
    found = offer.play(0, line)  # type: ignore[misc]
    assert found == twin.apply(line) and [v.rule for v in found] == ["game/moves-tax-due"]


def test_a_game_with_a_hook_applies_offered_moves_through_its_hook(tmp_path: Path) -> None:
    calls: list[str] = []

    class Counting(DeclaredEngine):
        def check_move(self, play: Play, event: Event) -> list[Violation]:
            calls.append(f"{event.line} {event.text}")  # line 0: asked while listing moves
            return []

    create_project(tmp_path / "starter")
    engine_cls = declared_engine(tmp_path / "starter", "starter", base=Counting)
    _, events = play_random_game(engine_cls, Setup(player_names(2), {}, 1), random.Random(1))
    played = [e for e in events if e.actor != TABLE]
    assert played and all(f"{e.line} {e.text}" in calls for e in played)
