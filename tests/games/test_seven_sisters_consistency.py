"""Seven Sisters through the consistency harness: offered moves pass, mistaken ones are flagged on their line."""

from __future__ import annotations

import random
import time
from typing import Iterator

from consistency import (Report, check, log_events, numbers_changed, simulated_events, words_swapped,
                         wrong_actor)
from seven_sisters_support import EXAMPLE

from playproof.playtest.engine import TABLE, Decision, Engine, Setup
from playproof.playtest.games.seven_sisters import ENGINE

SISTERS = ("Wrath", "Greed", "Gluttony", "Lust", "Sloth", "Pride", "Envy")
PLAYERS = ("Ann", "Ben", "Cat", "Dee", "Eve", "Fay")
VOCABULARY = SISTERS + ("A", "B", "C", "D", "D2", "Wild", "Greed/Lust", "Pride/Envy", "none")


def other_actor(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move by another player, except a buy-back by another owner of removed servants."""
    # Buy-backs come in any order (ruling 2): another owner of removed servants may decide first.
    for actor, text in wrong_actor(engine, decision):
        seat = engine.setup.players.index(actor)
        if not (text.startswith("buyback") and engine.may_buy_back(seat)):  # type: ignore[attr-defined]
            yield actor, text


def owners_swapped(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """Pride naming another player, Envy naming other owners (deals may go to players in any order)."""
    players = engine.setup.players
    for text in decision.moves[:6]:
        words = text.split(" ")
        if words[0] in ("pride", "envy"):
            for i, word in enumerate(words[1:], start=1):
                if word in players:
                    for other in players[:3]:
                        yield decision.actor, " ".join(words[:i] + [other] + words[i + 1:])


def fruit_misstated(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """Action A with the fruit paid miscounted; B, C, D, D2 with servants bought after them; B, D2 moving others'."""
    for text in decision.moves[:40]:
        words = text.split(" ")
        if text.startswith("play") and words[2] == "A":
            extra = len(words) - 5  # servants beyond the first two
            for paid in {extra - 1, extra + 1} - {-1}:
                yield decision.actor, f"{text} for {paid} fruit"
        elif text.startswith("play") and words[2] in ("B", "D", "D2"):
            yield decision.actor, f"{text} {words[-1]}"
            yield decision.actor, f"{text} for 1 fruit"
            if words[2] != "D":  # another player's servants moved, or three of one's own
                other = next(p for p in engine.setup.players if p != decision.actor)
                yield decision.actor, f"{text} {other}"
                yield decision.actor, f"{text} {decision.actor} {decision.actor} {decision.actor}"
        elif words[0] == "place":
            yield decision.actor, f"{text} {words[-1]}"
        elif text.startswith("play") and words[2] == "C":
            yield decision.actor, f"{text} 4"
            yield decision.actor, f"{text} Greed"


def envy_from_two_tiles(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """Envy's move taking its two servants from two different sisters (or three servants)."""
    for text in decision.moves:
        words = text.split(" ")
        if words[0] == "envy" and len(words) == 4:
            other = SISTERS[(SISTERS.index(words[1]) + 1) % 6]
            yield decision.actor, f"envy {words[1]} {words[2]} {other} {words[3]}"
            yield decision.actor, f"{text} {words[2]}"


def buyback_elsewhere(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A paid buy-back naming a sister scored earlier in this scoring, whose buy-backs are over."""
    # A later sister would be legal (the buy-backs left out are `none`), and in round 4's scoring an
    # earlier sister can only be the final scoring's, which follows at once.
    if engine.step != "score" or engine.pass_no == engine.final_pass - 1:  # type: ignore[attr-defined]
        return
    current = engine.table.order[engine.idx]  # type: ignore[attr-defined]
    for text in decision.moves[1:3]:
        words = text.split(" ")
        if words[0] == "buyback":
            for other in sorted(engine.scored - {current})[:3]:  # type: ignore[attr-defined]
                yield decision.actor, " ".join([words[0], SISTERS[other], *words[2:]])


def refill_miscounted(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A round-start add of the wrong number of servants (or in round 1, or during play)."""
    given, table = engine.adds_given, engine.table  # type: ignore[attr-defined]
    for seat, player in enumerate(engine.setup.players[:2]):
        if seat in engine.refilled:  # type: ignore[attr-defined]
            continue
        real = given[seat] if given is not None and engine.step in ("deal", "flip", "take") else None
        if engine.step == "place" and given is None:  # the adds the placement is followed by
            position = table.seats_from_first().index(seat)
            real = min(engine._adds_due(position), table.reserve[seat])  # type: ignore[attr-defined]
        for count in (1, 2, 3):
            if count != real:
                yield player, f"refill {count}"


def scored_out_of_order(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """The table announcing a sister left of one the scoring already reached."""
    if engine.step != "score":
        return
    reached = engine.reached.get(engine.pass_no, -1)  # type: ignore[attr-defined]
    for sister in engine.table.order[:max(0, reached)]:  # type: ignore[attr-defined]
        yield TABLE, f"scoring {SISTERS[sister]}"


def same(text: str, offered: str) -> bool:
    """Envy's owners may be named in any order: `envy Greed Cat Ann` is `envy Greed Ann Cat`."""
    words, other = text.split(" "), offered.split(" ")
    return words[0] == other[0] == "envy" and words[1] == other[1] and sorted(words[2:]) == sorted(other[2:])


MUTATORS = [other_actor, numbers_changed, words_swapped(VOCABULARY), owners_swapped, fruit_misstated, envy_from_two_tiles,
            buyback_elsewhere, refill_miscounted, scored_out_of_order]


def run(events: list, setup: Setup, report: Report, seed: int, cuts: int = 12) -> None:
    """Check one game's states."""
    check(ENGINE, setup, events, MUTATORS, cuts=cuts, per_cut=10, seed=seed, same=same, report=report)


def test_the_example_games_agree_with_their_enumeration() -> None:
    report = Report()
    for name in ("evening.log", "random-order.log"):
        text = (EXAMPLE / "playtests" / name).read_text(encoding="utf-8")
        engine_cls, setup, events = log_events(text, name)
        assert engine_cls is ENGINE
        run([e for e in events if e.kind.value == "move"], setup, report, seed=1, cuts=80)
    assert report.problems == [], "\n".join(report.problems)
    assert report.offered > 1000 and report.mutated > 1000


def test_simulated_games_agree_with_their_enumeration() -> None:
    started = time.process_time()
    report = Report()
    rng = random.Random(9)
    variants = [{}, {"random-order": "true"}, {"empty-is-tie": "true"}, {"pride-tie-clockwise": "true"}]
    for game in range(60):
        setup = Setup(PLAYERS[:2 + game % 5], variants[game % 4])
        run(simulated_events(ENGINE, setup, rng.randrange(10**6)), setup, report, seed=game, cuts=30)
    assert report.problems == [], "\n".join(report.problems)
    # every move kind is tried: goods, cards, deals, flips, placements, gifts' decisions, buy-backs
    assert {"take", "play", "deal", "flip", "place", "wrath", "pride", "envy", "buyback"} <= report.kinds
    assert report.offered > 10000 and report.mutated > 10000
    assert time.process_time() - started < 20


if __name__ == "__main__":  # debugging aid: print every disagreement
    for test in (test_the_example_games_agree_with_their_enumeration, test_simulated_games_agree_with_their_enumeration):
        try:
            test()
        except AssertionError as exc:
            print(exc)
