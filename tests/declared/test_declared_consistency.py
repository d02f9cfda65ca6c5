"""The consistency harness (tests/games/consistency.py) on every declared game: each move decision() offers
is accepted with no finding, and moves it does not offer (another actor, another component, another
number) are flagged on their own line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from declared_helpers import EXAMPLES, ROOT

sys.path.insert(0, str(ROOT / "tests" / "games"))

from consistency import check, numbers_changed, simulated_events, words_swapped, wrong_actor  # noqa: E402

from playproof.playtest.declared import declared_engine  # noqa: E402
from playproof.playtest.engine import Setup  # noqa: E402
from playproof.playtest.simulate import player_names  # noqa: E402
from playproof.scaffold import create_project  # noqa: E402

GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())


def _check(project: Path, game_id: str, players: int) -> None:
    engine = declared_engine(project, game_id)
    names = sorted({comp.name for comp in engine.game.comps.values()})
    mutators = [wrong_actor, numbers_changed, words_swapped(names)]
    for seed in range(2):
        setup = Setup(player_names(players), {}, seed, project)
        report = check(engine, setup, simulated_events(engine, setup, seed), mutators, cuts=10, per_cut=6, seed=seed)
        assert report.problems == []
        assert report.offered and report.mutated


# Example games the harness cannot pass yet, and why (strict: remove once the engine is fixed).
NOT_YET_CONSISTENT = {
    "paper-boats": "in a round phase played `together` decision() offers the moves of one player (the seat order's "
                   "current), yet every player who has not acted may move, so another player's launch is accepted "
                   "but was not offered",
    "reef-divers": "decision() offers one random roll of a `dice` move, yet any faces of the dice are legal, so the "
                   "harness's changed faces are accepted but were not offered",
}


def consistent(games: list[str]) -> list:
    """Return the games to check, those the harness cannot pass yet marked as expected failures."""
    return [pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=NOT_YET_CONSISTENT[g]))
            if g in NOT_YET_CONSISTENT else g for g in games]


@pytest.mark.parametrize("game", consistent(GAMES))
def test_declared_examples_offer_exactly_what_they_accept(game: str) -> None:
    _check(EXAMPLES / game, game, 3 if game != "lantern-guild" else 2)


def test_the_starter_game_offers_exactly_what_it_accepts(tmp_path: Path) -> None:
    create_project(tmp_path / "starter")
    _check(tmp_path / "starter", "starter", 3)
