"""Battle for Seven Cities flow: timeshift, reactions, hidden draws, round cap, options and errors."""

from __future__ import annotations

import pytest

from playproof.errors import PlayproofError
from playproof.playtest.engine import TABLE, Setup, Status
from playproof.playtest.games.battle_for_seven_cities import ENGINE
from playproof.playtest.games.battle_for_seven_cities.state import Phase
from test_battle_for_seven_cities_rules import (PLAYERS, ROUND_END, TILES, both, cities, engine_after, events,
                                               opening, run, shields)


def after(scenario: str, *, hands: dict[str, str] | None = None, prep=None, **options: str):
    """Return the engine after the opening, a preparation and a scenario (which must be clean)."""
    engine = engine_after(opening(hands), first="Ann", **options)
    if prep is not None:
        prep(engine)
    for event in events(scenario, 100):
        assert engine.apply(event) == [], event
    return engine


def test_timeshift_copies_past_cities_over_unprotected_future_ones() -> None:
    engine = after(ROUND_END, prep=cities(pA1="Ann", fA1="Ben", pB2="Cat"))
    assert engine.s.board.owner("fA1") == "Ann" and engine.s.board.owner("fB2") == "Cat"
    assert engine.s.supply["Ben"] == 14  # the replaced city's token went home


def test_timeshift_spares_protected_future_cities() -> None:
    engine = after(ROUND_END, prep=both(cities(pA1="Ann", fA1="Ben"), shields(fA1="Ben")))
    assert engine.s.board.owner("fA1") == "Ben"


def test_an_empty_past_tile_removes_no_future_city() -> None:
    engine = after(ROUND_END, prep=cities(fA1="Ben"))
    assert engine.s.board.owner("fA1") == "Ben"


def test_timeshift_keeps_an_owners_own_metropolis() -> None:
    def prep(engine) -> None:
        cities(pA1="Ann")(engine)
        engine.s.board.cities["fA1"] = ("Ann", 2)
    engine = after(ROUND_END, prep=prep)
    assert engine.s.board.cities["fA1"] == ("Ann", 2)


def test_timeshift_copies_a_past_city_even_when_its_owner_has_no_token_left() -> None:
    engine = after(ROUND_END, prep=both(cities(pA1="Ann", fA1="Ben"), lambda e: e.s.supply.update(Ann=0)))
    assert engine.s.board.owner("fA1") == "Ann" and engine.s.supply["Ann"] == -1  # a stand-in token
    engine.start_turn(engine.s.order.index("Ann"))
    engine.s.points, engine.s.positions["Ann"] = 6, "fA3"
    assert engine.apply(events("Ann: recycle pA1", 200)[0]) == []
    found = engine.apply(events("Ann: build", 201)[0])
    assert [v.rule.split("/")[1] for v in found] == ["build-city-supply"]  # the freed token paid back the stand-in


def test_shortage_skip_variant_leaves_a_past_city_uncopied_when_its_owner_has_no_token() -> None:
    engine = after(ROUND_END, prep=both(cities(pA1="Ann", fA1="Ben"), lambda e: e.s.supply.update(Ann=0)),
                   shortage="skip")
    assert engine.s.board.owner("fA1") == "Ben"


def test_defend_city_cancels_the_attack_and_sends_its_card_to_blue() -> None:
    engine = after("Ann: play BURN\nBen: play DEFEND",
                   hands={"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2"}, prep=cities(fA1="Ben"))
    assert engine.s.board.owner("fA1") == "Ben"
    assert engine.s.blue.cards["BURN"] == 1 and engine.s.red.cards["DEFEND"] == 1


def test_an_undefended_burn_takes_effect_when_play_moves_on() -> None:
    engine = after("Ann: play BURN\nAnn: points AP3",
                   hands={"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2"}, prep=cities(fA1="Ben"))
    assert engine.s.board.owner("fA1") is None and engine.s.red.cards["BURN"] == 1


def test_a_takeover_in_the_past_opens_sands_of_time_for_the_future_owner() -> None:
    engine = after("Ann: points AP4\nAnn: travel\nAnn: play TAKEOVER pA2\nCat: play SANDS",
                   hands={"Ann": "TAKEOVER AP4 AP2", "Cat": "SANDS AP3 AP3"},
                   prep=cities(pA1="Ann", pA2="Ben", fA2="Cat"))
    assert engine.s.board.owner("pA2") is None


def test_sands_of_time_cannot_touch_a_shielded_city() -> None:
    found = run("Ann: points AP4\nAnn: points AP3\nAnn: travel\nAnn: build\nBen: play SANDS",
                hands={"Ben": "SANDS AP2 AP2"}, prep=both(cities(fA1="Ben"), shields(pA1="Cat")))
    assert found == ["cards-sands"]


def test_metropolis_is_a_reaction_played_out_of_turn() -> None:
    engine = after("Ben: play METROPOLIS fA4", hands={"Ben": "METROPOLIS AP2 AP2"},
                   prep=cities(fA4="Ben", fA2="Ann", fA3="Cat", fB1="Ann"))
    assert engine.s.board.cities["fA4"] == ("Ben", 2) and engine.s.supply["Ben"] == 12


def test_taking_over_a_metropolis_removes_both_tokens() -> None:
    def prep(engine) -> None:
        cities(fA1="Ann")(engine)
        engine.s.board.cities["fA2"] = ("Ben", 2)
        engine.s.supply["Ben"] -= 2
    engine = after("Ann: play TAKEOVER fA2", hands={"Ann": "TAKEOVER AP3 AP2"}, prep=prep)
    assert engine.s.board.cities["fA2"] == ("Ann", 1) and engine.s.supply["Ben"] == 14


def test_extra_cards_may_be_declined() -> None:
    assert run("Ann: points AP4\nAnn: build\nAnn: end\nBen: points AP2") == []


def test_extra_cards_come_only_from_future_land_built_directly() -> None:
    found = run("Ann: points AP4\nAnn: points AP3\nAnn: travel\nAnn: build\nAnn: end\ntable: draw Ann AP2")
    assert found == ["turn-extra-cards"]


def test_remote_construction_on_future_land_earns_an_extra_card() -> None:
    assert run("Ann: play REMOTE fA3\nAnn: end\ntable: draw Ann AP2\nAnn: discard AP2",
               hands={"Ann": "REMOTE AP3 AP2"}) == []


def test_hidden_draws_leave_card_checks_undetermined() -> None:
    engine = ENGINE(Setup(PLAYERS, options={"first": "Ann"}))
    text = TILES + "\nAnn: start fA1\nBen: start fA2\nCat: start fB2\n" + "\n".join(
        f"table: draw {p} ?" for p in PLAYERS for _ in range(3))
    for event in events(text):
        assert engine.apply(event) == []
    found = engine.apply(events("Ann: points AP4", 30)[0])
    assert [(v.rule.split("/")[1], v.status) for v in found] == [("turn-card-in-hand", Status.UNDETERMINED)]
    assert engine.s.points == 4


def test_round_draws_left_out_of_the_log_count_as_hidden_cards() -> None:
    engine = engine_after(TILES + "\nAnn: start fA1\nBen: start fA2\nCat: start fB2", first="Ann")
    engine.apply(events("Ann: end", 20)[0])
    assert engine.s.hands["Ann"].unknown == 3 and engine.s.deck.size == 45 - 9  # 37 cards badged 2+, 8 badged 3+


def test_an_empty_draw_pile_is_refilled_from_the_blue_pile() -> None:
    engine = after("Ann: points AP4\nAnn: build\nAnn: end")
    engine.s.deck.cards.clear()
    engine.s.deck.size = 0
    assert engine.apply(events("table: draw Ann AP4", 200)[0]) == []
    assert engine.s.blue.size == 0 and engine.s.hands["Ann"].known["AP4"] == 1


def test_the_round_cap_ends_the_game() -> None:
    engine = after(ROUND_END, rounds="1")
    assert engine.is_over() and engine.decision() is None
    found = engine.apply(events("Cat: points AP3", 200)[0])
    assert [v.rule for v in found] == ["battle-for-seven-cities/win-end-of-round"]
    assert [v.message for v in found] == ["the game ended at the end of round 1"]


def test_the_next_round_is_drawn_and_led_by_the_new_card_holder() -> None:
    engine = after(ROUND_END)
    assert engine.s.first == "Cat" and engine.s.order == ["Cat", "Ann", "Ben"]
    assert engine.decision().moves[0].startswith("draw Cat ")


def test_clock_upcoming_variant_picks_the_next_time_after_the_start() -> None:
    text = TILES + "\ntable: clock Ann 2:00\ntable: clock Ben 4:00\ntable: clock Cat 6:00\ntable: first Cat"
    assert run(text, raw=True, start="17:40", clock="upcoming") == []
    assert run(text, raw=True, start="17:40") == ["order-first-player"]


def test_clock_before_wraps_round_the_dial() -> None:
    text = TILES + "\ntable: clock Ann 2:00\ntable: clock Ben 4:00\ntable: clock Cat 6:00\ntable: first Cat"
    assert run(text, raw=True, start="1:15") == []  # 6:00 is nearest going back from 1:15


def test_expedition_lays_the_next_future_group_beside_its_past_twin() -> None:
    engine = after("Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4\nAnn: place 2 w city pD1",
                   hands={"Ann": "EXPEDITION AP3 AP2"})
    board = engine.s.board
    assert board.groups["D"] == ("P4", 4)
    assert board.terrain["pD1"] == "soil" and board.terrain["fD1"] == "forest"
    assert board.adjacent("fD2", "fA1") and board.owner("pD1") == "Ann"


def test_expedition_must_not_overlap_laid_tiles() -> None:
    found = run("Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4\nAnn: place 1 w",
                hands={"Ann": "EXPEDITION AP3 AP2"})
    assert found == ["cards-expedition"]


def test_connected_token_variant_accepts_a_bent_row() -> None:
    text = "Ann: play RAIL fA1 fA2 fB1"
    assert run(text, hands={"Ann": "RAIL AP3 AP2"}, tokens="connected") == []


def test_a_railway_is_moved_with_from() -> None:
    engine = after("Ann: play RAIL fA1 fA2 fA3\nAnn: play RAIL fB1 fB2 fB3 from fA2",
                   hands={"Ann": "RAIL RAIL AP2"})
    assert engine.s.board.rails == [("fB1", "fB2", "fB3")]


def test_the_wall_cannot_be_placed_twice_without_moving_it() -> None:
    found = run("Ann: play WALL fB1 fB2 fB3", hands={"Ann": "WALL AP3 AP2"},
                prep=lambda e: e.s.board.set_tokens("wall", [("fA1", "fA2", "fA3")]))
    assert found == ["cards-wall"]


def test_recycling_is_refused_while_tokens_remain() -> None:
    assert run("Ann: recycle fC3", prep=cities(fC3="Ann")) == ["build-city-supply"]


def test_the_most_cities_count_past_cities_too_by_default() -> None:
    engine = after("", prep=cities(pA1="Ann", fA1="Ann"))
    assert engine.scores()["Ann"] == 2
    assert engine.score_breakdown()["Ann"] == {"future land": 1, "future water": 0, "past": 1, "total": 2}


def test_win_count_future_variant_counts_only_future_cities() -> None:
    engine = after("", prep=cities(pA1="Ann", fA1="Ann", fA2="Ann"), **{"win-count": "future"})
    assert engine.scores()["Ann"] == 2
    assert engine.score_breakdown()["Ann"] == {"future land": 1, "future water": 1, "total": 2}


def test_a_full_tie_shares_the_win() -> None:
    engine = after(ROUND_END, prep=cities(fA1="Ann", fA3="Ann", fA4="Ann", fB1="Ann", fB2="Ann", fB4="Ann",
                                          fC2="Ann", fA2="Ben", fB3="Ben", fC1="Ben", fC3="Ben", fC4="Ben"),
                   rounds="1")
    assert engine.s.winners == ("Ann",)
    assert run(ROUND_END + "\ntable: winner Ann, Ben, Cat", rounds="1", prep=lambda e: None) == []


def test_decisions_cover_setup_and_reaction_windows() -> None:
    engine = ENGINE(Setup(PLAYERS))
    first = engine.decision()
    assert first.actor == TABLE and len(first.moves) == 11 and first.moves[0] == "tile P1"
    engine = after("Ann: play BURN", hands={"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2"}, prep=cities(fA1="Ben"))
    assert engine.decision().actor == "Ben" and engine.decision().moves == ("play DEFEND", "pass")


def test_unknown_players_and_actors_are_reported() -> None:
    engine = after("")
    found = engine.apply(events("Zed: points AP4", 200)[0])
    assert [v.message for v in found] == ['"Zed" is not a player of this game']


@pytest.mark.parametrize("setup, message", [
    (Setup(("Ann",)), "Battle for Seven Cities needs 2 to 6 different players, got 1"),
    (Setup(PLAYERS, {"rounds": "x"}), 'option rounds="x" must be a whole number of at least 1'),
    (Setup(PLAYERS, {"first": "Zed"}), 'Setup first="Zed" is not one of the players (Ann, Ben, Cat)'),
    (Setup(PLAYERS, {"start": "25:00"}), 'Setup start="25:00" must be a time like 19:40'),
    (Setup(PLAYERS, {"clock": "after"}), 'option clock="after" must be one of: before, upcoming'),
    (Setup(PLAYERS, {"tokens": "row"}), 'option tokens="row" must be one of: corner, connected'),
    (Setup(PLAYERS, {"win-count": "past"}), 'option win-count="past" must be one of: all, future'),
    (Setup(PLAYERS, {"layout": "0,0 1,0 5,5"}), 'Setup layout="0,0 1,0 5,5" must give 3 anchors q,r of '
     'tile-groups that touch without overlapping, like layout=0,0 2,0 1,2'),
])
def test_bad_setups_are_refused_with_a_clear_message(setup: Setup, message: str) -> None:
    with pytest.raises(PlayproofError) as exc:
        ENGINE(setup)
    assert str(exc.value) == message


def test_every_verb_option_and_card_code_is_documented() -> None:
    from pathlib import Path

    from playproof.playtest.games.battle_for_seven_cities.data import SPECIALS
    from playproof.playtest.games.battle_for_seven_cities.engine import HANDLERS, BattleEngine

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rulings" / "battle-for-seven-cities.md").read_text()
    assert [v for v in HANDLERS if f": {v}" not in doc] == []
    assert [o for o in BattleEngine.options if f"`{o}" not in doc] == []
    assert [c for c in (*SPECIALS, "AP4", "AP3", "AP2") if f"`{c}`" not in doc] == []


def test_decisions_with_face_down_cards_offer_question_marks() -> None:
    engine = ENGINE(Setup(PLAYERS, options={"first": "Ann"}))
    text = TILES + "\nAnn: start fA1\nBen: start fA2\nCat: start fB2\n" + "\n".join(
        f"table: draw {p} ?" for p in PLAYERS for _ in range(3))
    for event in events(text):
        engine.apply(event)
    assert engine.apply(events("Ann: end", 40)[0]) == []
    assert engine.decision().moves == ("discard ?",)
    engine.s.deck.cards.clear()  # nothing known is left in the draw pile
    engine.s.phase, engine.s.draws_due = Phase.DRAW, ["Ben"]
    assert engine.decision().moves == ("draw Ben ?",)


def test_a_custom_starting_layout_is_followed() -> None:
    engine = engine_after(TILES, first="Ann", layout="0,0 2,0 4,0")  # three groups in a row
    board = engine.s.board
    assert board.adjacent("fB2", "fC1") and not board.adjacent("fA4", "fC1")


def test_any_opponent_of_the_attacker_may_defend_by_default() -> None:
    scenario = "Ann: play BURN\nCat: play DEFEND"
    hands = {"Ann": "BURN AP3 AP2", "Cat": "DEFEND AP3 AP3"}
    assert run(scenario, hands=hands, prep=cities(fA1="Ben")) == []
    assert run(scenario, hands=hands, prep=cities(fA1="Ben"), defend="owner") == ["cards-defend"]
    engine = after("Ann: play BURN", hands=hands, prep=cities(fA1="Ben"))
    assert engine.decision().actor == "Cat"


def test_a_logged_reshuffle_needs_an_empty_draw_pile() -> None:
    assert run("Ann: points AP4\ntable: reshuffle") == ["round-draw-pile"]
    engine = after("Ann: points AP4")
    engine.s.deck.cards.clear()
    engine.s.deck.size = 0
    assert engine.apply(events("table: reshuffle", 300)[0]) == []
    assert engine.s.deck.cards == {"AP4": 1} and engine.s.blue.size == 0


def test_before_a_turn_players_holding_metropolis_are_offered_it() -> None:
    engine = after("Ann: end\nAnn: discard AP2", hands={"Cat": "METROPOLIS AP3 AP3"},
                   prep=cities(fB2="Cat", fB1="Ann", fB3="Ben", fB4="Ann"))
    decision = engine.decision()
    assert decision.actor == "Cat" and decision.moves == ("play METROPOLIS fB2", "pass")
    assert engine.apply(events("Cat: pass", 300)[0]) == [] and engine.decision().actor == "Ben"
    engine = after("Ann: end\nAnn: discard AP2\nBen: points AP2", hands={"Cat": "METROPOLIS AP3 AP3"},
                   prep=cities(fB2="Cat", fB1="Ann", fB3="Ben", fB4="Ann"))
    assert engine.s.offers == []  # Ben's move shows Cat let the moment pass


# A reaction may be played at any point of gameplay: it interrupts neither a closing turn nor the round draws.
AROUND_FA4 = cities(fA4="Cat", fA2="Ben", fA3="Ann", fB1="Ben")
CAT_METROPOLIS = {"Cat": "METROPOLIS AP3 AP2"}


def test_a_reaction_while_a_turn_closes_leaves_the_closing_player_to_discard() -> None:
    legal = "Ann: points AP4\nAnn: build\nAnn: end\nCat: play METROPOLIS fA4\ntable: draw Ann AP2\nAnn: discard AP2"
    assert run(legal, hands=CAT_METROPOLIS, prep=AROUND_FA4) == []
    assert run(legal + "\nAnn: discard AP3", hands=CAT_METROPOLIS, prep=AROUND_FA4) == ["turn-hand-limit"]
    assert run("Ann: end\nCat: play METROPOLIS fA4\nBen: points AP2", hands=CAT_METROPOLIS,
               prep=AROUND_FA4) == ["turn-hand-limit"]  # Ann never discarded down to 2


def test_a_reaction_during_the_round_draws_leaves_the_draws_to_come() -> None:
    draws = ("table: draw Cat AP2\nCat: play METROPOLIS fA4\ntable: draw Cat AP3\ntable: draw Cat AP3\n"
             "table: draw Ann AP3")
    assert run(ROUND_END + "\n" + draws, hands=CAT_METROPOLIS, prep=AROUND_FA4) == []
    assert run(ROUND_END + "\n" + draws + "\ntable: draw Cat AP3", hands=CAT_METROPOLIS,
               prep=AROUND_FA4) == ["round-draw-three"]


def test_a_reaction_in_the_middle_of_an_expedition_lets_it_go_on() -> None:
    hands = {"Ann": "EXPEDITION AP3 AP2", **CAT_METROPOLIS}
    trip = "Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4\n{}\nAnn: place 2 w city pD1"
    assert run(trip.format("Cat: play METROPOLIS fA4"), hands=hands, prep=AROUND_FA4) == []
    assert run(trip.format("Ann: points AP3"), hands=hands, prep=AROUND_FA4) == ["cards-expedition"]


def test_a_city_record_while_a_turn_closes_mid_round_leaves_the_discards_to_come() -> None:
    assert run("Ann: end\ntable: city fA1 none\nAnn: discard AP2") == []
    last = "Ann: end\nAnn: discard AP2\nBen: end\nBen: discard AP2\nCat: end\ntable: city fA1 {}\nCat: discard AP3"
    # Cat must still discard: the record comes before the timeshift, and the discard after it is no slip
    assert run(last.format("none"), prep=cities(pA1="Ann")) == []
    assert run(last.format("Ann"), prep=cities(pA1="Ann")) == ["timeshift-copy-forward"]
    # once the closing player is within the limit, a record after the round's last turn is the timeshift's
    done = "Ann: end\nAnn: discard AP2\nBen: end\nBen: discard AP2\nCat: end\nCat: discard AP3\ntable: city fA1 Ann"
    assert run(done, prep=cities(pA1="Ann")) == []
