"""Pricing a hand without the cheapest-purchase search gives the search's answer: can this cost be paid?

`Pricer.can_pay` settles most costs by bounds (`pricing.threshold`): no purchase at all (-1), or
a number of coins that surely pays. These tests hold the bounds against the search in
resources.py on random markets, and `can_pay` against `clauses` (the search) in real games.
"""

from __future__ import annotations

import random

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games import available_engines
from playproof.playtest.games.seven_wonders_leaders import options
from playproof.playtest.games.seven_wonders_leaders.checks import market
from playproof.playtest.games.seven_wonders_leaders.city import City
from playproof.playtest.games.seven_wonders_leaders.data import ANY_MASK, Cost
from playproof.playtest.games.seven_wonders_leaders.pricing import Pricer, bounds, sparse_threshold, threshold
from playproof.playtest.games.seven_wonders_leaders.resources import Market, Supply, _buy, _leftovers, covers
from playproof.playtest.simulate import player_names


def _supply(rng: random.Random, choices: tuple[int, ...]) -> Supply:
    """A random production: a few fixed units, and some one-of-a-choice sources."""
    fixed = tuple(rng.choice((0, 0, 0, 1, 1, 2)) for _ in range(7))
    masks = tuple(rng.randrange(1, 128) for _ in range(rng.choice(choices)))
    return Supply(fixed, masks)


def _reference(need: tuple[int, ...], own: Supply, extra: tuple[int, ...], mk: Market) -> int | None:
    """The fewest coins any purchase covering need costs (the reference search over every leftover), or None."""
    units = [r for r in range(7) for _ in range(max(0, need[r] - own.fixed[r]))]
    if covers(need, own, extra):
        return 0
    plans = [_buy(list(rest), mk, 1 << 30) for rest in _leftovers(units, own.masks + extra)]
    costs = [p.coins for p in plans if p is not None]
    return min(costs) if costs else None


def test_the_threshold_refuses_exactly_what_no_purchase_pays_and_never_understates_the_price() -> None:
    """-1 exactly when no purchase covers the cost; otherwise the cheapest purchase costs at most the threshold."""
    rng = random.Random(25)
    refused = accepted = 0
    for _ in range(4000):
        own = _supply(rng, (0, 0, 1, 2))
        mk = Market(_supply(rng, (0, 0, 1)), _supply(rng, (0, 0, 1, 2)),
                    tuple(rng.choice((1, 2)) for _ in range(7)), tuple(rng.choice((1, 2)) for _ in range(7)),
                    rng.choice((None, None, 1, 2)))
        extra = (ANY_MASK,) * rng.choice((0, 0, 0, 1, 2))
        need = tuple(min(4, own.fixed[r] + rng.choice((0, 0, 0, 1, 2, 3))) for r in range(7))
        found = threshold(need, own.fixed, bounds(own, mk), extra)
        best = _reference(need, own, extra, mk)
        assert (found < 0) == (best is None), (need, own, extra, mk)
        if best is not None:
            assert best <= found, (need, own, extra, mk)
        refused += found < 0
        accepted += found >= 0
    assert refused > 400 and accepted > 400  # both answers are exercised


def test_the_sparse_threshold_is_the_threshold() -> None:
    """Looking only at the resources a cost asks for gives `threshold`'s answer (no wildcards), -1 and prices alike."""
    rng = random.Random(26)
    answers = set()
    for _ in range(4000):
        own = _supply(rng, (0, 0, 1, 2))
        mk = Market(_supply(rng, (0, 0, 1)), _supply(rng, (0, 0, 1, 2)),
                    tuple(rng.choice((1, 2)) for _ in range(7)), tuple(rng.choice((1, 2)) for _ in range(7)),
                    rng.choice((None, None, 1, 2)))
        need = tuple(rng.choice((0, 0, 0, 0, 1, 2, 3)) for _ in range(7))
        found = sparse_threshold(Cost(need, rng.choice((0, 1))), own.fixed, bounds(own, mk))
        assert found == threshold(need, own.fixed, bounds(own, mk), ()), (need, own, mk)
        answers.add(min(found, 1))
    assert answers == {-1, 0, 1}  # refused, covered by the city's own production, and bought


def test_card_plays_offer_build_texts_stages_and_discards() -> None:
    """A hand's offered plays are, card by card, `build_texts` (the plain reference), the stage and the discard."""
    engine_cls = available_engines()["7-wonders-leaders"]
    hands = 0
    for players, seed, option in ((3, 31, {}), (7, 32, {}), (5, 33, {"extra-purchases": "true"})):
        engine, rng = engine_cls(Setup(player_names(players), option, seed)), random.Random(seed)
        while (offer := engine.offer()) is not None:
            st = engine.st
            if st.phase == "turn" and not st.queue and offer.actor != "table" and not st.two_player:
                i = next(i for i in st.choosers() if i not in st.choices)
                stage = options.stage_clauses(st, i)
                expected = []
                for name in st.hand_of(i).distinct():
                    expected += options.build_texts(st, i, st.data.card(st.age, name))
                    expected += [] if stage is None else [f"stage {name}{stage}"]
                    expected.append(f"discard {name}")
                assert options.card_moves(st, i) == expected
                hands += 1
            k = rng.randrange(offer.count)
            verb, _, args = offer.text(k).partition(" ")
            event = Event(1, offer.actor, verb, args)
            assert not (engine.apply(event) if offer.play is None else offer.play(k, event))
    assert hands > 200


def test_can_pay_agrees_with_the_cheapest_purchase_in_real_games() -> None:
    """In random games, every cost of every hand gets the same yes or no from `can_pay` as from `clauses`."""
    engine_cls = available_engines()["7-wonders-leaders"]
    asked = 0
    for players, seed in ((2, 7), (4, 8), (7, 9)):
        engine, rng = engine_cls(Setup(player_names(players), {}, seed)), random.Random(seed)
        while (offer := engine.offer()) is not None:
            st = engine.st
            if st.phase == "turn" and not st.queue:
                for i, city in enumerate(st.cities):
                    cards = [st.data.card(st.age, n) for n in st.real_hand(i).distinct()]
                    costs = [(c.cost, c.colour) for c in cards if c is not None]
                    if city.board is not None and city.next_stage() is not None:
                        costs.append((city.board.stages[city.next_stage()][0], "stage"))
                    for cost, colour in costs:
                        assert Pricer(st, i).can_pay(cost, colour) == (Pricer(st, i).clauses(cost, colour) is not None)
                        asked += 1
            k = rng.randrange(offer.count)
            verb, _, args = offer.text(k).partition(" ")
            event = Event(1, offer.actor, verb, args)
            assert not (engine.apply(event) if offer.play is None else offer.play(k, event))
    assert asked > 1000


def test_a_market_unchanged_in_value_is_the_same_object() -> None:
    """A neighbour's new structure that sells nothing leaves the market, and what is known of it, as it was."""
    engine = available_engines()["7-wonders-leaders"](Setup(player_names(3), {}, 1))
    st = engine.st
    for c in st.cities:
        c.board = next(iter(st.data.boards.values()))
        c.changed()
    before = market(st, 0)
    blue = next(c for c in st.data.cards[1].values() if c.colour == "blue")
    brown = next(c for c in st.data.cards[1].values() if c.colour == "brown")
    neighbour: City = st.cities[1]
    neighbour.structures.append(blue)
    neighbour.add(blue.colour, blue.effect)
    assert market(st, 0) is before
    neighbour.structures.append(brown)
    neighbour.add(brown.colour, brown.effect)
    after = market(st, 0)
    assert after is not before and after.left != before.left


def test_offered_texts_are_written_only_when_asked() -> None:
    """A hand's entries hold priced plays unwritten; written out, they are `card_moves`' texts in order."""
    engine_cls = available_engines()["7-wonders-leaders"]
    engine, rng = engine_cls(Setup(player_names(5), {}, 12)), random.Random(12)
    unwritten = 0
    while (offer := engine.offer()) is not None:
        st = engine.st
        if st.phase == "turn" and not st.queue and offer.actor != "table":
            i = next(i for i in st.choosers() if i not in st.choices)
            pr = Pricer(st, i)
            entries = options.card_entries(st, i, pr)
            unwritten += sum(1 for e in entries if not isinstance(e, str))
            assert [options.written(e, pr) for e in entries] == options.card_moves(st, i)
            assert all(isinstance(e, str) or isinstance(e[1], Cost) for e in entries)
        k = rng.randrange(offer.count)
        verb, _, args = offer.text(k).partition(" ")
        event = Event(1, offer.actor, verb, args)
        assert not (engine.apply(event) if offer.play is None else offer.play(k, event))
    assert unwritten > 50
