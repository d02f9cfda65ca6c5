"""Seven Sisters rulings of docs/rulings/seven-sisters.md that the rule tests do not pin down."""

from __future__ import annotations

from seven_sisters_support import BEN, CAT, E, G, GL, S, W, Game


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
