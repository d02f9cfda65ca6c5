"""Every Seven Sisters rule id: a legal case and an illegal case asserting the rule id."""

from __future__ import annotations

import random
import re
from pathlib import Path

from seven_sisters_support import ANN, BEN, E, EXAMPLE, G, GL, L, P, S, W, Game

from playproof.playtest.engine import Setup, Status
from playproof.playtest.games.seven_sisters import ENGINE, RULES
from playproof.playtest.simulate import play_random_game


def at_play(**options: str) -> Game:
    """Return a 3-player game (Ann first) at Ann's first card."""
    return Game(**options).to_play()


def test_every_rule_id_has_a_test_here() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    tested = set(re.findall(r'[/"]([0-9a-z][0-9A-Za-z-]+)"', source))
    missing = [r.id for r in RULES if r.id.split("/", 1)[1] not in tested]
    assert missing == []


# ----- the log's vocabulary and flow ---------------------------------------------------------------

def test_log_move_syntax() -> None:
    assert at_play().feed("Ann: play Greed/Lust A Greed Greed") == []
    assert at_play().feed("Ann: play Greed/Lust X Greed") == ["log-move-syntax"]
    assert at_play().feed("Ann: dance") == ["log-move-syntax"]
    assert at_play().feed("Ann: play Greed/Lust A Grede Greed") == ["log-move-syntax"]


def test_log_move_syntax_messages() -> None:
    found = at_play().violations("Ann: dance\nAnn: take 4 gems")
    assert [v.message for v in found] == [
        '"dance" is not a Seven Sisters move for a player (moves: buyback, envy, place, play, '
        "pride, refill, take, wrath)",
        "write goods as `take G gold F fruit` (e.g. `take 2 gold 2 fruit`)"]


def test_log_actor() -> None:
    assert at_play().feed("Ann: play Greed/Lust C") == []
    found = at_play().violations("Dan: play Greed/Lust C")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/log-actor", "Dan is not a player of this game (Ann, Ben, Cat) nor the table")]


def test_log_turn_order() -> None:
    game = at_play()
    assert game.feed("Ann: play Greed/Lust C\nBen: play Wrath/Envy C") == []
    found = at_play().violations("Ben: play Greed/Lust C")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/log-turn-order", "It is Ann's turn to play a card, not Ben's")]
    assert Game().feed("table: flip 4\nBen: take 4 gold 0 fruit") == ["log-turn-order"]


def test_log_wrong_step() -> None:
    game = at_play()
    game.score_with(envy=(2, 1, 0), sloth=(0, 1, 1))
    assert game.feed("Ann: envy none") == []
    found = at_play().violations("Ann: envy none")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/log-wrong-step",
         "This move belongs to the scoring, but the table is at the card play of round 1")]


def test_setup_tile_order() -> None:
    game = Game(**{"random-order": "true"})
    order = "Envy Pride Sloth Lust Gluttony Greed Wrath".split()
    assert game.feed("\n".join(f"table: tile {s}" for s in order)) == []
    assert game.engine.table.order == [E, P, S, L, GL, G, W]
    assert Game(**{"random-order": "true"}).feed("table: tile Envy\ntable: tile Envy") == ["setup-tile-order"]
    assert Game().feed("table: tile Envy") == ["setup-tile-order"]


# ----- step 1: the deal ---------------------------------------------------------------------------

HAND = "Greed/Lust Wrath/Envy Wild Pride/Sloth Lust/Greed Envy/Wrath"


def test_1_deal_six() -> None:
    assert Game().feed(f"table: deal Ann {HAND}") == []
    assert Game().feed(f"table: deal Ann {HAND} Wild") == ["1-deal-six"]


def test_1_card_exists() -> None:
    assert at_play().feed("Ann: play Wild C") == []
    found = at_play().violations("Ann: play Greed/Greed C")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/1-card-exists", '"Greed/Greed" is not an influence card of this deck (a pair '
         "such as Greed/Lust of two different sisters, or Wild)")]


def test_1_card_available() -> None:
    assert at_play().feed("Ann: play Greed/Lust C\nBen: play Lust/Greed C") == []
    found = at_play().violations("Ann: play Greed/Lust C\nBen: play Greed/Lust C")
    assert [(v.line, v.rule, v.message) for v in found] == [
        (6, "seven-sisters/1-card-available",
         "The deck holds 1 Greed/Lust card, and it already came out since the last shuffle")]


# ----- step 2: turn markers and goods --------------------------------------------------------------

def test_2_flip_marker() -> None:
    assert Game().feed("table: flip 5") == []
    found = Game().violations("table: flip 6")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/2-flip-marker", "No face-down turn marker shows 6 (face down: 3, 3, 4, 4, 5, 5)")]
    assert Game(markers="3 5").feed("table: flip 4") == ["2-flip-marker"]
    found = Game().violations("Ann: take 2 gold 2 fruit")
    assert [(v.rule, v.status) for v in found] == [
        ("seven-sisters/2-flip-marker", Status.VIOLATION),
        ("seven-sisters/2-take-total", Status.UNDETERMINED)]


def test_2_take_total() -> None:
    assert Game().feed("table: flip 4\nAnn: take 4 gold 0 fruit\nBen: take 0 fruit 4 gold") == []
    found = Game().violations("table: flip 4\nAnn: take 3 gold 0 fruit")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/2-take-total", "The turn marker shows 4: take 4 goods in all, not 3")]


def test_2_take_total_from_a_short_supply() -> None:
    game = Game()
    game.engine.table.supply_gold, game.engine.table.supply_fruit = 1, 2
    assert game.feed("table: flip 4\nAnn: take 1 gold 2 fruit\nBen: take nothing") == []
    game = Game()
    game.engine.table.supply_gold, game.engine.table.supply_fruit = 1, 2
    found = game.violations("table: flip 4\nAnn: take 1 gold 1 fruit")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/2-take-total", "The turn marker shows 4 and the supply holds only 3 goods: "
         "take 3 goods in all, not 2")]


def test_2_take_supply() -> None:
    game = Game()
    game.engine.table.supply_gold = 1
    assert game.feed("table: flip 4\nAnn: take 1 gold 3 fruit") == []
    found = game.violations("Ben: take 2 gold 2 fruit")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/2-take-supply", "The supply holds only 0 gold")]


def test_2_take_what_is_left_when_the_supply_runs_short() -> None:
    game = Game()
    game.engine.table.supply_gold, game.engine.table.supply_fruit = 1, 2
    assert game.feed("table: flip 4\nAnn: take 1 gold 2 fruit\nBen: take nothing") == []


# ----- step 3: cards and actions ------------------------------------------------------------------

def test_3_card_in_hand() -> None:
    game = Game()
    deal = f"table: deal Ann {HAND}\ntable: deal Ben ? ? ? ? ? ?\ntable: deal Cat ? ? ? ? ? ?"
    assert game.feed(deal) == []
    game.to_play()
    assert game.feed("Ann: play Wild D Pride Pride") == []
    game.feed("Ben: play Sloth/Envy C\nCat: play Gluttony/Envy C")
    found = game.violations("Ann: play Gluttony/Wrath C")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3-card-in-hand", "Ann was not dealt Gluttony/Wrath this round (holds "
         "Envy/Wrath, Greed/Lust, Lust/Greed, Pride/Sloth, Wrath/Envy)")]


def test_3_card_in_hand_is_undetermined_while_hidden() -> None:
    found = at_play().violations("Ann: play ?")
    assert [(v.rule, v.status) for v in found] == [("seven-sisters/3-card-in-hand", Status.UNDETERMINED)]


def test_3_five_cards() -> None:
    game = at_play()
    rounds = ["Greed/Lust", "Wrath/Envy", "Pride/Sloth", "Lust/Greed", "Gluttony/Wrath",
              "Sloth/Pride", "Envy/Lust", "Greed/Sloth", "Wrath/Pride", "Lust/Envy", "Pride/Greed",
              "Sloth/Wrath"]
    lines = [f"{p}: play {c} C" for c, p in zip(rounds, ["Ann", "Ben", "Cat"] * 4)]
    assert game.feed("\n".join(lines) + "\nAnn: play Envy/Gluttony C") == []
    found = game.violations("Ann: play Gluttony/Greed C")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3-five-cards", "Ann has already played 5 cards this round")]


def test_3_card_action() -> None:
    assert at_play().feed("Ann: play Wild D Greed Greed\nBen: play Wild C") == []
    found = at_play().violations("Ann: play Wild A Greed Greed")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3-card-action", "Action A needs a card with a primary sister; a wild card "
         "allows C, D or D2")]
    assert at_play().feed("Ann: play Greed/Lust D Greed Greed") == ["3-card-action"]


def test_3_playable_stock() -> None:
    game = at_play()
    game.engine.table.playable[ANN] = 1
    assert game.feed("Ann: play Greed/Lust C") == []
    game = at_play()
    game.engine.table.playable[ANN] = 1
    found = game.violations("Ann: play Greed/Lust A Greed Greed")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3-playable-stock", "Ann places 2 servants but has only 1 in the playable stock")]
    assert game.engine.table.board[G][ANN] == 1


def test_3_playable_stock_names_the_stock_a_placement_came_from() -> None:
    game = at_play()
    reserve = game.engine.table.reserve[ANN]
    assert game.feed("Ann: play Greed/Lust A Greed Greed Lust for 1 fruit from playable") == []
    assert game.engine.table.reserve[ANN] == reserve
    game = at_play()
    playable = game.engine.table.playable[ANN]
    found = game.violations("Ann: play Greed/Lust A Greed Greed from reserve")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3-playable-stock", "Ann places 2 servants from the reserve; servants placed "
         "on a sister come from the playable stock")]
    t = game.engine.table
    assert (t.board[G][ANN], t.playable[ANN], t.reserve[ANN]) == (2, playable, reserve - 2)
    assert game.feed("Ben: play Wild D Lust Lust") == []  # applied as written: no follow-on finding


def test_3a_primary_two() -> None:
    game = at_play()
    assert game.feed("Ann: play Greed/Lust A Greed Greed Lust Lust") == []
    assert game.engine.table.board[G][ANN] == 2 and game.engine.table.board[L][ANN] == 2
    assert game.engine.table.fruit[ANN] == 0
    assert at_play().feed("Ann: play Greed/Lust A Greed Lust") == ["3A-primary-two"]


def test_3a_third_secondary() -> None:
    assert at_play().feed("Ann: play Greed/Lust A Greed Greed Lust") == []
    found = at_play().violations("Ann: play Greed/Lust A Greed Greed Greed")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3A-third-secondary", "The third servant of action A goes on Lust, the card's "
         "secondary sister, not Greed")]


def test_3a_fourth_servant() -> None:
    assert at_play().feed("Ann: play Greed/Lust A Greed Greed Lust Greed") == []
    found = at_play().violations("Ann: play Greed/Lust A Greed Greed Lust Pride")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3A-fourth-servant", "The fourth servant goes on Greed or Lust, not Pride")]
    assert "3A-fourth-servant" in at_play().feed("Ann: play Greed/Lust A Greed Greed Lust Lust Lust")


def test_3a_fruit_cost() -> None:
    game = Game()
    assert game.feed("table: flip 4\nAnn: take 4 gold 0 fruit\nBen: take 4 gold 0 fruit\n"
                     "Cat: take 3 gold 1 fruit") == []
    found = game.violations("Ann: play Greed/Lust A Greed Greed Lust")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3A-fruit-cost", "Ann places 3 servants, which costs 1 fruit, but has 0")]
    assert game.feed("Ben: play Pride/Envy A Pride Pride") == []
    assert game.feed("Cat: play Envy/Pride A Envy Envy Pride") == []


def test_3a_fruit_paid_as_written() -> None:
    game = at_play()  # Ann took 2 fruit
    assert game.feed("Ann: play Greed/Lust A Greed Greed Lust for 1 fruit") == []
    assert game.engine.table.fruit[ANN] == 1
    game = at_play()
    found = game.violations("Ann: play Greed/Lust A Greed Greed Lust Greed for 1 fruit")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3A-fruit-cost", "Ann places 4 servants, which costs 2 fruit, and paid 1")]
    assert game.engine.table.fruit[ANN] == 1  # applied as the table played it: one fruit paid


def test_3_no_extra_servants() -> None:
    assert at_play().board(G, 2, 0, 0).feed("Ann: play Greed/Lust B Greed Pride") == []
    game = at_play().board(G, 2, 0, 0)
    found = game.violations("Ann: play Greed/Lust B Greed Pride Lust")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3-no-extra-servants", "After action B the turn is over: no fruit buys other "
         "servants (Ann placed 1 more and paid 1 fruit)")]
    assert game.engine.table.board[L][ANN] == 1 and game.engine.table.fruit[ANN] == 1
    assert at_play().feed("Ann: play Wild D Envy Envy Envy") == ["3-no-extra-servants"]
    assert at_play().feed("Ann: play Wild D Envy Envy for 1 fruit") == ["3-no-extra-servants"]
    assert at_play().feed("Ann: play Greed/Lust C for 1 fruit") == ["3-no-extra-servants"]


def test_3b_from_primary() -> None:
    game = at_play().board(G, 2, 0, 0)
    assert game.feed("Ann: play Greed/Lust B Greed Pride") == []
    assert game.engine.table.board[P][ANN] == 2
    found = at_play().board(L, 2, 0, 0).violations("Ann: play Greed/Lust B Lust Pride")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3B-from-primary", "Action B moves servants off Greed, the card's primary "
         "sister, not Lust")]
    assert at_play().board(G, 1, 3, 0).feed("Ann: play Greed/Lust B Greed Pride") == ["3B-from-primary"]


def test_3b_and_3d2_move_the_players_own_servants_as_written() -> None:
    assert at_play().board(G, 2, 0, 0).feed("Ann: play Greed/Lust B Greed Pride Ann") == []
    game = at_play().board(G, 1, 2, 0)
    found = game.violations("Ann: play Greed/Lust B Greed Pride Ben")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3B-from-primary", "Ann moves two of his own servants, not Ben's")]
    assert game.engine.table.board[P][1] == 2  # as the table did it: Ben's two moved
    game = at_play().board(G, 1, 1, 0)
    assert game.feed("Ann: play Wild D2 Greed Pride Ann Ben") == ["3D2-own-servants"]
    assert game.engine.table.board[P][:2] == [1, 1]
    found = at_play().board(G, 3, 0, 0).violations("Ann: play Greed/Lust B Greed Pride Ann Ann Ann")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3B-from-primary", "Ann moves 2 servants, not 3")]


def test_3b_other_sister() -> None:
    assert at_play().board(G, 2, 0, 0).feed("Ann: play Greed/Lust B Greed Lust") == []
    assert at_play().board(G, 2, 0, 0).feed("Ann: play Greed/Lust B Greed Greed") == ["3B-other-sister"]


def test_3c_no_placement() -> None:
    game = at_play()
    assert game.feed("Ann: play Greed/Lust C") == []
    assert (game.engine.table.playable[ANN], game.engine.table.reserve[ANN]) == (18, 12)
    assert at_play().feed("Ann: play Greed/Lust C Greed") == ["3C-no-placement"]


def test_3c_with_an_empty_reserve_gives_nothing() -> None:
    game = at_play()
    game.engine.table.reserve[ANN] = 1
    assert game.feed("Ann: play Greed/Lust C") == []
    assert (game.engine.table.playable[ANN], game.engine.table.reserve[ANN]) == (16, 0)


def test_3c_three_servants() -> None:
    assert at_play().feed("Ann: play Greed/Lust C 3") == []
    game = at_play()
    game.engine.table.reserve[ANN] = 1
    assert game.feed("Ann: play Greed/Lust C 1") == []  # all the reserve holds
    game = at_play()
    found = game.violations("Ann: play Greed/Lust C 4")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/3C-three-servants", "Action C brings 3 servants from Ann's reserve, not 4")]
    assert game.engine.table.playable[ANN] == 19  # as the table did it


def test_3d_one_sister() -> None:
    assert at_play().feed("Ann: play Wild D Envy Envy") == []
    assert at_play().feed("Ann: play Wild D Envy Pride") == ["3D-one-sister"]


def test_3d2_own_servants() -> None:
    game = at_play().board(S, 0, 0, 0).board(G, 2, 0, 0)
    assert game.feed("Ann: play Wild D2 Greed Sloth") == []
    assert game.engine.table.board[S][ANN] == 2
    assert at_play().board(G, 1, 2, 0).feed("Ann: play Wild D2 Greed Sloth") == ["3D2-own-servants"]
    assert at_play().board(G, 2, 0, 0).feed("Ann: play Wild D2 Greed Greed") == ["3D2-own-servants"]


# ----- step 5: the start of rounds 2-4 -----------------------------------------------------------

def round_two() -> Game:
    """Return a game after round 1's scoring, at round 2's placement."""
    game = at_play()
    game.engine.table.reserve = [20, 20, 20]  # five left after five actions C
    game.fill_plays()
    game.settle(until="place")
    return game


def test_5_first_places() -> None:
    game = round_two()
    reserve = list(game.engine.table.reserve)
    assert game.feed("Ann: place Pride") == []
    table = game.engine.table
    assert table.board[P][ANN] == 1
    # Each player adds two reserve servants to playable, the last player (Cat) only one.
    assert [reserve[p] - table.reserve[p] for p in range(3)] == [3, 2, 1]
    assert at_play().feed("Ann: place Pride") == ["5-first-places"]
    assert round_two().feed("table: flip 4") == ["5-first-places"]
    assert round_two().feed("Ben: place Pride") == ["log-turn-order"]
    game = round_two()
    found = game.violations("Ann: place Pride Greed")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/5-first-places", "The first player places one servant from reserve, not 2")]
    assert game.engine.table.board[G][ANN] == 1  # as the table did it


def test_5_round_adds() -> None:
    game = round_two()
    assert game.feed("Ann: place Pride\nAnn: refill 2\nBen: refill 2\nCat: refill 1") == []
    game = round_two()
    assert game.feed("Cat: refill 1\nAnn: place Pride") == []  # told before the placement
    game = round_two()
    before = game.engine.table.playable[2]
    found = game.violations("Ann: place Pride\nCat: refill 2")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/5-round-adds", "Cat adds 1 servant: the last player adds 1, not 2")]
    assert game.engine.table.playable[2] == before + 2  # as the table did it
    found = at_play().violations("Ann: refill 2")  # round 1 has no adds
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/5-round-adds", "Servants are added from reserve only at the start of each round "
         "after the first, before the deal")]
    assert round_two().feed("Ann: place Pride\nAnn: refill 2\nAnn: refill 2") == ["log-turn-order"]


def test_no_round_start_placement_from_an_empty_reserve() -> None:
    game = Game().to_play()
    game.engine.table.reserve = [15, 30, 30]  # Ann's reserve runs dry with her five action C
    game.fill_plays()
    game.settle("deal")
    assert game.engine.round == 2 and game.engine.table.reserve[ANN] == 0
    assert game.feed("table: flip 3") == []
    game = Game().to_play()
    game.engine.table.reserve = [15, 30, 30]
    game.fill_plays()
    game.settle("deal")
    found = game.violations("Ann: place Pride")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/5-first-places", "Ann (first player) has no servant in reserve, so there is "
         "no round-start placement this round")]


# ----- scoring ------------------------------------------------------------------------------------

def test_scoring_favour() -> None:
    game = at_play()
    game.score_with(greed=(3, 2, 0), gluttony=(1, 1, 0))
    assert game.feed("table: favour Greed Ann\ntable: favour Gluttony none") == []
    game.settle("deal")  # the Gluttony claim is checked when Gluttony is scored
    found = game.violations("table: favour Greed Ben")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/scoring-favour", "Greed's favour goes to Ann, not Ben: Ann has the most "
         "servants on Greed (3)")]


def test_scoring_favour_tie_goes_to_most_sloth_favours() -> None:
    game = at_play()
    game.engine.table.favours[BEN][S] = 1
    game.score_with(greed=(2, 2, 0), gluttony=(2, 0, 2))
    assert game.feed("table: favour Greed Ben\ntable: favour Gluttony none") == []
    game.settle("deal")  # the Gluttony claim is checked when Gluttony is scored
    found = game.violations("table: favour Greed Ann")
    assert found[0].message == ("Greed's favour goes to Ben, not Ann: Ann and Ben tie on Greed "
                                "with 2 and Ben has the most Sloth favours")


def test_scoring_order() -> None:
    game = at_play()
    game.score_with(wrath=(2, 0, 0), pride=(0, 2, 0))
    assert game.feed("table: scoring Wrath\nAnn: wrath Lust\ntable: scoring Greed\ntable: scoring Pride") == []
    game = at_play()
    game.score_with(wrath=(2, 0, 0), pride=(0, 2, 0))
    found = at_play().violations("table: scoring Greed")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/log-wrong-step", "No scoring is under way: Greed is scored once every card of "
         "the round is played")]
    found = game.violations("table: scoring Wrath\nAnn: wrath Lust\ntable: scoring Pride\ntable: scoring Greed")
    assert [(v.line, v.rule, v.message) for v in found] == [
        (game.line, "seven-sisters/scoring-order", "Greed is scored before Pride: the sisters are "
         "scored in order, left to right along the row")]


def round_one_to_wrath() -> Game:
    """Return vocabulary-mistakes.log's game after its first scoring's Wrath decisions (logged only)."""
    lines = (EXAMPLE / "playtests" / "vocabulary-mistakes.log").read_text(encoding="utf-8").splitlines()
    body = [line.split("#")[0].rstrip() for line in lines[12:35] if line[:1] not in ("", "#", "-", "=")]
    game = Game()
    assert game.feed("\n".join(body)) == ["3A-fruit-cost", "3-playable-stock"]
    return game


def test_scoring_out_of_order_is_followed_after_one_finding() -> None:
    game = round_one_to_wrath()
    assert game.feed("table: scoring Greed\nAnn: pride Ann\ntable: scoring Pride") == []
    assert game.engine.pass_order == [W, G, GL, L, S, P, E]
    game = round_one_to_wrath()
    found = game.violations("Ann: pride Ann\ntable: scoring Pride\ntable: scoring Greed")
    assert [(v.line, v.rule) for v in found] == [(game.line, "seven-sisters/scoring-order")]
    # The table scored Pride, then Greed: Greed's gift and removal come after Pride's buy-back.
    engine = game.engine
    assert engine.pass_order == [W, P, G, GL, L, S, E]
    assert (engine.table.gold[BEN], engine.decision().moves[0]) == (0, "buyback Pride none")
    assert game.feed("Ann: buyback Pride none\ntable: gift Greed Ben 5\nBen: buyback Greed none\n"
                     "table: scoring Gluttony") == []


def test_claims_logged_before_scoring_are_checked_when_it_happens() -> None:
    game = at_play().board(G, 1, 3, 0)
    assert game.feed("table: favour Greed Ann") == []
    found = game.violations("\n".join(f"{p}: play {c} C" for p, c in zip(
        ["Ann", "Ben", "Cat"] * 5, ["Wrath/Greed", "Greed/Gluttony", "Gluttony/Lust", "Lust/Sloth",
                                    "Sloth/Pride", "Pride/Envy", "Envy/Wrath", "Wrath/Gluttony",
                                    "Greed/Lust", "Gluttony/Sloth", "Lust/Pride", "Sloth/Envy",
                                    "Pride/Wrath", "Envy/Greed", "Wrath/Lust"])))
    assert [(v.line, v.rule) for v in found] == [(5, "seven-sisters/scoring-favour")]


def wrath_won_by_ann() -> Game:
    """Return a game where Ann has just won Wrath's favour."""
    game = at_play()
    game.score_with(wrath=(2, 1, 0))
    return game


def test_wrath_destination() -> None:
    game = wrath_won_by_ann()
    assert game.feed("Ann: wrath Greed\ntable: wrath Greed") == []
    found = wrath_won_by_ann().violations("Ann: wrath Wrath")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/wrath-destination", "The Wrath marker may not be placed on Wrath")]
    game = at_play()
    game.engine.table.wrath = L
    game.score_with(wrath=(2, 1, 0))
    assert game.feed("Ann: wrath Lust") == ["wrath-destination"]


def test_wrath_marker_clears_its_sister_after_scoring() -> None:
    game = wrath_won_by_ann()
    game.board(L, 3, 1, 2)
    assert game.feed("Ann: wrath Lust\nAnn: buyback none") == []
    game.settle(until="place")
    assert game.engine.table.board[L] == [0, 0, 0]
    assert game.engine.table.board[W] == [0, 1, 0]  # Ben's servant stays on Wrath


def test_wrath_must_move() -> None:
    game = wrath_won_by_ann()
    assert game.feed("Ann: wrath Pride\nAnn: buyback 1 for 1 gold") == []
    found = wrath_won_by_ann().violations("Ann: buyback none")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/wrath-must-move", "Ann won Wrath's favour and must move the Wrath marker "
         "(`wrath SISTER`)")]


def test_wrath_tie() -> None:
    game = at_play()
    game.score_with(wrath=(2, 2, 0))
    assert game.feed("table: wrath Greed\ntable: favour Wrath none") == []
    assert game.feed("table: wrath Lust") == ["wrath-tie"]
    game = at_play()
    game.engine.table.wrath = E
    game.score_with(wrath=(1, 1, 1))
    assert game.feed("table: wrath Wrath") == []  # from the last sister it wraps onto Wrath


def test_wrath_with_nobody_on_it_stays_unless_the_variant_says_tie() -> None:
    game = at_play()
    game.score_with()
    assert game.feed("table: wrath Wrath") == []
    game = at_play(**{"empty-is-tie": "true"})
    game.score_with()
    assert game.feed("table: wrath Greed") == []


def test_gifts_amounts() -> None:
    game = at_play()
    game.engine.table.reserve = [30, 30, 30]  # 15 left after the five action C fillers each
    game.score_with(greed=(3, 1, 0), gluttony=(1, 1, 1), lust=(0, 2, 1))
    assert game.feed("table: gift Greed Ann 5\ntable: gift Greed Ben 2\ntable: gift Greed Cat 0\n"
                     "table: gift Gluttony Cat 2\ntable: gift Lust Ben 5\ntable: gift Lust Cat 2") == []
    game.settle("deal")  # the Gluttony and Lust claims are checked when those sisters are scored
    found = game.violations("table: gift Greed Ben 5")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/gifts-amounts", "Greed's gift to Ben is 2, not 5: Ann has the most servants on "
         "Greed (3), so every other player on Greed receives 2")]


def test_a_gift_claimed_wrong_is_paid_as_written() -> None:
    game = at_play()
    game.score_with(greed=(3, 1, 0))
    gold = list(game.engine.table.gold)
    assert game.feed("table: gift Greed Ann 5\ntable: gift Greed Ben 2") == []
    assert game.engine.table.gold == gold
    found = game.violations("table: gift Greed Ann 3\ntable: gift Greed Ben 4")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/gifts-amounts", "Greed's gift to Ann is 5, not 3: Ann has the most servants on "
         "Greed (3), so Ann receives 5"),
        ("seven-sisters/gifts-amounts", "Greed's gift to Ben is 2, not 4: Ann has the most servants on "
         "Greed (3), so every other player on Greed receives 2")]
    assert game.engine.table.gold[:2] == [gold[ANN] - 2, gold[BEN] + 2]
    # One mistake, one finding: the gifts stand as written, and Ann pays from the gold she has.
    assert game.feed("table: gift Greed Ann 3\ntable: gift Greed Ben 4") == []
    assert game.feed("Ann: buyback Greed 3 for 2 gold") == []
    assert game.engine.table.gold[ANN] == gold[ANN] - 4


def test_gifts_stop_when_the_supply_runs_out() -> None:
    game = at_play()
    game.engine.table.supply_gold = 6
    game.score_with(greed=(1, 3, 1))
    assert game.feed("table: gift Greed Ben 5\ntable: gift Greed Ann 1\ntable: gift Greed Cat 0") == []
    found = game.violations("table: gift Greed Ann 2\ntable: gift Greed Ben 2")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/gifts-amounts", "Greed's gift to Ann is 1, not 2: Ben has the most servants on "
         "Greed (3), so every other player on Greed receives 2, but only 1 gold was left in the supply"),
        ("seven-sisters/gifts-amounts", "Greed's gift to Ben is 5, not 2: Ben has the most servants on "
         "Greed (3), so Ben receives 5")]


def test_a_tie_gives_everyone_on_lust_the_secondary_gift() -> None:
    game = at_play()
    game.engine.table.reserve = [30, 30, 30]  # 15 left after the five action C fillers each
    game.score_with(lust=(2, 2, 0))
    assert game.feed("table: gift Lust Ann 2\ntable: gift Lust Ben 2\ntable: gift Lust Cat 0") == []
    found = game.violations("table: gift Lust Ann 5\ntable: gift Lust Cat 2")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/gifts-amounts", "Lust's gift to Ann is 2, not 5: Ann and Ben tie on Lust with 2 "
         "and Sloth favours do not break the tie, so every player on Lust receives 2"),
        ("seven-sisters/gifts-amounts", "Lust's gift to Cat is 0, not 2: Cat has no servant on Lust")]


def decide_until(game: Game, kind: str) -> None:
    """Make the first legal scoring decision until a decision of the given kind is pending."""
    while game.engine.pending and game.engine.pending[0] != kind:
        decision = game.engine.decision()
        assert decision is not None
        assert game.feed(f"{decision.actor}: {decision.moves[0]}") == []


def test_pride_choice() -> None:
    game = at_play()
    game.score_with(pride=(0, 2, 1))
    decide_until(game, "pride")
    assert game.feed("Ben: pride Cat\ntable: first Cat") == []
    game = at_play()
    game.score_with(pride=(0, 2, 1))
    decide_until(game, "pride")
    found = game.violations("table: flip 3")
    assert ("seven-sisters/pride-choice", "Ben won Pride's favour and chooses the next first player "
            "(`pride PLAYER`)") in [(v.rule, v.message) for v in found]


def test_pride_first_player() -> None:
    game = at_play()
    game.score_with(pride=(1, 1, 0))
    # "the first player marker moves one spot to the right": from Ann to the previous seat, Cat
    assert game.feed("table: first Cat") == []
    assert game.feed("table: first Ben") == ["pride-first-player"]
    game = at_play(**{"pride-tie-clockwise": "true"})
    game.score_with(pride=(1, 1, 0))
    assert game.feed("table: first Ben") == []  # the variant: the next seat clockwise


def envy_won_by_ann(*greed: int) -> Game:
    """Return a game where Ann has just won Envy's favour."""
    game = at_play()
    game.score_with(envy=(3, 0, 0), sloth=greed)
    decide_until(game, "envy")
    return game


def test_envy_move() -> None:
    game = envy_won_by_ann(0, 1, 1)
    assert game.feed("Ann: envy Sloth Ben Cat") == []
    assert game.engine.table.board[E] == [0, 1, 1]  # Ann's own servants on Envy are removed
    found = envy_won_by_ann(0, 1, 1).violations("Ann: envy Sloth Ben Ben")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/envy-move", "Ben has 1 servant on Sloth, not 2")]
    assert envy_won_by_ann(0, 1, 1).feed("Ann: envy Envy Ben Cat") == ["envy-move"]


def test_envy_one_sister() -> None:
    game = envy_won_by_ann(0, 1, 1)
    game.board(G, 0, 1, 0)
    found = game.violations("Ann: envy Sloth Ben Greed Ben")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/envy-one-sister", "Both servants come from one sister's tile, not from Greed and Sloth")]
    assert game.engine.table.board[G][BEN] == 0 and game.engine.table.board[S][BEN] == 0
    game = envy_won_by_ann(0, 1, 1).board(G, 0, 2, 1)
    assert game.feed("Ann: envy Greed Ben Ben Cat") == ["envy-move"]  # three servants


def greed_won_by_ann(gold: int) -> Game:
    """Return a game where Ann's 3 servants were just removed from Greed."""
    game = at_play()
    game.engine.table.gold[ANN] = gold - 5  # Greed's gift brings 5
    game.score_with(greed=(3, 0, 0))
    return game


def test_buyback_ratio() -> None:
    game = greed_won_by_ann(5)
    assert game.feed("Ann: buyback 3 for 2 gold") == []
    assert (game.engine.table.playable[ANN], game.engine.table.gold[ANN]) == (33, 3)
    assert greed_won_by_ann(5).feed("Ann: buyback 3 for 3 gold") == []  # three 1-for-1 packages
    found = greed_won_by_ann(5).violations("Ann: buyback 3 for 1 gold")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/buyback-ratio", "3 servants cost 2 or 3 gold (1 for 1, 3 for 2, 5 for 3), not 1")]


def test_buyback_packages_combine() -> None:
    game = at_play()
    game.engine.table.gold[ANN] = 0
    game.score_with(greed=(8, 0, 0))
    assert game.feed("Ann: buyback 8 for 5 gold") == []  # 5 for 3 gold plus 3 for 2 gold
    assert game.engine.table.reserve[ANN] == 0


def test_buyback_limit() -> None:
    assert greed_won_by_ann(5).feed("Ann: buyback 1 for 1 gold") == []
    found = greed_won_by_ann(5).violations("Ann: buyback 5 for 3 gold")
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/buyback-limit", "Ann had 3 servants removed and cannot buy back 5")]
    assert greed_won_by_ann(6).feed("Ann: buyback 3 for 7 gold") == ["buyback-limit", "buyback-ratio"]


# ----- final scoring ---------------------------------------------------------------------------------

def finished(seed: int = 7) -> Game:
    """Return a Game wrapping a finished random game."""
    engine, _ = play_random_game(ENGINE, Setup(("Ann", "Ben", "Cat")), random.Random(seed))
    game = Game()
    game.engine, game.line = engine, 1000
    return game


def test_final_score() -> None:
    game = finished()
    right = game.engine.scores()
    assert game.feed("\n".join(f"table: score {p} {n}" for p, n in right.items())) == []
    found = game.violations(f"table: score Ann {right['Ann'] + 1}")
    parts = game.engine.score_breakdown()["Ann"]
    assert [(v.rule, v.message) for v in found] == [
        ("seven-sisters/final-score", f"Ann's final score is {right['Ann']} (favours {parts['favours']}, "
         f"sets {parts['sets']}, gold {parts['gold']}, fruit {parts['fruit']}, playable "
         f"{parts['playable']}), not {right['Ann'] + 1}")]


def test_final_winner() -> None:
    game = finished()
    champions = [game.engine.names[p] for p in game.engine.champions]
    losers = [p for p in game.engine.names if p not in champions]
    assert game.feed(f"table: winner {' '.join(champions)}") == []
    assert game.feed(f"table: winner {losers[0]}") == ["final-winner"]


def test_final_tie_breaks_most_sloth_then_most_servants_on_tiles() -> None:
    from playproof.playtest.games.seven_sisters.scoring import final_breakdown, winners
    game = Game()
    table = game.engine.table
    table.favours[ANN][G], table.favours[BEN][L] = 1, 1
    assert winners(table, [5, 5, 3]) == (ANN, BEN)  # a shared win
    table.board[P][BEN] = 2
    assert winners(table, [5, 5, 3]) == (BEN,)  # most servants on the tiles
    table.favours[ANN][S] = 1
    assert winners(table, [5, 5, 3]) == (ANN,)  # most Sloth favours comes first
    table.gold, table.fruit, table.playable = [3, 3, 1], [0, 0, 0], [9, 2, 2]
    share = final_breakdown(table, 2, 1, share=True)
    assert [(p["gold"], p["fruit"], p["playable"]) for p in share] == [(1, 0, 1), (1, 0, 0), (0, 0, 0)]
    none = final_breakdown(table, 2, 1, share=False)
    assert [p["gold"] for p in none] == [0, 0, 0]
    sloth = final_breakdown(table, 2, 1, share=True, by_sloth=True)  # Ann has the Sloth favour
    assert [(p["gold"], p["playable"]) for p in sloth] == [(1, 1), (0, 0), (0, 0)]
    table.favours[BEN][S] = 1
    assert [p["gold"] for p in final_breakdown(table, 2, 1, share=True, by_sloth=True)] == [0, 0, 0]


def test_a_full_set_scores_two_more() -> None:
    from playproof.playtest.games.seven_sisters.scoring import final_breakdown
    game = Game()
    game.engine.table.favours[ANN] = [2, 1, 1, 1, 1, 1, 1]
    parts = final_breakdown(game.engine.table, 2, 1, share=True)
    assert (parts[ANN]["favours"], parts[ANN]["sets"]) == (8, 2)
