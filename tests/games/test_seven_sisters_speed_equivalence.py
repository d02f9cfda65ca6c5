"""The Seven Sisters engine's speed-ups leave play unchanged: fixed-seed random games replay move for move."""

from __future__ import annotations

import hashlib
import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import event_line, play_random_game, player_names

# First recorded from the engine before its decision()/apply() speed-ups (commit 5f4edab); recorded
# again after the rule changes of issues 9 and 16 (buy-back lines name their sister, Envy's
# favourite is always asked, Pride is scored in the final scoring and a tie on Pride moves the
# marker to the previous seat), which change the offered moves on purpose. For each
# (players, seed, variant flag), the first 16 hex digits of the SHA-256 of the game's event lines,
# the number of events and the final scores in seat order. The random bot picks among the offered
# moves by index, so any change in which moves are offered, or in their order, changes the hash.
RECORDED = {
    (2, 3, ""): ("c2e358dd1ef5856b", 135, [13, 11]),
    (2, 17, ""): ("92805f801e4e1c69", 135, [10, 16]),
    (2, 42, ""): ("2a21bbfa2b30dfca", 132, [13, 16]),
    (3, 3, ""): ("9a1eadadd70bce48", 194, [9, 14, 8]),
    (3, 17, ""): ("b2a86b37533f00ae", 187, [14, 11, 5]),
    (3, 42, ""): ("14f1e44b6fe687e1", 188, [8, 12, 11]),
    (4, 3, ""): ("887dbe867a0bb590", 242, [8, 8, 10, 8]),
    (4, 17, ""): ("c4904801bd8605cc", 249, [7, 12, 9, 5]),
    (4, 42, ""): ("b9e6f36da26accdf", 242, [7, 3, 10, 10]),
    (5, 3, ""): ("f1da855bb0ab1e25", 296, [4, 5, 7, 9, 5]),
    (5, 17, ""): ("596f3dcd0c74dd2c", 298, [6, 4, 4, 8, 9]),
    (5, 42, ""): ("a76b7774fb906162", 293, [8, 6, 6, 3, 7]),
    (6, 3, ""): ("a5978a7585936d62", 344, [7, 3, 8, 6, 4, 4]),
    (6, 17, ""): ("b9951a8f686a2169", 346, [5, 7, 7, 3, 3, 7]),
    (6, 42, ""): ("dbb1385c1c24e598", 348, [3, 7, 5, 7, 5, 6]),
    (6, 5, "reshuffle-every-round"): ("2f28884a4ed75f51", 348, [4, 7, 3, 2, 6, 5]),
    (6, 8, "reshuffle-every-round"): ("df6085552fa69b5c", 351, [4, 5, 4, 7, 10, 1]),
    (4, 5, "random-order"): ("4958367cc4051a9a", 246, [7, 7, 11, 9]),
    (4, 8, "random-order"): ("5f1c9e58d4a436da", 253, [9, 9, 8, 14]),
    (5, 5, "empty-is-tie"): ("3f7ade35ac9539a7", 293, [6, 7, 5, 6, 8]),
    (5, 8, "empty-is-tie"): ("3d7f12621372643f", 291, [8, 6, 8, 4, 5]),
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
