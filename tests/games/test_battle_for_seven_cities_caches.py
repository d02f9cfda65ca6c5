"""Battle for Seven Cities' module caches stay bounded: audit and simulate read thousands of games in one process."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games.battle_for_seven_cities import ENGINE, board, cards, legal
from playproof.playtest.simulate import play_random_game, player_names


def test_keep_drops_the_oldest_entry_when_full() -> None:
    cache: dict[str, int] = {}
    for number, key in enumerate("abcde"):
        board.keep(cache, key, number, 3)
    assert cache == {"c": 2, "d": 3, "e": 4}


@pytest.fixture
def small_bounds(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, tuple[dict, int]]]:
    """Shrink every shared cache's bound and empty it, so that a few games overflow each one; refill it after."""
    caches = {"links": (board._LINKS, 4, board, "LINKS_KEPT"), "shapes": (board._SHAPES, 4, board, "LINKS_KEPT"),
              "room": (cards._ROOM, 8, cards, "ROOM_KEPT"),
              "token moves": (legal._TOKEN_MOVES, 2, legal, "TOKEN_MOVES_KEPT")}
    saved = [(cache, dict(cache)) for cache, _, _, _ in caches.values()]
    for cache, bound, module, name in caches.values():
        monkeypatch.setattr(module, name, bound)
        cache.clear()
    yield {kind: (cache, bound) for kind, (cache, bound, _, _) in caches.items()}
    for cache, entries in saved:  # other tests in this process share the caches
        cache.clear()
        cache.update(entries)


def test_the_shared_caches_stay_within_their_bounds_over_many_games(small_bounds) -> None:
    seen = dict.fromkeys(small_bounds, 0)
    for seed in range(12):  # railway, wall and expedition moves and laid groups vary from game to game
        setup = Setup(player_names(6), {"tokens": "connected"} if seed % 3 == 0 else {}, seed)
        play_random_game(ENGINE, setup, random.Random(seed))
        for kind, (cache, bound) in small_bounds.items():
            assert len(cache) <= bound, f"{kind}: {len(cache)} entries, more than its bound {bound}"
            seen[kind] = max(seen[kind], len(cache))
    # every cache was filled to its bound, so the games would have overflowed one that kept everything
    assert seen == {kind: bound for kind, (_, bound) in small_bounds.items()}
