"""The 7 Wonders Leaders example project builds, and its manifest matches the rulebook's contents."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from playproof.components import read_project_workbook
from playproof.errors import Problems
from playproof.output.build import build, check

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "7-wonders-leaders"


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Build the example once and return its manifest."""
    out = tmp_path_factory.mktemp("7wl")
    result = build(EXAMPLE, out)
    assert result.warnings == []
    return json.loads((out / "7-wonders-leaders.manifest.json").read_text(encoding="utf-8"))


def test_manifest_counts_match_the_rulebook_contents(manifest: dict[str, Any]) -> None:
    assert manifest["sets"] == {
        "Leaders": {"designs": 37, "copies": 37},  # 36 Leaders and the blank card (our Semiramis)
        "Guilds": {"designs": 4, "copies": 4},  # the 4 new guilds
        "Rome Board": {"designs": 1, "copies": 1},  # one board: side A on the front, side B on the back
        "Wonder Card": {"designs": 1, "copies": 1},  # Rome's Wonder card
        "Courtesan Token": {"designs": 1, "copies": 1},
        "Coins": {"designs": 1, "copies": 17},  # 17 coins of value 6
        "Score Sheet": {"designs": 1, "copies": 10},  # a pad of 10 sheets
    }


def test_cards_have_backs_and_nothing_else_does(manifest: dict[str, Any]) -> None:
    sides = Counter((p["set"], p["side"]) for p in manifest["placements"])
    assert sides[("Leaders", "back")] == 37 and sides[("Guilds", "back")] == 4
    assert sides[("Rome Board", "front")] == sides[("Rome Board", "back")] == 1
    assert {s for s, side in sides if side == "back"} == {"Leaders", "Guilds", "Rome Board"}


def test_check_reports_no_problems() -> None:
    problems = Problems()
    check(EXAMPLE, problems)
    assert [str(p) for p in problems.items] == []


def test_printed_leaders_are_the_engine_leaders() -> None:
    sheets = read_project_workbook(EXAMPLE).sets
    names = [r.get("name") for r in sheets["Leaders"].rows]
    assert len(set(names)) == 37 and "Semiramis" in names
    assert all(isinstance(r.get("cost"), int) and 1 <= r.get("cost") <= 6 for r in sheets["Leaders"].rows)
    assert (EXAMPLE / "assets").is_dir() and all(
        (EXAMPLE / "assets" / f"{r.get('icon')}.svg").exists() for r in sheets["Leaders"].rows)
