"""Seven Sisters winners: the final scoring's tie-breaks decide who the reports count as winning."""

from __future__ import annotations

from seven_sisters_support import BEN, CAT, G, S, Game


def one_round_game(**favours: tuple[int, int]) -> Game:
    """Return a one-round game played out to the end, players holding favours from the start."""
    # No servant reaches a sister, so no scoring gives a favour; the final scoring adds the
    # majorities: Ben's 4 gold, Cat's 4 fruit, a point each for tied playable servants.
    # Without favours that is Ann 1, Ben 2, Cat 2.
    game = Game(rounds="1")
    names = {"ben": BEN, "cat": CAT}
    for who, (sister, count) in favours.items():
        game.engine.table.favours[names[who]][sister] = count
    game.to_play()
    assert game.fill_plays() == []
    game.settle("over")
    assert game.engine.is_over()
    return game


def test_a_plain_win() -> None:
    game = one_round_game(ben=(G, 1))
    assert game.engine.scores() == {"Ann": 1, "Ben": 3, "Cat": 2}
    assert game.engine.winners() == ["Ben"]


def test_a_tie_goes_to_the_most_sloth_favours() -> None:
    game = one_round_game(ben=(G, 1), cat=(S, 1))
    assert game.engine.scores() == {"Ann": 1, "Ben": 3, "Cat": 3}
    assert game.engine.winners() == ["Cat"]
    assert game.feed("table: winner Cat") == []  # the logged winner agrees with winners()


def test_a_tie_after_both_tie_breaks_is_shared() -> None:
    game = one_round_game()
    assert game.engine.winners() == ["Ben", "Cat"]


def test_before_the_end_the_leaders_by_the_same_tie_breaks() -> None:
    game = Game()
    game.engine.table.favours[BEN][G] = 1
    game.engine.table.favours[CAT][S] = 1
    assert not game.engine.is_over()
    assert game.engine.scores() == {"Ann": 0, "Ben": 1, "Cat": 1}
    assert game.engine.winners() == ["Cat"]
    game.engine.table.favours[BEN][G] = 2
    assert game.engine.winners() == ["Ben"]
