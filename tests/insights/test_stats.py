"""The shared statistics against values worked out by hand (the arithmetic is in each test's comment)."""

from __future__ import annotations

import pytest

from playproof.insights.stats import Rate, advise, games_needed, quantile, spread, wilson


def test_wilson_of_seven_in_ten() -> None:
    # p = .7, z^2/n = .38415: centre .89207 / 1.38415 = .64449, half 1.96 * sqrt(.021 + .0096036) / 1.38415 = .24771
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.39678, abs=5e-5)
    assert high == pytest.approx(0.89221, abs=5e-5)


def test_wilson_bounds_and_no_trials() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)  # all failures: the interval starts at 0 and reaches z^2 / (n + z^2) = .16113
    assert low == 0.0 and high == pytest.approx(0.16113, abs=5e-5)


def test_games_needed_for_ten_points_over_a_quarter() -> None:
    # (1.95996 * sqrt(.1875) + .84162 * sqrt(.2275)) / .1 = 12.5012; squared 156.28: 157 games
    assert games_needed(0.35, 0.25) == 157
    assert games_needed(0.25, 0.25) is None


def test_games_needed_is_symmetric_in_the_even_share_only_through_the_rates() -> None:
    # (1.95996 * .5 + .84162 * sqrt(.24)) / .1 = 13.9229; squared 193.85: 194 games
    assert games_needed(0.4, 0.5) == 194


def test_advice_not_yet_told_says_how_many_more() -> None:
    # 30 of 100 against .25: Wilson [.2190, .3958] holds .25; games_needed(.3, .25) = 610: 510 more
    advice = advise(30, 100, 0.25)
    assert not advice.told and advice.more == 510 and advice.direction == "above"
    assert advice.text() == "needs about 510 more games"


def test_advice_told_apart() -> None:
    # 35 of 100 against .25: Wilson low .2636 is above .25
    advice = advise(35, 100, 0.25)
    assert advice.told and advice.text() == "told apart: above even"


def test_advice_without_a_difference_or_games() -> None:
    assert advise(25, 100, 0.25).text() == "no difference observed"
    assert advise(0, 0, 0.5).more is None


def test_rate_to_dict_carries_the_advice() -> None:
    data = Rate(30, 100).to_dict(0.25)
    assert data["advice"]["more"] == 510 and data["advice"]["unit"] == "games" and data["n"] == 100


def test_quantiles_and_spread() -> None:
    assert quantile([1, 2, 3, 4], 0.25) == pytest.approx(1.75)
    s = spread([4, 1, 3, 2])
    assert (s.low, s.q1, s.median, s.q3, s.high, s.mean) == (1, 1.75, 2.5, 3.25, 4, 2.5)
    assert spread([]).n == 0 and spread([]).text() == "-"
