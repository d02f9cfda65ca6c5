"""The playtest CLI: exit codes, exact messages, the interactive recorder driven with CliRunner input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.store import Store

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"
GAME = DATA / "nim-game.log"
MISTAKES = DATA / "nim-game-mistakes.log"


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CliRunner whose session database lives in the test's folder."""
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    return CliRunner()


def test_audit_exit_codes(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    clean = runner.invoke(cli, ["audit", str(GAME)])
    assert (clean.exit_code, clean.output) == (0, f"{GAME}: 0 violation(s) in 5 moves\n")
    dirty = runner.invoke(cli, ["audit", str(GAME), str(MISTAKES)])
    assert dirty.exit_code == 1
    assert dirty.output.splitlines()[-1] == "2 logs: 1 clean, 1 with violations, 0 unreadable"
    assert f"{MISTAKES}:9 nim/1-turn-order it is Cat's turn, not Ben's\n" in dirty.output
    missing = runner.invoke(cli, ["audit", str(tmp_path / "gone.log"), str(MISTAKES)])
    assert missing.exit_code == 2
    assert missing.output.startswith(f"{tmp_path / 'gone.log'}: no such log file\n")
    bad = tmp_path / "bad.log"
    bad.write_text('[Game "nim"]\n[Players "Ann, Ben"]\nAnn take 1\n', encoding="utf-8")
    unreadable = runner.invoke(cli, ["audit", str(bad)])
    assert unreadable.exit_code == 2
    assert unreadable.output.splitlines()[0].startswith(f"{bad}:3:1: cannot read this line: expected `Actor: verb args`")


def test_audit_json_and_strict(nim: str, runner: CliRunner) -> None:
    result = runner.invoke(cli, ["audit", "--format", "json", str(MISTAKES)])
    data = json.loads(result.output)
    assert result.exit_code == 1 and data["exit_code"] == 1
    assert [(f["line"], f["rule"]) for f in data["logs"][0]["findings"]] == [
        (9, "nim/1-turn-order"), (11, "nim/2-take-limit"), (13, "nim/2-take-limit"), (14, "nim/3-winner")]
    strict = runner.invoke(cli, ["audit", "--strict", str(MISTAKES)])
    assert strict.exit_code == 1
    assert strict.output.splitlines()[0] == f"{MISTAKES}:9 nim/1-turn-order it is Cat's turn, not Ben's"


def test_audit_strict_counts_undetermined(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    log = tmp_path / "hidden.log"
    log.write_text('[Game "nim"]\n[Players "Ann, Ben"]\nAnn: take ?\n', encoding="utf-8")
    assert runner.invoke(cli, ["audit", str(log)]).exit_code == 0
    assert runner.invoke(cli, ["audit", "--strict", str(log)]).exit_code == 1


def test_rules_lists_every_rule(nim: str, runner: CliRunner) -> None:
    result = runner.invoke(cli, ["rules", "nim"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "Nim: 3 rules",
        "nim/1-turn-order  §1  Players take stones in seat order.",
        "nim/2-take-limit  §2  Take 1 to 3 stones, never more than are left.",
        "nim/3-winner      §3  Whoever takes the last stone wins; the table records it.",
        "options ([Variant] or [Setup] in a log header):",
        "  stones: stones on the heap at the start (default 12)",
    ]


def test_rules_text_quotes_the_rulebook(nim: str, runner: CliRunner) -> None:
    result = runner.invoke(cli, ["rules", "nim", "--text"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[2:4] == [
        "nim/2-take-limit  §2  Take 1 to 3 stones, never more than are left.",
        '                  rulebook: "On your turn take one, two or three stones from the heap."',
    ]
    assert lines[4].startswith("nim/3-winner")  # a rule with no quoted sentence shows none


def test_unknown_game_is_one_error_line(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["rules", "chess"])
    assert result.exit_code == 1
    assert result.output == ('Error: unknown game "chess" (known games: seven-sisters, four-sisters, '
                             'battle-for-seven-cities, who-will-reign, 7-wonders-leaders); for a game of your own, '
                             'give its project (--project, or ./chess) with rules declared in its workbook '
                             '(docs/rules-sheets.md), or --engine module:Class\n')


def test_simulate_writes_logs_that_audit_clean(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["simulate", "nim", "--players", "3", "--games", "4", "--seed", "9",
                                 "--logs", str(tmp_path / "logs")])
    assert result.exit_code == 0, result.output
    assert re.match(r"played 4 game\(s\) of Nim for 3 players: \d+ events, ", result.output)
    logs = sorted((tmp_path / "logs").glob("*.log"))
    assert [p.name for p in logs] == [f"nim-{s}.log" for s in (10, 11, 12, 9)]
    assert runner.invoke(cli, ["audit", *map(str, logs)]).exit_code == 0
    too_many = runner.invoke(cli, ["simulate", "nim", "--players", "5"])
    assert (too_many.exit_code, too_many.output) == (1, "Error: nim is for 2-3 players, not 5\n")


def test_recorder_repl(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    keys = "\n".join(["take 3", "Ben: take 9", "undo", "Dan: take 1", "moves", "Ben: take 2",
                      "note all good", "scores", "state", "Ann: take 3", "end"]) + "\n"
    result = runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--variant", "stones=5",
                                 "--no-times"], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert out[0] == "Recording session 1 (Nim); type `help` for help."
    assert out[1] == "Ann to decide (take stones): take 1 | take 2 | take 3"
    assert "> ✓ line 6" in out
    assert "> ✗ line 7 nim/2-take-limit: cannot take 9 of 2 stones" in out
    assert "> ✓ line 8: line 7 taken back" in out
    assert '> Error: line 9:1: unknown actor "Dan" (players: Ann, Ben; or table)' in out
    assert out[out.index("> take 1") + 1] == "take 2"
    assert "> recorded line 10" in out[out.index("> ✓ line 9") + 1:]
    assert "> Ann: 3 (win 0, stones 3)" in out
    state = out.index("> session 1: Nim, 10 lines")
    assert out[state + 1:state + 4] == ["round 2", "0 stones left; Ann to take", "0 violation(s) so far"]  # slip undone
    assert "✗ line 11 nim/2-take-limit: cannot take 3 of 0 stones" in "\n".join(out)
    assert out[-1] == "session 1 ended"
    text = Store(tmp_path / "sessions.db").text(1)
    assert text.endswith("Ann: take 3\nBen: take 9\nundo 7\nBen: take 2\nnote all good\nAnn: take 3\n")


def test_add_list_show_export_import(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    imported = runner.invoke(cli, ["playtest", "import", str(MISTAKES)])
    assert (imported.exit_code, imported.output) == (0, f"imported {MISTAKES} as session 1\n")
    added = runner.invoke(cli, ["playtest", "add", "1", "note checked later"])
    assert (added.exit_code, added.output) == (0, "recorded line 15\n")
    listed = runner.invoke(cli, ["playtest", "list"])
    assert re.match(r"\s+1  nim\s+Ann, Ben, Cat\s+15 lines  \S+  open\n", listed.output)
    shown = runner.invoke(cli, ["playtest", "show", "1"])
    assert shown.output.startswith(MISTAKES.read_text(encoding="utf-8"))
    assert "session 1:9 nim/1-turn-order it is Cat's turn, not Ben's" in shown.output
    out = tmp_path / "s.jsonl"
    exported = runner.invoke(cli, ["playtest", "export", "1", "--format", "jsonl", "-o", str(out)])
    assert (exported.exit_code, exported.output) == (0, f"wrote {out}\n")
    again = runner.invoke(cli, ["playtest", "import", str(out)])
    assert again.output == f"imported {out} as session 2\n"
    text = runner.invoke(cli, ["playtest", "export", "2"]).output
    assert text == MISTAKES.read_text(encoding="utf-8") + "note checked later\n"


def test_session_errors(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    db = tmp_path / "sessions.db"
    assert runner.invoke(cli, ["playtest", "show", "7"]).output == \
        f"Error: no session 7 in {db} (see `playproof playtest list`)\n"
    runner.invoke(cli, ["playtest", "import", str(GAME)])
    bad = runner.invoke(cli, ["playtest", "add", "1", "Zed: take 1"])
    assert (bad.exit_code, bad.output) == (1, 'Error: line 18:1: unknown actor "Zed" (players: Ann, Ben; or table)\n')
    assert runner.invoke(cli, ["playtest", "list", "--db", str(tmp_path / "other.db")]).output == \
        f"no sessions in {tmp_path / 'other.db'}\n"
    empty = runner.invoke(cli, ["playtest", "start", "nim", "--players", " , "])
    assert empty.output == 'Error: --players needs names separated by commas, e.g. --players "Ann,Ben,Cat"\n'


def test_report_command(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    runner.invoke(cli, ["playtest", "import", str(GAME)])
    result = runner.invoke(cli, ["report", "1", str(MISTAKES), "--format", "json", "-o", str(out)])
    assert (result.exit_code, result.output) == (0, f"wrote {out}\n")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [s["name"] for s in data["sessions"]] == ["session 1", str(MISTAKES)]
    assert data["aggregate"]["sessions"] == 2
    wrong = runner.invoke(cli, ["report", str(GAME), "--format", "docx", "-o", str(tmp_path / "r.docx")])
    assert wrong.output == 'Error: unknown report format "docx" (known formats: html, pdf, xlsx, json)\n'
    missing = runner.invoke(cli, ["report", "nowhere.log", "-o", str(out)])
    assert missing.output == "Error: nowhere.log: no such log file, and not a session id\n"


def test_every_option_is_documented() -> None:
    from playproof.commands.playtest_commands import COMMANDS

    docs = (Path(__file__).resolve().parents[2] / "docs" / "playtest.md").read_text(encoding="utf-8")
    commands = [c for group in COMMANDS for c in getattr(group, "commands", {}).values()] + COMMANDS
    options = {opt for c in commands for p in c.params for opt in p.opts if opt.startswith("--")}
    assert sorted(o for o in options if f"`{o}" not in docs) == []


def test_simulate_reports_an_engine_that_rejects_its_own_move(nim: str, runner: CliRunner,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import playproof_nim

    monkeypatch.setattr(playproof_nim.Nim, "decision",
                        lambda self: playproof_nim.Decision("Ann", ("take 4",)) if self.heap else None)
    result = runner.invoke(cli, ["simulate", "nim", "--players", "2", "--seed", "3"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: the nim engine failed in the simulated game with seed 3 "
                                    "(SimulationError: engine rejected its own legal move ")


def test_audit_reads_jsonl_twins(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    from playproof.playtest.logjson import to_jsonl
    from playproof.playtest.logparse import read_log

    twin = tmp_path / "mistakes.jsonl"
    twin.write_text(to_jsonl(read_log(MISTAKES)), encoding="utf-8")
    text, jsonl = runner.invoke(cli, ["audit", str(MISTAKES)]), runner.invoke(cli, ["audit", str(twin)])
    assert jsonl.exit_code == 1
    assert jsonl.output.replace(str(twin), "X") == text.output.replace(str(MISTAKES), "X")


def test_simulate_logs_folder_that_cannot_be_made(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    result = runner.invoke(cli, ["simulate", "nim", "--players", "2", "--logs", str(tmp_path / "file" / "logs")])
    assert (result.exit_code, result.output) == (1, f"Error: {tmp_path / 'file' / 'logs'}: cannot write (Not a directory)\n")


def test_repl_survives_an_engine_failure(nim: str, runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    import playproof_nim

    def broken(self: object, event: object) -> list[object]:
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(playproof_nim.Nim, "_declare", broken)
    result = runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--no-times"],
                           input="table: winner Ann\nAnn: take 1\n")
    assert result.exit_code == 0
    assert ("> Error: the nim engine failed on line 5 (ZeroDivisionError: oops); the line is stored, "
            "the session goes on" in result.output.splitlines())
    added = runner.invoke(cli, ["playtest", "add", "1", "Ben: take 1"])  # a new process replays: the bug shows again
    assert (added.exit_code, added.output) == (
        1, "Error: session 1:5: the nim engine failed on this line (ZeroDivisionError: oops)\n")
    assert "> ✓ line 6" in result.output.splitlines()
    assert Store(tmp_path / "sessions.db").lines(1)[-2:] == ["table: winner Ann", "Ann: take 1"]


def test_show_state_at_a_line(nim: str, runner: CliRunner) -> None:
    runner.invoke(cli, ["playtest", "import", str(GAME)])
    result = runner.invoke(cli, ["playtest", "show", "1", "--at", "13"])
    assert result.output.splitlines() == ["after line 13: round 2", "2 stones left; Ben to take",
                                          "scores: Ann 4, Ben 1", "next: Ben (2 legal moves)", "0 finding(s) so far"]
    past = runner.invoke(cli, ["playtest", "show", "1", "--at", "99"])
    assert (past.exit_code, past.output) == (1, "Error: line 99 is past the end of the log (last line 17)\n")


def test_resume_goes_on_where_input_ended(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    first = runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--no-times"],
                          input="take 2\n")
    assert first.output.splitlines()[-1] == "> input ended; session 1 stays open (`playproof playtest resume 1` goes on)"
    again = runner.invoke(cli, ["playtest", "resume", "1"], input="moves\ntake 1\nend\n")
    assert again.exit_code == 0
    lines = again.output.splitlines()
    assert lines[1] == "Ben to decide (take stones): take 1 | take 2 | take 3"
    assert "> ✓ line 6" in lines and lines[-1] == "session 1 ended"
    assert Store(tmp_path / "sessions.db").lines(1)[-2:] == ["Ann: take 2", "Ben: take 1"]


def test_simulate_summary_counts_wins_and_points(nim: str) -> None:
    from playproof.playtest.games import find_engine
    from playproof.playtest.simulate import run_simulation, simulate_games

    games = list(simulate_games(find_engine(nim), 2, 5, 1))
    summary = run_simulation(find_engine(nim), 2, 5, 1)
    assert summary.wins == [sum("Ann" in g.winners for g in games), sum("Ben" in g.winners for g in games)]
    assert sum(summary.wins) == 5 and summary.points == [sum(g.scores["Ann"] for g in games),
                                                         sum(g.scores["Ben"] for g in games)]
    assert summary.lines()[2] == f"mean score by seat: 1: {summary.points[0] / 5:.1f}, 2: {summary.points[1] / 5:.1f}"


def test_an_ended_session_takes_no_more_lines(nim: str, runner: CliRunner) -> None:
    runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--no-times"], input="end\n")
    ended = Store(Path(__import__("os").environ["PLAYPROOF_DB"])).info(1).ended
    for args in (["add", "1", "Ann: take 1"], ["resume", "1"]):
        result = runner.invoke(cli, ["playtest", *args])
        assert (result.exit_code, result.output) == (1, f"Error: session 1 ended at {ended}; it takes no more lines\n")


def test_quotes_in_names_and_options_are_written_escaped(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["playtest", "start", "nim", "--players", 'Ann "the Bold",Ben', "--no-times",
                                 "--variant", 'stones=5, motto=a\\b'], input='Ann "the Bold": take 1\nend\n')
    assert result.exit_code == 0, result.output
    assert "> ✓ line 6" in result.output.splitlines()
    text = Store(tmp_path / "sessions.db").text(1)
    assert '[Players "Ann \\"the Bold\\", Ben"]\n' in text and '[Variant "stones=5, motto=a\\\\b"]\n' in text


def test_import_refuses_a_broken_log_naming_the_first_error_and_how_many_more(nim: str, runner: CliRunner,
                                                                             tmp_path: Path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text('[Game "nim"]\n[Players "Ann, Ben"]\nAnn take 1\nDan: take 1\n', encoding="utf-8")
    result = runner.invoke(cli, ["playtest", "import", str(bad)])
    assert (result.exit_code, result.output) == (1, f"Error: {bad}:3:1: cannot read this line: expected `Actor: verb "
                                                    "args`, a `== Round ==` or `-- Phase --` marker, reveal/undo/"
                                                    "amend/note, a [Header] or a # comment (and 1 more; `playproof "
                                                    f"audit {bad}` lists them)\n")


def test_simulate_refuses_an_option_the_engine_does_not_know(nim: str, runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "nim", "--players", "2", "--variant", "stone=5"])
    assert (result.exit_code, result.output) == (
        1, 'Error: unknown option "stone" for nim (known options: stones)\n')


def test_report_of_a_log_with_problems_is_written_and_warns(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text('[Game "nim"]\n[Players "Ann, Ben"]\nAnn takes 1\nBen: take 1\n', encoding="utf-8")
    out = tmp_path / "r.html"
    result = runner.invoke(cli, ["report", str(bad), "-o", str(out)])
    assert (result.exit_code, result.stdout) == (0, f"wrote {out}\n")
    assert result.stderr == (f"{bad}:3:1: cannot read this line: expected `Actor: verb args`, a `== Round ==`"
                             " or `-- Phase --` marker, reveal/undo/amend/note, a [Header] or a # comment\n")
    bad.write_text('[Game "nim"]\n[Players "Ann, Ben"]\n[Varaint "stones=3"]\nAnn: take 1\n', encoding="utf-8")
    warned = runner.invoke(cli, ["report", str(bad), "-o", str(out)])
    assert warned.stderr == f"{bad}:3: warning: unknown header [Varaint]; did you mean [Variant]?\n"
    assert f"{bad}:3: warning: unknown header [Varaint]; did you mean [Variant]?" in out.read_text(encoding="utf-8")


def test_ctrl_c_at_the_prompt_leaves_the_session_open(nim: str, runner: CliRunner,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from playproof.commands import playtest_commands

    class Interrupted:
        def isatty(self) -> bool:
            return False

        def readline(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    assert playtest_commands._read_line("Ann to decide") is None
    result = runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben"], input="")
    assert result.output.splitlines()[-1] == "> input ended; session 1 stays open (`playproof playtest resume 1` goes on)"


def test_add_refuses_an_empty_line_and_a_line_break(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--no-times"], input="")
    empty = runner.invoke(cli, ["playtest", "add", "1", "  "])
    assert (empty.exit_code, empty.output) == (1, "Error: nothing to record: the line is empty\n")
    two = runner.invoke(cli, ["playtest", "add", "1", "note a\nnote b"])
    assert (two.exit_code, two.output) == (1, "Error: a line cannot hold a line break; enter one line at a time\n")
    assert Store(tmp_path / "sessions.db").info(1).lines == 4  # the header only: nothing was stored


def test_add_undo_alone_takes_back_the_last_move(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--no-times"], input="take 2\n")
    result = runner.invoke(cli, ["playtest", "add", "1", "undo"])
    assert (result.exit_code, result.output) == (0, "✓ line 6: line 5 taken back\n")
    assert Store(tmp_path / "sessions.db").lines(1)[-1] == "undo 5"


@pytest.mark.parametrize(("name", "magic"), [("r.pdf", b"%PDF"), ("r.xlsx", b"PK"), ("r.json", b"{"),
                                             ("r.html", b"<!DOCTYPE html>"), ("r.txt", b"<!DOCTYPE html>")])
def test_report_format_follows_the_output_extension(nim: str, runner: CliRunner, tmp_path: Path, name: str,
                                                    magic: bytes) -> None:
    result = runner.invoke(cli, ["report", str(GAME), "-o", str(tmp_path / name)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / name).read_bytes().startswith(magic)
    forced = runner.invoke(cli, ["report", str(GAME), "--format", "json", "-o", str(tmp_path / "forced.pdf")])
    assert forced.exit_code == 0 and (tmp_path / "forced.pdf").read_bytes().startswith(b"{")


def test_export_to_a_jsonl_file_writes_the_twin(nim: str, runner: CliRunner, tmp_path: Path) -> None:
    runner.invoke(cli, ["playtest", "import", str(GAME)])
    runner.invoke(cli, ["playtest", "export", "1", "-o", str(tmp_path / "s.jsonl")])
    runner.invoke(cli, ["playtest", "export", "1", "--format", "text", "-o", str(tmp_path / "t.jsonl")])
    assert (tmp_path / "s.jsonl").read_text(encoding="utf-8").startswith('{"line": 1, "kind": "header"')
    assert (tmp_path / "t.jsonl").read_text(encoding="utf-8") == GAME.read_text(encoding="utf-8")


def test_recorder_warns_about_an_option_the_engine_does_not_know(nim: str, runner: CliRunner) -> None:
    result = runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--variant", "stone=3"],
                           input="")
    assert result.output.splitlines()[:2] == [
        "Recording session 1 (Nim); type `help` for help.",
        'warning: unknown option "stone" for nim (known options: stones)']


def test_import_names_an_unreadable_record_before_what_it_caused(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("[1, 2]\n", encoding="utf-8")
    result = runner.invoke(cli, ["playtest", "import", str(bad)])
    assert (result.exit_code, result.output) == (1, f"Error: {bad}:1: cannot read JSON record (expected a JSON object, "
                                                    f"got list) (and 1 more; `playproof audit {bad}` lists them)\n")


def test_an_engine_failing_to_describe_its_state_is_one_error(nim: str, runner: CliRunner,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import playproof_nim

    runner.invoke(cli, ["playtest", "import", str(GAME)])

    def broken(self: object) -> None:
        raise KeyError("turn")

    monkeypatch.setattr(playproof_nim.Nim, "decision", broken)
    shown = runner.invoke(cli, ["playtest", "show", "1", "--at", "9"])
    assert (shown.exit_code, shown.output) == (
        1, "Error: the nim engine failed describing its state after line 9 (KeyError: 'turn')\n")
    bare = runner.invoke(cli, ["playtest", "add", "1", "take 1"])
    assert bare.exit_code == 1 and bare.output.startswith("Error: line 18:1: cannot read this line")


def test_an_engine_failing_at_the_end_still_ends_the_session(nim: str, runner: CliRunner, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import playproof_nim

    def broken(self: object) -> None:
        raise RuntimeError("no scores")

    monkeypatch.setattr(playproof_nim.Nim, "finish", broken)
    result = runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--no-times"], input="end\n")
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        0, "> Error: the nim engine failed at the end (RuntimeError: no scores); session 1 is ended and stored")
    assert Store(tmp_path / "sessions.db").info(1).ended is not None


def test_simulated_logs_escape_option_values_in_their_header(nim: str) -> None:
    from playproof.playtest.engine import Setup
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.simulate import game_log
    import playproof_nim

    text = game_log(playproof_nim.Nim, Setup(("Ann", "Ben"), {"stones": '3 "big"'}, 4), [])
    assert text.splitlines()[3] == '[Variant "stones=3 \\"big\\""]'
    assert parse_log(text).header["Variant"] == 'stones=3 "big"'


def test_a_game_for_exactly_four_says_four_players() -> None:
    result = CliRunner().invoke(cli, ["simulate", "four-sisters", "--players", "3", "--games", "1"])
    assert (result.exit_code, result.output) == (1, "Error: four-sisters is for 4 players, not 3\n")
