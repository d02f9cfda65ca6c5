"""Session reports: the data every format shows, HTML escaping and self-containment, PDF, XLSX and JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from playproof.output.reports import FORMATS, find_format, write_reports
from playproof.playtest.audit import audit_file, audit_log
from playproof.playtest.logparse import parse_log
from playproof.playtest.reportdata import SessionReport, aggregate, session_report

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"
EVIL = "<script>alert('x')</script> & \"q\""
HOSTILE = f"""[Game "nim"]
[Players "Ann, B<b>en"]
[Event "{EVIL.replace('"', '')}"]
[Variant "stones=4"]

0:00:10 Ann: take 2  # {EVIL}
0:01:40 B<b>en: take 9
note {EVIL}
0:02:00 Ann: take 2
table: winner Ann
"""


@pytest.fixture
def reports(nim: str) -> list[SessionReport]:
    """The reports of the two Nim fixtures."""
    return [session_report(audit_file(DATA / name)) for name in ("nim-game.log", "nim-game-mistakes.log")]


def test_session_report_data(reports: list[SessionReport]) -> None:
    game, mistakes = reports
    assert game.players == ["Ann", "Ben"] and game.over and game.winners == ["Ben"]
    assert game.scores == {"Ann": 4, "Ben": 13}
    assert game.breakdown == {"Ann": {"win": 0, "stones": 4}, "Ben": {"win": 10, "stones": 3}}
    assert game.rounds == [("1", {"Ann": 3, "Ben": 1}), ("2", {"Ann": 4, "Ben": 3}), ("3", {"Ann": 4, "Ben": 13})]
    assert game.turn_times == {"Ann": [5, 22], "Ben": [35, 28]}
    assert game.notes == [(14, "Ben hesitated before his take")]
    assert game.moves == 5 and game.minutes == 1.5
    assert [(f.line, f.corrected_by) for f in mistakes.violations] == [
        (6, 10), (7, 8), (7, 8), (9, None), (11, None), (13, None), (14, None)]
    statuses = {row.line: row.status for row in mistakes.timeline}
    assert statuses[6] == "amended on line 10" and statuses[7] == "undone on line 8" and statuses[9] == "violation"
    revealed = next(row for row in mistakes.timeline if row.line == 11)
    assert revealed.text == "take ? (revealed: 5)"
    amend = next(row for row in mistakes.timeline if row.line == 10)
    assert (amend.actor, amend.text) == ("Ben", "amend 6: take 1")  # the actor is said once, in its column


def test_aggregate_views(reports: list[SessionReport]) -> None:
    agg = aggregate(reports)
    assert agg.seat_wins == [(1, 1, 2), (2, 1, 2), (3, 0, 1)]
    assert agg.seat_means == {1: 8.5, 2: 8.0, 3: 3.0}
    assert agg.spreads == [(str(DATA / "nim-game.log"), 4, 13, 8.5), (str(DATA / "nim-game-mistakes.log"), 3, 13, 6.3)]
    assert agg.lengths[0] == (str(DATA / "nim-game.log"), 5, 1.5)
    assert agg.rules == [("nim/1-turn-order", 3), ("nim/2-take-limit", 3), ("nim/3-winner", 1)]


def test_formats_are_a_registry() -> None:
    assert list(FORMATS) == ["html", "pdf", "xlsx", "json"]
    assert [(find_format(n).name, find_format(n).extension) for n in FORMATS] == [
        ("html", ".html"), ("pdf", ".pdf"), ("xlsx", ".xlsx"), ("json", ".json")]


def test_html_is_self_contained_and_escapes_user_text(nim: str, tmp_path: Path) -> None:
    report = session_report(audit_log(parse_log(HOSTILE, "<evil>.log")))
    path = write_reports([report, report], "html", tmp_path / "r.html")
    page = path.read_text(encoding="utf-8")
    assert "<script" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp;" in page
    assert "B&lt;b&gt;en" in page and "&lt;evil&gt;.log" in page
    assert not re.search(r"""(src|href)=["'](?!#)""", page)  # nothing loaded from outside the file
    assert page.count("<svg") == 2 + 2 * 3  # aggregate charts, then scores, rounds and turn times per session
    ids = re.findall(r'id="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    assert "corrected" not in page or "standing" in page


def test_pdf_has_pages_and_text(reports: list[SessionReport], tmp_path: Path) -> None:
    pypdfium2 = pytest.importorskip("pypdfium2")
    path = write_reports(reports, "pdf", tmp_path / "r.pdf")
    pdf = pypdfium2.PdfDocument(str(path))
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    assert len(pdf) >= 3
    assert "Win rate by seat" in text and "nim/3-winner" in text and "corrected on line 10" in text


def test_xlsx_has_every_view(reports: list[SessionReport], tmp_path: Path) -> None:
    import openpyxl

    path = write_reports(reports, "xlsx", tmp_path / "r.xlsx")
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Sessions", "Scores", "Rounds", "Violations", "Violations by rule", "Turn times", "Notes", "Timeline",
                               "Seat win rates", "Score spread", "Most broken rules", "Seats (finished games)",
                               "Components", "Arc of the game", "Each game's arc", "Rule friction", "Pace"]
    violations = list(book["Violations"].iter_rows(values_only=True))
    assert violations[1] == (str(DATA / "nim-game.log").replace("nim-game.log", "nim-game-mistakes.log"), 6,
                             "nim/1-turn-order", "it is Ben's turn, not Cat's", "violation", 10)


def test_xlsx_never_writes_a_formula(nim: str, tmp_path: Path) -> None:
    import openpyxl

    report = session_report(audit_log(parse_log(HOSTILE.replace("note ", "note =SUM(A1:A3) "), "f.log")))
    book = openpyxl.load_workbook(write_reports([report], "xlsx", tmp_path / "f.xlsx"))
    cell = book["Notes"]["C2"]
    assert cell.value == "=SUM(A1:A3) <script>alert('x')</script> & \"q\""  # the note exactly, no quote added
    assert (cell.data_type, cell.quotePrefix) == ("s", True)  # text shown as typed, never computed
    assert not [c for sheet in book for row in sheet.iter_rows() for c in row if c.data_type == "f"]


def test_json_report(reports: list[SessionReport], tmp_path: Path) -> None:
    data = json.loads(write_reports(reports[:1], "json", tmp_path / "r.json").read_text(encoding="utf-8"))
    session = data["sessions"][0]
    assert data["aggregate"] is None
    assert session["scores"] == {"Ann": 4, "Ben": 13}
    assert session["rounds"][0] == {"round": "1", "scores": {"Ann": 3, "Ben": 1}}
    assert session["notes"] == [{"line": 14, "text": "Ben hesitated before his take"}]


def test_unwritable_report_is_a_clear_error(reports: list[SessionReport], tmp_path: Path) -> None:
    from playproof.errors import PlayproofError

    (tmp_path / "taken").mkdir()
    with pytest.raises(PlayproofError, match=r"taken: cannot write report \(Is a directory\)"):
        write_reports(reports, "json", tmp_path / "taken")


def test_xlsx_sessions_sheet(reports: list[SessionReport], tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.load_workbook(write_reports(reports, "xlsx", tmp_path / "r.xlsx"))
    rows = list(book["Sessions"].iter_rows(values_only=True))
    assert rows[0] == ("Log", "Game", "Date", "Rules", "Components", "Players", "Moves", "Minutes", "Finished",
                       "Winners", "Violations", "Corrected", "Arc")
    assert rows[1][1:] == ("nim", "2026-11-20", "1.0", None, "Ann, Ben", 5, 1.5, True, "Ben", 0, 0,
                           "decided at round 3 of 3, 1 lead change(s), margin 9")
    assert rows[2][-3:-1] == (4, 3)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_logs_that_cannot_be_replayed_still_report(nim: str, fmt: str, tmp_path: Path) -> None:
    logs = [parse_log('[Game "seven-sistres"]\n[Players "A, B"]\n0:10 A: e4\n', "typo.log"),
            parse_log("", "empty.log"),
            parse_log('[Game "nim"]\n[Players "Ann, Ben"]\nAnn takes 1\nBen: take 1\n', "bad.log")]
    reports = [session_report(audit_log(log)) for log in logs]
    assert reports[0].problems[0].startswith('typo.log:1: unknown game "seven-sistres"; did you mean')
    assert [(f.line, f.rule) for f in reports[2].violations] == [(4, "nim/1-turn-order")]
    assert write_reports(reports, fmt, tmp_path / f"r.{fmt}").stat().st_size > 0


def test_missing_optional_dependency_says_what_to_install(reports: list[SessionReport], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from playproof.errors import PlayproofError

    monkeypatch.setitem(sys.modules, "openpyxl", None)
    with pytest.raises(PlayproofError) as err:
        write_reports(reports, "xlsx", tmp_path / "r.xlsx")
    assert str(err.value) == "the xlsx report needs openpyxl: pip install openpyxl"


def test_violations_by_rule(reports: list[SessionReport]) -> None:
    assert reports[1].by_rule() == [("nim/1-turn-order", 1, 2), ("nim/2-take-limit", 2, 1),
                                     ("nim/3-winner", 1, 0)]
    assert reports[0].by_rule() == []


def test_an_engine_failing_to_score_leaves_the_rest_of_the_report(nim: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import playproof_nim

    monkeypatch.setattr(playproof_nim.Nim, "score_breakdown", lambda self: {}["x"])
    report = session_report(audit_file(DATA / "nim-game-mistakes.log"))
    assert report.problems == [f"{DATA / 'nim-game-mistakes.log'}: the nim engine failed while scoring "
                               "(KeyError: 'x')"]
    assert report.scores == {} and len(report.violations) == 7 and len(report.timeline) == 10


def test_mixed_games_are_flagged(reports: list[SessionReport]) -> None:
    assert aggregate(reports).mixed_note() == ""
    other = SessionReport(**{**reports[0].__dict__, "game": "other-game"})
    assert aggregate([reports[0], other]).mixed_note() == (
        "These sessions are of 2 games (nim, other-game); seat and score views mix them.")


def test_unique_names() -> None:
    from playproof.playtest.reportdata import unique_names

    names = ["examples/a/playtests/x.log", "examples/b/playtests/x.log", "y.log", "session 3"]
    assert unique_names(names) == {names[0]: "a/x.log", names[1]: "b/x.log", "y.log": "y.log", "session 3": "session 3"}


def test_pdf_time_per_turn_has_one_heading_and_times_on_one_line(nim: str, tmp_path: Path) -> None:
    pypdfium2 = pytest.importorskip("pypdfium2")
    report = session_report(audit_log(parse_log(HOSTILE.replace("0:0", "10:0"), "t.log")))
    pdf = pypdfium2.PdfDocument(str(write_reports([report], "pdf", tmp_path / "t.pdf")))
    text = "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert text.count("Time per turn (seconds)") == 1
    assert "10:01:40" in text.split()  # the timeline's Time column holds h:mm:ss without wrapping


def test_html_charts_name_fonts_a_browser_has(nim: str, tmp_path: Path) -> None:
    report = session_report(audit_log(parse_log(HOSTILE, "t.log")))
    page = write_reports([report], "html", tmp_path / "t.html").read_text(encoding="utf-8")
    assert "PPSans" not in page  # reportlab's registered names mean nothing to a browser
    assert "font-family: 'DejaVu Sans', Verdana, sans-serif; font-weight: bold;" in page


def test_time_per_turn_counts_a_run_of_one_players_moves_as_one_turn() -> None:
    from playproof.playtest.reportdata import turn_times

    log = parse_log('[Players "Ann, Ben"]\n0:00:30 Ann: harvest\n0:01:00 Ann: acquire Tapestry\ntable: draw 3\n'
                    "0:01:10 Ann: end\n0:01:20 table: refill\n0:02:00 Ben: harvest\nBen: end\n0:02:30 Ann: harvest\n"
                    "0:02:20 Ben: harvest\n", "t.log")
    # Ann 0:00 -> 1:10 in one turn; Ben from the table's 1:20 to 2:00 (his untimed end adds nothing); Ann 2:00 -> 2:30;
    # Ben's 2:20 is earlier than the line before it, so that turn counts no time
    assert turn_times(log) == {"Ann": [70, 30], "Ben": [40]}


def test_html_shades_standing_violations_not_corrected_ones(reports: list[SessionReport], tmp_path: Path) -> None:
    page = write_reports(reports[1:], "html", tmp_path / "v.html").read_text(encoding="utf-8")
    violations = page[page.index("<h3>Violations</h3>"):page.index("<h3>Violations by rule</h3>")]
    rows = re.findall(r"<tr( class=\"error\")?><td class=\"num\">(\d+)</td>", violations)
    assert {line: bool(shaded) for shaded, line in rows} == {
        str(f.line): not f.corrected_by for f in reports[1].violations}
    assert any(f.corrected_by for f in reports[1].violations) and any(not f.corrected_by for f in reports[1].violations)


def test_a_file_in_the_way_of_the_report_folder_is_named(reports: list[SessionReport], tmp_path: Path) -> None:
    from playproof.errors import PlayproofError

    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    target = tmp_path / "notes.txt" / "sub" / "r.html"
    with pytest.raises(PlayproofError) as err:
        write_reports(reports, "html", target)
    assert str(err.value) == f"{target}: cannot write report ({tmp_path / 'notes.txt'} is a file, not a folder)"


def test_control_characters_in_user_text_reach_no_format_raw(nim: str, tmp_path: Path) -> None:
    import openpyxl

    log = parse_log('[Game "nim"]\n[Players "Ann\x07, Ben"]\n[Variant "stones=4"]\n\n0:00:10 Ann\x07: take 2\n'
                    "note bell \x07 and \x1b[31mcolour\n", "c.log")
    report = session_report(audit_log(log))
    page = write_reports([report], "html", tmp_path / "c.html").read_text(encoding="utf-8")
    assert "\x07" not in page and "\x1b" not in page
    assert "bell \ufffd and \ufffd[31mcolour" in page
    book = openpyxl.load_workbook(write_reports([report], "xlsx", tmp_path / "c.xlsx"))
    assert book["Notes"]["C2"].value == "bell \ufffd and \ufffd[31mcolour"
    assert write_reports([report], "pdf", tmp_path / "c.pdf").stat().st_size > 0


def test_pdf_survives_a_note_longer_than_a_page(nim: str, tmp_path: Path) -> None:
    text = HOSTILE + "note " + " ".join(["word"] * 2500) + "\nnote " + "x" * 4000 + "\n"
    report = session_report(audit_log(parse_log(text, "long.log")))
    assert write_reports([report], "pdf", tmp_path / "long.pdf").read_bytes().startswith(b"%PDF")


def test_a_format_that_fails_is_one_error(reports: list[SessionReport], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.errors import PlayproofError
    from playproof.output.reports.json_report import JsonReport

    def broken(self: JsonReport, *args: object) -> None:
        raise ValueError("no room")

    monkeypatch.setattr(JsonReport, "write", broken)
    with pytest.raises(PlayproofError) as err:
        write_reports(reports, "json", tmp_path / "r.json")
    assert str(err.value) == f"{tmp_path / 'r.json'}: the json report failed (ValueError: no room)"


def test_xlsx_of_many_sessions_streams_rows_and_leaves_out_timelines_past_its_budget(
        nim: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from openpyxl import load_workbook

    from playproof.output.reports import xlsx_report

    text = '[Game "nim"]\n[Players "Ann, Ben"]\n[Variant "stones=5"]\nAnn: take 2\nnote =1+1\n'
    reports = [session_report(audit_log(parse_log(text, f"g{n}.log"))) for n in range(3)]
    lines = sum(len(r.timeline) for r in reports)
    whole = load_workbook(write_reports(reports, "xlsx", tmp_path / "r.xlsx"))["Timeline"]
    assert whole.max_row == 1 + lines and whole["A1"].font.b and whole.freeze_panes == "A2"
    monkeypatch.setattr(xlsx_report, "TIMELINE_LINES", lines - 1)
    cut = load_workbook(write_reports(reports, "xlsx", tmp_path / "r.xlsx"))["Timeline"]
    assert cut.max_row == 2
    assert cut["A2"].value.startswith(f"The timelines ({lines} lines) of these 3 sessions are left out")
