"""Holders' win rates (what players hold at the end) worked out by hand and in every report; groups split by version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playproof.balance.runner import Plan, run_local
from playproof.balance.stats import GameResult, Summary
from playproof.insights.analysis import insights_of
from playproof.insights.records import GameRecord, record_of
from playproof.insights.stats import wilson
from playproof.output.reports import write_reports
from playproof.output.reports.insight_tables import holder_table, insight_tables
from playproof.playtest.audit import audit_file
from playproof.playtest.reportdata import session_report

ROOT = Path(__file__).resolve().parents[2]
LANTERN = ROOT / "examples" / "declared" / "lantern-guild"
WWR_LOG = ROOT / "examples" / "who-will-reign" / "playtests" / "royal-succession.log"


def _records() -> list[GameRecord]:
    """Three finished two-player games: two say what each seat held at the end, one (an engine that cannot) not."""
    return [GameRecord("bots", "g1", "demo", ["A", "B"], [5, 3], [0], True, held={"Crown": [0, 1], "Gem": [1]}),
            GameRecord("bots", "g2", "demo", ["A", "B"], [2, 4], [1], True, held={"Crown": [1]}),
            GameRecord("bots", "g3", "demo", ["A", "B"], [1, 0], [0], True)]


def test_holders_win_rates_worked_out_by_hand() -> None:
    group = insights_of(_records()).groups[0]
    summary = group.summary
    assert (summary.games, summary.holding_games) == (3, 2)
    rows = {name: (held, hold, rate, advice) for name, held, hold, rate, advice in group.holder_rows()}
    held, hold, rate, advice = rows["Crown"]
    # Crown: held by A and B in g1 (A won), by B in g2 (B won): 3 holders, 2 of them won; 3 of 4 seat-games
    assert (held, rate.successes, rate.trials, hold.successes, hold.trials) == (3, 2, 3, 3, 4)
    assert rate.interval == wilson(2, 3) and advice.startswith("needs about")
    gem = rows["Gem"][2]
    assert (gem.successes, gem.trials) == (0, 1)  # B held the Gem in g1 and lost
    assert [name for name, *_ in group.holder_rows()] == ["Crown", "Gem"]  # most held first


def test_a_shared_win_counts_a_share_for_each_holder() -> None:
    summary = Summary(2)
    summary.add(GameResult(0, [4, 4], [0, 1], 10, 1, held={"Crown": [0, 1]}))
    assert summary.holders_won["Crown"] == 1.0 and summary.held["Crown"] == 2
    other = Summary(2)
    other.add(GameResult(1, [4, 1], [0], 10, 1, held={"Crown": [1]}))
    summary.merge(other)
    assert (summary.held["Crown"], summary.holders_won["Crown"], summary.holding_games) == (3, 1.0, 2)


def test_the_holders_table_says_which_games_it_counts() -> None:
    table = holder_table(insights_of(_records()).groups[0])
    assert table is not None and table.head[3] == "Win rate of holders [95 %]"
    assert "2 finished game(s) whose referee said what each player held" in table.note
    assert "(1 other(s) left out)" in table.note
    assert table.rows[0][:3] == ["Crown", "3", "75 %"] and table.rows[0][3].startswith("66.7 % [")
    nobody = GameRecord("bots", "g", "demo", ["A", "B"], [1, 0], [0], True)
    assert holder_table(insights_of([nobody]).groups[0]) is None  # no engine said: no table, takers only


def test_a_seed_game_says_what_each_sister_holds() -> None:
    report = session_report(audit_file(WWR_LOG))
    assert report.over and report.held is not None
    kayla = report.players.index("Kayla")
    assert report.winners == ["Kayla"] and report.held["Banner of Culture"] == [kayla] == report.held["Tapestry"]
    record = record_of(report)
    group = insights_of([record]).groups[0]
    rows = {name: rate for name, _, _, rate, _ in group.holder_rows()}
    assert (rows["Tapestry"].successes, rows["Tapestry"].trials) == (1, 1)  # Kayla held it and won
    assert (rows["Royal Guard"].successes, rows["Royal Guard"].trials) == (0, 1)


def test_simulated_declared_games_count_what_players_hold() -> None:
    summary = run_local(Plan("lantern-guild", 2, 6, 1, "random", (), str(LANTERN)))
    assert summary.holding_games == 6
    held = dict((name, n) for name, n, _ in summary.holder_rates())
    assert held["Spark"] == 12  # both players start with Sparks in their own deck: held by every seat
    assert 0 < summary.hold_rate("Spark").value <= 1
    data = summary.to_dict()
    assert data["holding_games"] == 6 and data["holders"][0]["holders_win_rate"]["advice"]["unit"] == "holders"


@pytest.fixture
def lantern_reports(tmp_path: Path) -> list:
    """Three simulated games of the declared example, audited as logs (human sessions take the same path)."""
    run_local(Plan("lantern-guild", 2, 3, 1, "random", (), str(LANTERN), logs=str(tmp_path / "logs")))
    return [session_report(audit_file(p, project=LANTERN)) for p in sorted((tmp_path / "logs").glob("*.log"))]


def test_every_report_format_carries_the_holders(lantern_reports: list, tmp_path: Path) -> None:
    import openpyxl

    pypdfium2 = pytest.importorskip("pypdfium2")
    assert all(r.held for r in lantern_reports)
    data = json.loads(write_reports(lantern_reports, "json", tmp_path / "r.json").read_text(encoding="utf-8"))
    group = data["aggregate"]["insights"]["groups"][0]
    assert group["holding_games"] == 3 and any(h["component"] == "Spark" and h["held"] == 6 for h in group["holders"])
    book = openpyxl.load_workbook(write_reports(lantern_reports, "xlsx", tmp_path / "r.xlsx"))
    head = [c.value for c in book["Holders"][1]]
    assert head[:5] == ["Game", "Players", "Version", "Component", "Held"]
    assert any(row[3] == "Spark" and row[4] == 6 for row in book["Holders"].iter_rows(min_row=2, values_only=True))
    page = write_reports(lantern_reports, "html", tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Components held at the end: lantern-guild, 2 players, version 0.1 (" in page
    pdf = pypdfium2.PdfDocument(str(write_reports(lantern_reports, "pdf", tmp_path / "r.pdf")))
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    assert "Components held at the end" in text and "Win rate of holders" in text


def test_games_of_several_versions_are_grouped_by_version() -> None:
    def game(name: str, version: str, winner: int) -> GameRecord:
        return GameRecord("log", name, "demo", ["A", "B"], [1, 0] if winner == 0 else [0, 1], [winner], True,
                          version=version, taken={"buy Gem": [winner]})

    records = [game("a", "0.3 (aaaa1111)", 0), game("b", "0.4 (bbbb2222)", 1), game("c", "0.3 (aaaa1111)", 0)]
    groups = insights_of(records).groups
    assert [(g.version, g.summary.games, g.summary.wins) for g in groups] == [
        ("0.3 (aaaa1111)", 2, [2.0, 0.0]), ("0.4 (bbbb2222)", 1, [0.0, 1.0])]
    assert groups[0].title() == "demo, 2 players, version 0.3 (aaaa1111): 2 finished game(s) (log)"
    keys = [t.key for t in insight_tables(insights_of(records))]
    assert "seats-demo-2-aaaa1111" in keys and "seats-demo-2-bbbb2222" in keys and len(keys) == len(set(keys))
    same = insights_of([game("a", "", 0), game("b", "", 1)]).groups
    assert len(same) == 1 and same[0].title() == "demo, 2 players: 2 finished game(s) (log)"


def test_bots_are_played_once_beside_each_versions_humans(monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.balance import runner
    from playproof.insights.compare import play_beside
    from playproof.output.reports.insight_tables import beside_table

    played: list[tuple[str, int]] = []

    def fake_run(plan: Plan, jobs: int = 1) -> Summary:
        played.append((plan.game, plan.players))
        summary = Summary(2)
        summary.add(GameResult(0, [1, 0], [0], 10, 1))
        return summary

    monkeypatch.setattr(runner, "run_local", fake_run)
    humans = insights_of([GameRecord("log", "a", "demo", ["A", "B"], [1, 0], [0], True, version="0.3 (aaaa1111)"),
                          GameRecord("log", "b", "demo", ["A", "B"], [0, 1], [1], True, version="0.4 (bbbb2222)")])
    groups = [(g.game, g.players, g.summary, g.version) for g in humans.groups]
    found, skipped = play_beside(groups, "greedy", 5)
    assert played == [("demo", 2)] and skipped == []
    assert [b.version for b in found] == ["0.3 (aaaa1111)", "0.4 (bbbb2222)"]
    titles = [beside_table(b).title for b in found]
    assert titles == ["Humans beside bots: demo, 2 players, humans on version 0.3 (aaaa1111)",
                      "Humans beside bots: demo, 2 players, humans on version 0.4 (bbbb2222)"]


def test_simulated_games_answers_carry_the_holders_in_every_format(tmp_path: Path) -> None:
    import openpyxl

    from playproof.balance.report import Run, write_balance

    pypdfium2 = pytest.importorskip("pypdfium2")
    summary = Summary(2)
    summary.add(GameResult(0, [5, 3], [0], 10, 1, {"buy Crown": [0]}, held={"Crown": [0, 1]}))
    summary.add(GameResult(1, [2, 4], [1], 10, 1, {"buy Crown": [1]}, held={"Crown": [1]}))
    runs = [Run("demo", "as printed", 2, "greedy", summary)]
    page = write_balance(runs, tmp_path / "b.html").read_text(encoding="utf-8")
    assert "win rate of holders [95 %]" in page and "<td>Crown</td><td>3</td><td>75 %</td>" in page
    book = openpyxl.load_workbook(write_balance(runs, tmp_path / "b.xlsx"))
    rows = list(book["Holders"].iter_rows(values_only=True))
    assert rows[1][3:7] == ("Crown", 3, 2, pytest.approx(2 / 3))
    data = json.loads(write_balance(runs, tmp_path / "b.json").read_text(encoding="utf-8"))
    assert data["runs"][0]["holders"][0]["holders_win_rate"]["n"] == 3
    pdf = pypdfium2.PdfDocument(str(write_balance(runs, tmp_path / "b.pdf")))
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    assert "Components held at the end: demo (as printed), 2 players" in text
