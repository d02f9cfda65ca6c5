"""The Battle for Seven Cities engine's speed-ups leave play unchanged: fixed-seed random games replay move for move."""

from __future__ import annotations

import hashlib
import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import event_line, play_random_game, player_names

# Recorded from the engine before its issue-14 speed-ups (commit 001d269). For each (players, seed,
# option), the first 16 hex digits of the SHA-256 of the game's event lines, the number of events and
# the final scores in seat order. The random bot picks among the offered moves by index, so any change
# in which moves are offered, or in their order, changes the hash.
RECORDED = {
    (2, 3, ""): ("76ff1019a1a6a83b", 466, [8, 4]),
    (2, 17, ""): ("57cb0919f6edf84a", 478, [10, 7]),
    (2, 42, ""): ("e4959cc2f4324872", 346, [10, 7]),
    (3, 3, ""): ("c14e7e5f7e8757b8", 516, [3, 7, 2]),
    (3, 17, ""): ("8277ddf1c3a9d4fc", 889, [6, 5, 5]),
    (3, 42, ""): ("bdeb735eb32f94a5", 875, [6, 6, 5]),
    (4, 3, ""): ("35a9a5a8c6be8d69", 802, [2, 10, 2, 4]),
    (4, 17, ""): ("501f1e712ae94b2f", 965, [7, 2, 8, 0]),
    (4, 42, ""): ("c757f18885eb6060", 1027, [5, 6, 4, 10]),
    (5, 3, ""): ("bf077ddedde7444b", 873, [1, 0, 4, 4, 8]),
    (5, 17, ""): ("be34c667c74aae39", 1551, [6, 6, 9, 6, 5]),
    (5, 42, ""): ("44d64323b1adcc7f", 890, [3, 0, 0, 10, 4]),
    (6, 3, ""): ("64f55f1d604537ea", 1787, [2, 9, 9, 3, 1, 3]),
    (6, 17, ""): ("c0daa33addc10cb4", 1310, [2, 3, 9, 4, 5, 4]),
    (6, 42, ""): ("bdd83dde2ac0ddef", 1149, [10, 0, 4, 2, 4, 4]),
    (3, 5, "tokens=connected"): ("6b5e861d54605bd4", 712, [8, 2, 5]),
    (4, 8, "expedition=twin"): ("bb86581702c4cc29", 1222, [8, 4, 0, 8]),
    (3, 9, "recycle=unshielded"): ("58e8da0f62636a55", 378, [11, 2, 1]),
    (4, 11, "shortage=skip"): ("1362d31bcf8666bb", 1101, [4, 2, 10, 7]),
    (5, 13, "defend=owner"): ("0b6902e35eb25262", 1002, [5, 11, 5, 5, 8]),
    (2, 14, "win-count=future"): ("3e1f57319f41185a", 580, [6, 1]),
    (3, 15, "clock=upcoming"): ("bfcb4403b2597ee4", 914, [4, 6, 9]),
}
# Recorded on main at b2bfd57, before the issue-25 speed-ups, without a round cap: the games of
# `simulate_bench.py --steady` at 6 players (seeds 1, 2, 60 and its warm-up game 10**9 + 1) and two variants.
RECORDED_UNCAPPED = {
    (6, 1, ""): ("1dd7cac1887e8b1e", 1336, [8, 6, 8, 6, 3, 2]),
    (6, 2, ""): ("0556dea118cad5ac", 4282, [11, 8, 8, 4, 3, 10]),
    (6, 60, ""): ("0d5d91c07045815f", 1691, [6, 3, 5, 9, 3, 5]),
    (6, 1000000001, ""): ("9320519b1ac2a4a1", 2998, [11, 1, 6, 10, 4, 6]),
    (5, 7, "tokens=connected"): ("7c9e695416132647", 1339, [6, 8, 2, 6, 11]),
    (6, 23, "expedition=twin"): ("535445c816e51db3", 632, [2, 3, 2, 3, 0, 11]),
}


@pytest.mark.parametrize("players,seed,option", sorted(RECORDED))
def test_a_fixed_seed_game_replays_as_recorded(players: int, seed: int, option: str) -> None:
    """Offered moves, their order and the final scores match the recording move for move."""
    options = {"rounds": "30", **(dict([option.split("=")]) if option else {})}  # recorded under a 30-round cap
    assert _played(players, seed, options) == RECORDED[(players, seed, option)]


@pytest.mark.parametrize("players,seed,option", sorted(RECORDED_UNCAPPED))
def test_a_fixed_seed_game_without_a_round_cap_replays_as_recorded(players: int, seed: int, option: str) -> None:
    """The benchmark's own games (and two variants) replay as main played them before the issue-25 speed-ups."""
    options = dict([option.split("=")]) if option else {}
    assert _played(players, seed, options) == RECORDED_UNCAPPED[(players, seed, option)]


def _played(players: int, seed: int, options: dict[str, str]) -> tuple[str, int, list[int]]:
    """Play a fixed-seed random game; return its events' hash, their number and the final scores in seat order."""
    engine_cls = available_engines()["battle-for-seven-cities"]
    engine, events = play_random_game(engine_cls, Setup(player_names(players), options, seed), random.Random(seed))
    digest = hashlib.sha256("\n".join(map(event_line, events)).encode()).hexdigest()[:16]
    return digest, len(events), list(engine.scores().values())
