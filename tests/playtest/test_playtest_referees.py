"""Which referee a game gets: none (recorded and reported all the same), --engine, an installed plugin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.audit import audit_log
from playproof.playtest.games import game_ids, resolve_engine
from playproof.playtest.logparse import parse_log
from playproof.playtest.reportdata import session_report

NIM_GAME = Path(__file__).resolve().parents[2] / "examples" / "plugins" / "nim" / "game.log"

MY_GAME = """[Game "my-game"]
[Players "Ann, Ben"]

== Round 1 ==
0:00:10 Ann: buy Market
0:00:40 Ben: play Harbour, gain 2 coins
note Ben liked the harbour
0:01:05 Ann: pass
undo 8
0:01:20 Ann: buy Watchtower
== Round 2 ==
0:02:00 Ben: pass
table: score Ann 12
table: score Ben 9
"""


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CliRunner working in the test's folder, with its session database there."""
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def _write(tmp_path: Path, text: str, name: str = "t.log") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_audit_of_a_game_with_no_referee_says_so_in_one_line_and_exits_0(runner: CliRunner, tmp_path: Path) -> None:
    log = _write(tmp_path, MY_GAME)
    result = runner.invoke(cli, ["audit", str(log)])
    assert (result.exit_code, result.output) == (0, f'{log}: no rules checked: "my-game" has no referee (the log '
                                                    "reads well, 7 moves; declare rules in the workbook: "
                                                    "docs/rules-sheets.md)\n")


def test_a_game_with_no_referee_still_has_its_format_checked(runner: CliRunner, tmp_path: Path) -> None:
    log = _write(tmp_path, MY_GAME + "Cat: buy Market\nAnn buys\n")
    result = runner.invoke(cli, ["audit", str(log)])
    assert result.exit_code == 2
    assert result.output.splitlines()[:2] == [f'{log}:15:1: unknown actor "Cat" (players: Ann, Ben; or table)',
                                              f"{log}:16:1: cannot read this line: expected `Actor: verb args`, a "
                                              "`== Round ==` or `-- Phase --` marker, reveal/undo/amend/note, a "
                                              "[Header] or a # comment"]


def test_a_game_with_no_referee_is_reported_with_the_tables_claims(tmp_path: Path) -> None:
    report = session_report(audit_log(parse_log(MY_GAME, "t.log")))
    assert report.scores == {"Ann": 12, "Ben": 9}
    assert report.winners == ["Ann"]
    assert report.notes == [(7, "Ben liked the harbour")]
    declared = session_report(audit_log(parse_log(MY_GAME + "table: winner Ben\n", "t.log")))
    assert declared.winners == ["Ben"]
    assert declared.over


def test_every_report_format_works_for_a_game_with_no_referee(runner: CliRunner, tmp_path: Path) -> None:
    log = _write(tmp_path, MY_GAME)
    for fmt in ("html", "json", "xlsx", "pdf"):
        result = runner.invoke(cli, ["report", str(log), "-o", str(tmp_path / f"r.{fmt}")])
        assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["sessions"][0]["scores"] == {"Ann": 12, "Ben": 9}


def test_a_game_with_no_referee_is_recorded_shown_and_exported(runner: CliRunner, tmp_path: Path) -> None:
    keys = "buy Market\nBen: gain 2 coins\nstate\ntable: score Ann 4\nend\n"
    result = runner.invoke(cli, ["playtest", "start", "my-game", "--players", "Ann,Ben", "--no-times"], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert out[0] == "Recording session 1 (my-game (no referee)); type `help` for help."
    assert out[1] == "Ann to decide (no referee: type what was done): "
    assert "> ✓ line 6" in out and "> ✓ line 7" in out  # a bare move is put in the mouth of the seat to move
    assert "no referee: 2 move(s) recorded, no rules checked" in out
    assert out[-3:] == ["> Ann: 4", "Ben: 0", "session 1 ended"]
    exported = runner.invoke(cli, ["playtest", "export", "1"])
    assert '[Referee "none"]' in exported.output.splitlines()  # so that it audits anywhere, with no project
    assert exported.output.endswith("\nAnn: buy Market\nBen: gain 2 coins\ntable: score Ann 4\n")
    shown = runner.invoke(cli, ["playtest", "show", "1"])
    assert shown.output.splitlines()[-1].startswith('session 1: no rules checked: "my-game" has no referee')


def test_a_game_id_one_slip_from_a_known_game_is_a_typo(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["playtest", "start", "seven-sistres", "--players", "Ann,Ben"])
    assert result.exit_code == 1
    assert result.output.startswith('Error: unknown game "seven-sistres"; did you mean "seven-sisters"? (known ')


def test_rules_and_simulate_need_a_referee(runner: CliRunner) -> None:
    for args in (["rules", "my-game"], ["simulate", "my-game", "--players", "2"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 1
        assert result.output.startswith('Error: unknown game "my-game" (known games: seven-sisters, ')
        assert "rules declared in its workbook (docs/rules-sheets.md), or --engine module:Class" in result.output


def test_engine_named_on_the_command_line(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["audit", "--engine", "playproof_nim:Nim", str(NIM_GAME)])
    assert (result.exit_code, result.output) == (0, f"{NIM_GAME}: 0 violation(s) in 4 moves\n")
    rules = runner.invoke(cli, ["rules", "anything", "--engine", "playproof_nim"])  # a module's ENGINE
    assert rules.output.startswith("Nim: 3 rules\n")
    played = runner.invoke(cli, ["simulate", "nim", "--engine", "playproof_nim:Nim", "--players", "2", "--games", "3"])
    assert played.exit_code == 0 and played.output.startswith("nim, as printed, 2 players, bots random: 3 games")


@pytest.mark.parametrize(("spec", "message"), [
    ("", 'Error: --engine "": name an engine as module:Class, e.g. --engine my_game:Engine'),
    ("no_such_module_xyz:Engine", 'Error: --engine "no_such_module_xyz:Engine": cannot import no_such_module_xyz '
                                  "(ModuleNotFoundError: No module named 'no_such_module_xyz')"),
    ("playproof_nim:Nope", 'Error: --engine "playproof_nim:Nope": playproof_nim has no Nope'),
    ("playproof_nim:GAME_ID", 'Error: --engine "playproof_nim:GAME_ID" is not a playproof engine (a subclass of '
                              "playproof.playtest.engine.Engine with a game_id)"),
])
def test_a_bad_engine_name_is_one_error_line(runner: CliRunner, spec: str, message: str) -> None:
    result = runner.invoke(cli, ["audit", "--engine", spec, str(NIM_GAME)])
    assert result.exit_code == 2
    assert message.removeprefix("Error: ") in result.output
    assert "Traceback" not in result.output
    rules = runner.invoke(cli, ["rules", "nim", "--engine", spec])
    assert (rules.exit_code, rules.output) == (1, message + "\n")


def test_a_session_refereed_by_engine_asks_for_it_again(runner: CliRunner, tmp_path: Path) -> None:
    started = runner.invoke(cli, ["playtest", "start", "nim", "--players", "Ann,Ben", "--engine", "playproof_nim:Nim",
                                  "--no-times"], input="take 2\n")
    assert "> ✓ line 6" in started.output, started.output
    again = runner.invoke(cli, ["playtest", "add", "1", "Ben: take 1"])
    assert again.exit_code == 1
    assert again.output == ('Error: session 1:4: this log was refereed by the Python engine "playproof_nim:Nim"; '
                            "pass --engine playproof_nim:Nim to use it again (playproof never imports code a log "
                            "names)\n")
    added = runner.invoke(cli, ["playtest", "add", "1", "Ben: take 9", "--engine", "playproof_nim:Nim"])
    assert added.output == "✗ line 7 nim/2-take-limit: cannot take 9 of 10 stones\n"


def _fake_plugin(root: Path, value: str) -> None:
    """Install a plugin's metadata only (what pip writes): an entry point in group playproof.games."""
    info = root / "playproof_nim_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: playproof-nim-plugin\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[playproof.games]\nnim = {value}\n", encoding="utf-8")


def test_an_installed_plugin_is_found_by_its_entry_point(runner: CliRunner, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_plugin(tmp_path / "site", "playproof_nim:Nim")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    assert "nim" in game_ids()
    assert resolve_engine("nim").title == "Nim"
    result = runner.invoke(cli, ["audit", str(NIM_GAME)])
    assert (result.exit_code, result.output) == (0, f"{NIM_GAME}: 0 violation(s) in 4 moves\n")


def test_a_broken_plugin_is_one_error_line(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_plugin(tmp_path / "site", "not_installed_module_xyz:Engine")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    result = runner.invoke(cli, ["rules", "nim"])
    assert (result.exit_code, result.output) == (1, 'Error: the plugin engine of "nim" (not_installed_module_xyz:'
                                                    "Engine) cannot be loaded (ModuleNotFoundError: No module named "
                                                    "'not_installed_module_xyz')\n")
