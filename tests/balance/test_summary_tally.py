"""A summary sums each component's takers and holders, and the shares of those that won, as a seat-by-seat sum does."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from playproof.balance.stats import GameResult, Summary


def _by_seat(summary: Summary, game: GameResult) -> None:
    """Add a game's takers and holders as the summary first did: each seat's share summed, seat by seat."""
    share = 1.0 if summary.cooperative else 1.0 / len(game.winners) if game.winners else 0.0
    for component, seats in game.taken.items():
        summary.taken[component] += len(seats)
        summary.takers_won[component] += sum(share for s in seats if s in game.winners)
    if game.held is not None:
        for component, seats in game.held.items():
            summary.held[component] += len(seats)
            summary.holders_won[component] += sum(share for s in seats if s in game.winners)


def _games(players: int, count: int, seed: int) -> list[GameResult]:
    """Return games with one, several, repeated or no winners, and seats listed more than once."""
    rng = random.Random(seed)
    names = [f"card {i}" for i in range(12)]
    games = []
    for index in range(count):
        winners = rng.choice([[rng.randrange(players)], rng.sample(range(players), rng.randint(1, players)), [],
                              [1, 1], list(range(players))])
        taken = {c: rng.sample(range(players), rng.randint(0, players)) for c in rng.sample(names, 7)}
        taken["card 0"] = [0, 1, 1, 0, 1]  # a seat named twice counts twice
        held = None if index % 4 == 0 else {c: sorted(rng.sample(range(players), 2)) for c in rng.sample(names, 5)}
        games.append(GameResult(index, [rng.randrange(9) for _ in range(players)], winners, 10, 2, taken, held=held))
    return games


def _exact(counter: Counter[str]) -> list[tuple[str, str, str]]:
    """Return a counter's items in order, each value with its type and every bit of a float."""
    return [(k, type(v).__name__, v.hex() if isinstance(v, float) else str(v)) for k, v in counter.items()]


@pytest.mark.parametrize("players,cooperative", [(2, False), (3, False), (7, False), (3, True)])
def test_takers_and_holders_add_up_as_summed_seat_by_seat(players: int, cooperative: bool) -> None:
    """The same counts and winners' shares to the last bit (an int 0 where none won), in the same order."""
    summary, expected = Summary(players, cooperative=cooperative), Summary(players, cooperative=cooperative)
    for game in _games(players, 300, players):
        summary.add(game)
        _by_seat(expected, game)
    for name in ("taken", "takers_won", "held", "holders_won"):
        assert _exact(getattr(summary, name)) == _exact(getattr(expected, name)), name
    assert any(v != int(v) for v in summary.takers_won.values()) or cooperative  # shared wins were summed


def test_a_shared_win_adds_a_share_for_each_winning_taker() -> None:
    """Three winners of three seats: each taker that won adds a third, summed as 1/3 + 1/3 + ..."""
    summary = Summary(3)
    summary.add(GameResult(0, [4, 4, 4], [0, 1, 2], 10, 1, {"Crown": [0, 1, 2], "Sword": [2], "Shield": []},
                           held={"Crown": [0, 2]}))
    third = 1.0 / 3
    assert summary.takers_won == Counter({"Crown": third + third + third, "Sword": third, "Shield": 0})
    assert summary.holders_won == Counter({"Crown": third + third}) and summary.taken["Shield"] == 0
    assert type(summary.takers_won["Shield"]) is int  # noqa: E721  (as a sum of no shares: JSON writes 0, not 0.0)
    assert list(summary.taken) == ["Crown", "Sword", "Shield"]
