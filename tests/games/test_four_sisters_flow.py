"""Four Sisters flow: random games, the workbook as source of truth, setup errors, derived state."""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
import pytest

from playproof.errors import PlayproofError
from playproof.playtest.engine import TABLE, Event, Setup
from playproof.playtest.games import find_engine
from playproof.playtest.games.four_sisters import ENGINE
from playproof.playtest.simulate import event_line, play_random_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "four-sisters"
PLAYERS = ("Ann", "Ben", "Cat", "Dee")
OPENING = [("table", "draw", f"{p} {c}") for p, hand in
           zip(PLAYERS, ("QH AH 2H", "QC AC 2C", "QD AD 2D", "QS AS 2S")) for c in hand.split()]


def engine_after(moves: list[tuple[str, str, str]], project: Path | None = None,
                 **options: str) -> tuple[ENGINE, list[str]]:
    """Apply moves (actor, verb, args) after the opening; return the engine and rule slugs found."""
    engine = ENGINE(Setup(PLAYERS, options=options, project=project))
    found = []
    for number, (actor, verb, args) in enumerate(OPENING + moves, start=1):
        found += [v.rule.split("/", 1)[1] for v in engine.apply(Event(number, actor, verb, args))]
    return engine, found


def copy_workbook(tmp_path: Path, sheet: str, key: str, value: object) -> Path:
    """Copy the example workbook with one Rules value (or card value) changed."""
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    for row in wb[sheet].iter_rows(min_row=2):
        if row[0].value == key:
            row[1 if sheet == "Rules" else 5].value = value
    wb.save(tmp_path / "components.xlsx")
    return tmp_path


def test_registry_finds_the_engine() -> None:
    assert find_engine("four-sisters") is ENGINE


def test_five_hundred_random_games_finish_cleanly() -> None:
    rng = random.Random(2005)
    endings = set()
    for number in range(500):
        engine, events = play_random_game(ENGINE, Setup(PLAYERS), rng)
        assert engine.is_over() and engine.decision() is None
        endings.add(engine.end_reason)
        if number % 10 == 0:  # a replay of the written moves reaches the same end, cleanly
            replay = ENGINE(Setup(PLAYERS))
            assert all(not replay.apply(e) for e in events)
            assert (replay.winner, replay.scores()) == (engine.winner, engine.scores())
    assert endings == {"full", "run-out"}


def test_simulated_log_lines_are_written_as_moves() -> None:
    _, events = play_random_game(ENGINE, Setup(PLAYERS), random.Random(1))
    assert event_line(events[0]).startswith("table: draw Ann ")


def test_editing_the_clock_in_the_workbook_changes_the_verdict(tmp_path: Path) -> None:
    moves = [("Ann", "end", ""), ("Ben", "end", ""), ("Cat", "end", ""), ("Dee", "end", ""),
             ("Ann", "end", ""), ("Ben", "end", ""), ("Cat", "place", "2D A1")]
    # With six Hours the Clock rewinds to 1 on Cat's second turn, so her 2 is too dear
    assert engine_after(moves)[1] == ["place-hour"]
    assert engine_after(moves, copy_workbook(tmp_path, "Rules", "clock_hours", 7))[1] == []


def test_editing_a_card_value_changes_the_verdict(tmp_path: Path) -> None:
    moves = [("Ann", "place", "2H A1")]
    assert engine_after(moves)[1] == ["place-hour"]
    assert engine_after(moves, copy_workbook(tmp_path, "Cards", "2H", 1))[1] == []


def test_editing_the_board_changes_the_rooms(tmp_path: Path) -> None:
    moves = [("Ann", "place", "AH D1")]
    assert engine_after(moves)[1] == ["log-move"]
    assert engine_after(moves, copy_workbook(tmp_path, "Rules", "board_columns", 4))[1] == []


def test_clock_rewinds_after_six() -> None:
    engine, found = engine_after([(p, "end", "") for p in PLAYERS * 2])
    assert (engine.hour, found) == (3, [])


def test_cards_go_under_the_scheme_and_are_drawn_in_order() -> None:
    moves = [("Ann", "pass", "AH"), ("table", "draw", "Ann 9H"), ("Ben", "end", ""),
             ("Cat", "end", ""), ("Dee", "end", ""), ("Ann", "intrigue", "A1 AH")]
    engine, _ = engine_after(moves)
    seat = engine.seats["Ann"]
    assert (list(seat.bottom), seat.stack) == (["QH"], 6)


def test_unlogged_draws_are_hidden_and_turns_end_implicitly() -> None:
    engine, found = engine_after([("Ann", "place", "AH A1"), ("Ben", "place", "AC C3")])
    ann = engine.seats["Ann"]
    assert found == [] and (ann.hand, ann.unknown, engine.current) == (["QH", "2H"], 1, "Ben")


def test_scores_count_queens_as_ten() -> None:
    engine, _ = engine_after([("Ann", "place", "QH A1"), ("Ben", "place", "AC C3")])
    assert engine.scores() == {"Ann": 10, "Ben": 1, "Cat": 10, "Dee": 1}
    assert engine.score_breakdown()["Cat"] == {"own": 0, "partner": 10, "total": 10}


def test_summary_shows_the_chateau() -> None:
    assert ENGINE(Setup(PLAYERS)).summary().startswith("Hour 1; opening hands drawn\n")
    engine, _ = engine_after([("Ann", "place", "QH A1")])
    assert engine.summary().splitlines()[:2] == ["Hour 1; Ann to play", "A1:QH B1:-- C1:--"]


def test_decision_offers_the_opening_draws_then_the_first_turn() -> None:
    engine = ENGINE(Setup(PLAYERS))
    first = engine.decision()
    assert first is not None and first.actor == TABLE and len(first.moves) == 10
    engine, _ = engine_after([])
    turn = engine.decision()
    assert turn is not None and turn.actor == "Ann"
    assert {"pass QH", "place AH A1", "introduce AH C3 with 2H", "squander QH AH 2H",
            "end"} <= set(turn.moves)
    assert "place 2H A1" not in turn.moves


def test_partial_squander_variant_offers_part_of_the_hand() -> None:
    assert "squander AH" not in engine_after([])[0].decision().moves
    engine, _ = engine_after([], **{"partial-squander": "true"})
    assert {"squander AH", "squander QH 2H"} <= set(engine.decision().moves)


def test_suits_option_seats_the_elder_suits() -> None:
    engine = ENGINE(Setup(PLAYERS, options={"suits": "S H C D"}))
    assert engine.order == ["Ben", "Cat", "Dee", "Ann"]
    assert engine.seats["Ann"].suit == "S"


def test_bad_suits_option_is_refused() -> None:
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(PLAYERS, options={"suits": "H D C S"}))
    assert str(err.value) == ('four-sisters: suits "H D C S" must give each of the 4 players one of '
                              "D H C S, Younger and Elder seats alternating")


def test_a_table_of_three_is_refused_for_its_size_not_its_suits() -> None:
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(("Ann", "Ben", "Cat")))
    assert str(err.value) == "four-sisters is played by 4 players (two teams, one suit each: D H C S), not 3"


def test_missing_rules_key_is_refused(tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    wb["Rules"].delete_rows(4)  # clock_hours
    wb.save(tmp_path / "components.xlsx")
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(PLAYERS, project=tmp_path))
    assert str(err.value) == 'components.xlsx, sheet "Rules": missing the key "clock_hours"'


def test_bad_rules_number_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(PLAYERS, project=copy_workbook(tmp_path, "Rules", "hand_size", "three")))
    assert str(err.value) == ('components.xlsx, sheet "Rules", row 5, column "value": "three" is '
                              'not a whole number above 0 (key "hand_size")')


def test_bad_card_value_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(PLAYERS, project=copy_workbook(tmp_path, "Cards", "AH", -1)))
    assert str(err.value) == ('components.xlsx, sheet "Cards", row 13, column "value": "-1" is not '
                              "a whole number of 0 or more")


def test_missing_sheet_is_refused(tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(EXAMPLE / "components.xlsx")
    del wb["Cards"]
    wb.save(tmp_path / "components.xlsx")
    with pytest.raises(PlayproofError) as err:
        ENGINE(Setup(PLAYERS, project=tmp_path))
    assert str(err.value) == 'components.xlsx: the Four Sisters engine needs a sheet "Cards"'


def test_unknown_verb_and_actor_messages() -> None:
    engine = ENGINE(Setup(PLAYERS))
    assert [v.message for v in engine.apply(Event(1, "Zed", "end", ""))] == [
        '"Zed" is not a player (Ann, Ben, Cat, Dee)']
    assert [v.message for v in engine.apply(Event(2, "table", "place", "AH A1"))] == [
        '"place" is a player\'s move, not the table\'s']
    assert [v.message for v in engine.apply(Event(3, "Ann", "clock", "1"))] == [
        '"clock" is recorded by the table: write table: clock 1']


def test_random_sabbath_and_partial_squander_games_finish_cleanly() -> None:
    rng = random.Random(7)
    options = {"sabbath": "true", "partial-squander": "true"}
    for _ in range(60):
        engine, _ = play_random_game(ENGINE, Setup(PLAYERS, options=options), rng)
        assert engine.is_over()

    late = {"late-run-out": "true"}
    for _ in range(40):  # the written moves of a late-run-out game replay cleanly to its end
        engine, events = play_random_game(ENGINE, Setup(PLAYERS, options=late), rng)
        replay = ENGINE(Setup(PLAYERS, options=late))
        assert engine.is_over() and all(not replay.apply(e) for e in events) and replay.is_over()


def test_two_tied_queens_both_lose_and_each_owner_chooses() -> None:
    engine, found = engine_after([("Ann", "place", "QH A1"), ("Ben", "place", "QC A2"),
                                  ("Ben", "boost", ""), ("Ann", "boost", "")])
    decision = engine.decision()
    assert found == [] and decision is not None
    assert (decision.actor, decision.moves[:2]) == ("Ben", ("send scheme", "send oubliette"))
    engine.apply(Event(99, "Ben", "send", "oubliette"))
    engine.apply(Event(100, "Ann", "send", "scheme"))
    assert "QC" in engine.oubliette and list(engine.seats["Ann"].bottom) == ["QH"]
    assert engine.board["A1"] is None and engine.board["A2"] is None


def test_storm_is_offered_once_the_four_queens_are_in_the_oubliette() -> None:
    engine, found = engine_after([("Ann", "place", "AH A1"), ("Ben", "pass", "QC"),
                                  ("Cat", "pass", "QD"), ("Dee", "pass", "QS"), ("Ann", "pass", "QH")])
    decision = engine.decision()
    assert found == [] and decision is not None and decision.actor == "Ann"
    assert set(decision.moves) == {"storm AH", "storm AH take QH", "storm AH take AH",
                                   "storm AH take QH AH", "decline"}
    assert engine.apply(Event(99, "Ann", "decline", "")) == []
    after = engine.decision()  # nobody else has a card in the Chateau to Storm with
    assert after is not None and after.prompt == "Ann refills her hand"
    assert [v.rule for v in engine.apply(Event(100, "Ann", "storm", "AH"))] == [
        "four-sisters/storm-condition"]


def test_storm_returns_taken_cards_under_the_scheme_in_the_written_order() -> None:
    engine, found = engine_after([("Ann", "place", "AH A1"), ("Ben", "pass", "QC"),
                                  ("Cat", "pass", "QD"), ("Dee", "pass", "QS"), ("Ann", "pass", "QH"),
                                  ("Ann", "storm", "AH take AH QH")])
    assert found == [] and list(engine.seats["Ann"].bottom) == ["AH", "QH"]
    assert engine.board["A1"] is None and engine.stormed == set()  # a Queen left the Oubliette


def test_names_match_case_insensitively_and_may_have_spaces() -> None:
    players = ("Mary Ann", "Ben", "Cat", "Dee")
    engine = ENGINE(Setup(players))
    assert engine.apply(Event(1, "TABLE", "draw", "mary ann QH")) == []
    assert engine.seats["Mary Ann"].hand == ["QH"]
    assert engine.decision() is not None and engine.decision().moves[0] == "draw Mary Ann AH"
    engine.start_play()
    assert engine.apply(Event(2, "mary ann", "place", "QH B2")) == []


def test_a_log_that_stops_before_the_innocent_is_named_is_not_a_violation() -> None:
    moves = [("Ann", "place", "AH A1"), ("Ben", "end", ""), ("Cat", "place", "AD B2"),
             ("Dee", "place", "AS B1")]
    engine, found = engine_after(moves)
    assert found == [] and engine.finish() == []  # an unfinished log breaks no rule
    assert engine.hour == 5 and engine.current == "Ann"


def test_an_innocent_left_unnamed_before_the_next_move_is_still_reported() -> None:
    moves = [("Ann", "place", "AH A1"), ("Ben", "end", ""), ("Cat", "place", "AD B2"),
             ("Dee", "place", "AS B1"), ("Dee", "end", "")]
    assert engine_after(moves)[1] == ["conflict-declare"]


def younger_out_of_cards(**options: str) -> tuple[ENGINE, int]:
    """Return an engine after the opening whose Younger players (Ann, Cat) have empty Schemes."""
    engine = ENGINE(Setup(PLAYERS, options=options))
    for number, (actor, verb, args) in enumerate(OPENING, start=1):
        assert engine.apply(Event(number, actor, verb, args)) == []
    for name in ("Ann", "Cat"):
        engine.seats[name].stack = 0  # a test position: every card of their Schemes was drawn
    return engine, len(OPENING)


def feed(engine: ENGINE, first: int, lines: list[str]) -> list[tuple[int, str, str]]:
    """Apply `Actor: verb args` lines numbered on from first; return (line, rule, message) found."""
    found = []
    for number, line in enumerate(lines, start=first + 1):
        actor, _, move = line.partition(": ")
        verb, _, args = move.partition(" ")
        found += [(v.line, v.rule.split("/", 1)[1], v.message)
                  for v in engine.apply(Event(number, actor, verb, args))]
    return found


def test_by_default_empty_schemes_end_the_day_at_once_as_the_rulebook_says() -> None:
    # "If a player's Scheme runs out, she is still considered playing, but is unable to draw ... if both
    # players on any team are unable to draw, that team has lost the Day."
    for options in ({}, {"early-run-out": "true"}):  # early-run-out names the default (older logs)
        engine, last = younger_out_of_cards(**options)
        assert feed(engine, last, ["Ann: end"]) == []
        assert engine.is_over() and engine.winner == "Elder" and engine.end_reason == "run-out"
        assert feed(engine, last + 1, ["Ben: end"]) == [
            (last + 2, "end-run-out", "a team's Schemes both ran out: the Day is over")]


def test_one_empty_scheme_alone_does_not_end_the_day() -> None:
    # "If a player's Scheme runs out ... the team is still viable."
    engine, last = younger_out_of_cards()
    engine.seats["Cat"].stack = 1  # only Ann's Scheme ran out
    assert feed(engine, last, ["Ann: end"]) == [] and not engine.is_over()


def test_in_the_late_run_out_variant_play_goes_on_until_both_partners_end_a_turn_short() -> None:
    engine, last = younger_out_of_cards(**{"late-run-out": "true"})
    # Ann ends her turn with a full hand: she has not yet been unable to draw
    assert feed(engine, last, ["Ann: end", "Ben: end", "Cat: place AD A1", "Cat: end", "Dee: end"]) == []
    assert not engine.is_over()  # Cat is short a card, Ann is not
    assert feed(engine, last + 5, ["Ann: place AH C3", "Ann: end"]) == []
    assert engine.is_over() and engine.winner == "Elder" and engine.end_reason == "run-out"
    assert feed(engine, last + 7, ["Ben: end"]) == [
        (last + 8, "end-run-out", "both players of a team were unable to draw: the Day is over")]
