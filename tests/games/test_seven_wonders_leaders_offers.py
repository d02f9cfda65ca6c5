"""7 Wonders Leaders' offers stay `decision()`'s moves when random play and full `apply` take turns.

The offers keep state between moves (the Age cards still to deal, markets and what is known of
their purchases). Moves applied through `apply` (a log's events) must not leave them stale.
"""

from __future__ import annotations

import random

import pytest

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import player_names


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (7, 23)])
def test_offers_match_decision_when_offered_and_applied_moves_alternate(players: int, seed: int) -> None:
    """Every other move goes through `apply` (deals of `?` included): the next offer is still `decision()`'s."""
    engine = available_engines()["7-wonders-leaders"](Setup(player_names(players), {}, seed))
    rng = random.Random(seed)
    line, hidden = 0, 0
    while (offer := engine.offer()) is not None:
        line += 1
        moves = engine.decision().moves  # type: ignore[union-attr]
        assert [offer.text(k) for k in range(offer.count)] == list(moves), f"line {line}"
        k = rng.randrange(offer.count)
        verb, _, args = moves[k].partition(" ")
        if line % 2 and offer.play is not None:
            assert not offer.play(k, Event(line, offer.actor, verb, args))
            continue
        if verb == "deal" and line % 5 == 0:  # a deal the log did not show: the deck keeps the card
            args = args.split(" ", 1)[0] + " ?"
            hidden += 1
        assert not [v for v in engine.apply(Event(line, offer.actor, verb, args)) if v.status.value == "violation"]
    assert engine.is_over() and hidden > 0
