"""Colour-blind proof (--format proof) and the check that designs are not told apart by colour alone."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from print_fixtures import CARD_LAYOUT, make_project
from playproof.cli import cli

pytest.importorskip("colour")
pytest.importorskip("pypdfium2")

# Machado, Oliveira and Fernandes (2009), deuteranomaly at severity 1.0, as published (linear RGB)
DEUTAN = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]


def srgb_to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_to_srgb(c: float) -> float:
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def test_simulation_applies_the_published_matrix_in_linear_rgb():
    from playproof.output.vision import simulate

    rgb = (0.8, 0.2, 0.1)
    linear = [srgb_to_linear(c) for c in rgb]
    expected = [linear_to_srgb(min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear))))) for row in DEUTAN]
    assert list(simulate(rgb, "deutan")) == pytest.approx(expected, abs=1e-4)


def test_red_and_green_look_alike_to_deutan_eyes_but_not_to_typical_ones():
    from playproof.output.vision import HARD_TO_TELL, difference

    assert difference("#c0392b", "#229954") > 50
    assert difference("#c0392b", "#229954", "deutan") < HARD_TO_TELL
    assert difference("#1f5fbf", "#e08a00", "deutan") > 30  # blue and orange stay apart


LAYOUT = CARD_LAYOUT.replace('background = "#ffffff"', 'background = "{colour}"')


def check(tmp_path, rows):
    """Run check on a project whose cards have these (name, text, colour) rows."""
    project = make_project(tmp_path, layouts=LAYOUT, sheets={"Cards": [("name", "text", "colour")] + rows})
    return CliRunner().invoke(cli, ["check", str(project)])


def test_check_warns_about_designs_told_apart_only_by_confusable_colours(tmp_path):
    result = check(tmp_path, [("Token", "Gain one.", "#c0392b"), ("Token", "Gain one.", "#229954")])
    assert result.exit_code == 0
    (warning,) = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert warning == ('warning: components.xlsx: set "Cards", rows 2 and 3 (Token, Token): told apart only by '
                       "colour (#c0392b and #229954), which look alike with deutan colour vision (CIEDE2000 9.6); "
                       "add a word or an icon, or change a colour")


@pytest.mark.parametrize("rows", [
    [("Ruby", "Gain one.", "#c0392b"), ("Oliver", "Gain one.", "#229954")],  # a word tells them apart
    [("Token", "Gain one.", "#1f5fbf"), ("Token", "Gain one.", "#e08a00")],  # colours every eye tells apart
])
def test_check_is_quiet_when_something_else_tells_designs_apart(tmp_path, rows):
    result = check(tmp_path, rows)
    assert result.exit_code == 0 and "warning:" not in result.output


def test_the_proof_shows_each_design_beside_how_deutan_protan_and_tritan_eyes_see_it(tmp_path):
    from PIL import Image

    project = make_project(tmp_path, layouts=LAYOUT, sheets={"Cards": [("name", "text", "colour"),
                                                                       ("Ruby", "a", "#c0392b")]})
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out"), "--format", "proof"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "1 set(s), 1 copies, 1 .png file(s), 0 warning(s)"
    sheet = Image.open(tmp_path / "out" / "proof" / "cards.png").convert("RGB")
    card_w = round(63 / 25.4 * 72)
    columns = [sheet.getpixel((10 + i * (card_w + 10) + 4, 28 + 10 + 4)) for i in range(4)]
    original, deutan, protan, tritan = columns
    assert original[0] > 150 and original[1] < 90  # red
    assert abs(deutan[0] - deutan[1]) < 50 and abs(protan[0] - protan[1]) < 50  # red looks olive or brown
    only = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "one"), "--format", "proof",
                                    "--vision", "tritan"])
    assert only.exit_code == 0
    assert Image.open(tmp_path / "one" / "proof" / "cards.png").width < sheet.width / 2 + 10


def test_the_proof_without_colour_science_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "colour", None)
    project = make_project(tmp_path)
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out"), "--format", "proof"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == ('Error: the colour-blind proof needs colour-science: '
                                              'pip install "playproof[vision]"')
    assert CliRunner().invoke(cli, ["check", str(project)]).exit_code == 0  # check runs on, without the lint
