"""Four Sisters consistency: every offered move is clean, and mistakes made from them are flagged."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Iterator

from consistency import (
    Report, check, log_events, markers_skipped, numbers_changed, simulated_events, words_swapped,
    wrong_actor,
)

from playproof.playtest.engine import TABLE, Decision, Engine, Event, Setup
from playproof.playtest.games.four_sisters import ENGINE
from playproof.playtest.games.four_sisters.conflict import judge
from playproof.playtest.games.four_sisters.state import ACTED, INTRIGUED, PLACED, START

PLAYTESTS = Path(__file__).resolve().parents[2] / "examples" / "four-sisters" / "playtests"
PLAYERS = ("Ann", "Ben", "Cat", "Dee")
CARD = re.compile(r"\b([QA2-9])([HCDS])\b")
ROOM = re.compile(r"\b([A-C])([1-3])\b")
SUITS = "HCDS"


def _others_may(engine: Engine, actor: str, text: str) -> bool:
    """True when a move by another player than the decision's is legal by the rulings (not a mistake)."""
    c = engine.conflict
    verb = text.split(" ", 1)[0]
    if c is not None and c.step == "boost" and verb == "boost":
        return actor in (c.player, c.defender)  # either side discards, in any order (ruling 9)
    if c is not None and verb == "send" and c.step in ("boost", "send"):
        # each loser of a tie with a Queen sends her card, in any order (ruling 13)
        losers = ([r for _, r in c.pending_sends] if c.step == "send" else
                  list(judge(engine.data, engine.board, c, engine.sabbath).losers))
        return any(engine.owner_at(room) == actor for room in losers)
    nxt = engine.order[(engine.turn + 1) % len(engine.order)]
    # Once the turn's player has acted, the next player's move ends her turn (a terse log): it
    # is a move of the next turn, not one made by the wrong player. Her `end`, or an Intrigue
    # with her own Queen, may well be legal then; a move naming the turn player's cards is not.
    return c is None and engine.stage in ACTED and actor == nxt and verb in ("end", "intrigue")


def wrong_player(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move made by a player whose move it is not (the rulings' other spellings left out)."""
    for actor, text in wrong_actor(engine, decision):
        if not _others_may(engine, actor, text):
            yield actor, text


def wrong_suit(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A card of the offered move in another suit: a card not hers, or not where the move needs it."""
    for text in decision.moves[:6]:
        for match in CARD.finditer(text):
            for suit in SUITS.replace(match.group(2), "")[:2]:
                yield decision.actor, text[:match.start(2)] + suit + text[match.end(2):]


def wrong_room(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A Room of the offered move swapped for an occupied one (or for one beyond the Chateau)."""
    full = [r for r, c in engine.board.items() if c is not None][:3] + ["D4"]
    for text in decision.moves[:6]:
        for match in ROOM.finditer(text):
            for room in full:
                yield decision.actor, text[:match.start()] + room + text[match.end():]


def wrong_count(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move with one card too many (a card of another suit) or one too few."""
    for text in decision.moves[:8]:
        verb, _, args = text.partition(" ")
        cards = CARD.findall(args)
        again = verb == "boost" and engine.conflict is not None and decision.actor in engine.conflict.boosted
        if verb in ("pass", "squander", "introduce", "boost") and cards and not (again and len(cards) == 1):
            yield decision.actor, " ".join(text.split(" ")[:-1])  # the last card left out
            # (a second `boost` naming nothing is a legal no-op, so it is not made here)
        if verb in ("pass", "squander", "boost", "introduce"):
            foreign = next(c for c in engine.data.cards if not c.endswith(SUITS[0]) and c not in text)
            yield decision.actor, f"{text} {foreign}"


def wrong_verb(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """The offered move under a neighbouring verb: place/introduce, pass/squander, accept/refuse..."""
    swaps = {"place": "introduce", "introduce": "place", "pass": "squander", "squander": "pass",
             "accept": "refuse", "refuse": "accept", "moot": "defeat A1", "send": "boost"}
    for text in decision.moves[:8]:
        verb, _, args = text.partition(" ")
        if verb in swaps:
            yield decision.actor, f"{swaps[verb]} {args}".strip()
        if verb == "defeat":
            yield decision.actor, "moot"


def drawn_out_of_order(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A draw of a card deeper in the Scheme (its arranged order, or the cards put under it), or none."""
    for text in decision.moves[:1]:
        verb, _, args = text.partition(" ")
        if verb != "draw":
            continue
        player = args.rsplit(" ", 1)[0]
        seat = engine.seats[player]
        deeper = (seat.order or [])[1:] if seat.stack else list(seat.bottom)[1:]
        for card in [c for c in deeper if c != "?"][:3]:
            yield TABLE, f"draw {player} {card}"
        yield TABLE, f"draw {player} none"  # a draw owed and not made


def rearranged(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A player re-ordering her Scheme once play has begun (her first draw made)."""
    for seat in engine.seats.values():
        full = len(engine.data.suit_cards(seat.suit))
        if seat.stack and (seat.stack < full or seat.order is not None):
            cards = list(reversed(seat.order)) if seat.order else ["?"] * seat.stack
            yield seat.name, "arrange " + " ".join(cards)


def out_of_step(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A pass, placement or Intrigue at a step of the turn that no longer allows it."""
    if decision.actor != engine.current or engine.conflict is not None or engine.stage not in ACTED:
        return
    seat = engine.seats[decision.actor]
    empty = next((r for r, c in engine.board.items() if c is None), None)
    for card in seat.hand[:2]:
        yield decision.actor, f"pass {card}"
        if empty is not None and engine.stage != INTRIGUED:
            yield decision.actor, f"place {card} {empty}"
    oubliette = sorted(engine.oubliette)
    full = next((r for r, c in engine.board.items() if c is not None), None)
    if oubliette and full is not None and engine.stage not in (START, PLACED):
        yield decision.actor, f"intrigue {full} {oubliette[0]}"


def wrong_result(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """The table's record of the Conflict just resolved, written wrong (room, place, or moot)."""
    outcome = engine.last_outcome
    if outcome is None or engine.conflict is not None:
        return
    rooms = [r for r, c in engine.board.items() if c is not None][:2]
    records = {"moot"} | {f"defeat {r} {w}" for r in rooms + list(outcome.defeated)
                          for w in ("scheme", "oubliette")}
    right = ({f"defeat {r} {w}" for r, w in outcome.defeated.items()}
             | {f"defeat {r}" for r in outcome.defeated})
    for text in sorted(records - right - ({"moot"} if not outcome.defeated else set())):
        yield TABLE, text


MUTATORS = [wrong_player, drawn_out_of_order, rearranged, wrong_result, out_of_step, numbers_changed,
            words_swapped(["scheme", "oubliette"]), wrong_suit,
            wrong_room, wrong_count, wrong_verb]


def same(text: str, offered: str) -> bool:
    """True when two texts are one move: the same discards (or cards taken back) in another order."""
    a, b = text.split(), offered.split()
    fixed = {"boost": 1, "pass": 1, "squander": 1, "introduce": 3, "storm": 3}.get(a[0])
    return fixed is not None and a[:fixed] == b[:fixed] and sorted(a[fixed:]) == sorted(b[fixed:])


def with_arrangements(setup: Setup, events: list[Event]) -> list[Event]:
    """The same game with each player's Scheme order written first (the cards she drew from it)."""
    engine, drawn = ENGINE(setup), {p: [] for p in setup.players}
    for event in events:
        if event.verb == "draw":
            player, card = engine.draw_args(event)
            if engine.seats[player].stack:
                drawn[player].append(card)
        engine.apply(event)
    lines = [Event(n, p, "arrange", " ".join(cards + ["?"] * (10 - len(cards))))
             for n, (p, cards) in enumerate(drawn.items(), start=1)]
    return lines + [replace(e, line=e.line + len(lines)) for e in events]


OPENING = [f"table: draw {p} {c}" for p, hand in
           zip(PLAYERS, ("QH AH 2H", "QC AC 2C", "QD AD 2D", "QS AS 2S")) for c in hand.split()]
SCENES = [  # short legal games reaching what random games rarely do: ties with and without Queens
    ["Ann: place QH A1", "Ben: place QC A2", "Ben: boost", "Ann: boost", "Ben: send oubliette",
     "Ann: send scheme", "Ben: end", "Cat: place AD A1", "Dee: place AS A2", "Dee: boost",
     "Cat: boost", "Cat: accept", "Dee: end"],
    ["Ann: place AH A1", "Ben: place AC A2", "Ann: boost 2H", "Ben: boost 2C", "Ann: refuse",
     "Ben: end", "Cat: pass AD", "table: draw Cat 3D", "Cat: end", "Dee: place QS B1", "Dee: target A1"],
]


def scene_events(lines: list[str]) -> list[Event]:
    """The events of a scene's lines after the opening draws."""
    events = []
    for number, line in enumerate(OPENING + lines, start=1):
        actor, _, move = line.partition(": ")
        verb, _, args = move.partition(" ")
        events.append(Event(number, actor, verb, args))
    return events


VARIANTS: list[dict[str, str]] = [{}, {}, {"sabbath": "true"}, {"partial-squander": "true"},
                                  {"late-run-out": "true"}]


def run_all() -> Report:
    """Run the harness on the legal example logs and on simulated games."""
    report = Report()
    for name in ("winter-party.log", "storming.log"):
        cls, setup, events = log_events((PLAYTESTS / name).read_text(encoding="utf-8"), name)
        check(cls, setup, markers_skipped(events), MUTATORS, cuts=60, per_cut=12, seed=1, same=same,
              report=report)
    for scene in SCENES:
        events = scene_events(scene)
        check(ENGINE, Setup(PLAYERS), events, MUTATORS, cuts=len(events) + 1, per_cut=12, seed=2,
              same=same, report=report)
    for seed in range(30):
        options = VARIANTS[seed % len(VARIANTS)]
        setup = Setup(PLAYERS, options)
        events = simulated_events(ENGINE, setup, seed)
        if seed % 2:
            events = with_arrangements(setup, events)
        check(ENGINE, setup, events, MUTATORS, cuts=15, per_cut=10, seed=seed, same=same, report=report)
    return report


def test_offered_moves_are_clean_and_mistakes_are_flagged_on_their_line() -> None:
    report = run_all()
    assert report.problems == []
    print(f"{report.cuts} states, {report.offered} offered moves of {len(report.kinds)} verbs, "
          f"{report.mutated} mutated moves")
    assert report.offered > 1000 and report.mutated > 1000
    assert report.kinds >= {"draw", "pass", "intrigue", "place", "introduce", "squander", "target",
                            "boost", "accept", "refuse", "send", "end", "storm", "decline"}


def test_the_mutators_make_mistakes_of_every_kind() -> None:
    cls, setup, events = log_events((PLAYTESTS / "storming.log").read_text(encoding="utf-8"), "storming")
    engine, verbs = cls(setup), set()
    for event in markers_skipped(events):
        decision = engine.decision()
        if decision is not None:
            verbs |= {text.split(" ", 1)[0] for m in MUTATORS for _, text in m(engine, decision)}
        engine.apply(event)
    assert verbs >= {"arrange", "draw", "pass", "place", "introduce", "squander", "boost", "target",
                     "intrigue", "storm", "defeat", "moot", "end", "accept", "refuse"}


def test_the_scenes_are_legal() -> None:
    for scene in SCENES:
        engine = ENGINE(Setup(PLAYERS))
        assert [v for e in scene_events(scene) for v in engine.apply(e)] == []
