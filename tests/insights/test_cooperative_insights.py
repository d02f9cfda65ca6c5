"""Reports of a cooperative game: a lost game is finished, and the players' win rate is how often they won together."""

from __future__ import annotations

from pathlib import Path

from playproof.insights.analysis import groups_of, insights_of
from playproof.insights.records import GameRecord
from playproof.output.reports.insight_tables import arc_table, component_table, seat_table
from playproof.playtest.audit import audit_file
from playproof.playtest.reportdata import session_report

STORM_KEEPERS = Path(__file__).resolve().parents[2] / "examples" / "declared" / "storm-keepers"


def record(name: str, winners: list[int], taken: dict[str, list[int]]) -> GameRecord:
    """A finished three-player cooperative game (won by everyone, or lost: no winner)."""
    return GameRecord("log", name, "keepers", ["Ann", "Ben", "Cat"], [0, 0, 0], winners, True, taken=taken,
                      rounds=[("1", [0, 0, 0])], cooperative=True)


def test_a_lost_cooperative_game_is_finished_and_counts() -> None:
    report = session_report(audit_file(STORM_KEEPERS / "playtests" / "evening.log"))
    assert report.cooperative
    from playproof.insights.records import record_of

    lost = record_of(report.__class__(**{**report.__dict__, "winners": [], "over": True}))
    assert lost.finished and lost.cooperative


def test_the_seats_table_says_how_often_the_players_won_together() -> None:
    records = [record("a", [0, 1, 2], {"calm Gale": [0]}), record("b", [], {}), record("c", [0, 1, 2], {}),
               record("d", [], {"calm Gale": [1]})]
    group = groups_of(records)[0]
    assert group.summary.cooperative and group.summary.games == 4 and group.summary.won_together == 2
    seats = seat_table(group)
    assert seats.rows[0][:2] == ["all, together", "50.0 % [15.0, 85.0] (n=4)"]
    components = component_table(group)
    assert components.rows[0][:4] == ["calm Gale", "2", "17 %", "50.0 % [9.5, 90.5] (n=2)"]  # against 50 % together
    assert arc_table(group) is None and insights_of(records).arcs == []
