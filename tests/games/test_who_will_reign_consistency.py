"""Who Will Reign?: the consistency harness on the legal example and on simulated games.

Every move `decision()` offers must be accepted without a finding; every move it does not offer,
made by the mutators below (the mistakes a table can write), must be flagged on its own line.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Iterator

from consistency import Report, check, log_events, numbers_changed, simulated_events, words_swapped

from playproof.playtest.engine import TABLE, Decision, Engine, Setup
from playproof.playtest.games.who_will_reign import ENGINE
from playproof.playtest.games.who_will_reign.catalogue import GUEST, IMPROVEMENT
from playproof.playtest.games.who_will_reign.state import OVER, State

PLAYTESTS = Path(__file__).resolve().parents[2] / "examples" / "who-will-reign" / "playtests"
VERBS = ("harvest", "tax", "sweep", "end")


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


MUTATORS = [wrong_sister, numbers_changed, words_swapped(VERBS), card_not_in_market, wrong_places,
            wrong_cards, table_out_of_place]


def _run(engine_cls: type[Engine], setup: Setup, events: list, report: Report, seed: int, cuts: int) -> None:
    """Run the harness on one game."""
    check(engine_cls, setup, events, MUTATORS, cuts=cuts, per_cut=10, seed=seed, report=report)


def test_the_legal_example_agrees_with_the_enumeration() -> None:
    engine_cls, setup, events = log_events((PLAYTESTS / "royal-succession.log").read_text(), "royal-succession")
    report = Report()
    _run(engine_cls, setup, events, report, seed=1, cuts=60)
    assert report.problems == []
    assert report.offered > 300 and report.mutated > 300


def test_simulated_games_agree_with_the_enumeration() -> None:
    report = Report()
    start = time.perf_counter()
    for seed in range(30):
        players = ("Ann", "Ben", "Cat", "Dee")[:2 + seed % 3]
        options = {"no-banners": ""} if seed % 5 == 4 else {"replace-when-full": ""} if seed % 5 == 3 else {}
        setup = Setup(players, options)
        _run(ENGINE, setup, simulated_events(ENGINE, setup, seed), report, seed=seed, cuts=12)
    assert report.problems == []
    assert {"lay", "reveal", "reshuffle", "harvest", "tax", "acquire", "sweep", "banner", "pay", "end"} <= report.kinds
    assert time.perf_counter() - start < 20
