"""The Who Will Reign? engine's speed-ups leave play unchanged: fixed-seed random games replay move for move."""

from __future__ import annotations

import hashlib
import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import event_line, play_random_game, player_names

# Recorded from main (b2bfd57, 2026-11-28) before the engine's offer() and decision speed-ups of
# issue 25: for each (players, seed, option), the first 16 hex digits of the SHA-256 of the game's
# event lines, the number of events and the final scores in seat order. The random bot picks among
# the offered moves by index, so any change in which moves are offered, or in their order, changes
# the hash.
RECORDED = {
    (2, 3, ""): ("9cd341e3ab288863", 465, [17, 25]),
    (2, 17, ""): ("ac42371a6116bc7e", 380, [22, 18]),
    (2, 42, ""): ("a881113ec69b8098", 195, [21, 6]),
    (3, 3, ""): ("e783bda4a2d2f671", 513, [27, 25, 26]),
    (3, 17, ""): ("aeba2be3dc911c6c", 259, [13, 3, 18]),
    (3, 42, ""): ("ce618a2e0aad6f05", 424, [10, 16, 33]),
    (4, 3, ""): ("fb1098c2b272812a", 490, [30, 8, 31, 17]),
    (4, 17, ""): ("ca9fa78919c79ccb", 484, [24, 25, 25, 18]),
    (4, 42, ""): ("229461aa6bc1ab8c", 633, [36, 26, 3, 24]),
    (4, 5, "no-banners"): ("f375fa5082c6c832", 482, [16, 11, 8, 26]),
    (3, 8, "no-banners"): ("7ec514e6e2ad2523", 433, [-1, 15, 22]),
    (4, 5, "replace-when-full"): ("883048363c546d05", 145, [1, 29, 4, 11]),
    (2, 8, "replace-when-full"): ("eb21a134e92c0eb2", 165, [22, 22]),
}


@pytest.mark.parametrize("players,seed,flag", sorted(RECORDED))
def test_a_fixed_seed_game_replays_as_recorded(players: int, seed: int, flag: str) -> None:
    """Offered moves, their order and the final scores match the recording move for move."""
    engine_cls = available_engines()["who-will-reign"]
    options = {flag: "true"} if flag else {}
    engine, events = play_random_game(engine_cls, Setup(player_names(players), options, seed),
                                      random.Random(seed))
    digest = hashlib.sha256("\n".join(map(event_line, events)).encode()).hexdigest()[:16]
    assert (digest, len(events), list(engine.scores().values())) == RECORDED[(players, seed, flag)]
