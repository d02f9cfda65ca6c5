"""Issue 26's Seven Sisters fidelity points, each from the rulebook's words."""

from __future__ import annotations

from seven_sisters_support import G, Game


def wrath_won_by_ann() -> Game:
    """Return a game where Ann has just won Wrath's favour and owes the marker's move."""
    game = Game().to_play()
    game.score_with(wrath=(2, 1, 0))
    return game


def test_the_next_sister_is_not_scored_while_wraths_favourite_owes_the_markers_move() -> None:
    # "Starting with the first sister, and continuing in order, these steps are followed" and
    # "First green takes Wrath's favor, then moves the Wrath token" ("The player must move the Wrath Marker").
    legal = wrath_won_by_ann()
    assert legal.feed("Ann: wrath Lust\nAnn: buyback Wrath none\ntable: scoring Greed") == []
    early = wrath_won_by_ann()
    found = early.violations("table: scoring Greed")
    assert [(v.rule, v.line, v.message) for v in found] == [
        ("seven-sisters/wrath-must-move", early.line, "Ann won Wrath's favour and must move the Wrath marker "
         "(`wrath SISTER`) before Greed is scored")]
    wrath_before = early.engine.table.wrath
    late = early.violations("Ann: wrath Lust")  # the move after it is no longer due: the scoring went on
    assert ("seven-sisters/log-wrong-step", "This move belongs to the scoring, but the table is at the card play "
            "of round 2") in [(v.rule, v.message) for v in late]
    assert early.engine.table.wrath == wrath_before  # Greed was scored with the marker where it lay


def test_a_scoring_line_for_the_sister_being_decided_is_no_finding() -> None:
    game = wrath_won_by_ann()
    assert game.feed("table: scoring Wrath\nAnn: wrath Greed") == []
    assert game.engine.table.wrath == G
