"""The declared referee: every kind of rule it checks, each with a legal and an illegal case."""

from __future__ import annotations

from pathlib import Path

from declared_helpers import BASE, audit_text, findings, with_rows, write_project
from playproof.playtest.declared import declared_engine
from playproof.playtest.engine import Setup

START = ["table: reveal Market", "table: reveal Harbour", "table: reveal Market"]


def test_a_component_must_be_in_the_zone_it_is_taken_from(project: Path) -> None:
    legal = audit_text(project, [f"table: reveal Market"] * 3 + ["Ann: buy Market", "table: reveal Market"])
    assert findings(legal) == []
    fifth = audit_text(project, ["table: reveal Market"] * 3 + ["Ann: buy Market", "table: reveal Market", "Ann: end",
                                                                 "Ben: buy Market", "table: reveal Market"])
    assert findings(fifth) == [(8, "moves-reveal-from", "violation")]
    assert "Market is not in the deck (4 copies are printed) (Moves!A3)" in fifth.findings[0].message


def test_a_component_of_another_player_is_not_in_your_hand(project: Path) -> None:
    result = audit_text(project, ["table: deal Ben Tower", "Ann: play Tower"])
    assert findings(result) == [(2, "moves-play-from", "violation")]
    assert "not in Ann's hand" in result.findings[0].message


def test_counters_stay_in_their_range(project: Path) -> None:
    assert findings(audit_text(project, START + ["Ann: buy Market"])) == []
    result = audit_text(project, START + ["Ann: buy Harbour"])
    assert findings(result) == [(4, "counters-coins", "violation")]
    assert "Ann's coins would be -1, outside min 0, max 10 (Counters!A2)" in result.findings[0].message
    assert findings(audit_text(project, ["Ann: work", "Ann: work", "Ann: end", "Ben: end", "Ann: work",
                                         "Ann: work"])) == [(6, "counters-coins", "violation")]


def test_a_stated_amount_must_be_the_cost_and_no_amount_pays_the_cost(project: Path) -> None:
    assert findings(audit_text(project, START + ["Ann: buy Market 2"])) == []
    result = audit_text(project, START + ["Ann: buy Market 3"])
    assert findings(result) == [(4, "moves-buy-cost", "violation")]
    assert result.findings[0].message == "Market costs 2, not 3 (Moves!A4)"
    charged = audit_text(project, START + ["Ann: buy Market"])
    assert charged.engine.state.counters["coins"]["Ann"] == 1


def test_one_mistake_gives_one_finding(project: Path) -> None:
    result = audit_text(project, START + ["Ann: buy Harbour 5", "Ann: end", "Ben: work"])
    assert findings(result) == [(4, "moves-buy-cost", "violation")]  # not also coins below 0


def test_moves_are_made_in_turn(project: Path) -> None:
    assert findings(audit_text(project, ["Ann: work", "Ann: end", "Ben: work"])) == []
    result = audit_text(project, ["Ann: work", "Ben: work", "Ann: end", "Ben: work"])
    assert findings(result) == [(2, "turn-order", "violation")]
    assert result.findings[0].message == "it is Ann's turn, not Ben's"


def test_a_turn_has_at_most_its_actions(project: Path) -> None:
    assert findings(audit_text(project, ["Ann: work", "Ann: work", "Ann: end"])) == []
    result = audit_text(project, ["Ann: work", "Ann: work", "Ann: work", "Ann: end"])
    assert findings(result) == [(3, "turn-actions", "violation")]


def test_a_move_is_made_in_its_phase(project: Path) -> None:
    assert findings(audit_text(project, START + ["Ann: work", "Ann: buy Market"])) == []
    result = audit_text(project, START + ["Ann: buy Market", "Ann: work"])
    assert findings(result) == [(5, "moves-work-phase", "violation")]
    assert "work belongs to the main phase, but the turn is in the buy phase" in result.findings[0].message
    marker = audit_text(project, ["-- Buy --", "Ann: work"])
    assert findings(marker) == [(2, "moves-work-phase", "violation")]


def test_a_move_is_allowed_only_when_its_condition_holds(project: Path) -> None:
    deal = ["table: deal Ann Market", "table: deal Ann Harbour"]
    assert findings(audit_text(project, deal + ["Ann: play Market"])) == []
    result = audit_text(project, deal + ["Ann: play Harbour"])
    assert findings(result) == [(3, "moves-play-condition", "violation")]
    assert "play Harbour is not allowed now: card.suit == 'red' or count(hand, suit == 'red') == 0 does not hold" \
        in result.findings[0].message
    assert findings(audit_text(project, ["table: deal Ann Harbour", "Ann: play Harbour"])) == []


def test_a_hidden_card_leaves_a_verdict_undetermined_until_revealed(project: Path) -> None:
    hidden = audit_text(project, ["table: deal Ann ?", "table: deal Ann Harbour", "Ann: play Harbour"])
    assert findings(hidden) == [(3, "moves-play-condition", "undetermined")]
    revealed = audit_text(project, ["table: deal Ann ?", "table: deal Ann Harbour", "Ann: play Harbour",
                                    "reveal 5: Market"])
    assert findings(revealed) == [(3, "moves-play-condition", "violation")]
    blue = audit_text(project, ["table: deal Ann ?", "table: deal Ann Harbour", "Ann: play Harbour",
                                "reveal 5: Harbour"])
    assert findings(blue) == []


def test_a_hidden_card_played_later_is_found_where_it_came_from(project: Path) -> None:
    result = audit_text(project, ["table: deal Ann ?", "Ann: play Tower", "Ann: end", "table: deal Ben ?",
                                  "Ben: play Tower"])
    assert findings(result) == [(5, "moves-play-from", "violation")]  # one Tower is printed


def test_claimed_scores_and_winner_are_checked(project: Path) -> None:
    lines = START + ["Ann: buy Market", "Ann: end", "Ben: work"]
    assert findings(audit_text(project, lines + ["table: score Ann 1", "table: score Ben 2",
                                                 "table: winner Ben"])) == []
    result = audit_text(project, lines + ["table: score Ann 2", "table: winner Ann"])
    assert findings(result) == [(7, "scoring-score", "violation"), (8, "scoring-winner", "violation")]
    assert [f.message for f in result.findings] == ["Ann scores 1, not 2", "the winner is Ben, not Ann"]


def test_unknown_moves_and_arguments_are_findings(project: Path) -> None:
    result = audit_text(project, ["Ann: sell Market", "Ann: buy Castle", "table: deal Market", "Ann: deal Ann ?"])
    assert findings(result) == [(1, "moves-verbs", "violation"), (2, "moves-buy", "violation"),
                                (3, "moves-deal", "violation"), (4, "moves-deal", "violation")]
    assert [f.message for f in result.findings] == [
        '"sell" is not a move of toy (moves: deal, reveal, buy, play, work, end)',
        'no component is named "Castle" (Moves!A4)',
        "deal names a player first (one of Ann, Ben) (Moves!A2)",
        "deal is made by the table, not Ann (Moves!A2)"]


def test_a_zone_holds_no_more_than_its_capacity(project: Path) -> None:
    assert findings(audit_text(project, START)) == []
    result = audit_text(project, START + ["table: reveal Tower"])
    assert findings(result) == [(4, "zones-market-capacity", "violation")]


def test_nothing_is_played_after_the_end(tmp_path: Path) -> None:
    sheets = with_rows("Turn")
    sheets["Turn"] = [r for r in sheets["Turn"] if r[0] != "end"] + [("end", "coins >= 7")]
    project = write_project(tmp_path / "short", sheets)
    result = audit_text(project, ["Ann: work", "Ann: work", "Ben: work"])
    assert findings(result) == [(3, "turn-end", "violation")]


def test_every_rule_cites_its_sheet_and_cell(project: Path) -> None:
    engine = declared_engine(project, "toy")
    rules = {r.id: r for r in engine.rules}
    assert rules["toy/moves-buy-cost"].section == "Moves!A4"
    assert rules["toy/moves-buy-cost"].text.startswith("Moves!A4: verb=buy; actor=turn;")
    assert rules["toy/counters-coins"].section == "Counters!A2"
    assert rules["toy/scoring-score"].section == "Scoring"


def test_the_engine_class_is_cached_until_the_workbook_changes(project: Path) -> None:
    first = declared_engine(project, "toy")
    assert declared_engine(project, "toy") is first
    import os
    stamp = (project / "Moves.csv").stat().st_mtime + 5
    os.utime(project / "Moves.csv", (stamp, stamp))
    assert declared_engine(project, "toy") is not first


def test_the_first_option_picks_who_starts(project: Path) -> None:
    engine = declared_engine(project, "toy")(Setup(("Ann", "Ben"), {"first": "Ben"}, project=project))
    assert engine.decision().actor == "Ben"


def test_legal_moves_are_exactly_the_moves_accepted(project: Path) -> None:
    engine = declared_engine(project, "toy")(Setup(("Ann", "Ben"), project=project))
    for line in START:
        assert engine.apply(_event(line)) == []
    decision = engine.decision()
    assert decision.actor == "Ann"
    assert decision.moves == ("buy Market", "work", "end")  # coins 3: a Harbour is too dear


def _event(line: str):
    from playproof.playtest.engine import Event
    actor, _, rest = line.partition(": ")
    verb, _, args = rest.partition(" ")
    return Event(1, actor, verb, args)


def test_base_sheets_are_unchanged_by_helpers() -> None:
    assert with_rows("Moves")["Moves"] == BASE["Moves"]


def test_first_must_name_a_player(project: Path) -> None:
    import pytest
    from playproof.errors import PlayproofError

    with pytest.raises(PlayproofError, match=r"first=Cat is not one of the players \(Ann, Ben\)"):
        declared_engine(project, "toy")(Setup(("Ann", "Ben"), {"first": "Cat"}, project=project))
