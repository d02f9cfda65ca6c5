"""Limits of builds: pixels of an image export, --only ranges never expanded, --only choosing no design."""

from __future__ import annotations

import time
from pathlib import Path

from click.testing import CliRunner

from playproof.cli import cli
from playproof.limits import MAX_IMAGE_PIXELS
from print_fixtures import make_project

BIG_BOARD = '''
[sets.Board]
shape = "board"
size = "900mm x 900mm"
background = "#d0e0c0"
elements = [ { type = "text", text = "{name}", x = "20mm", y = "20mm", width = "100mm", height = "20mm" } ]
'''


def run(*args: str):
    """Run the playproof CLI and return the result (exceptions become exit codes, as for a user)."""
    return CliRunner().invoke(cli, list(args))


def error_lines(output: str) -> list[str]:
    """Return the output's `Error:` lines."""
    return [line for line in output.splitlines() if line.startswith("Error:")]


def test_a_png_export_over_the_pixel_limit_is_refused_before_its_bitmap_is_made(tmp_path: Path) -> None:
    project = make_project(tmp_path, layouts=BIG_BOARD, sheets={"Board": [("name",), ("Map",)]})
    began = time.perf_counter()
    result = run("build", str(project), "-o", str(tmp_path / "out"), "--format", "png", "--dpi", "1200")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert error_lines(result.output) == [
        'Error: the front of "Board" row 2 at 1200 dpi would be 42,803 x 42,803 pixels: at most '
        f"{MAX_IMAGE_PIXELS:,} pixels in one image (about 600 MB of memory); lower --dpi; see docs/limits.md"]
    assert time.perf_counter() - began < 20
    assert not (tmp_path / "out" / "png").exists() or not any((tmp_path / "out" / "png").rglob("*.png"))


def test_a_huge_only_range_is_never_expanded(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    began = time.perf_counter()
    result = run("build", str(project), "-o", str(tmp_path / "out"), "--only", "Cards:1-1000000")
    assert result.exit_code == 0, result.output
    assert time.perf_counter() - began < 20
    refused = run("build", str(project), "-o", str(tmp_path / "out"), "--only", "Cards:2-100000000")
    assert error_lines(refused.output) == ['Error: --only "Cards:2-100000000": row is 100,000,000: at most 1,048,576 '
                                           "(the last row of a spreadsheet); see docs/limits.md"]
    digits = run("build", str(project), "-o", str(tmp_path / "out"), "--only", "Cards:2-" + "9" * 5000)
    assert digits.exit_code == 1 and len(error_lines(digits.output)) == 1 and "Traceback" not in digits.output


def test_only_choosing_no_design_names_only(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    zero = run("build", str(project), "-o", str(tmp_path / "out"), "--only", "Cards:0")
    assert error_lines(zero.output) == ['Error: --only "Cards:0": row 0 holds no design (row 1 is the header; '
                                        "designs start at row 2)"]
    past = run("build", str(project), "-o", str(tmp_path / "out"), "--only", "Cards:900")
    assert error_lines(past.output) == ["Error: nothing to print: the sets chosen have no copies (--only Cards:900 "
                                        "chooses no copies)"]
