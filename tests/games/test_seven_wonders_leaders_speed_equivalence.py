"""The 7 Wonders Leaders engine's speed-ups leave play unchanged: fixed-seed random games replay move for move."""

from __future__ import annotations

import hashlib
import random

import pytest

from playproof.playtest.engine import Setup
from playproof.playtest.games import available_engines
from playproof.playtest.games.seven_wonders_leaders.resources import Market, Supply, _buy, _cheapest_buy
from playproof.playtest.simulate import event_line, play_random_game, player_names

# Recorded from the engine before its issue-14 speed-ups (commit 001d269). For each (players, seed,
# option), the first 16 hex digits of the SHA-256 of the game's event lines, the number of events and
# the final scores in seat order. The random bot picks among the offered moves by index, so any change
# in which moves are offered, or in their order, changes the hash.
RECORDED = {
    (2, 3, ""): ("96499afb1721c0cc", 140, [14, 32]),
    (2, 17, ""): ("300c7ae5c2b076bd", 137, [38, 46]),
    (2, 42, ""): ("46b2adef18818584", 137, [30, 28]),
    (3, 3, ""): ("79e32eb6b2efcf22", 152, [20, 27, 30]),
    (3, 17, ""): ("790f882414ac6b5d", 150, [26, 22, 25]),
    (3, 42, ""): ("2c8de0a6cf95f700", 150, [23, 20, 31]),
    (4, 3, ""): ("181652fdb3b6c53a", 202, [37, 16, 48, 32]),
    (4, 17, ""): ("f5303650944d0bd2", 200, [40, 34, 17, 35]),
    (4, 42, ""): ("9113999ff3087e13", 200, [27, 20, 30, 40]),
    (5, 3, ""): ("c074dedda98350cc", 254, [42, 32, 37, 18, 35]),
    (5, 17, ""): ("9c431d1b40d86a32", 250, [24, 15, 40, 21, 39]),
    (5, 42, ""): ("0e414938980d192e", 258, [46, 23, 36, 33, 21]),
    (6, 3, ""): ("bcec553a642f5383", 300, [23, 29, 33, 26, 18, 26]),
    (6, 17, ""): ("c8a77ef60189fd49", 301, [23, 34, 27, 34, 21, 32]),
    (6, 42, ""): ("fa93987449a77cf7", 300, [16, 18, 26, 33, 24, 36]),
    (7, 3, ""): ("7b87d03f2f5d3a5c", 351, [41, 37, 18, 22, 24, 27, 21]),
    (7, 17, ""): ("468a2f353bfe4c2e", 353, [35, 39, 34, 25, 34, 38, 17]),
    (7, 42, ""): ("dd52c006b17df0b5", 355, [32, 16, 18, 39, 32, 35, 25]),
    (3, 5, "extra-purchases=true"): ("8d1607e196f427ba", 150, [38, 17, 30]),
    (4, 8, "late-discards=true"): ("cf030ec7aeeea2a7", 203, [21, 31, 27, 23]),
    (5, 9, "sides=B"): ("72f78ebc0c9c5417", 255, [19, 28, 38, 23, 40]),
    (3, 11, "rome-stage-discount=1"): ("26f4702285936e07", 150, [24, 32, 34]),
    (4, 13, "semiramis=true"): ("7a4c4f8206735150", 200, [35, 35, 29, 27]),
    # recorded from main at b2bfd57, before the issue-25 speed-ups
    (7, 1, ""): ("30fd0980b7b2958b", 355, [40, 36, 38, 55, 15, 18, 26]),
    (7, 2, ""): ("0043fd97903d1fc4", 355, [32, 35, 13, 27, 23, 27, 25]),
    (6, 5, ""): ("2774a31583e5338e", 301, [27, 18, 18, 32, 23, 32]),
    (2, 8, ""): ("f66b7af46893a364", 141, [21, 35]),
    (7, 9, "extra-purchases=true"): ("2a6ed8151a65c6a6", 352, [32, 51, 16, 24, 45, 29, 51]),
}


@pytest.mark.parametrize("players,seed,option", sorted(RECORDED))
def test_a_fixed_seed_game_replays_as_recorded(players: int, seed: int, option: str) -> None:
    """Offered moves, their order and the final scores match the recording move for move."""
    engine_cls = available_engines()["7-wonders-leaders"]
    options = dict([option.split("=")]) if option else {}
    engine, events = play_random_game(engine_cls, Setup(player_names(players), options, seed),
                                      random.Random(seed))
    digest = hashlib.sha256("\n".join(map(event_line, events)).encode()).hexdigest()[:16]
    assert (digest, len(events), list(engine.scores().values())) == RECORDED[(players, seed, option)]


def _random_supply(rng: random.Random) -> Supply:
    """A neighbour's saleable production: a few fixed units, sometimes one-of-a-choice sources."""
    fixed = tuple(rng.choice((0, 0, 1, 1, 2)) for _ in range(7))
    masks = tuple(rng.randrange(1, 128) for _ in range(rng.choice((0, 0, 1, 2))))
    return Supply(fixed, masks)


def test_the_fast_purchase_search_finds_the_reference_searchs_plan() -> None:
    """The remembered, count-keeping purchase search returns the reference search's plan, tie-breaks included."""
    rng = random.Random(14)
    for _ in range(3000):
        market = Market(_random_supply(rng), _random_supply(rng),
                        tuple(rng.choice((1, 2)) for _ in range(7)), tuple(rng.choice((1, 2)) for _ in range(7)),
                        rng.choice((None, None, 1, 2)))
        units = tuple(sorted(rng.randrange(7) for _ in range(rng.randint(1, 5))))
        assert _cheapest_buy(units, market) == _buy(list(units), market, 1 << 30), (units, market)


def test_parsed_move_texts_are_emptied_when_many_and_parsed_again() -> None:
    """Past 100,000 parsed texts the cache empties in place: engines built before go on reading the moves right."""
    engine_cls = available_engines()["7-wonders-leaders"]
    first, events = play_random_game(engine_cls, Setup(player_names(4), {}, 5), random.Random(5))
    data = first.data
    assert first.texts  # the random game's plays were parsed and kept
    data.remembered = 100_000  # as if many logs had been read: the next text parsed empties the cache
    marker = object()
    data.remember(first.texts, "build", "a text no log holds", marker)
    assert data.remembered == 1 and first.texts == {"build": {"a text no log holds": marker}}
    assert not [texts for texts in data.parsed.values() if texts and texts is not first.texts]
    replay = engine_cls(Setup(player_names(4), {}, 5))
    assert replay.texts is first.texts  # the same dict, emptied in place
    assert not [v for e in events for v in replay.apply(e)]  # the same game through `apply`: parsed again, clean
    assert replay.scores() == first.scores() and data.remembered > 1
