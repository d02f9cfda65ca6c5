"""The cookbook's mechanisms, as docs/rules-sheets.md writes them: dice, simultaneous choice, bidding, tiles on a
grid, area majority, cooperative play; each with a legal and an illegal case and the rule id it reports."""

from __future__ import annotations

from pathlib import Path

from declared_helpers import audit_text, findings, write_project
from playproof.playtest.declared import declared_engine
from playproof.playtest.engine import Event, Setup

SCORING = [("part", "expression"), ("points", "points")]


def make(tmp_path: Path, name: str, **sheets: list[tuple]) -> Path:
    """Write a CSV project from sheets given by keyword (Turn gets players 2-3 unless given)."""
    sheets.setdefault("Turn", [("key", "value"), ("players", "2-3")])
    sheets.setdefault("Scoring", SCORING)
    return write_project(tmp_path / name, sheets)


def test_dice_faces_are_checked_and_the_roll_decides_the_move(tmp_path: Path) -> None:
    project = make(tmp_path, "race",
                   Tokens=[("name", "count"), ("Runner", 3)],
                   Zones=[("zone", "owner"), ("box", "shared")],
                   Counters=[("counter", "start"), ("points", 0)],
                   Dice=[("die", "faces"), ("d6", "1-6"), ("coin", "heads, tails")],
                   Moves=[("verb", "phrase", "dice", "limit", "condition", "gain", "ends turn"),
                          ("roll", "", "2 d6", 1, "", "", ""),
                          ("flip", "", "coin", 1, "", "", ""),
                          ("move", "move N", "", 1, "amount <= roll", "points: amount", "yes")])
    assert findings(audit_text(project, ["Ann: roll 3 5", "Ann: move 8", "Ben: flip tails", "Ben: roll 1 1",
                                         "Ben: move 2"])) == []
    bad = audit_text(project, ["Ann: roll 3 7", "Ann: move 3", "Ben: roll 2 2", "Ben: move 5"])
    assert findings(bad) == [(1, "moves-roll-dice", "violation"), (4, "moves-move-condition", "violation")]
    # the table goes on from the roll it wrote (3 and 7): moving 3 is not blamed on the bad face
    assert "7 is not a face of d6 (1, 2, 3, 4, 5, 6)" in bad.findings[0].message
    engine = declared_engine(project, "race")(Setup(("Ann", "Ben"), seed=7, project=project))
    rolls = [m for m in engine.decision().moves if m.startswith("roll")]
    assert len(rolls) == 1 and all(1 <= int(f) <= 6 for f in rolls[0].split()[1:])


def test_simultaneous_choices_then_a_derived_reveal(tmp_path: Path) -> None:
    project = make(tmp_path, "secret",
                   Cards=[("name", "value", "count"), ("Fox", 3, 2), ("Hen", 1, 2), ("Owl", 2, 2)],
                   Zones=[("zone", "owner", "visibility"), ("hand", "player", "owner"), ("chosen", "player", "owner"),
                          ("shown", "player", "public")],
                   Counters=[("counter", "start"), ("points", 0)],
                   Setup=[("set", "zone", "each"), ("Cards", "hand", 1)],
                   Phases=[("phase", "of", "who"), ("choose", "round", "together"), ("reveal", "round", "table")],
                   Moves=[("verb", "actor", "player", "from", "to", "components", "phase", "ends turn", "due",
                           "derived"),
                          ("choose", "turn", "no", "hand", "chosen", "Cards", "choose", "yes", "", ""),
                          ("reveal", "table", "yes", "chosen", "shown", "all", "reveal", "", "count(chosen) > 0",
                           "yes")],
                   Turn=[("key", "value"), ("players", "2-3"), ("end", "round > 1"), ("end at", "round")])
    legal = ["Ben: choose Owl", "Ann: choose Fox"]  # any order; the reveal is the referee's
    result = audit_text(project, legal)
    assert findings(result) == []
    twice = audit_text(project, ["Ann: choose Fox", "Ann: choose Hen"])
    assert findings(twice) == [(2, "turn-order", "violation")]
    claimed = audit_text(project, legal + ["table: reveal Ann", "table: reveal Ben"])
    assert findings(claimed) == []


BID_SHEETS = dict(
    Lots=[("name", "points", "count"), ("Vase", 5, 1)],
    Zones=[("zone", "owner"), ("block", "shared"), ("won", "player")],
    Counters=[("counter", "owner", "start", "min", "reset", "internal"), ("coins", "player", 10, 0, "never", "no"),
              ("points", "player", 0, "", "never", "no"), ("high_bid", "shared", 0, "", "never", "yes"),
              ("high_bidder", "shared", "", "", "never", "yes"), ("passed", "player", 0, "", "never", "yes")],
    Setup=[("set", "zone"), ("Lots", "block")],
    Moves=[("verb", "actor", "player", "phrase", "from", "to", "components", "condition", "cost", "pay", "gain",
            "ends turn", "due", "derived", "result"),
           ("bid", "turn", "no", "bid N", "", "", "", "amount > high_bid and amount <= coins", "", "",
            "high_bid = amount; high_bidder = player", "yes", "", "", ""),
           ("pass", "turn", "no", "", "", "", "", "", "", "", "passed: 1", "yes", "", "", ""),
           ("win", "table", "yes", "", "block", "won", "all", "", "high_bid", "coins",
            "points: 5; high_bid = 0", "", "count(players, passed == 0) <= 1 and high_bid > 0", "yes",
            "high_bidder")],
    Turn=[("key", "value"), ("players", "2-3"), ("skip", "passed == 1"), ("end", "count(block) == 0")],
)


def test_bids_rise_players_pass_and_the_winner_pays(tmp_path: Path) -> None:
    project = make(tmp_path, "auction", **BID_SHEETS)
    legal = ["Ann: bid 2", "Ben: bid 3", "Cat: pass", "Ann: bid 5", "Ben: pass", "table: win Ann",
             "table: score Ann 5", "table: score Ben 0"]
    result = audit_text(project, legal, "Ann, Ben, Cat")
    assert findings(result) == []
    engine = declared_engine(project, "auction")(Setup(("Ann", "Ben", "Cat"), project=project))
    for line in legal[:5]:
        actor, _, rest = line.partition(": ")
        verb, _, args = rest.partition(" ")
        engine.apply(Event(1, actor, verb, args))
    engine.finish()  # the win is the referee's: made when the log ends without it
    assert engine.state.counters["coins"]["Ann"] == 5  # the winner paid 5
    assert [c.name for c, _ in engine.state.zone("won", "Ann").items] == ["Vase"]
    low = audit_text(project, ["Ann: bid 2", "Ben: bid 2"], "Ann, Ben, Cat")
    assert findings(low) == [(2, "moves-bid-condition", "violation")]
    assert "amount > high_bid does not hold: amount is 2, high_bid is 2" in low.findings[0].message
    skipped = audit_text(project, ["Ann: bid 2", "Ben: pass", "Cat: bid 3", "Ben: bid 4"], "Ann, Ben, Cat")
    assert findings(skipped) == [(4, "turn-order", "violation")]  # Ben passed: his turns are skipped
    wrong = audit_text(project, ["Ann: bid 2", "Ben: bid 3", "Cat: pass", "Ann: pass", "table: win Ann"],
                       "Ann, Ben, Cat")
    assert findings(wrong) == [(5, "moves-win-result", "violation")]


GRID_SHEETS = dict(
    Tiles=[("name", "colour", "count"), ("Forest", "green", 3), ("Lake", "blue", 3)],
    Zones=[("zone", "owner", "grid"), ("supply", "shared", "none"), ("board", "shared", "square")],
    Counters=[("counter", "start"), ("points", 0)],
    Setup=[("set", "zone"), ("Tiles", "supply")],
    Moves=[("verb", "from", "to", "components", "condition", "ends turn", "message"),
           ("place", "supply", "board", "Tiles", "count(board) == 0 or adjacent(board) > 0", "yes",
            "{card} must touch a tile already on the board")],
)


def test_tiles_on_a_grid_touch_another_and_a_cell_holds_one(tmp_path: Path) -> None:
    project = make(tmp_path, "tiles", **GRID_SHEETS)
    assert findings(audit_text(project, ["Ann: place Forest 0,0", "Ben: place Lake 1,0", "Ann: place Lake 1,1"])) == []
    apart = audit_text(project, ["Ann: place Forest 0,0", "Ben: place Lake 3,3"])
    assert findings(apart) == [(2, "moves-place-condition", "violation")]
    assert apart.findings[0].message.startswith("Lake must touch a tile already on the board")
    taken = audit_text(project, ["Ann: place Forest 0,0", "Ben: place Lake 0,0"])
    assert findings(taken) == [(2, "zones-board-cell", "violation")]
    nowhere = audit_text(project, ["Ann: place Forest"])
    assert findings(nowhere) == [(1, "moves-place", "violation")]
    engine = declared_engine(project, "tiles")(Setup(("Ann", "Ben"), project=project))
    assert engine.decision().moves == ("place Forest 0,0", "place Lake 0,0")


def test_the_first_tile_goes_in_the_middle(tmp_path: Path) -> None:
    sheets = dict(GRID_SHEETS)
    sheets["Moves"] = [("verb", "from", "to", "components", "condition", "ends turn"),
                       ("place", "supply", "board", "Tiles", "count(board) > 0 and adjacent(board) > 0 or "
                                                             "count(board) == 0 and x == 0 and y == 0", "yes")]
    project = make(tmp_path, "middle", **sheets)
    assert findings(audit_text(project, ["Ann: place Forest 0,0", "Ben: place Lake 0,1"])) == []
    assert findings(audit_text(project, ["Ann: place Forest 2,0"])) == [(1, "moves-place-condition", "violation")]


def test_hex_grids_have_six_neighbours(tmp_path: Path) -> None:
    sheets = dict(GRID_SHEETS)
    sheets["Zones"] = [("zone", "owner", "grid"), ("supply", "shared", "none"), ("board", "shared", "hex")]
    project = make(tmp_path, "hexes", **sheets)
    assert findings(audit_text(project, ["Ann: place Forest 0,0", "Ben: place Lake 1,-1"])) == []
    assert findings(audit_text(project, ["Ann: place Forest 0,0", "Ben: place Lake 1,1"])) == [
        (2, "moves-place-condition", "violation")]


def test_a_board_of_fixed_size_is_a_condition_on_the_cell(tmp_path: Path) -> None:
    sheets = dict(GRID_SHEETS)
    inside = "x >= 0 and x <= 3 and y >= 0 and y <= 3"
    sheets["Moves"] = [("verb", "from", "to", "components", "condition", "ends turn"),
                       ("place", "supply", "board", "Tiles", f"{inside} and (count(board) == 0 or adjacent(board) > 0)",
                        "yes")]
    project = make(tmp_path, "square4", **sheets)
    assert findings(audit_text(project, ["Ann: place Forest 3,0", "Ben: place Lake 3,1"])) == []
    outside = audit_text(project, ["Ann: place Forest 3,0", "Ben: place Lake 4,0"])
    assert findings(outside) == [(2, "moves-place-condition", "violation")]
    assert "x <= 3 does not hold: x is 4" in outside.findings[0].message
    hexes = dict(GRID_SHEETS)
    hexes["Zones"] = [("zone", "owner", "grid"), ("supply", "shared", "none"), ("board", "shared", "hex")]
    hexes["Moves"] = [("verb", "from", "to", "components", "condition", "ends turn"),
                      ("place", "supply", "board", "Tiles", "abs(x) <= 2 and abs(y) <= 2 and abs(x + y) <= 2", "yes")]
    project = make(tmp_path, "hex2", **hexes)
    assert findings(audit_text(project, ["Ann: place Forest 2,-2", "Ben: place Lake -2,0"])) == []
    assert findings(audit_text(project, ["Ann: place Forest 2,-2", "Ben: place Lake 2,1"])) == [
        (2, "moves-place-condition", "violation")]


HARBOR_SHEETS = dict(
    Workers=[("name", "count"), ("Worker", 4)],
    Zones=[("zone", "owner", "capacity"), ("pool", "player", ""), ("dock", "shared", 1), ("market", "shared", 2),
           ("guild", "shared", 1)],
    Counters=[("counter", "start"), ("fish", 0), ("coins", 0)],
    Setup=[("set", "zone", "each"), ("Workers", "pool", 2)],
    Phases=[("phase", "of", "who"), ("work", "round", "each"), ("upkeep", "round", "table")],
    Moves=[("verb", "actor", "phrase", "from", "to", "components", "gain", "ends turn", "next", "due", "phase"),
           ("place", "turn", "place WORKER on guild", "pool", "guild", "Workers", "coins: 1", "yes", "first", "", "work"),
           ("place", "turn", "place WORKER on LOCATION", "pool", "dock, market", "Workers",
            "fish: 3 if to == 'dock' else 0; coins: 2 if to == 'market' else 0", "yes", "", "", "work"),
           ("return", "table", "", "dock, market, guild", "pool", "all", "", "", "",
            "count(dock) + count(market) + count(guild) > 0", "upkeep")],
    Turn=[("key", "value"), ("players", "2"), ("turns each", 2), ("end", "round > 2"), ("end at", "round")],
    Scoring=[("part", "expression"), ("fish", "fish"), ("coins", "coins")],
)


def test_worker_placement_workers_return_to_their_owners_and_the_guild_takes_the_marker(tmp_path: Path) -> None:
    project = make(tmp_path, "harbor", **HARBOR_SHEETS)
    round_one = ["Ann: place Worker on dock", "Ben: place Worker on guild", "Ann: place Worker on market",
                 "Ben: place Worker on market", "table: return"]
    round_two = ["Ben: place Worker on dock", "Ann: place Worker on guild", "Ben: place Worker on market",
                 "Ann: place Worker on market"]  # Ben took the Guild: he begins round 2
    legal = audit_text(project, round_one + round_two + ["table: return", "table: score Ann 8", "table: score Ben 8"])
    assert findings(legal) == []
    out_of_turn = audit_text(project, round_one + ["Ann: place Worker on dock"])
    assert findings(out_of_turn) == [(6, "turn-order", "violation")]
    full = audit_text(project, round_one[:1] + ["Ben: place Worker on dock"])
    assert findings(full) == [(2, "zones-dock-capacity", "violation")]
    engine = declared_engine(project, "harbor")(Setup(("Ann", "Ben"), project=project))
    for line, text in enumerate(round_one, 1):
        actor, _, move = text.partition(": ")
        verb, _, args = move.partition(" ")
        assert engine.apply(Event(line, actor, verb, args)) == []
    pools = {p: [(c.name, by) for c, by in engine.state.zone("pool", p).items] for p in ("Ann", "Ben")}
    assert pools == {"Ann": [("Worker", "Ann")] * 2, "Ben": [("Worker", "Ben")] * 2}  # each back to its owner
    assert engine.state.flow.first == "Ben" and engine.decision().actor == "Ben"


def test_area_majority_scores_the_player_with_most_ties_as_the_rules_say(tmp_path: Path) -> None:
    project = make(tmp_path, "areas",
                   Cubes=[("name", "count"), ("Cube", 12)],
                   Zones=[("zone", "owner"), ("supply", "player"), ("north", "shared"), ("south", "shared")],
                   Counters=[("counter", "start"), ("points", 0)],
                   Setup=[("set", "zone", "each"), ("Cubes", "supply", 4)],
                   Moves=[("verb", "from", "to", "components", "phrase", "ends turn"),
                          ("place", "supply", "north, south", "Cubes", "place CUBE in REGION", "yes")],
                   Scoring=[("part", "expression"), ("north", "5 if majority(north) == player else 0"),
                            ("south", "3 if count(south, by == player) == max(players, count(south, by == player)) "
                                      "and count(south, by == player) > 0 else 0")])
    log = ["Ann: place Cube in north", "Ben: place Cube in north", "Ann: place Cube in north",
           "Ben: place Cube in south", "Ann: place Cube in south"]
    assert findings(audit_text(project, log + ["table: score Ann 8", "table: score Ben 3"])) == []
    assert findings(audit_text(project, log + ["table: score Ben 0"])) == [(6, "scoring-score", "violation")]


def test_a_cooperative_game_is_won_or_lost_together(tmp_path: Path) -> None:
    project = make(tmp_path, "coop",
                   Events=[("name", "count"), ("Storm", 3)],
                   Zones=[("zone", "owner", "visibility", "order"), ("deck", "shared", "hidden", "ordered"),
                          ("threats", "shared", "public", "unordered"), ("gone", "shared", "public", "unordered")],
                   Counters=[("counter", "owner", "start"), ("points", "player", 0)],
                   Setup=[("set", "zone"), ("Events", "deck")],
                   Moves=[("verb", "actor", "from", "to", "components", "ends turn", "due"),
                          ("flip", "table", "deck", "threats", "Events", "", "count(threats) == 0 and "
                                                                              "count(deck) > 0 and actions == 0"),
                          ("calm", "turn", "threats", "gone", "Events", "yes", "")],
                   Turn=[("key", "value"), ("players", "2-3"), ("cooperative", "yes"),
                         ("win", "count(deck) == 0 and count(threats) == 0"), ("lose", "count(threats) > 1")])
    won = ["table: flip Storm", "Ann: calm Storm", "table: flip Storm", "Ben: calm Storm", "table: flip Storm",
           "Ann: calm Storm", "table: winner all"]
    assert findings(audit_text(project, won)) == []
    assert findings(audit_text(project, won[:-1] + ["table: winner Ann"])) == [(7, "scoring-winner", "violation")]
    skipped = ["table: flip Storm", "Ann: calm Storm", "Ben: calm Storm"]
    assert findings(audit_text(project, skipped)) == [(3, "moves-flip-due", "violation")]


def test_a_roll_lasts_for_its_turn_and_can_end_it(tmp_path: Path) -> None:
    project = make(tmp_path, "dive",
                   Pearls=[("name", "depth", "count"), ("Pearl", 3, 9)],
                   Zones=[("zone", "owner"), ("reef", "shared"), ("bag", "player")],
                   Counters=[("counter", "start"), ("points", 0)],
                   Setup=[("set", "zone"), ("Pearls", "reef")],
                   Dice=[("die", "faces"), ("d6", "1-6")],
                   Moves=[("verb", "from", "to", "components", "dice", "condition", "gain", "ends turn"),
                          ("dive", "", "", "", "2 d6", "rolled(1) == 0", "", "rolled(1) > 0"),
                          ("grab", "reef", "bag", "Pearls", "", "roll >= card.depth", "points: 1", "yes")])
    legal = ["Ann: dive 3 1", "Ben: dive 4 4", "Ben: grab Pearl", "Ann: dive 2 2", "Ann: grab Pearl"]
    assert findings(audit_text(project, legal)) == []  # Ann's 1 ended her turn; Ben's roll is his own
    stale = ["Ann: dive 4 4", "Ann: grab Pearl", "Ben: grab Pearl"]
    assert findings(audit_text(project, stale)) == [(3, "moves-grab-condition", "violation")]  # Ann's roll is gone


OWL_SHEETS = dict(
    Cards=[("name", "suit", "rank", "count")] + [(f"{s} {r}", s.lower(), r, 1) for s in ("Moon", "Star") for r in (1, 2)],
    Zones=[("zone", "owner", "visibility", "order"), ("deck", "shared", "hidden", "unordered"),
           ("hand", "player", "owner", "unordered"), ("trick", "shared", "public", "ordered"),
           ("won", "player", "public", "unordered")],
    Counters=[("counter", "start", "reset"), ("points", 0, "never"), ("tricks", 0, "round")],
    Setup=[("set", "zone"), ("Cards", "deck")],
    Phases=[("phase", "of", "who", "until"), ("deal", "round", "table", ""),
            ("play", "round", "each", "all(players, count(hand) == 0) and count(trick) == 0"),
            ("score", "round", "table", "")],
    Values=[("name", "expression"), ("led", "first(trick, suit)"), ("taker", "best(trick, rank, suit == led)")],
    Moves=[("verb", "actor", "player", "from", "to", "components", "gain", "ends turn", "next", "due", "derived",
            "result", "phase", "limit"),
           ("deal", "table", "yes", "deck", "hand", "Cards", "", "", "", "count(hand) < 2 and count(deck) > 0", "", "",
            "deal", ""),
           ("play", "turn", "no", "hand", "trick", "Cards", "", "yes", "", "", "", "", "play", ""),
           ("take", "table", "yes", "trick", "won", "all", "tricks: 1", "", "player", "count(trick) == players", "yes",
            "taker", "play", ""),
           ("tally", "table", "yes", "", "", "", "points: tricks", "", "", "true", "yes", "", "score", "1 a round"),
           ("gather", "table", "no", "won", "deck", "all", "", "", "", "any(players, count(won) > 0)", "yes", "",
            "score", "")],
    Turn=[("key", "value"), ("players", "2"), ("end", "round > 1"), ("end at", "round")],
    Scoring=[("part", "expression"), ("points", "points")],
)


def test_a_phase_played_until_the_hands_are_empty_then_a_tally_for_each_player_and_a_gather(tmp_path: Path) -> None:
    # two tricks a round (a phase played lap after lap `until` the hands are empty), then each player's tally once
    # (a due move naming a player, limited per player), then the table gathers every player's tricks into the deck
    project = make(tmp_path, "owls", **OWL_SHEETS)
    deal = ["table: deal Ann Moon-2", "table: deal Ann Star-1", "table: deal Ben Moon-1", "table: deal Ben Star-2"]
    tricks = ["Ann: play Moon-2", "Ben: play Moon-1", "table: take Ann", "Ann: play Star-1", "Ben: play Star-2",
              "table: take Ben"]
    legal = deal + tricks + ["table: tally Ann", "table: tally Ben", "table: gather"]
    assert findings(audit_text(project, legal + ["table: score Ann 1", "table: score Ben 1"])) == []
    left_out = deal + tricks  # the derived tally and gather left out: the referee makes them
    assert findings(audit_text(project, left_out + ["table: score Ann 1", "table: score Ben 1"])) == []
    twice = deal + tricks + ["table: tally Ann", "table: tally Ann"]
    assert findings(audit_text(project, twice)) == [(12, "moves-tally-result", "violation")]
    early = deal + tricks[:3] + ["Ben: play Star-2"]  # Ann took the first trick: she leads the second
    assert findings(audit_text(project, early)) == [(8, "turn-order", "violation")]
    engine = declared_engine(project, "owls")(Setup(("Ann", "Ben"), project=project))
    for line, text in enumerate(legal, 1):
        actor, _, move = text.partition(": ")
        verb, _, args = move.partition(" ")
        assert engine.apply(Event(line, actor, verb, args)) == [], text
    assert engine.over and engine.state.zone("deck", "").size == 4  # every won trick gathered back into the deck
    assert engine.state.counters["points"] == {"Ann": 1, "Ben": 1}


DRAFT_SHEETS = dict(
    Cards=[("name", "points", "count"), ("Apple", 1, 3), ("Pear", 2, 3)],
    Zones=[("zone", "owner", "visibility"), ("hand", "player", "owner"), ("passed", "player", "owner"),
           ("tableau", "player", "public")],
    Setup=[("set", "where", "zone", "each"), ("Cards", "name == 'Apple'", "hand", 1),
           ("Cards", "name == 'Pear'", "hand", 1)],
    Phases=[("phase", "of", "who"), ("pick", "round", "together"), ("pass", "round", "table"),
            ("take", "round", "table")],
    Moves=[("verb", "actor", "player", "from", "to", "to player", "components", "ends turn", "due", "derived",
            "phase", "limit"),
           ("pick", "turn", "no", "hand", "tableau", "", "Cards", "yes", "", "", "pick", ""),
           ("pass", "table", "yes", "hand", "passed", "after(player)", "all", "", "count(hand) > 0", "yes", "pass",
            "1 a round"),
           ("take", "table", "yes", "passed", "hand", "", "all", "", "count(passed) > 0", "yes", "take", "")],
    Turn=[("key", "value"), ("players", "3"), ("end", "round > 2"), ("end at", "round")],
    Scoring=[("part", "expression"), ("points", "sum(tableau, points)")],
)


def test_drafting_passes_each_hand_to_the_left(tmp_path: Path) -> None:
    project = make(tmp_path, "draft", **DRAFT_SHEETS)
    players = "Ann, Ben, Cat"
    first = ["Ann: pick Apple", "Ben: pick Pear", "Cat: pick Apple"]
    passes = ["table: pass Ann", "table: pass Ben", "table: pass Cat", "table: take Ann", "table: take Ben",
              "table: take Cat"]
    second = ["Ann: pick Pear", "Ben: pick Pear", "Cat: pick Apple"]  # Cat's Pear, Ann's Pear, Ben's Apple
    scores = ["table: score Ann 3", "table: score Ben 4", "table: score Cat 2"]
    assert findings(audit_text(project, first + passes + second + scores, players)) == []
    assert findings(audit_text(project, first + second + scores, players)) == []  # the passes left to the referee
    kept = audit_text(project, first + passes + ["Ann: pick Apple"], players)  # her Apple went on to Ben
    assert findings(kept) == [(10, "moves-pick-from", "violation")]
    engine = declared_engine(project, "draft")(Setup(("Ann", "Ben", "Cat"), project=project))
    for line, text in enumerate(first + passes, 1):
        actor, _, move = text.partition(": ")
        verb, _, args = move.partition(" ")
        assert engine.apply(Event(line, actor, verb, args)) == [], text
    hands = {p: [c.name for c, _ in engine.state.zone("hand", p).items] for p in ("Ann", "Ben", "Cat")}
    assert hands == {"Ann": ["Pear"], "Ben": ["Pear"], "Cat": ["Apple"]}


def test_to_player_needs_a_zone_of_each_players(tmp_path: Path) -> None:
    from playproof.errors import ProblemsError

    sheets = dict(DRAFT_SHEETS)
    sheets["Zones"] = [("zone", "owner", "visibility"), ("hand", "player", "owner"), ("passed", "shared", "public"),
                       ("tableau", "player", "public")]
    project = make(tmp_path, "shared", **sheets)
    try:
        declared_engine(project, "shared")
    except ProblemsError as exc:
        assert "`to player` says whose zone the components go to" in str(exc)
    else:
        raise AssertionError("a shared `to` zone with `to player` was accepted")


def test_to_player_naming_nobody_who_plays_is_a_finding(tmp_path: Path) -> None:
    sheets = dict(DRAFT_SHEETS)
    sheets["Moves"] = [("verb", "actor", "from", "to", "to player", "components", "ends turn"),
                       ("give", "turn", "hand", "passed", "target_name", "Cards", "yes")]
    sheets["Values"] = [("name", "expression"), ("target_name", "'Zed' if round > 1 else after(player)")]
    sheets["Phases"] = [("phase", "of", "who"), ("give", "round", "each")]
    project = make(tmp_path, "give", **sheets)
    legal = audit_text(project, ["Ann: give Apple", "Ben: give Pear", "Cat: give Apple"], "Ann, Ben, Cat")
    assert findings(legal) == []
    wrong = audit_text(project, ["Ann: give Apple", "Ben: give Pear", "Cat: give Apple", "Ann: give Pear"],
                       "Ann, Ben, Cat")
    assert findings(wrong) == [(4, "moves-give", "violation")]
    assert "`to player` names nobody who plays" in wrong.findings[0].message


def test_a_roll_may_keep_dice_of_the_turns_last_roll(tmp_path: Path) -> None:
    # "roll three dice; up to twice, keep any and roll the others again; three sixes score 5"
    project = make(tmp_path, "sixes",
                   Tokens=[("name", "count"), ("Marker", 1)],
                   Zones=[("zone", "owner"), ("box", "shared")],
                   Counters=[("counter", "start"), ("points", 0)],
                   Dice=[("die", "faces"), ("d6", "1-6")],
                   Moves=[("verb", "dice", "limit", "condition", "gain", "ends turn"),
                          ("roll", "3 d6", 1, "", "", ""),
                          ("reroll", "3 d6", 2, "roll > 0", "", ""),
                          ("claim", "", "", "rolled(6) == 3", "points: 5", "yes"),
                          ("stop", "", "", "roll > 0", "", "yes")])
    legal = ["Ann: roll 6 2 3", "Ann: reroll - 6 1", "Ann: reroll - - 6", "Ann: claim", "Ben: roll 1 1 1",
             "Ben: stop", "table: score Ann 5", "table: score Ben 0"]
    assert findings(audit_text(project, legal)) == []
    short = audit_text(project, ["Ann: roll 6 2 3", "Ann: reroll - 5 6", "Ann: claim"])
    assert findings(short) == [(3, "moves-claim-condition", "violation")]
    assert "rolled(6) is 2" in short.findings[0].message  # the kept 6 counts with the new ones
    nothing = audit_text(project, ["Ann: reroll - 6 6"])
    assert findings(nothing) == [(1, "moves-reroll-dice", "violation")]
    assert "keeps dice (`-`), but no roll of 3 dice was made this turn" in nothing.findings[0].message
    next_turn = audit_text(project, ["Ann: roll 6 6 6", "Ann: stop", "Ben: reroll - - -"])  # Ann's dice are not Ben's
    assert findings(next_turn) == [(3, "moves-reroll-dice", "violation")]
