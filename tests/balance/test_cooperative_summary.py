"""A cooperative game's simulation answers how often the players win together, not which seat wins."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from playproof.balance.report import Run, text_lines, write_balance
from playproof.balance.runner import Plan, run_local
from playproof.balance.stats import GameResult, Summary
from playproof.cli import cli

STORM_KEEPERS = Path(__file__).resolve().parents[2] / "examples" / "declared" / "storm-keepers"


def test_a_cooperative_summary_counts_the_games_won_together_across_batches() -> None:
    left, right = Summary(3, cooperative=True), Summary(3, cooperative=True)
    left.add(GameResult(0, [0, 0, 0], [0, 1, 2], 10, 2))
    left.add(GameResult(1, [0, 0, 0], [], 12, 3))
    right.add(GameResult(2, [0, 0, 0], [0, 1, 2], 9, 2))
    total = Summary(3)
    total.merge(left)
    total.merge(right)
    assert (total.cooperative, total.won_together, total.games) == (True, 2, 3)
    together = total.to_dict()["won_together"]
    assert (together["n"], round(together["rate"], 3)) == (3, 0.667)
    competitive = Summary(2)
    competitive.add(GameResult(0, [3, 3], [0, 1], 10, 2))  # a shared win is no team win
    assert competitive.won_together == 0 and "won_together" not in competitive.to_dict()


def test_simulate_of_a_cooperative_game_reports_the_players_win_rate_together() -> None:
    result = CliRunner().invoke(cli, ["simulate", str(STORM_KEEPERS), "--players", "3", "--games", "60"])
    assert result.exit_code == 0, result.output
    assert "the players won together (95 % interval): " in result.output
    assert "win rate by seat" not in result.output and "first player:" not in result.output
    assert "lead changes" not in result.output


def test_the_balance_page_of_a_cooperative_game_says_how_often_they_won(tmp_path: Path) -> None:
    summary = run_local(Plan("storm-keepers", 3, 30, seed=1, project=str(STORM_KEEPERS)))
    assert summary.cooperative and 0 <= summary.won_together <= 30
    run = Run("storm-keepers", "as printed", 3, "random", summary)
    assert any(line.startswith("  the players won together") for line in text_lines(run))
    page = write_balance([run], tmp_path / "b.html").read_text(encoding="utf-8")
    assert "A cooperative game: the players won together in" in page and "<svg" not in page
