"""`Engine.offer()` (random play's fast path) offers exactly `decision()`'s moves and plays them as `apply` does.

Two engines play the same seeded game in lockstep: one through `offer()` (only the chosen move
written out, offered moves applied without parsing or checking them again), one through
`decision()` and the full `apply`. At every step both offer the same moves in the same order,
and both end with the same scores and winners; a fast path that skipped a state update, or an
offer that lost, added or reordered a move, would fail here.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from playproof.playtest.engine import Event, EventKind, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.simulate import PLAIN_EVENT, bit_source, play_random_game, player_names

CASES = [("7-wonders-leaders", 2, 4), ("7-wonders-leaders", 7, 11), ("battle-for-seven-cities", 2, 4),
         ("battle-for-seven-cities", 6, 11), ("seven-sisters", 5, 3), ("who-will-reign", 2, 4),
         ("who-will-reign", 4, 11), ("who-will-reign", 3, 17)]


@pytest.mark.parametrize("game,players,seed", CASES)
def test_offers_play_as_decision_and_apply(game: str, players: int, seed: int) -> None:
    """Offered moves equal decision()'s, and the fast path leaves the game as the full apply does."""
    engine_cls = available_engines()[game]
    setup = Setup(player_names(players), {}, seed)
    fast, full, rng = engine_cls(setup), engine_cls(setup), random.Random(seed)
    direct = 0
    for line in range(1, 20_000):
        offer, decision = fast.offer(), full.decision()
        if decision is None:
            assert offer is None
            break
        assert offer is not None and offer.actor == decision.actor
        assert [offer.text(k) for k in range(offer.count)] == list(decision.moves), f"line {line}"
        k = rng.randrange(offer.count)
        verb, _, args = decision.moves[k].partition(" ")
        event = Event(line, decision.actor, verb, args)
        assert not full.apply(event)
        if offer.play is None:
            assert not fast.apply(event)
        else:
            direct += 1
            assert not offer.play(k, event)
        if line % 40 == 0:
            assert fast.scores() == full.scores(), f"line {line}"
    assert full.is_over() and fast.is_over()
    assert fast.score_breakdown() == full.score_breakdown() and fast.winners() == full.winners()
    if game != "seven-sisters":
        assert direct > line / 2  # most of a game's moves take the fast path


def test_the_default_offer_is_the_decision() -> None:
    """An engine without its own offer() offers its decision's texts, applied through apply()."""
    engine = available_engines()["seven-sisters"](Setup(player_names(4), {}, 1))
    decision, offer = engine.decision(), engine.offer()
    assert (offer.actor, offer.count) == (decision.actor, len(decision.moves))
    assert offer.play is None and offer.text(0) == decision.moves[0]


def test_random_play_through_offers_keeps_choice_order() -> None:
    """`rng.randrange(count)` draws the index `rng.choice(moves)` would: a seed plays the same game."""
    moves = tuple(f"m{i}" for i in range(37))
    a, b = random.Random(5), random.Random(5)
    assert [a.choice(moves) for _ in range(200)] == [moves[b.randrange(len(moves))] for _ in range(200)]
    engine_cls = available_engines()["7-wonders-leaders"]
    _, events = play_random_game(engine_cls, Setup(player_names(3), {}, 8), random.Random(8))
    assert len(events) > 100


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8, 16, 17, 31, 64, 100, 1000, 4097])
def test_the_loop_draws_randrange_index(count: int) -> None:
    """`bit_source` draws, bit for bit, the index `randrange` draws: the same games for the same seeds."""
    a, b = random.Random(count), random.Random(count)
    bits = bit_source(b)
    assert bits is not None

    def drawn() -> int:
        k = bits(count.bit_length())
        while k >= count:
            k = bits(count.bit_length())
        return k
    assert [a.randrange(count) for _ in range(300)] == [drawn() for _ in range(300)]
    assert a.random() == b.random()  # and the generators end in the same state


def test_a_generator_that_draws_otherwise_keeps_its_randrange() -> None:
    """A Random subclass with its own `random()` draws indices another way: the loop calls its randrange."""
    class Halves(random.Random):
        def random(self) -> float:
            return 0.5
    assert bit_source(Halves(1)) is None and bit_source(random.Random(1)) is not None


def test_the_loop_makes_events_equal_to_event() -> None:
    """Events the loop makes (without Event's generated __init__) equal Event(...), field for field."""
    assert PLAIN_EVENT  # Event is still the plain frozen dataclass the loop fills at once
    _, events = play_random_game(available_engines()["battle-for-seven-cities"], Setup(player_names(2), {}, 3),
                                 random.Random(3))
    for event in events[:50]:
        made = Event(event.line, event.actor, event.verb, event.args)
        assert event == made and vars(event) == vars(made) and hash(event) == hash(made)
        assert event.kind is EventKind.MOVE and replace(event, line=1) == replace(made, line=1)
