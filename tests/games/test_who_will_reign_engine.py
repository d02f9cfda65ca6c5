"""Who Will Reign?: random games, the workbook as the source of truth, abilities and crowns."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import openpyxl
import pytest

from playproof.errors import PlayproofError
from playproof.playtest.audit import audit_file
from playproof.playtest.engine import TABLE, Event, Setup
from playproof.playtest.games import find_engine
from playproof.playtest.games.who_will_reign import ENGINE, RULES, WhoWillReign
from playproof.playtest.games.who_will_reign.catalogue import load_catalogue
from playproof.playtest.games.who_will_reign.grammar import GrammarError, parse_ability, parse_moon
from playproof.playtest.games.who_will_reign.moves import SISTER_VERBS, TABLE_VERBS
from playproof.playtest.simulate import play_random_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "who-will-reign"
RULINGS = ROOT / "docs" / "rulings" / "who-will-reign.md"
BOARDS = "Applegarth Barleymead Cloverdale Dunmoor Ashby Brookton Candlewick Dovecote Eastwick"
MARKET = ("Astronomer", "Fireworks", "Ceremonial-Coat", "Pure-White-Stag", "Orchard")


def start(project: Path | None = None, players: tuple[str, ...] = ("Ann", "Ben"),
          market: tuple[str, ...] = MARKET) -> WhoWillReign:
    """Return an engine after setup with known boards and market."""
    engine = ENGINE(Setup(players, {}, project=project))
    events = [("lay", BOARDS)] + [("reveal", card) for card in market]
    for line, (verb, args) in enumerate(events, start=1):
        assert engine.apply(Event(line, TABLE, verb, args)) == []
    return engine


def rules_of(engine: WhoWillReign, actor: str, text: str) -> list[str]:
    """Apply a move and return the rule slugs of its findings."""
    verb, _, args = text.partition(" ")
    return [v.rule.removeprefix("who-will-reign/") for v in engine.apply(Event(99, actor, verb, args))]


def test_registry_finds_the_engine() -> None:
    assert find_engine("who-will-reign") is ENGINE


def test_500_random_games_finish_without_violations() -> None:
    rng = random.Random(2026)
    lengths = []
    for game in range(500):
        players = ("Ann", "Ben", "Cat", "Dee")[: 2 + game % 3]
        engine, events = play_random_game(ENGINE, Setup(players, seed=game), rng)
        assert engine.is_over() and engine.decision() is None
        lengths.append(len(events))
    assert min(lengths) > 20


@pytest.mark.parametrize("options", [{"no-banners": "true"}, {"replace-when-full": "true", "tiebreak": "stores"}])
def test_random_games_with_variants_finish_without_violations(options: dict[str, str]) -> None:
    rng = random.Random(str(options))
    for game in range(20):
        engine, _ = play_random_game(ENGINE, Setup(("Ann", "Ben", "Cat")[: 2 + game % 2], options), rng)
        assert engine.is_over()
        assert "no-banners" not in options or not any(s.banner for s in engine.game.state.sisters)


def test_random_game_replays_clean_in_a_fresh_engine() -> None:
    engine, events = play_random_game(ENGINE, Setup(("Ann", "Ben", "Cat")), random.Random(7))
    again = ENGINE(Setup(("Ann", "Ben", "Cat")))
    assert [v for e in events for v in again.apply(e)] == []
    assert again.scores() == engine.scores() and again.is_over()


# --- the workbook is the source of truth ----------------------------------------------------

def _copy_example(tmp_path: Path) -> Path:
    """Copy the example project's workbook into a fresh project folder."""
    project = tmp_path / "wwr"
    project.mkdir()
    shutil.copy(EXAMPLE / "components.xlsx", project / "components.xlsx")
    return project


def _edit(project: Path, sheet: str, name: str, column: str, value: object) -> None:
    """Set one cell of a named row, and move the file's modification time on."""
    path = project / "components.xlsx"
    book = openpyxl.load_workbook(path)
    ws = book[sheet]
    header = [c.value for c in ws[1]]
    row = next(r for r in ws.iter_rows(min_row=2) if r[0].value == name)
    row[header.index(column)].value = value
    book.save(path)
    stat = path.stat()
    os.utime(path, (stat.st_atime, stat.st_mtime + 10))


def test_a_designer_edit_of_a_cost_changes_the_verdict(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    assert rules_of(start(project), "Ann", "acquire Astronomer") == []  # 4 gold, Ann has 5
    _edit(project, "Court Cards", "Astronomer", "cost_gold", 6)
    assert rules_of(start(project), "Ann", "acquire Astronomer") == ["acquire-cost"]
    _edit(project, "Court Cards", "Astronomer", "cost_gold", 5)
    assert rules_of(start(project), "Ann", "acquire Astronomer") == []


def test_a_designer_edit_of_crowns_and_rules_changes_scores_and_costs(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    _edit(project, "Court Cards", "Fireworks", "crowns", 5)
    _edit(project, "Rules", "sweep_cost", "value", 6)
    engine = start(project)
    assert rules_of(engine, "Ann", "acquire Fireworks") == []
    assert engine.scores()["Ann"] == 5
    assert rules_of(engine, "table", "reveal Oracle") == []
    assert rules_of(engine, "Ann", "sweep") == ["sweep-cost"]


def test_a_designer_edit_of_an_ability_changes_the_engine(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    _edit(project, "Court Cards", "Astronomer", "effect", "on harvest food 3")
    engine = start(project)
    rules_of(engine, "Ann", "acquire Astronomer")
    rules_of(engine, "table", "reveal Oracle")
    rules_of(engine, "Ann", "harvest")
    assert engine.game.state.sister("Ann").food == 5 + 4 + 3


def test_a_designer_edit_of_a_banner_requirement_changes_the_verdict(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    engine = start(project)
    rules_of(engine, "Ann", "acquire Astronomer")  # one WISDOM card; the banner asks for two
    rules_of(engine, "table", "reveal Oracle")
    assert rules_of(engine, "Ann", "banner wisdom") == ["banners-requirement"]
    _edit(project, "Banners", "Banner of Wisdom", "requires", "path wisdom 1")
    engine = start(project)
    rules_of(engine, "Ann", "acquire Astronomer")
    rules_of(engine, "table", "reveal Oracle")
    assert rules_of(engine, "Ann", "banner wisdom") == []


def test_a_designer_edit_of_an_improvement_output_changes_the_verdict(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    engine = start(project)
    assert rules_of(engine, "Ann", "acquire Orchard on Applegarth") == []
    engine.game.state.sister("Ann").gold = 9
    rules_of(engine, "table", "reveal Irrigation")
    assert rules_of(engine, "Ann", "acquire Irrigation on Applegarth") == []  # equal output may cover
    _edit(project, "Land Improvements", "Irrigation", "output", 1)
    engine = start(project)
    rules_of(engine, "Ann", "acquire Orchard on Applegarth")
    engine.game.state.sister("Ann").gold = 9
    rules_of(engine, "table", "reveal Irrigation")
    assert rules_of(engine, "Ann", "acquire Irrigation on Applegarth") == ["improvements-no-lower"]


def test_the_catalogue_is_cached_per_path_and_mtime() -> None:
    assert load_catalogue(EXAMPLE) is load_catalogue(EXAMPLE)


def test_a_relative_project_is_the_one_in_the_folder_run_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = []
    for folder in ("a", "b"):  # the same workbook, modified at the same time, in two folders
        (tmp_path / folder / "wwr").mkdir(parents=True)
        shutil.copy2(EXAMPLE / "components.xlsx", tmp_path / folder / "wwr" / "components.xlsx")
        monkeypatch.chdir(tmp_path / folder)
        found.append(load_catalogue(Path("wwr")))
    assert found[0] is not found[1]


def test_an_edited_workbook_is_read_again(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    before = load_catalogue(project)
    assert load_catalogue(project) is before
    _edit(project, "Court Cards", "Fireworks", "crowns", 9)
    after = load_catalogue(project)
    assert after is not before and after.cards["fireworks"].crowns == 9 != before.cards["fireworks"].crowns


def test_a_broken_effect_is_reported_at_its_cell(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    _edit(project, "Court Cards", "Astronomer", "effect", "worth 0 when dark")
    with pytest.raises(PlayproofError) as info:
        load_catalogue(project)
    assert str(info.value) == ('components.xlsx, sheet "Court Cards", row 20, column "effect": '
                               'unknown ability "worth 0 when dark"')


def test_a_bad_crown_value_is_reported_at_its_cell(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    _edit(project, "Court Cards", "Fireworks", "crowns", "lots")
    with pytest.raises(PlayproofError) as info:
        load_catalogue(project)
    assert str(info.value) == ('components.xlsx, sheet "Court Cards", row 11, column "crowns": '
                               '"lots" is not a whole number or "?"')


def test_an_unknown_card_in_a_condition_is_reported(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    _edit(project, "Court Cards", "Astronomer", "effect", "worth 0 if has Telescope")
    with pytest.raises(PlayproofError) as info:
        load_catalogue(project)
    assert str(info.value) == 'card "Astronomer": its effect names an unknown card "telescope"'


def test_rule_numbers_that_leave_no_game_are_reported(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    _edit(project, "Rules", "boards_dealt", "value", 13)
    with pytest.raises(PlayproofError) as info:
        load_catalogue(project)
    assert str(info.value) == ('components.xlsx, sheet "Rules": boards_dealt must be between 1 and the 12 land '
                               'boards (got 13)')


def test_a_duplicate_banner_is_reported(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    _edit(project, "Banners", "Banner of Culture", "path", "Might")
    with pytest.raises(PlayproofError) as info:
        load_catalogue(project)
    assert str(info.value) == ('components.xlsx, sheet "Banners", row 3, column "path": '
                               'a second banner of the path "might" (each path has one banner)')


@pytest.mark.parametrize("text, message", [
    ("gain silver 2", 'unknown resource "silver" (expected one of: food, gold)'),
    ("plus 2 per dragons", 'unknown count "dragons" (expected a path, PATH+board, or one of: '
                           'guest, guest-all, improved, paths, farm, village)'),
    ("on harvest gold 1", '"on harvest" gives food, not "gold"'),
    ("plus two per might", '"two" is not a whole number'),
])
def test_grammar_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(GrammarError) as info:
        parse_ability(text)
    assert str(info.value) == message


def test_moon_grammar() -> None:
    moon = parse_moon("tribute gold 6; else each lose gold 4 unless might")
    assert moon.tribute == ("gold", 6) and moon.penalties[0].amount == -4 and moon.penalties[0].unless == "might"
    with pytest.raises(GrammarError) as info:
        parse_moon("else each lose food 1")
    assert str(info.value) == '"else" needs a "tribute" clause'


# --- abilities and crowns from the card sheet -----------------------------------------------

def test_income_abilities_of_court_guests_and_banner() -> None:
    engine = start()
    ann = engine.game.state.sister("Ann")
    ann.court, ann.guests = ["royal-guard", "master-brewer", "astronomer", "oracle"], ["freeloader"]
    ann.changed()
    assert rules_of(engine, "Ann", "banner wisdom") == []
    assert rules_of(engine, "Ann", "tax") == []
    assert (ann.food, ann.gold) == (0, 5 + 5 + 1 + 1 - 1)


def test_glutton_never_makes_a_harvest_negative() -> None:
    engine = start()
    engine.game.state.lands.clear()
    ann = engine.game.state.sister("Ann")
    ann.guests = ["glutton"]
    ann.changed()
    rules_of(engine, "Ann", "harvest")
    assert ann.food == 5


def test_gain_on_acquire() -> None:
    engine = start(market=("Alchemist", "Fireworks", "Tapestry", "Oracle", "Orchard"))
    rules_of(engine, "Ann", "acquire Alchemist")
    assert engine.game.state.sister("Ann").gold == 5 - 2 + 3


@pytest.mark.parametrize("court, guests, banner, crowns", [
    (["astronomer"], [], "", 4),
    (["astronomer", "fireworks"], [], "", 0 + 3),
    (["pure-white-stag"], [], "", 5),
    (["pure-white-stag", "royal-hunter"], [], "", 1 + 3),
    (["war-horse", "knight-commander"], [], "", 4 + 3 + 2),
    (["court-jester"], ["gossip", "glutton"], "", 4 - 2 - 1),
    (["champion"], ["sulking-cousin"], "", 3 - 2),
    (["philosopher", "astronomer", "royal-guard", "shepherd"], [], "", 2 + 3 + 4 + 2 + 1),
    (["heirloom-ring", "war-drums"], ["gossip"], "might", 4 + 5 + 3 - 3),
    (["oracle", "astronomer"], [], "", 2 + 4),
])
def test_crowns(court: list[str], guests: list[str], banner: str, crowns: int) -> None:
    engine = start()
    ann = engine.game.state.sister("Ann")
    ann.court, ann.guests, ann.banner = court, guests, banner
    assert engine.scores()["Ann"] == crowns


def test_question_mark_cards_count_the_board() -> None:
    engine = start()
    lands = engine.game.state.lands
    lands["applegarth"].stack = ["orchard"]
    lands["barleymead"].stack = ["great-barn"]
    lands["ashby"].stack = ["orchard"]
    ann = engine.game.state.sister("Ann")
    ann.court = ["granary", "shepherd", "cartographer", "masquerade"]
    engine.game.state.sister("Ben").guests = ["gossip", "glutton"]
    # Granary 2 x (2 BOUNTY + 3 BOUNTY tops) = 10; Shepherd 1; Cartographer 3 improved; Masquerade 2 guests
    assert engine.score_breakdown()["Ann"] == {"court": 10 + 1 + 3 + 2, "banner": 0, "guests": 0, "total": 16}


# --- the decision points ---------------------------------------------------------------------

def test_decision_lists_every_legal_move_of_a_turn() -> None:
    engine = start()
    engine.game.state.sister("Ann").guests = ["gossip"]
    moves = set(engine.decision().moves)
    assert {"end", "harvest", "tax", "sweep", "acquire Astronomer", "acquire Fireworks",
            "acquire Pure-White-Stag", "acquire Orchard on Applegarth"} <= moves
    assert "acquire Orchard on Ashby" not in moves and not any(m.startswith("banner") for m in moves)


def test_decision_of_the_table_and_of_a_tribute() -> None:
    engine = ENGINE(Setup(("Ann", "Ben")))
    lays = engine.decision().moves
    assert engine.decision().actor == TABLE and len(lays) == 220  # 9 of 12 boards
    engine = start()
    rules_of(engine, "Ann", "acquire Fireworks")
    rules_of(engine, "table", "reveal War-Moon")
    decision = engine.decision()
    assert decision.actor == "Ann" and decision.moves == ("pay 0 gold", "pay 1 gold", "pay 2 gold")


def test_every_verb_option_and_rule_is_documented() -> None:
    text = RULINGS.read_text(encoding="utf-8")
    verbs = [v for v in SISTER_VERBS + TABLE_VERBS if f": {v}" not in text]
    options = [o for o in ENGINE.options if f"`{o}" not in text]
    missing = verbs + options + [r.id for r in RULES if r.id not in text]
    assert missing == []


def test_an_audited_log_follows_the_workbook_its_header_names(tmp_path: Path) -> None:
    project = _copy_example(tmp_path)
    log = tmp_path / "edited.log"
    lines = ['[Game "who-will-reign"]', '[Players "Ann, Ben"]', '[Project "wwr"]', "",
             f"table: lay {BOARDS}", *[f"table: reveal {card}" for card in MARKET], "Ann: acquire Astronomer"]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert audit_file(log).findings == []
    _edit(project, "Court Cards", "Astronomer", "cost_gold", 6)
    assert [(f.line, f.rule) for f in audit_file(log).findings] == [(11, "who-will-reign/acquire-cost")]
