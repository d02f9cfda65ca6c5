"""The exact message of every rule's illegal case, as a player reads it in an audit."""

from __future__ import annotations

import pytest

from test_battle_for_seven_cities_rules import CASES, cities, engine_after, events, opening

MESSAGES = {
    "ap-enough-points": "moving to fA3 costs 1 action point but Ann has 0 left this turn",
    "build-city-supply": "Ann has no city token left; destroy one of Ann's own cities first (recycle POS)",
    "build-empty-tile": "fA1 already has Ben's city",
    "build-no-past-sea": "no city can be built on past light sea (pA3)",
    "build-own-tile": "Ann's token is on fA1, not fA3",
    "cards-army": "fA1 already has a shield",
    "cards-army-limit": "Ann already has 3 shields on the board",
    "cards-atlantis": "Atlantis rises only from past light sea; Ann is on past soil",
    "cards-burn": "the city on fA1 is protected by a shield",
    "cards-defend": "nobody defends against their own card",
    "cards-embassy": "fC2 holds no city of Ann's",
    "cards-enemy": 'the new city must belong to a third player, not "Ben"',
    "cards-expedition": "the expedition's city goes on soil, forest or mountain of the new past group (slot D), "
                        "not pD2",
    "cards-metropolis": "only 2 cities stand around fA4; a Metropolis needs at least 3",
    "cards-no-special": "Just Action Points (AP4) has no special action; play it for its points: points AP4",
    "cards-railway": "a railway must lie on 3 tiles of one era meeting at one corner; fA1, fA2, fB1 do not",
    "cards-remote": "fB2 is not a future tile next to Ann's token on fA1",
    "cards-sands": "Sands of Time answers an opponent's city just founded on a past tile over one of Ben's "
                   "future cities; there is none",
    "cards-takeover": "Ann has no city next to fC1",
    "cards-wall": "fA2, fA3 carry a railway",
    "log-known-verb": '"fly" is not a Battle for Seven Cities move',
    "move-adjacent": "fA4 does not touch fA1 in the same era",
    "move-wall": "fA3 is walled: it cannot be entered with action points",
    "order-first-player": "the time-shift card belongs to Ben, not Cat",
    "round-draw-pile": "no AP4 card is left in the draw pile",
    "round-hand-size": "Ann holds 2 cards, not 3",
    "cards-discard-pile": "AP4 goes to the blue discard pile here, not the red one",
    "round-draw-three": "Ben cannot draw now: Ann draws next",
    "setup-clock-cards": "the 2:00 clock card was already dealt",
    "setup-past-deck": '"P1" has already been laid; the past deck holds P2, P3, P4, P5, P6, P7, P8, P9, P10, P11',
    "setup-player-count": "ENEMY cards are badged for more than 2 players and were removed from the deck",
    "start-future-tile": "pA1 is in the past; tokens start on future tiles",
    "timeshift-copy-forward": "fA1 holds Ann, not Ben",
    "timeshift-pass-card": "the time-shift card belongs to Cat, not Ben",
    "turn-active-player": "Ben cannot play a card for its points now: it is Ann's turn",
    "turn-card-in-hand": "Ann has no DEFEND card in hand",
    "turn-extra-cards": "Ann built 1 city on future land with the extra-card symbol this turn, "
                        "so may draw 1 extra card",
    "turn-hand-limit": "Ann ended the turn holding 3 cards; discard down to 2",
    "win-end-of-round": "the game is not over: nobody had 7 future cities at the end of a round",
    "win-most-cities": "the winner is Ben, not Ann (cities: Ann 7, Ben 7, Cat 0; future cities on water: "
                       "Ann 0, Ben 4, Cat 0)",
}


def messages(rule: str) -> list[tuple[int, str]]:
    """Return (line, message) of every finding of a rule in its illegal case."""
    case = dict(CASES[rule][1])
    log, raw, prep = case.pop("log"), case.pop("raw", False), case.pop("prep", None)
    hands, starts, players = case.pop("hands", None), case.pop("starts", "fA1 fA2 fB2"), case.pop("players", None)
    options = case if raw or "first" in case else {"first": "Ann", **case}
    start = "" if raw else opening(hands, starts)
    engine = engine_after(start, players, **options) if players else engine_after(start, **options)
    if prep is not None:
        prep(engine)
    offset = len(events(start)) if start else 0
    return [(v.line, v.message) for e in events(log, offset + 1) for v in engine.apply(e)
            if v.rule.endswith("/" + rule)]


def test_every_rule_has_a_message() -> None:
    assert sorted(MESSAGES) == sorted(CASES)


@pytest.mark.parametrize("rule", sorted(MESSAGES))
def test_message_of_the_illegal_case(rule: str) -> None:
    assert [m for _, m in messages(rule)][:1] == [MESSAGES[rule]]


def found_messages(scenario: str, **kwargs) -> list[tuple[str, str]]:
    """Return (rule slug, message) of every finding of a scenario played after the standard opening."""
    hands, prep = kwargs.pop("hands", None), kwargs.pop("prep", None)
    engine = engine_after(opening(hands), first="Ann")
    if prep is not None:
        prep(engine)
    start = len(events(opening(hands))) + 1
    return [(v.rule.split("/", 1)[1], v.message) for e in events(scenario, start) for v in engine.apply(e)]


@pytest.mark.parametrize("around, message", [
    ({}, "no city stands around fA4; a Metropolis needs at least 3"),
    ({"fA2": "Ben"}, "only 1 city stands around fA4; a Metropolis needs at least 3"),
])
def test_metropolis_message_counts_in_words(around: dict[str, str], message: str) -> None:
    assert found_messages("Ann: play METROPOLIS fA4", hands={"Ann": "METROPOLIS AP3 AP2"},
                          prep=cities(fA4="Ann", **around)) == [("cards-metropolis", message)]


def test_extra_card_messages_say_no_card_rather_than_zero() -> None:
    assert found_messages("Ann: end\ntable: draw Ann AP2") == [
        ("turn-extra-cards", "Ann built no city on future land with the extra-card symbol this turn, "
                             "so may draw no extra card")]
    assert found_messages("Ann: end\nAnn: discard AP2\ntable: draw Ann AP2") == [
        ("turn-extra-cards", "Ann earned no extra card last turn")]
    assert found_messages("Ann: points AP4\nAnn: build\nAnn: end\ntable: draw Ann AP2\ntable: draw Ann AP3\n"
                          "Ann: discard AP2\nAnn: discard AP3\ntable: draw Ann AP2") == [
        ("turn-extra-cards", "Ann built 1 city on future land with the extra-card symbol this turn, "
                             "so may draw 1 extra card"),
        ("turn-extra-cards", "Ann already drew the 1 extra card earned last turn")]


def test_a_move_onto_the_tile_the_token_is_on_is_named_as_such() -> None:
    assert found_messages("Ann: points AP2\nAnn: move fA1") == [
        ("move-adjacent", "Ann's token is already on fA1; a move enters another tile")]


def test_discarding_below_the_limit_after_the_turn_closed_says_no_further() -> None:
    assert found_messages("Ann: end\nAnn: discard AP2\nAnn: discard AP3") == [
        ("turn-hand-limit", "Ann holds 2 cards; discard down to 2, no further")]
    assert found_messages("Ann: discard AP3") == [
        ("turn-hand-limit", "Ann may discard only at the end of their own turn")]


def test_a_special_action_out_of_turn_names_the_card() -> None:
    assert found_messages("Cat: play BURN", hands={"Cat": "BURN AP3 AP2"})[0] == (
        "turn-active-player", "Cat cannot play BURN now: it is Ann's turn")


def test_an_overlapping_expedition_says_where_in_words() -> None:
    assert found_messages("Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\ntable: tile P4\nAnn: place 1 e",
                          hands={"Ann": "EXPEDITION AP3 AP2"}) == [
        ("cards-expedition", "the new tile-group with its cell 1 east of pA1 would overlap tiles already laid")]


def test_another_players_discard_while_a_turn_closes_is_their_slip_alone() -> None:
    assert found_messages("Ann: end\nBen: discard AP2\nAnn: discard AP2") == [
        ("turn-hand-limit", "Ben may discard only at the end of their own turn")]


@pytest.mark.parametrize("scenario, kwargs, expected", [
    ("Ann: points AP4 to green", {}, ("log-known-verb", '"green" is not a discard pile (to blue, to red)')),
    ("table: hand Ann three", {}, ("log-known-verb", "a hand record names the player and a number: table: hand Ann 3")),
    ("Ann: city fA1 none", {}, ("log-known-verb", '"city" is the table\'s record: table: city fA1 none')),
    ("Ben: pass", {}, ("turn-active-player",
                       "nobody asked Ben to react: pass answers a reaction window or a Metropolis offer")),
    ("table: city fA1 Ann 2", {"prep": cities(fA1="Ann")},
     ("cards-metropolis", "fA1 holds 1 of Ann's city tokens, not 2 (a metropolis is 2)")),
    ("Ann: play BURN fA3", {"hands": {"Ann": "BURN AP3 AP2"}, "prep": cities(fA1="Ben", fA3="Ben")},
     ("cards-burn", "the card acts on the tile Ann's token is on (fA1), not fA3")),
    ("Ann: points AP2\nAnn: travel pA2", {},
     ("move-adjacent", "time travel lands on the corresponding tile pA1, not pA2")),
    ("Ann: play EXPEDITION", {"hands": {"Ann": "EXPEDITION AP3 AP2"}},
     ("cards-expedition", "Ann's token is on the future tile fA1; an expedition's group is laid in the past, "
                          "touching the past tile the token is on")),
    ("Ann: points AP2\nAnn: travel\nAnn: play EXPEDITION\nAnn: points AP3",
     {"hands": {"Ann": "EXPEDITION AP3 AP2"}},
     ("cards-expedition", "Ann's expedition was never finished: its tile-group is drawn (table: tile P#) and "
                          "placed before play goes on")),
])
def test_messages_of_the_new_vocabulary(scenario: str, kwargs: dict, expected: tuple[str, str]) -> None:
    assert found_messages(scenario, **kwargs) == [expected]


def test_messages_of_cards_from_the_wrong_pile() -> None:
    assert found_messages("table: reshuffle red") == [
        ("round-draw-pile", "only the blue discard pile is shuffled into the draw pile; the red pile never returns")]
    assert found_messages("Ann: end\nAnn: discard AP2\ntable: draw Ann AP2 from red")[1:] == [
        ("round-draw-pile",
         "cards are drawn from the draw pile, not the red discard pile (the red pile never returns)")]
