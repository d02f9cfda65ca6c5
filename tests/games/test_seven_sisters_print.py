"""The Seven Sisters example project prints every component the rulebook lists, with backs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "seven-sisters"
RULEBOOK_COUNTS = {  # set: (designs, physical copies), from the rulebook's Contents
    "Sister Tiles": (7, 7),
    "Player Screens": (6, 6),
    "Influence Cards": (43, 55),  # 42 ordered pairs of distinct sisters + one wild design x 13
    "Favour Tokens": (7, 35),
    "Turn Markers": (3, 6),  # 3, 3, 4, 4, 5, 5
    "Goods": (2, 100),  # 50 gold, 50 fruit
    "Markers": (2, 2),  # the Wrath marker and the first-player marker
}


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> dict:  # type: ignore[type-arg]
    """Build the example once and return its manifest."""
    out = tmp_path_factory.mktemp("seven-sisters-build")
    result = CliRunner().invoke(cli, ["build", str(EXAMPLE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "seven-sisters.pdf").stat().st_size > 10_000
    return json.loads((out / "seven-sisters.manifest.json").read_text(encoding="utf-8"))


def test_manifest_counts_match_the_rulebook(manifest: dict) -> None:  # type: ignore[type-arg]
    sets = {name: (s["designs"], s["copies"]) for name, s in manifest["sets"].items()}
    assert sets == RULEBOOK_COUNTS


def test_every_copy_has_a_front_and_a_back(manifest: dict) -> None:  # type: ignore[type-arg]
    sides = Counter((p["set"], p["side"]) for p in manifest["placements"])
    for name, (_, copies) in RULEBOOK_COUNTS.items():
        assert (sides[(name, "front")], sides[(name, "back")]) == (copies, copies), name


def test_influence_cards_are_every_ordered_pair_and_13_wilds() -> None:
    import openpyxl
    sheet = openpyxl.load_workbook(EXAMPLE / "components.xlsx", read_only=True)["Influence Cards"]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    pairs = {(r[1], r[2]) for r in rows if r[0] == "pair"}
    sisters = {p for p, _ in pairs}
    assert len(sisters) == 7 and pairs == {(a, b) for a in sisters for b in sisters if a != b}
    assert [r[-1] for r in rows if r[0] == "wild"] == [13]


def test_turn_marker_values(manifest: dict) -> None:  # type: ignore[type-arg]
    import openpyxl
    sheet = openpyxl.load_workbook(EXAMPLE / "components.xlsx", read_only=True)["Turn Markers"]
    values = sorted(v for value, count in sheet.iter_rows(min_row=2, values_only=True) for v in [value] * count)
    assert values == [3, 3, 4, 4, 5, 5]


def test_check_reports_no_warnings() -> None:
    result = CliRunner().invoke(cli, ["check", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "0 warning(s)" in result.output and "warning:" not in result.output


def test_every_sister_has_an_icon() -> None:
    for sister in ("wrath", "greed", "gluttony", "lust", "sloth", "pride", "envy"):
        text = (EXAMPLE / "assets" / f"{sister}.svg").read_text(encoding="utf-8")
        assert text.startswith("<svg") and "viewBox" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_screen_prints_whole_on_one_sheet(paper: str, tmp_path: Path) -> None:
    # a 264 mm tri-fold fits landscape A4 and US Letter, so no screen is tiled into parts
    result = CliRunner().invoke(cli, ["build", str(EXAMPLE), "-o", str(tmp_path), "--paper", paper,
                                      "--only", "Player Screens"])
    assert result.exit_code == 0, result.output
    placements = json.loads((tmp_path / "seven-sisters.manifest.json").read_text(encoding="utf-8"))["placements"]
    fronts = [p for p in placements if p["side"] == "front"]
    assert len(fronts) == 6 and all("part" not in p for p in fronts)
    assert {round(p["width_mm"]) for p in fronts} == {264}
