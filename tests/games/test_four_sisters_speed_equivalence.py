"""The Four Sisters engine's speed-ups leave play unchanged: fixed-seed random games replay move for move."""

from __future__ import annotations

import hashlib
import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import event_line, play_random_game, player_names

# Recorded from main (b2bfd57, 2026-11-28) before the engine's apply and audit speed-ups of
# issue 25: for each (players, seed, option), the first 16 hex digits of the SHA-256 of the game's
# event lines, the number of events and the final scores in seat order. The random bot picks among
# the offered moves by index, so any change in which moves are offered, or in their order, changes
# the hash.
RECORDED = {
    (4, 3, ""): ("5e944e25429fea5f", 81, [20, 17, 20, 17]),
    (4, 17, ""): ("2ccd8b8b1550975c", 78, [16, 16, 16, 16]),
    (4, 42, ""): ("be29a52ecc83797b", 91, [0, 33, 0, 33]),
    (4, 5, "sabbath"): ("fe6c12e20d9cbe01", 79, [8, 6, 8, 6]),
    (4, 8, "partial-squander"): ("80273fb551952c26", 97, [7, 16, 7, 16]),
    (4, 11, "partial-squander"): ("fa25441292b04d85", 86, [26, 22, 26, 22]),
    (4, 9, "late-run-out"): ("6194262b4a9766cc", 127, [24, 12, 24, 12]),
}


@pytest.mark.parametrize("players,seed,flag", sorted(RECORDED))
def test_a_fixed_seed_game_replays_as_recorded(players: int, seed: int, flag: str) -> None:
    """Offered moves, their order and the final scores match the recording move for move."""
    engine_cls = available_engines()["four-sisters"]
    options = {flag: "true"} if flag else {}
    engine, events = play_random_game(engine_cls, Setup(player_names(players), options, seed),
                                      random.Random(seed))
    digest = hashlib.sha256("\n".join(map(event_line, events)).encode()).hexdigest()[:16]
    assert (digest, len(events), list(engine.scores().values())) == RECORDED[(players, seed, flag)]
