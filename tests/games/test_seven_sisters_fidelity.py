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
    assert [(v.rule, v.message) for v in late] == [
        ("seven-sisters/log-wrong-step", "This move belongs to the scoring, but the table is at the round-start "
         "placement of round 2")]  # one mistake, one finding: no step it could never have skipped is reported
    assert early.engine.table.wrath == wrath_before  # Greed was scored with the marker where it lay


def test_a_scoring_line_for_the_sister_being_decided_is_no_finding() -> None:
    game = wrath_won_by_ann()
    assert game.feed("table: scoring Wrath\nAnn: wrath Greed") == []
    assert game.engine.table.wrath == G


def cat_wins_wrath_without_gold() -> Game:
    """Return a game where Cat (no gold) won Wrath: her removed servants go to reserve at once."""
    game = Game().to_play()
    game.score_with(wrath=(0, 1, 3))
    assert game.engine.table.gold[2] == 0
    return game


def test_a_buy_back_paid_with_gold_the_player_lacks_is_the_buy_back_rule() -> None:
    # "the player may pay one Gold token to return one servant ... Any servants that the player does not
    # spend Gold on to return them to playable stock are placed in that player's reserve stock."
    for written in ("Cat: buyback Wrath 1 for 1 gold", "Cat: buyback 1 for 1 gold"):
        game = cat_wins_wrath_without_gold()
        found = game.violations("Cat: wrath Lust\n" + written)
        assert [(v.rule, v.message) for v in found] == [
            ("seven-sisters/buyback-limit", "Cat has only 0 gold, not 1: the removed servants went to reserve")], written
    legal = cat_wins_wrath_without_gold()
    assert legal.feed("Cat: wrath Lust") == [] and legal.engine.table.aside[2] == 0


def test_a_buy_back_without_gold_mid_scoring_is_the_buy_back_rule_too() -> None:
    game = Game().to_play()
    game.score_with(wrath=(0, 1, 3), greed=(2, 0, 0))
    found = game.violations("Cat: wrath Lust\nCat: buyback Wrath 2 for 2 gold")
    assert [v.rule for v in found] == ["seven-sisters/buyback-limit"]  # not "already settled" (log-turn-order)


def _findings_of(lines: str) -> list[tuple[str, str]]:
    """Return the findings of a game where Cat wins Wrath without gold, then the given lines."""
    game = cat_wins_wrath_without_gold()
    return [(v.rule, v.message) for v in game.violations(lines)]


def test_every_documented_way_of_writing_a_buy_back_decline_audits_the_same() -> None:
    # The rulings page documents `buyback SISTER none`, `buyback none` and leaving the line out.
    ways = ["Cat: wrath Lust", "Cat: wrath Lust\nCat: buyback Wrath none", "Cat: wrath Lust\nCat: buyback none"]
    then = "\ntable: flip 4"
    assert [_findings_of(way + then) for way in ways] == [[], [], []]
    wrong = _findings_of("Cat: wrath Lust\nBen: buyback Wrath none")  # Ben had nothing removed: one finding
    assert [rule for rule, _ in wrong] == ["seven-sisters/log-wrong-step"]


def test_the_sister_form_and_the_older_form_of_a_paid_buy_back_audit_the_same() -> None:
    for written in ("Ann: buyback Wrath 1 for 1 gold", "Ann: buyback 1 for 1 gold"):
        game = wrath_won_by_ann()
        assert game.feed("Ann: wrath Lust\n" + written) == [], written
        assert game.engine.table.gold[0] == 1


def test_simulated_games_audit_the_same_in_every_documented_buy_back_form() -> None:
    import re

    from playproof.playtest.audit import audit_log
    from playproof.playtest.games import find_engine
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.simulate import simulate_games

    for game in simulate_games(find_engine("seven-sisters"), 4, 12, 11):
        older = re.sub(r"^(\w+): buyback \w+ ", r"\1: buyback ", game.log, flags=re.M)  # the sister-less form
        left_out = re.sub(r"^\w+: buyback \w+ none\n", "", game.log, flags=re.M)  # a decline may go unsaid
        findings = [[(f.rule, f.message) for f in audit_log(parse_log(text, "g.log")).findings]
                    for text in (game.log, older, left_out)]
        assert findings == [[], [], []], findings
