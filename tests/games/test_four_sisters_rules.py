"""Every Four Sisters rule id: a legal case and an illegal case asserting the rule id."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from playproof.playtest.engine import Event, Setup, Status
from playproof.playtest.games.four_sisters import ENGINE, RULES

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "four-sisters"
PLAYERS = ("Ann", "Ben", "Cat", "Dee")  # Hearts, Clubs, Diamonds, Spades; Ann & Cat are Younger


def deal(**hands: str) -> str:
    """Return the opening draw lines for the given hands."""
    return "\n".join(f"table: draw {p} {c}" for p, cards in hands.items() for c in cards.split())


OPENING = deal(Ann="QH AH 2H", Ben="QC AC 2C", Cat="QD AD 2D", Dee="QS AS 2S")


def play(text: str, project: Path | None = None, **options: str) -> list[tuple[int, str, str]]:
    """Feed log lines (numbered from 1) to a fresh engine; return (line, rule, message) found."""
    engine = ENGINE(Setup(PLAYERS, options=options, project=project))
    found = []
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    for number, line in enumerate(lines, start=1):
        actor, _, move = line.partition(":")
        verb, _, args = move.strip().partition(" ")
        for v in engine.apply(Event(number, actor.strip(), verb.lower(), args)):
            found.append((v.line, v.rule.split("/", 1)[1], v.message))
    return found


def rules_of(text: str, **options: str) -> list[str]:
    """Return just the rule slugs found."""
    return [rule for _, rule, _ in play(text, **options)]


def small_project(tmp_path: Path, ranks: tuple[str, ...] | None = None, **numbers: int) -> Path:
    """Copy the example workbook, changing Rules numbers and keeping only some ranks."""
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    for row in wb["Rules"].iter_rows(min_row=2):
        if row[0].value in numbers:
            row[1].value = numbers[row[0].value]
    if ranks is not None:
        cards = wb["Cards"]
        for index in range(cards.max_row, 1, -1):
            if str(cards.cell(index, 5).value) not in ranks:
                cards.delete_rows(index)
    wb.save(tmp_path / "components.xlsx")
    return tmp_path


# ----- the cases: (rule, legal log, illegal log, expected (line, message) of the illegal one) -----

CASES = {
    "log-move": (
        "Ann: place AH A1",
        "Ann: place 1H A1",
        (13, '"1H" is not a card (write value then suit, like 7H, AS or QD)'),
    ),
    "order-turn": (
        "Ann: place AH A1\nBen: place AC C3",
        "Ben: place AC A1",
        (13, "it is Ann's turn, not Ben's"),
    ),
    "order-step": (
        "Ann: place AH A1\nAnn: end\nBen: pass 2C",
        "Ann: place AH A1\nAnn: place QH C3",
        (14, "only one card is placed (or Squandered) each turn, at step 3"),
    ),
    "scheme-draw": (
        "Ann: place AH A1\nAnn: end\ntable: draw Ann 7H",
        "Ann: place AH A1\nAnn: end\ntable: draw Ann 7C",
        (15, "7C is not in Ann's Scheme"),
    ),
    "hand-card": (
        "Ann: place AH A1",
        "Ann: place 3H A1",
        (13, "3H is not in Ann's hand"),
    ),
    "refill-three": (
        "Ann: place AH A1\nAnn: end\ntable: draw Ann 7H\nBen: end",
        "Ann: place AH A1\nAnn: end\ntable: draw Ann 7H\ntable: draw Ann 8H",
        (16, "Ann owes no draw now: hands are refilled to three at the end of a turn, after a pass, "
             "and at the start"),
    ),
    "pass-discard": (
        "Ann: pass 2H\ntable: draw Ann 9H",
        "Ann: pass 2H AH",
        (13, "passing discards exactly one card, not 2"),
    ),
    "intrigue-queen": (
        "Ann: pass AH\nBen: place AC A1\nCat: end\nDee: end\nAnn: intrigue A1 AH",
        "Ann: pass QH\nBen: place QC A1\nCat: end\nDee: end\nAnn: intrigue A1 QH",
        (17, "Ann has no QH in hand to reveal"),
    ),
    "intrigue-match": (
        "Ann: pass AH\nBen: place AC A1\nCat: end\nDee: end\nAnn: intrigue A1 AH",
        "Ann: pass 2H\nBen: place AC A1\nCat: end\nDee: end\nAnn: intrigue A1 2H",
        (17, "2H matches neither the suit nor the value of AC"),
    ),
    "place-empty-room": (
        "Ann: place AH A1\nBen: place AC C3",
        "Ann: place AH A1\nBen: place AC A1",
        (14, "Room A1 already holds AH"),
    ),
    "place-hour": (
        "Ann: end\nBen: place 2C A1",
        "Ann: place 2H A1",
        (13, "2H is worth 2, more than the Hour (1)"),
    ),
    "introduce-total": (
        "Ann: introduce AH A1 with 2H\nBen: introduce QC C3",
        "Ann: introduce 2H A1 with QH AH",
        (13, "2H is worth 2, more than the 1 discarded for it"),
    ),
    "squander-whole-hand": (
        "Ann: squander QH AH 2H",
        "Ann: squander AH 2H",
        (13, "a Squander discards the whole hand; Ann kept 1 card(s)"),
    ),
    "conflict-declare": (
        "Ann: place AH A1\nBen: end\nCat: place AD B2\nDee: place AS B1\nDee: target A1",
        "Ann: place AH A1\nBen: end\nCat: place AD B2\nDee: place AS B1\nDee: target C1",
        (17, "C1 holds no opposing card sharing a side with B1"),
    ),
    "conflict-boost": (
        "Ann: place AH A1\nBen: place AC A2\nBen: boost 2C\nAnn: boost 2H",
        "Ann: place AH A1\nBen: place AC A2\nBen: boost 2C\nCat: boost 2D",
        (16, "Cat has no card in this Conflict"),
    ),
    "conflict-tie": (
        "Ann: place AH A1\nBen: place AC A2\nAnn: accept",
        "Ann: place AH A1\nBen: place AC A2\nBen: accept",
        (15, "only the defender, Ann, decides a tie"),
    ),
    "conflict-result": (
        "Ann: place AH A1\nBen: place AC A2\nAnn: accept\ntable: defeat A1 scheme",
        "Ann: place AH A1\nBen: place AC A2\nAnn: refuse\ntable: defeat A1",
        (16, "by the rules nobody is defeated in this Conflict"),
    ),
    "queens-conflict": (
        "Ann: place QH A1\nBen: place 2C A2\ntable: moot",
        "Ann: place QH A1\nBen: place 2C A2\ntable: defeat A1",
        (15, "by the rules nobody is defeated in this Conflict"),
    ),
    "queens-tie-send": (
        "Ann: place QH A1\nBen: place AC A2\nBen: boost\nAnn: boost 2H\nBen: send oubliette",
        "Ann: place QH A1\nBen: place AC A2\nBen: boost\nAnn: boost 2H\nAnn: send scheme",
        (17, "Ann has no card defeated by a tie with a Queen to send"),
    ),
    "storm-condition": (
        "Ann: place AH A1\nBen: pass QC\nCat: pass QD\nDee: pass QS\nAnn: pass QH\n"
        "Ann: storm AH take QH",
        "Ann: place AH A1\nBen: pass QC\nCat: pass QD\nDee: pass QS\nAnn: storm AH",
        (17, "Storming needs all 4 Queens in the Oubliette; it holds 3"),
    ),
    "storm-highest": (
        "Ann: place AH A1\nAnn: end\ntable: draw Ann 3H\nBen: pass QC\nCat: pass QD\n"
        "Dee: pass QS\nAnn: introduce 2H C3 with QH 3H\nAnn: storm 2H take QH 2H",
        "Ann: place AH A1\nAnn: end\ntable: draw Ann 3H\nBen: pass QC\nCat: pass QD\n"
        "Dee: pass QS\nAnn: introduce 2H C3 with QH 3H\nAnn: storm AH",
        (20, "Ann's highest card in the Chateau is worth 2, more than AH"),
    ),
    "storm-take": (
        "Ann: place AH A1\nBen: pass QC\nCat: pass QD\nDee: pass QS\nAnn: pass QH\n"
        "Ann: storm AH take QH AH",
        "Ann: place AH A1\nBen: pass QC\nCat: pass QD\nDee: pass QS\nAnn: pass QH\n"
        "Ann: storm AH take QH QC",
        (18, "QC: only cards of Ann's suit lying in the Oubliette can be taken"),
    ),
    "clock-advance": (
        "Ann: place QH A1\nBen: place QC C3\nCat: place QD A3\nDee: place QS C1\ntable: clock 4",
        "Ann: place QH A1\nBen: place QC C3\nCat: place QD A3\nDee: place QS C1\ntable: clock 5",
        (17, "the Clock shows 4, not 5 (one Hour a turn, 1 after the last Hour, standing still "
             "while all four Queens are in the Chateau)"),
    ),
}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_legal_case_is_clean(rule: str) -> None:
    legal, _, _ = CASES[rule]
    assert play(OPENING + "\n" + legal) == []


@pytest.mark.parametrize("rule", sorted(CASES))
def test_illegal_case_breaks_the_rule(rule: str) -> None:
    _, illegal, (line, message) = CASES[rule]
    assert (line, rule, message) in play(OPENING + "\n" + illegal)


TINY = deal(Ann="AH 2H 3H", Ben="QC AC 2C", Cat="AD 2D 3D", Dee="AS 2S 3S")


def test_full_chateau_ends_the_day_and_names_the_winner(tmp_path: Path) -> None:
    project = small_project(tmp_path, board_columns=2, board_rows=1)
    legal = "Ann: introduce 3H A1 with AH 2H\nBen: place QC B1\ntable: moot\ntable: winner Elder"
    assert play(TINY + "\n" + legal, project) == []
    late = play(TINY + "\n" + legal + "\nCat: place AD A1", project)
    assert late == [(17, "end-full-chateau", "the Chateau was full at the end of a turn: the Day "
                                             "is over")]


def test_wrong_winner_is_reported(tmp_path: Path) -> None:
    project = small_project(tmp_path, board_columns=2, board_rows=1)
    log = TINY + "\nAnn: introduce 3H A1 with AH 2H\nBen: place QC B1\ntable: winner Younger"
    assert play(log, project) == [(15, "end-winner", "the Day's winner is Elder (totals Younger 3, "
                                                     "Elder 10)")]


def test_winner_before_the_end_is_reported() -> None:
    assert play(OPENING + "\ntable: winner Younger") == [(13, "end-winner", "the Day has not ended")]


SHORT = deal(Ann="QH AH 2H", Ben="QC AC 2C", Cat="QD AD 2D", Dee="QS AS 2S")


def test_team_out_of_cards_loses_the_day(tmp_path: Path) -> None:
    project = small_project(tmp_path, ranks=("Q", "A", "2", "3"))
    # By default, the rulebook's words: both Schemes empty, both partners unable to draw
    legal = "Ann: pass AH\ntable: draw Ann 3H\nBen: end\nCat: pass AD\ntable: draw Cat 3D\ntable: winner Elder"
    assert play(SHORT + "\n" + legal, project) == []
    late = play(SHORT + "\n" + legal + "\nDee: end", project)
    assert late == [(19, "end-run-out", "a team's Schemes both ran out: the Day is over")]
    # Variant late-run-out: only once both partners ended a turn needing a card
    legal = ("Ann: pass AH\ntable: draw Ann 3H\nBen: end\nCat: pass AD\ntable: draw Cat 3D\n"
             "Dee: end\nAnn: place QH A1\nBen: end\nCat: place QD B1\ntable: winner Elder")
    assert play(SHORT + "\n" + legal, project, **{"late-run-out": "true"}) == []
    late = play(SHORT + "\n" + legal + "\nDee: end", project, **{"late-run-out": "true"})
    assert late == [(23, "end-run-out", "both players of a team were unable to draw: the Day is over")]


ARRANGED = "Ann: arrange QH AH 2H 3H 4H 5H 6H 7H 8H 9H"


def test_scheme_arranged_before_play_and_drawn_in_its_order() -> None:
    assert play(ARRANGED + "\n" + OPENING) == []
    assert play("Ann: arrange QH AH 2H 3H 4H 5H 6H 7H 8H\n" + OPENING)[0] == (
        1, "scheme-arrange", "Ann's stack holds 10 cards, not 9")
    assert play(OPENING + "\n" + ARRANGED)[0] == (
        13, "scheme-arrange", "Ann's Scheme was arranged before she drew: its order may not be "
                              "altered once play has begun")


def test_rule_index_is_covered_by_these_tests() -> None:
    covered = set(CASES) | {"end-full-chateau", "end-winner", "end-run-out", "scheme-arrange"}
    assert {r.id.split("/", 1)[1] for r in RULES} == covered


def test_sabbath_lets_any_card_defeat_a_queen() -> None:
    log = OPENING + "\nAnn: place QH A1\nBen: place 2C A2\ntable: defeat A1 scheme"
    assert play(log, sabbath="true") == []
    assert play(log, game="14") == []
    assert [r for _, r, _ in play(log, game="13")] == ["queens-conflict"]


def test_queen_victim_goes_to_the_oubliette() -> None:
    log = OPENING + "\nAnn: place QH A1\nBen: place AC A2\nBen: boost\nAnn: boost AH 2H\n"
    assert play(log + "table: defeat A2 oubliette") == []
    assert rules_of(log + "table: defeat A2 scheme") == ["queens-conflict"]


def test_ace_defeats_a_queen_to_her_scheme() -> None:
    log = OPENING + "\nAnn: place QH A1\nBen: place AC A2\n"
    assert play(log + "table: defeat A1 scheme") == []


def test_partial_squander_variant() -> None:
    assert play(OPENING + "\nAnn: squander AH 2H", **{"partial-squander": "true"}) == []


def test_hidden_draws_are_consistent_until_shown() -> None:
    hidden = "\n".join(f"table: draw {p} ?" for p in PLAYERS for _ in range(3))
    assert play(hidden + "\nAnn: place AH A1\nBen: introduce 9C C3 with 4C 5C") == []
    found = play(hidden + "\nAnn: introduce 9H C3 with ? 5H")
    assert [(r, s) for _, r, s in found] == [
        ("hand-card", "Ann's card is not recorded yet; reveal it to check it"),
        ("introduce-total", "9H is worth 9, more than the 5 discarded for it"),
    ]


def test_hidden_discard_is_undetermined_status() -> None:
    hidden = "\n".join(f"table: draw {p} ?" for p in PLAYERS for _ in range(3))
    engine = ENGINE(Setup(PLAYERS))
    for number, line in enumerate(hidden.splitlines(), start=1):
        engine.apply(Event(number, "table", "draw", line.split(" ", 2)[2]))
    found = engine.apply(Event(13, "Ann", "introduce", "9H C3 with ? 5H"))
    assert {v.status for v in found} == {Status.UNDETERMINED}


def test_unrevealed_public_card_cannot_be_told_yet() -> None:
    engine = ENGINE(Setup(PLAYERS))
    found = engine.apply(Event(1, "Ann", "place", "? A1"))
    assert [(v.rule, v.status, v.message) for v in found] == [
        ("four-sisters/log-move", Status.UNDETERMINED, "a card shown at the table is not recorded "
         "yet; reveal it to check this move")]


def test_a_bystanders_discard_does_not_use_up_the_instigators_turn_to_discard() -> None:
    opening = deal(Ann="QH AH 2H", Ben="QC AC 2C", Cat="QD AD 2D", Dee="QS AS 2S")
    found = play(opening + "\nAnn: place AH A1\nBen: place AC A2\nCat: boost 2D\nBen: boost 2C\n"
                 "Ann: boost\ntable: defeat A1 scheme")
    assert found == [(15, "conflict-boost", "Cat has no card in this Conflict")]
    # before the Innocent is named, only the player of an opposing neighbour may discard as defender
    found = play(opening + "\nAnn: place AH A1\nBen: place AC A2\nDee: boost 2S\nAnn: boost 2H\n"
                 "table: defeat A2 scheme")
    assert found == [(15, "conflict-boost", "Dee has no card in this Conflict")]


def test_a_bystanders_tie_decision_or_send_leaves_the_conflict_where_it_was() -> None:
    opening = deal(Ann="QH AH 2H", Ben="QC AC 2C", Cat="QD AD 2D", Dee="QS AS 2S")
    found = play(opening + "\nAnn: place AH A1\nBen: place AC A2\nCat: accept\nDee: send scheme\n"
                 "Ben: boost 2C\nAnn: boost 2H\nAnn: refuse\ntable: moot")
    assert found == [(15, "conflict-tie", "there is no tie to decide"),
                     (16, "queens-tie-send", "Dee has no card defeated by a tie with a Queen to send")]


def test_a_storm_with_no_queen_in_the_oubliette_says_so() -> None:
    opening = deal(Ann="QH AH 2H", Ben="QC AC 2C", Cat="QD AD 2D", Dee="QS AS 2S")
    found = play(opening + "\nAnn: place AH A1\nAnn: storm AH")
    assert found == [(14, "storm-condition", "Storming needs all 4 Queens in the Oubliette; it holds none")]


def test_intrigue_sends_the_replaced_card_to_the_oubliette() -> None:
    engine = ENGINE(Setup(PLAYERS))
    opening = deal(Ann="QH AH 2H", Ben="QC AC 2C", Cat="QD AD 2D", Dee="QS AS 2S")
    lines = opening.splitlines() + ["Ann: place AH A1", "Ann: end", "Ben: place 2C C1", "Ben: end",
                                    "Cat: pass 2D", "Dee: intrigue C1 2D", "Dee: end"]
    found = []
    for number, line in enumerate(lines, start=1):
        actor, _, move = line.partition(": ")
        verb, _, args = move.partition(" ")
        found += engine.apply(Event(number, actor, verb, args))
    assert found == []
    # Dee swaps her partner's 2C for the 2D (same value): the 2C goes to the Oubliette
    assert engine.board["C1"] == "2D" and "2C" in engine.oubliette and "2D" not in engine.oubliette
