"""Listing a row's moves with less work per move (dsim4): a cost or gain that reads only the move's component is
worked out once per design (MoveSpec.by_card), a move whose row's leading move-free condition parts held asks only
the rest (MoveSpec.condition_rest), and a quick check writes no text for a counter out of range. Each gives the same
moves, verdicts and games as the full work."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from declared_helpers import EXAMPLES

from playproof.playtest.declared import checks, declared_engine, legal
from playproof.playtest.declared.engine import DeclaredEngine
from playproof.playtest.declared.play import Play
from playproof.playtest.engine import TABLE, Setup
from playproof.playtest.simulate import play_random_game, player_names, quick_event

GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())


def _engine(game: str) -> type[DeclaredEngine]:
    return declared_engine(EXAMPLES / game, game)


def _texts(engine_cls: type[DeclaredEngine], players: int, seed: int) -> list[str]:
    engine = engine_cls(Setup(player_names(players), {}, seed))
    return [f"{e.actor} {e.verb} {e.args}" for e in play_random_game(type(engine), engine.setup,
                                                                      random.Random(seed))[1]]


def _settled(engine: DeclaredEngine) -> DeclaredEngine:
    """Make the table's due moves (each the first listed) until a player is to move."""
    line = 0
    while (offer := engine.offer()) is not None and offer.actor == TABLE:
        line += 1
        verb, _, args = offer.text(0).partition(" ")
        assert not offer.play(0, quick_event(line, TABLE, verb, args))
    return engine


def test_only_costs_and_gains_reading_nothing_but_the_component_are_kept_by_design() -> None:
    lantern = _engine("lantern-guild").game.moves
    assert id(lantern["play"].gains[0][1]) in lantern["play"].by_card  # `coins: card.coins`
    assert id(lantern["buy"].cost) in lantern["buy"].by_card  # `cost`: the card's field
    market = _engine("market-stalls").game.moves
    assert not market["pass"].by_card  # `1 if coins < 9 else 0` reads a counter
    assert not _engine("reef-divers").game.moves["grab"].by_card  # no cost, no gain


@pytest.mark.parametrize("game", ["lantern-guild", "market-stalls", "storm-keepers", "paper-boats"])
def test_games_play_the_same_with_nothing_kept_by_design(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game)
    players = max(engine_cls.min_players, min(3, engine_cls.max_players))
    kept = [_texts(engine_cls, players, seed) for seed in (1, 2)]
    assert any(spec.card_values for spec in engine_cls.game.moves.values()) or \
        not any(spec.by_card for spec in engine_cls.game.moves.values())
    for spec in engine_cls.game.moves.values():
        monkeypatch.setattr(spec, "by_card", frozenset())
    assert [_texts(engine_cls, players, seed) for seed in (1, 2)] == kept


def test_a_listed_grab_asks_only_what_its_condition_reads_of_the_pearl() -> None:
    engine_cls = _engine("reef-divers")
    grab = engine_cls.game.moves["grab"]
    assert [lead.test for lead in grab.condition_leads] == [None, None] and grab.condition_rest is not None
    engine = _settled(engine_cls(Setup(player_names(3), {}, 4)))  # the table fills the reef first
    state = engine.state
    player = state.flow.current
    row = legal._row(engine.game, grab)
    for roll in [(3, 4), (5, 6), (1, 6), (6, 6), (2, 2)]:
        state.roll = roll
        gate = legal._gate(state, grab, player)
        plays = list(legal._candidates(state, grab, player, "", row))
        assert plays  # the reef holds pearls
        full = [bool(checks.check_rest(state, p, 0, quick=True)) for p in plays]
        if gate is None:  # `roll > 0 and not out_of_air` fails: the row is refused before any pearl is asked
            assert all(full)
            continue
        assert gate[1]  # the leading parts visit no component: each move may skip them
        assert [bool(checks.check_rest(state, p, 0, quick=True, led=True)) for p in plays] == full


@pytest.mark.parametrize("game", GAMES)
def test_games_play_the_same_asking_every_move_its_whole_condition(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game)
    players = max(engine_cls.min_players, min(3, engine_cls.max_players))
    rested = [_texts(engine_cls, players, seed) for seed in (1, 2)]
    for spec in engine_cls.game.moves.values():
        monkeypatch.setattr(spec, "condition_rest", None)
    assert [_texts(engine_cls, players, seed) for seed in (1, 2)] == rested


def test_a_quick_check_writes_no_text_for_a_counter_out_of_range() -> None:
    engine_cls = _engine("lantern-guild")
    engine = _settled(engine_cls(Setup(player_names(2), {}, 1)))  # the row is filled, the hands dealt
    state = engine.state
    buy = engine.game.moves["buy"]
    player = state.flow.current
    assert state.counters["coins"][player] == 0  # nothing played yet: every card of the row costs too much
    plays: list[Play] = list(legal._candidates(state, buy, player, "", legal._row(engine.game, buy)))
    assert plays
    for play in plays:
        assert checks.check_rest(state, play, 0, quick=True) == [checks.OUT_OF_RANGE]
        found = checks.check_rest(state, play, 7)
        assert len(found) == 1 and found[0].line == 7 and f"coins would be {-play.paid}" in found[0].message


def test_rows_that_pay_and_gain_nothing_are_checked_by_their_condition_alone() -> None:
    reef, lantern = _engine("reef-divers").game, _engine("lantern-guild").game
    assert legal._row(reef, reef.moves["grab"]).bare and legal._row(reef, reef.moves["dive"]).bare
    assert not legal._row(lantern, lantern.moves["buy"]).bare  # it pays a cost
    assert not legal._row(lantern, lantern.moves["play"]).bare  # it gains coins


@pytest.mark.parametrize("game", GAMES)
def test_games_play_the_same_checking_every_move_in_full(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game)
    players = max(engine_cls.min_players, min(3, engine_cls.max_players))
    bare = [_texts(engine_cls, players, seed) for seed in (1, 2)]
    for spec in engine_cls.game.moves.values():
        monkeypatch.setattr(spec, "listing", legal._row(engine_cls.game, spec)._replace(bare=False))
    assert [_texts(engine_cls, players, seed) for seed in (1, 2)] == bare


def test_single_rows_are_the_bare_ones_of_one_roll_or_one_component() -> None:
    reef, lantern = _engine("reef-divers").game, _engine("lantern-guild").game
    assert legal._row(reef, reef.moves["dive"]).single and legal._row(reef, reef.moves["grab"]).single
    assert legal._row(reef, reef.moves["surface"]).single  # unchecked: its one move
    assert not legal._row(lantern, lantern.moves["refill"]).single  # the row holds at most four: capacity
    assert not legal._row(lantern, lantern.moves["play"]).single  # it gains


@pytest.mark.parametrize("game", GAMES)
def test_games_play_the_same_listing_single_rows_move_by_move(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_cls = _engine(game)
    players = max(engine_cls.min_players, min(3, engine_cls.max_players))
    single = [_texts(engine_cls, players, seed) for seed in (1, 2, 3)]
    for spec in engine_cls.game.moves.values():
        monkeypatch.setattr(spec, "listing", legal._row(engine_cls.game, spec)._replace(single=False))
    assert [_texts(engine_cls, players, seed) for seed in (1, 2, 3)] == single


def test_a_single_row_lists_what_checking_each_candidate_lists() -> None:
    engine_cls = _engine("tidepool-tricks")
    engine = _settled(engine_cls(Setup(player_names(3), {}, 2)))
    rng = random.Random(5)
    compared = 0
    for step in range(40):
        offer = engine.offer()
        if offer is None:
            break
        state, actor = engine.state, offer.actor
        for spec in engine.game.moves.values():
            row = legal._row(engine.game, spec)
            if not row.single or spec.dice or (spec.actor == "table") != (actor == TABLE):
                continue
            fast = [(p.comps, p.paid, p.changes) for p in legal._plays(state, spec, actor, "", None, row)]
            slow = [(p.comps, p.paid, p.changes) for p in legal._plays(state, spec, actor, "", None,
                                                                         row._replace(single=False))]
            assert fast == slow
            compared += bool(fast)
        k = rng.randrange(offer.count)
        verb, _, args = offer.text(k).partition(" ")
        assert not offer.play(k, quick_event(step + 1000, actor, verb, args))
    assert compared > 10  # cards in hand that may be played, listed both ways
