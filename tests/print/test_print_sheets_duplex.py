"""Duplex parity: every front page's back is the next page, for every seed game and print mode.

Checked on the plan and the manifest (no drawing).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from playproof.errors import Problems
from playproof.layouts.imposition import Plan, plan
from playproof.layouts.project import load_project
from playproof.output.build import BuildOptions, make_jobs, make_sheet, selected_sets
from playproof.output.manifest import manifest
from playproof.scaffold import create_project

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = ["seven-sisters", "four-sisters", "battle-for-seven-cities", "who-will-reign", "7-wonders-leaders"]
MODES = [
    BuildOptions(paper=paper, duplex=duplex, fold=fold, calibration=calibration)
    for paper in ("a4", "letter")
    for duplex, fold in (("long", False), ("short", False), ("none", False), ("long", True), ("short", True))
    for calibration in (False, True)
]

EXTRA_SET = '''
[sets.Heroes]
size = "poker"
background = "#ffffff"
elements = [ { type = "text", text = "{name}", x = "5mm", y = "5mm", width = "50mm", height = "10mm" } ]
back = { background = "#203040" }
'''


def plan_of(project_dir: Path, options: BuildOptions) -> tuple[Plan, dict]:
    """Return the plan and manifest a build of the project would print."""
    problems = Problems()
    project = load_project(project_dir, problems)
    assert not problems.errors, problems.errors
    _, sheet = make_sheet(project, options)
    jobs = make_jobs(project, selected_sets(project, ()))
    result = plan(jobs, sheet)
    sets = {job.name: (1, len(job.copies)) for job in jobs}
    return result, manifest(project.name, project.version, "a4", result, sets)


def assert_duplex_pairs(result: Plan, document: dict, options: BuildOptions) -> None:
    """Assert each front page is followed by its own back page (plan and manifest agree)."""
    pages = result.pages
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    assert len(pages) % 2 == 0
    for front, back in zip(pages[::2], pages[1::2]):
        assert (front.side, back.side) == ("front", "back"), (front.number, back.number)
        assert back.set == front.set and (back.width, back.height) == (front.width, front.height)
        fronts = Counter(s.copy for s in front.slots)
        backs = Counter(s.copy for s in back.slots)
        assert all(fronts[c] == n for c, n in backs.items()), back.number  # a back holds only its fronts' backs
    with_backs = {p["set"] for p in document["placements"] if p["side"] == "back"}
    where = {(p["set"], p["row"], p["copy"], p.get("part"), p["side"]): p["page"] for p in document["placements"]}
    for (name, row, copy, part, side), page in where.items():
        assert page % 2 == (1 if side == "front" else 0), (name, row, copy, side, page)
        if side == "back":
            assert where[(name, row, copy, part, "front")] == page - 1
        elif name in with_backs:
            assert where[(name, row, copy, part, "back")] == page + 1  # every front of a set with backs has one


def assert_single_sided(result: Plan, options: BuildOptions) -> None:
    """Assert backs lie on their front's page (gutter fold) or right after it (glued backs)."""
    for page in result.pages:
        if page.side == "back":
            before = result.pages[page.number - 2]
            assert before.side == "front" and before.set == page.set
            assert {s.copy for s in page.slots} <= {s.copy for s in before.slots if s.side == "front"}


def check(project_dir: Path, options: BuildOptions) -> Plan:
    """Plan a project in one print mode and assert its pages pair up as that mode prints them."""
    result, document = plan_of(project_dir, options)
    if options.duplex != "none" and not options.fold:
        assert_duplex_pairs(result, document, options)
    else:
        assert_single_sided(result, options)
    return result


@pytest.mark.parametrize("game", GAMES)
def test_every_seed_game_keeps_fronts_and_backs_paired_in_every_mode(game):
    for options in MODES:
        check(EXAMPLES / game, options)


def test_the_starter_project_with_a_set_with_backs_after_its_tokens(tmp_path):
    target = tmp_path / "starter"
    create_project(target)
    for options in MODES:
        check(target, options)
    with (target / "layouts.toml").open("a") as layouts:
        layouts.write(EXTRA_SET)
    from openpyxl import load_workbook

    book = load_workbook(target / "components.xlsx")
    heroes = book.create_sheet("Heroes")
    for row in (("name", "count"), ("Ann", 5), ("Ben", 6)):
        heroes.append(row)
    book.save(target / "components.xlsx")
    for options in MODES:
        result = check(target, options)
        assert any(p.set == "Heroes" for p in result.pages)


def test_a_set_without_backs_gets_blank_back_pages_only_in_duplex(tmp_path):
    target = tmp_path / "starter"
    create_project(target)
    problems = Problems()
    project = load_project(target, problems)
    tokens = [job for job in make_jobs(project, selected_sets(project, ())) if not job.has_back]
    assert tokens  # alone: with the cards, the starter's tokens share the cards' sheet
    duplex = plan(tokens, make_sheet(project, BuildOptions(duplex="long"))[1])
    blank = [p for p in duplex.pages if p.side == "back" and not p.slots]
    assert blank and all(p.label == "blank" for p in blank)
    single = plan(tokens, make_sheet(project, BuildOptions(duplex="none"))[1])
    assert not [p for p in single.pages if p.side == "back" and not p.slots]


def test_a_piece_too_big_to_fold_is_warned_about_once_and_glued():
    from playproof.layouts.imposition import Copy, SetJob, Sheet
    from playproof.units import mm

    copies = tuple(Copy("Screens", 2, n, 0) for n in (1, 2))
    job = SetJob("Screens", mm(180), mm(160), 0.0, 0.0, copies, True)
    result = plan([job], Sheet(mm(210), mm(297), fold=True))
    assert result.warnings == ['set "Screens": a component does not fit on half a page, so it cannot be '
                               "gutter-folded; its backs are printed on their own pages, at the same "
                               "positions as the fronts, to glue"]
    assert [p.side for p in result.pages] == ["front", "back", "front", "back"]
    assert result.pages[1].slots[0].trim == result.pages[0].slots[0].trim  # not mirrored: glued
