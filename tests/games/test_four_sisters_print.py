"""The Four Sisters example project builds, and its manifest matches the rulebook's components."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from playproof.components import read_project_workbook
from playproof.errors import Problems
from playproof.output.build import build, check

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "four-sisters"
RANKS = ["Q", "A", "2", "3", "4", "5", "6", "7", "8", "9"]  # the rulebook's Scheme: Queen, Ace, 2-9
TEAMS = {"D": "Younger", "H": "Younger", "C": "Elder", "S": "Elder"}


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Build the example once and return its manifest."""
    out = tmp_path_factory.mktemp("four-sisters")
    result = build(EXAMPLE, out)
    assert result.warnings == []
    return json.loads((out / "four-sisters.manifest.json").read_text(encoding="utf-8"))


def test_manifest_counts_match_the_rulebook(manifest: dict[str, Any]) -> None:
    assert manifest["sets"] == {
        "Cards": {"designs": 40, "copies": 40},  # four Schemes of ten cards
        "Chateau": {"designs": 1, "copies": 1},  # one 3x3 board
        "Clock": {"designs": 1, "copies": 1},  # one 1-6 dial
        "Reference": {"designs": 1, "copies": 4},  # a turn-order card for each player
    }


def test_every_card_has_a_front_and_a_back(manifest: dict[str, Any]) -> None:
    sides = Counter((p["set"], p["side"]) for p in manifest["placements"])
    assert sides[("Cards", "front")] == 40 and sides[("Cards", "back")] == 40


def test_each_scheme_is_queen_ace_and_two_to_nine_of_one_suit() -> None:
    cards = read_project_workbook(EXAMPLE).sets["Cards"].rows
    by_suit: dict[str, list[str]] = {}
    for row in cards:
        by_suit.setdefault(row.get("letter"), []).append(str(row.get("rank")))
        assert row.get("team") == TEAMS[row.get("letter")]
        assert row.get("back") == f"back-{row.get('team').lower()}"
    assert {suit: sorted(ranks) for suit, ranks in by_suit.items()} == {
        suit: sorted(RANKS) for suit in TEAMS}


def test_queens_are_worth_zero_and_aces_one() -> None:
    values = {(r.get("rank"), r.get("letter")): r.get("value")
              for r in read_project_workbook(EXAMPLE).sets["Cards"].rows}
    assert all(values[("Q", s)] == 0 and values[("A", s)] == 1 for s in TEAMS)
    assert all(values[(str(n), s)] == n for n in range(2, 10) for s in TEAMS)


def test_check_reports_no_warnings() -> None:
    problems = Problems()
    check(EXAMPLE, problems)
    assert [str(p) for p in problems.items] == []


def test_every_icon_the_layout_names_exists() -> None:
    rows = read_project_workbook(EXAMPLE).sets["Cards"].rows
    names = {r.get("icon") for r in rows} | {r.get("back") for r in rows} | {"crown", "chateau"}
    assert all((EXAMPLE / "assets" / f"{name}.svg").is_file() for name in names)
