"""Battle for Seven Cities' random runs stop exactly at the loop's move limit, wherever it falls.

A run plays a turn, its closing (extra cards, discards), the next turns and the round's draws in one
go (runner.py); each of these stops at the limit. Cut at every limit in turn, a game's moves are the
first moves of the same game played to its end.
"""

from __future__ import annotations

import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import GameStuck, random_moves, player_names

ENGINE = available_engines()["battle-for-seven-cities"]


@pytest.mark.parametrize("players,seed", [(6, 3), (3, 11)])
def test_a_game_cut_at_any_limit_plays_the_first_moves_of_the_whole_game(players: int, seed: int) -> None:
    """Every limit from 1 to 400 moves: the runs stop there, having played the whole game's first moves."""
    setup = Setup(player_names(players), {}, seed)
    whole = random_moves(ENGINE(setup), random.Random(seed))
    assert len(whole) > 400
    for limit in range(1, 401):
        with pytest.raises(GameStuck) as stuck:
            random_moves(ENGINE(setup), random.Random(seed), limit)
        assert stuck.value.line == limit and stuck.value.events == whole[:limit], limit
