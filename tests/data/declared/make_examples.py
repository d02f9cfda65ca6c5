"""Write the workbooks and layouts of the declared example games (examples/declared/<game>/).

Run from the repository root: `python tests/data/declared/make_examples.py`. Each game is original
and declared only in its workbook's rules sheets (docs/rules-sheets.md); no Python referees it.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULE_SHEETS = ["Zones", "Counters", "Setup", "Moves", "Turn", "Phases", "Dice", "Scoring", "Values"]

LANTERN = {  # a deck-builder with a market row
    "Game": [("key", "value"), ("name", "Lantern Guild"), ("version", "0.1")],
    "Starter": [("name", "coins", "points", "colour", "count"), ("Spark", 1, 0, "#e0c068", 24),
                ("Ember", 0, 1, "#9a3b3b", 8)],
    "Market": [("name", "cost", "coins", "points", "colour", "count"),
               ("Wick", 2, 2, 0, "#e0c068", 6), ("Lamp", 4, 3, 0, "#c08a1e", 4),
               ("Beacon", 6, 0, 3, "#2a6f97", 4), ("Star", 8, 0, 5, "#3d5a80", 3)],
    "Zones": [("zone", "owner", "visibility", "order", "capacity"),
              ("deck", "player", "hidden", "ordered", None), ("hand", "player", "owner", "unordered", None),
              ("play", "player", "public", "ordered", None), ("discard", "player", "public", "unordered", None),
              ("pile", "shared", "hidden", "ordered", None), ("row", "shared", "public", "ordered", 4)],
    "Counters": [("counter", "owner", "start", "min", "max", "reset"), ("coins", "player", 0, 0, 30, "turn")],
    "Setup": [("set", "where", "zone", "each"), ("Starter", "name == 'Spark'", "deck", 6),
              ("Starter", "name == 'Ember'", "deck", 2), ("Market", None, "pile", None)],
    "Values": [("name", "expression"), ("waiting", "player != current or turn == 1 and count(play) == 0"),
               ("owned", "sum(deck, points) + sum(hand, points) + sum(discard, points) + sum(play, points)")],
    "Moves": [("verb", "actor", "player", "from", "to", "components", "cost", "pay", "gain", "limit", "phase",
               "action", "ends turn", "due"),
              ("refill", "table", "no", "pile", "row", "Market", None, None, None, None, None, None, None,
               "count(row) < 4 and count(pile) > 0"),
              ("tidy", "table", "yes", "play", "discard", "all", None, None, None, None, None, None, None,
               "count(play) > 0 and player != current"),
              ("reshuffle", "table", "yes", "discard", "deck", "all", None, None, None, None, None, None, None,
               "waiting and count(play) == 0 and count(hand) < 5 and count(deck) == 0 and count(discard) > 0"),
              ("draw", "table", "yes", "deck", "hand", "any", None, None, None, None, None, None, None,
               "waiting and count(play) == 0 and count(hand) < 5 and count(deck) > 0"),
              ("play", "turn", "no", "hand", "play", "any", None, None, "coins: card.coins", None, "play", "no",
               None, None),
              ("buy", "turn", "no", "row", "discard", "Market", "cost", "coins", None, 1, "buy", "no", None, None),
              ("end", "turn", "no", None, None, None, None, None, None, None, None, "no", "yes", None)],
    "Turn": [("key", "value"), ("players", "2-4"), ("end turn", "move"), ("phases", "play, buy"),
             ("end", "count(pile) == 0 and count(row) == 0 or round > 12"), ("end at", "round"), ("tiebreak", "0 - seat")],
    "Scoring": [("part", "expression"), ("points", "owned")],
}

TIDEPOOL = {  # trick-taking with follow-suit
    "Game": [("key", "value"), ("name", "Tidepool Tricks"), ("version", "0.1")],
    "Tides": [("name", "suit", "rank", "colour", "count")] + [
        (f"{suit}-{rank}", suit, rank, colour, 1) for suit, colour in
        (("Shell", "#e07a5f"), ("Kelp", "#3d7a4a"), ("Coral", "#c0392b")) for rank in range(1, 9)],
    "Zones": [("zone", "owner", "visibility", "order"), ("deck", "shared", "hidden", "ordered"),
              ("hand", "player", "owner", "unordered"), ("trick", "shared", "public", "ordered"),
              ("won", "player", "public", "unordered")],
    "Counters": [("counter", "owner", "start", "min"), ("tricks", "player", 0, 0)],
    "Setup": [("set", "zone"), ("Tides", "deck")],
    "Values": [("name", "expression"), ("led", "first(trick, suit)"),
               ("taker", "best(trick, rank, suit == led)")],
    "Moves": [("verb", "actor", "player", "from", "to", "components", "condition", "gain", "next", "due", "derived",
               "result", "message", "note"),
              ("deal", "table", "yes", "deck", "hand", "Tides", "turn == 1 and count(trick) == 0", None, None,
               "turn == 1 and count(trick) == 0 and count(hand) < 6 and count(deck) > 0", None, None, None,
               "Six cards are dealt to each player before the first trick."),
              ("play", "turn", "no", "hand", "trick", "Tides",
               "count(trick) == 0 or card.suit == led or count(hand, suit == led) == 0", None, None, None, None, None,
               "{player} holds a {led} card and must follow suit", "Follow the suit led if you can."),
              ("take", "table", "yes", "trick", "won", "all", None, "tricks: 1", "player", "count(trick) == players",
               "yes", "taker", "{taker} takes the trick with the highest {led}",
               "The highest card of the suit led takes the trick; its taker leads next.")],
    "Turn": [("key", "value"), ("players", "2-4"), ("actions", 1), ("end turn", "auto"),
             ("end", "count(trick) == 0 and count(hand) == 0 and turn > 1")],
    "Scoring": [("part", "expression"), ("tricks", "tricks"), ("shells", "count(won, suit == 'Shell') // players")],
}

STALLS = {  # drafting and set collection
    "Game": [("key", "value"), ("name", "Market Stalls"), ("version", "0.1")],
    "Goods": [("name", "kind", "points", "colour", "count"),
              ("Fish", "food", 1, "#2a6f97", 8), ("Bread", "food", 1, "#c08a1e", 8),
              ("Cheese", "food", 2, "#e0c068", 6), ("Silk", "cloth", 3, "#9a3b3b", 4),
              ("Wool", "cloth", 2, "#3d7a4a", 6)],
    "Zones": [("zone", "owner", "visibility", "order", "capacity"), ("sack", "shared", "hidden", "ordered", None),
              ("spread", "shared", "public", "unordered", 4), ("stall", "player", "public", "unordered", 7)],
    "Counters": [("counter", "owner", "start", "min", "max"), ("coins", "player", 3, 0, 9)],
    "Setup": [("set", "zone"), ("Goods", "sack")],
    "Values": [("name", "expression"),
               ("sets", "min(count(stall, name == 'Fish'), count(stall, name == 'Bread'), "
                        "count(stall, name == 'Cheese'))")],
    "Moves": [("verb", "actor", "from", "to", "components", "condition", "cost", "pay", "gain", "due"),
              ("lay", "table", "sack", "spread", "Goods", None, None, None, None,
               "count(spread) < 4 and count(sack) > 0"),
              ("take", "turn", "spread", "stall", "Goods", "count(stall, name == card.name) < 3", None, None,
               None, None),
              ("buy", "turn", "spread", "stall", "Goods", "card.kind == 'cloth'", "points", "coins", None, None),
              ("pass", "turn", None, None, None, None, None, None, "coins: 1 if coins < 9 else 0", None)],
    "Turn": [("key", "value"), ("players", "2-5"), ("actions", 1), ("end turn", "auto"),
             ("end", "count(spread) == 0 or round > 8"),
             ("end at", "round"), ("tiebreak", "coins")],
    "Scoring": [("part", "expression"), ("goods", "sum(stall, points)"), ("sets", "4 * sets"),
                ("coins", "coins // 3")],
}

MARKET_SETS = "Court Cards, Unwanted Guests, Moons, Land Improvements"
WHO_WILL_REIGN = {  # the card economy of a seed game, declared over the sets of its own workbook
    "Game": [("key", "value"), ("name", "Who Will Reign? (market, declared)"),
             ("components", "../../who-will-reign")],
    "Zones": [("zone", "owner", "visibility", "order"), ("deck", "shared", "hidden", "ordered"),
              ("row", "shared", "public", "unordered"), ("court", "player", "public", "unordered")],
    "Counters": [("counter", "owner", "start", "note"),
                 ("gold", "player", 5, "no minimum: harvest and tax income is not declared here"),
                 ("food", "player", 5, "no minimum: harvest and tax income is not declared here")],
    "Setup": [("set", "zone")] + [(name, "deck") for name in MARKET_SETS.split(", ")],
    "Moves": [("verb", "actor", "from", "to", "components", "cost", "pay", "gain", "action", "ends turn"),
              ("reveal", "table", "deck", "row", MARKET_SETS, None, None, None, None, None),
              ("acquire", "turn", "row", "court", "Court Cards, Unwanted Guests, Land Improvements", "cost_gold",
               "gold", "food: 0 - cost_food", "no", None),
              ("harvest", "turn", None, None, None, None, None, None, "no", None),
              ("tax", "turn", None, None, None, None, None, None, "no", None),
              ("sweep", "turn", None, None, None, None, None, None, "no", None),
              ("banner", "turn", None, None, None, None, None, None, "no", None),
              ("pay", "any", None, None, None, None, None, None, "no", None),
              ("end", "turn", None, None, None, None, None, None, "no", "yes")],
    "Turn": [("key", "value"), ("players", "2-4"), ("end turn", "move")],
}

GAMES = {"lantern-guild": LANTERN, "tidepool-tricks": TIDEPOOL, "market-stalls": STALLS,
         "who-will-reign-market": WHO_WILL_REIGN}

CARD_LAYOUT = '''
[sets.{name}]
size = "mini"
corner_radius = "3mm"
background = "#fdf6e3"
border = {{ colour = "{{colour}}", width = "1.5mm" }}
data_columns = [{data}]

[[sets.{name}.elements]]
type = "rect"
x = "0"
y = "0"
width = "100%"
height = "14mm"
fill = "{{colour}}"

[[sets.{name}.elements]]
type = "text"
text = "**{{name}}**"
x = "4mm"
y = "3mm"
width = "36mm"
height = "8mm"
size = "12pt"
min_size = "7pt"
valign = "middle"
colour = "#ffffff"

[[sets.{name}.elements]]
type = "text"
text = "{body}"
x = "4mm"
y = "24mm"
width = "36mm"
height = "30mm"
size = "11pt"
min_size = "7pt"
align = "center"
valign = "middle"
'''

BODIES = {
    ("lantern-guild", "Starter"): ("+{coins} :coin:  {points} VP", []),
    ("lantern-guild", "Market"): ("cost {cost}\\n+{coins} :coin:  {points} VP", []),
    ("tidepool-tricks", "Tides"): ("**{rank}**\\n{suit}", []),
    ("market-stalls", "Goods"): ("{kind}\\n**{points}** VP", []),
}


def layouts(game_id: str, book: dict) -> str:
    """Return a layouts.toml drawing each component set as a mini card; the rules sheets are data."""
    data = [name for name in RULE_SHEETS if name in book]
    parts = ['# How each set is drawn (docs/layouts.md); the rules sheets are data (docs/rules-sheets.md).\n',
             '[game]\npaper = "a4"\n', f"[data]\nsheets = {data!r}\n".replace("'", '"')]
    for (game, name), (body, extra) in BODIES.items():
        if game == game_id:
            parts.append(CARD_LAYOUT.format(name=name, body=body, data=", ".join(f'"{c}"' for c in extra)))
    return "\n".join(parts)


def write_workbook(path: Path, book: dict) -> None:
    """Write a workbook: one sheet per entry, rows as given."""
    from openpyxl import Workbook

    workbook = Workbook()
    workbook.remove(workbook.active)
    for title, rows in book.items():
        sheet = workbook.create_sheet(title)
        for row in rows:
            sheet.append(row)
    workbook.save(path)


def main() -> None:
    for game_id, book in GAMES.items():
        folder = ROOT / "examples" / "declared" / game_id
        folder.mkdir(parents=True, exist_ok=True)
        write_workbook(folder / "components.xlsx", book)
        if game_id != "who-will-reign-market":  # its components print from examples/who-will-reign
            (folder / "playtests").mkdir(exist_ok=True)
            (folder / "layouts.toml").write_text(layouts(game_id, book), encoding="utf-8")


if __name__ == "__main__":
    main()
