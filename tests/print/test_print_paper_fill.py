"""Less paper: shared cut lines where edges match, gutters (narrowed when that fits more) where not, full pages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from print_fixtures import CARD_LAYOUT, make_project
from playproof.cli import cli
from playproof.errors import Problems
from playproof.layouts.cuts import choose_cut
from playproof.layouts.grids import choose_grid
from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.project import load_project
from playproof.layouts.spec import PAPERS
from playproof.output.build import BuildOptions, make_jobs, make_sheet, selected_sets
from playproof.output.paper import fill, front_pages
from playproof.units import mm

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = ["seven-sisters", "four-sisters", "battle-for-seven-cities", "who-will-reign", "7-wonders-leaders"]


def test_auto_cut_shares_cut_lines_only_where_every_edge_matches():
    same = choose_cut("auto", "rect", False, [("#ffffff", "#203040")] * 3, True)
    assert same.shared and not same.narrow
    assert same.reason == "shared cut lines: every edge matches (front #ffffff and back #203040)"
    differ = choose_cut("auto", "rect", False, [("#ffffff", "#203040"), ("#ffffff", "#6b1f2a")], True)
    assert not differ.shared and differ.narrow and differ.reason == "gutters: edges differ (#203040, #6b1f2a)"
    picture = choose_cut("auto", "rect", False, [("art.png", "#203040")], True)
    assert not picture.shared and picture.reason.startswith("gutters: an edge is not a plain colour")
    assert choose_cut("gutter", "rect", False, [], True).narrow is False  # asked for: kept at full width
    assert choose_cut("auto", "circle", False, [], True).shared is False
    assert choose_cut("auto", "rect", False, [("#ffffff", "")], False).shared  # no back: only the front counts


def poker(edges_differ: bool, narrow: bool, count: int = 40) -> SetJob:
    """Return poker cards (63.5 x 88.9 mm) cut apart as choose_cut would for their edges."""
    copies = tuple(Copy("Cards", 2 + i, 1, 0) for i in range(count))
    gap = mm(6) if edges_differ else 0.0
    return SetJob("Cards", mm(63.5), mm(88.9), mm(3), gap, copies, True, narrow=narrow)


def test_a_gutter_is_narrowed_only_when_that_saves_a_sheet():
    letter = Sheet(*PAPERS["letter"])
    assert choose_grid(poker(True, True, count=18), letter).gap is None  # 3 sheets at 6 or at 8 a page
    project = load_project(EXAMPLES / "battle-for-seven-cities", Problems())
    (hexes,) = [j for j in make_jobs(project, selected_sets(project, ())) if j.name == "Past Tile-Groups"]
    assert hexes.narrow and hexes.gap == mm(4) and len(hexes.copies) == 11
    assert choose_grid(replace(hexes, narrow=False), letter).per_page == 9
    grid = choose_grid(hexes, letter)  # the widest gutter that puts all 11 on one sheet: 1.5 mm of bleed kept
    assert grid.per_page == 12 and grid.gap == pytest.approx(mm(3))


def test_letter_holds_nine_poker_cards_with_shared_cut_lines_and_eight_with_narrow_gutters():
    letter, a4 = Sheet(*PAPERS["letter"]), Sheet(*PAPERS["a4"])
    assert choose_grid(poker(False, False), letter).per_page == 9
    narrowed = choose_grid(poker(True, True), letter)
    assert (narrowed.per_page, narrowed.gap) == (8, pytest.approx(mm(2)))
    assert choose_grid(poker(True, False), letter).per_page == 6  # cut = "gutter": full gutters, fewer cards
    a4_grid = choose_grid(poker(True, True), a4)
    assert (a4_grid.per_page, a4_grid.gap) == (8, None)  # A4 fits 8 with full gutters: nothing is narrowed
    fronts = plan([poker(True, True)], letter).pages[0].slots
    apart = min(b.trim.x - a.trim.right for a in fronts for b in fronts
                if b.trim.x > a.trim.right and abs(a.trim.y - b.trim.y) < 1)
    assert apart == pytest.approx(mm(2))
    for slot in fronts:  # each piece keeps 1 mm of bleed towards its neighbours
        assert slot.art.width - slot.trim.width >= mm(2) - 1e-6


def test_a_small_set_goes_beside_what_a_page_already_holds():
    tiles = SetJob("Tiles", mm(70), mm(70), mm(3), mm(6), (Copy("Tiles", 2, 1, 0),), True)
    tokens = SetJob("Tokens", mm(25), mm(25), mm(3), mm(6), tuple(Copy("Tokens", 2, i + 1, 0) for i in range(2)),
                    True, honeycomb=True)
    pages = plan([tiles, tokens], Sheet(*PAPERS["a4"])).pages
    assert len(pages) == 2 and pages[0].set == "Tiles + Tokens"
    tile = next(s for s in pages[0].slots if s.copy.set == "Tiles")
    beside = [s for s in pages[0].slots if s.copy.set == "Tokens"]
    assert all(s.trim.x > tile.trim.right and s.trim.y < tile.trim.bottom for s in beside)
    backs = {s.copy: s for s in pages[1].slots}
    for front in pages[0].slots:  # a long-edge back mirrors left and right: the back stays behind its front
        back = backs[front.copy]
        assert back.trim.x == pytest.approx(pages[0].width - front.trim.right)
        assert back.trim.y == pytest.approx(front.trim.y)


def paper_plan(game: str, paper: str):
    """Return the plan of a seed game on a paper."""
    project = load_project(EXAMPLES / game, Problems())
    _, sheet = make_sheet(project, BuildOptions(paper=paper))
    return plan(make_jobs(project, selected_sets(project, ())), sheet)


def last_sheets(pages) -> set[int]:
    """Return the page numbers holding the last copy of some set."""
    last: dict[str, int] = {}
    for page in pages:
        for slot in page.slots:
            last[slot.copy.set] = page.number
    return set(last.values())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_page_is_under_a_quarter_full_but_a_sets_last(game, paper):
    pages = front_pages(paper_plan(game, paper))
    exempt = last_sheets(pages)
    assert [(p.number, p.set, round(fill(p), 2)) for p in pages if fill(p) < 0.25 and p.number not in exempt] == []


def test_letter_needs_no_more_paper_than_a4_for_any_seed_game():
    totals = {game: (len(paper_plan(game, "a4").pages), len(paper_plan(game, "letter").pages)) for game in GAMES}
    assert {g: t for g, t in totals.items() if t[1] > t[0]} == {}
    # 7 Wonders Leaders' score pad is size = "half-page": A5 on A4, half-letter on Letter, two to a sheet on both
    assert totals == {"seven-sisters": (32, 32), "four-sisters": (18, 18), "battle-for-seven-cities": (28, 28),
                      "who-will-reign": (30, 30), "7-wonders-leaders": (24, 24)}


def test_the_build_says_pieces_a_page_why_and_the_fill_of_its_paper(tmp_path):
    rows = [("name", "text", "colour"), ("Gold", "a", "#aa0000"), ("Fruit", "b", "#00aa00")]
    layouts = CARD_LAYOUT.replace('cut = "shared"\n', "").replace('background = "#ffffff"', 'background = "{colour}"')
    layouts = layouts.replace('paper = "a4"', 'paper = "letter"')
    project = make_project(tmp_path, layouts=layouts, sheets={"Cards": [r + ((8,) if i else ("count",))
                                                                        for i, r in enumerate(rows)]})
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("letter: 4 page(s) on 2 sheet(s) of paper, fronts ")
    assert lines[1] == ("  Cards: 8 a page, gutters: edges differ (#00aa00, #aa0000); gutters narrowed from 6 mm "
                        "to 2 mm (1 mm of bleed each side) to fit 8 a page")
