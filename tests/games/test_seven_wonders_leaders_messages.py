"""7 Wonders Leaders: the exact text of the findings a player reads in an audit."""

from __future__ import annotations

from playproof.playtest.engine import Event
from playproof.playtest.games.seven_wonders_leaders.city import Hand
from playproof.playtest.games.seven_wonders_leaders.moves import Move
from playproof.playtest.games.seven_wonders_leaders.state import Pending
from test_seven_wonders_leaders_rules import (ENGINE, at_turn, city, dealt_leaders, give, new, play, recruiting,
                                              rome_b_stage, two_player_turn)


def said(eng: ENGINE, actor: str, verb: str, args: str = "") -> list[str]:
    """Apply one event and return '<rule>: <message>' for each finding."""
    return [f"{v.rule.split('/', 1)[1]}: {v.message}" for v in eng.apply(Event(1, actor, verb, args))]


def test_set_up_messages() -> None:
    eng = new()
    assert "setup-wonder: Ann already has Gizah A" in said(eng, "table", "wonder", "Ann Rhodos A")
    eng = new(sides="A")
    assert said(eng, "table", "wonder", "Ann Rhodos B") == [
        "flow-out-of-turn: Wonder boards are dealt at set-up", "setup-wonder: Ann already has Gizah A",
        "setup-wonder: Rhodos is already another city's board", "setup-wonder: this game plays side A only"]
    assert said(eng, "table", "leaders", "Ann Nero, Zorro") == ['move-syntax: no Leader named "Zorro"']
    assert said(new(), "table", "leaders", "Ann Nero, Croesus, Caesar, Hiram, Plato") == [
        "leaders-deal: Ann holds 5 Leaders; 4 are dealt"]
    eng = dealt_leaders(new())
    assert said(eng, "table", "leaders", "Ann Sappho") == ["flow-out-of-turn: Leaders are dealt before the draft"]
    assert said(eng, "table", "wonder", "Ann Rome A") == [
        "flow-out-of-turn: Wonder boards are dealt at set-up", "setup-wonder: Ann already has Gizah A"]


def test_deal_messages() -> None:
    eng = new()
    eng.st.phase, eng.st.deck = "deal", eng.data.deck(1, 3)
    cards = list(eng.st.deck.elements())
    assert said(eng, "table", "deal", "Ann " + ", ".join(cards[:8])) == [
        "setup-deal: Ann holds 8 cards; 7 are dealt"]
    eng = new()
    eng.st.age = 3
    eng._start_recruitment()
    eng.st.phase = "deal"
    five = "Builders Guild, Gamers Guild, Courtesans Guild, Spies Guild, Traders Guild"
    assert said(eng, "table", "deal", "Ann " + five) == []
    assert said(eng, "table", "deal", "Ben Spies Guild") == ["setup-guilds: Spies Guild was already dealt"]
    assert said(eng, "table", "deal", "Ben Workers Guild") == ["setup-guilds: more than 5 Guilds are dealt in Age III"]


def test_draft_and_recruitment_messages() -> None:
    eng = dealt_leaders(new())
    assert said(eng, "Ann", "draft", "Nero") == []
    assert said(eng, "Ann", "draft", "Croesus") == ["flow-once-per-turn: Ann already drafted in this round"]
    assert said(eng, "Ben", "draft", "Nero") == ["leaders-draft-hand: Nero is not in the Leader hand Ben drafts from"]
    eng = recruiting(new(), {"Ann": ["Nero", "Hiram"], "Ben": ["Plato"], "Cat": ["Sappho"]})
    assert said(eng, "Ann", "recruit", "Nero") == []
    assert said(eng, "Ann", "recruit", "Hiram") == [
        "flow-once-per-turn: Ann already played a Leader in this Recruitment phase"]
    assert said(eng, "Ann", "build", "Altar") == [
        "flow-out-of-turn: Ann cannot build now (the Recruitment phase of Age 1)"]


def test_turn_messages() -> None:
    eng = at_turn(new(boards=("Olympia A", "Gizah A", "Rhodos A")), {"Ann": ["Baths"], "Ben": ["Baths"]})
    assert said(eng, "Ben", "build", "Baths; free") == ["build-free-olympia: Ben has no power to build for free"]
    eng = at_turn(new(boards=("Olympia A", "Gizah A", "Rhodos A")), {"Ann": ["Altar"]})
    city(eng, "Ann").stages, city(eng, "Ann").olympia_age = 2, 1
    city(eng, "Ann").changed()
    assert said(eng, "Ann", "build", "Altar; free") == ["build-free-olympia: Ann already built for free in Age 1"]
    eng = at_turn(new(), {"Ann": ["Loom"], "Ben": ["Aqueduct"], "Cat": ["Aqueduct"]}, age=2)
    give(eng, "Ann", "Loom")
    city(eng, "Ben").stages = 3
    assert said(eng, "Ann", "build", "Loom") == ["build-duplicate: Ann already has a Loom"]
    assert said(eng, "Ben", "stage", "Aqueduct") == ["stage-available: Ben has no Wonder stage left to build"]
    found = said(eng, "Cat", "build", "Aqueduct; bank stone")
    assert found[0] == "trade-bank: Cat cannot buy from the bank (no Bilkis)"


def test_bank_and_follow_up_messages() -> None:
    eng = at_turn(new(), {"Ben": ["Aqueduct"]}, age=2)
    city(eng, "Ben").leaders.append(eng.data.leaders["Bilkis"])
    city(eng, "Ben").changed()
    assert "trade-bank: Ben buys 2 resources from the bank; one a turn" in said(eng, "Ben", "build",
                                                                                "Aqueduct; bank stone stone")
    eng = at_turn(new(), {"Ann": ["Courtesans Guild"], "Ben": ["Gardens"], "Cat": ["Gardens"]}, age=3)
    give(eng, "Ann", "Tree Farm", "Clay Pool", "Loom", "Glassworks")
    city(eng, "Ben").leaders.append(eng.data.leaders["Croesus"])
    play(eng, "Ann", "build", "Courtesans Guild"), play(eng, "Ben", "discard", "Gardens")
    assert said(eng, "Ann", "courtesan", "Ben Croesus") == [
        "flow-out-of-turn: Ann cannot courtesan now (Age 3 turn 1)"]
    play(eng, "Cat", "discard", "Gardens")
    assert said(eng, "Ben", "build", "Gardens") == [
        "flow-out-of-turn: Ann must first place the Courtesan on a neighbour's Leader (courtesan PLAYER LEADER) "
        "(Age 3 turn 1)"]
    assert said(eng, "Ann", "courtesan", "Cat Nero") == [
        "courtesan-target: Nero is not a Leader recruited in a neighbouring city"]


def test_salvage_and_rome_messages() -> None:
    eng = at_turn(new(boards=("Halikarnassos A", "Gizah A", "Rhodos A")),
                  {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").stages = 1
    give(eng, "Ann", "Ore Vein", "Foundry", "Baths", age=0)
    eng.st.discard = ["Baths", "Lumber Yard"]
    play(eng, "Ann", "stage", "Altar"), play(eng, "Ben", "discard", "Altar"), play(eng, "Cat", "discard", "Altar")
    assert said(eng, "Ben", "build", "Altar") == [
        "flow-out-of-turn: Ann must first build a card from the discard pile (salvage CARD, or salvage none) "
        "(Age 1 turn 1)"]
    assert said(eng, "Ann", "salvage", "Palace") == ["salvage-discard: Palace is not in the discard pile"]
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    rome_b_stage(eng, 1)
    assert said(eng, "table", "leaders", "Ann Nero, Croesus, Plato, Hiram, Sappho") == [
        "draw-leaders: Rome B draws 4 more Leaders, not 5"]
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").leader_hand = Hand(["Pericles"])
    city(eng, "Ann").coins = 3
    rome_b_stage(eng, 3)
    assert said(eng, "Ben", "build", "Altar") == [
        "flow-out-of-turn: Ann must first recruit Rome's extra Leader (recruit LEADER, or recruit none) (Age 1 turn 1)"]
    assert said(eng, "Ann", "recruit", "Caesar") == ["rome-extra-recruit: Caesar is not in Ann's Leader hand"]
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").leader_hand = Hand(["Pericles"])
    city(eng, "Ann").coins = 3
    rome_b_stage(eng, 3)
    assert said(eng, "Ann", "recruit", "Pericles") == [
        "rome-extra-recruit: Ann must pay 4 coins for Pericles but has 3"]


def test_two_player_messages() -> None:
    eng = two_player_turn(["Altar", "Baths", "Lumber Yard"])
    assert said(eng, "Ben", "freecity", "build Altar") == [
        "flow-out-of-turn: Ben does not control the Free City this turn"]
    assert said(eng, "Ann", "freecity", "discard Altar") == [
        "free-city-choice: the Free City may not discard Altar: it can be built"]
    assert said(eng, "table", "draw", "Ben Baths") == [
        "flow-out-of-turn: only the Free City's controller draws one card, once a turn"]


def test_free_city_chain_and_hidden_card_messages() -> None:
    eng = new(players=("Ann", "Ben"), boards=("Gizah A", "Rhodos A", "Ephesos A"))
    at_turn(eng, {"Ann": ["Temple", "Aqueduct"], "Ben": ["Aqueduct"]}, age=2)
    assert play(eng, "table", "draw", "Ann Statue") == []
    give(eng, "Free City", "Altar")
    assert said(eng, "Ann", "freecity", "discard Temple") == [
        "free-city-choice: the Free City must build Temple by its free chain"]
    eng = at_turn(new(), {"Ann": ["?", "?"]})
    assert said(eng, "Ann", "build", "Altar") == ["play-in-hand: Altar may not be in Ann's hand (hidden cards)"]
    assert said(eng, "Ben", "stage", "?") == [
        "play-in-hand: Ben plays a hidden card; it cannot be checked until revealed",
        "build-resources: Ben cannot cover the cost of Rhodos A stage 1 (2 wood) with its production and purchases"]
    assert said(eng, "Cat", "build", "?") == [
        "play-in-hand: Cat plays a hidden card; it cannot be checked until revealed",
        "build-resources: a hidden card cannot be checked until revealed"]


def test_score_and_game_over_messages() -> None:
    eng = at_turn(new(), {})
    give(eng, "Ann", "Altar", "Baths")
    assert said(eng, "table", "score", "Ann civilian 4") == ["consequence-score: Ann scores 5 for civilian, not 4"]
    eng.st.phase = "over"
    assert said(eng, "Ann", "build", "Altar") == ["flow-out-of-turn: the game is over"]


def test_every_pending_follow_up_names_what_it_awaits() -> None:
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    for kind, awaited in (("draw", "draw Rome's Leaders from the box (table: leaders PLAYER LEADER, ...)"),
                          ("salvage-stage", "build a card from the discard pile (salvage CARD, or salvage none)")):
        eng.st.queue = [Pending(kind, 0, 4)]
        found = eng._follow_up(1, Move("build", "Altar"))
        assert [(rule, message) for rule, message, _ in found] == [
            ("flow-out-of-turn", f"Ann must first {awaited} (Age 1 turn 1)")]
