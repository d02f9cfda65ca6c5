"""build --watch: only changed designs are composed again; problems are reported; --only takes rows."""

from __future__ import annotations

import json
import os
import sys
import threading
import time

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.output.build import BuildOptions
from playproof.output.watch import Memo, rebuild, watch
from print_fixtures import CARD_ROWS, make_project, write_workbook


def test_a_rebuild_composes_only_the_edited_row(tmp_path):
    project = make_project(tmp_path)
    memo, lines = Memo(), []
    assert rebuild(project, None, BuildOptions(), memo, lines.append) is not None
    assert "composed 3 design side(s)" in lines[-1]  # two fronts, one shared back
    rows = list(CARD_ROWS)
    rows[2] = ("Fruit", "Gain two fruit.", 2)
    write_workbook(project / "components.xlsx", {"Cards": rows})
    rebuild(project, None, BuildOptions(), memo, lines.append)
    assert lines[-1].startswith("rebuilt in ")
    assert "composed 1 design side(s) (Cards row 3 front), reused 2;" in lines[-1]  # the other front, the back
    assert lines[-1].endswith(f"wrote {project / 'out' / 'game.pdf'}")


def test_a_kept_design_still_reports_its_warnings(tmp_path):
    rows = [("name", "text", "count"), ("Gold", "word " * 200, 1), ("Fruit", "short", 1)]
    project = make_project(tmp_path, sheets={"Cards": rows})
    memo, lines = Memo(), []
    rebuild(project, None, BuildOptions(), memo, lines.append)
    first = [line for line in lines if line.startswith("warning:")]
    assert first and all("row 2" in line or "Cards" in line for line in first)
    lines.clear()
    rebuild(project, None, BuildOptions(), memo, lines.append)
    assert "composed 0 design side(s), reused" in lines[-1]
    assert [line for line in lines if line.startswith("warning:")] == first


def test_a_broken_layout_is_reported_and_the_previous_pdf_kept(tmp_path):
    project = make_project(tmp_path)
    memo, lines = Memo(), []
    rebuild(project, None, BuildOptions(), memo, lines.append)
    pdf = (project / "out" / "game.pdf").read_bytes()
    (project / "layouts.toml").write_text((project / "layouts.toml").read_text().replace('size = "poker"', 'size = 3'))
    assert rebuild(project, None, BuildOptions(), memo, lines.append) is None
    assert lines[-2].startswith("error: layouts.toml") and "size" in lines[-2]
    assert lines[-1].endswith("(the previous output is kept); waiting for changes")
    assert (project / "out" / "game.pdf").read_bytes() == pdf


def test_watch_rebuilds_after_the_workbook_is_saved(tmp_path):
    if os.environ.get("CI") != "true":  # CI installs the watch extra: there this test must run
        pytest.importorskip("watchfiles")
    project = make_project(tmp_path)
    lines: list[str] = []
    stop = threading.Event()
    worker = threading.Thread(target=watch, args=(project, None, BuildOptions(), lines.append, stop), daemon=True)
    worker.start()
    _wait(lambda: any(line.startswith("watching") for line in lines))
    time.sleep(0.3)
    rows = list(CARD_ROWS)
    rows[1] = ("Gold!", "Gain :gold: 3.", 3)
    write_workbook(project / "components.xlsx", {"Cards": rows})
    _wait(lambda: sum(line.startswith("rebuilt") for line in lines) == 2)
    stop.set()
    worker.join(5)
    assert "changed: components.xlsx" in lines
    assert "composed 1 design side(s) (Cards row 2 front)" in lines[-1]


def _wait(condition, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_watch_without_watchfiles_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "watchfiles", None)
    result = CliRunner().invoke(cli, ["build", str(make_project(tmp_path)), "--watch"])
    assert result.exit_code == 1
    assert ('Error: --watch needs watchfiles: install it with pip install "playproof[watch]" '
            "(or pip install watchfiles)") in result.output


@pytest.mark.parametrize("only, copies", [("Cards:3", 2), ("Cards:2-3", 5), ("Cards:gold", 3), ("Cards:Fruit,2", 5)])
def test_only_chooses_rows_by_number_range_or_name(tmp_path, only, copies):
    project = make_project(tmp_path)
    result = CliRunner().invoke(cli, ["build", str(project), "--only", only], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert f"1 set(s), {copies} copies" in result.output
    manifest = json.loads((project / "out" / "game.manifest.json").read_text())
    assert len([p for p in manifest["placements"] if p["side"] == "front"]) == copies


def test_only_rows_reach_image_exports_and_a_backward_range_is_an_error(tmp_path):
    project = make_project(tmp_path)
    result = CliRunner().invoke(cli, ["build", str(project), "--format", "png", "--dpi", "20", "--only", "Cards:3"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (project / "out" / "png" / "cards").iterdir()) == ["fruit-back.png",
                                                                                      "fruit-front.png"]
    result = CliRunner().invoke(cli, ["build", str(project), "--only", "Cards:7-3"])
    assert 'Error: --only "Cards:7-3": the range runs backwards (write 3-7)' in result.output
