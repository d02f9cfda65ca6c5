"""7 Wonders Leaders effects, conflicts, passing and scoring, checked through the engine."""

from __future__ import annotations

from pathlib import Path

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.seven_wonders_leaders import ENGINE, options
from playproof.playtest.games.seven_wonders_leaders.city import Hand
from playproof.playtest.games.seven_wonders_leaders.resolve import conflicts
from playproof.playtest.games.seven_wonders_leaders.scoring import breakdown, science_points

PROJECT = Path(__file__).resolve().parents[2] / "examples" / "7-wonders-leaders"


def new(players=("Ann", "Ben", "Cat"), boards=("Gizah A", "Rhodos A", "Ephesos A")) -> ENGINE:
    """Return an engine whose cities have their boards."""
    eng = ENGINE(Setup(tuple(players), {}, 1, PROJECT))
    for city, board in zip(eng.st.cities, boards):
        eng.apply(Event(1, "table", "wonder", f"{city.name} {board}"))
    return eng


def turn(eng: ENGINE, hands: dict[str, list[str]], age: int = 1) -> ENGINE:
    """Jump to turn 1 of an Age with the given hands."""
    st = eng.st
    st.phase, st.age, st.turn = "turn", age, 1
    for i, p in enumerate(st.players):
        st.cities[i].hand = Hand(list(hands[p]))
    return eng


def act(eng: ENGINE, actor: str, verb: str, args: str) -> None:
    """Apply a move that must be legal."""
    assert eng.apply(Event(1, actor, verb, args)) == []


def city(eng: ENGINE, name: str):
    """Return a city by name."""
    return eng.st.cities[eng.st.index(name)]


def holds(eng: ENGINE, player: str, *cards: str, leaders: tuple[str, ...] = ()) -> None:
    """Put structures (any Age) and Leaders in a city."""
    c = city(eng, player)
    c.structures += [eng.data.any_card(n) for n in cards]
    c.leaders += [eng.data.leaders[n] for n in leaders]
    c.changed()


def test_science_scores_squares_and_sets_with_wild_symbols() -> None:
    assert science_points([1, 1, 1], 0, 7) == (10, 1)
    assert science_points([2, 2, 1], 1, 7) == (26, 2)  # the wild completes a second set
    assert science_points([3, 0, 0], 1, 7) == (16, 0)  # a fourth of a kind beats a lone set


def test_aristotle_scores_sets_on_the_leaders_line() -> None:
    eng = new()
    holds(eng, "Ann", "Apothecary", "Workshop", "Scriptorium", leaders=("Aristotle",))
    lines = breakdown(eng.st, 0)
    assert (lines["science"], lines["leaders"]) == (10, 3)


def test_conflicts_tokens_nero_tomyris_alexander() -> None:
    eng = new()
    holds(eng, "Ann", "Barracks", "Stockade", leaders=("Nero", "Alexander"))
    holds(eng, "Ben", leaders=("Tomyris",))
    eng.st.age = 2
    conflicts(eng.st)
    ann, ben, cat = (city(eng, p) for p in ("Ann", "Ben", "Cat"))
    assert sorted(ann.tokens) == [-1, 3, 3]  # beat Ben and Cat; Ben's Tomyris passes her Defeat on
    assert ben.tokens == [] and cat.tokens == [-1]
    assert ann.coins == 6 + 4  # Nero: 2 coins per Victory token
    assert breakdown(eng.st, 0)["military"] == 5 and breakdown(eng.st, 0)["leaders"] == 2


def test_passing_left_in_age_one_right_in_age_two() -> None:
    for age, receiver in ((1, "Ben"), (2, "Cat")):
        eng = turn(new(), {"Ann": ["A1", "x"], "Ben": ["B1", "x"], "Cat": ["C1", "x"]}, age)
        eng._pass_hands()
        assert city(eng, receiver).hand.cards[0] == "A1"


def test_hatshepsut_xenophon_vitruvius_and_bazar() -> None:
    eng = turn(new(), {"Ann": ["Forum", "x"], "Ben": ["Bazar", "x"], "Cat": ["Temple", "x"]}, age=2)
    holds(eng, "Ann", "East Trading Post", leaders=("Xenophon", "Vitruvius"))
    holds(eng, "Ben", "Glassworks", "Loom", leaders=("Hatshepsut",))
    holds(eng, "Cat", "Altar", "Clay Pool", "Lumber Yard", "Glassworks")
    act(eng, "Ann", "build", "Forum")  # chained from the East Trading Post
    act(eng, "Ben", "build", "Bazar")
    act(eng, "Cat", "build", "Temple")  # chained from the Altar
    ann, ben = city(eng, "Ann"), city(eng, "Ben")
    assert ann.coins == 6 + 2 + 2  # Xenophon (yellow) + Vitruvius (chain)
    assert ben.coins == 6 + 2 * 3  # Bazar: three grey cards around it (Ann has none)


def test_hatshepsut_rebate_once_per_neighbour() -> None:
    eng = turn(new(), {"Ann": ["Altar", "x"], "Ben": ["Baths", "x"], "Cat": ["Altar", "x"]})
    holds(eng, "Ben", leaders=("Hatshepsut",))
    act(eng, "Ann", "discard", "Altar")
    act(eng, "Ben", "build", "Baths; right stone")
    act(eng, "Cat", "discard", "Altar")
    assert city(eng, "Ben").coins == 6 - 2 + 1 and city(eng, "Ann").coins == 6 + 3 + 2


def test_age_three_recruitment_returns_the_other_leader() -> None:
    eng = new()
    for c in eng.st.cities:
        c.leader_hand = Hand(["Sappho", "Zenobia"] if c.name != "Cat" else ["Hiram", "Varro"])
    eng.st.box = eng.st.box - eng.st.box
    eng.st.age = 3
    eng._start_recruitment()
    act(eng, "Ann", "recruit", "Sappho")
    act(eng, "Ben", "discard", "Zenobia")
    act(eng, "Cat", "recruit", "Hiram")
    assert all(c.leader_hand.size() == 0 for c in eng.st.cities)
    assert eng.st.box["Zenobia"] == 2 and eng.st.box["Varro"] == 1
    assert eng.st.phase == "deal"


def test_babylon_b_plays_the_seventh_card() -> None:
    eng = turn(new(boards=("Babylon B", "Rhodos A", "Ephesos A")), {"Ann": ["Altar", "Theater"], "Ben": ["Altar", "Theater"], "Cat": ["Altar", "Theater"]})
    eng.st.turn = 6
    city(eng, "Ann").stages = 2
    city(eng, "Ann").changed()
    for p in ("Ann", "Ben", "Cat"):
        act(eng, p, "build", "Altar")
    assert eng.st.turn == 7 and city(eng, "Ben").hand.size() == 0
    assert eng.apply(Event(1, "Ben", "build", "Theater"))[0].rule.endswith("flow-out-of-turn")
    act(eng, "Ann", "build", "Theater")
    # no Leader hands left to recruit from: Age II goes straight to its deal
    assert eng.st.phase == "deal" and eng.st.age == 2 and "Theater" in eng.st.discard


def test_guilds_olympia_copy_and_end_of_game_lines() -> None:
    eng = new(boards=("Olympia B", "Rhodos A", "Ephesos A"))
    city(eng, "Ann").stages = 3
    holds(eng, "Ann", "Lighthouse", "Palace", leaders=("Plato", "Midas"))
    holds(eng, "Ben", "Spies Guild", "Barracks", "Stockade")
    holds(eng, "Cat", "Diplomats Guild", "Architects Guild", leaders=("Sappho",))
    city(eng, "Ann").coins = 9
    lines = breakdown(eng.st, 0)
    # Olympia B: 5 wonder points; copying the Architects Guild (3 per purple next door: 3 cards) = 9
    assert lines["wonder"] == 5 and lines["guilds"] == 9
    assert lines["commerce"] == 1 and lines["civilian"] == 8 and lines["treasury"] == 3
    assert lines["leaders"] == 3  # Midas; Plato needs all seven colours
    assert breakdown(eng.st, 2)["guilds"] == 2 + 3 * 1  # Diplomats: Ann's 2 Leaders; Architects: Ben's guild


def test_scores_match_score_breakdown_total() -> None:
    eng = new()
    holds(eng, "Ann", "Altar", leaders=("Cleopatra",))
    assert eng.scores()["Ann"] == eng.score_breakdown()["Ann"]["total"] == 2 + 5 + 2


def test_solomon_salvages_when_recruited() -> None:
    eng = new()
    for c in eng.st.cities:
        c.leader_hand = Hand(["Solomon"] if c.name == "Ann" else ["Sappho"])
    eng.st.age = 2
    eng._start_recruitment()
    eng.st.discard = ["Baths", "Palace"]
    act(eng, "Ann", "recruit", "Solomon")
    act(eng, "Ben", "discard", "Sappho")
    act(eng, "Cat", "discard", "Sappho")
    assert eng.decision().actor == "Ann" and "salvage Palace" in eng.decision().moves
    act(eng, "Ann", "salvage", "Palace")
    assert city(eng, "Ann").owns("Palace") and eng.st.phase == "deal"


def test_deals_may_come_before_recruitment_ends() -> None:
    eng = new()
    for c in eng.st.cities:
        c.leader_hand = Hand(["Sappho"])
    eng._start_recruitment()
    cards = list(eng.st.deck.elements())
    for p, start in (("Ann", 0), ("Ben", 7), ("Cat", 14)):
        act(eng, "table", "deal", f"{p} " + ", ".join(cards[start:start + 7]))
    assert eng.st.phase == "recruit"
    for p in ("Ann", "Ben", "Cat"):
        act(eng, p, "discard", "Sappho")
    assert eng.st.phase == "turn" and eng.st.turn == 1


def test_olympia_free_build_returns_each_age() -> None:
    eng = turn(new(boards=("Olympia A", "Rhodos A", "Ephesos A")), {"Ann": ["Baths", "x"], "Ben": ["Altar", "x"], "Cat": ["Altar", "x"]})
    city(eng, "Ann").stages = 2
    city(eng, "Ann").changed()
    act(eng, "Ann", "build", "Baths; free")
    act(eng, "Ben", "discard", "Altar")
    act(eng, "Cat", "discard", "Altar")
    assert city(eng, "Ann").olympia_age == 1 and city(eng, "Ann").coins == 6
    assert "build Altar; free" not in options.card_moves(eng.st, 0)  # used up in Age I
    turn(eng, {"Ann": ["Statue"], "Ben": ["Statue"], "Cat": ["Statue"]}, age=2)
    assert "build Statue; free" in eng.decision().moves


def test_two_player_age_end_discards_the_free_city_pile() -> None:
    eng = new(players=("Ann", "Ben"))
    st = eng.st
    st.phase, st.age, st.turn = "turn", 1, 6
    st.controller = 1
    st.deck = eng.data.deck(1, 2) - eng.data.deck(1, 2)
    st.deck["Stockade"] = 2
    city(eng, "Ann").hand = Hand(["Altar", "Theater"])
    city(eng, "Ben").hand = Hand(["Altar", "Palace"])
    act(eng, "table", "draw", "Ben Stockade")
    act(eng, "Ann", "build", "Altar")
    act(eng, "Ben", "build", "Altar")
    act(eng, "Ben", "freecity", "discard Stockade")  # no wood to buy or make, and the Palace is out of reach
    assert st.age == 2 and sorted(st.discard) == ["Palace", "Stockade", "Stockade", "Theater"]
    assert city(eng, "Free City").coins == 3 + 3


def test_halikarnassos_in_turn_six_may_take_a_last_card() -> None:
    eng = turn(new(boards=("Halikarnassos A", "Rhodos A", "Ephesos A")),
               {"Ann": ["Altar", "Theater"], "Ben": ["Altar", "Palace"], "Cat": ["Altar", "Theater"]})
    eng.st.turn = 6
    city(eng, "Ann").stages = 1
    holds(eng, "Ann", "Ore Vein", "Foundry")
    act(eng, "Ann", "stage", "Altar")
    act(eng, "Ben", "build", "Altar")
    act(eng, "Cat", "build", "Altar")
    assert "salvage Palace" in eng.decision().moves  # Ben's last card, discarded at the end of turn 6
    act(eng, "Ann", "salvage", "Palace")
    assert city(eng, "Ann").owns("Palace") and eng.st.age == 2


def test_late_discards_variant_keeps_last_cards_from_halikarnassos() -> None:
    eng = ENGINE(Setup(("Ann", "Ben", "Cat"), {"late-discards": "true"}, 1, PROJECT))
    for c, board in zip(eng.st.cities, ("Halikarnassos A", "Rhodos A", "Ephesos A")):
        act(eng, "table", "wonder", f"{c.name} {board}")
    turn(eng, {"Ann": ["Altar", "Theater"], "Ben": ["Altar", "Palace"], "Cat": ["Altar", "Theater"]})
    eng.st.turn = 6
    eng.st.discard = ["Baths"]
    city(eng, "Ann").stages = 1
    holds(eng, "Ann", "Ore Vein", "Foundry")
    act(eng, "Ann", "stage", "Altar")
    act(eng, "Ben", "build", "Altar")
    act(eng, "Cat", "build", "Altar")
    assert eng.decision().moves == ("salvage Baths", "salvage none")
    act(eng, "Ann", "salvage", "none")
    assert "Palace" in eng.st.discard and eng.st.age == 2
