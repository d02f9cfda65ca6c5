"""Who Will Reign?: the exact text of every message a player or designer can see."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Callable

import openpyxl
import pytest

from playproof.errors import PlayproofError
from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.who_will_reign import ENGINE, engine as engine_module
from playproof.playtest.games.who_will_reign.catalogue import load_catalogue
from playproof.playtest.games.who_will_reign.grammar import GrammarError, parse_ability, parse_moon, parse_requirement
from playproof.playtest.games.who_will_reign.state import OVER
from test_who_will_reign_rules import SEVEN, Table

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "who-will-reign"
Arrange = Callable[[Table], None]


def _messages(table: Table, actor: str, text: str) -> list[str]:
    """Apply a move and return the messages of its findings."""
    verb, _, args = text.partition(" ")
    return [v.message for v in table.engine.apply(Event(999, actor, verb, args))]


def _nothing(t: Table) -> None:
    """Arrange nothing."""


def _poor(t: Table) -> None:
    t.give("Ann", gold=2, food=2)


def _war_moon(t: Table) -> None:
    t.play("Ann", "acquire Fireworks")
    t.play("table", "reveal War-Moon")


def _wisdom_banner(t: Table) -> None:
    t.give("Ann", court=["Astronomer", "Oracle"])
    t.give("Ben", court=["Royal-Library", "Treasurer"])
    t.play("Ann", "banner wisdom")


def _full_court(t: Table) -> None:
    t.give("Ann", gold=20, court=SEVEN)


def _over(t: Table) -> None:
    t.give("Ann", court=SEVEN, guests=["Gossip"])
    t.play("Ann", "end")
    t.play("Ben", "end")
    assert t.state.phase == OVER


def _barn_on_applegarth(t: Table) -> None:
    t.give("Ann", gold=20)
    t.state.lands["applegarth"].stack = ["great-barn"]


CASES: list[tuple[Arrange, str, str, list[str]]] = [
    (lambda t: t.play("Ann", "harvest"), "Ann", "tax", ["Ann already harvested or taxed this turn; she cannot tax again"]),
    (_poor, "Ann", "tax", ["taxing needs 5 food to feed the villages; Ann has 2"]),
    (_poor, "Ann", "sweep", ["sweeping costs 3 gold; Ann has 2"]),
    (_wisdom_banner, "Ann", "banner culture",
     ["Ann already bears the Banner of Wisdom",
      "the Banner of Culture needs 2 CULTURE cards; Ann has 0 CULTURE, 5 gold, 5 food"]),
    (lambda t: (_wisdom_banner(t), t.play("Ann", "end")), "Ben", "banner wisdom",
     ["the Banner of Wisdom is already borne by Ann"]),
    (_nothing, "Ann", "acquire ?", ["the card acquired is not revealed"]),
    (lambda t: (t.play("Ann", "acquire Fireworks"), t.play("table", "reveal ?")), "Ann", "acquire Tapestry",
     ["Tapestry may be the unrevealed market card", "Tapestry costs 4 gold; Ann has 2 gold and 5 food"]),
    (_nothing, "Ann", "acquire Crown-Jewels", ["Crown Jewels is not in the market row",
                                               "Crown Jewels costs 9 gold; Ann has 5 gold and 5 food"]),
    (_poor, "Ann", "acquire Pure-White-Stag", ["Pure White Stag costs 2 gold and 3 food; Ann has 2 gold and 2 food"]),
    (_nothing, "Ann", "acquire Fireworks on Ashby", ["Fireworks is a court card: it goes to your own court"]),
    (lambda t: t.give("Ann", guests=["Gossip"]), "Ann", "acquire Fireworks replacing Gossip",
     ["Gossip is not a court card in Ann's court"]),
    (_full_court, "Ann", "acquire Fireworks",
     ["Ann's court already holds 7 court cards; Fireworks must replace one of them"]),
    (_nothing, "Ann", "acquire Orchard to Ben replacing Tapestry",
     ["Orchard is a land improvement: place it on a farm"]),
    (_nothing, "Ann", "acquire Orchard", ["Orchard goes on a farm; not given"]),
    (_nothing, "Ann", "acquire Orchard on Elmfield", ["Orchard goes on a farm; Elmfield is not on the board"]),
    (_nothing, "Ann", "acquire Orchard on Ashby", ["Orchard goes on a farm; Ashby is a village"]),
    (_barn_on_applegarth, "Ann", "acquire Orchard on Applegarth",
     ["Orchard makes 2, less than the 3 Applegarth makes now"]),
    (_nothing, "Ann", "acquire Astronomer expel Gossip",
     ["Astronomer has no ability to discard an Unwanted Guest", "Gossip is not among Ann's Unwanted Guests"]),
    (_nothing, "Ann", "pay ? gold", ["pay ? gold is not revealed"]),
    (_nothing, "Zed", "harvest", ['"Zed" is not a sister of this game (Ann, Ben)']),
    (_over, "Ann", "harvest", ["the game ended at the end of round 1; no more turns"]),
    (_over, "table", "reveal Tapestry", ["the game is over; nothing more is drawn"]),
    (_over, "table", "winner Ben", ["the most crowns: Ann with 12"]),
    (lambda t: t.play("Ann", "acquire Fireworks"), "Ann", "harvest",
     ["1 market spot waits to be refilled from the deck first"]),
    (lambda t: t.play("Ann", "sweep"), "Ann", "harvest", ["5 market spots wait to be refilled from the deck first"]),
    (_nothing, "Ben", "harvest", ["it is Ann's turn, not Ben's"]),
    (_nothing, "table", "winner Ann", ["the game is not over yet; there is no winner"]),
    (_nothing, "table", "stock Zed food 1", ['"Zed" is not a sister of this game (Ann, Ben)']),
    (_nothing, "table", "lay Foxhall", ["the land boards are already laid out"]),
    (_nothing, "table", "reshuffle",
     ["the market deck still holds 69 cards; the discard pile is shuffled in only when it runs out"]),
    (lambda t: t.state.deck.subtract(Counter({k: n - (k == "oracle") for k, n in t.state.deck.items()})),
     "table", "reshuffle",
     ["the market deck still holds 1 card; the discard pile is shuffled in only when it runs out"]),
    (lambda t: (t.play("Ann", "acquire Fireworks"), t.play("table", "reveal Harvest-Moon")), "table",
     "reveal Harvest-Moon", ["Harvest Moon was resolved and returned to the box; it cannot be drawn again"]),
    (_nothing, "table", "reveal Astronomer",
     ["the market row is full; Astronomer was drawn for no empty spot",
      "Astronomer is not in the market deck (every copy is in play, in the discard pile or out of the game)"]),
    (_nothing, "Ann", "pay 1 gold", ["no Moon is asking for a tribute now"]),
    (_war_moon, "Ann", "pay 1 food", ["the War Moon asks for gold, not food"]),
    (lambda t: (_war_moon(t), t.play("Ben", "pay 1 gold")), "Ben", "pay 0 gold",
     ["Ben has already paid towards the War Moon"]),
    (_war_moon, "Ben", "pay 6 gold", ["Ben pays 6 gold but holds only 5"]),
    (lambda t: (_war_moon(t), t.give("Ben", gold=9)), "Ben", "pay 7 gold",
     ["only 6 gold is still owed to the War Moon"]),
]


@pytest.mark.parametrize("arrange, actor, text, expected", CASES, ids=[f"{c[1]}: {c[2]}" for c in CASES])
def test_violation_messages(arrange: Arrange, actor: str, text: str, expected: list[str]) -> None:
    table = Table()
    arrange(table)
    assert _messages(table, actor, text) == expected


def test_messages_of_an_unfinished_setup() -> None:
    engine = ENGINE(Setup(("Ann", "Ben")))
    found = engine.apply(Event(1, "table", "lay", "Applegarth ? ? ? ? ? ? ? ?"))
    assert [v.message for v in found] == ["some land boards laid are not revealed"]
    for text, message in (("reveal Oracle", "the land boards were not laid out before the market"),
                          ("harvest", "the land boards were not laid out before play")):
        fresh = ENGINE(Setup(("Ann", "Ben")))
        verb, _, args = text.partition(" ")
        assert fresh.apply(Event(1, "Ann" if verb == "harvest" else "table", verb, args))[0].message == message


def test_banner_messages_without_banners() -> None:
    table = Table(options={"no-banners": "true"})
    table.give("Ann", court=["Astronomer", "Oracle"])
    assert _messages(table, "Ann", "banner wisdom") == ["this game is played without Banners"]


def test_replace_when_full_message() -> None:
    table = Table(options={"replace-when-full": "true"})
    table.give("Ann", court=["Minstrel"])
    assert _messages(table, "Ann", "acquire Fireworks replacing Minstrel") == [
        "in this game a court card is replaced only when the court is full (1 of 7)"]


MOVE_ERRORS = [
    ("Ann", "dance", 'unknown verb "dance" for a sister (expected one of: harvest, tax, acquire, sweep, banner, '
                     'pay, end, discard)'),
    ("table", "flip 3", 'unknown verb "flip" for the table (expected one of: lay, reveal, reshuffle, discard, box, '
                        'market, discards, stock, score, winner)'),
    ("Ann", "harvest 5", 'harvest: unexpected "5" (it may only say: taking N food)'),
    ("Ann", "tax taking", 'tax: "taking" needs an amount after it'),
    ("Ann", "sweep paying 2 coins", 'sweep: write an amount as N gold, N food or N gold N food (got "2 coins")'),
    ("Ann", "acquire Astronomer from attic", 'acquire: "from attic" (expected one of: market, deck, discard)'),
    ("Ann", "acquire Astronomer on Ashby on Brookton", 'acquire: "on" may be given at most once'),
    ("table", "discard Astronomer Fireworks", "discard: name the one card"),
    ("Ann", "acquire", "acquire: name the card acquired"),
    ("Ann", "acquire Orchard on Atlantis", 'acquire: unknown land board "Atlantis"'),
    ("Ann", "pay 1 gold now", "pay: write pay N food or pay N gold"),
    ("Ann", "pay 1 silver", 'pay: "silver" is not food or gold'),
    ("Ann", "pay two gold", 'pay: "two" is not a whole number'),
    ("Ann", "banner dragons", 'banner: unknown banner "dragons" (expected one of: might, culture, wisdom, bounty, '
                              'balance)'),
    ("table", "stock Ann food", "stock: write stock SISTER food N gold N"),
    ("table", "reveal Oracle Tapestry", "reveal: name the one card drawn (or ?)"),
    ("table", "score Ann", "score: write score SISTER N"),
    ("table", "score Ann x", 'score: "x" is not a whole number'),
    ("table", "winner", "winner: name the winning sister(s)"),
]


@pytest.mark.parametrize("actor, text, message", MOVE_ERRORS, ids=[e[1] for e in MOVE_ERRORS])
def test_move_errors(actor: str, text: str, message: str) -> None:
    table = Table()
    verb, _, args = text.partition(" ")
    found = table.engine.apply(Event(5, actor, verb, args))
    assert [(v.rule, v.message) for v in found] == [("who-will-reign/play-known-move", message)]


GRAMMAR_ERRORS: list[tuple[Callable[[str], object], str, str]] = [
    (parse_ability, "worth 0 if has", 'unknown condition "has" (expected: has CARD, banner, guest)'),
    (parse_ability, "plus 2", 'expected "plus N per COUNT" or "plus N if CONDITION"'),
    (parse_ability, "fly", 'unknown ability "fly"'),
    (parse_ability, "discount magic 1", 'unknown path "magic" (expected one of: might, culture, wisdom, bounty)'),
    (parse_moon, "each dance", 'expected "each gain|lose food|gold N"'),
    (parse_moon, "each gain food 1 per", 'unexpected "per" (expected: per PATH, unless PATH)'),
    (parse_moon, "eclipse", 'unknown moon effect "eclipse"'),
    (parse_moon, "flood sea 3", 'unknown land "sea" (expected one of: farm, village)'),
    (parse_requirement, "gold 3", 'unknown requirement "gold 3" (expected: path PATH N, pay food|gold N)'),
]


@pytest.mark.parametrize("parse, text, message", GRAMMAR_ERRORS, ids=[e[1] for e in GRAMMAR_ERRORS])
def test_grammar_error_messages(parse: Callable[[str], object], text: str, message: str) -> None:
    with pytest.raises(GrammarError) as info:
        parse(text)
    assert str(info.value) == message


# --- workbook and setup errors -------------------------------------------------------------

def _project(tmp_path: Path, edit: Callable[[openpyxl.Workbook], None]) -> Path:
    """Copy the example workbook, apply an edit, and return the new project folder."""
    project = tmp_path / "wwr"
    project.mkdir()
    shutil.copy(EXAMPLE / "components.xlsx", project / "components.xlsx")
    book = openpyxl.load_workbook(project / "components.xlsx")
    edit(book)
    book.save(project / "components.xlsx")
    return project


def _cell(sheet: str, row: int, column: int, value: object) -> Callable[[openpyxl.Workbook], None]:
    """Return an edit that sets one cell."""
    def edit(book: openpyxl.Workbook) -> None:
        book[sheet].cell(row=row, column=column).value = value
    return edit


WORKBOOK_ERRORS = [
    (lambda book: book.remove(book["Moons"]), 'who-will-reign workbook has no sheet "Moons"'),
    (_cell("Rules", 5, 1, "sweep"), 'components.xlsx, sheet "Rules": missing rule numbers: sweep_cost'),
    (_cell("Court Cards", 11, 1, "Astronomer"),
     'components.xlsx, sheet "Court Cards", row 20, column "name": card name "Astronomer" is used twice'),
    (_cell("Land Boards", 3, 1, "Applegarth"),
     'components.xlsx, sheet "Land Boards", row 3, column "name": land board name "Applegarth" is used twice'),
    (_cell("Court Cards", 20, 1, None), 'components.xlsx, sheet "Court Cards", row 20, column "name": '
                                        'a value is required'),
    (_cell("Court Cards", 20, 2, "Magic"), 'components.xlsx, sheet "Court Cards", row 20, column "path": '
                                           '"magic" is not one of: might, culture, wisdom, bounty'),
    (_cell("Rules", 4, 2, 0), 'components.xlsx, sheet "Rules": market_size must be at least 1'),
]


@pytest.mark.parametrize("edit, message", WORKBOOK_ERRORS, ids=[e[1][:40] for e in WORKBOOK_ERRORS])
def test_workbook_error_messages(tmp_path: Path, edit: Callable[[openpyxl.Workbook], None], message: str) -> None:
    project = _project(tmp_path, edit)
    with pytest.raises(PlayproofError) as info:
        load_catalogue(project)
    assert str(info.value) == message


def test_setup_error_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(PlayproofError) as info:
        ENGINE(Setup(("Ann", "Ben"), {"tiebreak": "coin"}))
    assert str(info.value) == 'tiebreak must be one of: shared, stores (got "coin")'
    with pytest.raises(PlayproofError) as info:
        ENGINE(Setup(("Ann", "Ben"), {"first": "Zed"}))
    assert str(info.value) == "first=zed is not one of the players (Ann, Ben)"
    monkeypatch.setattr(engine_module, "example_project", lambda game_id: None)
    with pytest.raises(PlayproofError) as info:
        ENGINE(Setup(("Ann", "Ben")))
    assert str(info.value) == "who-will-reign: no project given and the bundled example is not installed"
