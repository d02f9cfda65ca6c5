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

TERRAINS = {  # terrain: (future colour, past colour, water)
    "soil": ("#d9b36e", "#d3c29e", ""),
    "forest": ("#5a9a44", "#9aae80", ""),
    "mountain": ("#a39a92", "#bab2a8", ""),
    "light sea": ("#8fcbe9", "#afcbd2", "yes"),
    "deep sea": ("#2f6c9e", "#6f8b9d", "yes"),
    "volcano": ("#cf5b3f", "#c49580", ""),
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

TIME_SHIFT = ("You play first this round. When the round ends, pass this card to the player "
              "on your right (counterclockwise).")
TURN = ("1. Play cards: for their action points (blue pile) or their special action (red pile).\n"
        "2. Spend points: move (:travel: of each tile entered), time travel (1), build (:build: of your tile).\n"
        "3. End: draw 1 card per city you built on a future tile marked :card:.\n"
        "4. Discard down to 2 cards.")
ROUND = ("Start of round: everyone draws 3, first player first.\n"
         "End of round: past cities copy forward (shields protect); once anyone has 7 future "
         "cities, most future cities wins (water breaks ties); the Time-Shift card passes right.")
CLOCKS = ["12:00", "2:00", "4:00", "6:00", "8:00", "10:00"]
CHARACTERS = [("Skyler", "#58a6e0"), ("Ruby", "#c62f3e"), ("Oliver", "#6b7d2a"),
              ("Amber", "#e89a1c"), ("Berry", "#7a2f86"), ("Whitney", "#f2f2f2")]
CITIES_PER_PLAYER = 14


INK = {"Whitney": "#222222"}  # text colour on a token (white for all but the white one)
BOARD_TOKENS = [("shield", "Shield", "#d9d9d9", "#222222", "shield", 4),
                ("wall", "Wall", "#d8c7a8", "#222222", "wall", 1),
                ("railway", "Railway", "#c3ccd4", "#222222", "rail", 2)]


def card_rows() -> list[tuple]:
    """Return the Action Cards sheet rows, one per code and player-count badge."""
    rows = []
    for code, (title, points, reaction, special, badges) in CARDS.items():
        text = special or FLAVOUR[code]
        for players, copies in badges.items():
            rows.append((title, code, points, "yes" if special else "", text, reaction, players,
                         f"{players}+", BORDERS[players], "Blue", "Red" if special else "", copies))
    return rows


SHAPE = " ".join(f"{q},{r}" for _, q, r in GROUP_CELLS)


def group_rows(era: str, prefix: str, groups: list[tuple[str, ...]]) -> list[tuple]:
    """Return a tile-group sheet's rows: id, number, shape, terrain per cell, printed costs per cell."""
    costs = {(e, t): (b, tr, x, TERRAINS[t][0 if e == "future" else 1]) for e, t, b, tr, x in TILE_TYPES}
    rows = []
    for number, cells in enumerate(groups, start=1):
        printed = [v for t in cells for v in costs[(era, t)]]
        rows.append((f"{prefix}{number}", number, SHAPE, *cells, *printed, 1))
    return rows


def group_header() -> tuple:
    """Return the header of a tile-group sheet."""
    per_cell = [f"cell {i} {what}" for i in range(1, 5) for what in ("build", "travel", "extra", "colour")]
    return ("id", "number", "cells", "cell 1", "cell 2", "cell 3", "cell 4", *per_cell, "count")


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
    sheet(wb, "Tile Types", ("era", "terrain", "build cost", "travel cost", "extra card", "water", "colour"),
          [(e, t, b, tr, x, TERRAINS[t][2], TERRAINS[t][0 if e == "future" else 1])
           for e, t, b, tr, x in TILE_TYPES])
    sheet(wb, "Board Layout", ("slot", "q", "r"), BOARD_LAYOUT)
    sheet(wb, "Past Tile-Groups", group_header(), group_rows("past", "P", PAST_GROUPS))
    sheet(wb, "Future Tile-Groups", group_header(), group_rows("future", "F", FUTURE_GROUPS))
    sheet(wb, "Action Cards", ("title", "code", "action points", "special", "text", "reaction",
                               "players", "badge", "border", "points pile", "special pile", "count"),
          card_rows())
    sheet(wb, "Clock Cards", ("time", "icon", "count"), [(t, f"clock-{t.split(':')[0]}", 1) for t in CLOCKS])
    sheet(wb, "Player Tokens", ("character", "colour", "ink", "label", "count"),
          [(n, c, INK.get(n, "#ffffff"), n[0], 1) for n, c in CHARACTERS])
    sheet(wb, "City Tokens", ("character", "colour", "ink", "count"),
          [(n, c, INK.get(n, "#ffffff"), CITIES_PER_PLAYER) for n, c in CHARACTERS])
    sheet(wb, "Board Tokens", ("kind", "title", "colour", "ink", "icon", "count"), BOARD_TOKENS)
    sheet(wb, "Time-Shift Card", ("title", "text", "count"), [("Time-Shift", TIME_SHIFT, 1)])
    sheet(wb, "Reference Cards", ("title", "turn", "round", "count"), [("Turn Reference", TURN, ROUND, 6)])
    PROJECT.mkdir(parents=True, exist_ok=True)
    wb.save(PROJECT / "components.xlsx")


if __name__ == "__main__":
    main()
