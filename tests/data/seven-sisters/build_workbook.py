"""Write examples/seven-sisters/components.xlsx (values only) from the tables below.

Run `python tests/data/seven-sisters/build_workbook.py` after editing a table; the workbook is
the source of truth for both the printed components and the rules engine.
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path

import openpyxl

SISTERS = [  # number, name, colour, gift text for tiles and screens
    (1, "Wrath", "#c0392b", "Her favourite moves the Wrath marker to another sister (never Wrath, "
     "never where it already sits). Once the marked sister is scored, every servant on her goes "
     "home. A tie moves the marker one sister to the right."),
    (2, "Greed", "#d4a017", "Her favourite takes 5 :gold:. Every other player with a servant "
     "on Greed takes 2 :gold:."),
    (3, "Gluttony", "#e67e22", "Her favourite takes 5 :fruit:. Every other player with a servant "
     "on Gluttony takes 2 :fruit:."),
    (4, "Lust", "#c2185b", "Her favourite moves 5 servants from reserve to playable. Every other "
     "player with a servant on Lust moves 2."),
    (5, "Sloth", "#5d6d7e", "No gift, but her favours break every tie: most Sloth favours wins. "
     "Equal Sloth favours: nobody wins."),
    (6, "Pride", "#7d3c98", "Her favourite chooses the first player of the next round. A tie "
     "passes the first-player marker one seat on."),
    (7, "Envy", "#229954", "Her favourite may move any two servants from one other sister onto "
     "Envy, whoever owns them."),
]

PLAYERS = [("Red", "#b03a2e"), ("Blue", "#2e6fb0"), ("Green", "#2e8b57"),
           ("Yellow", "#c9a227"), ("Purple", "#7d3c98"), ("Black", "#333333")]

RULES = [  # key, value, meaning
    ("rounds", 4, "rounds played before the final scoring"),
    ("servants", 30, "servant cubes per player"),
    ("playable_start", 15, "servants in the playable stock at the start (the rest in reserve)"),
    ("cards_dealt", 6, "influence cards dealt to each player each round"),
    ("cards_played", 5, "influence cards each player plays each round"),
    ("action_a_servants", 2, "servants action A and D place (action B and D2 move)"),
    ("action_a_extra", 2, "extra servants action A may add, one fruit each"),
    ("action_c_servants", 3, "servants action C brings from reserve to playable"),
    ("round_start_place", 1, "servants the first player places from reserve in rounds 2-4"),
    ("round_start_add", 2, "servants each player adds from reserve to playable in rounds 2-4"),
    ("round_start_add_last", 1, "servants the last player adds instead"),
    ("gift_winner", 5, "gold, fruit or servants Greed, Gluttony and Lust give their favourite"),
    ("gift_others", 2, "gold, fruit or servants they give every other player influencing them"),
    ("envy_servants", 2, "servants Envy's favourite may move onto Envy"),
    ("buyback", "1:1 2:3 3:5", "gold:servants packages to return removed servants to playable"),
    ("set_bonus", 2, "points for each full set of seven different favours"),
    ("majority_point", 1, "points for most gold, most fruit, most playable servants"),
    ("min_players", 2, "fewest players"),
]


def build(path: Path) -> None:
    """Write the workbook."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Game"
    _rows(ws, ["key", "value"], [["name", "Seven Sisters"], ["version", "1.0"],
                                 ["designer", "Brad Champeny (rules); playproof example components"]])
    _rows(wb.create_sheet("Rules"), ["key", "value", "meaning"], [list(r) for r in RULES])
    _rows(wb.create_sheet("Sister Tiles"), ["number", "sister", "colour", "icon", "gift", "count"],
          [[n, s, c, f"{s.lower()}.svg", g, 1] for n, s, c, g in SISTERS])
    _rows(wb.create_sheet("Influence Cards"),
          ["kind", "primary", "secondary", "primary_colour", "secondary_colour",
           "primary_icon", "secondary_icon", "count"], _cards())
    _rows(wb.create_sheet("Favour Tokens"), ["sister", "colour", "icon", "count"],
          [[s, c, f"{s.lower()}.svg", 5] for _, s, c, _ in SISTERS])
    _rows(wb.create_sheet("Turn Markers"), ["value", "count"], [[3, 2], [4, 2], [5, 2]])
    _rows(wb.create_sheet("Goods"), ["good", "colour", "icon", "count"],
          [["gold", "#e2b33c", "gold.svg", 50], ["fruit", "#e58fb1", "fruit.svg", 50]])
    _rows(wb.create_sheet("Markers"), ["marker", "colour", "icon", "label", "count"],
          [["Wrath", "#c0392b", "wrath.svg", "Wrath", 1],
           ["First player", "#222222", "first.svg", "1st", 1]])
    _rows(wb.create_sheet("Player Screens"), ["player", "colour", "count"],
          [[p, c, 1] for p, c in PLAYERS])
    wb.save(path)


def _cards() -> list[list[object]]:
    """Return one row per ordered pair of distinct sisters, then the wild cards."""
    colour = {s: c for _, s, c, _ in SISTERS}
    names = [s for _, s, _, _ in SISTERS]
    rows: list[list[object]] = [
        ["pair", a, b, colour[a], colour[b], f"{a.lower()}.svg", f"{b.lower()}.svg", 1]
        for a, b in permutations(names, 2)]
    rows.append(["wild", "Wild", None, "#444444", None, "wild.svg", None, 13])
    return rows


def _rows(ws: object, header: list[str], rows: list[list[object]]) -> None:
    """Write a header and rows to a sheet."""
    ws.append(header)  # type: ignore[attr-defined]
    for row in rows:
        ws.append(row)  # type: ignore[attr-defined]


if __name__ == "__main__":
    build(Path(__file__).resolve().parents[3] / "examples" / "seven-sisters" / "components.xlsx")
