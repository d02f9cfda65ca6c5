"""Write examples/who-will-reign/components.xlsx (values only) from the card design below.

The workbook is the source of truth (designers edit it directly); this script records how the
example was first written, so the design can be regenerated and reviewed as text.
Usage: python tests/data/who-will-reign/make_workbook.py [OUT.xlsx]
"""

import sys
from pathlib import Path

import openpyxl

ROOT = Path(__file__).resolve().parents[3]
OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples" / "who-will-reign" / "components.xlsx"

GAME = [("key", "value"), ("name", "Who Will Reign?"), ("version", "1.0"),
        ("players", "2-4"), ("designer", "playproof example project")]

RULES = [
    ("key", "value", "meaning"),
    ("start_food", 5, "food each sister starts with"),
    ("start_gold", 5, "gold each sister starts with"),
    ("market_size", 5, "cards in the market row"),
    ("sweep_cost", 3, "gold paid to sweep the market row"),
    ("court_limit", 7, "court cards a court may hold; reaching it ends the game at the end of the round"),
    ("boards_dealt", 9, "land boards dealt into the 3x3 grid"),
    ("tax_food_per_village", 1, "food fed to each village before taxing"),
]

COURT_HEAD = ("name", "path", "crowns", "cost_gold", "cost_food", "effect", "text", "art", "count")
ART = {"Astronomer": "telescope", "Fireworks": "fireworks", "Ceremonial Coat": "coat",
       "Pure White Stag": "stag", "Court Jester": "jester"}
"""Cards with their own picture (the rulebook's examples and the Jester); others show their path."""
COURT = [
    # MIGHT
    ("Royal Guard", "might", 2, 3, 0, "on tax gold 1", "Whenever you tax, gain 1 extra :gold:."),
    ("Knight Commander", "might", 3, 5, 0, "plus 1 per might",
     "+1 crown for each MIGHT card in your court, this one included."),
    ("War Horse", "might", 2, 3, 0, "worth 4 if has Knight Commander",
     "Worth 4 crowns if the Knight Commander is in your court."),
    ("Armoury", "might", "?", 4, 0, "plus 2 per might+board",
     "2 crowns for each MIGHT card in your court and MIGHT improvement on the board."),
    ("Siege Engine", "might", 4, 6, 0, "", "A patient weapon that wins sieges."),
    ("Border Watch", "might", 1, 2, 0, "expel guest",
     "When you acquire this, you may discard one of your Unwanted Guests."),
    ("War Drums", "might", 2, 3, 0, "plus 3 if banner", "+3 crowns if you bear a Banner."),
    ("Champion", "might", 5, 7, 0, "minus 2 if guest", "2 crowns fewer if any Unwanted Guest hovers near you."),
    ("Royal Hunter", "might", 3, 4, 0, "on harvest food 1", "Whenever you harvest, gain 1 extra :food:."),
    # CULTURE
    ("Fireworks", "culture", 3, 3, 0, "", "A dazzling night sky that hides the stars."),
    ("Ceremonial Coat", "culture", "?", 4, 0, "plus 2 per culture+board",
     "2 crowns for each CULTURE card in your court and CULTURE improvement on the board."),
    ("Court Painter", "culture", 2, 3, 0, "plus 2 if has Tapestry", "+2 crowns if the Tapestry is in your court."),
    ("Minstrel", "culture", 1, 2, 0, "expel guest",
     "When you acquire this, you may discard one of your Unwanted Guests."),
    ("Grand Ballroom", "culture", 4, 6, 0, "minus 1 per guest", "1 crown fewer for each of your Unwanted Guests."),
    ("Tapestry", "culture", 3, 4, 0, "", "The kingdom's history, woven in gold thread."),
    ("Masquerade", "culture", "?", 4, 0, "plus 1 per guest-all",
     "1 crown for each Unwanted Guest near any sister's court."),
    ("Poet Laureate", "culture", 3, 5, 0, "plus 1 per wisdom", "+1 crown for each WISDOM card in your court."),
    ("Opera House", "culture", 5, 8, 0, "", "The finest stage in the realm."),
    # WISDOM
    ("Astronomer", "wisdom", 4, 4, 0, "worth 0 if has Fireworks",
     "Worth no crowns if the Fireworks are in your court."),
    ("Royal Library", "wisdom", "?", 4, 0, "plus 2 per wisdom+board",
     "2 crowns for each WISDOM card in your court and WISDOM improvement on the board."),
    ("Treasurer", "wisdom", 2, 3, 0, "sweep 1", "Sweeping the market costs you only 1 :gold:."),
    ("Alchemist", "wisdom", 1, 2, 0, "gain gold 3", "When you acquire this, gain 3 :gold:."),
    ("Diplomat", "wisdom", 2, 3, 0, "expel guest",
     "When you acquire this, you may discard one of your Unwanted Guests."),
    ("Cartographer", "wisdom", "?", 4, 0, "plus 1 per improved",
     "1 crown for each land board that carries an improvement."),
    ("Philosopher", "wisdom", 2, 5, 0, "plus 1 per paths", "+1 crown for each different path in your court."),
    ("Royal Tutor", "wisdom", 3, 4, 0, "discount wisdom 1", "WISDOM cards cost you 1 :gold: less."),
    ("Oracle", "wisdom", 5, 7, 0, "worth 2 if has Astronomer", "Worth only 2 crowns if the Astronomer is in your court."),
    # BOUNTY (gold and food)
    ("Pure White Stag", "bounty", 5, 2, 3, "worth 1 if has Royal Hunter",
     "Worth only 1 crown if the Royal Hunter is in your court."),
    ("Granary", "bounty", "?", 2, 2, "plus 2 per bounty+board",
     "2 crowns for each BOUNTY card in your court and BOUNTY improvement on the board."),
    ("Master Brewer", "bounty", 2, 1, 2, "on tax gold 1", "Whenever you tax, gain 1 extra :gold:."),
    ("Golden Goose", "bounty", 2, 2, 2, "gain gold 3", "When you acquire this, gain 3 :gold:."),
    ("Orchard Keeper", "bounty", 3, 2, 3, "discount bounty 1", "BOUNTY cards cost you 1 :gold: less."),
    ("Royal Feast", "bounty", 4, 3, 4, "", "A feast remembered for a generation."),
    ("Shepherd", "bounty", 1, 1, 1, "on harvest food 1", "Whenever you harvest, gain 1 extra :food:."),
    ("Prize Bull", "bounty", 3, 2, 2, "plus 1 if has Shepherd", "+1 crown if the Shepherd is in your court."),
    # no path
    ("Crown Jewels", "", 6, 9, 0, "", "Glittering proof of a rightful claim."),
    ("Court Jester", "", "?", 3, 0, "plus 2 per guest",
     "2 crowns for each of your Unwanted Guests: he turns them into jokes."),
    ("Heirloom Ring", "", 2, 2, 0, "plus 2 if banner", "+2 crowns if you bear a Banner."),
]

GUEST_HEAD = ("name", "crowns", "cost_gold", "effect", "text", "count")
GUESTS = [
    ("Boorish Baron", -3, 3, "", "Loud, rude and never leaves."),
    ("Meddling Aunt", -2, 2, "", "Has an opinion on every decree."),
    ("Glutton", -1, 2, "on harvest food -1", "Whenever you harvest, gain 1 :food: less."),
    ("Gossip", -2, 2, "minus 1 if banner", "1 more crown lost if you bear a Banner."),
    ("Freeloader", -1, 2, "on tax gold -1", "Whenever you tax, gain 1 :gold: less."),
    ("Sulking Cousin", -2, 1, "", "Sighs loudly at every feast."),
]

MOON_HEAD = ("name", "effect", "text", "count")
MOONS = [
    ("Harvest Moon", "each gain food 2", "Every sister gains 2 :food:."),
    ("Jubilee Moon", "each gain gold 2", "Every sister gains 2 :gold:."),
    ("Scholar's Moon", "each gain gold 1 per wisdom", "Every sister gains 1 :gold: for each WISDOM card in her court."),
    ("Feast Moon", "each gain food 1 per bounty", "Every sister gains 1 :food: for each BOUNTY card in her court."),
    ("Famine Moon", "tribute food 4; else each lose food 3",
     "Together the sisters may pay 4 :food:. If they do not, every sister loses 3 :food:."),
    ("War Moon", "tribute gold 6; else each lose gold 4 unless might",
     "Together the sisters may pay 6 :gold:. If they do not, every sister without a MIGHT card loses 4 :gold:."),
    ("Plague Moon", "tribute gold 4; else each lose food 2; else each lose gold 2",
     "Together the sisters may pay 4 :gold:. If they do not, every sister loses 2 :food: and 2 :gold:."),
    ("Flood Moon", "flood farm 3", "The top improvement of every farm making 3 or more :food: is discarded."),
]

IMPROVEMENT_HEAD = ("name", "land", "output", "path", "cost_gold", "text", "count")
IMPROVEMENTS = [
    ("Market Stalls", "village", 2, "", 2, "Place on a village.", 3),
    ("Chapel", "village", 2, "culture", 3, "Place on a village.", 2),
    ("Schoolhouse", "village", 2, "wisdom", 3, "Place on a village.", 2),
    ("Barracks", "village", 2, "might", 3, "Place on a village.", 2),
    ("Guildhall", "village", 3, "", 5, "Place on a village.", 1),
    ("Theatre", "village", 3, "culture", 5, "Place on a village.", 1),
    ("Irrigation", "farm", 2, "", 2, "Place on a farm.", 3),
    ("Orchard", "farm", 2, "bounty", 3, "Place on a farm.", 3),
    ("Vineyard", "farm", 2, "culture", 3, "Place on a farm.", 1),
    ("Herb Garden", "farm", 2, "wisdom", 3, "Place on a farm.", 1),
    ("Stables", "farm", 2, "might", 3, "Place on a farm.", 1),
    ("Great Barn", "farm", 3, "bounty", 5, "Place on a farm.", 1),
    ("Windmill", "farm", 3, "", 5, "Place on a farm.", 1),
]

BOARD_HEAD = ("name", "land", "output", "text", "count")
BOARDS = [(n, "farm", 1, "A farm of the realm.") for n in
          ("Applegarth", "Barleymead", "Cloverdale", "Dunmoor", "Elmfield", "Fernhollow")]
BOARDS += [(n, "village", 1, "A village of the realm.") for n in
           ("Ashby", "Brookton", "Candlewick", "Dovecote", "Eastwick", "Foxhall")]

BANNER_HEAD = ("name", "path", "requires", "requirement", "reward", "reward_text", "crowns", "count")
BANNERS = [
    ("Banner of Might", "might", "path might 2; pay gold 2", "2 MIGHT cards in your court, and pay 2 :gold:",
     "on tax gold 1", "Whenever you tax, gain 1 extra :gold:.", 3),
    ("Banner of Culture", "culture", "path culture 2", "2 CULTURE cards in your court",
     "discount culture 1", "CULTURE cards cost you 1 :gold: less.", 3),
    ("Banner of Wisdom", "wisdom", "path wisdom 2", "2 WISDOM cards in your court",
     "sweep 1", "Sweeping the market costs you only 1 :gold:.", 3),
    ("Banner of Bounty", "bounty", "path bounty 2; pay food 3", "2 BOUNTY cards in your court, and pay 3 :food:",
     "on harvest food 1", "Whenever you harvest, gain 1 extra :food:.", 3),
    ("Banner of Balance", "balance", "path might 1; path culture 1; path wisdom 1; path bounty 1",
     "1 MIGHT, 1 CULTURE, 1 WISDOM and 1 BOUNTY card in your court", "", "No extra ability: balance is its own reward.", 5),
]

REMINDER_HEAD = ("turn", "scoring", "count")
REMINDERS = [("• **Harvest**: gain the :food: of every farm, *or* **tax**: feed each village 1 :food:, "
              "then gain the :gold: of every village. Once per turn, never both.\n\n"
              "• **Acquire** market cards, as often as you can pay. Refill the spot at once.\n\n"
              "• **Sweep** the market row for 3 :gold:.\n\n"
              "• Once per game: take up a **Banner** whose requirement you meet.",
              "• Add the crowns of your court cards; \"?\" cards count as their text says.\n\n"
              "• Add your Banner's crowns.\n\n"
              "• Subtract the crowns of your Unwanted Guests.\n\n"
              "The game ends at the end of the round in which any court holds 7 court cards. "
              "The most crowns wins.", 4)]

TOKEN_HEAD = ("name", "resource", "value", "count")
TOKENS = [("Food 1", "food", 1, 25), ("Food 5", "food", 5, 10),
          ("Gold 1", "gold", 1, 25), ("Gold 5", "gold", 5, 10)]


CAPITAL = {"might", "culture", "wisdom", "bounty", "balance", "village", "farm"}


def printable(value, column):
    """Capitalise paths and lands for print; the engine reads them in any case."""
    if column in ("path", "land") and value in CAPITAL:
        return value.capitalize()
    if column == "cost_food" and value == 0:
        return None
    return value


def sheet(wb, title, head, rows, default_count=1):
    ws = wb.create_sheet(title)
    ws.append(list(head))
    for row in rows:
        row = [printable(v, c) for v, c in zip(row, head)]
        if len(row) < len(head):
            row.append(default_count)
        ws.append(row)


def main():
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    sheet(wb, "Game", GAME[0], GAME[1:])
    sheet(wb, "Court Cards", COURT_HEAD, [(*row, ART.get(row[0])) for row in COURT])
    sheet(wb, "Unwanted Guests", GUEST_HEAD, GUESTS)
    sheet(wb, "Moons", MOON_HEAD, MOONS)
    sheet(wb, "Land Improvements", IMPROVEMENT_HEAD, IMPROVEMENTS)
    sheet(wb, "Land Boards", BOARD_HEAD, BOARDS)
    sheet(wb, "Banners", BANNER_HEAD, BANNERS)
    sheet(wb, "Reminder Cards", REMINDER_HEAD, REMINDERS)
    sheet(wb, "Tokens", TOKEN_HEAD, TOKENS)
    sheet(wb, "Rules", RULES[0], RULES[1:])
    OUT.parent.mkdir(parents=True, exist_ok=True)
    wb.save(OUT)
    assert len(COURT) == 38 and len(GUESTS) == 6 and len(MOONS) == 8
    assert sum(i[-1] for i in IMPROVEMENTS) == 22 and len(BOARDS) == 12


if __name__ == "__main__":
    main()
