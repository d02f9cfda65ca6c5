"""Who Will Reign?: the vocabulary for what really happened, one finding per slip, and the defaults of the rulings."""

from __future__ import annotations

from test_who_will_reign_rules import Table

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.who_will_reign import ENGINE


# --- amounts paid and taken -------------------------------------------------------------------

def test_acquire_paying_the_cost_is_the_plain_acquisition() -> None:
    t = Table()
    assert t.play("Ann", "acquire Pure-White-Stag paying 2 gold 3 food") == []
    assert (t.state.sister("Ann").gold, t.state.sister("Ann").food) == (3, 2)


def test_acquire_paying_a_wrong_amount_is_reported_and_applied_as_written() -> None:
    t = Table()
    assert t.play("Ann", "acquire Astronomer paying 2 gold") == ["acquire-cost"]
    assert t.state.sister("Ann").gold == 3  # she paid 2, as written
    t.play("table", "reveal Oracle")
    assert t.play("Ann", "acquire Pure-White-Stag paying 2 gold") == ["acquire-cost"]  # the food was not paid
    assert t.play("table", "stock Ann food 5 gold 1") == []  # what really happened, so no follow-on


def test_acquire_paying_message() -> None:
    t = Table()
    found = t.engine.apply(t.event("Ann", "acquire Astronomer paying 3 gold 1 food"))
    assert [v.message for v in found] == ["Astronomer costs Ann 4 gold; she paid 3 gold and 1 food"]


def test_sweep_paying() -> None:
    t = Table()
    assert t.play("Ann", "sweep paying 3 gold") == []
    for card in ("Oracle", "Minstrel", "Tapestry", "Chapel", "Glutton"):
        t.play("table", f"reveal {card}")
    assert t.play("Ann", "sweep paying 1 gold") == ["sweep-cost"]
    assert t.state.sister("Ann").gold == 1


def test_banner_paying() -> None:
    t = Table()
    t.give("Ann", court=["Knight-Commander", "War-Horse"])
    assert t.play("Ann", "banner might paying 1 gold") == ["banners-requirement"]
    assert t.state.sister("Ann").gold == 4 and t.state.sister("Ann").banner == "might"
    t.play("Ann", "end")
    t.give("Ben", court=["Knight-Commander", "War-Horse", "Royal-Tutor", "Oracle"])
    assert t.play("Ben", "banner wisdom paying 0 gold") == []


def test_harvest_and_tax_taking_the_right_amounts() -> None:
    t = Table()
    assert t.play("Ann", "harvest taking 4 food") == []
    t.play("Ann", "end")
    assert t.play("Ben", "tax paying 5 food taking 5 gold") == []
    assert t.play("table", "stock Ben food 0 gold 10") == []


def test_harvest_taking_gold_is_a_wrong_harvest() -> None:
    t = Table()
    assert t.play("Ann", "harvest taking 4 food 1 gold") == ["harvest-farms"]


# --- sources and the discard pile ------------------------------------------------------------

def test_acquire_from_the_market_is_the_plain_acquisition() -> None:
    t = Table()
    assert t.play("Ann", "acquire Astronomer from market") == []
    assert t.state.pending_draws == 1


def test_acquire_from_the_discard_pile_or_the_deck() -> None:
    t = Table()
    t.play("Ann", "sweep")
    for card in ("Oracle", "Minstrel", "Tapestry", "Chapel", "Glutton"):
        t.play("table", f"reveal {card}")
    t.give("Ann", gold=9)
    assert t.play("Ann", "acquire Astronomer from discard") == ["acquire-in-market"]
    assert "astronomer" not in t.state.discard and t.state.pending_draws == 0
    assert t.play("Ann", "acquire Court-Jester from deck") == ["acquire-in-market"]
    assert t.state.deck["court-jester"] == 0 and t.state.sister("Ann").court == ["astronomer", "court-jester"]


def test_a_card_drawn_from_the_discard_pile_leaves_it() -> None:
    t = Table()
    t.play("Ann", "sweep")
    for card in ("Oracle", "Minstrel", "Tapestry", "Chapel", "Glutton"):
        t.play("table", f"reveal {card}")
    t.play("Ann", "acquire Oracle")
    assert t.play("table", "reveal Market-Stalls") == []
    t.play("Ann", "acquire Minstrel")
    assert t.play("table", "reveal Astronomer") == ["market-deck-contents"]  # it was swept
    assert "astronomer" not in t.state.discard and "astronomer" in t.state.market


def test_a_court_card_discarded_by_hand() -> None:
    t = Table()
    t.give("Ann", court=["Minstrel"])
    assert t.play("Ann", "discard Minstrel") == ["court-replace"]
    assert t.state.sister("Ann").court == [] and t.state.discard["minstrel"] == 1


def test_a_guest_discarded_by_hand() -> None:
    t = Table()
    t.give("Ann", guests=["Gossip"])
    t.give("Ben", guests=["Glutton"])
    assert t.play("Ben", "discard Glutton") == ["guests-expel"]  # out of turn too: the discard is the slip
    assert t.play("Ann", "discard Gossip") == ["guests-expel"]
    assert t.state.sister("Ann").guests == [] and t.play("table", "discards Gossip Glutton") == []


# --- one mistake, one finding ----------------------------------------------------------------

def test_a_moon_drawn_into_a_full_row_is_reported_and_resolved() -> None:
    t = Table()
    assert t.play("table", "reveal Harvest-Moon") == ["market-refill"]
    assert [s.food for s in t.state.sisters] == [7, 7] and "harvest-moon" in t.state.box


def test_a_refill_drawn_before_the_acquisition_is_one_finding() -> None:
    t = Table()
    assert t.play("table", "reveal Oracle") == ["market-refill"]  # wrong order: drawn before the spot emptied
    assert t.play("Ann", "acquire Astronomer") == []
    assert t.state.pending_draws == 0 and t.play("Ann", "end") == []


def test_a_run_of_moves_out_of_turn_is_one_finding() -> None:
    t = Table()
    assert t.play("Ben", "harvest") == ["play-turn-order"]
    assert t.play("Ben", "acquire Astronomer") == []  # the same slip goes on
    assert t.play("table", "reveal Oracle") == []
    assert t.play("Ann", "harvest") == []  # the active sister plays again
    assert t.play("Ben", "tax") == ["play-turn-order"]  # a new slip


def test_play_without_setup_is_one_finding() -> None:
    engine = ENGINE(Setup(("Ann", "Ben")))
    found = engine.apply(Event(1, "Ann", "harvest"))
    assert [v.rule for v in found] == ["who-will-reign/setup-land-boards"]
    assert engine.apply(Event(2, "Ann", "end")) == []


def test_an_out_of_turn_end_ends_the_turn_in_progress() -> None:
    t = Table()
    assert t.play("Ben", "end") == ["play-turn-order"]
    assert t.play("Ben", "harvest") == []  # play goes on from the next sister without a second finding


def test_an_improvement_sent_to_a_sister_is_one_finding() -> None:
    t = Table()
    assert t.play("Ann", "acquire Orchard to Ben") == ["acquire-placement"]
    assert t.play("table", "reveal Oracle") == [] and t.play("Ann", "end") == []


def test_a_resolved_moon_discarded_by_hand_returns_without_a_second_finding() -> None:
    t = Table()
    t.play("Ann", "acquire Astronomer")
    t.play("table", "reveal Harvest-Moon")
    assert t.play("table", "discard Harvest-Moon") == ["moons-removed"]
    t.play("table", "reveal Oracle")
    t.state.deck.clear()
    t.play("Ann", "acquire Oracle")
    assert t.play("table", "reveal Harvest-Moon") == []


# --- the defaults of the rulings (the rulebook's plain words) --------------------------------

def test_default_replacing_is_allowed_at_any_acquisition() -> None:
    t = Table()  # "she may, if she truly wishes, replace one of her existing Court Cards"
    t.give("Ann", court=["Minstrel"])
    assert t.play("Ann", "acquire Fireworks replacing Minstrel") == []
    narrow = Table(options={"replace-when-full": ""})
    narrow.give("Ann", court=["Minstrel"])
    assert narrow.play("Ann", "acquire Fireworks replacing Minstrel") == ["court-replace"]


def test_default_a_tribute_is_paid_once_by_each_sister_in_any_order() -> None:
    t = Table()
    t.play("Ann", "acquire Fireworks")
    t.play("table", "reveal War-Moon")
    assert t.play("Ben", "pay 1 gold") == []  # any order
    assert t.play("Ben", "pay 1 gold") == ["moons-tribute"]  # her contribution is one amount


def test_boxing_a_tribute_moon_leaves_its_tribute_open() -> None:
    t = Table()
    t.play("Ann", "acquire Fireworks")
    t.play("table", "reveal War-Moon")
    assert t.play("table", "box War-Moon") == []
    assert t.play("Ann", "pay 2 gold") == [] and t.state.tribute is not None
