"""Write examples/four-sisters/components.xlsx (values only): run `python make_workbook.py`."""

from __future__ import annotations

from pathlib import Path

import openpyxl

ROOT = Path(__file__).resolve().parents[3]
TARGET = ROOT / "examples" / "four-sisters" / "components.xlsx"

SUITS = [  # suit, letter, team, colour, symbol
    ("Diamonds", "D", "Younger", "#b8322a", "diamond"),
    ("Hearts", "H", "Younger", "#c2185b", "heart"),
    ("Clubs", "C", "Elder", "#1f3a5f", "club"),
    ("Spades", "S", "Elder", "#2e4d2e", "spade"),
]
BACK_COLOURS = {"Younger": "#6b1a33", "Elder": "#1c2b40"}
WORDS = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]
RANKS = [("Q", 0, "Queen"), ("A", 1, "Ace")] + [(str(n), n, WORDS[n - 2]) for n in range(2, 10)]
NOTES = {
    "Q": "Worth 0 in play and 10 when the Day is counted. Only an Ace or a Queen defeats her. "
         "Show her from your hand for Intrigue.",
    "A": "Worth 1. An Ace can defeat a Queen.",
}


def note(rank: str, value: int) -> str:
    """Return a card's reminder text."""
    if rank in NOTES:
        return NOTES[rank]
    if value > 6:
        return "The Clock never reaches it: place by Introduction."
    return f"Place by the Hour from {value} o'clock, or by Introduction."
RULES = [  # key, value, meaning
    ("board_columns", 3, "Rooms across the Chateau"),
    ("board_rows", 3, "Rooms down the Chateau"),
    ("clock_hours", 6, "Hours on the Clock before it rewinds to 1"),
    ("hand_size", 3, "Cards a hand is refilled to"),
    ("queen_day_value", 10, "What a Queen counts when the Day is summed"),
    ("sabbath_every", 7, "Every this-many consecutive games is a Sabbath game"),
    ("first_suit", "H", "The suit whose player takes the first turn"),
]
ORDER = [
    ("1", "Pass?", "Discard one card, draw one, then go to step 8."),
    ("2", "Intrigue", "Show your Queen: swap a Chateau card for an Oubliette card of its suit or value. "
                      "The Queen goes under your Scheme."),
    ("3", "Place", "Into an empty Room: a card worth no more than the Hour, or introduce one by "
                   "discarding cards worth at least as much. Discard your whole hand to Squander."),
    ("4", "Conflict", "Touching an opposing card? Name one: the Innocent."),
    ("5", "Resolve", "+1 per touching friend, +1 per card discarded. Lower loses (under its Scheme). "
                     "Ties: defender decides."),
    ("6", "Intrigue", "Again, as in step 2."),
    ("7", "Refill", "Draw back up to three cards."),
    ("8", "Clock", "Advance one Hour (6 rewinds to 1); it stands still while four Queens are in the Chateau."),
]

REMINDERS = [
    "**Queens** count 0 in Conflict. Only an Ace or a Queen defeats a Queen (any card on a "
    "Sabbath, every seventh game). A Queen's victim goes to the Oubliette. In a tie with a "
    "Queen the other card loses; its owner sends it to the Oubliette or under her Scheme.",
    "**Storming the Oubliette.** When all four Queens lie in the Oubliette, each player may move "
    "her highest card from the Chateau into it, then take back cards of her suit worth no more "
    "in total and put them under her Scheme.",
    "**The Day ends** when the Chateau is full at the end of a turn: the higher total wins, "
    "Queens counting 10. A team whose two Schemes are both empty has lost.",
]


def _sheet(wb: openpyxl.Workbook, title: str, header: list[str], rows: list[tuple]) -> None:
    """Add a sheet with a header row and data rows."""
    ws = wb.create_sheet(title)
    ws.append(header)
    for row in rows:
        ws.append(list(row))


def main() -> None:
    """Build the workbook."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    _sheet(wb, "Game", ["key", "value"], [("name", "Four Sisters"), ("version", "1.0"),
                                          ("players", 4)])
    _sheet(wb, "Rules", ["key", "value", "meaning"], RULES)
    cards = []
    for suit, letter, team, colour, symbol in SUITS:
        for rank, value, title in RANKS:
            cards.append((f"{rank}{letter}", suit, letter, team, rank, value,
                          f"{title} of {suit}", colour, symbol, note(rank, value),
                          f"back-{team.lower()}", BACK_COLOURS[team], 1))
    _sheet(wb, "Cards", ["id", "suit", "letter", "team", "rank", "value", "title", "colour",
                         "icon", "note", "back", "back_colour", "count"], cards)
    _sheet(wb, "Chateau", ["name", "count"], [("The Chateau", 1)])
    _sheet(wb, "Clock", ["name", "count"], [("The Clock", 1)])
    steps = [f"**{n}. {title}** {text}" for n, title, text in ORDER]
    _sheet(wb, "Reference", ["title"] + [f"step{n}" for n in range(1, 9)]
           + ["queens", "storm", "day", "count"], [("Order of Play", *steps, *REMINDERS, 4)])
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    wb.save(TARGET)


if __name__ == "__main__":
    main()
