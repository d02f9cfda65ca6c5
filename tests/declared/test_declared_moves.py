"""Moves as the table makes them: several components, phrases, several zones; derived results; obligations."""

from __future__ import annotations

from pathlib import Path

from declared_helpers import audit_text, findings, write_project
from playproof.playtest.declared import declared_engine
from playproof.playtest.engine import Event, Setup

CARDS = [("name", "cost", "suit", "rank", "count"), ("Moth", 1, "night", 1, 3), ("Lantern", 2, "night", 2, 3),
         ("Sun", 3, "day", 3, 3)]
WORKERS = [("name", "count"), ("Worker", 4)]


def project_of(tmp_path: Path, moves: list[tuple], zones: list[tuple] | None = None,
               counters: list[tuple] | None = None, setup: list[tuple] | None = None,
               values: list[tuple] | None = None, turn: list[tuple] | None = None) -> Path:
    """Write a small game with the given Moves rows (and zones, counters, setup when given)."""
    sheets = {
        "Cards": CARDS,
        "Workers": WORKERS,
        "Zones": zones or [("zone", "owner", "visibility", "order", "capacity"), ("deck", "shared", "hidden", "ordered", ""),
                           ("hand", "player", "owner", "unordered", ""), ("play", "player", "public", "unordered", ""),
                           ("discard", "player", "public", "unordered", ""), ("market", "shared", "public", "unordered", 3),
                           ("farm", "shared", "public", "unordered", 1), ("mine", "shared", "public", "unordered", 1),
                           ("workers", "player", "public", "unordered", "")],
        "Counters": counters or [("counter", "owner", "start", "min"), ("coins", "player", 5, 0)],
        "Setup": setup or [("set", "zone", "each"), ("Workers", "workers", 2), ("Cards", "deck", "")],
        "Moves": moves,
        "Turn": [("key", "value"), ("players", "2-3")] + (turn or []),
        "Scoring": [("part", "expression"), ("coins", "coins")],
    }
    if values:
        sheets["Values"] = values
    return write_project(tmp_path / "moves", sheets)


DEAL = ("deal", "table", "yes", "deck", "hand", "Cards", "", "", "", "", "")
HEADER = ("verb", "actor", "player", "from", "to", "components", "takes", "phrase", "cost", "pay", "ends turn")


def test_several_components_in_one_line_with_how_many_a_move_takes(tmp_path: Path) -> None:
    project = project_of(tmp_path, [HEADER, DEAL, ("play", "turn", "no", "hand", "play", "Cards", "1-2", "", "", "",
                                                   "yes")])
    deal = ["table: deal Ann Moth", "table: deal Ann Lantern", "table: deal Ann Sun"]
    assert findings(audit_text(project, deal + ["Ann: play Moth Lantern"])) == []
    three = audit_text(project, deal + ["Ann: play Moth Lantern Sun"])
    assert findings(three) == [(4, "moves-play-count", "violation")]
    assert "play takes 1 to 2 components, not 3" in three.findings[0].message
    missing = audit_text(project, deal + ["Ann: play Moth Moth"])
    assert findings(missing) == [(4, "moves-play-from", "violation")]  # only one Moth in her hand


def test_a_phrase_with_named_parts(tmp_path: Path) -> None:
    rows = [HEADER, DEAL, ("buy", "turn", "no", "hand", "play", "Cards", "", "buy CARD pay N", "cost", "coins", "yes")]
    project = project_of(tmp_path, rows)
    deal = ["table: deal Ann Sun"]
    assert findings(audit_text(project, deal + ["Ann: buy Sun pay 3"])) == []
    assert findings(audit_text(project, deal + ["Ann: buy Sun pay 2"])) == [(2, "moves-buy-cost", "violation")]
    bad = audit_text(project, deal + ["Ann: buy Sun for 3"])
    assert findings(bad) == [(2, "moves-buy", "violation")]
    assert 'buy is written `buy CARD pay N`: expected "pay", found "for"' in bad.findings[0].message


def test_place_a_worker_on_a_location(tmp_path: Path) -> None:
    rows = [("verb", "actor", "from", "to", "components", "phrase", "ends turn"),
            ("place", "turn", "workers", "farm, mine", "Workers", "place WORKER on LOCATION", "yes")]
    project = project_of(tmp_path, rows)
    assert findings(audit_text(project, ["Ann: place Worker on farm", "Ben: place Worker on mine"])) == []
    taken = audit_text(project, ["Ann: place Worker on farm", "Ben: place Worker on farm"])
    assert findings(taken) == [(2, "zones-farm-capacity", "violation")]
    nowhere = audit_text(project, ["Ann: place Worker on docks"])
    assert findings(nowhere) == [(1, "moves-place", "violation")]
    assert "LOCATION must be one of farm, mine" in nowhere.findings[0].message


def test_discard_hand_and_play_area_together(tmp_path: Path) -> None:
    rows = [HEADER, DEAL, ("play", "turn", "no", "hand", "play", "Cards", "", "", "", "", "no"),
            ("cleanup", "turn", "no", "hand, play", "discard", "all", "", "", "", "", "yes")]
    project = project_of(tmp_path, rows)
    result = audit_text(project, ["table: deal Ann Moth", "table: deal Ann Sun", "Ann: play Moth", "Ann: cleanup"])
    assert findings(result) == []
    state = result.engine
    assert state is not None
    engine = declared_engine(project, "moves")(Setup(("Ann", "Ben"), project=project))
    for line in ["table: deal Ann Moth", "table: deal Ann Sun", "Ann: play Moth", "Ann: cleanup"]:
        actor, _, rest = line.partition(": ")
        verb, _, args = rest.partition(" ")
        engine.apply(Event(1, actor, verb, args))
    assert [c.name for c, _ in engine.state.zone("discard", "Ann").items] == ["Sun", "Moth"]
    assert engine.state.zone("hand", "Ann").size == 0 and engine.state.zone("play", "Ann").size == 0


TRICK_ZONES = [("zone", "owner", "order"), ("deck", "shared", "ordered"), ("hand", "player", "unordered"),
               ("trick", "shared", "ordered"), ("won", "player", "unordered")]
TRICK_VALUES = [("name", "expression"), ("led", "first(trick, suit)"), ("taker", "best(trick, rank, suit == led)")]


def trick_game(tmp_path: Path, message: str = "") -> Path:
    """A two-player trick game whose taker is derived."""
    rows = [("verb", "actor", "player", "from", "to", "components", "gain", "ends turn", "next", "due", "derived",
             "result", "message"),
            ("deal", "table", "yes", "deck", "hand", "Cards", "", "", "", "", "", "", ""),
            ("play", "turn", "no", "hand", "trick", "Cards", "", "yes", "", "", "", "", ""),
            ("take", "table", "yes", "trick", "won", "all", "coins: 1", "", "player", "count(trick) == players", "yes",
             "taker", message)]
    return project_of(tmp_path, rows, zones=TRICK_ZONES, values=TRICK_VALUES,
                      setup=[("set", "zone"), ("Cards", "deck")])


DEALT = ["table: deal Ann Moth", "table: deal Ann Sun", "table: deal Ben Lantern", "table: deal Ben Moth"]


def test_a_derived_result_is_checked_never_applied(tmp_path: Path) -> None:
    project = trick_game(tmp_path, "{taker} takes the trick")
    right = DEALT + ["Ann: play Moth", "Ben: play Lantern", "table: take Ben", "Ben: play Moth", "Ann: play Sun"]
    assert findings(audit_text(project, right)) == []
    wrong = DEALT + ["Ann: play Moth", "Ben: play Lantern", "table: take Ann", "Ben: play Moth", "Ann: play Sun",
                     "table: take Ben", "table: score Ben 7", "table: score Ann 5"]
    result = audit_text(project, wrong)
    assert findings(result) == [(7, "moves-take-result", "violation")]  # Ben still leads; the scores stand
    assert result.findings[0].message == "Ben takes the trick, not as logged: `take Ann`"


def test_derived_results_may_be_left_out_of_the_log(tmp_path: Path) -> None:
    project = trick_game(tmp_path)
    silent = DEALT + ["Ann: play Moth", "Ben: play Lantern", "Ben: play Moth", "Ann: play Sun", "table: score Ben 7",
                      "table: score Ann 5", "table: winner Ben"]
    assert findings(audit_text(project, silent)) == []
    late_lead = DEALT + ["Ann: play Moth", "Ben: play Lantern", "Ann: play Sun"]
    assert findings(audit_text(project, late_lead)) == [(7, "turn-order", "violation")]


REFILL = [("verb", "actor", "from", "to", "components", "ends turn", "due", "message"),
          ("refill", "table", "deck", "market", "Cards", "", "count(market) < 3 and count(deck) > 0",
           "the market is refilled at once"),
          ("buy", "turn", "market", "hand", "Cards", "yes", "", "")]


def test_a_skipped_obligation_is_one_finding_where_it_was_owed(tmp_path: Path) -> None:
    project = project_of(tmp_path, REFILL)
    fill = ["table: refill Moth", "table: refill Sun", "table: refill Lantern"]
    legal = fill + ["Ann: buy Sun", "table: refill Moth", "Ben: buy Moth"]
    assert findings(audit_text(project, legal)) == []
    skipped = fill + ["Ann: buy Sun", "Ben: buy Moth", "table: refill Sun", "Ann: buy Lantern", "table: refill Moth",
                      "Ben: buy Sun"]
    result = audit_text(project, skipped)
    assert findings(result) == [(5, "moves-refill-due", "violation")]  # one finding, not one per later move
    assert result.findings[0].message.startswith("the market is refilled at once")
    noted = [REFILL[0] + ("note",), REFILL[1][:-1] + ("", "Keep three cards in the market: refill it at once."),
             REFILL[2] + ("",)]
    said = audit_text(project_of(tmp_path / "noted", noted), skipped).findings[0].message
    assert said == ("Keep three cards in the market: refill it at once: the table owed refill before this line "
                    "(Moves!A2)")  # the row's note, not its raw `due` expression
    bare = [row[:-1] for row in REFILL]
    said = audit_text(project_of(tmp_path / "bare", bare), skipped).findings[0].message
    assert said == "the table owed refill before this line: count(market) < 3 and count(deck) > 0 held (Moves!A2)"


def test_a_late_obligation_names_what_the_referee_assumed(tmp_path: Path) -> None:
    project = project_of(tmp_path, REFILL)
    fill = ["table: refill Moth", "table: refill Sun", "table: refill Lantern"]
    late = fill + ["Ann: buy Sun", "Ben: buy Moth", "table: refill Sun", "table: refill Moth", "Ann: buy Sun"]
    assert findings(audit_text(project, late)) == [(5, "moves-refill-due", "violation")]


def test_a_condition_names_the_part_that_failed(tmp_path: Path) -> None:
    rows = [("verb", "actor", "player", "from", "to", "components", "condition", "ends turn"),
            ("deal", "table", "yes", "deck", "hand", "Cards", "", ""),
            ("play", "turn", "no", "hand", "play", "Cards", "coins >= 1 and card.suit == 'day'", "yes")]
    project = project_of(tmp_path, rows)
    result = audit_text(project, ["table: deal Ann Moth", "Ann: play Moth"])
    assert findings(result) == [(2, "moves-play-condition", "violation")]
    assert "card.suit == 'day' does not hold: card.suit is 'night'" in result.findings[0].message


def test_limits_per_turn_per_round_and_per_game(tmp_path: Path) -> None:
    rows = [("verb", "actor", "player", "gain", "limit", "ends turn"),
            ("banner", "turn", "no", "coins: 3", "1 a game", "no"),
            ("flip", "table", "no", "", "1", "no"),
            ("work", "turn", "no", "coins: 1", "2 a turn", "no"),
            ("end", "turn", "no", "", "", "yes")]
    project = project_of(tmp_path, rows)
    legal = ["table: flip", "Ann: banner", "Ann: work", "Ann: work", "Ann: end", "Ben: banner", "Ben: end",
             "table: flip", "Ann: work"]
    assert findings(audit_text(project, legal)) == []
    again = audit_text(project, ["Ann: banner", "Ann: end", "Ben: end", "Ann: banner"])
    assert findings(again) == [(4, "moves-banner-limit", "violation")]
    assert "banner is allowed 1 time(s) a game" in again.findings[0].message
    twice = audit_text(project, ["table: flip", "table: flip"])
    assert findings(twice) == [(2, "moves-flip-limit", "violation")]  # a table move's limit counts a round
    work = audit_text(project, ["Ann: work", "Ann: work", "Ann: work"])
    assert findings(work) == [(3, "moves-work-limit", "violation")]


def test_a_gain_for_the_player_a_move_names(tmp_path: Path) -> None:
    rows = [("verb", "actor", "player", "gain", "ends turn"), ("give", "turn", "yes", "coins: -1; coins of target: 1",
                                                                "yes")]
    project = project_of(tmp_path, rows)
    engine = declared_engine(project, "moves")(Setup(("Ann", "Ben"), project=project))
    assert engine.apply(Event(1, "Ann", "give", "Ben")) == []
    assert engine.state.counters["coins"] == {"Ann": 4, "Ben": 6}


def test_an_unreadable_move_moves_nothing(tmp_path: Path) -> None:
    rows = [("verb", "actor", "from", "to", "components", "phrase", "ends turn"),
            ("place", "turn", "workers", "farm, mine", "Workers", "place WORKER on LOCATION", "yes")]
    project = project_of(tmp_path, rows)
    result = audit_text(project, ["Ann: place Worker on docks", "Ben: place Worker on farm", "Ann: place Worker on farm"])
    assert findings(result) == [(1, "moves-place", "violation"), (3, "zones-farm-capacity", "violation")]
    engine = declared_engine(project, "moves")(Setup(("Ann", "Ben"), project=project))
    engine.apply(Event(1, "Ann", "place", "Worker on docks"))
    assert engine.state.zone("workers", "Ann").size == 2 and engine.turn_player == "Ben"


def test_setup_where_is_read_for_each_player(tmp_path: Path) -> None:
    sheets_setup = [("set", "where", "zone", "each"), ("Workers", "", "workers", 1), ("Cards", "rank == seat", "hand", 1),
                    ("Cards", "", "deck", "")]
    project = project_of(tmp_path, [("verb", "ends turn"), ("end", "yes")], setup=sheets_setup)
    engine = declared_engine(project, "moves")(Setup(("Ann", "Ben", "Cat"), project=project))
    assert [c.name for c, _ in engine.state.zone("hand", "Ann").items] == ["Moth"]
    assert [c.name for c, _ in engine.state.zone("hand", "Cat").items] == ["Sun"]


def test_a_named_value_reads_the_moves_card(tmp_path: Path) -> None:
    rows = [("verb", "actor", "player", "from", "to", "components", "condition", "ends turn"),
            ("deal", "table", "yes", "deck", "hand", "Cards", "", ""),
            ("play", "turn", "no", "hand", "play", "Cards", "daylight", "yes")]
    project = project_of(tmp_path, rows, values=[("name", "expression"), ("daylight", "card.suit == 'day'")])
    assert findings(audit_text(project, ["table: deal Ann Sun", "Ann: play Sun"])) == []
    assert findings(audit_text(project, ["table: deal Ann Moth", "Ann: play Moth"])) == [
        (2, "moves-play-condition", "violation")]


def test_a_record_of_a_zone_is_checked_and_changes_nothing(tmp_path: Path) -> None:
    rows = [("verb", "actor", "player", "from", "to", "components", "takes", "record", "ends turn"),
            ("deal", "table", "yes", "deck", "hand", "Cards", "", "", ""),
            ("shows", "table", "yes", "hand", "", "Cards", "any", "yes", ""),
            ("end", "turn", "no", "", "", "", "", "", "yes")]
    project = project_of(tmp_path, rows)
    deal = ["table: deal Ann Moth", "table: deal Ann Sun"]
    assert findings(audit_text(project, deal + ["table: shows Ann Sun Moth", "table: shows Ben none"])) == []
    wrong = audit_text(project, deal + ["table: shows Ann Sun"])
    assert findings(wrong) == [(3, "moves-shows-record", "violation")]
    assert "Ann's hand holds Moth, Sun: it leaves out Moth" in wrong.findings[0].message
    extra = audit_text(project, deal + ["table: shows Ann Sun Moth Lantern", "table: shows Ann Sun Moth"])
    assert findings(extra) == [(3, "moves-shows-record", "violation")]  # the record moved nothing


def test_a_derived_claim_when_the_rules_make_none_changes_nothing(tmp_path: Path) -> None:
    project = trick_game(tmp_path)
    early = DEALT + ["Ann: play Moth", "table: take Ann", "Ben: play Lantern"]
    assert findings(audit_text(project, early)) == [(6, "moves-take-result", "violation")]


def test_a_condition_reads_the_zone_the_move_goes_to_and_an_option(tmp_path: Path) -> None:
    rows = [("verb", "actor", "from", "to", "components", "phrase", "condition", "ends turn"),
            ("place", "turn", "workers", "farm, mine", "Workers", "place WORKER on LOCATION",
             "count(to) == 0 and (option('mines') != 'closed' or to != 'mine')", "yes"),
            ("dig", "turn", "", "", "", "", "option('mines') != 'closed'", "yes")]
    project = project_of(tmp_path, rows, turn=[("options", "mines: closed keeps the mines shut")])
    assert findings(audit_text(project, ["Ann: place Worker on farm", "Ben: place Worker on mine"])) == []
    taken = audit_text(project, ["Ann: place Worker on farm", "Ben: place Worker on farm"])
    assert findings(taken) == [(2, "moves-place-condition", "violation")]
    assert "count(to) == 0 does not hold: count(to) is 1" in taken.findings[0].message
    closed = audit_text(project, ['[Setup "mines=closed"]', "Ann: dig"])
    assert [f for f in findings(closed) if f[1] == "moves-dig-condition"]
    shut = audit_text(project, ['[Setup "mines=closed"]', "Ann: place Worker on mine"])
    assert [f for f in findings(shut) if f[1] == "moves-place-condition"]
    engine_cls = declared_engine(project, "moves")
    assert engine_cls.options["mines"] == "closed keeps the mines shut"


def test_optional_words_and_several_rows_for_one_verb(tmp_path: Path) -> None:
    rows = [("verb", "actor", "player", "from", "to", "components", "phrase", "amount", "gain", "ends turn"),
            ("deal", "table", "yes", "deck", "hand", "Cards", "", "", "", ""),
            ("harvest", "turn", "no", "", "", "", "harvest [taking N coins]", "2", "coins: 2", "yes"),
            ("play", "turn", "no", "hand", "play", "Cards", "play CARD", "", "", "yes"),
            ("play", "turn", "no", "hand", "market", "Cards", "play CARD to market", "", "", "yes")]
    project = project_of(tmp_path, rows)
    legal = ["Ann: harvest", "Ben: harvest taking 2 coins", "table: deal Ann Sun", "table: deal Ann Moth",
             "Ann: play Sun", "Ben: harvest", "Ann: play Moth to market"]
    assert findings(audit_text(project, legal)) == []
    wrong = audit_text(project, ["Ann: harvest taking 3 coins"])
    assert findings(wrong) == [(1, "moves-harvest-amount", "violation")]
    assert "harvest states 3, but the rules give 2" in wrong.findings[0].message
    engine_cls = declared_engine(project, "moves")
    assert {"moves-play", "moves-play-2", "moves-play-2-from"} <= {r.id.split("/", 1)[1] for r in engine_cls.rules}
    engine = engine_cls(Setup(("Ann", "Ben"), project=project))
    engine.apply(Event(1, "table", "deal", "Ann Sun"))
    assert set(engine.decision().moves) >= {"harvest", "play Sun", "play Sun to market"}


def test_a_component_by_its_alias_and_its_set(tmp_path: Path) -> None:
    rows = [("verb", "actor", "player", "from", "to", "components", "condition", "ends turn"),
            ("deal", "table", "yes", "deck", "hand", "Cards, Workers", "set == 'Cards'", ""),
            ("play", "turn", "no", "hand", "play", "Cards", "", "yes")]
    project = project_of(tmp_path, rows)
    (project / "Cards.csv").write_text("name,alias,cost,suit,rank,count\nMoth,\"m, moth-card\",1,night,1,3\n"
                                       "Sun,,3,day,3,3\n")
    assert findings(audit_text(project, ["table: deal Ann m", "Ann: play moth-card"])) == []
    assert (1, "moves-deal-condition", "violation") in findings(audit_text(project, ["table: deal Ann Worker"]))
