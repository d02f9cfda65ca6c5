"""Who Will Reign?: an offered acquisition, harvest or tax played without its checks (`actions.OFFERED_MOVES`)
leaves the game exactly as the full `apply` of the same move does.

At every turn of a few seeded games, every acquisition (to court, replacing, expelling, on a land board,
to another sister), harvest and tax the engine offers is played on two copies of the game, one through
the offer's fast path and one through `apply`; the copies must then hold the same position, the same
change counters and report nothing.
"""

from __future__ import annotations

import random

import pytest

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.games.who_will_reign.clone import position_key
from playproof.playtest.simulate import player_names

CASES = [(4, 5, {}), (3, 8, {"replace-when-full": "yes"}), (2, 13, {"no-banners": "yes"})]


def _versions(engine) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """Each sister's change counter and the land's, which key the engine's cached move lists."""
    state = engine.game.state
    return [s.version for s in state.sisters] + [state.lands_version]


@pytest.mark.parametrize("players,seed,options", CASES)
def test_offered_moves_apply_as_the_full_apply(players: int, seed: int, options: dict[str, str]) -> None:
    """Every offered acquisition, harvest and tax, played both ways from the same position, ends in the same one."""
    engine_cls = available_engines()["who-will-reign"]
    engine, rng = engine_cls(Setup(player_names(players), options, seed)), random.Random(seed)
    checked, kinds = 0, set()
    for line in range(1, 20_000):
        offer = engine.offer()
        if offer is None:
            break
        for k in range(offer.count):
            verb, _, args = offer.text(k).partition(" ")
            if verb not in ("acquire", "harvest", "tax") or offer.play is None:
                continue
            fast, full = engine.clone(), engine.clone()
            event = Event(line, offer.actor, verb, args)
            assert not fast.offer().play(k, event)
            assert not full.apply(event)
            assert position_key(fast) == position_key(full), event
            assert _versions(fast) == _versions(full), event
            checked += 1
            kinds.update([verb] + [word for word in ("replacing", "expel", " on ", " to ") if word in f" {args} "])
        k = rng.randrange(offer.count)
        verb, _, args = offer.text(k).partition(" ")
        event = Event(line, offer.actor, verb, args)
        assert not (engine.apply(event) if offer.play is None else offer.play(k, event))
    assert engine.is_over() and checked > 100
    assert kinds >= {"harvest", "tax", "replacing", " on ", " to "}  # income, court replacements, improvements
    # and guests were all played
