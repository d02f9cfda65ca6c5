"""Outputs are written atomically: a failed, interrupted or full-disk write keeps the previous file byte-identical."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hardening_support import EXAMPLES, ROOT, invoke, no_parts, one_error, snapshot
from playproof.output.reports.json_report import JsonReport
from print_fixtures import make_project

LOG = EXAMPLES / "seven-sisters" / "playtests" / "evening.log"


def _good_report(tmp_path: Path, fmt: str) -> Path:
    """Write a good report and return its path."""
    target = tmp_path / "out" / f"report.{fmt}"
    result = invoke(["report", LOG, "-o", target])
    assert result.exit_code == 0, result.output
    return target


@pytest.mark.parametrize(("failure", "message"), [
    (ValueError("boom"), "the json report failed (ValueError: boom)"),
    (OSError(errno.ENOSPC, "No space left on device"), "cannot write report (No space left on device)"),
])
def test_a_failing_report_keeps_the_previous_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  failure: Exception, message: str) -> None:
    target = _good_report(tmp_path, "json")
    before = snapshot(target.parent)

    def half_then_fail(self: object, reports: object, agg: object, path: Path) -> None:
        path.write_text('{"sessions": [', encoding="utf-8")
        raise failure

    monkeypatch.setattr(JsonReport, "write", half_then_fail)
    assert one_error(invoke(["report", LOG, "-o", target])) == f"Error: {target}: {message}"
    assert snapshot(target.parent) == before
    assert no_parts(tmp_path) == []


def test_ctrl_c_during_a_report_keeps_the_previous_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = _good_report(tmp_path, "json")
    before = snapshot(target.parent)

    def interrupted(self: object, reports: object, agg: object, path: Path) -> None:
        path.write_text("{", encoding="utf-8")
        raise KeyboardInterrupt

    monkeypatch.setattr(JsonReport, "write", interrupted)
    result = invoke(["report", LOG, "-o", target])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert snapshot(target.parent) == before
    assert no_parts(tmp_path) == []


@pytest.mark.parametrize("fmt", ["html", "xlsx", "pdf"])
def test_each_report_format_is_replaced_whole(tmp_path: Path, fmt: str) -> None:
    target = _good_report(tmp_path, fmt)
    first = target.read_bytes()
    assert invoke(["report", LOG, "-o", target]).exit_code == 0
    assert target.stat().st_size > 0 and first[:4] == target.read_bytes()[:4]
    assert no_parts(tmp_path) == []


def test_a_report_path_that_is_a_folder_or_under_a_file(tmp_path: Path) -> None:
    (tmp_path / "taken.html").mkdir()  # click refuses it before playproof runs: a clean usage error
    assert one_error(invoke(["report", LOG, "-o", tmp_path / "taken.html"]), code=2) == (
        f"Error: Invalid value for '-o' / '--output': File '{tmp_path / 'taken.html'}' is a directory.")
    (tmp_path / "file").write_text("x")
    assert one_error(invoke(["report", LOG, "-o", tmp_path / "file" / "r.html"])) == (
        f"Error: {tmp_path / 'file' / 'r.html'}: cannot write report ({tmp_path / 'file'} is a file, not a folder)")


def test_export_to_a_folder(tmp_path: Path, runner: object) -> None:
    assert invoke(["playtest", "import", LOG]).exit_code == 0
    (tmp_path / "x.log").mkdir()
    assert one_error(invoke(["playtest", "export", "1", "-o", tmp_path / "x.log"]), code=2) == (
        f"Error: Invalid value for '-o' / '--output': File '{tmp_path / 'x.log'}' is a directory.")
    (tmp_path / "f").write_text("x")
    assert one_error(invoke(["playtest", "export", "1", "-o", tmp_path / "f" / "x.log"])) == (
        f"Error: {tmp_path / 'f' / 'x.log'}: cannot write ({tmp_path / 'f'} is a file, not a folder)")


def test_a_manifest_that_cannot_be_written_keeps_the_old_pdf(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    out = project / "out"
    assert invoke(["build", project]).exit_code == 0
    (out / "game.manifest.json").unlink()
    (out / "game.manifest.json").mkdir()  # the manifest cannot replace a folder
    (project / "layouts.toml").write_text((project / "layouts.toml").read_text().replace("#203040", "#402030"))
    before = snapshot(out)
    line = one_error(invoke(["build", project]))
    assert line == f"Error: {out / 'game.manifest.json'}: cannot write (Is a directory)"
    assert snapshot(out) == before
    assert no_parts(project) == []


def test_build_outputs_and_manifest_are_replaced_together(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.output import atomic

    project = make_project(tmp_path)
    out = project / "out"
    assert invoke(["build", project]).exit_code == 0
    before = snapshot(out)
    real = atomic._replace
    calls: list[Path] = []

    def second_fails(temporary: Path, target: Path) -> None:
        calls.append(target)
        if len(calls) == 2:
            raise atomic.PlayproofError(f"{target}: cannot write (disk full); the previous file is kept")
        real(temporary, target)

    monkeypatch.setattr(atomic, "_replace", second_fails)
    (project / "layouts.toml").write_text((project / "layouts.toml").read_text().replace("#203040", "#402030"))
    assert one_error(invoke(["build", project])).endswith("cannot write (disk full); the previous file is kept")
    assert snapshot(out) == before  # the PDF already replaced was put back
    assert no_parts(project) == []


SCRIPT = "import sys; sys.argv[0] = 'playproof'; from playproof.cli import main; main()"


STOPPING = """import os, signal, sys
sys.argv[0] = 'playproof'
from playproof.output import parallel
real, pages = parallel.check_stop, []
def signalled_mid_build():
    pages.append(1)
    if len(pages) == 3:  # the PDF's temporary file is open and two pages are drawn: the process signals itself
        os.kill(os.getpid(), signal.{stop})
    real()
parallel.check_stop = signalled_mid_build
from playproof.cli import main
main()
"""


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_mid_build_leaves_no_part_file(tmp_path: Path, stop: signal.Signals) -> None:
    out = tmp_path / "out"
    arguments = ["build", str(EXAMPLES / "seven-sisters"), "-o", str(out)]
    env = {**os.environ, "RL_useA85": "0"}
    subprocess.run([sys.executable, "-c", SCRIPT, *arguments], cwd=ROOT, env=env, check=True, capture_output=True,
                   timeout=120)
    before = snapshot(out)
    # The signal is a real one, delivered to the build while it draws page 3 of 32: no race with the build.
    process = subprocess.run([sys.executable, "-c", STOPPING.format(stop=stop.name), *arguments], cwd=ROOT,
                             env=env, capture_output=True, text=True, timeout=120)
    stderr = process.stderr
    assert process.returncode == 1
    assert "Traceback" not in stderr
    assert stderr.splitlines()[-1] == (f"Error: stopped by {stop.name}; the previous output files are kept as they "
                                       "were")
    assert snapshot(out) == before
    assert no_parts(out) == []
