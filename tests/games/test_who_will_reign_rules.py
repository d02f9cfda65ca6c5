"""Who Will Reign?: every rule of the index with a legal and an illegal case."""

from __future__ import annotations

import pytest

from playproof.playtest.engine import Event, Setup, Status
from playproof.playtest.games.who_will_reign import ENGINE, RULES
from playproof.playtest.games.who_will_reign.state import OVER, State

BOARDS = "Applegarth Barleymead Cloverdale Dunmoor Ashby Brookton Candlewick Dovecote Eastwick"
MARKET = ("Astronomer", "Fireworks", "Ceremonial-Coat", "Pure-White-Stag", "Orchard")


class Table:
    """A game set up with known boards and market, played by typed moves."""

    def __init__(self, players: tuple[str, ...] = ("Ann", "Ben"), options: dict[str, str] | None = None,
                 market: tuple[str, ...] = MARKET) -> None:
        self.engine = ENGINE(Setup(players, options or {}))
        self.line = 0
        assert self.play("table", f"lay {BOARDS}") == []
        for card in market:
            assert self.play("table", f"reveal {card}") == []

    @property
    def state(self) -> State:
        """The engine's state, for arranging positions."""
        return self.engine.game.state

    def event(self, actor: str, text: str) -> Event:
        """Return the next log line's event for a move."""
        self.line += 1
        verb, _, args = text.partition(" ")
        return Event(self.line, actor, verb, args)

    def play(self, actor: str, text: str) -> list[str]:
        """Apply a move; return the rule slugs of every finding."""
        found = self.engine.apply(self.event(actor, text))
        return [v.rule.removeprefix("who-will-reign/") for v in found]

    def give(self, name: str, *, gold: int | None = None, food: int | None = None,
             court: list[str] | None = None, guests: list[str] | None = None) -> None:
        """Arrange a sister's stores, court and guests."""
        sister = self.state.sister(name)
        assert sister is not None
        sister.gold = sister.gold if gold is None else gold
        sister.food = sister.food if food is None else food
        sister.court = sister.court if court is None else [c.lower() for c in court]
        sister.guests = sister.guests if guests is None else [g.lower() for g in guests]
        sister.changed()


def test_every_rule_has_a_case_below() -> None:
    tested = {name.removeprefix("test_").replace("_", "-") for name in globals() if name.startswith("test_")}
    missing = [r.id for r in RULES if not any(r.id.split("/")[1] in t for t in tested)]
    assert missing == []


# --- setup ---------------------------------------------------------------------------------

def test_setup_land_boards() -> None:
    assert Table().state.phase == "play"
    engine = ENGINE(Setup(("Ann", "Ben")))
    found = engine.apply(Event(1, "table", "lay", "Applegarth Applegarth Ashby"))
    assert [v.rule for v in found] == ["who-will-reign/setup-land-boards"]
    assert found[0].message == "lay 9 different land boards of the 12 (got 3, 2 different known ones)"
    late = ENGINE(Setup(("Ann", "Ben")))
    assert [v.rule for v in late.apply(Event(1, "Ann", "harvest"))][0] == "who-will-reign/setup-land-boards"


def test_setup_land_boards_cannot_be_laid_twice() -> None:
    t = Table()
    assert t.play("table", f"lay {BOARDS}") == ["setup-land-boards"]


# --- game play -----------------------------------------------------------------------------

def test_play_known_move() -> None:
    t = Table()
    assert t.play("Ann", "harvest") == []
    assert t.play("Ann", "dance") == ["play-known-move"]
    assert t.play("Ann", "acquire Unicorn") == ["play-known-move"]
    assert t.play("table", "flip 3") == ["play-known-move"]


def test_play_known_move_messages() -> None:
    t = Table()
    found = t.engine.apply(Event(9, "Ann", "acquire", "Pure White Stag"))
    assert found[0].message == ('acquire: unexpected "White Stag" (expected on, to, replacing, expel, from, paying, '
                                'each at most once; write names with hyphens, e.g. Pure-White-Stag)')
    found = t.engine.apply(Event(9, "Ann", "acquire", "Orchard on"))
    assert found[0].message == 'acquire: "on" needs a name after it'
    found = t.engine.apply(Event(10, "Ann", "acquire", "Unicorn"))
    assert found[0].message == 'unknown card "Unicorn" (write names with hyphens, e.g. Pure-White-Stag)'
    found = t.engine.apply(Event(11, "Ann", "harvest", "now"))
    assert found[0].message == 'harvest: unexpected "now" (it may only say: taking N food)'


def test_play_turn_order() -> None:
    t = Table()
    assert t.play("Ann", "harvest") == []
    assert t.play("Ben", "harvest") == ["play-turn-order"]
    assert t.play("Zed", "end") == ["play-turn-order"]
    assert t.play("Ann", "end") == []
    assert t.play("Ben", "tax") == []


def test_play_first_player_option() -> None:
    t = Table(options={"first": "Ben"})
    assert t.play("Ann", "harvest") == ["play-turn-order"]
    assert t.play("Ben", "harvest") == []  # Ann's slip used none of Ben's turn


def test_play_harvest_or_tax_once() -> None:
    t = Table()
    assert t.play("Ann", "harvest") == []
    assert t.state.sister("Ann").food == 5 + 4  # four farms, 1 food each
    assert t.play("Ann", "tax") == ["play-harvest-or-tax-once"]
    assert t.play("Ann", "end") == []
    assert t.play("Ben", "harvest") == []
    assert t.play("Ben", "harvest") == ["play-harvest-or-tax-once"]


def test_tax_feed_villages() -> None:
    t = Table()
    assert t.play("Ann", "tax") == []
    ann = t.state.sister("Ann")
    assert (ann.food, ann.gold) == (0, 10)  # five villages fed 1 food each, 1 gold each
    t.play("Ann", "end")
    t.give("Ben", food=4)
    assert t.play("Ben", "tax") == ["tax-feed-villages"]


def test_harvest_farms() -> None:
    t = Table()
    assert t.play("Ann", "harvest taking 4 food") == []  # four farms, 1 food each
    assert t.state.sister("Ann").food == 9
    t.play("Ann", "end")
    assert t.play("Ben", "harvest taking 6 food") == ["harvest-farms"]
    assert t.state.sister("Ben").food == 11  # applied as written: she took 6


def test_tax_villages() -> None:
    t = Table()
    assert t.play("Ann", "tax paying 5 food taking 5 gold") == []
    t.play("Ann", "end")
    assert t.play("Ben", "tax taking 7 gold") == ["tax-villages"]
    assert (t.state.sister("Ben").food, t.state.sister("Ben").gold) == (0, 12)


def test_tax_feed_villages_with_a_stated_payment() -> None:
    t = Table()
    assert t.play("Ann", "tax paying 3 food") == ["tax-feed-villages"]
    assert (t.state.sister("Ann").food, t.state.sister("Ann").gold) == (2, 10)  # fed 3, as written


# --- acquiring -----------------------------------------------------------------------------

def test_acquire_in_market() -> None:
    t = Table()
    assert t.play("Ann", "acquire Astronomer") == []
    assert t.state.sister("Ann").court == ["astronomer"]
    assert t.play("table", "reveal Oracle") == []
    assert t.play("Ann", "acquire Crown-Jewels") == ["acquire-in-market", "acquire-cost"]
    assert t.state.pending_draws == 0  # no spot was emptied: nothing to refill
    assert t.play("Ann", "acquire Harvest-Moon") == ["acquire-in-market"]


def test_acquire_cost() -> None:
    t = Table()
    assert t.play("Ann", "acquire Pure-White-Stag") == []
    ann = t.state.sister("Ann")
    assert (ann.gold, ann.food) == (3, 2)
    t.play("table", "reveal Oracle")
    assert t.play("Ann", "acquire Astronomer") == ["acquire-cost"]


def test_acquire_cost_follows_discounts() -> None:
    t = Table(market=("Astronomer", "Oracle", "Fireworks", "Tapestry", "Orchard"))
    t.give("Ann", gold=3, court=["Royal-Tutor"])
    assert t.play("Ann", "acquire Astronomer") == []  # 4 gold, 1 less for WISDOM
    assert t.state.sister("Ann").gold == 0


def test_acquire_placement() -> None:
    t = Table()
    assert t.play("Ann", "acquire Orchard on Applegarth") == []
    t.play("table", "reveal Chapel")
    t.give("Ann", gold=9)
    assert t.play("Ann", "acquire Fireworks on Ashby") == ["acquire-placement"]
    t.play("table", "reveal Tapestry")
    t.give("Ann", gold=9)
    assert t.play("Ann", "acquire Chapel to Ben") == ["acquire-placement"]  # one mistake, one finding
    assert t.state.discard["chapel"] == 1
    t.play("table", "reveal Gossip")
    t.give("Ann", gold=9)
    assert t.play("Ann", "acquire Gossip on Ashby") == ["acquire-placement"]
    assert t.state.discard["gossip"] == 1 and t.state.sister("Ben").guests == []


def test_market_refill() -> None:
    t = Table()
    assert t.play("Ann", "acquire Astronomer") == []
    assert t.play("table", "reveal Oracle") == []
    assert t.play("Ann", "harvest") == []
    t.give("Ann", gold=5)
    assert t.play("Ann", "acquire Fireworks") == []
    assert t.play("Ann", "end") == ["market-refill"]
    assert t.play("table", "reveal Tapestry") == []  # a late refill fills the gap without a finding
    assert t.play("table", "reveal Minstrel") == ["market-refill"]


def test_market_row() -> None:
    t = Table()
    assert t.play("table", "market Orchard Astronomer Fireworks Ceremonial-Coat Pure-White-Stag") == []
    t.play("Ann", "acquire Fireworks")
    t.play("table", "reveal ?")
    assert t.play("table", "market Astronomer Ceremonial-Coat Pure-White-Stag Orchard Oracle") == []
    assert t.play("table", "market Astronomer Ceremonial-Coat Pure-White-Stag Orchard") == ["market-row"]
    assert t.play("table", "market Astronomer Fireworks Pure-White-Stag Orchard Oracle") == ["market-row"]
    found = t.engine.apply(Event(60, "table", "market", "Astronomer"))
    assert found[0].message == "the market row holds Astronomer, Ceremonial Coat, Pure White Stag, Orchard, ?"
    found = t.engine.apply(Event(61, "table", "market", "Astronomer Fireworks Pure-White-Stag Orchard Fireworks"))
    assert found[0].message == ("the market row holds Astronomer, Ceremonial Coat, Pure White Stag, Orchard, ?, "
                                "not Fireworks, Fireworks")


def test_market_deck_contents() -> None:
    t = Table()
    t.play("Ann", "acquire Fireworks")
    assert t.play("table", "reveal Astronomer") == ["market-deck-contents"]
    t.play("Ann", "acquire Astronomer")
    assert t.play("table", "reveal Market-Stalls") == []


def test_sweep_cost() -> None:
    t = Table()
    assert t.play("Ann", "sweep") == []
    assert t.state.sister("Ann").gold == 2 and t.state.market == []
    for card in ("Oracle", "Minstrel", "Tapestry", "Chapel", "Glutton"):
        assert t.play("table", f"reveal {card}") == []
    assert sorted(t.state.discard) == sorted(c.lower() for c in MARKET)
    assert t.play("Ann", "sweep") == ["sweep-cost"]


def test_sweep_cost_follows_abilities() -> None:
    t = Table()
    t.give("Ann", gold=1, court=["Treasurer"])
    assert t.play("Ann", "sweep") == []
    assert t.state.sister("Ann").gold == 0


def test_sweep_whole_row() -> None:
    t = Table()
    assert t.play("Ann", "sweep paying 3 gold") == []
    for card in ("Oracle", "Minstrel", "Tapestry", "Chapel", "Glutton"):
        t.play("table", f"reveal {card}")
    assert t.play("Ann", "discard Oracle") == ["sweep-whole-row"]
    assert "oracle" not in t.state.market and t.state.discard["oracle"] == 1 and t.state.pending_draws == 1
    assert t.play("table", "reveal Market-Stalls") == []  # the emptied spot is refilled
    assert t.play("table", "discard Minstrel") == ["sweep-whole-row"]


# --- moons ---------------------------------------------------------------------------------

def test_moons_removed() -> None:
    t = Table()
    t.play("Ann", "acquire Astronomer")
    assert t.play("table", "reveal Harvest-Moon") == []
    assert [s.food for s in t.state.sisters] == [7, 7]
    assert "harvest-moon" in t.state.box and t.state.pending_draws == 1
    assert t.play("table", "reveal Harvest-Moon") == ["moons-removed"]
    assert [s.food for s in t.state.sisters] == [7, 7]


def test_moons_in_setup_are_discarded() -> None:
    t = Table(market=("Harvest-Moon", "Astronomer", "Fireworks", "Tapestry", "Oracle", "Chapel"))
    assert [s.food for s in t.state.sisters] == [5, 5]
    assert t.state.discard == {"harvest-moon": 1} and len(t.state.market) == 5


def test_moons_tribute() -> None:
    t = Table()
    t.play("Ann", "acquire Astronomer")
    assert t.play("table", "reveal War-Moon") == []
    assert t.play("Ben", "pay 6 gold") == ["moons-tribute"]  # holds only 5
    assert t.play("Ben", "pay 0 gold") == ["moons-tribute"]  # already paid
    assert t.play("Ann", "pay 0 gold") == []
    assert t.state.tribute is None and [s.gold for s in t.state.sisters] == [0, 0]


def test_moons_tribute_paid_in_full_averts_the_penalty() -> None:
    t = Table()
    t.play("Ann", "acquire Fireworks")
    t.play("table", "reveal Famine-Moon")
    assert t.play("Ann", "pay 2 food") == []
    assert t.play("Ben", "pay 2 food") == []
    assert t.state.tribute is None and [s.food for s in t.state.sisters] == [3, 3]
    assert t.play("Ben", "pay 1 food") == ["moons-tribute"]


def test_moons_tribute_unpaid_brings_the_penalty() -> None:
    t = Table()
    t.give("Ben", court=["Royal-Guard"])
    t.play("Ann", "acquire Fireworks")
    t.play("table", "reveal War-Moon")
    assert t.play("Ann", "pay 1") == []
    assert t.play("table", "reveal Tapestry") == []  # the negotiation is over: the tribute fails
    assert [s.gold for s in t.state.sisters] == [0, 5]  # Ben's MIGHT card spares him


def test_moons_flood_and_per_path_gains() -> None:
    t = Table()
    t.state.lands["applegarth"].stack = ["orchard", "great-barn"]
    t.state.lands["barleymead"].stack = ["orchard"]
    t.give("Ben", court=["Astronomer", "Oracle"])
    t.play("Ann", "acquire Fireworks")
    t.play("table", "reveal Flood-Moon")
    assert t.state.lands["applegarth"].stack == ["orchard"] and t.state.lands["barleymead"].stack == ["orchard"]
    t.play("table", "reveal Scholar's-Moon")
    assert [s.gold for s in t.state.sisters] == [2, 7]


# --- discard pile --------------------------------------------------------------------------

def test_discard_reshuffle() -> None:
    t = Table()
    assert t.play("table", "reshuffle") == ["discard-reshuffle"]
    t.play("Ann", "sweep")
    t.state.deck.clear()
    assert t.engine.decision().moves == ("reshuffle",)
    assert t.play("table", "reshuffle") == []
    assert sum(t.state.deck.values()) == 5 and not t.state.discard
    assert t.play("table", "reveal Astronomer") == []


def test_discard_reshuffle_is_implied_when_not_logged() -> None:
    t = Table()
    t.play("Ann", "sweep")
    t.state.deck.clear()
    assert t.play("table", "reveal Fireworks") == []
    assert sum(t.state.deck.values()) == 4


# --- court ---------------------------------------------------------------------------------

SEVEN = ["Royal-Guard", "Siege-Engine", "Tapestry", "Minstrel", "Treasurer", "Alchemist", "Shepherd"]


def test_discard_pile() -> None:
    t = Table(market=("Harvest-Moon", "Astronomer", "Fireworks", "Tapestry", "Oracle", "Chapel"))
    assert t.play("table", "discards Harvest-Moon") == []
    t.play("Ann", "sweep")
    for card in ("Minstrel", "Glutton", "Gossip", "Orchard", "Diplomat"):
        t.play("table", f"reveal {card}")
    assert t.play("table", "discards Harvest-Moon Astronomer Fireworks Tapestry Oracle Chapel") == []
    assert t.play("table", "discards ? ? ? Tapestry Oracle Chapel") == []
    assert t.play("table", "discards Harvest-Moon Astronomer Fireworks Tapestry Oracle") == ["discard-pile"]
    assert t.play("table", "discards none") == ["discard-pile"]
    found = t.engine.apply(Event(70, "table", "discards", "Harvest-Moon Minstrel"))
    assert found[0].message == ("the discard pile holds Astronomer, Chapel, Fireworks, Harvest Moon, Oracle, "
                                "Tapestry, not Minstrel")
    fresh = Table()
    assert fresh.play("table", "discards none") == [] and fresh.play("table", "discards") == []


def test_discard_source() -> None:
    t = Table(market=("Harvest-Moon", "Astronomer", "Fireworks", "Tapestry", "Oracle", "Chapel"))
    assert t.play("table", "discard Harvest-Moon") == []  # a Moon of setup goes to the discard pile
    assert t.play("table", "discard Minstrel") == ["discard-source"]
    assert t.play("Ann", "discard Minstrel") == ["discard-source"]
    assert t.play("table", "box Minstrel") == ["discard-source"]
    assert t.play("table", "box Famine-Moon") == ["discard-source"]  # never drawn
    assert t.state.discard == {"harvest-moon": 1}


def test_setup_moons() -> None:
    t = Table(market=("Harvest-Moon", "Astronomer", "Fireworks", "Tapestry", "Oracle", "Chapel"))
    assert t.play("table", "box Harvest-Moon") == ["setup-moons"]
    assert "harvest-moon" in t.state.box and not t.state.discard


def test_moons_removed_from_the_discard_pile() -> None:
    t = Table()
    t.play("Ann", "acquire Astronomer")
    assert t.play("table", "reveal Harvest-Moon") == []
    assert t.play("table", "box Harvest-Moon") == []  # the record of the rule
    assert t.play("table", "discard Harvest-Moon") == ["moons-removed"]
    assert t.state.discard == {"harvest-moon": 1} and "harvest-moon" not in t.state.box
    t.state.deck.clear()
    assert t.play("table", "reveal Harvest-Moon") == []  # reshuffled back in: the one mistake is already reported


def test_court_limit() -> None:
    t = Table()
    t.give("Ann", gold=20, court=SEVEN)
    assert t.play("Ann", "acquire Astronomer replacing Shepherd") == []
    assert len(t.state.sister("Ann").court) == 7 and t.state.discard["shepherd"] == 1
    t.play("table", "reveal Oracle")
    assert t.play("Ann", "acquire Fireworks") == ["court-limit"]


def test_court_replace() -> None:
    t = Table()
    t.give("Ann", court=["Minstrel"], guests=["Gossip"])
    assert t.play("Ann", "acquire Fireworks replacing Minstrel") == []
    t.play("table", "reveal Oracle")
    assert t.play("Ann", "acquire Astronomer replacing Gossip") == ["acquire-cost", "court-replace"]


def test_court_replace_when_full_variant() -> None:
    t = Table(options={"replace-when-full": "true"})
    t.give("Ann", court=["Minstrel"])
    assert t.play("Ann", "acquire Fireworks replacing Minstrel") == ["court-replace"]
    assert not any("replacing" in m for m in t.engine.decision().moves if m.startswith("acquire"))
    t.play("table", "reveal Oracle")
    t.give("Ann", gold=9, court=SEVEN)
    assert t.play("Ann", "acquire Astronomer replacing Shepherd") == []


# --- improvements --------------------------------------------------------------------------

def test_improvements_board_type() -> None:
    t = Table()
    assert t.play("Ann", "acquire Orchard on Ashby") == ["improvements-board-type"]
    t.play("table", "reveal Orchard")
    t.give("Ann", gold=9)
    assert t.play("Ann", "acquire Orchard on Elmfield") == ["improvements-board-type"]  # not laid out
    t.play("table", "reveal Orchard")
    assert t.play("Ann", "acquire Orchard") == ["improvements-board-type"]
    t.play("table", "reveal Market-Stalls")
    t.give("Ann", gold=1)
    assert t.play("Ann", "acquire Market-Stalls on Ashby") == ["acquire-cost"]


def test_improvements_no_lower() -> None:
    t = Table(market=("Great-Barn", "Orchard", "Irrigation", "Fireworks", "Tapestry"))
    t.give("Ann", gold=20)
    assert t.play("Ann", "acquire Orchard on Applegarth") == []
    t.play("table", "reveal Windmill")
    assert t.play("Ann", "acquire Irrigation on Applegarth") == []  # equal output may cover
    t.play("table", "reveal Vineyard")
    assert t.play("Ann", "acquire Great-Barn on Applegarth") == []
    t.play("table", "reveal Stables")
    assert t.play("Ann", "acquire Stables on Applegarth") == ["improvements-no-lower"]
    t.play("table", "reveal Herb-Garden")
    t.play("Ann", "harvest")
    assert t.state.sister("Ann").food == 5 + 2 + 3  # the top card counts: Stables 2 + three farms


# --- unwanted guests -----------------------------------------------------------------------

def test_guests_other_sister() -> None:
    t = Table(market=("Gossip", "Glutton", "Fireworks", "Tapestry", "Oracle"))
    assert t.play("Ann", "acquire Gossip to Ben") == []
    assert t.state.sister("Ben").guests == ["gossip"]
    t.play("table", "reveal Boorish-Baron")
    assert t.play("Ann", "acquire Glutton to Ann") == ["guests-other-sister"]
    t.play("table", "reveal Freeloader")
    assert t.play("Ann", "acquire Boorish-Baron to Zed") == ["acquire-cost", "guests-other-sister"]


def test_guests_expel() -> None:
    t = Table(market=("Minstrel", "Astronomer", "Fireworks", "Tapestry", "Oracle"))
    t.give("Ann", guests=["Gossip", "Glutton"])
    assert t.play("Ann", "acquire Minstrel expel Gossip") == []
    assert t.state.sister("Ann").guests == ["glutton"] and t.state.discard["gossip"] == 1
    t.play("table", "reveal Diplomat")
    t.give("Ann", gold=9)
    assert t.play("Ann", "acquire Astronomer expel Glutton") == ["guests-expel"]
    t.play("table", "reveal Chapel")
    assert t.play("Ann", "acquire Diplomat expel Gossip") == ["guests-expel"]


# --- banners -------------------------------------------------------------------------------

def test_banners_once() -> None:
    t = Table()
    t.give("Ann", court=["Astronomer", "Oracle", "Fireworks", "Tapestry"])
    assert t.play("Ann", "banner wisdom") == []
    assert t.play("Ann", "banner culture") == ["banners-once"]
    assert t.state.sister("Ann").banner == "wisdom"


def test_banners_available() -> None:
    t = Table()
    t.give("Ann", court=["Astronomer", "Oracle"])
    t.give("Ben", court=["Royal-Library", "Treasurer"])
    assert t.play("Ann", "banner wisdom") == []
    t.play("Ann", "end")
    assert t.play("Ben", "banner wisdom") == ["banners-available"]
    first = Table(options={"no-banners": "true"})
    first.give("Ann", court=["Astronomer", "Oracle"])
    assert first.play("Ann", "banner wisdom") == ["banners-available"]
    assert first.state.sister("Ann").banner == "" and first.engine.scores()["Ann"] == 4 + 2  # Oracle with the Astronomer: 2


def test_banners_requirement() -> None:
    t = Table()
    t.give("Ann", gold=1, court=["Royal-Guard", "Champion"])
    assert t.play("Ann", "banner might") == ["banners-requirement"]
    t.give("Ann", gold=2)
    t.state.sister("Ann").banner = ""
    t.state.banners_taken.clear()
    assert t.play("Ann", "banner might") == []
    assert t.state.sister("Ann").gold == 0


def test_banners_requirement_message() -> None:
    t = Table()
    t.give("Ann", court=["Astronomer"])
    found = t.engine.apply(Event(20, "Ann", "banner", "balance"))
    assert found[0].message == ("the Banner of Balance needs 1 MIGHT card, 1 CULTURE card, 1 WISDOM card, "
                                "1 BOUNTY card; Ann has 0 MIGHT, 0 CULTURE, 1 WISDOM, 0 BOUNTY, 5 gold, 5 food")


# --- game end ------------------------------------------------------------------------------

def test_end_round() -> None:
    t = Table()
    t.give("Ann", gold=20, court=SEVEN[:6])
    assert t.play("Ann", "acquire Astronomer") == []
    t.play("table", "reveal Oracle")
    assert t.play("Ann", "end") == []
    assert t.engine.is_over() is False  # the round is finished first
    assert t.play("Ben", "harvest") == [] and t.play("Ben", "end") == []
    assert t.state.phase == OVER and t.engine.decision() is None
    assert t.play("Ann", "harvest") == ["end-round"]
    assert t.play("table", "reveal Tapestry") == []  # playing on after the end is one slip, reported once
    assert t.play("table", "score Ann 0") == ["end-crowns"]  # records are still checked


def test_end_crowns() -> None:
    t = Table()
    t.give("Ann", court=["Astronomer", "Fireworks", "Ceremonial-Coat"], guests=["Gossip"])
    t.state.lands["applegarth"].stack = ["vineyard"]
    t.state.lands["ashby"].stack = ["chapel", "market-stalls"]  # only the top improvement counts
    # Astronomer 0 (Fireworks), Fireworks 3, Coat 2 x (2 CULTURE cards + Vineyard) = 6, Gossip -2
    assert t.play("table", "score Ann 7") == []
    assert t.play("table", "score Ann 9") == ["end-crowns"]
    found = t.engine.apply(Event(50, "table", "score", "Ann 9"))
    assert found[0].message == "Ann has 7 crowns (court 9, banner 0, guests -2), not 9"


def test_end_winner() -> None:
    t = Table()
    assert t.play("table", "winner Ann") == ["end-winner"]
    t.give("Ann", court=SEVEN)
    t.give("Ben", court=["Crown-Jewels"])
    t.play("Ann", "end")
    t.play("Ben", "end")
    assert t.engine.is_over()
    assert t.engine.scores() == {"Ann": 2 + 4 + 3 + 1 + 2 + 1 + 1, "Ben": 6}
    assert t.play("table", "winner Ann") == []
    assert t.play("table", "winner Ben") == ["end-winner"]


def test_end_winner_tiebreak_option() -> None:
    for options, legal, illegal in (({}, "Ann, Ben", "Ben"), ({"tiebreak": "stores"}, "Ben", "Ann, Ben")):
        t = Table(options=options)
        t.give("Ann", court=["Royal-Guard"])
        t.give("Ben", court=["Court-Painter"], gold=9)  # 2 crowns each; Ben keeps more stores
        t.state.phase = OVER
        assert t.play("table", f"winner {legal}") == []
        assert t.play("table", f"winner {illegal}") == ["end-winner"]


def test_table_resources() -> None:
    t = Table()
    t.play("Ann", "harvest")
    assert t.play("table", "stock Ann food 9 gold 5") == []
    assert t.play("table", "stock Ann food 8") == ["table-resources"]
    found = t.engine.apply(Event(40, "table", "stock", "Ben gold 4"))
    assert found[0].message == "Ben has 5 gold, not 4"


def test_hidden_information_is_undetermined() -> None:
    t = Table()
    t.play("Ann", "acquire Astronomer")
    assert t.play("table", "reveal ?") == []
    found = t.engine.apply(Event(30, "Ann", "acquire", "Oracle"))
    assert [(v.rule, v.status) for v in found] == [
        ("who-will-reign/acquire-in-market", Status.UNDETERMINED), ("who-will-reign/acquire-cost", Status.VIOLATION)]
    found = t.engine.apply(Event(31, "table", "stock", "Ann gold ?"))
    assert [v.status for v in found] == [Status.UNDETERMINED]


def test_an_unnamed_acquisition_is_undetermined_and_waits_for_its_refill() -> None:
    t = Table()
    found = t.engine.apply(Event(30, "Ann", "acquire", "?"))
    assert [(v.rule, v.status) for v in found] == [("who-will-reign/acquire-in-market", Status.UNDETERMINED)]
    assert t.state.pending_draws == 1 and (t.state.sister("Ann").gold, len(t.state.market)) == (5, 5)
    assert t.play("table", "reveal Oracle") == []


def test_summary_and_round_label() -> None:
    t = Table()
    t.play("Ann", "harvest")
    assert t.engine.round_label() == "Round 1"
    assert t.engine.summary() == "Round 1, Ann to play. Ann 9 food 5 gold 0 court; Ben 5 food 5 gold 0 court"


@pytest.mark.parametrize("players", [("Ann",), ("A", "B", "C", "D", "E")])
def test_player_count_message(players: tuple[str, ...]) -> None:
    with pytest.raises(Exception) as info:
        ENGINE(Setup(players))
    assert str(info.value) == f"Who Will Reign? is played by 2 to 4 sisters (got {len(players)})"
