"""Replay and audit: state at any line, reveals re-checking undetermined verdicts, corrections, expected findings."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playproof.errors import Location, PlayproofError
from playproof.playtest.audit import audit_exit_code, audit_file, audit_log, audit_paths, format_text, \
    found_multiset, read_expected
from playproof.playtest.engine import EventKind, Status
from playproof.playtest.logparse import parse_log
from playproof.playtest.replay import events_of, fill_unknowns, prepare

DATA = Path(__file__).resolve().parents[1] / "data" / "playtest"
HEAD = '[Game "nim"]\n[Players "Ann, Ben"]\n[Variant "stones=5"]\n\n'


def test_state_at_any_line(nim: str) -> None:
    replay = prepare(parse_log(HEAD + "Ann: take 2\nBen: take 1\nAnn: take 2\ntable: winner Ann\n"))
    assert [replay.state_at(line).heap for line in (4, 5, 6, 7)] == [5, 3, 2, 0]
    assert not replay.state_at(7).is_over() and replay.state_at(8).is_over()
    assert replay.state_at(8).scores() == {"Ann": 14, "Ben": 1}


def test_events_seen_by_the_engine(nim: str) -> None:
    log = parse_log(HEAD + "== Round 1 ==\nAnn: take ?\nBen: take 3\nreveal 6: 2\nundo 7\namend 6: Ann: take 1\n"
                           "-- End --\n")
    assert [(e.line, e.actor, e.text, e.kind) for e in events_of(log)] == [
        (5, "", "round 1", EventKind.MARKER), (10, "Ann", "take 1", EventKind.MOVE), (11, "", "phase End", EventKind.MARKER)]
    assert [(e.line, e.text) for e in events_of(log, upto=8)] == [(5, "round 1"), (6, "take 2"), (7, "take 3")]
    assert [(e.line, e.text) for e in events_of(log, upto=7)] == [(5, "round 1"), (6, "take ?"), (7, "take 3")]
    assert [(e.line, e.text) for e in events_of(log, corrected=False)] == [(5, "round 1"), (6, "take 2"),
                                                                            (7, "take 3"), (11, "phase End")]


def test_fill_unknowns_in_order() -> None:
    assert fill_unknowns("Greed/? A ? ?", ["Lust", "3"]) == "Greed/Lust A 3 ?"
    assert fill_unknowns("what? ?", ["x"]) == "what? x"


def test_undetermined_until_revealed(nim: str) -> None:
    log = parse_log(HEAD + "Ann: take ?\nBen: take 1\nreveal 5: 4\n", "t.log")
    replay = prepare(log)
    _, before = replay.engine_at(6)
    assert [(v.line, v.rule, v.status) for v in before] == [(5, "nim/2-take-limit", Status.UNDETERMINED)]
    result = audit_log(log)
    assert [(f.line, f.rule, f.status) for f in result.findings] == [(5, "nim/2-take-limit", Status.VIOLATION)]
    assert str(result.findings[0]) == ("t.log:5 nim/2-take-limit cannot take 4 of 5 stones "
                                       "(known since the reveal on line 7)")


def test_undetermined_left_open_is_not_a_violation(nim: str) -> None:
    result = audit_log(parse_log(HEAD + "Ann: take ?\n", "t.log"))
    assert result.violations == [] and len(result.undetermined) == 1
    assert str(result.undetermined[0]) == "t.log:5 nim/2-take-limit (cannot tell yet) how many stones were taken is hidden"
    assert audit_exit_code([result]) == 0


def test_slip_and_fix_both_shown(nim: str) -> None:
    result = audit_file(DATA / "nim-game-mistakes.log")
    assert [(f.line, f.rule, f.corrected_by) for f in result.slips] == [
        (6, "nim/1-turn-order", 10), (7, "nim/1-turn-order", 8), (7, "nim/2-take-limit", 8)]
    lines = format_text([result])
    assert lines[4].endswith("mistakes.log:6 nim/1-turn-order it is Ben's turn, not Cat's (corrected on line 10)")
    assert lines[-1].endswith("nim-game-mistakes.log: 4 violation(s), 3 corrected at the table in 7 moves")


def test_mistakes_fixture_matches_its_expected_file(nim: str) -> None:
    result = audit_file(DATA / "nim-game-mistakes.log")
    assert found_multiset(result) == read_expected(DATA / "nim-game-mistakes.expected")
    assert audit_exit_code([result]) == 1


def test_read_expected_rejects_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "x-mistakes.expected"
    path.write_text("# fine\n12 a/b\n\n12 a/b  # twice\nline 3 a/b\n", encoding="utf-8")
    with pytest.raises(PlayproofError) as info:
        read_expected(path)
    assert str(info.value) == f"{path}:5: expected `<line> <rule-id>`, got 'line 3 a/b'"
    path.write_text("12 a/b\n12 a/b # again\n", encoding="utf-8")
    assert read_expected(path) == Counter({(12, "a/b"): 2})


def test_strict_stops_at_the_first_finding(nim: str) -> None:
    result = audit_file(DATA / "nim-game-mistakes.log", strict=True)
    assert [(f.line, f.rule) for f in result.findings] == [(9, "nim/1-turn-order")]


def test_unreadable_lines_make_the_audit_exit_2(nim: str) -> None:
    result = audit_log(parse_log(HEAD + "Ann takes two\nBen: take 1\n", "t.log"))
    assert not result.readable and audit_exit_code([result]) == 2
    assert format_text([result])[0].startswith("t.log:5:1: cannot read this line")
    assert [(f.line, f.rule) for f in result.findings] == [(6, "nim/1-turn-order")]


def test_missing_game_and_unknown_game(nim: str, tmp_path: Path) -> None:
    results = audit_paths([tmp_path / "none.log"])
    assert format_text(results)[0] == f"{tmp_path / 'none.log'}: no such log file"
    no_game = audit_log(parse_log('[Players "Ann, Ben"]\n', "t.log"))
    assert [(str(p.location), p.message) for p in no_game.problems] == [
        ("t.log", 'no [Game "..."] header; name the game, e.g. [Game "seven-sisters"]')]
    unknown = audit_log(parse_log('[Game "seven-sistres"]\n[Players "Ann, Ben"]\n', "t.log"))
    assert str(unknown.problems[0].location) == "t.log:1"
    assert unknown.problems[0].message.startswith('unknown game "seven-sistres"; did you mean "seven-sisters"? '
                                                  '(known games: seven-sisters, ')
    assert [p.location for p in results[0].problems] == [Location(str(tmp_path / "none.log"))]
    assert results[0].to_dict()["problems"] == [
        {"location": str(tmp_path / "none.log"), "message": "no such log file", "severity": "error"}]
    assert audit_exit_code([unknown]) == 2


class Crashing:
    """Make the Nim engine raise on a given move, as a buggy engine would."""

    def apply(self, event: object) -> list[object]:
        raise KeyError("boom")


def test_an_engine_crash_is_reported_not_hidden(nim: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import playproof_nim

    monkeypatch.setattr(playproof_nim.Nim, "_take", lambda self, event: Crashing().apply(event))
    result = audit_log(parse_log(HEAD + "Ann: take 1\n", "t.log"))
    assert [str(p) for p in result.problems] == [
        "t.log:5: the nim engine failed on this line (KeyError: 'boom')"]
    assert audit_exit_code([result]) == 2


def test_json_ready_audit(nim: str) -> None:
    data = audit_file(DATA / "nim-game-mistakes.log").to_dict()
    assert data["game"] == "nim" and len(data["findings"]) == 4 and len(data["corrected"]) == 3
    assert data["corrected"][0] == {"file": str(DATA / "nim-game-mistakes.log"), "line": 6,
                                    "rule": "nim/1-turn-order", "message": "it is Ben's turn, not Cat's",
                                    "status": "violation", "corrected_by": 10, "revealed_by": None}


def test_unknown_options_warn_but_do_not_stop_the_audit(nim: str) -> None:
    result = audit_log(parse_log('[Game "nim"]\n[Players "Ann, Ben"]\n[Variant "stones=3, turbo"]\n'
                                 '[Setup "colour=red"]\n\nAnn: take 3\ntable: winner Ann\n', "t.log"))
    assert format_text([result]) == [
        't.log:3: warning: unknown option "turbo" for nim (known options: stones)',
        't.log:4: warning: unknown option "colour" for nim (known options: stones)',
        "t.log: 0 violation(s) in 2 moves"]
    assert result.readable and audit_exit_code([result]) == 0


def _corrected_log(ops: list[tuple[str, int, int]]) -> tuple[str, list[tuple[str, str]]]:
    """Build a log from (op, pick, count) steps and, independently, the moves a table would keep."""
    lines, kept, in_play = [HEAD.rstrip("\n")], [], []  # kept: [line, actor, text] still in play
    for op, pick, count in ops:
        number = len("\n".join(lines).split("\n")) + 1
        if op == "move" or not in_play:
            actor = "Ann" if count % 2 else "Ben"
            lines.append(f"{actor}: take {count}")
            kept.append([number, actor, f"take {count}"])
            in_play.append(number)
            continue
        target = in_play[pick % len(in_play)]
        slot = next(k for k in kept if k[0] == target)
        if op == "undo":
            lines.append(f"undo {target}")
            kept.remove(slot)
            in_play.remove(target)
        else:
            lines.append(f"amend {target}: Ben: take {count}")
            slot[1:] = ["Ben", f"take {count}"]
    return "\n".join(lines) + "\n", [(actor, text) for _, actor, text in kept]


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "move", "undo", "amend"]), st.integers(0, 50),
                          st.integers(1, 3)), max_size=25))
def test_corrections_replay_like_a_table_would(ops: list[tuple[str, int, int]]) -> None:
    text, expected = _corrected_log(ops)
    log = parse_log(text, "t.log")
    assert log.problems == []
    assert [(e.actor, e.text) for e in events_of(log)] == expected


def test_only_verdicts_hidden_information_held_back_are_marked_as_decided_by_a_reveal(nim: str) -> None:
    result = audit_log(parse_log(HEAD + "Ben: take ?\nreveal 5: 9\n", "t.log"))
    assert [str(f) for f in result.findings] == [
        "t.log:5 nim/1-turn-order it is Ann's turn, not Ben's",
        "t.log:5 nim/2-take-limit cannot take 9 of 5 stones (known since the reveal on line 6)"]


def test_an_engine_crash_at_the_end_is_reported(nim: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import playproof_nim

    monkeypatch.setattr(playproof_nim.Nim, "finish", lambda self: 1 / 0)
    result = audit_log(parse_log(HEAD + "Ann: take 1\n", "t.log"))
    assert [str(p) for p in result.problems] == [
        "t.log: the nim engine failed at the end of the log (ZeroDivisionError: division by zero)"]
    assert audit_exit_code([result]) == 2


def test_a_misspelt_header_is_named_and_the_engine_not_run_without_players() -> None:
    log = parse_log('[Game "seven-sisters"]\n[Playres "Ann, Ben, Cat"]\nAnn: take 3\n', "typo.log")
    result = audit_log(log)
    assert format_text([result]) == [
        'typo.log: [Players "..."] header missing or empty; list the players in seat order',
        "typo.log:2: warning: unknown header [Playres]; did you mean [Players]?",
        "typo.log: could not be audited (1 problem(s))"]
    assert audit_exit_code([result]) == 2


def test_a_header_key_in_the_wrong_case_is_named_but_other_keys_are_kept_quietly(nim: str) -> None:
    log = parse_log('[Game "nim"]\n[Players "Ann, Ben"]\n[variant "stones=5"]\n[Table "kitchen"]\n', "t.log")
    assert [str(p) for p in audit_log(log).problems] == [
        "t.log:3: unknown header [variant]; did you mean [Variant]?"]


def test_table_cannot_be_a_player(nim: str) -> None:
    result = audit_log(parse_log('[Game "nim"]\n[Players "Ann, Table"]\nAnn: take 1\n', "t.log"))
    assert [str(p) for p in result.problems] == [
        't.log:2: "table" cannot be a player\'s name: it is the actor of chance events']
    assert audit_exit_code([result]) == 2


def test_problems_are_listed_top_to_bottom(nim: str) -> None:
    log = parse_log('[Game "nim"]\n[Players "Ann, Ben"]\n[Seed "x"]\nDan: take 1\nAnn take 1\n', "t.log")
    assert [str(p.location) for p in audit_log(log).problems] == ["t.log:3", "t.log:4:1", "t.log:5:1"]


def test_an_empty_log_says_so(nim: str) -> None:
    for text in ("", "\n  \n"):
        result = audit_log(parse_log(text, "e.log"))
        assert format_text([result]) == ["e.log: the log is empty", "e.log: could not be audited (1 problem(s))"]
        assert audit_exit_code([result]) == 2


def test_an_open_verdict_on_an_amended_line_is_not_a_corrected_slip(nim: str) -> None:
    log = parse_log(HEAD + "Ann: take ?\namend 5: Ann: take ?\nreveal 6: 9\n", "t.log")
    assert format_text([audit_log(log)]) == [
        "t.log:6 nim/2-take-limit cannot take 9 of 5 stones (known since the reveal on line 7)",
        "t.log: 1 violation(s) in 1 moves"]


def test_strict_is_not_stopped_by_a_warning(nim: str) -> None:
    head = '[Game "nim"]\n[Players "Ann, Ben"]\n[Variant "stones=5, bogus"]\n\n'
    warned = audit_log(parse_log(head + "Ben: take 1\nAnn: take 9\n", "t.log"), strict=True)
    assert format_text([warned]) == [
        't.log:3: warning: unknown option "bogus" for nim (known options: stones)',
        "t.log:5 nim/1-turn-order it is Ann's turn, not Ben's", "t.log: 1 violation(s) in 2 moves"]
    assert audit_exit_code([warned], strict=True) == 1
    broken = audit_log(parse_log(head + "Ben take 1\nDan: take 1\n", "t.log"), strict=True)
    assert [str(p) for p in broken.problems] == ["t.log:5:1: cannot read this line: expected `Actor: verb args`, "
                                                 "a `== Round ==` or `-- Phase --` marker, reveal/undo/amend/note, "
                                                 "a [Header] or a # comment"]
    assert audit_exit_code([broken], strict=True) == 2


def test_a_slip_in_a_correction_is_shown_corrected_too(nim: str) -> None:
    again = audit_log(parse_log(HEAD + "Ann: take 9\namend 5: Ann: take 8\namend 5: Ann: take 1\n", "t.log"))
    assert [str(f) for f in again.slips] == [
        "t.log:5 nim/2-take-limit cannot take 9 of 5 stones (corrected on line 7)",
        "t.log:6 nim/2-take-limit cannot take 8 of 5 stones (corrected on line 7)"]
    undone = audit_log(parse_log(HEAD + "Ann: take 9\namend 5: Ann: take 8\nundo 6\nAnn: take 1\n", "t.log"))
    assert [str(f) for f in undone.slips] == [
        "t.log:5 nim/2-take-limit cannot take 9 of 5 stones (corrected on line 6)",
        "t.log:6 nim/2-take-limit cannot take 8 of 5 stones (corrected on line 7)"]
    assert again.violations == [] and undone.violations == []
    from playproof.playtest.reportdata import session_report

    assert [(r.line, r.status) for r in session_report(again).timeline] == [
        (5, "amended on line 7"), (6, "amended on line 7"), (7, "")]


def test_an_unknown_game_given_with_game_is_not_blamed_on_the_header(nim: str) -> None:
    result = audit_log(parse_log('[Game "nim"]\n[Players "Ann, Ben"]\n', "t.log"), game="four-sistrs")
    assert str(result.problems[0]).startswith('t.log: unknown game "four-sistrs"; did you mean "four-sisters"? ')


@pytest.mark.parametrize("fmt", ["html", "pdf", "xlsx", "json"])
def test_players_no_engine_can_play_stop_the_replay_but_not_the_report(nim: str, fmt: str, tmp_path: Path) -> None:
    from playproof.output.reports import write_reports
    from playproof.playtest.reportdata import session_report

    result = audit_log(parse_log('[Game "nim"]\n[Players "Ann, ann"]\nAnn: take 1\n', "t.log"))
    assert format_text([result]) == ['t.log:2: a player is named twice in [Players "Ann, ann"]',
                                      "t.log: could not be audited (1 problem(s))"]
    assert result.engine is None and audit_exit_code([result]) == 2
    assert write_reports([session_report(result)], fmt, tmp_path / f"r.{fmt}").stat().st_size > 0
