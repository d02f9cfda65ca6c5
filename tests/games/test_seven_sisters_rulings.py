"""Seven Sisters rulings of docs/rulings/seven-sisters.md that the rule tests do not pin down."""

from __future__ import annotations

from seven_sisters_support import BEN, CAT, E, G, GL, S, W, Game

from playproof.playtest.engine import Event, EventKind


def test_a_tie_moving_the_marker_from_envy_onto_wrath_clears_wrath_at_once() -> None:
    game = Game().to_play()
    game.engine.table.wrath = E
    game.score_with(wrath=(1, 1, 1))
    assert game.feed("table: wrath Wrath\ntable: favour Wrath none") == []
    assert game.engine.table.board[W] == [0, 0, 0]  # ruling 13: it lies on Wrath after her gift
    assert game.engine.table.reserve[CAT] == 1  # Cat has no gold: her servant goes to reserve
    assert game.engine.table.aside[:2] == [1, 1]  # Ann and Ben may buy theirs back


def test_random_order_a_tie_moves_the_marker_onto_wrath_from_the_tile_left_of_her() -> None:
    order = "Greed Gluttony Wrath Lust Sloth Pride Envy"
    game = Game(**{"random-order": "true", "order": order}).to_play()
    game.engine.table.wrath = GL
    game.score_with(wrath=(2, 2, 0))
    assert game.feed("table: wrath Wrath") == []
    found = game.violations("table: wrath Lust")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/wrath-tie", "The Wrath marker lies on Wrath, not Lust")]


def test_a_tie_broken_by_sloth_gives_the_other_tied_players_the_secondary_gift() -> None:
    game = Game().to_play()
    game.engine.table.favours[BEN][S] = 1
    game.score_with(greed=(2, 2, 1))
    assert game.feed("table: favour Greed Ben\ntable: gift Greed Ben 5\ntable: gift Greed Ann 2\n"
                     "table: gift Greed Cat 2") == []
    found = game.violations("table: gift Greed Ann 5")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/gifts-amounts", "Greed's gift to Ann is 2, not 5: Ann and Ben tie on Greed "
         "with 2 and Ben has the most Sloth favours, so every other player on Greed receives 2")]
    assert game.engine.table.board[G] == [2, 0, 1]  # only the favourite's servants are removed


def test_a_sister_out_of_favour_tokens_still_gives_her_gift() -> None:
    game = Game(rounds="6").to_play()
    game.engine.table.favour_stock[G] = 0  # six rounds and the final scoring: seven scorings
    game.score_with(greed=(3, 1, 0))
    assert game.feed("table: favour Greed Ann\ntable: gift Greed Ann 5") == []
    assert game.engine.table.favours[0][G] == 0


def round_scored_with_open_buybacks() -> Game:
    """Return a one-round game whose scoring waits for buy-backs the log will leave out."""
    game = Game(rounds="1").to_play()
    # Wrath ties (the marker moves onto Greed, which then loses everyone's servants); Ben wins
    # Sloth, so in the final scoring his Sloth favour breaks the same tie on Wrath for him.
    game.score_with(wrath=(2, 2, 0), greed=(3, 1, 0), sloth=(0, 1, 0))
    assert game.engine.pending == ("buyback", -1) and game.engine.pass_no == 1
    return game


def test_a_final_scoring_decision_settles_round_4s_buybacks_left_out() -> None:
    game = round_scored_with_open_buybacks()
    assert game.feed("Ben: wrath Lust\ntable: favour Wrath Ben") == []
    assert game.engine.pass_no == 2 and game.engine.table.wrath == 3  # Lust
    # round 1's buy-backs left out were `buyback none`; only Ben's two just removed from Wrath wait
    assert game.engine.table.aside == [0, 2, 0]


def test_the_final_scoring_marker_settles_round_4s_open_decisions() -> None:
    game = round_scored_with_open_buybacks()
    assert game.engine.apply(Event(99, "", "phase", "Final scoring", EventKind.MARKER)) == []
    assert game.engine.pass_no == 2 and game.engine.pending == ("wrath", BEN)
    assert game.feed("table: favour Wrath Ben") == []  # a claim about the final scoring now
    found = game.violations("Ann: wrath Lust")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/log-turn-order", "Ben won Wrath's favour and moves the Wrath marker, not Ann")]


def decide_until(game: Game, prompt: str) -> None:
    """Make the first legal scoring decision (buy-backs: none) until a decision with this prompt."""
    while (decision := game.engine.decision()) is not None and decision.prompt != prompt:
        moves = [m for m in decision.moves if m.startswith(("buyback none", "envy none"))]
        assert game.feed(f"{decision.actor}: {(moves or list(decision.moves))[0]}") == []


def test_a_gift_decided_by_the_wrong_player_says_what_the_favourite_decides() -> None:
    game = Game().to_play()
    game.score_with(envy=(3, 0, 0), pride=(0, 2, 0), gluttony=(0, 1, 1))
    decide_until(game, "choose the next first player")
    assert game.feed("Ben: pride Cat") == []
    found = game.violations("Cat: envy none")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/log-turn-order", "Ann won Envy's favour and chooses which two servants move "
         "onto her, not Cat")]
    game = Game().to_play()
    game.score_with(pride=(0, 2, 0))
    decide_until(game, "choose the next first player")
    found = game.violations("Ann: pride Cat")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/log-turn-order", "Ben won Pride's favour and chooses the next first player, "
         "not Ann")]


def test_the_last_rounds_pride_choice_may_go_unsaid() -> None:
    game = Game(rounds="1").to_play()
    game.score_with(pride=(0, 2, 1))
    decide_until(game, "choose the next first player")
    assert game.feed("table: favour Pride Ben") == []
    assert game.engine.pass_no == 1 and game.engine.table.first == 0
    # the first decision of the final scoring passes over the unsaid choice without a finding
    assert game.engine.apply(Event(99, "", "phase", "Final scoring", EventKind.MARKER)) == []
    assert game.engine.pass_no == 2 and game.engine.table.first == 0
    found = Game(rounds="2").to_play()
    found.score_with(pride=(0, 2, 1))
    decide_until(found, "choose the next first player")
    assert found.feed("table: flip 3") == ["pride-choice"]  # round 1 of 2: the choice is due


def test_the_majority_ties_option_reaches_the_final_scoring() -> None:
    golds = {}
    for mode in ("share", "none", "sloth"):
        game = Game(rounds="1", **{"majority-ties": mode}).to_play()
        game.engine.table.gold = [3, 3, 0]  # Ann and Ben tie for most gold
        game.engine.table.favours[0][S] = 1  # Ann holds a Sloth favour
        game.score_with()  # nobody on the sisters: round 1 and the final scoring pass at once
        assert game.engine.is_over()
        golds[mode] = [part["gold"] for part in game.engine.final]
    assert golds == {"share": [1, 1, 0], "none": [0, 0, 0], "sloth": [1, 0, 0]}


def test_an_unknown_majority_ties_value_is_refused() -> None:
    import pytest

    from playproof.errors import PlayproofError

    with pytest.raises(PlayproofError) as err:
        Game(**{"majority-ties": "sloht"})
    assert str(err.value) == 'Variant "majority-ties=sloht": write share, none or sloth'


# ----- issue 9: what really happened at the table, one finding per mistake -------------------------

def test_envy_none_is_legal_even_when_no_servants_could_move() -> None:
    game = Game().to_play()
    game.score_with(envy=(3, 0, 0))  # no other sister holds two servants
    decide_until(game, "move two servants onto Envy")
    assert game.engine.decision().moves == ("envy none",)  # type: ignore[union-attr]
    assert game.feed("Ann: envy none") == []
    game = Game().to_play()
    game.score_with(envy=(3, 0, 0))
    decide_until(game, "move two servants onto Envy")
    assert game.feed("Ben: envy none") == ["log-turn-order"]


def test_envy_none_at_the_end_of_the_last_round_does_not_start_the_final_scoring() -> None:
    game = Game(rounds="1").to_play()
    game.score_with(wrath=(0, 2, 1), envy=(3, 0, 0))  # Cat is left alone on Wrath for the final scoring
    decide_until(game, "move two servants onto Envy")
    assert game.feed("Ann: envy none") == []
    assert game.engine.pass_no == 1  # still round 1's scoring: Envy's buy-back waits
    assert game.feed("Ann: buyback Envy none\nCat: wrath Lust\ntable: wrath Lust") == []
    assert game.engine.table.wrath == 3


def test_pride_is_scored_normally_in_the_final_scoring() -> None:
    # "Each sister is scored a final time, using the normal method to gain Favor Tokens and gifts."
    game = Game(rounds="1").to_play()
    game.score_with(pride=(0, 2, 1))  # Ben wins round 1; Cat, left alone, wins the final scoring
    decide_until(game, "choose the next first player")
    assert game.feed("Ben: pride Ben\nCat: pride Ann\ntable: first Ann") == []
    assert game.engine.pass_no == 2
    old = Game(rounds="1", **{"no-final-pride": "true"}).to_play()
    old.score_with(pride=(0, 2, 1))
    decide_until(old, "choose the next first player")
    assert old.feed("Ben: pride Ben") == []
    assert old.feed("Cat: pride Ann") == ["log-wrong-step"]


def test_a_buyback_names_its_sister_so_a_line_left_out_cannot_shift_the_payment() -> None:
    game = Game().to_play()
    game.engine.table.gold[0] = 5
    game.score_with(greed=(3, 0, 0), lust=(3, 0, 0))
    assert (game.engine.table.playable[0], game.engine.table.reserve[0]) == (30, 0)  # C played 5 times
    # Greed's buy-back is left out (none); the line pays for the three removed from Lust
    assert game.feed("Ann: buyback Lust 3 for 2 gold") == []
    # Greed's three went to reserve, Lust's gift brought them back (all the reserve held), and the
    # three bought back came from Lust: 30 + 3 + 3 playable, paid from Greed's 5 gold
    assert (game.engine.table.playable[0], game.engine.table.reserve[0]) == (36, 0)
    assert game.engine.table.gold[0] == 5 + 5 - 2
    found = Game().to_play()
    found.score_with(greed=(3, 0, 0))
    wrong = found.violations("Ben: buyback Greed none")  # Ben had nothing removed
    assert [(v.rule, v.message) for v in wrong] == [
        ("seven-sisters/log-turn-order", "Ben had no servants removed from Greed: only their owners buy "
         "servants back")]
    assert found.feed("Ben: buyback Greed 1 for 1 gold") == ["log-turn-order"]
    assert found.feed("Ann: buyback 1 for 1 gold") == []  # the older form: the buy-back due now
    later = Game().to_play()
    later.engine.table.gold[BEN] = 4
    later.score_with(greed=(3, 0, 0), lust=(0, 3, 0))
    playable = later.engine.table.playable[BEN]
    # the older form by a player with nothing waiting now means his next removal: Lust's
    assert later.feed("Ben: buyback 3 for 2 gold") == []
    assert later.engine.table.playable[BEN] == playable + 3  # the three bought back (his reserve is empty)


def test_the_state_at_the_last_cards_line_is_the_table_before_scoring() -> None:
    game = Game().to_play()
    game.score_with(greed=(3, 0, 0))  # the last card was just played
    assert game.engine.scores()["Ann"] == 0 and game.engine.round_label() == "Round 1"
    assert "step play (the scoring follows)" in game.engine.summary()
    assert game.engine.decision().actor == "Ann"  # type: ignore[union-attr]  # her buy-back is next
    assert game.feed("Ann: buyback Greed none") == []
    assert game.engine.scores()["Ann"] == 1


def test_a_pride_choice_after_a_tie_is_one_finding_and_changes_nothing() -> None:
    game = Game().to_play()
    game.score_with(wrath=(2, 0, 0), pride=(1, 1, 0))
    found = game.violations("Ann: pride Cat")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/pride-choice", "Nobody won Pride's favour (Ann and Ben tie on Pride with 1 and "
         "Sloth favours do not break the tie), so nobody decides her gift; on a tie the first-player "
         "marker moves one spot to the right")]
    assert game.feed("Ann: wrath Lust\nAnn: buyback Wrath none\ntable: first Cat") == []
    game = Game().to_play()
    game.score_with(wrath=(2, 0, 0), pride=(0, 2, 0))
    assert game.feed("Cat: pride Cat") == ["log-turn-order"]  # not hers, and Wrath's move still open
    assert game.feed("Ann: wrath Lust") == []


def test_a_card_played_out_of_turn_is_one_finding_when_the_player_passed_over_plays_next() -> None:
    game = Game().to_play()
    assert game.feed("Ann: play Greed/Lust C\nCat: play Pride/Envy C") == ["log-turn-order"]
    assert game.feed("Ben: play Wrath/Greed C") == []  # Ben, passed over, plays his card late
    assert game.feed("Ann: play Gluttony/Lust C") == []  # the turn went on from Cat to Ann
    assert game.feed("Cat: play Sloth/Pride C") == ["log-turn-order"]  # it is Ben's turn now
