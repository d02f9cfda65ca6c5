"""7 Wonders Leaders: what decision() offers is accepted, and the table's mistakes are flagged on their line.

The consistency harness (tests/games/consistency.py) runs on the legal example logs and on simulated
games. Its generic wrong-actor mutator does not fit a game of simultaneous choices (another player
may well play their own card now), so the mutators here make only moves the rules forbid: a seat
that already chose or does not hold the card, a purchase one unit short or long, from a side or the
bank that does not sell it, of a resource the cost does not name, a card not in hand, a verb swapped,
a free build without Olympia, a bank payment no price reaches, deals of cards not in the deck,
follow-ups on the wrong cards, a Wonder stage named out of order, built or off the board, hands passed
the other way.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from consistency import Report, check, log_events, simulated_events

from playproof.playtest.engine import TABLE, Decision, Setup
from playproof.playtest.games.seven_wonders_leaders import ENGINE
from playproof.playtest.games.seven_wonders_leaders.city import City
from playproof.playtest.games.seven_wonders_leaders.data import RES_INDEX, RESOURCES, Cost
from playproof.playtest.games.seven_wonders_leaders.state import State

PLAYTESTS = Path(__file__).resolve().parents[2] / "examples" / "7-wonders-leaders" / "playtests"
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
Moves = Iterator[tuple[str, str]]
_CLAUSE = re.compile(r"; (left|right|bank) ([a-z ]+?)(?=;|$)")


def _city_of(eng: ENGINE, actor: str, text: str) -> int:
    """Return the index of the city a move is for (the Free City for `freecity ...`)."""
    st = eng.st
    return st.index("Free City") if text.startswith("freecity ") else st.players.index(actor)


def _card_word(text: str) -> tuple[str, str, str]:
    """Split `[freecity ]verb Name[; clauses]` into (prefix with verb, name, clauses)."""
    prefix = "freecity " if text.startswith("freecity ") else ""
    verb, _, rest = text[len(prefix):].partition(" ")
    name, sep, clauses = rest.partition(";")
    return prefix + verb, name.strip(), sep + clauses


def _cost_of(eng: ENGINE, i: int, verb: str, name: str) -> Cost | None:
    """Return the cost a build or stage pays, or None when it is not one."""
    st = eng.st
    city = st.cities[i]
    if verb.endswith("stage") and city.board is not None and city.stages < len(city.board.stages):
        return city.board.stages[city.stages][0]
    card = st.data.card(st.age, name) if verb.endswith("build") else None
    return card.cost if card is not None else None


def _sells(st: State, seller: City) -> set[int]:
    """Return the resources a neighbour sells at all: its board's and its brown and grey cards' (read apart)."""
    effects = ([seller.board.power] if seller.board is not None else []) + [
        c.effect for c in seller.structures if c.colour in ("brown", "grey")]
    found: set[int] = set()
    for effect in effects:
        for kind, args in effect:
            if kind == "produce":
                found.update(RES_INDEX[r] for r in args[0].split("/"))
    return found


# ---------------------------------------------------------------- mutators


def wrong_seat(eng: ENGINE, decision: Decision) -> Moves:
    """An offered move made by a seat that cannot make it: it already chose, or it lacks the card."""
    st = eng.st
    for text in decision.moves[:4]:
        for other in (p for p in st.players if p != decision.actor):
            p = st.players.index(other)
            if decision.actor == TABLE or st.queue or text.startswith("freecity ") or _already_chose(eng, p):
                yield other, text
            elif _lacks(eng, p, _card_word(text)[1]):
                yield other, text


def _already_chose(eng: ENGINE, p: int) -> bool:
    """Return True when a seat has made its choice of this turn, Recruitment or draft round."""
    st = eng.st
    return p in eng.picks if st.phase == "draft" else p in st.choices or p not in st.choosers()


def _lacks(eng: ENGINE, p: int, name: str) -> bool:
    """Return True when a seat's hand for this phase does not hold the card or Leader."""
    st = eng.st
    hand = {"draft": st.draft[p], "recruit": st.cities[p].leader_hand}.get(st.phase, st.real_hand(p))
    return name not in hand.cards and "?" not in hand.cards


def wrong_count(eng: ENGINE, decision: Decision) -> Moves:
    """An offered purchase one unit short or one unit long."""
    for text in decision.moves:
        for m in _CLAUSE.finditer(text):
            units = m.group(2).split()
            longer = f"; {m.group(1)} " + " ".join(units + units[:1])
            if not eng.st.extra_purchases and m.group(1) != "bank":  # a second bank unit: trade-bank
                yield decision.actor, text[:m.start()] + longer + text[m.end():]
            shorter = f"; {m.group(1)} " + " ".join(units[1:]) if units[1:] else ""
            yield decision.actor, text[:m.start()] + shorter + text[m.end():]


def wrong_source(eng: ENGINE, decision: Decision) -> Moves:
    """An offered purchase written from the other neighbour, or the bank, when they do not sell it."""
    if decision.actor == TABLE:
        return
    st = eng.st
    for text in decision.moves:
        i = _city_of(eng, decision.actor, text)
        for m in _CLAUSE.finditer(text):
            side, units = m.group(1), [RES_INDEX[u] for u in m.group(2).split()]
            other = {"left": "right", "right": "left"}.get(side)
            if other is not None:
                seller = st.neighbours(i)[0 if other == "left" else 1]
                if not set(units) & _sells(st, seller):
                    yield decision.actor, text[:m.start()] + f"; {other} {m.group(2)}" + text[m.end():]
            if side != "bank" and "bank_buy" not in st.cities[i].profile.numbers:
                yield decision.actor, text[:m.start()] + f"; bank {m.group(2).split()[0]}" + text[m.end():]


def wrong_resource(eng: ENGINE, decision: Decision) -> Moves:
    """An offered purchase of a resource the cost does not name, instead of the one it lacks."""
    if decision.actor == TABLE:
        return
    for text in decision.moves:
        verb, name, _ = _card_word(text)
        cost = _cost_of(eng, _city_of(eng, decision.actor, text), verb, name)
        if cost is None:
            continue
        for m in _CLAUSE.finditer(text):
            units = m.group(2).split()
            for r in (r for r in RESOURCES if not cost.units[RES_INDEX[r]]):
                swapped = f"; {m.group(1)} " + " ".join([r] + units[1:])
                yield decision.actor, text[:m.start()] + swapped + text[m.end():]
                break


def wrong_card(eng: ENGINE, decision: Decision) -> Moves:
    """An offered play with a card, Leader or target the seat does not have."""
    st = eng.st
    if decision.actor == TABLE:
        return
    for text in decision.moves[:3]:
        verb, name, clauses = _card_word(text)
        if verb in ("build", "stage", "discard", "freecity build", "freecity stage", "freecity discard"):
            hand = st.hand_of(_city_of(eng, decision.actor, text)).cards
            other = next((n for n in st.data.cards[st.age] if n not in hand), None)
        elif verb in ("draft", "recruit") and name != "none":
            held = st.draft[st.players.index(decision.actor)].cards if verb == "draft" else \
                st.cities[st.players.index(decision.actor)].leader_hand.cards
            other = next((n for n in st.data.leaders if n not in held), None)
        elif verb == "salvage":
            other = next((n for n in st.data.cards[1] if n not in st.discard), None)
        elif verb == "courtesan":
            yield decision.actor, f"courtesan {decision.actor} {name.split(' ', 1)[-1]}"  # the Courtesan's own city
            continue
        else:
            continue
        if other is not None:
            yield decision.actor, f"{verb} {other}{clauses}"


def wrong_verb(eng: ENGINE, decision: Decision) -> Moves:
    """An offered card played another way: built or staged unpaid, or a purchase kept for a discard."""
    offered = set(decision.moves)
    ways = ("recruit", "stage", "discard") if eng.st.phase == "recruit" and not eng.st.queue else (
        "build", "stage", "discard")
    for text in decision.moves:
        verb, name, clauses = _card_word(text)
        prefix = "freecity " if verb.startswith("freecity ") else ""
        if verb[len(prefix):] not in ways:
            continue
        for other in ways:
            changed = f"{prefix}{other} {name}" + (clauses if other == "discard" else "")
            plain_discard = other == "discard" and not prefix and not clauses  # always legal for a player
            bought = other == "discard" and clauses and eng.st.extra_purchases  # the variant allows it
            if changed not in offered and not plain_discard and not bought:
                yield decision.actor, changed


def wrong_free(eng: ENGINE, decision: Decision) -> Moves:
    """`; free` on a stage or a discard, or on a build by a city without Olympia A's free build this Age."""
    st = eng.st
    if decision.actor == TABLE:
        return
    for text in decision.moves:
        verb, name, clauses = _card_word(text)
        city = st.cities[_city_of(eng, decision.actor, text)]
        used = "free_build_per_age" not in city.profile.flags or city.olympia_age == st.age
        if verb.endswith(("stage", "discard")) or (verb.endswith("build") and used):
            yield decision.actor, f"{verb} {name}{clauses}; free"


def wrong_coins(eng: ENGINE, decision: Decision) -> Moves:
    """An offered play with a bank payment written that no price reaches."""
    for text in decision.moves[:6]:
        verb = _card_word(text)[0]
        if verb.split(" ")[-1] in ("build", "stage", "discard", "recruit") and not text.endswith(" none"):
            yield decision.actor, f"{text}; pay 9"


def wrong_deal(eng: ENGINE, decision: Decision) -> Moves:
    """A chance event with a card that is not there: another Age's card, a Leader already dealt, a used board."""
    st = eng.st
    if decision.actor != TABLE or not decision.moves:
        return
    verb, _, rest = decision.moves[0].partition(" ")
    who = rest.split(" ")[0]
    if verb in ("deal", "draw"):
        other_age = 1 if st.age > 1 else 2
        yield TABLE, f"{verb} {who} " + next(n for n in st.data.cards[other_age] if n not in st.data.cards[st.age])
    elif verb == "leaders":
        gone = [n for n in st.pool if st.box[n] <= 0]
        if gone:
            yield TABLE, f"leaders {who} {gone[0]}"
    elif verb == "wonder":
        used = next((c.board for c in st.cities if c.board is not None), None)
        if used is not None:
            yield TABLE, f"wonder {who} {used.label}"


def wrong_stage(eng: ENGINE, decision: Decision) -> Moves:
    """An offered stage written as a later stage (one skipped), one already built, or one the board lacks."""
    for text in decision.moves:
        verb, _, _ = _card_word(text)
        if not verb.endswith("stage"):
            continue
        city = eng.st.cities[_city_of(eng, decision.actor, text)]
        k = city.next_stage()
        if city.board is None or k is None:
            continue
        count = len(city.board.stages)
        for number in {k + 2, k, count + 1} - {0, k + 1}:
            if number <= count + 1 and (number != k + 2 or k + 2 <= count):
                yield decision.actor, f"{text}; stage {number}"


def wrong_pass(eng: ENGINE, decision: Decision) -> Moves:
    """The table passing hands the other way than the rule's for the Leader draft or this Age."""
    st = eng.st
    if len(st.players) == 2 or st.phase not in ("leaders", "draft", "recruit", "deal", "turn"):
        return
    rule_way = "right" if st.phase in ("leaders", "draft") or st.age == 2 else "left"
    yield TABLE, "pass " + ("left" if rule_way == "right" else "right")


# the generic numbers_changed finds no number in an offered move (purchases are written unit by unit),
# so wrong_count and wrong_coins stand for it
MUTATORS = [wrong_seat, wrong_count, wrong_source, wrong_resource, wrong_card, wrong_verb, wrong_free, wrong_coins,
            wrong_deal, wrong_stage, wrong_pass]


# ---------------------------------------------------------------- the runs


def _run(report: Report, events_of: list[tuple[type[ENGINE], Setup, list]], cuts: int, per_cut: int) -> Report:
    """Run the harness on every game given; return the report."""
    for n, (cls, setup, events) in enumerate(events_of):
        check(cls, setup, events, MUTATORS, cuts=cuts, per_cut=per_cut, seed=n, report=report)
    return report


@pytest.mark.parametrize("name", ["three-cities.log", "two-players.log"])
def test_the_legal_example_logs_agree_with_decision(name: str) -> None:
    report = _run(Report(), [log_events((PLAYTESTS / name).read_text(encoding="utf-8"), name)], 60, 12)
    assert report.problems == []
    assert report.cuts >= 40 and report.offered > 200 and report.mutated > 200


def test_simulated_games_agree_with_decision() -> None:
    games = []
    for seed in range(30):
        options = {"extra-purchases": "true"} if seed % 10 == 9 else {}
        setup = Setup(NAMES[: 2 + seed % 6], options, seed)
        games.append((ENGINE, setup, simulated_events(ENGINE, setup, seed)))
    report = _run(Report(), games, 14, 10)
    assert report.problems == []
    verbs = {"build", "stage", "discard", "draft", "recruit", "deal", "leaders", "wonder", "draw", "freecity"}
    assert verbs <= report.kinds
    assert report.offered > 3000 and report.mutated > 3000
