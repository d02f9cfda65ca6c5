"""The Battle for Seven Cities example builds, and its manifest matches the rulebook's component list."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from playproof.components import read_project_workbook
from playproof.errors import Problems
from playproof.output.build import build, check
from playproof.playtest.games.battle_for_seven_cities.data import load

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "battle-for-seven-cities"


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Build the example once and return its manifest."""
    out = tmp_path_factory.mktemp("battle-for-seven-cities")
    result = build(EXAMPLE, out)
    assert result.warnings == []
    return json.loads((out / "battle-for-seven-cities.manifest.json").read_text(encoding="utf-8"))


def test_manifest_counts_match_the_rulebook_item_list(manifest: dict[str, Any]) -> None:
    copies = {name: s["copies"] for name, s in manifest["sets"].items()}
    assert copies == {
        "Past Tile-Groups": 11,  # Past Tile-Group (Four Connected Tiles): 11
        "Future Tile-Groups": 11,  # Future Tile-Group (Four Connected Tiles): 11
        "Action Cards": 67,  # Action Cards: 67
        "Clock Cards": 6,  # Clock Cards: 6
        "Time-Shift Card": 1,  # Time-Shift Card (First Player Card): 1
        "Reference Cards": 6,  # Turn Reference Card: 6
        "Player Tokens": 6,  # Player Token: 6 (1 per player)
        "City Tokens": 84,  # City Tokens: 84 (14 per player)
        "Board Tokens": 7,  # Shield Token 4, Wall Token 1, Railway Token 2
    }


def test_board_tokens_are_four_shields_one_wall_two_railways(manifest: dict[str, Any]) -> None:
    rows = {r.row: r.get("kind") for r in read_project_workbook(EXAMPLE).sets["Board Tokens"].rows}
    placed = Counter(rows[p["row"]] for p in manifest["placements"] if p["set"] == "Board Tokens")
    assert placed == {"shield": 4, "wall": 1, "railway": 2}


def test_fourteen_city_tokens_per_player_and_one_player_token(manifest: dict[str, Any]) -> None:
    sheets = read_project_workbook(EXAMPLE).sets
    characters = {r.row: r.get("character") for r in sheets["City Tokens"].rows}
    placed = Counter(characters[p["row"]] for p in manifest["placements"] if p["set"] == "City Tokens")
    assert sorted(placed.values()) == [14] * 6
    assert load(EXAMPLE).cities_per_player == 14


def test_tile_groups_and_cards_have_backs(manifest: dict[str, Any]) -> None:
    sides = Counter((p["set"], p["side"]) for p in manifest["placements"])
    for name, count in (("Past Tile-Groups", 11), ("Future Tile-Groups", 11), ("Action Cards", 67),
                        ("Clock Cards", 6)):
        assert sides[(name, "front")] == count and sides[(name, "back")] == count


def test_tile_groups_are_four_connected_hexes_and_future_ones_numbered() -> None:
    data = load(EXAMPLE)
    cells = set(data.cells)
    assert len(cells) == 4 and _connected(cells)
    assert len(data.past_groups) == 11 and len(data.future_groups) == 11
    numbers = sorted(r.get("number") for r in read_project_workbook(EXAMPLE).sets["Future Tile-Groups"].rows)
    assert numbers == list(range(1, 12))


def _connected(cells: set[tuple[int, int]]) -> bool:
    """Return True when axial cells form one connected piece."""
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    seen, todo = set(), [next(iter(cells))]
    while todo:
        q, r = todo.pop()
        seen.add((q, r))
        todo += [(q + dq, r + dr) for dq, dr in steps if (q + dq, r + dr) in cells - seen]
    return seen == cells


def test_future_costs_are_the_rulebook_table() -> None:
    tiles = load(EXAMPLE).tiles
    table = {"soil": (4, 1, True), "forest": (6, 1, True), "mountain": (2, 3, True),
             "light sea": (6, 1, False), "deep sea": (8, 1, False), "volcano": (4, 4, True)}
    assert {t: (tiles[("future", t)].build, tiles[("future", t)].travel, tiles[("future", t)].extra_card)
            for t in table} == table
    assert tiles[("past", "light sea")].build is None and tiles[("past", "deep sea")].build is None


def test_card_mix_sums_to_67_with_every_title() -> None:
    rows = read_project_workbook(EXAMPLE).sets["Action Cards"].rows
    titles: Counter[tuple[str, int]] = Counter()
    for row in rows:
        titles[(row.get("title"), row.get("action points"))] += row.count
        assert row.get("badge") == f"{row.get('players')}+"
    # the rulebook's card table: 13 special titles and Just Action Points worth 4, 3 and 2
    assert sum(titles.values()) == 67 and len(titles) == 16 and len({t for t, _ in titles}) == 14


def test_check_reports_no_warnings() -> None:
    problems = Problems()
    check(EXAMPLE, problems)
    assert [str(p) for p in problems.items] == []


def test_every_icon_the_layout_names_exists() -> None:
    sheets = read_project_workbook(EXAMPLE).sets
    terrains = {f"{era}-{r.get(f'cell {i}')}" for era, name in (("past", "Past Tile-Groups"),
                                                                  ("future", "Future Tile-Groups"))
                for r in sheets[name].rows for i in range(1, 5)}
    names = terrains | {r.get("icon") for r in sheets["Clock Cards"].rows} | {
        r.get("icon") for r in sheets["Board Tokens"].rows} | {
        "build", "travel", "card", "city", "arrow", "hourglass", "token", "clock-12"}
    assert sorted(n for n in names if not (EXAMPLE / "assets" / f"{n}.svg").is_file()) == []
