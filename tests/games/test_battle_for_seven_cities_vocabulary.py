"""Battle for Seven Cities log vocabulary for what really happened: reshuffles, records and discard piles."""

from __future__ import annotations

from collections import Counter

from playproof.playtest.games.battle_for_seven_cities import BattleEngine
from playproof.playtest.games.battle_for_seven_cities.board import DIRECTIONS
from playproof.playtest.games.battle_for_seven_cities.state import Pile
from test_battle_for_seven_cities_rules import ROUND_END, cities, run


def low_deck(engine: BattleEngine) -> None:
    """Leave one AP2 in the draw pile and five AP3 in the blue pile."""
    engine.s.deck, engine.s.blue = Pile(Counter(AP2=1), 1), Pile(Counter(AP3=5), 5)


DRAWS = "table: draw Cat AP2\n{}\ntable: draw Cat AP3\ntable: draw Cat AP3\ntable: draw Ann AP3"


def test_a_reshuffle_when_the_draw_pile_runs_out_during_the_round_draws_is_accepted() -> None:
    assert run(ROUND_END + "\n" + DRAWS.format("table: reshuffle"), prep=low_deck) == []


def test_a_reshuffle_while_the_draw_pile_holds_cards_is_flagged() -> None:
    log = ROUND_END + "\ntable: reshuffle\n" + DRAWS.format("table: hand Cat 3")
    assert run(log, prep=low_deck) == ["round-draw-pile"]


def test_asking_whether_a_card_can_be_drawn_does_not_reshuffle() -> None:
    from test_battle_for_seven_cities_rules import engine_after, opening
    engine = engine_after(opening(), first="Ann")
    low_deck(engine)
    engine.s.deck = Pile()
    assert engine.s.can_draw() and engine.decision() is not None
    assert (engine.s.deck.size, engine.s.blue.size) == (0, 5)


def test_a_city_record_may_give_the_token_count_of_a_metropolis() -> None:
    metropolis = cities(fA4="Ann", fA2="Ben", fA3="Cat", fB1="Ben")
    log = "Ann: play METROPOLIS fA4\ntable: city fA4 Ann {}"
    assert run(log.format(2), hands={"Ann": "METROPOLIS AP3 AP2"}, prep=metropolis) == []
    assert run(log.format(1), hands={"Ann": "METROPOLIS AP3 AP2"}, prep=metropolis) == ["cards-metropolis"]
    assert run("table: city fA4 Ann", prep=metropolis) == []  # without a count only the owner is checked


def test_a_hand_size_record_is_checked_in_either_spelling() -> None:
    assert run("table: hand Ann 3\nAnn: points AP4\nAnn: hand 2\ntable: hand Ben 3") == []
    assert run("Ann: points AP4\nAnn: hand 3") == ["round-hand-size"]
    assert run("table: hand Ann three") == ["log-known-verb"]


def test_a_used_reaction_card_may_go_to_either_discard_pile() -> None:
    burn = "Ann: play BURN\nBen: play DEFEND to {}\nAnn: points AP3"
    for pile in ("blue", "red"):
        engine_found = run(burn.format(pile), hands={"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2"},
                           prep=cities(fA1="Ben"))
        assert engine_found == []
    assert run(burn.format("green"), hands={"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2"},
               prep=cities(fA1="Ben")) == ["log-known-verb"]


def test_special_actions_go_to_red_and_points_and_discards_to_blue() -> None:
    assert run("Ann: play BURN to blue", hands={"Ann": "BURN AP3 AP2"}, prep=cities(fA1="Ben")) == [
        "cards-discard-pile"]
    assert run("Ann: end\nAnn: discard AP2 to red") == ["cards-discard-pile"]
    assert run("Ann: end\nAnn: discard AP2 to blue") == []


def test_the_card_goes_to_the_pile_the_log_names() -> None:
    from test_battle_for_seven_cities_rules import engine_after, events, opening
    engine = engine_after(opening({"Ben": "DEFEND AP2 AP2"}), first="Ann")
    engine.s.hands["Ann"].known.update(BURN=1)
    cities(fA1="Ben")(engine)
    for event in events("Ann: play BURN\nBen: play DEFEND to blue\nAnn: points AP3 to red", 100):
        engine.apply(event)
    assert engine.s.blue.cards["DEFEND"] == 1 and engine.s.blue.cards["BURN"] == 1  # the cancelled attack: blue
    assert engine.s.red.cards["AP3"] == 1 and "DEFEND" not in engine.s.red.cards


def test_table_records_are_written_by_the_table_and_a_pass_needs_a_question() -> None:
    assert run("Ann: city fA1 none") == ["log-known-verb"]
    assert run("Ann: reshuffle") == ["log-known-verb"]
    assert run("Ben: pass") == ["turn-active-player"]


def test_the_connected_token_variant_offers_bent_rows_too() -> None:
    from test_battle_for_seven_cities_rules import engine_after, opening
    engine = engine_after(opening({"Ann": "RAIL AP3 AP2"}), first="Ann", tokens="connected")
    assert "play RAIL fA1 fA2 fB1" in engine.decision().moves  # found by the consistency harness
    assert "play RAIL fA1 fA2 fB1" not in engine_after(opening({"Ann": "RAIL AP3 AP2"}), first="Ann").decision().moves


def test_every_spelling_of_an_expedition_placement_is_offered() -> None:
    from test_battle_for_seven_cities_rules import engine_after, events, opening
    engine = engine_after(opening({"Ann": "EXPEDITION AP3 AP2"}), first="Ann")
    for event in events("Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4", 100):
        assert engine.apply(event) == []
    moves = [m.split()[1:] for m in engine.decision().moves if "city" not in m]
    q, r = engine.s.board.coordinate("pA1")
    anchors = {(q + DIRECTIONS[d][0] - engine.data.cells[int(c) - 1][0],
                r + DIRECTIONS[d][1] - engine.data.cells[int(c) - 1][1]) for c, d in moves}
    assert ["2", "w"] in moves and len(moves) > len(anchors)  # found by the consistency harness


def test_a_card_acting_on_the_tokens_tile_may_name_it_and_a_wrong_tile_is_flagged() -> None:
    burn = {"hands": {"Ann": "BURN AP3 AP2"}, "prep": cities(fA1="Ben", fA3="Ben")}
    assert run("Ann: play BURN fA1", **burn) == []
    assert run("Ann: play BURN fA3", **burn) == ["cards-burn"]  # burned as written
    atlantis = {"hands": {"Ann": "AP4 ATLANTIS AP2"}, "starts": "fA3 fA2 fB2"}
    assert run("Ann: points AP4\nAnn: travel pA3\nAnn: play ATLANTIS pA3", **atlantis) == []
    assert run("Ann: points AP4\nAnn: travel\nAnn: play ATLANTIS pB4", **atlantis) == ["cards-atlantis"]


def test_time_travel_lands_on_the_corresponding_tile() -> None:
    assert run("Ann: points AP2\nAnn: travel pA1") == []
    assert run("Ann: points AP2\nAnn: travel pA2\nAnn: move pA1") == ["move-adjacent"]  # Ann stands on pA2 after


def test_a_hand_record_leaves_a_reaction_open() -> None:
    hands = {"Ann": "BURN AP3 AP2", "Ben": "DEFEND AP2 AP2"}
    assert run("Ann: play BURN\ntable: hand Ben 3\nBen: play DEFEND\ntable: city fA1 Ben", hands=hands,
               prep=cities(fA1="Ben")) == []


def test_a_card_taken_from_a_discard_pile_is_written_and_flagged() -> None:
    rest = "\ntable: draw Cat AP3\ntable: draw Ann AP3"
    # once the draw pile is empty, the blue pile is the draw pile
    assert run(ROUND_END + "\ntable: draw Cat AP2\ntable: draw Cat AP3 from blue" + rest, prep=low_deck) == []
    assert run(ROUND_END + "\ntable: draw Cat AP3 from blue\ntable: draw Cat AP2" + rest,
               prep=low_deck) == ["round-draw-pile"]
    assert run("Ann: end\nAnn: discard AP2\ntable: draw Ann AP2 from red") == ["turn-extra-cards", "round-draw-pile"]


def test_only_the_blue_pile_is_reshuffled() -> None:
    assert run(ROUND_END + "\n" + DRAWS.format("table: reshuffle red"), prep=low_deck) == ["round-draw-pile"]
