"""Insights of human sessions: the Nim fixtures worked out by hand, and every report format carrying them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playproof.insights.analysis import insights_of, name_key
from playproof.insights.records import GameRecord, record_of
from playproof.output.reports import write_reports
from playproof.playtest.audit import audit_file, audit_log
from playproof.playtest.logparse import parse_log
from playproof.playtest.reportdata import SessionReport, aggregate, session_report

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"
UNFINISHED = """[Game "nim"]
[Players "Ann, Ben"]
[Variant "stones=7"]
[New "Ben"]

0:00:10 Ann: take 2
0:00:30 Ben: take 4
0:01:00 Ann: take 3
"""


@pytest.fixture
def reports(nim: str) -> list[SessionReport]:
    """A finished two-player game, a finished three-player game with mistakes, an unfinished two-player game."""
    found = [session_report(audit_file(DATA / name)) for name in ("nim-game.log", "nim-game-mistakes.log")]
    return found + [session_report(audit_log(parse_log(UNFINISHED, "unfinished.log")))]


def test_record_of_a_finished_session(reports: list[SessionReport]) -> None:
    record = record_of(reports[0])
    assert record.source == "log" and record.finished and record.winners == [1]
    assert record.rounds == [("1", [3, 1]), ("2", [4, 3]), ("3", [4, 13])]
    # turns: Ann 0-5, Ben 5-40, Ann 40-62 (the untimed reveal counts no time), Ben 62-90 (`ben` is Ben)
    assert [(t.player, t.start, t.end, t.phase) for t in record.turns] == [
        ("Ann", 0, 5, "Round 1"), ("Ben", 5, 40, "Round 1"), ("Ann", 40, 62, "Round 2"), ("Ben", 62, 90, "Round 2")]
    assert record.taken == {"take 3": [0], "take 1": [1, 0], "take 2": [1]}  # the revealed take is Ben's 1


def test_unfinished_sessions_are_listed_apart(reports: list[SessionReport]) -> None:
    insights = insights_of([record_of(r) for r in reports])
    assert insights.unfinished == ["unfinished.log"]
    two = next(g for g in insights.groups if g.players == 2)
    assert two.summary.games == 1 and two.summary.wins == [0.0, 1.0]
    agg = aggregate(reports)
    assert agg.unfinished == 1 and agg.seat_wins == [(1, 1, 2), (2, 1, 2), (3, 0, 1)]  # the unfinished one: no game


def test_arc_and_pace_worked_out_by_hand(reports: list[SessionReport]) -> None:
    insights = insights_of([record_of(r) for r in reports])
    arc = next(g for g in insights.groups if g.players == 2).summary.arc
    # leaders Ann, Ann, Ben: one lead change; decided in round 3 of 3; margin 13 - 4; Ben was 2 behind after round 1
    assert arc.games == 1 and arc.lead_changes.mean == 1 and arc.decided_share.mean == 1.0
    assert arc.margin.mean == 9 and arc.comeback.high == 2 and arc.early_leader().successes == 0
    pace = insights.pace
    # Ann's turns: 5 and 22 s (fixture) plus 10 and 30 s (unfinished: 0-10, 30-60); Ben's downtime 62 - 40 = 22 s
    assert pace.by_player["Ann"].median == pytest.approx(16.0) and pace.by_player["Ann"].n == 4
    assert pace.downtime["Ben"].n == 1 and pace.downtime["Ben"].median == 22
    assert pace.by_phase["Round 1"].n == 2


def test_rule_friction_counts_standing_and_corrected_and_new_players(reports: list[SessionReport]) -> None:
    insights = insights_of([record_of(r) for r in reports])
    by_rule = {f.rule: f for f in insights.friction}
    # nim-game-mistakes: turn order broken on lines 6 (amended on 10), 7 (undone on 8) and 9 (standing)
    turn = by_rule["nim/1-turn-order"]
    assert (turn.counts["violation"], turn.counts["corrected"]) == (1, 2) and turn.sessions == {
        str(DATA / "nim-game-mistakes.log")}
    assert insights.friction[0].total >= insights.friction[-1].total
    from playproof.playtest.games import find_engine, rules_of

    rule = rules_of(find_engine("nim"))["nim/1-turn-order"]
    assert turn.sentence == (rule.text or rule.summary) and turn.sentence  # the rule's own words beside it
    assert insights.new_players_told


def test_every_format_carries_the_insights(reports: list[SessionReport], tmp_path: Path) -> None:
    import openpyxl

    data = json.loads(write_reports(reports, "json", tmp_path / "r.json").read_text(encoding="utf-8"))
    insights = data["aggregate"]["insights"]
    assert insights["unfinished"] == ["unfinished.log"]
    assert insights["groups"][0]["win_rate_by_seat"][1]["advice"]["text"].startswith("needs about")
    book = openpyxl.load_workbook(write_reports(reports, "xlsx", tmp_path / "r.xlsx"))
    assert {"Seats (finished games)", "Components", "Arc of the game", "Unfinished sessions", "Rule friction",
            "Pace"} <= set(book.sheetnames)
    assert [c.value for c in book["Unfinished sessions"]["A"]] == ["Session", "unfinished.log"]
    page = write_reports(reports, "html", tmp_path / "r.html").read_text(encoding="utf-8")
    assert "What the playtests revealed" in page and "needs about" in page and "Unfinished sessions (1)" in page
    assert "\U0001f3c6" not in page  # the trophy: no glyph in the bundled font


def test_long_component_tables_say_they_are_cut(tmp_path: Path) -> None:
    from playproof.output.reports.insight_tables import component_table

    taken = {f"card {i}": [0] for i in range(30)}
    record = GameRecord("bots", "g", "demo", ["A", "B"], [3, 1], [0], True, taken=taken)
    group = insights_of([record]).groups[0]
    rows, label = component_table(group).shown()
    assert len(rows) == 25 and label.startswith("top 25 of 30")
    assert len(component_table(group).values) == 30


def test_names_match_in_any_spelling() -> None:
    assert name_key("Royal Guard") == name_key("royal-guard") == name_key("ROYAL_GUARD") == "royalguard"


QUESTIONS = """[Game "nim"]
[Players "Ann, Ben"]
[Variant "stones=7"]
[New "Ben"]

0:00:05 Ann: take 2
0:00:20 ? 6 Ben: can I take three?
0:00:30 Ben: take 4
? nim/1-turn-order
? can I pass: really?
Ann: take 1
table: winner Ann
"""


def test_questions_are_a_line_kind_that_round_trips(nim: str) -> None:
    from playproof.playtest.logjson import to_jsonl
    from playproof.playtest.logparse import parse_jsonl

    log = parse_log(QUESTIONS, "q.log")
    questions = [e for e in log.entries if e.kind.value == "question"]
    assert [(e.target, e.key, e.actor, e.value) for e in questions] == [
        (6, "", "Ben", "can I take three?"), (0, "nim/1-turn-order", "", ""), (0, "", "", "can I pass: really?")]
    assert log.text() == QUESTIONS and parse_jsonl(to_jsonl(log)).text() == QUESTIONS
    bad = parse_log('[Game "nim"]\n[Players "Ann, Ben"]\n\n?\n? 9 why\n', "b.log")
    assert sorted(p.message for p in bad.problems) == [
        "? 9: a question names an earlier line",
        "a question needs its words, a line or a rule, e.g. `? Ben: can I buy after playing?` or `? 14`"]


def test_questions_count_as_friction_of_their_rule(nim: str) -> None:
    report = session_report(audit_log(parse_log(QUESTIONS, "q.log")))
    assert report.over and not [f for f in report.violations if f.rule == "nim/1-turn-order"]
    insights = insights_of([record_of(report)])
    by_rule = {f.rule: f for f in insights.friction}
    # line 6 has no finding: Ben's question counts under no rule, as does the unattributed one; one names its rule
    assert by_rule["nim/1-turn-order"].counts["question"] == 1
    assert by_rule["(no rule named)"].counts["question"] == 2 and by_rule["(no rule named)"].new["question"] == 1


def test_reports_use_only_glyphs_of_the_bundled_font_and_embed_every_font(reports: list[SessionReport],
                                                                          tmp_path: Path) -> None:
    import html
    import re

    from reportlab.pdfbase.ttfonts import TTFont

    font = Path(__file__).resolve().parents[2] / "playproof" / "fonts" / "DejaVuSans.ttf"
    glyphs = TTFont("check", str(font)).face.charToGlyph
    page = write_reports(reports, "html", tmp_path / "r.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S))
    assert sorted({c for c in text if not c.isspace() and ord(c) not in glyphs}) == []
    pdf = write_reports(reports, "pdf", tmp_path / "r.pdf").read_bytes()
    assert b"/BaseFont /Helvetica" not in pdf and b"/FontFile2" in pdf  # only the embedded DejaVu Sans


def test_each_finished_game_has_its_arc_in_words(reports: list[SessionReport], tmp_path: Path) -> None:
    insights = insights_of([record_of(r) for r in reports])
    names = [name.rsplit("/", 1)[-1] for name, _ in insights.arcs]
    assert names == ["nim-game.log", "nim-game-mistakes.log"]  # the unfinished session has no arc
    assert insights.arcs[0][1].text() == "decided at round 3 of 3, 1 lead change(s), margin 9"
    data = json.loads(write_reports(reports, "json", tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["aggregate"]["insights"]["arcs"][0]["decided"] == 3


def test_a_stored_session_and_a_log_file_are_told_apart() -> None:
    from playproof.insights.records import source_of

    assert [source_of(n) for n in ("session 12", "12", "session-12.log", "a/b.log")] == [
        "session", "session", "log", "log"]


def test_one_session_report_says_its_arc_in_every_format(reports: list[SessionReport], tmp_path: Path) -> None:
    import openpyxl

    game = reports[0]
    assert game.arc_text() == "decided at round 3 of 3, 1 lead change(s), margin 9"
    assert reports[2].arc_text() == ""  # unfinished: no arc
    assert json.loads(write_reports([game], "json", tmp_path / "r.json").read_text(encoding="utf-8"))[
        "sessions"][0]["arc"] == game.arc_text()
    assert "Arc of the game: decided at round 3 of 3" in write_reports([game], "html", tmp_path / "r.html").read_text(
        encoding="utf-8")
    sheet = openpyxl.load_workbook(write_reports([game], "xlsx", tmp_path / "r.xlsx"))["Sessions"]
    assert [c.value for c in sheet[1]][-1] == "Arc" and sheet.cell(2, sheet.max_column).value == game.arc_text()


def test_a_declared_games_friction_quotes_its_rows_from_the_project_given(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The project is named with --project (not ./GAME): each rule's sentence comes from the referee that judged
    the game, in players' words (its summary), never a dump of its sheet row."""
    from playproof.playtest.declared import declared_engine
    from playproof.playtest.sources import load_reports

    project = Path(__file__).resolve().parents[2] / "examples" / "declared" / "market-stalls"
    monkeypatch.chdir(tmp_path)  # no ./market-stalls here
    found = load_reports([str(project / "playtests" / "evening-mistakes.log")], None, None, project)
    friction = {f.rule: f for f in insights_of([record_of(r) for r in found]).friction}
    index = {r.id: r for r in declared_engine(project, "market-stalls").rules}
    for rule in ("market-stalls/moves-buy-cost", "market-stalls/moves-lay-due", "market-stalls/counters-coins"):
        assert friction[rule].sentence == index[rule].summary, rule
        assert not friction[rule].sentence.startswith(index[rule].section)  # not `Moves!A4: verb=buy; ...`


def test_pdf_columns_beside_sentences_keep_rule_ids_whole() -> None:
    """The friction table's rule ids are never broken inside a word: beside a column of sentences (which wrap
    between words) a column of up to half the page keeps its natural width, while the sentences keep a quarter."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from playproof.output.reports import charts, pdf_report

    charts.register_fonts()
    head = ["Rule", "Violations", "Corrected", "Questions", "Sessions", "Rule's sentence"]
    rows = [["market-stalls/zones-spread-capacity", "1", "0", "0", "1", "spread holds at most 4 components."],
            ["market-stalls/moves-buy-condition", "1", "0", "0", "1", "buy is allowed only when its condition holds."]]
    shares = pdf_report._widths(head, rows, frozenset({5}))
    longest = stringWidth(rows[0][0], pdf_report.BODY.fontName, pdf_report.BODY.fontSize) + 2 * pdf_report.PAD
    assert shares[0] * pdf_report.WIDTH >= longest and shares[5] >= 0.25
    assert sum(shares) == pytest.approx(1.0)
