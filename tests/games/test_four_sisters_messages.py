"""The exact text of every Four Sisters finding a player can see (rule cases live elsewhere)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from playproof.playtest.engine import Event, Setup, Status
from playproof.playtest.games.four_sisters import ENGINE

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "four-sisters"
PLAYERS = ("Ann", "Ben", "Cat", "Dee")
HANDS = {"Ann": "QH AH 2H", "Ben": "QC AC 2C", "Cat": "QD AD 2D", "Dee": "QS AS 2S"}
OPENING = [f"table: draw {p} {c}" for p, cards in HANDS.items() for c in cards.split()]
QUEENS_OUT = ["Ann: place AH A1", "Ben: pass QC", "Cat: pass QD", "Dee: pass QS", "Ann: pass QH"]


def found(lines: list[str], project: Path | None = None, opening: list[str] = OPENING,
          ) -> list[tuple[str, str, Status]]:
    """Return (rule slug, message, status) of the findings on the last line."""
    engine = ENGINE(Setup(PLAYERS, project=project))
    last: list[tuple[str, str, Status]] = []
    for number, line in enumerate(opening + lines, start=1):
        actor, _, move = line.partition(":")
        verb, _, args = move.strip().partition(" ")
        last = [(v.rule.split("/", 1)[1], v.message, v.status)
                for v in engine.apply(Event(number, actor.strip(), verb, args))]
    return last


V, U = Status.VIOLATION, Status.UNDETERMINED
MOVES = ("pass, intrigue, place, introduce, squander, end, target, boost, accept, refuse, send, "
         "storm, decline, draw, arrange, clock, winner, defeat, moot")

CASES = [
    (["Ann: place AH D4"], [("log-move", '"D4" is not a Room of the Chateau (A1-C3)', V)]),
    (["table: draw Zed 5H"], [("log-move", '"Zed" is not a player (Ann, Ben, Cat, Dee)', V)]),
    (["Ann: dance"], [("log-move", f'unknown move "dance" (Four Sisters moves: {MOVES})', V)]),
    (["Ann: intrigue A1"], [("log-move", "write intrigue ROOM CARD: the Chateau Room and the "
                                         "Oubliette card", V)]),
    (["Ann: place AH"], [("log-move", "write place CARD ROOM, like place 3H B2", V)]),
    (["Ann: introduce 9H"], [("log-move", "write introduce CARD ROOM with CARD..., like introduce "
                                          "9H B2 with 4H 5H", V)]),
    (["Ann: introduce AH A1 with AH"], [("log-move", "each card may appear once: the introduced "
                                                     "card is not one of its discards", V)]),
    (["Ann: end now"], [("log-move", "end takes no arguments", V)]),
    (["Ann: place AH A1", "Ben: place AC A2", "Ann: target"],
     [("log-move", "write target ROOM, the Room of the Innocent", V)]),
    (["Ann: place AH A1", "Ben: place AC A2", "Ann: accept A1"],
     [("log-move", "accept takes no arguments", V)]),
    (["Ann: send home"], [("log-move", "write send scheme or send oubliette", V)]),
    (["table: defeat"], [("log-move", "write defeat ROOM, optionally followed by scheme or "
                                      "oubliette", V)]),
    (["table: moot A1"], [("log-move", "moot takes no arguments", V)]),
    (["table: draw Ann"], [("log-move", "write table: draw PLAYER CARD (CARD may be ? for a hidden card, "
                                        "or none)", V)]),
    (["table: clock six"], [("log-move", "write clock HOUR, like clock 3", V)]),
    (["table: winner Ann"], [("log-move", "write winner Younger, winner Elder or winner none", V)]),
    (["Ann: storm AH with QH"], [("log-move", "write storm CARD take CARD..., like storm 6H take QH "
                                              "AH 2H 3H", V)]),
    (["Ann: decline please"], [("log-move", "decline takes no arguments", V)]),
    (["Ann: place AH A1", "Ann: pass 2H"],
     [("order-step", "a pass must be the first move of a turn", V)]),
    (["Ann: pass AH", "Ben: place AC A1", "Cat: end", "Dee: end", "Ann: intrigue A1 AH",
      "Ann: intrigue A1 AC"],
     [("order-step", "Intrigue comes only before placing (step 2) or after the Conflict (step 6), "
                     "once each", V), ("intrigue-queen", "Ann has no QH in hand to reveal", V)]),
    (["Ann: pass AH", "Ben: intrigue A1 AH"], [("intrigue-match", "Room A1 is empty", V)]),
    (["Ann: pass AH", "Ben: place AC A1", "Cat: end", "Dee: end", "Ann: intrigue A1 AD"],
     [("intrigue-match", "AD is not in the Oubliette", V)]),
    (["Ann: end", "Ann: end"], [("order-turn", "it is Ben's turn, not Ann's", V)]),
    (["Ann: target A2"], [("conflict-declare", "there is no Conflict to open", V)]),
    (["Ann: place AH A1", "Ben: place AC A2", "Ben: target A1", "Ben: target A1"],
     [("conflict-declare", "the Innocent is already named", V)]),
    (["Ann: place AH A1", "Ben: place AC A2", "Ann: target A2"],
     [("conflict-declare", "the Instigator's player, Ben, names the Innocent", V)]),
    (["Ann: place AH A1", "Ben: end", "Cat: place AD B2", "Dee: place AS B1", "Dee: end"],
     [("conflict-declare", "Dee's card in B1 touches opposing cards in A1, B2: name the Innocent "
                           "with `target ROOM`", V)]),
    (["Ann: boost 2H"], [("conflict-boost", "there is no Conflict to discard for", V)]),
    (["Ann: place QH A1", "Ben: place QC A2", "Ben: boost", "Ann: boost", "Ben: send oubliette",
      "Ann: boost 2H"],
     [("conflict-boost", "the cards in this Conflict have already been compared: discards come "
                         "before", V)]),
    (["Ann: place QH A1", "Ben: place 2C A2", "Ann: accept"],
     [("conflict-tie", "there is no tie to decide", V)]),
    (["Ann: place AH A1", "Ben: place 2C A2", "table: moot"],
     [("conflict-result", "by the rules the card in A1 is defeated and goes to the bottom of its "
                          "Scheme", V)]),
    (["table: defeat A1"], [("conflict-result", "no Conflict has been resolved", V)]),
    (QUEENS_OUT + ["Ann: storm AH", "Ann: storm AH"],
     [("storm-condition", "Ann has already stormed (or declined) this time", V),
      ("storm-highest", "Ann has no card in the Chateau to send to the Oubliette, so she cannot "
                        "Storm", V)]),
    (QUEENS_OUT + ["Ann: storm 2H"], [("storm-highest", "2H is not Ann's card in the Chateau", V)]),
    (QUEENS_OUT + ["Ann: storm AH take QH AH 2H"],
     [("storm-take", "2H: only cards of Ann's suit lying in the Oubliette can be taken", V),
      ("storm-take", "the cards taken are worth 3, more than AH (1)", V)]),
    (["Ann: decline"], [("storm-condition", "there is no Storm to decline now", V)]),
]


@pytest.mark.parametrize("lines, expected", CASES, ids=[c[0][-1] for c in CASES])
def test_message(lines: list[str], expected: list[tuple[str, str, Status]]) -> None:
    assert found(lines) == expected


def test_hidden_oubliette_card_is_undetermined() -> None:
    opening = [f"table: draw Ann ?" for _ in range(3)] + OPENING[3:]
    lines = ["Ann: pass ?", "Ben: place AC A1", "Cat: end", "Dee: end", "Ann: end",
             "Ben: intrigue A1 AH"]
    assert found(lines, opening=opening) == [("intrigue-match", "AH is not in the Oubliette", U)]


def small_project(tmp_path: Path) -> Path:
    """The example workbook with Schemes of four cards (Queen, Ace, 2, 3)."""
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    cards = wb["Cards"]
    for index in range(cards.max_row, 1, -1):
        if str(cards.cell(index, 5).value) not in ("Q", "A", "2", "3"):
            cards.delete_rows(index)
    wb.save(tmp_path / "components.xlsx")
    return tmp_path


def test_drawing_from_an_empty_scheme(tmp_path: Path) -> None:
    lines = ["table: draw Ann 3H", "table: draw Ann 3H"]
    assert found(lines, small_project(tmp_path)) == [
        ("refill-three", "Ann owes no draw now: hands are refilled to three at the end of a turn, "
                         "after a pass, and at the start", V),
        ("scheme-draw", "Ann's Scheme is empty", V)]


def test_drawing_the_wrong_card_from_under_the_scheme(tmp_path: Path) -> None:
    lines = ["Ann: pass AH", "table: draw Ann 3H", "Ben: place AC A1", "Cat: end", "Dee: end",
             "Ann: intrigue A1 AH", "Ann: end", "table: draw Ann 3C"]
    assert found(lines, small_project(tmp_path)) == [
        ("scheme-draw", "the top of Ann's Scheme is QH, not 3C", V)]


def test_winner_after_running_out(tmp_path: Path) -> None:
    lines = ["Ann: pass AH", "table: draw Ann 3H", "Ben: end", "Cat: pass AD", "table: draw Cat 3D",
             "Dee: end", "Ann: place QH A1", "Ben: end", "Cat: place QD B1", "table: winner Younger"]
    assert found(lines, small_project(tmp_path)) == [
        ("end-winner", "the Day's winner is Elder (ran out of cards)", V)]
