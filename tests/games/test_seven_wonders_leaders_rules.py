"""Every rule of the 7 Wonders Leaders index: a legal and an illegal case asserting the rule id."""

from __future__ import annotations

import re
from pathlib import Path

from playproof.playtest.engine import Event, Setup, Status
from playproof.playtest.games.seven_wonders_leaders import ENGINE, RULES
from playproof.playtest.games.seven_wonders_leaders.city import Hand
from playproof.playtest.games.seven_wonders_leaders.scoring import breakdown

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "7-wonders-leaders"


def new(players=("Ann", "Ben", "Cat"), boards=("Gizah A", "Rhodos A", "Ephesos A"), **options: str) -> ENGINE:
    """Return an engine whose cities have their boards."""
    eng = ENGINE(Setup(tuple(players), options, 1, PROJECT))
    for city, board in zip(eng.st.cities, boards):
        assert play(eng, "table", "wonder", f"{city.name} {board}") == []
    return eng


def play(eng: ENGINE, actor: str, verb: str, args: str = "") -> list[str]:
    """Apply one event and return the rule slugs it broke."""
    return [v.rule.split("/", 1)[1] for v in eng.apply(Event(1, actor, verb, args))]


def at_turn(eng: ENGINE, hands: dict[str, list[str]], age: int = 1) -> ENGINE:
    """Jump to turn 1 of an Age with the given hands (others hold Altars)."""
    st = eng.st
    st.phase, st.age, st.turn, st.drawn = "turn", age, 1, False
    st.deck = eng.data.deck(age, len(st.players))
    for i, p in enumerate(st.players):
        st.cities[i].hand = Hand(list(hands.get(p, ["Altar", "Theater", "Stockade"])))
    return eng


def give(eng: ENGINE, player: str, *cards: str, age: int = 1) -> None:
    """Put structures in a player's city."""
    city = eng.st.cities[eng.st.index(player)]
    for name in cards:
        city.structures.append(eng.data.any_card(name) if age == 0 else eng.data.card(age, name))
    city.changed()


def city(eng: ENGINE, name: str):
    """Return a city by name."""
    return eng.st.cities[eng.st.index(name)]


def legal(rule: str, found: list[str]) -> None:
    """Assert a legal case: the rule is not broken."""
    assert rule not in found, found


def illegal(rule: str, found: list[str]) -> None:
    """Assert an illegal case: the rule is broken."""
    assert rule in found, found


# ---------------------------------------------------------------- log and flow


def test_move_syntax() -> None:
    eng = at_turn(new(), {"Ann": ["Lumber Yard", "Altar"]})
    legal("move-syntax", play(eng, "Ann", "build", "Lumber Yard"))
    eng = at_turn(new(), {"Ann": ["Lumber Yard", "Altar"]})
    illegal("move-syntax", play(eng, "Ann", "build", "Lumber Yard; left unobtainium"))
    assert play(eng, "Ann", "fly", "away") == ["move-syntax"]
    assert play(eng, "Zed", "build", "Altar") == ["move-syntax"]


def test_move_syntax_messages() -> None:
    eng = at_turn(new(), {"Ann": ["Lumber Yard"]})
    found = eng.apply(Event(4, "Ann", "build", "Lumber Yard; left unobtainium"))
    assert [v.message for v in found] == ['unknown resource "unobtainium" (resources: wood, stone, clay, ore, glass, loom, papyrus)']
    assert found[0].line == 4
    found = eng.apply(Event(5, "Ann", "build", "Colossus"))
    assert [v.message for v in found] == ['no Age 1 card named "Colossus"']


def test_flow_out_of_turn() -> None:
    eng = at_turn(new(), {})
    legal("flow-out-of-turn", play(eng, "Ann", "build", "Altar"))
    illegal("flow-out-of-turn", play(eng, "Ben", "draft", "Nero"))
    eng.st.phase = "over"
    assert play(eng, "Ann", "build", "Altar") == ["flow-out-of-turn"]


def test_flow_once_per_turn() -> None:
    eng = at_turn(new(), {})
    legal("flow-once-per-turn", play(eng, "Ann", "build", "Altar"))
    illegal("flow-once-per-turn", play(eng, "Ann", "build", "Theater"))


# ---------------------------------------------------------------- set-up


def test_setup_wonder() -> None:
    eng = ENGINE(Setup(("Ann", "Ben", "Cat"), {}, 1, PROJECT))
    legal("setup-wonder", play(eng, "table", "wonder", "Ann Gizah A"))
    illegal("setup-wonder", play(eng, "table", "wonder", "Ben Gizah B"))
    assert play(eng, "table", "wonder", "Ann Rome A") == ["setup-wonder"]
    eng = ENGINE(Setup(("Ann", "Ben", "Cat"), {"sides": "A"}, 1, PROJECT))
    assert play(eng, "table", "wonder", "Ann Rome B") == ["setup-wonder"]


def test_setup_deal() -> None:
    eng = new()
    eng.st.phase = "deal"
    eng.st.deck = eng.data.deck(1, 3)
    legal("setup-deal", play(eng, "table", "deal", "Ann Lumber Yard, Stone Pit, Clay Pool, Altar"))
    illegal("setup-deal", play(eng, "table", "deal", "Ann Palace"))
    assert play(eng, "table", "deal", "Ann Loom, Press, Barracks") == ["setup-deal"]  # an eighth card


def test_setup_deal_ends_with_full_hands() -> None:
    eng = new()
    eng.st.phase, eng.st.deck = "deal", eng.data.deck(1, 3)
    cards = list(eng.st.deck.elements())
    for p, start in (("Ann", 0), ("Ben", 7), ("Cat", 14)):
        assert play(eng, "table", "deal", f"{p} " + ", ".join(cards[start:start + 7])) == []
    assert eng.st.phase == "turn" and eng.st.turn == 1


def test_setup_guilds() -> None:
    eng = new()
    eng.st.age = 3
    eng._start_recruitment()
    eng.st.phase = "deal"
    guilds = ["Builders Guild", "Gamers Guild", "Courtesans Guild", "Spies Guild", "Traders Guild"]
    legal("setup-guilds", play(eng, "table", "deal", "Ann " + ", ".join(guilds)))
    illegal("setup-guilds", play(eng, "table", "deal", "Ben Workers Guild"))
    assert play(eng, "table", "deal", "Cat Spies Guild") == ["setup-guilds"]


# ---------------------------------------------------------------- Leader phase and Recruitment


def dealt_leaders(eng: ENGINE) -> ENGINE:
    """Deal the same four Leaders per seat as the example game."""
    hands = {"Ann": "Nero, Croesus, Caesar, Hiram", "Ben": "Maecenas, Plato, Tomyris, Bilkis",
             "Cat": "Solomon, Amytis, Zenobia, Leonidas"}
    for p, names in hands.items():
        assert play(eng, "table", "leaders", f"{p} {names}") == []
    return eng


def test_leaders_deal() -> None:
    eng = new()
    legal("leaders-deal", play(eng, "table", "leaders", "Ann Nero, Croesus, Caesar, Hiram"))
    illegal("leaders-deal", play(eng, "table", "leaders", "Ben Nero"))  # already dealt
    assert play(eng, "table", "leaders", "Ann Plato") == ["leaders-deal"]  # a fifth
    assert play(eng, "table", "leaders", "Cat Semiramis") == ["leaders-deal"]  # not without the variant


def test_leaders_draft_hand_and_passing() -> None:
    eng = dealt_leaders(new())
    assert eng.st.phase == "draft"
    legal("leaders-draft-hand", play(eng, "Ann", "draft", "Nero"))
    illegal("leaders-draft-hand", play(eng, "Ben", "draft", "Nero"))
    assert play(eng, "Cat", "draft", "Solomon") == []
    # hands pass to the right: Ann now drafts from Ben's former hand
    assert play(eng, "Ann", "draft", "Plato") == []
    assert play(eng, "Ann", "draft", "Bilkis") == ["flow-once-per-turn"]


def test_pass_direction_in_the_draft() -> None:
    eng = dealt_leaders(new())
    legal("pass-direction", play(eng, "table", "pass", "right"))
    eng = dealt_leaders(new())
    assert play(eng, "table", "pass", "left") == ["pass-direction"]
    for p, name in (("Ann", "Nero"), ("Ben", "Maecenas"), ("Cat", "Solomon")):
        assert play(eng, p, "draft", name) == []
    # passed left as written: Ann now drafts from Cat's former hand, and no follow-on finding
    assert play(eng, "Ann", "draft", "Amytis") == []


def test_pass_direction_in_an_age() -> None:
    hands = {"Ann": ["Altar", "Baths"], "Ben": ["Theater", "Baths"], "Cat": ["Stockade", "Baths"]}
    eng = at_turn(new(), hands)
    legal("pass-direction", play(eng, "table", "pass", "left"))
    hands = {"Ann": ["Sawmill", "Temple"], "Ben": ["Quarry", "Temple"], "Cat": ["Loom", "Temple"]}
    eng = at_turn(new(), hands, age=2)
    illegal("pass-direction", play(eng, "table", "pass", "left"))
    for p in ("Ann", "Ben", "Cat"):
        assert play(eng, p, "discard", "Temple") == []
    # passed left as written in Age II: Ben now holds Ann's Sawmill
    assert city(eng, "Ben").hand.cards == ["Sawmill"]
    assert play(eng, "table", "pass", "sideways") == ["move-syntax"]


def recruiting(eng: ENGINE, leaders: dict[str, list[str]], coins: int = 6) -> ENGINE:
    """Jump to the Age I Recruitment phase with given Leader hands."""
    for p, names in leaders.items():
        city(eng, p).leader_hand = Hand(list(names))
        city(eng, p).coins = coins
    eng._start_recruitment()
    return eng


def test_recruit_in_hand() -> None:
    eng = recruiting(new(), {"Ann": ["Nero", "Hiram"], "Ben": ["Plato"], "Cat": ["Sappho"]})
    legal("recruit-in-hand", play(eng, "Ann", "recruit", "Nero"))
    illegal("recruit-in-hand", play(eng, "Ben", "recruit", "Caesar"))


def test_recruit_cost() -> None:
    eng = recruiting(new(), {"Ann": ["Pericles"], "Ben": ["Plato"], "Cat": ["Sappho"]}, coins=5)
    illegal("recruit-cost", play(eng, "Ann", "recruit", "Pericles"))
    legal("recruit-cost", play(eng, "Ben", "recruit", "Plato"))
    assert play(eng, "Cat", "discard", "Sappho") == []
    assert [city(eng, p).coins for p in ("Ben", "Cat")] == [1, 8]


def test_recruit_free_with_rome_a_and_maecenas() -> None:
    eng = recruiting(new(boards=("Rome A", "Gizah A", "Rhodos A")), {"Ann": ["Pericles"], "Ben": ["Pericles"], "Cat": ["Sappho"]}, coins=0)
    assert play(eng, "Ann", "recruit", "Pericles") == []
    eng = recruiting(new(), {"Ann": ["Plato"], "Ben": ["Plato"], "Cat": ["Sappho"]}, coins=0)
    city(eng, "Ann").leaders.append(eng.data.leaders["Maecenas"])
    city(eng, "Ann").changed()
    assert play(eng, "Ann", "recruit", "Plato") == []
    assert play(eng, "Ben", "recruit", "Plato") == ["recruit-cost"]


def test_recruit_rome_b_discounts_neighbours() -> None:
    eng = recruiting(new(boards=("Rome B", "Gizah A", "Rhodos A")),
                     {"Ann": ["Pericles"], "Ben": ["Caesar"], "Cat": ["Cleopatra"]}, coins=4)
    assert play(eng, "Ann", "recruit", "Pericles") == []  # 6 - 2
    assert play(eng, "Ben", "recruit", "Caesar") == []  # 5 - 1 (neighbour of Rome B)
    assert play(eng, "Cat", "recruit", "Cleopatra") == []  # 4 - 1
    assert [city(eng, p).coins for p in ("Ann", "Ben", "Cat")] == [0, 0, 1]


# ---------------------------------------------------------------- playing Age cards


def test_play_in_hand() -> None:
    eng = at_turn(new(), {"Ann": ["Altar"]})
    legal("play-in-hand", play(eng, "Ann", "build", "Altar"))
    illegal("play-in-hand", play(eng, "Ben", "build", "Baths"))


def test_play_hidden_card_is_undetermined() -> None:
    eng = at_turn(new(), {})
    found = eng.apply(Event(3, "Ann", "discard", "?"))
    assert [(v.rule.split("/")[1], v.status) for v in found] == [("play-in-hand", Status.UNDETERMINED)]


def test_build_duplicate() -> None:
    eng = at_turn(new(), {"Ann": ["Loom", "Altar"], "Ben": ["Loom", "Altar"]}, age=2)
    give(eng, "Ann", "Loom")
    legal("build-duplicate", play(eng, "Ben", "build", "Loom"))
    illegal("build-duplicate", play(eng, "Ann", "build", "Loom"))


def test_build_resources_own_production_and_chains() -> None:
    eng = at_turn(new(), {"Ann": ["Baths"], "Ben": ["Baths"], "Cat": ["Temple"]})
    legal("build-resources", play(eng, "Ann", "build", "Baths"))  # Gizah makes stone
    illegal("build-resources", play(eng, "Ben", "build", "Baths"))  # Rhodos makes ore
    eng = at_turn(new(), {"Cat": ["Temple"]}, age=2)
    give(eng, "Cat", "Altar")
    assert play(eng, "Cat", "build", "Temple") == []  # chained from the Altar


def test_build_resources_choice_cards_and_leader_discount() -> None:
    eng = at_turn(new(), {"Ann": ["Temple"]}, age=2)
    give(eng, "Ann", "Tree Farm", "Clay Pool", "Glassworks")
    legal("build-resources", play(eng, "Ann", "build", "Temple"))  # the Tree Farm gives the wood
    eng = at_turn(new(), {"Ann": ["Temple"]}, age=2)
    give(eng, "Ann", "Tree Farm", "Clay Pool")
    illegal("build-resources", play(eng, "Ann", "build", "Temple"))  # no glass
    eng = at_turn(new(), {"Ann": ["Temple"]}, age=2)
    give(eng, "Ann", "Tree Farm", "Clay Pool")
    city(eng, "Ann").leaders.append(eng.data.leaders["Hammurabi"])
    city(eng, "Ann").changed()
    assert play(eng, "Ann", "build", "Temple") == []  # Hammurabi waives the glass
    eng = at_turn(new(), {"Ann": ["Temple"]}, age=2)
    give(eng, "Ann", "Tree Farm")
    assert play(eng, "Ann", "build", "Temple; left ore") == ["build-resources"]  # one unit short


def test_build_coins() -> None:
    eng = at_turn(new(), {"Ann": ["Clay Pit", "Baths"], "Ben": ["Baths"]})
    city(eng, "Ann").coins = 1
    legal("build-coins", play(eng, "Ann", "build", "Clay Pit"))
    city(eng, "Ben").coins = 1
    illegal("build-coins", play(eng, "Ben", "build", "Baths; left stone"))  # 2 coins to Cat? Cat is Ephesos
    eng = at_turn(new(), {"Ben": ["Baths"]})
    city(eng, "Ben").coins = 1
    assert play(eng, "Ben", "build", "Baths; right stone") == ["build-coins"]


def test_trade_supply() -> None:
    eng = at_turn(new(), {"Ben": ["Baths", "Altar"], "Cat": ["Baths"]})
    legal("trade-supply", play(eng, "Ben", "build", "Baths; right stone"))  # Ann's Gizah stone
    illegal("trade-supply", play(eng, "Cat", "build", "Baths; left stone; left stone"))  # Ann has one stone
    eng = at_turn(new(), {"Ben": ["Baths"]})
    give(eng, "Ann", "Caravansery", age=2)
    assert play(eng, "Ben", "build", "Baths; right stone stone") == ["trade-supply"]  # Caravansery is not for sale


def test_trading_pays_neighbours_after_the_turn_with_discounts() -> None:
    eng = at_turn(new(), {"Ben": ["Baths"], "Ann": ["Altar"], "Cat": ["Altar"]})
    give(eng, "Ben", "East Trading Post")  # raw materials from the right (Ann) cost 1
    assert play(eng, "Ben", "build", "Baths; right stone") == []
    assert play(eng, "Ann", "build", "Altar") == [] and play(eng, "Cat", "build", "Altar") == []
    assert [city(eng, p).coins for p in ("Ann", "Ben", "Cat")] == [7, 5, 6]


def test_trade_bank() -> None:
    eng = at_turn(new(), {"Ben": ["Baths"], "Cat": ["Baths"]})
    city(eng, "Ben").leaders.append(eng.data.leaders["Bilkis"])
    city(eng, "Ben").changed()
    legal("trade-bank", play(eng, "Ben", "build", "Baths; bank stone"))
    illegal("trade-bank", play(eng, "Cat", "build", "Baths; bank stone"))
    eng = at_turn(new(), {"Ben": ["Aqueduct"]}, age=2)
    city(eng, "Ben").leaders.append(eng.data.leaders["Bilkis"])
    city(eng, "Ben").changed()
    assert "trade-bank" in play(eng, "Ben", "build", "Aqueduct; bank stone stone; right stone")


def test_build_free_olympia() -> None:
    eng = at_turn(new(boards=("Olympia A", "Gizah A", "Rhodos A")), {"Ann": ["Baths", "Altar"], "Ben": ["Baths"]})
    city(eng, "Ann").stages = 2
    city(eng, "Ann").changed()
    legal("build-free-olympia", play(eng, "Ann", "build", "Baths; free"))
    illegal("build-free-olympia", play(eng, "Ben", "build", "Baths; free"))
    eng.st.choices.clear()
    city(eng, "Ann").olympia_age = 1
    assert play(eng, "Ann", "build", "Altar; free") == ["build-free-olympia"]


def test_stage_available() -> None:
    eng = at_turn(new(), {"Ann": ["Altar"], "Ben": ["Altar"]})
    give(eng, "Ann", "Stone Pit")
    legal("stage-available", play(eng, "Ann", "stage", "Altar"))
    city(eng, "Ben").stages = 3
    illegal("stage-available", play(eng, "Ben", "stage", "Altar"))


def test_stage_order() -> None:
    eng = at_turn(new(), {"Ann": ["Altar"], "Ben": ["Altar", "Baths"], "Cat": ["Altar"]})
    legal("stage-order", play(eng, "Ann", "stage", "Altar; stage 1"))
    city(eng, "Ben").stages = 1
    illegal("stage-order", play(eng, "Ben", "stage", "Altar; stage 3"))
    assert play(eng, "Cat", "discard", "Altar") == []
    # built as written: stages 1 and 3, and the next stage written without a number is stage 2
    assert city(eng, "Ben").built_stages() == [0, 2]
    assert "stage-order" not in play(eng, "Ben", "stage", "Baths")
    illegal("stage-available", play(eng, "Ann", "stage", "Altar; stage 4"))  # Gizah A has 3 stages


def test_stage_pays_the_board_cost() -> None:
    eng = at_turn(new(), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    assert play(eng, "Ann", "stage", "Altar") == ["build-resources"]  # Gizah A I needs 2 stone
    assert play(eng, "Ben", "stage", "Altar; right stone") == ["build-resources"]  # Rhodos A I needs wood
    assert play(eng, "Cat", "stage", "Altar; left stone stone") == ["trade-supply"]  # Gizah has one


# ---------------------------------------------------------------- follow-ups


def test_salvage_discard() -> None:
    eng = at_turn(new(boards=("Halikarnassos A", "Gizah A", "Rhodos A")),
                  {"Ann": ["Altar", "Theater"], "Ben": ["Altar", "Theater"], "Cat": ["Altar", "Theater"]})
    city(eng, "Ann").stages = 1
    give(eng, "Ann", "Ore Vein", "Foundry", "Baths", age=0)
    eng.st.discard = ["Baths", "Lumber Yard"]
    assert play(eng, "Ann", "stage", "Altar") == []
    assert play(eng, "Ben", "discard", "Altar") == [] and play(eng, "Cat", "discard", "Altar") == []
    head = eng.st.queue[0]
    assert head.kind == "salvage-stage"
    illegal("salvage-discard", play(eng, "Ann", "salvage", "Baths"))  # already owned


def test_salvage_takes_a_discarded_card() -> None:
    eng = at_turn(new(boards=("Halikarnassos A", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").stages = 1
    give(eng, "Ann", "Ore Vein", "Foundry", age=0)
    eng.st.discard = ["Lumber Yard", "Palace"]
    assert play(eng, "Ann", "stage", "Altar") == []
    play(eng, "Ben", "discard", "Altar"), play(eng, "Cat", "discard", "Altar")
    legal("salvage-discard", play(eng, "Ann", "salvage", "Palace"))
    assert city(eng, "Ann").owns("Palace") and eng.st.discard.count("Palace") == 0


def test_courtesan_target() -> None:
    eng = at_turn(new(), {"Ann": ["Courtesans Guild"], "Ben": ["Gardens"], "Cat": ["Gardens"]}, age=3)
    give(eng, "Ann", "Tree Farm", "Clay Pool", "Loom", "Glassworks")
    city(eng, "Ben").leaders.append(eng.data.leaders["Croesus"])
    assert play(eng, "Ann", "build", "Courtesans Guild") == []
    assert play(eng, "Ben", "discard", "Gardens") == play(eng, "Cat", "discard", "Gardens") == []
    assert eng.st.queue[0].kind == "courtesan"
    illegal("courtesan-target", play(eng, "Ann", "courtesan", "Cat Nero"))


def test_courtesan_copies_the_leader() -> None:
    eng = at_turn(new(), {"Ann": ["Courtesans Guild"], "Ben": ["Gardens"], "Cat": ["Gardens"]}, age=3)
    give(eng, "Ann", "Tree Farm", "Clay Pool", "Loom", "Glassworks")
    city(eng, "Ben").leaders.append(eng.data.leaders["Croesus"])
    assert play(eng, "Ann", "build", "Courtesans Guild") == []
    assert play(eng, "Ben", "discard", "Gardens") == play(eng, "Cat", "discard", "Gardens") == []
    coins = city(eng, "Ann").coins
    legal("courtesan-target", play(eng, "Ann", "courtesan", "Ben Croesus"))
    assert city(eng, "Ann").coins == coins + 6 and city(eng, "Ann").courtesan.name == "Croesus"


def rome_b_stage(eng: ENGINE, stage: int) -> ENGINE:
    """Build Rome B's next stage in a turn where everyone else discards."""
    ann = city(eng, "Ann")
    ann.stages = stage - 1
    give(eng, "Ann", "Quarry", "Clay Pool", "Loom", "Lumber Yard", "Press", age=0)
    ann.changed()
    assert play(eng, "Ann", "stage", "Altar") == []
    play(eng, "Ben", "discard", "Altar"), play(eng, "Cat", "discard", "Altar")
    return eng


def test_draw_leaders() -> None:
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    rome_b_stage(eng, 1)
    assert eng.st.queue[0].kind == "draw" and city(eng, "Ann").coins == 11
    legal("draw-leaders", play(eng, "table", "leaders", "Ann Nero, Croesus"))
    city(eng, "Ben").leader_hand.cards.append("Sappho")
    eng.st.box["Sappho"] = 0
    illegal("draw-leaders", play(eng, "table", "leaders", "Ann Sappho"))
    assert play(eng, "table", "leaders", "Ann Plato, Hiram") == ["draw-leaders"]  # five drawn


def test_rome_extra_recruit() -> None:
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").leader_hand = Hand(["Pericles", "Sappho"])
    city(eng, "Ann").coins = 4
    rome_b_stage(eng, 2)
    assert eng.st.queue[0].kind == "recruit"
    illegal("rome-extra-recruit", play(eng, "Ann", "recruit", "Caesar"))
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").leader_hand = Hand(["Pericles", "Sappho"])
    city(eng, "Ann").coins = 4
    rome_b_stage(eng, 2)
    legal("rome-extra-recruit", play(eng, "Ann", "recruit", "Pericles"))  # 6 - 2 = 4 coins
    assert city(eng, "Ann").coins == 0 and [l.name for l in city(eng, "Ann").leaders] == ["Pericles"]


def test_rome_stage_discount_variant_stacks_on_the_board() -> None:
    eng = new(boards=("Rome B", "Gizah A", "Rhodos A"), **{"rome-stage-discount": "2"})
    at_turn(eng, {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").leader_hand = Hand(["Pericles"])
    city(eng, "Ann").coins = 2
    rome_b_stage(eng, 2)
    assert play(eng, "Ann", "recruit", "Pericles") == [] and city(eng, "Ann").coins == 0  # 6 - 2 - 2


def test_rome_extra_recruit_needs_coins() -> None:
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
    city(eng, "Ann").leader_hand = Hand(["Pericles"])
    city(eng, "Ann").coins = 3
    rome_b_stage(eng, 3)
    assert play(eng, "Ann", "recruit", "Pericles") == ["rome-extra-recruit"]


# ---------------------------------------------------------------- 2 players


def two_player_turn(controller_hand: list[str]) -> ENGINE:
    """Return a 2-player game at Age I turn 1, the Free City card with Ann."""
    eng = new(players=("Ann", "Ben"), boards=("Gizah A", "Rhodos A", "Ephesos A"))
    at_turn(eng, {"Ann": controller_hand, "Ben": ["Altar", "Theater"]})
    assert play(eng, "table", "draw", "Ann Stockade") == []
    return eng


def test_free_city_choice() -> None:
    eng = two_player_turn(["Altar", "Baths", "Lumber Yard"])
    legal("free-city-choice", play(eng, "Ann", "freecity", "build Lumber Yard"))
    eng = two_player_turn(["Altar", "Baths", "Lumber Yard"])
    illegal("free-city-choice", play(eng, "Ann", "freecity", "discard Altar"))
    assert play(eng, "Ben", "freecity", "build Altar") == ["flow-out-of-turn"]


def test_free_city_turn_resolves_and_passes() -> None:
    eng = two_player_turn(["Altar", "Baths", "Lumber Yard"])
    assert play(eng, "Ann", "build", "Altar") == []
    assert play(eng, "Ann", "freecity", "build Altar") == ["play-in-hand"]  # the Altar is already chosen
    assert eng.st.turn == 1
    assert play(eng, "Ben", "build", "Theater") == []
    assert eng.st.turn == 2 and eng.st.controller == 1
    assert city(eng, "Free City").owns("Altar") and city(eng, "Ann").owns("Altar")


# ---------------------------------------------------------------- logged consequences


def test_consequence_coins() -> None:
    eng = at_turn(new(), {})
    legal("consequence-coins", play(eng, "table", "coins", "Ann 6"))
    illegal("consequence-coins", play(eng, "table", "coins", "Ann 9"))
    assert [v.message for v in eng.apply(Event(2, "table", "coins", "Ben 1"))] == ["Ben has 6 coins, not 1"]


def test_consequence_score() -> None:
    eng = at_turn(new(), {})
    give(eng, "Ann", "Altar", "Baths")
    legal("consequence-score", play(eng, "table", "score", "Ann civilian 5"))
    legal("consequence-score", play(eng, "table", "score", "Ann 7"))  # 5 civilian + 2 treasury
    illegal("consequence-score", play(eng, "table", "score", "Ann 8"))
    assert play(eng, "table", "score", "Ann karma 3") == ["move-syntax"]


# ---------------------------------------------------------------- issue 9: what really happened


def test_trade_unneeded() -> None:
    eng = at_turn(new(), {"Ben": ["Baths", "Altar"], "Cat": ["Baths"]})
    legal("trade-unneeded", play(eng, "Ben", "build", "Baths; right stone"))  # Rhodos makes no stone
    give(eng, "Cat", "Stone Pit")
    illegal("trade-unneeded", play(eng, "Cat", "build", "Baths; left stone"))  # Cat makes its own stone
    eng = at_turn(new(), {"Ben": ["Baths"]})
    assert play(eng, "Ben", "build", "Baths; right stone stone") == ["trade-supply"]  # one finding, not two


def test_a_purchase_for_a_free_chain_is_flagged_and_paid() -> None:
    eng = at_turn(new(), {"Ann": ["Glassworks"], "Ben": ["Loom"], "Cat": ["Temple"]}, age=2)
    give(eng, "Cat", "Altar")
    assert play(eng, "Cat", "build", "Temple; left stone") == ["trade-unneeded"]  # the chain makes it free
    assert play(eng, "Ann", "build", "Glassworks") == [] and play(eng, "Ben", "build", "Loom") == []
    assert [city(eng, p).coins for p in ("Ann", "Ben", "Cat")] == [8, 6, 4]  # Cat paid Ann 2 coins


def test_a_purchase_for_a_discard_or_a_free_build_is_flagged() -> None:
    eng = at_turn(new(boards=("Olympia A", "Gizah A", "Rhodos A")), {"Ann": ["Altar"], "Ben": ["Altar"]})
    city(eng, "Ann").stages = 2
    assert play(eng, "Ann", "build", "Altar; free; left stone") == ["trade-unneeded"]
    assert play(eng, "Ben", "discard", "Altar; right wood") == ["trade-unneeded"]


def test_the_extra_purchases_variant_allows_buying_more_and_pays_it() -> None:
    eng = at_turn(new(**{"extra-purchases": "true"}), {"Ann": ["Glassworks"], "Ben": ["Loom"], "Cat": ["Temple"]},
                  age=2)
    give(eng, "Cat", "Altar")
    assert play(eng, "Cat", "build", "Temple; left stone") == []
    assert play(eng, "Ann", "build", "Glassworks") == [] and play(eng, "Ben", "build", "Loom") == []
    assert [city(eng, p).coins for p in ("Ann", "Ben", "Cat")] == [8, 6, 4]


def test_a_purchase_from_the_wrong_side_is_paid_to_the_seller_once_reported() -> None:
    eng = at_turn(new(), {"Ann": ["Altar"], "Ben": ["Baths"], "Cat": ["Altar"]})
    assert play(eng, "Ben", "build", "Baths; left stone") == ["trade-supply"]  # Cat has none; Ann (right) has
    assert play(eng, "Ann", "build", "Altar") == [] and play(eng, "Cat", "build", "Altar") == []
    assert [city(eng, p).coins for p in ("Ann", "Ben", "Cat")] == [8, 4, 6]
    assert play(eng, "table", "coins", "Ann 8") == []  # no follow-on finding
    eng = at_turn(new(), {"Ben": ["Baths"]})
    assert [v.message for v in eng.apply(Event(3, "Ben", "build", "Baths; left stone"))] == [
        "Cat cannot sell stone to Ben (paid to Ann, who sells it)"]


def test_a_city_short_of_coins_pays_what_it_has_once_reported() -> None:
    eng = at_turn(new(), {"Ann": ["Altar"], "Ben": ["Baths"], "Cat": ["Altar"]})
    city(eng, "Ben").coins = 1
    assert play(eng, "Ben", "build", "Baths; right stone") == ["build-coins"]
    assert play(eng, "Ann", "build", "Altar") == [] and play(eng, "Cat", "build", "Altar") == []
    assert [city(eng, p).coins for p in ("Ann", "Ben", "Cat")] == [7, 0, 6]


def game_over(eng: ENGINE) -> ENGINE:
    """Jump past Age III's conflicts."""
    eng.st.phase, eng.st.age = "over", 3
    return eng


def test_science_wild() -> None:
    eng = new()
    give(eng, "Ann", "Scientists Guild", age=0)
    assert play(eng, "Ann", "science", "Scientists Guild gear") == ["flow-out-of-turn"]  # chosen at the end
    game_over(eng)
    legal("science-wild", play(eng, "Ann", "science", "Scientists Guild gear"))
    assert eng.score_breakdown()["Ann"]["science"] == 1  # one gear, as chosen
    illegal("science-wild", play(eng, "Ann", "science", "Scientists Guild tablet"))  # chosen once
    illegal("science-wild", play(eng, "Ben", "science", "Scientists Guild gear"))  # not Ben's
    assert play(eng, "Cat", "science", "wonder gear") == ["science-wild"]  # Ephesos has no wild symbol
    assert play(eng, "Ann", "science", "Scientists Guild sundial") == ["move-syntax"]


def test_science_wild_from_a_wonder_stage() -> None:
    eng = game_over(new(boards=("Babylon A", "Gizah A", "Rhodos A")))
    city(eng, "Ann").stages = 2
    city(eng, "Ann").changed()
    assert play(eng, "Ann", "science", "wonder tablet") == []
    assert eng.score_breakdown()["Ann"]["science"] == 1


def test_science_wild_of_the_free_city() -> None:
    eng = game_over(new(players=("Ann", "Ben"), boards=("Gizah A", "Rhodos A", "Ephesos A")))
    give(eng, "Free City", "Scientists Guild", age=0)
    legal("science-wild", play(eng, "table", "science", "Free City Scientists Guild tablet"))
    free = eng.st.index("Free City")
    assert breakdown(eng.st, free)["science"] == 1  # one tablet, as written
    illegal("science-wild", play(eng, "table", "science", "Free City wonder gear"))  # Ephesos has none
    assert play(eng, "table", "science", "Ann Scientists Guild gear") == ["flow-out-of-turn"]  # Ann's own


def test_science_wild_of_a_guild_copied_by_olympia_b() -> None:
    eng = game_over(new(boards=("Olympia B", "Gizah A", "Rhodos A")))
    give(eng, "Ben", "Scientists Guild", age=0)
    illegal("science-wild", play(eng, "Ann", "science", "Scientists Guild compass"))  # stage 3 not built
    city(eng, "Ann").stages = 3
    city(eng, "Ann").changed()
    legal("science-wild", play(eng, "Ann", "science", "Scientists Guild compass"))
    assert eng.score_breakdown()["Ann"]["science"] == 1  # the copied guild's compass, as written
    illegal("science-wild", play(eng, "Cat", "science", "Scientists Guild gear"))  # Rhodos copies nothing


def test_consequence_tokens() -> None:
    eng = new()
    city(eng, "Ann").tokens = [3, -1]
    legal("consequence-tokens", play(eng, "table", "tokens", "Ann -1 3"))
    legal("consequence-tokens", play(eng, "table", "tokens", "Ben none"))
    illegal("consequence-tokens", play(eng, "table", "tokens", "Ann +3"))
    assert play(eng, "table", "tokens", "Ann three") == ["move-syntax"]


def test_consequence_winner_breaks_a_tie_by_coins() -> None:
    eng = new()
    assert play(eng, "table", "winner", "Ann") == ["flow-out-of-turn"]  # the game is not over
    game_over(eng)
    legal("consequence-winner", play(eng, "table", "winner", "Ann, Ben, Cat"))  # 2 points and 6 coins each
    illegal("consequence-winner", play(eng, "table", "winner", "Ann"))
    city(eng, "Ann").coins = 8  # still 2 points, but the most coins
    legal("consequence-winner", play(eng, "table", "winner", "Ann"))
    illegal("consequence-winner", play(eng, "table", "winner", "Ann, Ben, Cat"))
    assert play(eng, "table", "winner", "Zed") == ["move-syntax"]


def test_free_city_must_chain_a_card_anywhere_in_the_hand() -> None:
    def age_two() -> ENGINE:
        eng = new(players=("Ann", "Ben"))
        at_turn(eng, {"Ann": ["Temple", "Aqueduct", "Statue"], "Ben": ["Loom"]}, age=2)
        give(eng, "Free City", "Altar")
        assert play(eng, "table", "draw", "Ann Courthouse") == []
        return eng
    eng = age_two()
    assert play(eng, "Ann", "discard", "Statue") == []
    illegal("free-city-choice", play(eng, "Ann", "freecity", "discard Aqueduct"))  # the Temple is a free chain
    eng = age_two()
    assert play(eng, "Ann", "discard", "Statue") == []
    legal("free-city-choice", play(eng, "Ann", "freecity", "build Temple"))
    eng = age_two()  # written first, the Free City's card is judged knowing Ann may keep the Temple
    assert play(eng, "Ann", "freecity", "discard Aqueduct") == []


def test_free_city_may_not_discard_while_another_card_can_be_built() -> None:
    eng = two_player_turn(["Altar", "Baths", "Lumber Yard"])
    assert play(eng, "Ann", "build", "Altar") == []
    illegal("free-city-choice", play(eng, "Ann", "freecity", "discard Stockade"))  # it can build the Lumber Yard
    eng = new(players=("Ann", "Ben"), boards=("Gizah A", "Rhodos A", "Ephesos A"))
    at_turn(eng, {"Ann": ["Altar", "Stockade"], "Ben": ["Altar", "Theater"]})
    assert play(eng, "table", "draw", "Ann Stockade") == []
    assert play(eng, "Ann", "build", "Altar") == []
    legal("free-city-choice", play(eng, "Ann", "freecity", "discard Stockade"))  # no wood to make or buy


def test_every_rule_quotes_the_rulebook() -> None:
    assert [r.id for r in RULES if not r.text.strip()] == []


def test_every_rule_has_a_legal_and_an_illegal_case() -> None:
    # Read from this file's source, so the check holds whatever order or selection tests run in.
    source = Path(__file__).read_text(encoding="utf-8")
    slugs = {r.id.split("/", 1)[1] for r in RULES}
    assert {s for s in slugs if re.search(rf'(?<!il)legal\("{re.escape(s)}"', source)} == slugs
    assert {s for s in slugs if f'illegal("{s}"' in source} == slugs


def test_only_leaders_go_into_leader_hands() -> None:
    eng = new()
    assert play(eng, "table", "leaders", "Ann Nero, Palace") == ["move-syntax"]
    assert eng.st.draft[0].cards == ["Nero"]
    eng = dealt_leaders(new())
    assert play(eng, "Ann", "draft", "Palace") == ["move-syntax"] and eng.picks == {}


def test_an_unlogged_rome_draw_is_unseen() -> None:
    eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")), {"Ann": ["Altar", "Baths"], "Ben": ["Altar", "Baths"], "Cat": ["Altar", "Baths"]})
    rome_b_stage(eng, 1)
    assert eng.st.queue[0].kind == "draw"
    assert play(eng, "Ann", "discard", "Baths") == []  # the next turn: the draw happened unseen
    assert city(eng, "Ann").leader_hand.cards == ["?"] * 4 and eng.st.turn == 2


def messages(eng: ENGINE, actor: str, verb: str, args: str = "") -> list[str]:
    """Apply one event and return the messages of what it broke."""
    return [v.message for v in eng.apply(Event(1, actor, verb, args))]


def test_finding_messages_read_plainly() -> None:
    eng = at_turn(new(), {"Ann": ["Temple"], "Ben": ["Aqueduct"], "Cat": ["Aqueduct"]}, age=2)
    assert messages(eng, "Ann", "build", "Temple; left wood") == [
        "Ben cannot sell wood to Ann", "Ann cannot cover the cost of Temple (1 wood, 1 clay, 1 glass) with its production and purchases"]
    city(eng, "Ben").coins = 1
    assert messages(eng, "Ben", "build", "Aqueduct; right stone") == [
        "Ben cannot cover the cost of Aqueduct (3 stone) with its production and purchases", "Ben must pay 2 coins but has 1"]
    assert messages(eng, "Ben", "build", "Aqueduct") == ["Ben already chose a card this turn"]
    assert messages(eng, "Cat", "draft", "Nero") == ["Cat cannot draft now (Age 2 turn 1)"]
    eng = recruiting(new(), {"Ann": ["Pericles"], "Ben": ["Plato"], "Cat": ["Sappho"]}, coins=5)
    assert messages(eng, "Ann", "recruit", "Pericles") == ["Ann must pay 6 coins for Pericles but has 5"]
    assert messages(eng, "Ben", "recruit", "Nero") == ["Nero is not in Ben's Leader hand"]
    eng = new()
    eng.st.phase, eng.st.deck = "deal", eng.data.deck(1, 3)
    assert messages(eng, "table", "deal", "Ann Palace") == ["Palace is not in the Age 1 deck"]


def test_a_refused_purchase_counts_its_units() -> None:
    eng = at_turn(new(), {"Ann": ["Aqueduct"], "Ben": ["Aqueduct"], "Cat": ["Aqueduct"]}, age=2)
    assert messages(eng, "Cat", "build", "Aqueduct; left 2 clay wood") == [
        "Ann cannot sell wood, 2 clay to Cat",
        "Cat cannot cover the cost of Aqueduct (3 stone) with its production and purchases"]


def test_a_free_build_goes_with_a_structure_only() -> None:
    eng = at_turn(new(boards=("Olympia A", "Gizah A", "Rhodos A")), {"Ann": ["Baths", "Altar"], "Ben": ["Altar"]})
    city(eng, "Ann").stages = 2
    assert play(eng, "Ann", "discard", "Altar; free") == ["build-free-olympia"]
    assert play(eng, "Ben", "stage", "Altar; free") == ["build-free-olympia", "build-resources"]


def test_a_move_by_the_wrong_kind_of_actor_is_out_of_turn() -> None:
    eng = at_turn(new(), {"Ann": ["Altar"]})
    assert play(eng, "Ann", "deal", "Ben Altar") == ["flow-out-of-turn"]  # the table deals
    assert play(eng, "table", "build", "Altar") == ["flow-out-of-turn"]  # a player builds
    assert play(eng, "Ann", "build", "Altar") == []


def test_coins_written_as_paid_to_the_bank_are_checked_and_paid() -> None:
    eng = at_turn(new(), {"Ann": ["Lumber Yard"], "Ben": ["Clay Pit"], "Cat": ["Altar"]})
    legal("build-coins", play(eng, "Ben", "build", "Clay Pit; pay 1"))
    illegal("build-coins", play(eng, "Ann", "build", "Lumber Yard; pay 1"))  # a Lumber Yard is free
    assert play(eng, "Cat", "discard", "Altar; pay 0") == []
    assert [city(eng, p).coins for p in ("Ann", "Ben", "Cat")] == [5, 5, 9]  # Ann paid her coin all the same
    eng = recruiting(new(), {"Ann": ["Nero"], "Ben": ["Croesus"]})
    price = eng.data.leaders["Nero"].cost
    legal("recruit-cost", play(eng, "Ann", "recruit", f"Nero; pay {price}"))
    illegal("recruit-cost", play(eng, "Ben", "recruit", "Croesus; pay 0"))
    eng = recruiting(new(), {"Ann": ["Nero"]})
    assert play(eng, "Ann", "recruit", f"Nero; left ore; pay {price}") == ["trade-unneeded"]


def test_rome_extra_recruit_checks_the_coins_written() -> None:
    def pericles_pending() -> ENGINE:
        eng = at_turn(new(boards=("Rome B", "Gizah A", "Rhodos A")),
                      {"Ann": ["Altar"], "Ben": ["Altar"], "Cat": ["Altar"]})
        city(eng, "Ann").leader_hand = Hand(["Pericles", "Sappho"])
        city(eng, "Ann").coins = 4
        return rome_b_stage(eng, 2)
    assert play(pericles_pending(), "Ann", "recruit", "Pericles; pay 4") == []  # 6 - 2 = 4 coins
    eng = pericles_pending()
    assert play(eng, "Ann", "recruit", "Pericles; pay 3") == ["rome-extra-recruit"]
    assert city(eng, "Ann").coins == 1  # the 3 coins written are paid


def test_one_mistake_gives_one_finding() -> None:
    eng = at_turn(new(), {"Ben": ["Baths"], "Cat": ["Baths"]})
    assert play(eng, "Ben", "build", "Baths; right stone; free") == ["build-free-olympia"]  # the stone was needed
    give(eng, "Cat", "Baths")
    assert play(eng, "Cat", "build", "Baths") == ["build-duplicate"]  # no word on the stone Ephesos lacks
