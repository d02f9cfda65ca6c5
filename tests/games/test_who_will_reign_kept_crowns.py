"""Who Will Reign? keeps each sister's crowns between calls of `scores()`: always the totals `score_breakdown` counts."""

from __future__ import annotations

import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.games.who_will_reign.grammar import parse_ability
from playproof.playtest.simulate import player_names, quick_event

ENGINE = available_engines()["who-will-reign"]


def _counted(engine: object) -> dict[str, int]:
    """Return each sister's crowns counted afresh from her cards (nothing kept)."""
    return {name: parts["total"] for name, parts in engine.score_breakdown().items()}  # type: ignore[attr-defined]


def _move(engine: object, rng: random.Random) -> bool:
    """Play one random offered move; return False when the game is over."""
    offer = engine.offer()  # type: ignore[attr-defined]
    if offer is None:
        return False
    actor, count, text, play = offer
    k = rng.randrange(count)
    verb, _, args = text(k).partition(" ")
    event = quick_event(0, actor, verb, args)
    assert not (engine.apply(event) if play is None else play(k, event))  # type: ignore[attr-defined]
    return True


@pytest.mark.parametrize("players,seed,options", [(4, 3, {}), (4, 42, {}), (3, 8, {"no-banners": "true"}),
                                                  (2, 17, {}), (4, 5, {"replace-when-full": "true"})])
def test_the_kept_crowns_are_the_crowns_counted_afresh(players: int, seed: int, options: dict[str, str]) -> None:
    """Asked after every move, and asked only as each round ends (the table changed many times between)."""
    every, rounds = ENGINE(Setup(player_names(players), options, seed)), ENGINE(Setup(player_names(players), options, seed))
    rng_every, rng_rounds = random.Random(seed), random.Random(seed)
    label = rounds.round_label()
    moves = 0
    while _move(every, rng_every):
        assert _move(rounds, rng_rounds)
        assert every.scores() == _counted(every)
        if rounds.round_label() != label:
            label = rounds.round_label()
            assert rounds.scores() == _counted(rounds)
        moves += 1
    assert moves > 100 and rounds.is_over() and rounds.scores() == _counted(rounds) == every.scores()


def test_copies_of_a_game_keep_their_own_crowns() -> None:
    """A search bot's copy and the game it was copied from go different ways: each counts its own crowns."""
    game = ENGINE(Setup(player_names(4), {}, 11))
    rng = random.Random(11)
    for _ in range(150):
        assert _move(game, rng)
    game.scores()  # kept on every sister before the copy is made
    twin = game.clone()
    for engine, seed in ((game, 1), (twin, 2)):
        rng = random.Random(seed)
        while _move(engine, rng):
            assert engine.scores() == _counted(engine)
    assert game.scores() == _counted(game) and twin.scores() == _counted(twin)


@pytest.mark.parametrize("effect,counts", [("plus 2 per might+board", True), ("plus 1 per guest-all", True),
                                           ("plus 1 per improved", True), ("plus 1 per farm", True),
                                           ("plus 1 per might", False), ("plus 1 per paths", False),
                                           ("minus 1 per guest", False), ("plus 3 if banner", False),
                                           ("worth 4 if has knight commander", False), ("", False)])
def test_an_ability_says_whether_its_crowns_count_the_table(effect: str, counts: bool) -> None:
    """Only crowns per board, per improved board or per every sister's guest depend on more than her own cards."""
    assert parse_ability(effect).counts_table is counts
