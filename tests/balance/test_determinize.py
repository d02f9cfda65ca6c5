"""Search bots do not peek: a determinized copy deals what the player cannot see afresh, keeping what they can."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from playproof.balance.bots import play
from playproof.playtest.declared import declared_engine
from playproof.playtest.engine import Setup

TRICKS = Path(__file__).resolve().parents[2] / "examples" / "declared" / "tidepool-tricks"


def _dealt() -> object:
    """Return a tidepool-tricks game after its deal (hands hidden from the other players, the deck from all)."""
    engine = declared_engine(TRICKS, "tidepool-tricks")(Setup(("Ann", "Ben", "Cat"), project=TRICKS))
    rng = random.Random(4)
    while (decision := engine.decision()) is not None and decision.actor == "table":
        play(engine, decision.actor, rng.choice(decision.moves))
    return engine


def _cards(zone: object) -> Counter[str]:
    return Counter(comp.key for comp, _ in zone.items)


def test_a_determinized_world_keeps_what_the_player_sees_and_redeals_the_rest() -> None:
    engine = _dealt()
    zones = engine.state.zones
    assert sum(len(z.items) for z in zones["hand"].values()) > 0
    world = engine.determinize("Ann", random.Random(1))
    assert _cards(world.state.zones["hand"]["Ann"]) == _cards(zones["hand"]["Ann"])  # her own hand
    for name in ("trick", "won"):  # public zones
        assert all(_cards(world.state.zones[name][o]) == _cards(z) for o, z in zones[name].items())
    unseen = [zones["hand"]["Ben"], zones["hand"]["Cat"], zones["deck"][""]]
    redealt = [world.state.zones["hand"]["Ben"], world.state.zones["hand"]["Cat"], world.state.zones["deck"][""]]
    assert [len(z.items) for z in redealt] == [len(z.items) for z in unseen]  # sizes everyone can count
    assert sum((_cards(z) for z in redealt), Counter()) == sum((_cards(z) for z in unseen), Counter())
    assert any(_cards(a) != _cards(b) for a, b in zip(redealt, unseen))  # the hidden cards really move
    assert _cards(engine.state.zones["hand"]["Ben"]) == _cards(zones["hand"]["Ben"])  # the original is untouched


def test_a_determinized_world_plays_on_legally() -> None:
    world = _dealt().determinize("Ben", random.Random(2))
    decision = world.decision()
    for move in decision.moves:
        probe = world.clone()
        verb, _, args = move.partition(" ")
        from playproof.playtest.engine import Event

        assert probe.apply(Event(1, decision.actor, verb, args)) == []
