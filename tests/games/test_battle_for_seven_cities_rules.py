"""Every Battle for Seven Cities rule id: a legal case and an illegal case asserting the rule id.

The starting board (tiles P1 P2 P3 with future groups 1 2 3) is, by tile name:
  past   pA1 soil  pA2 forest     pA3 light sea pA4 mountain | pB1 soil    pB2 soil pB3 volcano  pB4 light sea
         pC1 forest pC2 mountain  pC3 deep sea  pC4 light sea
  future fA1 soil  fA2 light sea  fA3 forest    fA4 mountain | fB1 volcano fB2 soil fB3 deep sea fB4 forest
         fC1 light sea fC2 mountain fC3 soil    fC4 soil
A1 touches A2 A3; A2 touches A1 A3 A4 B1; A4 touches A2 A3 B1 B3 C1; B3 touches B1 B2 B4 A4 C1 C2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.battle_for_seven_cities import ENGINE, RULES, BattleEngine

PLAYERS = ("Ann", "Ben", "Cat")
HANDS = {"Ann": "AP4 AP3 AP2", "Ben": "AP2 AP2 AP2", "Cat": "AP3 AP3 AP3"}
ROUND_END = "Ann: end\nAnn: discard AP2\nBen: end\nBen: discard AP2\nCat: end\nCat: discard AP3"
Prep = Callable[[BattleEngine], None]


def opening(hands: dict[str, str] | None = None, starts: str = "fA1 fA2 fB2") -> str:
    """Return the log lines of a standard opening: board, starting tiles, round-1 draws."""
    hands = {**HANDS, **(hands or {})}
    lines = ["table: tile P1", "table: tile P2", "table: tile P3"]
    lines += [f"{p}: start {pos}" for p, pos in zip(PLAYERS, starts.split())]
    lines += [f"table: draw {p} {c}" for p in PLAYERS for c in hands[p].split()]
    return "\n".join(lines)


def events(text: str, start: int = 1) -> list[Event]:
    """Turn `Actor: verb args` lines into events numbered from start."""
    found = []
    for number, line in enumerate([ln.strip() for ln in text.strip().splitlines() if ln.strip()], start=start):
        actor, _, move = line.partition(":")
        verb, _, args = move.strip().partition(" ")
        found.append(Event(number, actor.strip(), verb.lower(), args))
    return found


def engine_after(text: str, players: tuple[str, ...] = PLAYERS, **options: str) -> BattleEngine:
    """Return an engine that has applied some lines without a violation."""
    engine = ENGINE(Setup(players, options=options))
    for event in events(text):
        assert engine.apply(event) == [], event
    return engine


def run(scenario: str, *, hands: dict[str, str] | None = None, starts: str = "fA1 fA2 fB2",
        prep: Prep | None = None, raw: bool = False, players: tuple[str, ...] = PLAYERS,
        **options: str) -> list[str]:
    """Play the opening (unless raw), prepare the state, then the scenario; return rule slugs found."""
    options = {"first": "Ann", **options} if "first" not in options and not raw else options
    engine = engine_after("" if raw else opening(hands, starts), players, **options)
    if prep is not None:
        prep(engine)
    offset = 0 if raw else len(events(opening(hands, starts)))
    found = []
    for event in events(scenario, offset + 1):
        found += [v.rule.split("/", 1)[1] for v in engine.apply(event)]
    return found


def cities(**where: str) -> Prep:
    """Return a preparation putting cities on tiles: cities(fA1="Ben", pA1="Ann")."""
    def prep(engine: BattleEngine) -> None:
        for pos, owner in where.items():
            engine.s.board.cities[pos] = (owner, 1)
            engine.s.supply[owner] -= 1
    return prep


def shields(**where: str) -> Prep:
    """Return a preparation putting shields on tiles."""
    def prep(engine: BattleEngine) -> None:
        for pos, owner in where.items():
            engine.s.board.shields[pos] = owner
            engine.s.shield_supply -= 1
    return prep


def both(*preps: Prep) -> Prep:
    """Return a preparation running several in order."""
    def prep(engine: BattleEngine) -> None:
        for p in preps:
            p(engine)
    return prep


SETUP_START = "Ann: start fA1\nBen: start fA2\nCat: start fB2"
TILES = "table: tile P1\ntable: tile P2\ntable: tile P3"
DRAWS = TILES + "\n" + SETUP_START + "\n" + "\n".join(["table: draw Ann AP4"] * 3)
SEVEN = {f"f{s}{c}": "Ann" for s, c in ["A1", "A3", "A4", "B1", "B2", "B4", "C2"]}



def tied(engine: BattleEngine) -> None:
    """Give Ann and Ben 7 future cities each; Ben has 4 of his on water (metropolises count twice)."""
    cities(**SEVEN)(engine)
    for pos, tokens in {"fA2": 2, "fB3": 1, "fC1": 1, "fC3": 2, "fC4": 1}.items():
        engine.s.board.cities[pos] = ("Ben", tokens)


# rule: (legal case, illegal case), each a dict of run() keyword arguments with "log"
CASES: dict[str, tuple[dict, dict]] = {
    "setup-past-deck": ({"log": TILES, "raw": True, "first": "Ann"},
                        {"log": "table: tile P1\ntable: tile P1\ntable: tile P3", "raw": True, "first": "Ann"}),
    "setup-player-count": ({"log": "Ann: points AP4", "hands": {"Ann": "AP4 AP3 ENEMY"}},
                           {"log": TILES + "\n" + SETUP_START.rsplit("\n", 1)[0] + "\ntable: draw Ann ENEMY",
                            "raw": True, "first": "Ann", "players": ("Ann", "Ben")}),
    "setup-clock-cards": ({"log": TILES + "\ntable: clock Ann 2:00\ntable: clock Ben 4:00\ntable: clock Cat 6:00",
                           "raw": True},
                          {"log": TILES + "\ntable: clock Ann 2:00\ntable: clock Ben 2:00", "raw": True}),
    "order-first-player": (
        {"log": TILES + "\ntable: clock Ann 2:00\ntable: clock Ben 4:00\ntable: clock Cat 6:00\ntable: first Ben",
         "raw": True, "start": "5:40"},
        {"log": TILES + "\ntable: clock Ann 2:00\ntable: clock Ben 4:00\ntable: clock Cat 6:00\ntable: first Cat",
         "raw": True, "start": "5:40"}),
    "start-future-tile": ({"log": TILES + "\nAnn: start fA1", "raw": True, "first": "Ann"},
                          {"log": TILES + "\nAnn: start pA1", "raw": True, "first": "Ann"}),
    "round-draw-three": ({"log": TILES + "\n" + SETUP_START + "\ntable: draw Ann AP2", "raw": True, "first": "Ann"},
                         {"log": TILES + "\n" + SETUP_START + "\ntable: draw Ben AP2", "raw": True, "first": "Ann"}),
    "round-draw-pile": ({"log": DRAWS + "\ntable: draw Ben AP3", "raw": True, "first": "Ann"},
                        {"log": DRAWS + "\ntable: draw Ben AP4", "raw": True, "first": "Ann"}),
    "turn-active-player": ({"log": "Ann: points AP4"}, {"log": "Ben: points AP2"}),
    "round-hand-size": ({"log": "table: hand Ann 3\nAnn: points AP4\nAnn: hand 2"},
                        {"log": "Ann: points AP4\ntable: hand Ann 3"}),
    "cards-discard-pile": ({"log": "Ann: points AP4 to blue\nAnn: play BURN to red\nBen: play DEFEND to blue",
                            "hands": {"Ann": "BURN AP4 AP2", "Ben": "DEFEND AP2 AP2"}, "prep": cities(fA1="Ben")},
                           {"log": "Ann: points AP4 to red", "hands": {"Ann": "BURN AP4 AP2"}}),
    "turn-card-in-hand": ({"log": "Ann: points AP3"}, {"log": "Ann: points DEFEND"}),
    "turn-extra-cards": (
        {"log": "Ann: points AP4\nAnn: build\nAnn: end\ntable: draw Ann AP2\nAnn: discard AP2"},
        {"log": "Ann: points AP4\nAnn: build\nAnn: end\ntable: draw Ann AP2\ntable: draw Ann AP2"}),
    "turn-hand-limit": ({"log": "Ann: end\nAnn: discard AP2\nBen: points AP2"},
                        {"log": "Ann: end\nBen: points AP2"}),
    "ap-enough-points": ({"log": "Ann: points AP2\nAnn: move fA3"}, {"log": "Ann: move fA3"}),
    "move-adjacent": ({"log": "Ann: points AP4\nAnn: move fA3 fA4"}, {"log": "Ann: points AP4\nAnn: move fA4"}),
    "move-wall": ({"log": "Ann: play WALL fB1 fB2 fB3\nAnn: points AP4\nAnn: move fA3",
                   "hands": {"Ann": "WALL AP4 AP3"}},
                  {"log": "Ann: play WALL fA2 fA3 fA4\nAnn: points AP4\nAnn: move fA3",
                   "hands": {"Ann": "WALL AP4 AP3"}}),
    "build-own-tile": ({"log": "Ann: points AP4\nAnn: build fA1"}, {"log": "Ann: points AP4\nAnn: build fA3"}),
    "build-empty-tile": ({"log": "Ann: points AP4\nAnn: build"},
                         {"log": "Ann: points AP4\nAnn: build", "prep": cities(fA1="Ben")}),
    "build-no-past-sea": ({"log": "Ann: points AP4\nAnn: points AP3\nAnn: travel\nAnn: build"},
                          {"log": "Ann: points AP4\nAnn: points AP3\nAnn: travel\nAnn: build",
                           "starts": "fA3 fA2 fB2"}),
    "build-city-supply": (
        {"log": "Ann: recycle fC3\nAnn: points AP4\nAnn: build",
         "prep": both(cities(fC3="Ann"), lambda e: e.s.supply.update(Ann=0))},
        {"log": "Ann: points AP4\nAnn: build", "prep": lambda e: e.s.supply.update(Ann=0)}),
    "cards-no-special": ({"log": "Ann: points AP4"}, {"log": "Ann: play AP4"}),
    "cards-atlantis": ({"log": "Ann: points AP4\nAnn: travel\nAnn: play ATLANTIS", "starts": "fA3 fA2 fB2",
                        "hands": {"Ann": "AP4 ATLANTIS AP2"}},
                       {"log": "Ann: points AP4\nAnn: travel\nAnn: play ATLANTIS",
                        "hands": {"Ann": "AP4 ATLANTIS AP2"}}),
    "cards-railway": ({"log": "Ann: play RAIL fA1 fA2 fA3\nAnn: move fA2", "hands": {"Ann": "RAIL AP3 AP2"}},
                      {"log": "Ann: play RAIL fA1 fA2 fB1", "hands": {"Ann": "RAIL AP3 AP2"}}),
    "cards-wall": ({"log": "Ann: play RAIL fA1 fA2 fA3\nAnn: play WALL fB1 fB2 fB3",
                    "hands": {"Ann": "RAIL WALL AP2"}},
                   {"log": "Ann: play RAIL fA1 fA2 fA3\nAnn: play WALL fA2 fA3 fA4",
                    "hands": {"Ann": "RAIL WALL AP2"}}),
    "cards-burn": ({"log": "Ann: play BURN", "hands": {"Ann": "BURN AP3 AP2"}, "prep": cities(fA1="Ben")},
                   {"log": "Ann: play BURN", "hands": {"Ann": "BURN AP3 AP2"},
                    "prep": both(cities(fA1="Ben"), shields(fA1="Ben"))}),
    "cards-expedition": (
        {"log": "Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4\nAnn: place 2 w city pD1",
         "hands": {"Ann": "EXPEDITION AP3 AP2"}},
        {"log": "Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4\nAnn: place 2 w city pD2",
         "hands": {"Ann": "EXPEDITION AP3 AP2"}}),
    "cards-takeover": ({"log": "Ann: play TAKEOVER fA2", "hands": {"Ann": "TAKEOVER AP3 AP2"},
                        "prep": cities(fA1="Ann", fA2="Ben")},
                       {"log": "Ann: play TAKEOVER fC1", "hands": {"Ann": "TAKEOVER AP3 AP2"},
                        "prep": cities(fA1="Ann", fC1="Ben")}),
    "cards-metropolis": ({"log": "Ann: play METROPOLIS fA4", "hands": {"Ann": "METROPOLIS AP3 AP2"},
                          "prep": cities(fA4="Ann", fA2="Ben", fA3="Cat", fB1="Ben")},
                         {"log": "Ann: play METROPOLIS fA4", "hands": {"Ann": "METROPOLIS AP3 AP2"},
                          "prep": cities(fA4="Ann", fA2="Ben", fA3="Cat")}),
    "cards-defend": ({"log": "Ann: play BURN\nBen: play DEFEND", "hands": {"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2"},
                      "prep": cities(fA1="Ben")},
                     {"log": "Ann: play BURN\nAnn: play DEFEND",
                      "hands": {"Ann": "BURN DEFEND AP2", "Ben": "DEFEND AP2 AP2"}, "prep": cities(fA1="Ben")}),
    "cards-remote": ({"log": "Ann: play REMOTE fA2", "hands": {"Ann": "REMOTE AP3 AP2"}},
                     {"log": "Ann: play REMOTE fB2", "hands": {"Ann": "REMOTE AP3 AP2"}}),
    "cards-sands": ({"log": "Ann: points AP4\nAnn: points AP3\nAnn: travel\nAnn: build\nBen: play SANDS",
                     "hands": {"Ben": "SANDS AP2 AP2"}, "prep": cities(fA1="Ben")},
                    {"log": "Ann: points AP4\nAnn: points AP3\nAnn: travel\nAnn: build\nBen: play SANDS",
                     "hands": {"Ben": "SANDS AP2 AP2"}, "prep": cities(fA1="Cat")}),
    "cards-army": ({"log": "Ann: play ARMY fA1", "hands": {"Ann": "ARMY AP3 ARMY"}},
                   {"log": "Ann: play ARMY fA1\nAnn: play ARMY fA1", "hands": {"Ann": "ARMY AP3 ARMY"}}),
    "cards-army-limit": ({"log": "Ann: play ARMY fA1", "hands": {"Ann": "ARMY AP3 AP2"},
                          "prep": shields(fC1="Ann", fC2="Ann")},
                         {"log": "Ann: play ARMY fA1", "hands": {"Ann": "ARMY AP3 AP2"},
                          "prep": shields(fC1="Ann", fC2="Ann", fC3="Ann")}),
    "cards-embassy": ({"log": "Ann: play EMBASSY fC1 Ben Cat", "hands": {"Ann": "EMBASSY AP3 AP2"},
                       "prep": cities(fC1="Ann")},
                      {"log": "Ann: play EMBASSY fC2 Ben", "hands": {"Ann": "EMBASSY AP3 AP2"},
                       "prep": cities(fC1="Ann")}),
    "cards-enemy": ({"log": "Ann: play ENEMY fA2 Cat", "hands": {"Ann": "ENEMY AP3 AP2"}, "prep": cities(fA2="Ben")},
                    {"log": "Ann: play ENEMY fA2 Ben", "hands": {"Ann": "ENEMY AP3 AP2"}, "prep": cities(fA2="Ben")}),
    "timeshift-copy-forward": ({"log": ROUND_END + "\ntable: city fA1 Ann", "prep": cities(pA1="Ann", fA1="Ben")},
                               {"log": ROUND_END + "\ntable: city fA1 Ben", "prep": cities(pA1="Ann", fA1="Ben")}),
    "timeshift-pass-card": ({"log": ROUND_END + "\ntable: first Cat"}, {"log": ROUND_END + "\ntable: first Ben"}),
    "win-end-of-round": ({"log": ROUND_END + "\ntable: winner Ann", "prep": cities(**SEVEN)},
                         {"log": ROUND_END + "\ntable: winner Ann"}),
    "win-most-cities": ({"log": ROUND_END + "\ntable: winner Ben", "prep": tied},
                        {"log": ROUND_END + "\ntable: winner Ann", "prep": tied}),
    "log-known-verb": ({"log": "Ann: points AP4"}, {"log": "Ann: fly fA2"}),
}


def test_every_rule_has_a_case() -> None:
    assert sorted(CASES) == sorted(r.id.split("/", 1)[1] for r in RULES)


def test_the_rulings_list_every_rule_id_with_its_text() -> None:
    rulings = (Path(__file__).resolve().parents[2] / "docs" / "rulings" / "battle-for-seven-cities.md").read_text()
    listed = [row for row in rulings.splitlines() if row.startswith("| `battle-for-seven-cities/")]
    assert listed == [f"| `{r.id}` | {r.section.lstrip('§')} | {r.summary} | \"{r.text}\" |" for r in RULES]


def test_every_rule_quotes_the_rulebook_sentence_it_checks() -> None:
    assert [r.id for r in RULES if not r.text.strip()] == []


@pytest.mark.parametrize("rule", sorted(CASES))
def test_legal_case_is_clean(rule: str) -> None:
    case = dict(CASES[rule][0])
    assert run(case.pop("log"), **case) == []


@pytest.mark.parametrize("rule", sorted(CASES))
def test_illegal_case_breaks_the_rule(rule: str) -> None:
    case = dict(CASES[rule][1])
    assert rule in run(case.pop("log"), **case)
