"""Turn structures as rulebooks state them: rounds, first players, turn order, phases, resets and the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from declared_helpers import audit_text, findings, write_project
from playproof.playtest.declared import declared_engine
from playproof.playtest.engine import Event, Setup

CARDS = [("name", "points", "count"), ("Coin", 1, 20)]


def game(tmp_path: Path, turn: list[tuple], moves: list[tuple] | None = None, counters: list[tuple] | None = None,
         phases: list[tuple] | None = None, name: str = "flow") -> Path:
    """Write a small game: every player `work`s (1 point) or `pass`es; the turn sheet and extras as given."""
    sheets = {
        "Cards": CARDS,
        "Zones": [("zone", "owner"), ("bank", "shared"), ("pile", "player")],
        "Counters": counters or [("counter", "owner", "start", "reset"), ("points", "player", 0, "never")],
        "Setup": [("set", "zone"), ("Cards", "bank")],
        "Moves": moves or [("verb", "actor", "player", "gain", "ends turn", "next"),
                           ("work", "turn", "no", "points: 1", "yes", "seat"),
                           ("marker", "turn", "yes", "", "no", "first")],
        "Turn": [("key", "value"), ("players", "2-4")] + turn,
        "Scoring": [("part", "expression"), ("points", "points")],
    }
    if phases:
        sheets["Phases"] = phases
    return write_project(tmp_path / name, sheets)


def turns_of(project: Path, players: tuple[str, ...], count: int, options: dict | None = None) -> list[str]:
    """Return who plays each of the first `count` turns (everyone just works)."""
    engine = declared_engine(project, project.name)(Setup(players, options or {}, project=project))
    order = []
    for _ in range(count):
        who = engine.decision().actor
        order.append(who)
        assert engine.apply(Event(1, who, "work")) == []
    return order


def test_the_first_player_is_fixed_by_default(tmp_path: Path) -> None:
    project = game(tmp_path, [])
    assert turns_of(project, ("Ann", "Ben", "Cat"), 6) == ["Ann", "Ben", "Cat"] * 2


def test_the_first_player_marker_passes_clockwise_each_round(tmp_path: Path) -> None:
    project = game(tmp_path, [("first player", "clockwise")])
    assert turns_of(project, ("Ann", "Ben", "Cat"), 9) == ["Ann", "Ben", "Cat", "Ben", "Cat", "Ann", "Cat", "Ann",
                                                          "Ben"]
    log = ["Ann: work", "Ben: work", "Cat: work", "Ben: work", "Cat: work", "Ann: work"]
    assert findings(audit_text(project, log, "Ann, Ben, Cat")) == []
    wrong = ["Ann: work", "Ben: work", "Cat: work", "Ann: work"]  # round 2 begins with Ben
    assert findings(audit_text(project, wrong, "Ann, Ben, Cat")) == [(4, "turn-order", "violation")]


def test_the_dealers_left_begins_and_the_deal_passes_left(tmp_path: Path) -> None:
    project = game(tmp_path, [("first player", "dealer left")])
    assert turns_of(project, ("Ann", "Ben", "Cat"), 6, {"dealer": "Ben"}) == ["Cat", "Ann", "Ben", "Ann", "Ben", "Cat"]
    assert turns_of(project, ("Ann", "Ben", "Cat"), 3) == ["Ann", "Ben", "Cat"]  # the last seat deals


def test_a_move_naming_a_player_gives_them_the_next_round(tmp_path: Path) -> None:
    project = game(tmp_path, [])
    legal = ["Ann: marker Cat", "Ann: work", "Ben: work", "Cat: work", "Cat: work", "Ann: work"]
    assert findings(audit_text(project, legal, "Ann, Ben, Cat")) == []
    wrong = legal[:4] + ["Ann: work"]
    assert findings(audit_text(project, wrong, "Ann, Ben, Cat")) == [(5, "turn-order", "violation")]


def test_turn_order_by_a_value_lowest_first(tmp_path: Path) -> None:
    project = game(tmp_path, [("order", "points")], counters=[("counter", "owner", "start"),
                                                              ("points", "player", "seat")])
    # starts 1, 2, 3 by seat; each work adds 1: the order stays by score, lowest first, ties by seat
    assert turns_of(project, ("Ann", "Ben", "Cat"), 3) == ["Ann", "Ben", "Cat"]
    reverse = game(tmp_path, [("order", "-points")], counters=[("counter", "owner", "start"),
                                                               ("points", "player", "seat")], name="rev")
    assert turns_of(reverse, ("Ann", "Ben", "Cat"), 3) == ["Cat", "Ben", "Ann"]


def test_n_turns_each_make_a_round(tmp_path: Path) -> None:
    project = game(tmp_path, [("turns each", 2), ("first player", "clockwise")])
    assert turns_of(project, ("Ann", "Ben"), 6) == ["Ann", "Ben", "Ann", "Ben", "Ben", "Ann"]
    engine = declared_engine(project, "flow")(Setup(("Ann", "Ben"), project=project))
    for who in ("Ann", "Ben", "Ann", "Ben"):
        engine.apply(Event(1, who, "work"))
    assert engine.round_number == 2


def test_a_counter_reset_every_round(tmp_path: Path) -> None:
    project = game(tmp_path, [], counters=[("counter", "owner", "start", "reset"), ("points", "player", 0, "never"),
                                           ("energy", "player", 2, "round")],
                   moves=[("verb", "actor", "gain", "ends turn"), ("work", "turn", "points: 1; energy: -1", "yes")])
    engine = declared_engine(project, "flow")(Setup(("Ann", "Ben"), project=project))
    engine.apply(Event(1, "Ann", "work"))
    assert engine.state.counters["energy"] == {"Ann": 1, "Ben": 2}
    engine.apply(Event(2, "Ben", "work"))
    assert engine.state.counters["energy"] == {"Ann": 2, "Ben": 2}


def test_a_start_per_seat_and_from_an_expression(tmp_path: Path) -> None:
    project = game(tmp_path, [], counters=[("counter", "owner", "start"), ("points", "player", 0),
                                           ("silver", "player", "2, 3, 4"), ("food", "player", "players + seat")])
    engine = declared_engine(project, "flow")(Setup(("Ann", "Ben", "Cat"), project=project))
    assert engine.state.counters["silver"] == {"Ann": 2, "Ben": 3, "Cat": 4}
    assert engine.state.counters["food"] == {"Ann": 4, "Ben": 5, "Cat": 6}


def test_the_end_of_the_round_lets_the_table_finish_the_last_turn(tmp_path: Path) -> None:
    moves = [("verb", "actor", "player", "from", "to", "components", "gain", "ends turn", "due"),
             ("work", "turn", "no", "", "", "", "points: 1", "yes", ""),
             ("collect", "table", "yes", "bank", "pile", "Cards", "", "", "count(pile) < points")]
    project = game(tmp_path, [("end", "any(players, points >= 2)"), ("end at", "round")], moves=moves)
    legal = ["Ann: work", "table: collect Ann Coin", "Ben: work", "table: collect Ben Coin",
             "Ann: work", "table: collect Ann Coin", "Ben: work", "table: collect Ben Coin"]
    assert findings(audit_text(project, legal)) == []  # Ben's clean-up comes after the end condition held
    after = legal + ["Ann: work"]
    assert findings(audit_text(project, after)) == [(9, "turn-end", "violation")]
    skipped = legal[:4] + ["Ann: work", "Ben: work"]  # Ann's collect skipped: owed when Ben moves
    assert findings(audit_text(project, skipped)) == [(6, "moves-collect-due", "violation")]


def test_the_last_turns_clean_up_is_due_when_it_waits_for_the_turn_to_pass(tmp_path: Path) -> None:
    # the cookbook's "draw after your turn" (`player != current`): when the round's end ends the game, nobody's turn
    # follows the last one, so the last player's draw is still the table's clean-up, not a move after the end
    moves = [("verb", "actor", "player", "from", "to", "components", "gain", "ends turn", "due"),
             ("work", "turn", "no", "", "", "", "points: 1", "yes", ""),
             ("collect", "table", "yes", "bank", "pile", "Cards", "", "", "player != current and count(pile) < points")]
    project = game(tmp_path, [("end", "any(players, points >= 1)"), ("end at", "round")], moves=moves)
    legal = ["Ann: work", "table: collect Ann Coin", "Ben: work", "table: collect Ben Coin"]
    assert findings(audit_text(project, legal)) == []
    assert findings(audit_text(project, legal + ["table: collect Ben Coin"])) == [(5, "turn-end", "violation")]
    assert findings(audit_text(project, legal + ["Ann: work"])) == [(5, "turn-end", "violation")]
    assert findings(audit_text(project, legal[:3])) == []  # after the end the table owes only derived moves


def test_end_now_ends_the_game_at_once_beside_an_end_at_the_round(tmp_path: Path) -> None:
    # "the game ends at the end of the round in which someone has 2 points, or at once when the bank is down to 18"
    moves = [("verb", "actor", "player", "from", "to", "components", "gain", "ends turn"),
             ("work", "turn", "no", "", "", "", "points: 1", "yes"),
             ("take", "turn", "no", "bank", "pile", "Cards", "", "yes")]
    turn = [("end", "any(players, points >= 2)"), ("end at", "round"), ("end now", "count(bank) <= 18")]
    project = game(tmp_path, turn, moves=moves)
    players = "Ann, Ben, Cat"
    emptied = ["Ann: take Coin", "Ben: take Coin", "Cat: work"]  # the bank at 18 after Ben's take: over at once
    assert findings(audit_text(project, emptied, players)) == [(3, "turn-end", "violation")]
    ending = ["Ann: work", "Ben: take Coin", "Cat: work", "Ann: work", "Ben: work", "Cat: work"]
    assert findings(audit_text(project, ending, players)) == []  # Ann's 2 points end the game with round 2
    assert findings(audit_text(project, ending + ["Ann: work"], players)) == [(7, "turn-end", "violation")]
    both = ["Ann: work", "Ben: take Coin", "Cat: work", "Ann: work", "Ben: take Coin", "Cat: work"]
    # round 2 was to be the last (Ann has 2), and Ben's take brings the bank to 18: over at once, before Cat's turn
    assert findings(audit_text(project, both, players)) == [(6, "turn-end", "violation")]
    rules = declared_engine(project, "flow").rules
    assert any(rule.id.endswith("turn-end") for rule in rules)


def test_an_end_that_holds_as_a_round_begins_after_a_table_phase_ends_the_game_at_once(tmp_path: Path) -> None:
    # the round's last phase is the table's: its last due move ends the round; `round > 1` then holds as round 2
    # begins, so the game is over before anyone plays round 2 (not one round later)
    project = write_project(tmp_path / "tidy", {
        "Cards": CARDS,
        "Zones": [("zone", "owner"), ("bank", "shared"), ("board", "shared")],
        "Setup": [("set", "zone"), ("Cards", "bank")],
        "Phases": [("phase", "of", "who"), ("act", "round", "each"), ("tidy", "round", "table")],
        "Moves": [("verb", "actor", "from", "to", "components", "phase", "ends turn", "due"),
                  ("work", "turn", "bank", "board", "Cards", "act", "yes", ""),
                  ("sweep", "table", "board", "bank", "all", "tidy", "", "count(board) > 0")],
        "Turn": [("key", "value"), ("players", "2"), ("end", "round > 1"), ("end at", "round")],
        "Scoring": [("part", "expression"), ("cards", "count(board)")]})
    round_one = ["Ann: work Coin", "Ben: work Coin", "table: sweep"]
    assert findings(audit_text(project, round_one)) == []
    assert findings(audit_text(project, round_one + ["Ann: work Coin"])) == [(4, "turn-end", "violation")]
    engine = declared_engine(project, "tidy")(Setup(("Ann", "Ben"), project=project))
    for line, text in enumerate(round_one, 1):
        actor, _, move = text.partition(": ")
        verb, _, args = move.partition(" ")
        engine.apply(Event(line, actor, verb, args))
    assert engine.over and engine.decision() is None


def test_a_game_ending_after_a_round_number(tmp_path: Path) -> None:
    project = game(tmp_path, [("end", "round > 2"), ("end at", "round")])
    two_rounds = ["Ann: work", "Ben: work"] * 2
    assert findings(audit_text(project, two_rounds)) == []
    assert findings(audit_text(project, two_rounds + ["Ann: work"])) == [(5, "turn-end", "violation")]


def test_a_game_ending_as_a_round_begins_counts_only_the_rounds_played(tmp_path: Path) -> None:
    """`round > 2` holds as round 3 begins: the game is over after two rounds, and its last round is 2 (reports,
    the arc of simulated games), though `round` read 3 for the end."""
    project = game(tmp_path, [("end", "round > 2")])
    engine = declared_engine(project, project.name)(Setup(("Ann", "Ben"), {}, project=project))
    labels = [engine.round_label()]
    for line, actor in enumerate(["Ann", "Ben"] * 2, start=1):
        engine.apply(Event(line, actor, "work", ""))
        labels.append(engine.round_label())
    assert engine.over and engine.state.flow.round == 3
    assert labels == ["1", "1", "2", "2", "2"]
    playing = declared_engine(project, project.name)(Setup(("Ann", "Ben"), {}, project=project))
    playing.apply(Event(1, "Ann", "work", ""))
    playing.apply(Event(2, "Ben", "work", ""))
    assert not playing.over and playing.round_label() == "2"  # a round begun in play is that round


def test_round_phases_each_together_and_table(tmp_path: Path) -> None:
    moves = [("verb", "actor", "player", "from", "to", "components", "gain", "ends turn", "phase", "due"),
             ("bid", "turn", "no", "", "", "", "points: 1", "yes", "bid", ""),
             ("act", "turn", "no", "", "", "", "points: 1", "yes", "act", ""),
             ("collect", "table", "yes", "bank", "pile", "Cards", "", "", "upkeep", "count(pile) < round")]
    phases = [("phase", "of", "who"), ("bid", "round", "together"), ("act", "round", "each"),
              ("upkeep", "round", "table")]
    project = game(tmp_path, [], moves=moves, phases=phases)
    legal = ["Ben: bid", "Ann: bid", "Ann: act", "Ben: act", "table: collect Ann Coin", "table: collect Ben Coin",
             "Ann: bid", "Ben: bid"]
    assert findings(audit_text(project, legal)) == []
    twice = ["Ben: bid", "Ben: bid"]
    assert findings(audit_text(project, twice)) == [(2, "turn-order", "violation")]
    early = ["Ann: act"]
    assert findings(audit_text(project, early)) == [(1, "moves-act-phase", "violation")]


def test_a_tie_break_in_two_steps(tmp_path: Path) -> None:
    counters = [("counter", "owner", "start"), ("points", "player", 0), ("coins", "player", "1, 1, 2"),
                ("cards", "player", "3, 4, 0")]
    project = game(tmp_path, [("tiebreak", "coins; cards")], counters=counters)
    # Ann and Ben tie on points and on coins (1); Ben has more cards. Cat has more coins but fewer points.
    log = ["Ann: work", "Ben: work", "Cat: pass"]
    project_moves = game(tmp_path, [("tiebreak", "coins; cards")], counters=counters, name="tb",
                         moves=[("verb", "actor", "gain", "ends turn"), ("work", "turn", "points: 1", "yes"),
                                ("pass", "turn", "", "yes")])
    result = audit_text(project_moves, log + ["table: winner Ben"], "Ann, Ben, Cat")
    assert findings(result) == []
    wrong = audit_text(project_moves, log + ["table: winner Ann"], "Ann, Ben, Cat")
    assert findings(wrong) == [(4, "scoring-winner", "violation")]
    assert project.exists()


def test_internal_counters_stay_out_of_the_state_line_and_the_rules(tmp_path: Path) -> None:
    counters = [("counter", "owner", "start", "internal", "min"), ("points", "player", 0, "no", 0),
                ("passed", "player", 0, "yes", 0), ("fame", "player", 0, "no", None)]
    project = game(tmp_path, [], counters=counters)
    engine_cls = declared_engine(project, "flow")
    assert "flow/counters-points" in engine_cls.rules and "flow/counters-passed" not in engine_cls.rules
    assert "flow/counters-fame" not in engine_cls.rules  # no range: no rule that could never be broken
    summary = engine_cls(Setup(("Ann", "Ben"), project=project)).summary()
    assert "points" in summary and "passed" not in summary


@pytest.mark.parametrize("key, value, message", [
    ("turns each", 0, "turns each cannot be 0"),
    ("first player", "widdershins", '"widdershins" is not one of fixed, clockwise, dealer left'),
    ("order", "pointz", "unknown name 'pointz'"),
    ("players", "2-100000000", "is not like 2-4 or 3 (at most 100)"),
])
def test_bad_turn_keys_are_located(tmp_path: Path, key: str, value: object, message: str) -> None:
    from playproof.errors import Problems
    from playproof.playtest.declared import check_rules

    project = game(tmp_path, [(key, value)])
    problems = Problems()
    check_rules(project, problems)
    assert any(message in str(p) and "Turn.csv, row 3" in str(p) for p in problems.items), problems.items


def test_a_game_where_every_player_is_skipped_ends(tmp_path: Path) -> None:
    project = game(tmp_path, [("skip", "points >= 2")])
    engine = declared_engine(project, "flow")(Setup(("Ann", "Ben"), project=project))
    for who in ("Ann", "Ben", "Ann", "Ben"):
        assert engine.apply(Event(1, who, "work")) == []
    assert engine.is_over() and engine.decision() is None


def test_moves_after_the_end_are_one_finding_and_change_nothing(tmp_path: Path) -> None:
    project = game(tmp_path, [("end", "round > 1"), ("end at", "round")])
    played_on = ["Ann: work", "Ben: work", "Ann: work", "Ben: work", "Ann: work", "table: score Ann 1",
                 "table: score Ben 1"]
    assert findings(audit_text(project, played_on)) == [(3, "turn-end", "violation")]


def test_started_tells_the_setup_from_the_game(tmp_path: Path) -> None:
    moves = [("verb", "actor", "player", "from", "to", "components", "gain", "ends turn", "condition"),
             ("work", "turn", "no", "", "", "", "points: 1", "yes", ""),
             ("collect", "table", "yes", "bank", "pile", "Cards", "", "", "not started")]
    project = game(tmp_path, [], moves=moves)
    assert findings(audit_text(project, ["table: collect Ann Coin", "Ann: work"])) == []
    assert findings(audit_text(project, ["Ann: work", "table: collect Ann Coin"])) == [
        (2, "moves-collect-condition", "violation")]
