"""Who Will Reign?: the consistency harness on the legal example and on simulated games.

Every move `decision()` offers must be accepted without a finding; every move it does not offer,
made by the mutators below (the mistakes a table can write), must be flagged on its own line.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterator

from consistency import Report, check, log_events, numbers_changed, simulated_events, states, try_move, words_swapped

from playproof.playtest.engine import TABLE, Decision, Engine, Setup
from playproof.playtest.games.who_will_reign import ENGINE
from playproof.playtest.games.who_will_reign.catalogue import GUEST, IMPROVEMENT, MOON
from playproof.playtest.games.who_will_reign.scoring import cost_of, harvest_gain, sweep_cost, tax_food, tax_gain
from playproof.playtest.games.who_will_reign.state import OVER, State

PLAYTESTS = Path(__file__).resolve().parents[2] / "examples" / "who-will-reign" / "playtests"
VERBS = ("harvest", "tax", "sweep", "end")
BANNERS = ("might", "culture", "wisdom", "bounty", "balance")


def _state(engine: Engine) -> State:
    """The engine's game state."""
    return engine.game.state  # type: ignore[attr-defined]


def wrong_sister(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move made by another sister (a tribute payment only by one who already paid)."""
    state = _state(engine)
    tribute = state.tribute
    others = [s.name for s in state.sisters if s.name != decision.actor
              and (tribute is None or s.name in tribute.spoken)]
    for text in decision.moves[:3]:
        for other in others[:2]:
            yield other, text
    if decision.actor != TABLE:
        for text in decision.moves[:2]:
            yield TABLE, text


def card_not_in_market(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A court card acquired that is not in the market row (whatever the sister could pay)."""
    state, catalogue = _state(engine), engine.game.catalogue  # type: ignore[attr-defined]
    if decision.actor == TABLE or state.tribute is not None:
        return
    absent = [c for c in catalogue.cards.values() if c.kind == "court" and c.key not in state.market
              and c.cost_gold == 0 and c.cost_food == 0]
    cheap = sorted((c for c in catalogue.cards.values() if c.kind == "court" and c.key not in state.market),
                   key=lambda c: (c.cost_gold + c.cost_food, c.key))
    for card in (absent or cheap)[:2]:
        yield decision.actor, f"acquire {card.label}"


def wrong_places(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered acquisition placed wrongly: a guest kept, an improvement on a wrong or lower board."""
    state, catalogue = _state(engine), engine.game.catalogue  # type: ignore[attr-defined]
    boards = {b.key: b.name.replace(" ", "-") for b in catalogue.boards.values()}
    for text in decision.moves:
        words = text.split()
        if words[0] != "acquire" or len(words) < 4:
            continue
        if words[2] == "to":
            yield decision.actor, f"{words[0]} {words[1]} to {decision.actor}"
        if words[2] == "on":
            for key, name in boards.items():
                yield decision.actor, f"{words[0]} {words[1]} on {name}"


def wrong_cards(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered acquisition replacing or expelling a card she does not hold, or a drawn card not in the deck."""
    state, catalogue = _state(engine), engine.game.catalogue  # type: ignore[attr-defined]
    if decision.actor == TABLE and decision.moves and decision.moves[0].startswith("reveal"):
        gone = [c.label for c in catalogue.cards.values() if c.key not in state.deck]
        for label in gone[:3]:
            yield TABLE, f"reveal {label}"
        return
    if decision.actor == TABLE:
        return
    sister = state.current
    guests = [c.label for c in catalogue.cards.values() if c.kind == GUEST and c.key not in sister.guests]
    court = [c.label for c in catalogue.cards.values() if c.kind == "court" and c.key not in sister.court]
    for text in decision.moves:
        words = text.split()
        if words[0] != "acquire" or len(words) != 2:
            continue
        kind = catalogue.cards[words[1].lower()].kind
        if kind == "court":
            yield decision.actor, f"{text} replacing {court[0]}"
            yield decision.actor, f"{text} expel {guests[0]}"
        elif kind != IMPROVEMENT:
            yield decision.actor, f"{text} expel {guests[0]}"


def table_out_of_place(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """The table reshuffles a deck that is not empty, or draws a card no spot waits for."""
    state = _state(engine)
    if state.deck:
        yield TABLE, "reshuffle"
    if not state.pending_draws and state.tribute is None and state.deck and state.phase != OVER:
        yield TABLE, f"reveal {engine.game.catalogue.cards[next(iter(state.deck))].label}"  # type: ignore[attr-defined]


def verbs_swapped(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A sister's move of another verb: a second harvest, an unaffordable tax or sweep, a banner she cannot take."""
    if decision.actor == TABLE or _state(engine).tribute is not None:
        return
    for text in VERBS:
        yield decision.actor, text
    for key in engine.game.catalogue.banners:  # type: ignore[attr-defined]
        yield decision.actor, f"banner {key}"


def wrong_payments(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move with a wrong amount paid or taken written out."""
    state, catalogue = _state(engine), engine.game.catalogue  # type: ignore[attr-defined]
    if decision.actor == TABLE or state.tribute is not None:
        return
    sister = state.current
    for text in decision.moves:
        words = text.split()
        if words[0] == "acquire":
            gold, food = cost_of(catalogue.cards[words[1].lower()], sister, catalogue)
            for wrong_gold, wrong_food in ((gold + 1, food), (abs(gold - 1), food + 1)):
                yield decision.actor, f"{text} paying {wrong_gold} gold {wrong_food} food"
        elif text == "sweep":
            yield decision.actor, f"sweep paying {sweep_cost(sister, catalogue) + 1} gold"
        elif text == "harvest":
            yield decision.actor, f"harvest taking {harvest_gain(state, sister, catalogue) + 1} food"
        elif text == "tax":
            yield decision.actor, f"tax paying {tax_food(state, catalogue) - 1} food"
            yield decision.actor, f"tax taking {tax_gain(state, sister, catalogue) + 2} gold"
        elif words[0] == "banner":
            yield decision.actor, f"{text} paying 1 food 1 gold"


def wrong_sources(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered acquisition taken from the deck or the discard pile instead of the market row."""
    for text in decision.moves[:8]:
        if text.startswith("acquire"):
            yield decision.actor, f"{text} from deck"
            yield decision.actor, f"{text} from discard"


def hand_discards(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A card put on the discard pile (or in the box) by hand: a guest, a court card, a market card, a resolved Moon."""
    state, catalogue = _state(engine), engine.game.catalogue  # type: ignore[attr-defined]
    if state.phase == "lay":
        return
    label = {k: c.label for k, c in catalogue.cards.items()}
    sister = state.sisters[0]
    for key in (sister.guests + sister.court)[:2] + [k for k in state.market if k in label][:1]:
        yield sister.name, f"discard {label[key]}"
    for key in [k for k in state.market if k in label][:1] + sorted(state.box)[:1]:
        yield TABLE, f"discard {label[key]}"
    never = [k for k, c in catalogue.cards.items() if c.kind != MOON and k not in state.discard]
    yield TABLE, f"box {label[never[0]]}"
    if never[0] not in state.market:
        yield TABLE, f"discard {label[never[0]]}"


def wrong_records(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A recorded discard pile, market row or store that differs from the game's by one card or one token."""
    state, catalogue = _state(engine), engine.game.catalogue  # type: ignore[attr-defined]
    if state.phase == "lay":
        return
    label = {k: c.label for k, c in catalogue.cards.items()}
    pile = [label[k] for k in state.discard.elements()]
    yield TABLE, "discards " + " ".join(pile + ["Astronomer"])
    if pile:
        yield TABLE, "discards " + " ".join(pile[1:])
    row = [label[k] for k in state.market if k in label]
    if row:
        yield TABLE, "market " + " ".join(row[1:])
    sister = state.sisters[-1]
    yield TABLE, f"stock {sister.name} food {sister.food + 1}"


def wrong_lays(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """Setup with a board too few, a board too many, or one board laid twice."""
    if not decision.moves or not decision.moves[0].startswith("lay "):
        return
    boards = decision.moves[0].split()[1:]
    unused = [b.name.replace(" ", "-") for b in engine.game.catalogue.boards.values()  # type: ignore[attr-defined]
              if b.name.replace(" ", "-") not in boards]
    yield TABLE, "lay " + " ".join(boards[:-1])
    yield TABLE, "lay " + " ".join(boards + unused[:1])
    yield TABLE, "lay " + " ".join(boards[:-1] + boards[:1])


def same(text: str, offered: str) -> bool:
    """Card names and banners are written in any letter case: the same move."""
    return text.lower() == offered.lower()


MUTATORS = [wrong_sister, numbers_changed, words_swapped(BANNERS), card_not_in_market, wrong_places,
            wrong_cards, table_out_of_place, verbs_swapped, wrong_payments, wrong_sources, hand_discards,
            wrong_records, wrong_lays]


def _run(engine_cls: type[Engine], setup: Setup, events: list, report: Report, seed: int, cuts: int) -> None:
    """Run the harness on one game."""
    check(engine_cls, setup, events, MUTATORS, cuts=cuts, per_cut=12, seed=seed, same=same, report=report)


def test_the_legal_examples_agree_with_the_enumeration() -> None:
    report = Report()
    for name, cuts in (("royal-succession", 60), ("written-out", 20)):
        engine_cls, setup, events = log_events((PLAYTESTS / f"{name}.log").read_text(encoding="utf-8"), name)
        _run(engine_cls, setup, events, report, seed=1, cuts=cuts)
    assert report.problems == []
    assert report.offered > 300 and report.mutated > 300


def test_simulated_games_agree_with_the_enumeration() -> None:
    report = Report()
    for seed in range(30):
        players = ("Ann", "Ben", "Cat", "Dee")[:2 + seed % 3]
        options = {"no-banners": ""} if seed % 5 == 4 else {"replace-when-full": ""} if seed % 5 == 3 else {}
        setup = Setup(players, options)
        _run(ENGINE, setup, simulated_events(ENGINE, setup, seed), report, seed=seed, cuts=12)
    assert report.problems == []
    assert {"lay", "reveal", "reshuffle", "harvest", "tax", "acquire", "sweep", "banner", "pay", "end"} <= report.kinds


def test_every_state_of_the_setup_agrees_with_the_enumeration() -> None:
    report = Report()
    for seed, players in enumerate((("Ann", "Ben"), ("Ann", "Ben", "Cat", "Dee"))):
        setup = Setup(players)
        events = simulated_events(ENGINE, setup, seed)[:8]  # lay, five reveals (and any Moon), first moves
        _run(ENGINE, setup, events, report, seed=seed, cuts=len(events) + 1)
    assert report.problems == []
    assert report.cuts == 18 and {"lay", "reveal"} <= report.kinds


def written_out(engine: Engine, decision: Decision) -> Iterator[str]:
    """Every offered sister's move with its amounts written out exactly (the same move, the long way)."""
    state, catalogue = _state(engine), engine.game.catalogue  # type: ignore[attr-defined]
    sister = state.current
    for text in decision.moves:
        words = text.split()
        if words[0] == "acquire":
            gold, food = cost_of(catalogue.cards[words[1].lower()], sister, catalogue)
            yield f"{text} from market paying {gold} gold" + (f" {food} food" if food else "")
        elif text == "sweep":
            yield f"sweep paying {sweep_cost(sister, catalogue)} gold"
        elif text == "harvest":
            yield f"harvest taking {harvest_gain(state, sister, catalogue)} food"
        elif text == "tax":
            yield f"tax paying {tax_food(state, catalogue)} food taking {tax_gain(state, sister, catalogue)} gold"
        elif words[0] == "banner":
            req = catalogue.banners[words[1]].requirement
            yield f"{text} paying {req.pay_gold} gold {req.pay_food} food"


def test_offered_moves_written_out_in_full_are_accepted() -> None:
    tried = 0
    for seed in range(12):
        setup = Setup(("Ann", "Ben", "Cat")[:2 + seed % 2])
        events = simulated_events(ENGINE, setup, seed)
        for engine, line in states(ENGINE, setup, events, 15, random.Random(seed)):
            decision = engine.decision()
            if decision is None or decision.actor == TABLE or _state(engine).tribute is not None:
                continue
            for text in written_out(engine, decision):
                tried += 1
                assert try_move(engine, decision.actor, text, line) == [], text
    assert tried > 200
