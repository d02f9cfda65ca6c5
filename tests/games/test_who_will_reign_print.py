"""The Who Will Reign? example project builds, and its manifest matches the rulebook's components."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from playproof.components import read_project_workbook
from playproof.output.build import build
from playproof.playtest.games.who_will_reign.catalogue import load_catalogue

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "who-will-reign"
MARKET = ("Court Cards", "Unwanted Guests", "Moons", "Land Improvements")


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Build the example once and return its manifest."""
    out = tmp_path_factory.mktemp("who-will-reign")
    result = build(EXAMPLE, out)
    assert result.warnings == []
    return json.loads((out / "who-will-reign.manifest.json").read_text(encoding="utf-8"))


def test_manifest_counts_match_the_rulebook(manifest: dict[str, Any]) -> None:
    sets = {name: s["copies"] for name, s in manifest["sets"].items()}
    assert sets["Court Cards"] == 38 and sets["Unwanted Guests"] == 6
    assert sets["Moons"] == 8 and sets["Land Improvements"] == 22
    assert sum(sets[name] for name in MARKET) == 74  # the market deck
    assert sets["Land Boards"] == 12 and sets["Banners"] == 5 and sets["Reminder Cards"] == 4
    assert sets["Tokens"] > 0  # food and gold tokens (the rulebook names no number)
    assert set(sets) == {*MARKET, "Land Boards", "Banners", "Reminder Cards", "Tokens"}


def test_backs_where_the_game_has_them(manifest: dict[str, Any]) -> None:
    sides = Counter((p["set"], p["side"]) for p in manifest["placements"])
    for name in (*MARKET, "Land Boards", "Reminder Cards"):
        assert sides[(name, "back")] == sides[(name, "front")] > 0
    assert sides[("Banners", "back")] == 0 and sides[("Tokens", "back")] == 0


def test_every_market_card_shares_one_back() -> None:
    text = (EXAMPLE / "layouts.toml").read_text(encoding="utf-8")
    assert text.count(".back]") == 3  # the market deck's, the land boards' and the reminders'
    assert all(f'[sets."{name}"]\nextends = "Market Card"' in text or f"[sets.{name}]\nextends" in text
               for name in MARKET)


def test_the_land_has_six_farms_and_six_villages() -> None:
    lands = Counter(b.land for b in load_catalogue(EXAMPLE).boards.values())
    assert lands == {"farm": 6, "village": 6}
    improvements = Counter(c.land for c in load_catalogue(EXAMPLE).cards.values() if c.kind == "improvement"
                           for _ in range(c.copies))
    assert improvements == {"farm": 11, "village": 11}


def test_the_rulebook_examples_are_kept() -> None:
    cards = load_catalogue(EXAMPLE).cards
    assert cards["astronomer"].crowns == 4 and cards["astronomer"].ability.worth[0][1].card == "fireworks"
    assert cards["ceremonial-coat"].crowns is None and cards["ceremonial-coat"].path == "culture"
    assert cards["pure-white-stag"].path == "bounty" and cards["pure-white-stag"].cost_food > 0
    bounty = [c for c in cards.values() if c.kind == "court" and c.path == "bounty"]
    assert all(c.cost_gold > 0 and c.cost_food > 0 for c in bounty)
    others = [c for c in cards.values() if c.kind == "court" and c.path != "bounty"]
    assert all(c.cost_food == 0 for c in others)


def test_every_printed_card_text_is_beside_its_structured_effect() -> None:
    court = read_project_workbook(EXAMPLE).sets["Court Cards"]
    assert {"text", "effect", "crowns", "cost_gold", "cost_food", "path"} <= set(court.columns)
    assert all(row.get("text") for row in court.rows)


def test_the_example_workbook_matches_its_design_script(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parents[1] / "data" / "who-will-reign" / "make_workbook.py"
    spec = importlib.util.spec_from_file_location("wwr_make_workbook", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.OUT = tmp_path / "components.xlsx"
    module.main()
    made, example = read_project_workbook(tmp_path), read_project_workbook(EXAMPLE)
    assert made.info == example.info
    assert {n: [r.fields | {"count": r.count} for r in s.rows] for n, s in made.sets.items()} == {
        n: [r.fields | {"count": r.count} for r in s.rows] for n, s in example.sets.items()}
