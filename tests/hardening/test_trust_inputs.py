"""Issue 26's traceback classes: each is now one located `Error:` line (or a warning), and nothing is lost."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hardening_support import EXAMPLES, ROOT, invoke, no_parts, one_error, snapshot

SEVEN = EXAMPLES / "seven-sisters"


def _project(tmp_path: Path) -> Path:
    """Return a copy of the Seven Sisters example."""
    return Path(shutil.copytree(SEVEN, tmp_path / "seven", ignore=shutil.ignore_patterns("out", "playtests")))


def test_a_9_kb_path_is_one_shortened_error_line(tmp_path: Path) -> None:
    long = "/tmp/" + "a" * 9000
    for command in (["build", long], ["check", long]):
        line = one_error(invoke(command))
        assert line.endswith("(9,005 characters): a path or a name in it is longer than the system allows"), line
        assert len(line) < 250


@pytest.mark.parametrize("fmt, blocker", [("png", "png"), ("svg", "svg/fonts")])
def test_an_output_folder_where_a_file_stands_is_one_error_line(tmp_path: Path, fmt: str, blocker: str) -> None:
    project, out = _project(tmp_path), tmp_path / "out"
    (out / blocker).parent.mkdir(parents=True, exist_ok=True)
    (out / blocker).write_text("a file, not a folder")
    line = one_error(invoke(["build", project, "-o", out, "--format", fmt, "--dpi", "20"]))
    assert line.startswith(f"Error: {out / blocker}") and "a file stands where a folder is needed" in line, line
    assert (out / blocker).read_text() == "a file, not a folder" and no_parts(out) == []


def test_a_write_failing_midway_names_the_output_and_keeps_the_previous_one(tmp_path: Path) -> None:
    project, out = _project(tmp_path), tmp_path / "out"
    assert invoke(["build", project, "-o", out]).exit_code == 0
    before = snapshot(out)
    script = ("import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
              "resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000)); "  # like a disk that fills up at 20 kB
              "from playproof.cli import main; sys.argv = ['playproof', 'build', sys.argv[1], '-o', sys.argv[2]]; main()")
    done = subprocess.run([sys.executable, "-c", script, str(project), str(out)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert errors == [f"Error: {out / 'seven.pdf'}: the file would be larger than this system allows; the previous "
                      "output files are kept as they were"], done.stderr
    assert snapshot(out) == before and no_parts(out) == []


def test_a_lone_surrogate_in_a_jsonl_record_is_quoted_as_its_escape(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text('{"line": 1, "kind": "\\ud800"}\n{"line": 2, "kind": "move", "actor": ["\\udc01"]}\n')
    result = invoke(["audit", log])
    assert result.exit_code == 2 and result.exception is None or isinstance(result.exception, SystemExit)
    assert f'{log}:1: cannot read JSON record (unknown kind "\\ud800"; kinds:' in result.output
    assert f'{log}:2: cannot read JSON record ("actor" must be a text, not ["\\udc01"])' in result.output


def test_unknown_keys_of_a_jsonl_record_are_a_warning(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text('{"line": 1, "kind": "comment", "text": "# hi", "colour": "red", "acter": "Ann"}\n')
    result = invoke(["audit", log])
    assert f'{log}:1: warning: unknown key(s) "colour", "acter" ignored (see docs/log-format.md)' in result.output


@pytest.mark.parametrize("width", ["1e308", "inf", "nan", "99999999999", "1e-308"])
def test_an_svg_of_no_drawable_size_is_one_error_line(tmp_path: Path, width: str) -> None:
    project = _project(tmp_path)
    icon = next((project / "assets").glob("*.svg"))
    icon.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{width}" viewBox="0 0 10 10">'
                    '<circle r="4" cx="5" cy="5"/></svg>')
    line = one_error(invoke(["build", project, "-o", tmp_path / "out"]))
    assert line.startswith(f"Error: assets/{icon.name}: the image "), line


def test_an_svg_drawn_only_in_part_is_warned_about(tmp_path: Path) -> None:
    project = _project(tmp_path)
    icon = next((project / "assets").glob("*.svg"))
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                    '<circle r="4" cx="5" cy="5" fill="notacolour"/></svg>')
    result = invoke(["build", project, "-o", tmp_path / "out"])
    assert result.exit_code == 0, result.output
    assert f"warning: assets/{icon.name}: part of the SVG cannot be drawn: Can't handle color: notacolour" in \
        result.output


@pytest.mark.parametrize("session", ["²", "٣x", "0", "9" * 5000])
def test_a_session_id_that_is_no_number_is_one_error_line(tmp_path: Path, session: str) -> None:
    line = one_error(invoke(["report", session, "--db", tmp_path / "s.db", "-o", tmp_path / "r.html"]))
    assert "Traceback" not in line


@pytest.mark.parametrize("extra, message", [
    ('[sets]\nLoose = 5\n', 'Error: layouts.toml: set "Loose" must be a table of keys, like [sets.Loose]'),
    ('[sets.Extra]\nextends = ""\n', 'Error: layouts.toml: set "Extra": extends names no set (the name is empty)'),
])
def test_an_empty_extends_chain_is_one_error_line(tmp_path: Path, extra: str, message: str) -> None:
    project = _project(tmp_path)
    layouts = project / "layouts.toml"
    layouts.write_text(layouts.read_text() + "\n" + extra if extra.startswith("[sets.") else extra)
    assert one_error(invoke(["check", project])) == message
