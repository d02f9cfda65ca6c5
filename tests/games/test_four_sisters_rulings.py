"""Four Sisters rulings (issues 9 and 16): what a table really did is written, checked once, played on."""

from __future__ import annotations

from collections import deque

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.four_sisters import ENGINE

PLAYERS = ("Ann", "Ben", "Cat", "Dee")
OPENING = [f"table: draw {p} {c}" for p, hand in
           zip(PLAYERS, ("QH AH 2H", "QC AC 2C", "QD AD 2D", "QS AS 2S")) for c in hand.split()]


def play(lines: list[str], **options: str) -> tuple[ENGINE, list[tuple[int, str]]]:
    """Apply `Actor: verb args` lines after the opening; return the engine and (line, rule slug) found."""
    engine = ENGINE(Setup(PLAYERS, options=options))
    found = []
    for number, line in enumerate(OPENING + lines, start=1):
        actor, _, move = line.partition(": ")
        verb, _, args = move.partition(" ")
        found += [(v.line, v.rule.split("/", 1)[1]) for v in engine.apply(Event(number, actor, verb, args))]
    return engine, found


def line_of(lines: list[str], index: int) -> int:
    """The log line number of lines[index] (after the twelve opening draws)."""
    return len(OPENING) + index + 1


# ----- a pass skips to the Clock: a move added to that turn is out of step, not a new turn ------

def test_a_pass_then_the_next_player_is_clean() -> None:
    lines = ["Ann: pass AH", "table: draw Ann 3H", "table: clock 2", "Ben: place AC A1"]
    engine, found = play(lines)
    assert found == [] and (engine.hour, engine.current) == (2, "Ben")


def test_a_placement_after_a_pass_is_out_of_step_and_the_clock_advances_once() -> None:
    lines = ["Ann: pass AH", "table: draw Ann 3H", "Ann: place QH A1", "table: clock 2",
             "Ben: place AC C3"]
    engine, found = play(lines)
    assert found == [(line_of(lines, 2), "order-step")]  # not order-turn, and the clock 2 is right
    assert engine.board["A1"] == "QH" and engine.turns_played == 1


def test_an_end_after_a_pass_is_clean_and_a_second_draw_is_not_a_refill() -> None:
    assert play(["Ann: pass AH", "table: draw Ann 3H", "Ann: end", "table: clock 2"])[1] == []
    lines = ["Ann: pass AH", "table: draw Ann 3H", "table: draw Ann 4H"]
    assert play(lines)[1] == [(line_of(lines, 2), "refill-three")]


def test_a_pass_offers_only_its_end_once_the_replacement_is_drawn() -> None:
    engine, _ = play(["Ann: pass AH", "table: draw Ann 3H"])
    decision = engine.decision()
    assert decision is not None and (decision.actor, decision.moves) == ("Ann", ("end",))


# ----- an unfinished log is not a violation ---------------------------------------------------

def test_a_log_stopping_in_a_conflict_has_no_finding() -> None:
    lines = ["Ann: place AH A1", "Ben: end", "Cat: place AD B2", "Dee: place AS B1"]
    engine, found = play(lines)
    assert found == [] and engine.finish() == []


def test_the_next_move_without_naming_the_innocent_is_a_violation() -> None:
    lines = ["Ann: place AH A1", "Ben: end", "Cat: place AD B2", "Dee: place AS B1", "Ann: end"]
    assert play(lines)[1] == [(line_of(lines, 4), "conflict-declare")]


# ----- `end` by the wrong player ---------------------------------------------------------------

def test_end_by_a_player_whose_turn_it_is_not_is_flagged() -> None:
    assert play(["Ben: end"])[1] == [(line_of([], 0), "order-turn")]
    lines = ["Ann: place AH A1", "Cat: end"]  # Ann's turn ends; Ben's comes, not Cat's
    assert play(lines)[1] == [(line_of(lines, 1), "order-turn")]


def test_the_next_players_end_after_an_open_turn_is_a_terse_log() -> None:
    engine, found = play(["Ann: place AH A1", "Ben: end"])
    assert found == [] and (engine.current, engine.hour) == ("Cat", 3)


# ----- Conflict discards: either side, any order, any number of goes (ruling 9) --------------

def test_the_defender_may_discard_first() -> None:
    lines = ["Ann: place AH A1", "Ben: place AC A2", "Ann: boost 2H", "Ben: boost 2C", "Ann: refuse",
             "table: moot"]
    assert play(lines)[1] == []


def test_a_side_may_discard_again_before_the_cards_are_compared() -> None:
    lines = ["Ann: place AH A1", "Ben: place AC A2", "Ben: boost 2C", "Ann: boost 2H", "Ben: boost QC",
             "table: defeat A1 scheme"]
    engine, found = play(lines)
    assert found == [] and engine.board["A1"] is None and list(engine.seats["Ann"].bottom) == ["AH"]


def test_a_bystander_or_a_late_discard_is_flagged() -> None:
    lines = ["Ann: place AH A1", "Ben: place AC A2", "Cat: boost 2D"]
    assert play(lines)[1] == [(line_of(lines, 2), "conflict-boost")]
    lines = ["Ann: place QH A1", "Ben: place QC A2", "Ann: boost", "Ben: boost", "Ann: send scheme",
             "Ben: boost 2C", "Ben: send oubliette"]
    engine, found = play(lines)
    assert found == [(line_of(lines, 5), "conflict-boost")] and "2C" in engine.oubliette


def test_the_losers_of_a_tie_with_queens_send_in_any_order() -> None:
    lines = ["Ann: place QH A1", "Ben: place QC A2", "Ann: boost", "Ben: boost", "Ann: send scheme",
             "Ben: send oubliette"]
    engine, found = play(lines)
    assert found == [] and "QC" in engine.oubliette and list(engine.seats["Ann"].bottom) == ["QH"]


def test_a_clear_result_is_settled_once_both_have_discarded_and_reopens_on_a_further_discard() -> None:
    engine, _ = play(["Ann: place AH A1", "Ben: place AC A2", "Ben: boost 2C", "Ann: boost"])
    decision = engine.decision()
    assert engine.board["A1"] is None and decision is not None and decision.actor == "Ben"
    engine, found = play(["Ann: place AH A1", "Ben: place AC A2", "Ben: boost 2C", "Ann: boost",
                          "Ann: boost 2H", "Ann: refuse", "table: moot"])
    assert found == [] and engine.board["A1"] == "AH" and engine.seats["Ann"].bottom == deque()


# ----- the arranged order of a Scheme, written and checked ------------------------------------

def play_arranged(order: str, draws: list[str], more: list[str] | None = None) -> tuple[ENGINE, list]:
    """Arrange Ann's Scheme, draw the opening hands (Ann's as given), then play more lines."""
    engine = ENGINE(Setup(PLAYERS))
    lines = [f"Ann: arrange {order}"] + [f"table: draw Ann {c}" for c in draws] + OPENING[3:] + (more or [])
    found = []
    for number, line in enumerate(lines, start=1):
        actor, _, move = line.partition(": ")
        verb, _, args = move.partition(" ")
        found += [(v.line, v.rule.split("/", 1)[1]) for v in engine.apply(Event(number, actor, verb, args))]
    return engine, found


ORDER = "QH AH 2H 3H 4H 5H 6H 7H 8H 9H"


def test_draws_follow_the_arranged_order() -> None:
    engine, found = play_arranged(ORDER, ["QH", "AH", "2H"], ["Ann: place AH A1", "Ann: end",
                                                             "table: draw Ann 3H"])
    assert found == [] and engine.seats["Ann"].hand == ["QH", "2H", "3H"]
    assert engine.seats["Ann"].next_draw() == "4H"


def test_a_card_drawn_out_of_order_is_flagged_and_drawn_as_written() -> None:
    engine, found = play_arranged(ORDER, ["QH", "2H", "AH"], ["Ann: place 2H A1"])
    assert found == [(3, "scheme-draw"), (14, "place-hour")]
    assert engine.seats["Ann"].order[:2] == ["3H", "4H"]  # AH was drawn next, as the table did


def test_hidden_places_in_the_order_and_a_card_fixed_deeper() -> None:
    order = "QH ? ? 3H ? ? ? ? ? 9H"
    assert play_arranged(order, ["QH", "AH", "2H"])[1] == []
    assert play_arranged(order, ["QH", "3H", "2H"])[1] == [(3, "scheme-draw")]  # 3H is fourth
    engine, found = play_arranged(order, ["QH", "?", "?"], ["Ann: place AH A1"])
    assert found == [] and engine.seats["Ann"].unknown == 1


def test_the_arranged_top_is_the_only_draw_offered() -> None:
    engine = ENGINE(Setup(PLAYERS))
    assert engine.apply(Event(1, "table", "arrange", f"Ann {ORDER}")) == []
    decision = engine.decision()
    assert decision is not None and decision.moves == ("draw Ann QH",)


def test_a_wrong_arrangement_is_flagged() -> None:
    assert play_arranged("QH AH 2H 3H 4H 5H 6H 7H 8H 8H", ["QH", "AH", "2H"])[1] == [(1, "scheme-arrange")]
    assert play_arranged("QH AH 2H 3H 4H 5H 6H 7H 8H 9C", ["QH", "AH", "2H"])[1] == [(1, "scheme-arrange")]
    engine, found = play_arranged(ORDER, ["QH", "AH", "2H"], ["Ann: arrange 9H 8H 7H 6H 5H 4H 3H"])
    assert found == [(14, "scheme-arrange")] and engine.seats["Ann"].order[0] == "9H"


# ----- playing on after the Day is one mistake ------------------------------------------------

def test_only_the_first_move_after_the_day_is_reported() -> None:
    engine, _ = play([])
    engine.end_day("full", "none")
    first = engine.apply(Event(20, "Ann", "place", "AH A1"))
    assert [v.rule for v in first] == ["four-sisters/end-full-chateau"]
    assert engine.apply(Event(21, "Ben", "end", "")) == []
    assert engine.apply(Event(22, "table", "winner", "none")) == []


# ----- every rule quotes the rulebook sentence it checks (issue 16) ---------------------------

def test_every_rule_has_its_rulebook_text_and_a_row_in_the_rulings_table() -> None:
    from pathlib import Path

    from playproof.playtest.games.four_sisters import RULES
    page = (Path(__file__).resolve().parents[2] / "docs" / "rulings" / "four-sisters.md").read_text(
        encoding="utf-8")
    assert all(rule.text.strip() for rule in RULES)
    assert [r.id for r in RULES if f"| `{r.id}` |" not in page] == []


# ----- Intrigue from the wrong source: reported, and the swap stands as the table made it ------

def test_an_intrigue_card_taken_from_the_hand_is_flagged_and_swapped() -> None:
    lines = ["Ann: pass AH", "Ben: place AC A1", "Cat: end", "Dee: end", "Ann: intrigue A1 AH"]
    engine, found = play(lines)
    assert found == [] and engine.board["A1"] == "AH"
    lines = ["Ann: place AH B2", "Ben: place AC A1", "Cat: end", "Dee: end", "Ann: intrigue A1 2H"]
    engine, found = play(lines)
    assert found == [(line_of(lines, 4), "intrigue-match")]
    assert engine.board["A1"] == "2H" and "AC" in engine.oubliette and "2H" not in engine.seats["Ann"].hand


# ----- an arrangement with hidden places, revealed later ---------------------------------------

def test_an_arrangement_written_with_question_marks_is_filled_by_a_reveal(tmp_path) -> None:
    from playproof.playtest.audit import audit_file
    body = ["Ann: arrange ? ? ? 3H 4H 5H 6H 7H 8H 9H", *OPENING, "Ann: place AH A1", "Ann: end",
            "table: draw Ann 4H"]
    log = tmp_path / "arranged.log"
    log.write_text('[Game "four-sisters"]\n[Players "Ann, Ben, Cat, Dee"]\n\n' + "\n".join(body) + "\n",
                   encoding="utf-8")
    found = audit_file(log).findings
    assert [(f.line, f.rule) for f in found] == [(19, "four-sisters/scheme-draw")]  # 3H is next
    log.write_text(log.read_text(encoding="utf-8") + "reveal 4: QH, 2H, AH\n", encoding="utf-8")
    assert [(f.line, f.rule) for f in audit_file(log).findings] == [
        (6, "four-sisters/scheme-draw"), (19, "four-sisters/scheme-draw")]  # AH was under the 2H


# ----- a draw owed and not made --------------------------------------------------------------

def test_drawing_nothing_is_flagged_unless_the_scheme_is_empty() -> None:
    lines = ["Ann: place AH A1", "Ann: end", "table: draw Ann none", "Ben: end"]
    engine, found = play(lines)
    assert found == [(line_of(lines, 2), "refill-three")] and engine.seats["Ann"].hand_count == 2
    engine = ENGINE(Setup(PLAYERS))
    for number, line in enumerate(OPENING, start=1):
        actor, _, move = line.partition(": ")
        engine.apply(Event(number, actor, *move.split(" ", 1)))
    engine.seats["Ann"].stack = 0  # a test position: every card of her Scheme was drawn
    found = [engine.apply(Event(20 + n, a, v, x)) for n, (a, v, x) in
             enumerate([("Ann", "place", "AH A1"), ("Ann", "end", ""), ("table", "draw", "Ann none")])]
    assert found == [[], [], []]


def test_an_end_written_twice_is_one_finding_and_no_extra_turn() -> None:
    lines = ["Ann: place AH A1", "Ann: end", "Ann: end", "table: clock 2", "Ben: place AC C3"]
    engine, found = play(lines)
    assert found == [(line_of(lines, 2), "order-turn")] and engine.current == "Ben"
