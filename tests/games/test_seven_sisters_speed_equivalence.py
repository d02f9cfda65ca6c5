"""The Seven Sisters engine's speed-ups leave play unchanged: fixed-seed random games replay move for move."""

from __future__ import annotations

import hashlib
import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import event_line, play_random_game, player_names

# Recorded from the engine before its decision()/apply() speed-ups (commit 5f4edab): for each
# (players, seed, variant flag), the first 16 hex digits of the SHA-256 of the game's event lines,
# the number of events and the final scores in seat order. The random bot picks among the offered
# moves by index, so any change in which moves are offered, or in their order, changes the hash.
RECORDED = {
    (2, 3, ""): ("f3e6daf7736e2ed4", 132, [13, 16]),
    (2, 17, ""): ("6dd9332f50ee8680", 137, [11, 16]),
    (2, 42, ""): ("72e2362b02c831c0", 137, [16, 18]),
    (3, 3, ""): ("750d5e8a3422aa62", 189, [9, 14, 8]),
    (3, 17, ""): ("2908a69899fe7086", 189, [5, 14, 10]),
    (3, 42, ""): ("a3f7e6333b2c9816", 195, [8, 10, 16]),
    (4, 3, ""): ("5bca8f7caf781c25", 244, [7, 10, 8, 7]),
    (4, 17, ""): ("30bb766b82ef1cd4", 248, [7, 12, 9, 5]),
    (4, 42, ""): ("3ce36e179cdabfa1", 242, [7, 3, 10, 10]),
    (5, 3, ""): ("05474d8e345b44f6", 295, [4, 5, 7, 9, 5]),
    (5, 17, ""): ("9aec7bc9aa43ab14", 297, [6, 4, 4, 8, 9]),
    (5, 42, ""): ("f87d9c6d1cf2b674", 293, [6, 8, 5, 5, 4]),
    (6, 3, ""): ("7f29a400631b16c3", 344, [7, 3, 8, 6, 4, 4]),
    (6, 17, ""): ("dca0c18360c19e70", 332, [2, 3, 12, 3, 3, 5]),
    (6, 42, ""): ("e5eb6f0d0af0944c", 347, [3, 6, 5, 7, 5, 6]),
    (6, 5, "reshuffle-every-round"): ("3902ad09005caaa8", 347, [4, 7, 3, 2, 6, 5]),
    (6, 8, "reshuffle-every-round"): ("d8de0cfbf7eeb207", 345, [4, 8, 5, 4, 6, 1]),
    (4, 5, "random-order"): ("2b96a9668b38e9e8", 244, [7, 7, 11, 8]),
    (4, 8, "random-order"): ("520608e519a61bd2", 253, [9, 9, 8, 14]),
    (5, 5, "empty-is-tie"): ("b13005eacdf1003c", 292, [6, 7, 5, 6, 8]),
    (5, 8, "empty-is-tie"): ("f9a373bc5cfe5787", 293, [7, 9, 6, 6, 6]),
}


@pytest.mark.parametrize("players,seed,flag", sorted(RECORDED))
def test_a_fixed_seed_game_replays_as_recorded(players: int, seed: int, flag: str) -> None:
    """Offered moves, their order and the final scores match the recording move for move."""
    engine_cls = available_engines()["seven-sisters"]
    options = {flag: "true"} if flag else {}
    engine, events = play_random_game(engine_cls, Setup(player_names(players), options, seed),
                                      random.Random(seed))
    digest = hashlib.sha256("\n".join(map(event_line, events)).encode()).hexdigest()[:16]
    assert (digest, len(events), list(engine.scores().values())) == RECORDED[(players, seed, flag)]
