"""Battle for Seven Cities' fast path keeps what it remembers true: offers equal a decision worked out afresh.

Random play's fast path (offers.py) keeps a turn's moves (`turn_parts`) and the pile's codes
(`draw_codes`) between moves, and the board remembers steps, token moves, room for expeditions
and links per layout. Here every offer is compared with `decision()` on a copy whose board has
forgotten all of that, while the game mixes offered plays, full `apply`s and clones: a memory
that outlived the state it was made from would offer a wrong move and fail.
"""

from __future__ import annotations

import random

import pytest

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.games.battle_for_seven_cities import BattleEngine
from playproof.playtest.simulate import player_names


def _afresh(engine: BattleEngine) -> tuple[str, ...]:
    """Return the pending decision's moves worked out on a copy that remembers nothing."""
    twin = engine.clone()
    assert isinstance(twin, BattleEngine) and twin.turn_parts is None and twin.draw_codes is None
    board = twin.s.board
    for memo in (board.walks, board.token_moves, board.room, board.rows, board.shapes):
        memo.clear()
    board.taken = None
    decision = twin.decision()
    assert decision is not None
    return decision.moves


def _play(engine: BattleEngine, rng: random.Random, line: int, how: str) -> None:
    """Make a random offered move: by the offer's play, through the full apply, or on a clone kept instead."""
    offer = engine.offer()
    assert offer is not None
    assert tuple(offer.text(k) for k in range(offer.count)) == _afresh(engine), f"line {line}"
    k = rng.randrange(offer.count)
    verb, _, args = offer.text(k).partition(" ")
    event = Event(line, offer.actor, verb, args)
    found = engine.apply(event) if how == "apply" or offer.play is None else offer.play(k, event)
    assert not found, f"line {line}: {event} -> {found}"


@pytest.mark.parametrize("players,seed,option", [(2, 5, ""), (3, 8, "tokens=connected"), (4, 9, "expedition=twin"),
                                                 (5, 12, "shortage=skip"), (6, 2, "recycle=unshielded")])
def test_offers_stay_true_through_plays_applies_and_clones(players: int, seed: int, option: str) -> None:
    """At every step the fast path offers what a decision worked out afresh offers, however moves were made."""
    options = dict([option.split("=")]) if option else {}
    engine = available_engines()["battle-for-seven-cities"](Setup(player_names(players), options, seed))
    rng, ways = random.Random(seed), random.Random(seed + 1)
    line, laid = 0, 0
    while not engine.is_over():
        line += 1
        how = ways.choice(("play", "play", "play", "apply", "clone"))
        if how == "clone":  # go on with a copy: what the original remembered must not mislead it
            engine = engine.clone()
        groups = len(engine.s.board.groups)
        _play(engine, rng, line, how)
        laid += len(engine.s.board.groups) > groups
        assert line < 20_000
    assert laid > 3  # expeditions laid groups during play: the board's memories were renewed mid-game


def test_a_clone_mid_turn_goes_its_own_way() -> None:
    """A clone taken in the middle of a turn and its original play different moves; each offers its own."""
    engine = available_engines()["battle-for-seven-cities"](Setup(player_names(3), {}, 21))
    rng = random.Random(21)
    line = 0
    while engine.turn_parts is None or engine.s.points == 0:  # a turn under way, its parts kept
        line += 1
        _play(engine, rng, line, "play")
    twin = engine.clone()
    for step in range(40):
        for game, seed in ((engine, 1), (twin, 2)):
            if not game.is_over():
                _play(game, random.Random(seed * 1000 + step), line + step + 1, "play")
