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

FARMS = ("Applegarth", "Barleymead", "Cloverdale", "Dunmoor", "Elmfield", "Fernhollow")
VILLAGES = ("Ashby", "Brookton", "Candlewick", "Dovecote", "Eastwick", "Foxhall")
PATHS = ("Might", "Culture", "Wisdom", "Bounty")
CARD_SETS = "Court Cards, Unwanted Guests, Moons, Land Improvements"
MOON = "set == 'Moons'"


def _board(name: str) -> str:
    return name.lower()


MOVES_HEADER = ("verb", "actor", "player", "phrase", "from", "to", "components", "takes", "where", "condition",
                "cost", "pay", "gain", "action", "ends turn", "due", "derived", "result", "message", "limit", "amount",
                "record")


def _edit_moves(moves: list[tuple], edits: dict[str, list[dict]], dropped: set[str]) -> list[tuple]:
    """Return the Moves rows with the changes `edits` makes (by verb: column -> value; `+verb` adds rows after)."""
    out = [moves[0]]
    for row in moves[1:]:
        cells = dict(zip(MOVES_HEADER, row))
        for change in edits.get(cells["verb"], []):
            cells.update(change)
        out.append(tuple(cells[c] for c in MOVES_HEADER))
        for extra in edits.get("+" + row[0], []):
            cells = {c: None for c in MOVES_HEADER} | extra
            out.append(tuple(cells[c] for c in MOVES_HEADER))
    return [r for r in out if r[0] not in dropped]


def _who_will_reign() -> dict:
    """Who Will Reign? declared whole (as far as the sheets can say it) over its own workbook's sets."""
    boards = [_board(b) for b in FARMS + VILLAGES]
    zones = [("zone", "owner", "visibility", "order", "capacity", "message"),
             ("deck", "shared", "hidden", "ordered", None, None),
             ("row", "shared", "public", "unordered", None, None),
             ("discard", "shared", "public", "unordered", None, None),
             ("box", "shared", "public", "unordered", None, None),
             ("boards", "shared", "hidden", "unordered", None, None),
             ("realm", "shared", "public", "unordered", 9, "nine land boards are laid"),
             ("court", "player", "public", "unordered", 7, "{player}'s court already holds 7 court cards: the new "
              "card must replace one of them"),
             ("guests", "player", "public", "unordered", None, None),
             ("banners", "shared", "public", "unordered", None, None),
             ("banner", "player", "public", "unordered", None, None)]
    zones += [(b, "shared", "public", "ordered", None, None) for b in boards]
    counters = [("counter", "owner", "start", "min", "reset", "internal", "message"),
                ("food", "player", 5, 0, None, None, "{player} has not got the food to pay"),
                ("gold", "player", 5, 0, None, None, "{player} has not got the gold to pay"),
                ("income_turn", "player", 0, None, None, "yes", None),
                ("blessed", "player", 0, None, None, "yes", None),
                ("moons", "shared", 0, None, None, "yes", None),
                ("tribute", "shared", 0, None, None, "yes", None),
                ("tpaid", "shared", 0, None, None, "yes", None),
                ("tpayers", "shared", 0, None, None, "yes", None),
                ("tclosed", "shared", 0, None, None, "yes", None),
                ("tributes", "shared", 0, None, None, "yes", None),
                ("suffered", "player", 0, None, None, "yes", None),
                ("paid_in", "player", 0, None, None, "yes", None),
                ("expelling", "player", 0, None, None, "yes", None)]
    counters += [(f"rebate_{p.lower()}", "player", 0, None, "turn", "yes", None) for p in PATHS]
    counters += [(f"flooded_{_board(f)}", "shared", 0, None, None, "yes", None) for f in FARMS]
    setup = [("set", "zone")] + [(s, "deck") for s in CARD_SETS.split(", ")] + \
        [("Land Boards", "boards"), ("Banners", "banners")]

    def output(board: str) -> str:
        z = _board(board)
        return f"((last({z}, output) if count({z}) > 0 else 1) if count(realm, item == '{board}') > 0 else 0)"

    values = [("name", "expression", "note"),
              ("farm_food", " + ".join(output(b) for b in FARMS), "the food of every farm: its top improvement's "
               "output, else the board's 1"),
              ("village_gold", " + ".join(output(b) for b in VILLAGES), "the gold of every village"),
              ("villages", "count(realm, land == 'Village')", "villages on the board (each is fed 1 food)"),
              ("harvest_food", "max(0, farm_food + sum(court, word(effect, 4), starts(effect, 'on harvest food')) + "
               "sum(guests, word(effect, 4), starts(effect, 'on harvest food')) + "
               "sum(banner, word(reward, 4), starts(reward, 'on harvest food')))",
               "a harvest: every farm, plus the sister's abilities"),
              ("tax_gold", "max(0, village_gold + sum(court, word(effect, 4), starts(effect, 'on tax gold')) + "
               "sum(guests, word(effect, 4), starts(effect, 'on tax gold')) + "
               "sum(banner, word(reward, 4), starts(reward, 'on tax gold')))",
               "a tax: every village, plus the sister's abilities"),
              ("sweep_cost", "min(3, min(court_sweep, banner_sweep))", "Pay 3 gold to discard all of the cards in the market row (1 with a Treasurer or the "
               "Banner of Wisdom)")]
    values += [("famine", "1 if last(box, item) == 'Famine Moon' else 0", "the open tribute is the Famine Moon's"),
               ("war", "1 if last(box, item) == 'War Moon' else 0", "the open tribute is the War Moon's"),
               ("plague", "1 if last(box, item) == 'Plague Moon' else 0", "the open tribute is the Plague Moon's"),
               ("asked", "4 * famine + 6 * war + 4 * plague", "Together the sisters may pay 4 food (Famine), 6 gold "
                "(War) or 4 gold (Plague)"),
               ("short", "1 if tpaid < asked else 0", "the tribute was not paid in full")]
    values += [(f"floods_{_board(f)}", f"1 if any(row, item == 'Flood Moon') and flooded_{_board(f)} == 0 and "
                f"last({_board(f)}, output) >= 3 else 0", f"the Flood Moon washes away the top improvement of "
                f"{f} (making 3 food or more)") for f in FARMS]
    values += [("flooding", " + ".join(f"floods_{_board(f)}" for f in FARMS), "farms the Flood Moon still "
                "washes")]
    values += [(p.lower(), f"count(court, path == '{p}')", f"{p.upper()} cards in the sister's court")
               for p in PATHS]
    values += [(f"{p.lower()}_discount", f"sum(court, word(effect, 3), starts(effect, 'discount {p.lower()}')) + "
                f"sum(banner, word(reward, 3), starts(reward, 'discount {p.lower()}'))",
                f"{p.upper()} cards cost the sister this much less") for p in PATHS]
    values += [("court_sweep", "min(3, first(court, word(effect, 2), starts(effect, 'sweep')) + 0 if any(court, "
                "starts(effect, 'sweep')) else 3)", "`sweep N` on a court card: sweeping costs its holder N gold"),
               ("banner_sweep", "first(banner, word(reward, 2), starts(reward, 'sweep')) + 0 if any(banner, "
                "starts(reward, 'sweep')) else 3", "`sweep N` on a banner")]
    values += [("discount", " + ".join(f"({p.lower()}_discount + rebate_{p.lower()} if card.path == '{p}' else 0)"
                                       for p in PATHS), "the sister's discount on the card's path")]
    acquire_cost = "max(0, cost_gold - discount)"
    rebates = "; ".join(f"rebate_{p.lower()} = 1 if card.effect == 'discount {p.lower()} 1' else 0" for p in PATHS)
    no_rebate = "; ".join(f"rebate_{p.lower()} = 0" for p in PATHS)
    started = "tclosed = 1; expelling = 0"
    rows = [
             ("lay", "table", None, None, "boards", "realm", "Land Boards", "9", None, None, None, None, None,
              None, None, "count(realm) == 0", None, None, "nine land boards are laid before play"),
             ("discard", "table", None, None, "row, court, guests", "discard", "any", None, None, None, None, None, None, None,
              None, f"not started and any(row, {MOON})", "yes", f"first(row, item, {MOON})",
              "a Moon revealed in setup is discarded and replaced"),
             ("bless", "table", "yes", None, None, None, None, None, None, None, None, None,
              "food: 2 * count(row, item == 'Harvest Moon') + count(row, item == 'Feast Moon') * bounty; "
              "gold: 2 * count(row, item == 'Jubilee Moon') + count(row, item == \"Scholar's Moon\") * wisdom; "
              "blessed: 1", None, None, f"started and any(row, {MOON}) and blessed <= moons", "yes", None,
              "a Moon in play is resolved at once, for every sister"),
             ("flood", "table", None, None, ", ".join(_board(f) for f in FARMS), "discard", "Land Improvements", None,
              None, None, None, None, 'flooded_applegarth = 1 if floods_applegarth == 1 and true else flooded_applegarth; flooded_barleymead = 1 if floods_barleymead == 1 and floods_applegarth == 0 else flooded_barleymead; flooded_cloverdale = 1 if floods_cloverdale == 1 and floods_applegarth == 0 and floods_barleymead == 0 else flooded_cloverdale; flooded_dunmoor = 1 if floods_dunmoor == 1 and floods_applegarth == 0 and floods_barleymead == 0 and floods_cloverdale == 0 else flooded_dunmoor; flooded_elmfield = 1 if floods_elmfield == 1 and floods_applegarth == 0 and floods_barleymead == 0 and floods_cloverdale == 0 and floods_dunmoor == 0 else flooded_elmfield; flooded_fernhollow = 1 if floods_fernhollow == 1 and floods_applegarth == 0 and floods_barleymead == 0 and floods_cloverdale == 0 and floods_dunmoor == 0 and floods_elmfield == 0 else flooded_fernhollow', None, None,
              "flooding > 0", "yes", "last(applegarth, item) if floods_applegarth == 1 else last(barleymead, item) if floods_barleymead == 1 else last(cloverdale, item) if floods_cloverdale == 1 else last(dunmoor, item) if floods_dunmoor == 1 else last(elmfield, item) if floods_elmfield == 1 else last(fernhollow, item) if floods_fernhollow == 1 else ''",
              "the Flood Moon discards the top improvement of every farm making 3 food or more"),
             ("box", "table", None, None, "row", "box", "Moons", None, None, None, None, None, "moons: 1; tribute = 1 if card == 'Famine Moon' or card == 'War Moon' or "
              "card == 'Plague Moon' else 0; tclosed = 0; " + "; ".join(f"flooded_{_board(f)} = 0" for f in FARMS), None, None, f"started and any(row, {MOON}) and all(players, blessed > moons) and flooding == 0", "yes",
              f"first(row, item, {MOON})", "a resolved Moon is returned to the box"),
             ("suffer", "table", "yes", None, None, None, None, None, None, None, None, None,
              "food: 0 - min(food, short * (3 * famine + 2 * plague)); "
              "gold: 0 - min(gold, short * (4 * war * (1 if might == 0 else 0) + 2 * plague)); suffered: 1", None,
              None, "tribute == 1 and (tpaid >= asked or tpayers >= players or tclosed == 1) and suffered <= tributes",
              "yes", None, "if a tribute is not paid in full, every sister suffers the Moon's penalty"),
             ("close", "table", None, None, None, None, None, None, None, None, None, None,
              "tributes: 1; tribute = 0; tpaid = 0; tpayers = 0", None, None,
              "tribute == 1 and all(players, suffered > tributes)", "yes", None, None),
             ("reveal", "table", None, None, "deck", "row", CARD_SETS, None, None, "count(row) < 5", None, None, "tribute = 0", None,
              None, "count(realm) > 0 and count(row) < 5 and count(deck) > 0 and tribute == 0", None, None,
              "an empty market spot is refilled at once"),
             ("reshuffle", "table", None, None, "discard", "deck", "all", None, None, "count(deck) == 0", None,
              None, None, None, None, "count(realm) > 0 and count(deck) == 0 and count(row) < 5 and count(discard) > 0 "
              "and tribute == 0", "yes", None,
              "the discard pile is shuffled only when the market deck runs out"),
             ("harvest", "turn", None, None, None, None, None, None, None, "income_turn != turn", None, None,
              f"food: amount if amount > 0 else harvest_food; income_turn = turn; {started}", "no", None, None, None, None,
              "once per turn a sister either harvests or taxes, never both"),
             ("tax", "turn", None, None, None, None, None, None, None, "income_turn != turn", None, None,
              f"gold: amount if amount > 0 else tax_gold; food: 0 - villages; income_turn = turn; {started}", "no", None,
              None, None, None, "once per turn a sister either harvests or taxes, never both"),
             ("replace", "turn", None, None, "court", "discard", "Court Cards", None, None,
              "option('replace-when-full') == '' or count(court) >= 7", None, None,
              f"{started}; {rebates}", "no", None, None, None, None, None),
             ("acquire", "turn", None, None, "row", "court", "Court Cards", None, None,
              "expelling == 0 or card.effect == 'expel guest'", acquire_cost, "gold",
              "food: 0 - card.cost_food; gold: 3 if card.effect == 'gain gold 3' else 0; "
              f"{started}; {no_rebate}",
              "no", None, None, None, None, "{card} does not let {player} discard an Unwanted Guest"),
             ("expel", "turn", None, None, "guests", "discard", "Unwanted Guests", None, None,
              "any(row, effect == 'expel guest')", None, None, "tclosed = 1; expelling = 1",
              "no", None, None, None, None,
              "a guest is discarded only as a court card that expels one is acquired"),
             ("improve", "turn", None, "CARD on BOARD", "row", ", ".join(boards), "Land Improvements", None, None,
              None, acquire_cost, "gold", started, "no", None, None, None, None, None),
             ("send", "turn", "yes", "CARD to PLAYER", "row", "guests", "Unwanted Guests", None, None,
              "target != current", "cost_gold", "gold", started, "no", None, None, None, None,
              "{card} must be sent to another sister"),
             ("sweep", "turn", None, None, "row", "discard", "all", None, None, None, "sweep_cost", "gold", started,
              "no", None, None, None, None, None),
             ("banner", "turn", None, None, "banners", "banner", "Banners", None, None,
              "option('no-banners') == '' and ((card.path == 'Might' and might >= 2) or (card.path == 'Culture' and culture >= 2) or "
              "(card.path == 'Wisdom' and wisdom >= 2) or (card.path == 'Bounty' and bounty >= 2) or "
              "(card.path == 'Balance' and might >= 1 and culture >= 1 and wisdom >= 1 and bounty >= 1))",
              "2 if card == 'Banner of Might' else 0", "gold", f"food: 0 - (3 if card == 'Banner of Bounty' else 0); {started}",
              "no", None, None, None, None, "{player} does not meet the {card}'s requirement", "1 a game"),
             ("pay", "any", None, "N", None, None, None, None, None, "tribute == 1 and amount <= asked - tpaid and paid_in <= tributes",
              None, None, "food: 0 - amount if famine == 1 else 0; gold: 0 - amount if famine == 0 else 0; "
              "tpaid: amount; tpayers: 1 if paid_in <= tributes else 0; paid_in = tributes + 1", "no", None, None, None, None,
              "a sister pays towards an open tribute once, no more than is still owed"),
             ("stockfood", "table", "yes", None, None, None, None, None, None, "amount == food", None, None, None,
              None, None, None, None, None, "{player} has {food} food"),
             ("stockgold", "table", "yes", None, None, None, None, None, None, "amount == gold", None, None, None,
              None, None, None, None, None, "{player} has {gold} gold"),
             ("market", "table", None, None, "row", "row", CARD_SETS, "any", None, None, None, None, None, None,
              None, None, None, None, None),
             ("end", "turn", None, None, None, None, None, None, None, None, None, None, started, "no", "yes", None,
              None, None, None)]
    moves = [MOVES_HEADER] + [tuple(list(r) + [None] * (len(MOVES_HEADER) - len(r))) for r in rows]
    paying = "[paying N gold]"
    improve = dict(zip(MOVES_HEADER, next(r for r in rows if r[0] == "improve")))
    send = dict(zip(MOVES_HEADER, next(r for r in rows if r[0] == "send")))
    improve.update(verb="acquire", phrase=f"CARD on BOARD {paying}",
                   condition="card.output >= last(to, output) and (count(to) == 0 or last(to, land) == card.land)",
                   message="{card} goes on a board of its own land and never lowers its output")
    send.update(verb="acquire", phrase=f"CARD to PLAYER {paying}")
    stock = {c: None for c in MOVES_HEADER} | {"verb": "stock", "actor": "table", "player": "yes",
                                               "phrase": "PLAYER food N", "amount": "food",
                                               "message": "{player} has {food} food"}
    edits = {
        "harvest": [{"phrase": "[taking N food]", "cost": None, "pay": None, "amount": "harvest_food",
                     "gain": f"food: amount if amount > 0 else harvest_food; income_turn = turn; {started}"}],
        "tax": [{"phrase": "[taking N gold]", "cost": None, "pay": None, "amount": "tax_gold",
                 "gain": f"gold: amount if amount > 0 else tax_gold; food: 0 - villages; income_turn = turn; "
                         f"{started}"}],
        "sweep": [{"phrase": paying}],
        "banner": [{"phrase": f"CARD {paying}"}],
        "acquire": [{"phrase": f"CARD {paying}"}],
        "+acquire": [improve, send],
        "pay": [{"phrase": "N gold", "condition": "tribute == 1 and famine == 0 and amount <= asked - tpaid and "
                 "paid_in <= tributes", "gain": "gold: 0 - amount; tpaid: amount; tpayers: 1 if paid_in <= "
                 "tributes else 0; paid_in = tributes + 1"}],
        "+pay": [{"verb": "pay", "actor": "any", "phrase": "N food", "action": "no",
                  "condition": "tribute == 1 and famine == 1 and amount <= asked - tpaid and paid_in <= tributes",
                  "gain": "food: 0 - amount; tpaid: amount; tpayers: 1 if paid_in <= tributes else 0; "
                          "paid_in = tributes + 1",
                  "message": "a sister pays towards an open tribute once, in its resource, no more than is still "
                             "owed"}],
        "+stockfood": [stock, stock | {"phrase": "PLAYER gold N", "amount": "gold",
                                       "message": "{player} has {gold} gold"}],
        "market": [{"to": None, "record": "yes", "message": "the market row holds other cards"}],
        "+market": [{"verb": "discards", "actor": "table", "from": "discard", "components": "any", "takes": "any",
                     "record": "yes", "message": "the discard pile holds other cards"}],
    }
    moves = _edit_moves(moves, edits, {"improve", "send", "stockfood", "stockgold"})
    scoring = [("part", "expression", "note"),
               ("court", "sum(court, crowns)", "the Crown values of the Court Cards in her court ('?' counts 0)"),
               ("guests", "sum(guests, crowns) - count(guests, effect == 'minus 1 if banner') * count(banner)",
                "Unwanted Guests cost crowns (the Gossip one more with a Banner)"),
               ("banner", "sum(banner, crowns)", "a Banner's crowns"),
               ("worth", "sum(court, 0 - crowns, effect == 'worth 0 if has Fireworks') * "
                "count(court, item == 'Fireworks') + sum(court, 4 - crowns, effect == 'worth 4 if has Knight "
                "Commander') * count(court, item == 'Knight Commander') + sum(court, 2 - crowns, effect == 'worth 2 "
                "if has Astronomer') * count(court, item == 'Astronomer') + sum(court, 1 - crowns, effect == "
                "'worth 1 if has Royal Hunter') * count(court, item == 'Royal Hunter')",
                "a card worth N if another is in the court"),
               ("paths", "count(court, effect == 'plus 1 per might') * might + count(court, effect == "
                "'plus 1 per wisdom') * wisdom + " + " + ".join(
                    f"2 * count(court, effect == 'plus 2 per {p.lower()}+board') * ({p.lower()} + "
                    + " + ".join(f"(1 if last({z}, path) == '{p}' else 0)" for z in boards) + ")"
                    for p in PATHS), "per path: the Knight Commander, the Poet Laureate and the '?' cards"),
               ("pairs", "2 * count(court, effect == 'plus 2 if has Tapestry') * count(court, item == 'Tapestry') + "
                "count(court, effect == 'plus 1 if has Shepherd') * count(court, item == 'Shepherd')",
                "the Court Painter with the Tapestry, the Prize Bull with the Shepherd"),
               ("banner cards", "(3 * count(court, effect == 'plus 3 if banner') + 2 * count(court, effect == "
                "'plus 2 if banner')) * count(banner)", "the War Drums and the Heirloom Ring with a Banner"),
               ("guest cards", "0 - 2 * count(court, effect == 'minus 2 if guest') * min(1, count(guests)) - "
                "count(court, effect == 'minus 1 per guest') * count(guests) + 2 * count(court, effect == "
                "'plus 2 per guest') * count(guests) + count(court, effect == 'plus 1 per guest-all') * "
                "sum(players, count(guests))", "the Champion, the Grand Ballroom, the Court Jester, the Masquerade"),
               ("counts", "count(court, effect == 'plus 1 per improved') * (" + " + ".join(
                   f"min(1, count({z}))" for z in boards) + ") + count(court, effect == 'plus 1 per paths') * ("
                + " + ".join(f"min(1, {p.lower()})" for p in PATHS) + ")",
                "the Cartographer (improved boards) and the Philosopher (different paths)")]
    return {
        "Game": [("key", "value"), ("name", "Who Will Reign? (declared)"), ("components", "../../who-will-reign")],
        "Zones": zones, "Counters": counters, "Setup": setup, "Moves": moves,
        "Turn": [("key", "value", "note"), ("players", "2-4", None), ("end turn", "move", None),
                 ("end", "any(players, count(court) >= 7)", "At the end of the round in which any sister's court "
                  "becomes filled with 7 Court Cards, the game is over."),
                 ("end at", "round", None),
                 ("options", "no-banners: play without the Banners (a first game); replace-when-full: a court card "
                  "is replaced only when the court is full; tiebreak: `stores` breaks a tie on crowns by food and "
                  "gold left", None),
                 ("tiebreak", "food + gold if option('tiebreak') == 'stores' else 0", "Ties are shared (or, with "
                  "tiebreak=stores, the most food and gold left wins)")],
        "Scoring": scoring, "Values": values,
    }


WHO_WILL_REIGN = _who_will_reign()

GAMES = {"lantern-guild": LANTERN, "tidepool-tricks": TIDEPOOL, "market-stalls": STALLS,
         "who-will-reign-declared": WHO_WILL_REIGN}

# ---- tile placement, area majority and a cooperative game (branch mechs2) ----------------------------------

MOSS = {  # tile placement on a hex grid: a tile touches a tile of its kind
    "Game": [("key", "value"), ("name", "Moss Garden"), ("version", "0.1")],
    "Tiles": [("name", "kind", "colour", "count"),
              ("Stone", "stone", "#8d8d8d", 1),
              ("Fern", "green", "#3d7a4a", 2), ("Clover", "green", "#6a9a3a", 2),
              ("Pebble", "grey", "#6b6b6b", 2), ("Slate", "grey", "#4a5560", 2),
              ("Pond", "blue", "#2a6f97", 2), ("Reed", "blue", "#3d5a80", 2)],
    "Zones": [("zone", "owner", "visibility", "order", "grid"), ("bag", "shared", "hidden", "ordered", None),
              ("centre", "shared", "public", "unordered", None), ("hand", "player", "owner", "unordered", None),
              ("garden", "shared", "public", "unordered", "hex"), ("box", "shared", "public", "unordered", None)],
    "Counters": [("counter", "owner", "start", "min"), ("points", "player", 0, 0)],
    "Setup": [("set", "where", "zone"), ("Tiles", "name == 'Stone'", "centre"), ("Tiles", None, "bag")],
    "Moves": [("verb", "actor", "player", "from", "to", "components", "condition", "gain", "due", "message", "note"),
              ("lay", "table", "no", "centre", "garden", "Tiles", "count(garden) == 0 and x == 0 and y == 0", None,
               "count(garden) == 0",
               None, "The Stone is laid in the middle of the table before the first turn."),
              ("draw", "table", "yes", "bag", "hand", "Tiles", None, None, "count(hand) < 2 and count(bag) > 0",
               None, "Each gardener holds two tiles, drawn from the bag at once."),
              ("place", "turn", "no", "hand", "garden", "Tiles",
               "adjacent(garden, kind == card.kind or kind == 'stone') > 0",
               "points: adjacent(garden, kind == card.kind)", None,
               "{card} must touch a {card.kind} tile or the Stone",
               "Place a tile touching a tile of its kind or the Stone; score 1 per touching tile of its kind."),
              # GAP (reported): "only when neither of your tiles can be placed" has no words (no expression asks
              # whether a tile fits some free cell), so the referee accepts any discard.
              ("discard", "turn", "no", "hand", "box", "Tiles", None, None, None, None,
               "When neither of your tiles can be placed, put one in the box.")],
    "Turn": [("key", "value"), ("players", "2-4"), ("actions", 1), ("end turn", "auto"),
             ("skip", "count(hand) == 0 and count(bag) == 0"),
             ("end", "count(bag) == 0 and all(players, count(hand) == 0)")],
    "Scoring": [("part", "expression"), ("points", "points")],
}

TERNS = {  # area majority: the most terns on an island scores it
    "Game": [("key", "value"), ("name", "Tern Islands"), ("version", "0.1")],
    "Terns": [("name", "colour", "count"), ("Tern", "#2a6f97", 20)],
    "Zones": [("zone", "owner", "visibility", "order", "capacity"), ("roost", "player", "public", "unordered", None),
              ("north", "shared", "public", "unordered", 6), ("reef", "shared", "public", "unordered", 5),
              ("cove", "shared", "public", "unordered", 4)],
    "Setup": [("set", "zone", "each"), ("Terns", "roost", 5)],
    "Values": [("name", "expression"), ("north_mine", "count(north, by == player)"),
               ("north_top", "max(players, north_mine)"), ("north_tied", "count(players, north_mine == north_top)"),
               ("reef_mine", "count(reef, by == player)"),
               ("reef_top", "max(players, reef_mine)"), ("reef_tied", "count(players, reef_mine == reef_top)")],
    "Moves": [("verb", "actor", "phrase", "from", "to", "components", "note"),
              ("nest", "turn", "nest TERN on ISLAND", "roost", "north, reef, cove", "Terns",
               "Put one tern of your roost on an island that has room.")],
    "Turn": [("key", "value"), ("players", "2-4"), ("actions", 1), ("end turn", "auto"),
             ("end", "all(players, count(roost) == 0) or count(north) + count(reef) + count(cove) == 15"),
             ("tiebreak", "count(cove, by == player)")],
    "Scoring": [("part", "expression", "note"),
                ("north", "6 // north_tied if north_mine == north_top and north_mine > 0 else 0",
                 "The most terns on the North Rock score 6; tied players share it, rounded down."),
                ("reef", "4 // reef_tied if reef_mine == reef_top and reef_mine > 0 else 0",
                 "The most terns on the Reef score 4; tied players share it, rounded down."),
                ("cove", "3 if majority(cove) == player else 0",
                 "The most terns in the Cove score 3; on a tie nobody does.")],
}

STORM = {  # cooperative: the keepers against the storm deck
    "Game": [("key", "value"), ("name", "Storm Keepers"), ("version", "0.1")],
    "Storms": [("name", "strength", "colour", "count"), ("Squall", 1, "#6a9ec0", 4), ("Gale", 2, "#3d5a80", 3),
               ("Tempest", 3, "#22304a", 2)],
    "Zones": [("zone", "owner", "visibility", "order"), ("deck", "shared", "hidden", "ordered"),
              ("sea", "shared", "public", "unordered"), ("calmed", "shared", "public", "unordered")],
    "Counters": [("counter", "owner", "start", "min", "max"), ("lamps", "player", 2, 0, 5)],
    "Setup": [("set", "zone"), ("Storms", "deck")],
    "Phases": [("phase", "of", "who", "note"), ("storm", "round", "table", "The table turns a storm into the sea."),
               ("watch", "round", "each", "Each keeper calms a storm or rests.")],
    "Moves": [("verb", "actor", "from", "to", "components", "cost", "pay", "gain", "limit", "phase", "due",
               "message", "note"),
              ("flip", "table", "deck", "sea", "Storms", None, None, None, "1 a round", "storm", "count(deck) > 0",
               "one storm is flipped each round, as the round begins",
               "At the start of each round the top storm of the deck is turned into the sea."),
              ("calm", "turn", "sea", "calmed", "Storms", "strength", "lamps", None, None, "watch", None, None,
               "Calm a storm in the sea by spending as many lamps as its strength."),
              ("rest", "turn", None, None, None, None, None, "lamps: min(2, 5 - lamps)", None, "watch", None, None,
               "Or rest: take 2 lamps (a keeper holds at most 5).")],
    "Turn": [("key", "value"), ("players", "2-4"), ("actions", 1), ("end turn", "auto"), ("cooperative", "yes"),
             ("win", "count(deck) == 0 and count(sea) == 0"), ("lose", "sum(sea, strength) >= 5")],
}

GAMES.update({"moss-garden": MOSS, "tern-islands": TERNS, "storm-keepers": STORM})

# ---- dice, simultaneous selection, bidding (one small game per mechanism) ----------------------------------

REEF = {  # dice: push your luck
    "Game": [("key", "value"), ("name", "Reef Divers"), ("version", "0.1")],
    "Pearls": [("name", "depth", "points", "colour", "count"),
               ("Sand Pearl", 4, 1, "#e0c068", 6), ("Reef Pearl", 6, 2, "#3d7a4a", 5),
               ("Deep Pearl", 8, 3, "#2a6f97", 4), ("Trench Pearl", 10, 5, "#3d5a80", 3),
               ("Abyss Pearl", 12, 8, "#1b1b3a", 1)],
    "Zones": [("zone", "owner", "visibility", "order", "capacity"), ("sea", "shared", "hidden", "ordered", None),
              ("reef", "shared", "public", "unordered", 3), ("haul", "player", "public", "unordered", None)],
    "Setup": [("set", "zone"), ("Pearls", "sea")],
    "Dice": [("die", "faces"), ("d6", "1-6")],
    "Values": [("name", "expression"), ("pearls", "sum(haul, points)"), ("out_of_air", "rolled(1) > 0")],
    "Moves": [("verb", "actor", "from", "to", "components", "dice", "condition", "gain", "limit", "ends turn",
               "due", "message"),
              ("refill", "table", "sea", "reef", "Pearls", None, None, None, None, None,
               "count(reef) < 3 and count(sea) > 0", None),
              ("dive", "turn", None, None, None, "2 d6", "not out_of_air", None, 3, None, None,
               "{player} rolled a 1 and is out of air: no more dives this turn"),
              ("grab", "turn", "reef", "haul", "Pearls", None, "roll > 0 and not out_of_air and card.depth <= roll",
               None, None, "yes", None, None),
              ("surface", "turn", None, None, None, None, None, None, None, "yes", None, None)],
    "Turn": [("key", "value"), ("players", "2-4"), ("end turn", "move"),
             ("end", "any(players, pearls >= 12) or count(sea) == 0 and count(reef) == 0"), ("end at", "round")],
    "Scoring": [("part", "expression"), ("pearls", "pearls")],
}

BOATS = {  # simultaneous selection: everyone launches a boat in secret, then all reveal
    "Game": [("key", "value"), ("name", "Paper Boats"), ("version", "0.1")],
    "Boats": [("name", "speed", "colour", "count"),
              ("Raft", 1, "#8d6e63", 4), ("Skiff", 2, "#a1887f", 4), ("Dinghy", 3, "#3d7a4a", 4),
              ("Sloop", 4, "#2a6f97", 4), ("Ketch", 5, "#3d5a80", 4), ("Clipper", 6, "#9a3b3b", 4)],
    "Prizes": [("name", "points", "colour", "count"),
               ("Shell", 1, "#e0c068", 3), ("Bottle", 2, "#c08a1e", 2), ("Compass", 3, "#2a6f97", 2),
               ("Anchor", 4, "#1b1b3a", 1)],
    "Zones": [("zone", "owner", "visibility", "order"), ("hand", "player", "owner", "unordered"),
              ("chosen", "player", "owner", "unordered"), ("shown", "player", "public", "ordered"),
              ("prizes", "shared", "hidden", "ordered"), ("harbour", "shared", "public", "unordered"),
              ("won", "player", "public", "unordered")],
    "Setup": [("set", "zone", "each"), ("Boats", "hand", 1), ("Prizes", "prizes", None)],
    "Phases": [("phase", "of", "who"), ("launch", "round", "together"), ("reveal", "round", "table")],
    "Values": [("name", "expression"), ("boat", "last(shown, speed)"), ("fastest", "max(players, boat)"),
               ("revealed", "all(players, count(shown) == round)")],
    "Moves": [("verb", "actor", "player", "from", "to", "components", "phase", "due", "derived", "result",
               "message", "condition"),
              ("flip", "table", "no", "prizes", "harbour", "Prizes", None,
               "count(harbour) == 0 and count(prizes) > 0 and all(players, count(shown) < round)", None, None,
               "the harbour is empty: a prize is turned up before the race", "count(harbour) == 0"),
              ("launch", "turn", "no", "hand", "chosen", "Boats", "launch", None, None, None,
               "a Clipper needs wind: it may not race in the first race", "round > 1 or card.speed < 6"),
              ("reveal", "table", "yes", "chosen", "shown", "all", "reveal",
               "count(chosen) > 0 and all(players, count(chosen) > 0 or count(shown) == round)", "yes", None, None,
               None),
              ("award", "table", "yes", "harbour", "won", "all", "reveal",
               "count(harbour) > 0 and revealed and count(players, boat == fastest) == 1", "yes",
               "best(players, boat)", "{best(players, boat)}'s boat is the fastest", None)],
    "Turn": [("key", "value"), ("players", "2-4"), ("actions", 1), ("end turn", "auto"), ("end", "all(players, count(hand) == 0)"),
             ("tiebreak", "count(won)")],
    "Scoring": [("part", "expression"), ("prizes", "sum(won, points)")],
}

DRIFT = {  # bidding: bids rise, players pass, the winner pays
    "Game": [("key", "value"), ("name", "Driftwood Auction"), ("version", "0.1")],
    "Lots": [("name", "points", "colour", "count"),
             ("Plank", 2, "#a1887f", 2), ("Rope", 3, "#c08a1e", 2), ("Sail", 5, "#e0c068", 2),
             ("Mast", 7, "#3d5a80", 1), ("Figurehead", 10, "#9a3b3b", 1)],
    "Zones": [("zone", "owner", "visibility", "order"), ("lots", "shared", "hidden", "ordered"),
              ("block", "shared", "public", "unordered"), ("yard", "player", "public", "unordered")],
    "Counters": [("counter", "owner", "start", "min", "reset", "internal"),
                 ("coins", "player", 12, 0, "never", "no"),
                 ("high_bid", "shared", 0, None, "never", "yes"),
                 ("high_bidder", "shared", 0, None, "never", "yes"),
                 ("passed", "player", 0, None, "round", "yes")],
    "Setup": [("set", "zone"), ("Lots", "lots")],
    "Moves": [("verb", "actor", "player", "phrase", "from", "to", "components", "condition", "cost", "pay", "gain",
               "ends turn", "due", "derived", "result", "message"),
              ("flip", "table", "no", None, "lots", "block", "Lots", "count(block) == 0", None, None, None, None,
               "count(block) == 0 and count(lots) > 0", None, None, "the next lot is turned up before anyone bids"),
              ("bid", "turn", "no", "bid N", None, None, None, "amount > high_bid and amount <= coins", None, None,
               "high_bid = amount; high_bidder = player", "yes", None, None, None,
               "a bid must beat {high_bid} and {player} has {coins} coins"),
              ("pass", "turn", "no", None, None, None, None, None, None, None, "passed: 1", "yes", None, None, None,
               None),
              ("win", "table", "yes", None, "block", "yard", "all", None, "high_bid", "coins",
               "high_bid = 0; passed: 1", "yes", "count(players, passed == 0) == 1 and count(block) > 0", "yes",
               "high_bidder if high_bid > 0 else best(players, 0 - passed)",
               "{high_bidder if high_bid > 0 else best(players, 0 - passed)} is the last in and wins the lot")],
    "Turn": [("key", "value"), ("players", "3-4"), ("first player", "clockwise"), ("skip", "passed == 1"),
             ("turns each", 30),
             ("end", "count(lots) == 0 and count(block) == 0"), ("end at", "round"), ("tiebreak", "coins")],
    "Scoring": [("part", "expression"), ("lots", "sum(yard, points)"), ("coins", "coins // 3")],
}



def with_notes(rows: list[tuple], notes: dict[str, str]) -> list[tuple]:
    """Return a sheet's rows with a `note` column: each row's rule in the rulebook's words (`playproof rules`)."""
    return [rows[0] + ("note",)] + [row + (notes.get(row[0]),) for row in rows[1:]]


REEF["Moves"] = with_notes(REEF["Moves"], {
    "refill": "Whenever the reef holds fewer than three pearls, turn the top pearl of the sea up at once.",
    "dive": "Roll both dice, at most three times a turn; after a 1 you are out of air and may not dive again.",
    "grab": "Take a pearl no deeper than your last dive, unless it showed a 1; your turn ends.",
    "surface": "Surface with nothing (you must after a 1); your turn ends."})
BOATS["Moves"] = with_notes(BOATS["Moves"], {
    "flip": "If the harbour is empty, turn the top prize up before the race.",
    "launch": "Everyone lays one boat face down, all at once; a Clipper may not race in the first race.",
    "reveal": "When everyone has launched, all boats are turned face up.",
    "award": "The fastest boat, alone, takes every prize in the harbour; on a tie they stay."})
DRIFT["Moves"] = with_notes(DRIFT["Moves"], {
    "flip": "Each round one lot is turned up on the empty block.",
    "bid": "Bid more than the high bid, and no more than your coins.",
    "pass": "Pass: you are out of this auction.",
    "win": "The last player in pays their bid (nothing if nobody bid) and takes the lot."})

LANTERN["Moves"] = with_notes(LANTERN["Moves"], {
    "refill": "Keep four cards face up in the market row: refill it from the pile at once.",
    "tidy": "When your turn is over, the cards you played go to your discard pile.",
    "reshuffle": "When you must draw and your deck is empty, shuffle your discard pile into a new deck.",
    "draw": "When your turn is over, draw up to five cards.",
    "play": "In the play phase, play cards from your hand for their coins.",
    "buy": "In the buy phase, buy one card from the market row for its cost; it goes to your discard pile.",
    "end": "End your turn."})
STALLS["Moves"] = with_notes(STALLS["Moves"], {
    "lay": "Keep four goods in the spread: lay one from the sack at once.",
    "take": "Take a good from the spread into your stall; a stall holds at most three of each good.",
    "buy": "Buy cloth from the spread for its points in coins.",
    "pass": "Pass: take a coin (you may hold at most nine)."})
GAMES.update({"reef-divers": REEF, "paper-boats": BOATS, "driftwood-auction": DRIFT})

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


BODIES.update({
    ("moss-garden", "Tiles"): ("{kind}", ["green", "grey", "blue"]),
    ("tern-islands", "Terns"): ("nest on an island", []),
    ("storm-keepers", "Storms"): ("strength **{strength}**", []),
    ("reef-divers", "Pearls"): ("depth **{depth}**\\n{points} VP", []),
    ("paper-boats", "Boats"): ("speed\\n**{speed}**", []),
    ("paper-boats", "Prizes"): ("**{points}** VP", []),
    ("driftwood-auction", "Lots"): ("**{points}** VP", []),
})


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


COIN_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
<circle cx="50" cy="50" r="44" fill="#f2c230" stroke="#a67c00" stroke-width="6"/>\
<circle cx="50" cy="50" r="30" fill="none" stroke="#a67c00" stroke-width="3"/>
</svg>
"""
ASSETS = {"lantern-guild": {"coin.svg": COIN_SVG}}
"""Icons a game's layouts name (`:coin:`), written into its assets/ folder."""


def main() -> None:
    for game_id, book in GAMES.items():
        folder = ROOT / "examples" / "declared" / game_id
        folder.mkdir(parents=True, exist_ok=True)
        write_workbook(folder / "components.xlsx", book)
        for name, text in ASSETS.get(game_id, {}).items():
            (folder / "assets").mkdir(exist_ok=True)
            (folder / "assets" / name).write_text(text, encoding="utf-8")
        if game_id != "who-will-reign-declared":  # its components print from examples/who-will-reign
            (folder / "playtests").mkdir(exist_ok=True)
            (folder / "layouts.toml").write_text(layouts(game_id, book), encoding="utf-8")


if __name__ == "__main__":
    main()
