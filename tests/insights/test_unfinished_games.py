"""Simulated games that cannot go on are reported with their seed; the other games of the run are played."""

from __future__ import annotations

import random

import pytest

from playproof.balance import runner
from playproof.balance.bots import seat_bots
from playproof.balance.report import Run, text_lines
from playproof.balance.runner import Plan, UnfinishedGame, play_game, run_local
from playproof.playtest.engine import Decision, Engine, Event, RuleIndex, Setup, Violation


class Drift(Engine):
    """A game that ends when someone says `stop`; with seed 3 nobody can, with seed 4 nobody may move at all."""

    game_id, title, min_players, max_players = "drift", "Drift", 2, 2
    rules = RuleIndex("drift", [])

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.turn, self.over = 0, False

    def apply(self, event: Event) -> list[Violation]:
        """Take a move; `stop` ends the game."""
        self.turn += 1
        self.over = event.verb == "stop"
        return []

    def decision(self) -> Decision | None:
        """Offer `wait` (and `stop` unless the seed is 3); no move at all with seed 4."""
        if self.over:
            return None
        moves = () if self.setup.seed == 4 else ("wait",) if self.setup.seed == 3 else ("wait", "stop")
        return Decision(self.setup.players[self.turn % 2], moves)

    def is_over(self) -> bool:
        """Return whether someone stopped."""
        return self.over

    def scores(self) -> dict[str, int]:
        """Score the player who stopped."""
        return {p: int(self.over and i == (self.turn - 1) % 2) for i, p in enumerate(self.setup.players)}

    def summary(self) -> str:
        """Say whose turn it is."""
        return f"turn {self.turn}"


def test_a_game_with_no_end_names_its_seed_and_last_moves() -> None:
    setup = Setup(("Ann", "Ben"), {}, 3)
    with pytest.raises(UnfinishedGame) as caught:
        play_game(Drift, setup, seat_bots("random", 2), random.Random(3), max_moves=40)
    assert caught.value.seed == 3 and caught.value.reason == "no end after 40 moves"
    assert caught.value.moves[-1] == "Ben: wait" and len(caught.value.moves) == 12
    assert caught.value.state == "turn 40"


def test_a_run_reports_stuck_games_and_plays_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "engine_class", lambda plan: Drift)
    summary = run_local(Plan("drift", 2, 6, seed=1, max_moves=200))  # seeds 1-6: 3 never ends, 4 has no move
    assert summary.games == 4
    assert [(u["seed"], u["reason"]) for u in summary.unfinished] == [
        (3, "no end after 200 moves"), (4, "no legal move for Ann after 0 moves")]
    lines = text_lines(Run("drift", "as printed", 2, "random", summary))
    assert "  2 game(s) could not go on and count in no rate:" in lines
    assert "    seed 3: no end after 200 moves (last move: Ben: wait)" in lines


def test_a_run_where_no_game_ends_says_so_and_writes_each_log(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from playproof.cli import cli

    logs = tmp_path / "logs"
    result = CliRunner().invoke(cli, ["simulate", "seven-sisters", "--players", "3", "--games", "2", "--max-moves",
                                      "20", "--logs", str(logs), "--report", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:5] == ["  no game finished: nothing to measure", "  2 game(s) could not go on and count in no rate:",
                          "    seed 1: no end after 20 moves (last move: table: flip 3)",
                          "    seed 2: no end after 20 moves (last move: table: flip 3)"]
    log = (logs / "seven-sisters-1.log").read_text(encoding="utf-8")
    assert '[Bots "random"]' in log and len([x for x in log.splitlines() if x.startswith("table:")]) == 20
    assert "No game finished" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_a_bots_log_is_tagged_as_bots_play_in_reports(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from playproof.insights.records import record_of
    from playproof.playtest.audit import audit_file
    from playproof.playtest.reportdata import session_report

    run_local(Plan("four-sisters", 4, 1, seed=5, logs=str(tmp_path)))
    [log] = sorted(tmp_path.glob("*.log"))
    assert record_of(session_report(audit_file(log, rounds=True))).source == "bots"
