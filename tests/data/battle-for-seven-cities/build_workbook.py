"""Write examples/battle-for-seven-cities/components.xlsx (values only) from the tables below.

The workbook is the single source of truth for the printed components and the rules engine;
this script only records how the example workbook was first made. Designers edit the .xlsx.
Run: python tests/data/battle-for-seven-cities/build_workbook.py
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

PROJECT = Path(__file__).resolve().parents[3] / "examples" / "battle-for-seven-cities"

GAME = [("name", "Battle for Seven Cities"), ("version", "13.2-pp1"),
        ("players", "2-6"), ("time", "30-120 min"), ("ages", "10+")]

RULE_NUMBERS = [
    ("time_travel_cost", 1, "action points to jump to the matching tile in the other era"),
    ("round_draw", 3, "cards each player draws at the start of every round"),
    ("hand_limit", 2, "cards a player may keep at the end of their turn"),
    ("win_cities", 7, "future cities that end the game at the end of a round"),
    ("shields_per_player", 3, "shield tokens one player may have on the board"),
]

TERRAINS = {  # terrain: (colour, icon, water)
    "soil": ("#c9a36b", "soil", ""),
    "forest": ("#4f8f3a", "forest", ""),
    "mountain": ("#9b8f86", "mountain", ""),
    "light sea": ("#8fc9e8", "wave", "yes"),
    "deep sea": ("#2f6c9e", "deep", "yes"),
    "volcano": ("#c8553d", "volcano", ""),
}

# era, terrain, build cost (empty: cannot be built on), travel cost, extra-card symbol
TILE_TYPES = [
    ("future", "soil", 4, 1, "yes"), ("future", "forest", 6, 1, "yes"),
    ("future", "mountain", 2, 3, "yes"), ("future", "light sea", 6, 1, ""),
    ("future", "deep sea", 8, 1, ""), ("future", "volcano", 4, 4, "yes"),
    ("past", "soil", 5, 1, ""), ("past", "forest", 7, 1, ""),
    ("past", "mountain", 3, 3, ""), ("past", "light sea", None, 1, ""),
    ("past", "deep sea", None, 2, ""), ("past", "volcano", 5, 4, ""),
]

GROUP_CELLS = [(1, 0, 0), (2, 1, 0), (3, 0, 1), (4, 1, 1)]
BOARD_LAYOUT = [("A", 0, 0), ("B", 2, 0), ("C", 1, 2)]

PAST_GROUPS = [
    ("soil", "forest", "light sea", "mountain"), ("soil", "soil", "volcano", "light sea"),
    ("forest", "mountain", "deep sea", "light sea"), ("soil", "light sea", "light sea", "forest"),
    ("mountain", "soil", "forest", "volcano"), ("deep sea", "light sea", "soil", "soil"),
    ("forest", "soil", "mountain", "light sea"), ("volcano", "mountain", "soil", "deep sea"),
    ("soil", "forest", "light sea", "deep sea"), ("light sea", "soil", "forest", "mountain"),
    ("mountain", "volcano", "soil", "forest"),
]
FUTURE_GROUPS = [
    ("soil", "light sea", "forest", "mountain"), ("volcano", "soil", "deep sea", "forest"),
    ("light sea", "mountain", "soil", "soil"), ("forest", "deep sea", "light sea", "soil"),
    ("mountain", "forest", "soil", "volcano"), ("soil", "light sea", "deep sea", "mountain"),
    ("forest", "soil", "volcano", "light sea"), ("light sea", "soil", "mountain", "forest"),
    ("deep sea", "volcano", "forest", "soil"), ("soil", "mountain", "light sea", "forest"),
    ("light sea", "soil", "soil", "deep sea"),
]

BORDERS = {2: "#5b5b5b", 3: "#2f6fd0", 4: "#e5b400", 5: "#2e9a4a", 6: "#8a3fb8"}

# code: (title, action points, reaction, special text, {players: copies})
CARDS = {
    "AP4": ("Just Action Points", 4, "", "", {2: 3, 4: 1, 5: 1, 6: 1}),
    "AP3": ("Just Action Points", 3, "", "", {2: 5, 3: 1, 4: 1, 6: 1}),
    "AP2": ("Just Action Points", 2, "", "", {2: 5, 3: 1, 5: 1, 6: 1}),
    "ATLANTIS": ("Build Atlantis", 3, "", "Raise a city from the waves: build one on the past light "
                 "sea tile under your token, if it has no city yet.", {2: 2, 4: 1}),
    "RAIL": ("Build Railway", 2, "", "Lay a railway (or move one) over 3 tiles meeting at one corner, "
             "none with the wall. Moving onto them is free; time travel still costs.", {2: 2, 5: 1}),
    "WALL": ("Build Wall", 2, "", "Raise the wall (or move it) over 3 tiles meeting at one corner, "
             "none with a railway. Nobody may move onto them with action points.", {2: 1, 4: 1}),
    "BURN": ("Burn City", 2, "", "Burn an opponent's city on the soil, forest or mountain tile "
             "under your token, unless a shield guards it.", {2: 2, 3: 1, 5: 1}),
    "EXPEDITION": ("Expedition", 2, "", "Lay the top past tile-group touching your tile (its future "
                   "twin follows). You may found a city on its soil, forest or mountain.",
                   {2: 3, 3: 1, 4: 1, 6: 1}),
    "TAKEOVER": ("Hostile Takeover", 3, "", "Swap an unguarded opponent's city next to one of your "
                 "cities for a city of your own. No extra card.", {2: 2, 3: 1, 6: 1}),
    "METROPOLIS": ("Metropolis", 2, "yes", "Any time: add a second city to a future tile of yours "
                   "with at least 3 cities around it. No extra card. It falls as one.", {2: 2, 5: 1}),
    "DEFEND": ("Defend City", 3, "yes", "Any time: when an opponent burns or takes over your city, "
               "cancel it. Their card goes to the blue pile.", {2: 2, 3: 1, 4: 1}),
    "REMOTE": ("Remote Construction", 3, "", "Build a city on an empty future tile next to your token "
               "(your token must be in the future).", {2: 3, 4: 1, 5: 1}),
    "SANDS": ("Sands of Time", 2, "yes", "Any time: when an opponent founds a city on a past tile whose "
              "future twin holds your city, sweep the newcomer away.", {2: 2, 6: 1}),
    "ARMY": ("Standing Army", 3, "", "Put a shield on any tile: its cities can never be removed. "
             "At most 3 of your shields on the board.", {2: 2, 5: 1}),
    "EMBASSY": ("Embassy", 2, "", "Invite one or two other players: move their tokens to one tile "
                "that holds your city.", {2: 1, 3: 1, 4: 1}),
    "ENEMY": ("The Enemy of my Enemy", 2, "", "Remove any unguarded opponent's city and put a third "
              "player's city in its place. No extra card.", {3: 1, 5: 1}),
}

FLAVOUR = {"AP4": "Spend them in one place or many. Nobody is counting.",
           "AP3": "Three points. Spend them with care.",
           "AP2": "Two points. Spend them on a whim."}

CLOCKS = ["12:00", "2:00", "4:00", "6:00", "8:00", "10:00"]
CHARACTERS = [("Skyler", "#58a6e0"), ("Ruby", "#c62f3e"), ("Oliver", "#6b7d2a"),
              ("Amber", "#e89a1c"), ("Berry", "#7a2f86"), ("Whitney", "#f2f2f2")]
CITIES_PER_PLAYER = 14


def token_rows() -> list[tuple]:
    """Return the Tokens sheet rows: player and city tokens per character, then shared tokens."""
    rows: list[tuple] = []
    for name, colour in CHARACTERS:
        rows.append(("player", name, colour, name[0], 1))
    for name, colour in CHARACTERS:
        rows.append(("city", name, colour, "", CITIES_PER_PLAYER))
    rows += [("shield", "", "#d9d9d9", "", 4), ("wall", "", "#7a5230", "", 1),
             ("railway", "", "#444444", "", 2)]
    return rows


def card_rows() -> list[tuple]:
    """Return the Action Cards sheet rows, one per code and player-count badge."""
    rows = []
    for code, (title, points, reaction, special, badges) in CARDS.items():
        text = special or FLAVOUR[code]
        for players, copies in badges.items():
            rows.append((title, code, points, "yes" if special else "", text, reaction, players,
                         f"{players}+", BORDERS[players], "Blue", "Red" if special else "", copies))
    return rows


def group_rows(prefix: str, groups: list[tuple[str, ...]]) -> list[tuple]:
    """Return a tile-group sheet's rows: id, number, terrain per cell, copy count."""
    return [(f"{prefix}{n}", n, *cells, 1) for n, cells in enumerate(groups, start=1)]


def sheet(wb: openpyxl.Workbook, title: str, header: tuple, rows: list[tuple]) -> None:
    """Add one sheet with a header row and data rows."""
    ws = wb.create_sheet(title)
    ws.append(header)
    for row in rows:
        ws.append(row)


def main() -> None:
    """Write the workbook."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    sheet(wb, "Game", ("key", "value"), GAME)
    sheet(wb, "Rule Numbers", ("key", "value", "meaning"), RULE_NUMBERS)
    sheet(wb, "Tile Types", ("era", "terrain", "build cost", "travel cost", "extra card", "water",
                             "colour", "icon"),
          [(e, t, b, tr, x, TERRAINS[t][2], TERRAINS[t][0], TERRAINS[t][1])
           for e, t, b, tr, x in TILE_TYPES])
    sheet(wb, "Group Cells", ("cell", "q", "r"), GROUP_CELLS)
    sheet(wb, "Board Layout", ("slot", "q", "r"), BOARD_LAYOUT)
    cell_header = ("cell 1", "cell 2", "cell 3", "cell 4", "count")
    sheet(wb, "Past Tile-Groups", ("id", "number", *cell_header), group_rows("P", PAST_GROUPS))
    sheet(wb, "Future Tile-Groups", ("id", "number", *cell_header), group_rows("F", FUTURE_GROUPS))
    sheet(wb, "Action Cards", ("title", "code", "action points", "special", "text", "reaction",
                               "players", "badge", "border", "points pile", "special pile", "count"),
          card_rows())
    sheet(wb, "Clock Cards", ("time", "count"), [(t, 1) for t in CLOCKS])
    sheet(wb, "Tokens", ("kind", "character", "colour", "label", "count"), token_rows())
    sheet(wb, "Time-Shift Card", ("title", "count"), [("Time-Shift", 1)])
    sheet(wb, "Reference Cards", ("title", "count"), [("Turn Reference", 6)])
    PROJECT.mkdir(parents=True, exist_ok=True)
    wb.save(PROJECT / "components.xlsx")


if __name__ == "__main__":
    main()
