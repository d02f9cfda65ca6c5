"""Sessions record the version they were played on; audit warns when the project changed; reports compare versions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.logparse import read_log
from playproof.versions import content_version

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "declared" / "lantern-guild"


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CliRunner in the test's folder, with its own session database, and the example as ./lantern-guild."""
    monkeypatch.setenv("PLAYPROOF_DB", str(tmp_path / "sessions.db"))
    monkeypatch.chdir(tmp_path)
    shutil.copytree(EXAMPLE, tmp_path / "lantern-guild")
    return CliRunner()


def raise_star(project: Path, points: int = 7) -> None:
    """Change the points of the Star card (one changed design)."""
    import openpyxl

    book = openpyxl.load_workbook(project / "components.xlsx")
    book["Market"]["D5"] = points
    book.save(project / "components.xlsx")


def simulate(runner: CliRunner, folder: str, seed: int) -> None:
    """Simulate two games of the example into a folder of logs."""
    result = runner.invoke(cli, ["simulate", "lantern-guild", "--players", "2", "--games", "2", "--seed", str(seed),
                                 "--logs", folder])
    assert result.exit_code == 0, result.output


def test_a_content_version_is_the_files_not_the_time(tmp_path: Path, runner: CliRunner) -> None:
    project = tmp_path / "lantern-guild"
    before = content_version(project)
    assert len(before) == 8 and before == content_version(EXAMPLE)
    (project / "components.xlsx").touch()
    assert content_version(project) == before
    raise_star(project)
    assert content_version(project) != before


def test_a_recorded_session_names_its_version(runner: CliRunner, tmp_path: Path) -> None:
    started = runner.invoke(cli, ["playtest", "start", "lantern-guild", "--players", "Ann,Ben"], input="")
    assert started.exit_code == 0, started.output
    runner.invoke(cli, ["playtest", "export", "1", "-o", "s1.log"])
    header = read_log(tmp_path / "s1.log").header
    assert header["Content"] == content_version(tmp_path / "lantern-guild")
    assert header["Components"] == "0.1" and header["Referee"] == "declared"


def test_audit_warns_when_the_project_changed_since_the_session(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(cli, ["build", "lantern-guild"]).exit_code == 0  # print #1 of the version played
    simulate(runner, "logs", 1)
    log = sorted((tmp_path / "logs").glob("*.log"))[0]
    played = read_log(log).header["Content"]
    clean = runner.invoke(cli, ["audit", str(log)])
    assert clean.exit_code == 0 and "warning" not in clean.output
    raise_star(tmp_path / "lantern-guild")
    now = content_version(tmp_path / "lantern-guild")
    result = runner.invoke(cli, ["audit", str(log)])
    assert result.exit_code == 0
    line = read_log(log).header_line("Content")
    assert result.output.splitlines()[0] == (
        f"{log}:{line}: warning: played on version {played}; the project is now at version {now}: since print #1: "
        f"1 changed (Market/Star: points 5 → 7) (`playproof changes lantern-guild --since {played}` lists them)")
    report = runner.invoke(cli, ["report", str(log), "-o", "r.json"])  # report says what changed, as audit does
    assert report.exit_code == 0 and "1 changed (Market/Star: points 5 → 7)" in report.output


def test_a_version_warning_names_what_changed_field_by_field() -> None:
    from playproof.output.changes import compare
    from playproof.playtest.versioncheck import changes_text
    from playproof.versions import Design

    def card(key: str, cost: str = "1", art: str = "a") -> Design:
        return Design("Cards", key, 2, 1, {"name": key, "cost": cost}, {"art/x.png": art})

    old = {d.id: d for d in [card("Knight"), card("Elf"), card("Orc")] + [card(f"C{i}") for i in range(8)]}
    new = {d.id: d for d in [card("Knight", "4"), card("Elf", art="b"), card("Dragon")]
           + [card(f"C{i}", "2") for i in range(8)]}
    text = changes_text(compare(old, new))
    assert text == ("1 new (Cards/Dragon), 10 changed (Cards/Knight: cost 1 → 4; Cards/Elf: art changed (art/x.png); "
                    "Cards/C0: cost 1 → 2; Cards/C1: cost 1 → 2; Cards/C2: cost 1 → 2; 5 more), 1 removed")


def test_a_version_never_printed_says_so(runner: CliRunner, tmp_path: Path) -> None:
    simulate(runner, "logs", 1)
    raise_star(tmp_path / "lantern-guild")
    logs = [str(p) for p in sorted((tmp_path / "logs").glob("*.log"))]
    output = runner.invoke(cli, ["audit", *logs]).output
    assert "that version is not in the print history, so what changed is unknown" in output


def test_changes_lists_sessions_played_on_older_versions(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(cli, ["build", "lantern-guild"]).exit_code == 0
    simulate(runner, "lantern-guild/playtests/sims", 1)
    for log in (tmp_path / "lantern-guild" / "playtests" / "sims").glob("*.log"):
        shutil.move(str(log), tmp_path / "lantern-guild" / "playtests" / log.name)
    raise_star(tmp_path / "lantern-guild")
    lines = runner.invoke(cli, ["changes", "lantern-guild"]).output.splitlines()
    assert "sessions played on older versions (2):" in lines
    assert any(line.startswith("  playtests/lantern-guild-1.log: version ") and line.endswith(")")
               and "(print #1 (" in line for line in lines)


def test_report_compares_two_versions(runner: CliRunner, tmp_path: Path) -> None:
    simulate(runner, "v1", 1)
    first = content_version(tmp_path / "lantern-guild")
    raise_star(tmp_path / "lantern-guild")
    simulate(runner, "v2", 100)
    second = content_version(tmp_path / "lantern-guild")
    logs = [str(p) for p in sorted((tmp_path / "v1").glob("*.log")) + sorted((tmp_path / "v2").glob("*.log"))]
    result = runner.invoke(cli, ["report", *logs, "--compare", first, second[:5], "-o", "c.json"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].split() == ["version", "0.1", f"({first})", "0.1", f"({second})"]
    data = json.loads((tmp_path / "c.json").read_text())["compare"]
    assert [side["sessions"] for side in data] == [2, 2]
    seat = data[0]["seat_win_rates"][0]
    assert seat["n"] == 2 and 0 <= seat["low"] <= seat["rate"] <= seat["high"] <= 1
    assert data[0]["moves"]["n"] == 2
    components = {c["component"]: c for c in data[0]["components"]}
    assert components["play Spark"]["take_rate"]["n"] == 2  # taken in how many of the version's 2 games
    takers = components["play Spark"]["takers_win_rate"]
    assert takers["n"] >= 2 and 0 <= takers["low"] <= takers["rate"] <= takers["high"] <= 1
    assert "play Spark: takers won" in result.output
    html = runner.invoke(cli, ["report", *logs, "--compare", first, second, "-o", "c.html"])
    assert html.exit_code == 0 and "95 % Wilson intervals" in (tmp_path / "c.html").read_text()
    side = json.loads((tmp_path / "c.json").read_text())["side_by_side"]
    assert [t["key"] for t in side] == ["compare", "compare-components", "compare-holders"]
    seat = side[0]["rows"][0]
    assert seat["What"] == "seat 1 wins" and seat["n"] == 2 and seat["Low"] <= seat["Value"] <= seat["High"]


def test_compare_writes_every_report_format_side_by_side(runner: CliRunner, tmp_path: Path) -> None:
    import openpyxl

    pypdfium2 = pytest.importorskip("pypdfium2")
    simulate(runner, "v1", 1)
    first = content_version(tmp_path / "lantern-guild")
    raise_star(tmp_path / "lantern-guild")
    simulate(runner, "v2", 100)
    second = content_version(tmp_path / "lantern-guild")
    logs = [str(p) for p in sorted((tmp_path / "v1").glob("*.log")) + sorted((tmp_path / "v2").glob("*.log"))]
    for name in ("c.html", "c.pdf", "c.xlsx"):
        result = runner.invoke(cli, ["report", *logs, "--compare", first, second, "-o", name])
        assert result.exit_code == 0, result.output
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert f"0.1 ({first}) (2 sessions) beside 0.1 ({second}) (2 sessions)" in page
    assert "Components taken, side by side" in page and "Components held at the end, side by side" in page
    assert "seat 1 wins" in page and "Apart?" in page
    pdf = pypdfium2.PdfDocument(str(tmp_path / "c.pdf"))
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    assert "Components taken, side by side" in text and f"Taken in {first}" in text
    book = openpyxl.load_workbook(tmp_path / "c.xlsx")
    assert book.sheetnames == ["Side by side", "Components side by side", "Holders side by side"]
    rows = list(book["Side by side"].iter_rows(values_only=True))
    assert rows[0][:6] == ("What", "First version", "Value", "Low", "High", "n")
    seat = rows[1]
    assert seat[0] == "seat 1 wins" and seat[1] == f"0.1 ({first})" and seat[5] == 2 and seat[3] <= seat[2] <= seat[4]
    assert any(r[0] == "play Spark" for r in book["Components side by side"].iter_rows(values_only=True))
    assert any(r[0] == "Spark" for r in book["Holders side by side"].iter_rows(values_only=True))


def test_compare_with_an_unknown_version_is_one_error(runner: CliRunner, tmp_path: Path) -> None:
    simulate(runner, "v1", 1)
    logs = [str(p) for p in sorted((tmp_path / "v1").glob("*.log"))]
    version = content_version(tmp_path / "lantern-guild")
    result = runner.invoke(cli, ["report", *logs, "--compare", version, "v9", "-o", "c.txt"])
    assert (result.exit_code, result.output) == (1, f'Error: --compare "v9": no session given was played on that '
                                                    f"version (versions of these sessions: 0.1 ({version}))\n")
    assert not (tmp_path / "c.txt").exists()
    doc = runner.invoke(cli, ["report", *logs, "--compare", version, version, "-o", "c.docx"])
    assert doc.output == 'Error: --compare writes html, pdf, xlsx, json, txt, not "docx" (choose with -o or --format)\n'
    assert doc.exit_code == 1 and not (tmp_path / "c.docx").exists()


def test_a_report_of_sessions_on_several_versions_says_so(runner: CliRunner, tmp_path: Path) -> None:
    simulate(runner, "v1", 1)
    first = content_version(tmp_path / "lantern-guild")
    raise_star(tmp_path / "lantern-guild")
    simulate(runner, "v2", 100)
    second = content_version(tmp_path / "lantern-guild")
    logs = [str(p) for p in sorted((tmp_path / "v1").glob("*.log")) + sorted((tmp_path / "v2").glob("*.log"))]
    assert runner.invoke(cli, ["report", *logs, "-o", "r.json"]).exit_code == 0
    note = json.loads((tmp_path / "r.json").read_text())["aggregate"]["versions_note"]
    assert note == (f"These sessions were played on 2 versions (0.1 ({first}): 2 session(s); 0.1 ({second}): "
                    "2 session(s)); `playproof report ... --compare A B` sets two of them side by side.")
    assert runner.invoke(cli, ["report", *logs, "-o", "r.html"]).exit_code == 0
    assert "were played on 2 versions" in (tmp_path / "r.html").read_text()
    assert runner.invoke(cli, ["report", *logs[:2], "-o", "one.json"]).exit_code == 0
    assert json.loads((tmp_path / "one.json").read_text())["aggregate"]["versions_note"] == ""


def test_changes_lists_stored_sessions_of_the_project(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(cli, ["build", "lantern-guild"]).exit_code == 0
    started = runner.invoke(cli, ["playtest", "start", "lantern-guild", "--players", "Ann,Ben"], input="")
    assert started.exit_code == 0, started.output
    assert not any("older versions" in line for line in runner.invoke(cli, ["changes", "lantern-guild"]).output
                   .splitlines())
    raise_star(tmp_path / "lantern-guild")
    lines = runner.invoke(cli, ["changes", "lantern-guild"]).output.splitlines()
    index = lines.index("sessions played on older versions (1):")
    assert lines[index + 1].startswith("  session 1: version ") and "(print #1 (" in lines[index + 1]
