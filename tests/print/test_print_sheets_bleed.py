"""Real bleed between pieces: gutters by default, shared cut lines on request (warned when edges differ)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from playproof.errors import Problems
from playproof.layouts.compose import Composer
from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.project import load_project
from playproof.layouts.scene import RectOp
from playproof.layouts.spec import PAPERS, parse_spec
from playproof.output.build import BuildOptions, make_jobs, make_sheet, selected_sets
from playproof.units import mm

from print_fixtures import CARD_LAYOUT, make_project

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example_plan(game: str):
    """Return the jobs and plan of a seed game as layouts.toml prints it."""
    problems = Problems()
    project = load_project(EXAMPLES / game, problems)
    _, sheet = make_sheet(project, BuildOptions())
    jobs = make_jobs(project, selected_sets(project, ()))
    return jobs, plan(jobs, sheet)


def test_four_sisters_team_backs_never_touch():
    jobs, result = example_plan("four-sisters")
    cards = next(job for job in jobs if job.name == "Cards")
    assert cards.gap == 2 * cards.bleed == mm(6)
    backs = [p for p in result.pages if p.set == "Cards" and p.side == "back"]
    assert backs
    for page in backs:
        for i, a in enumerate(page.slots):
            grown = a.trim.grow(mm(3), mm(3), mm(3), mm(3))  # the full bleed on every side
            assert (a.art.x, a.art.y, a.art.width, a.art.height) == pytest.approx(
                (grown.x, grown.y, grown.width, grown.height))
            for b in page.slots[i + 1:]:
                assert not a.art.overlaps(b.art)
                apart = max(b.trim.x - a.trim.right, a.trim.x - b.trim.right, b.trim.y - a.trim.bottom,
                            a.trim.y - b.trim.bottom)
                assert apart >= mm(6) - 1e-6
    assert not result.warnings


def test_every_seed_game_prints_without_shared_edge_warnings():
    for game in ("seven-sisters", "four-sisters", "battle-for-seven-cities", "who-will-reign", "7-wonders-leaders"):
        assert example_plan(game)[1].warnings == [], game


def cards(edges: tuple[tuple[str, str], ...], gap: float = 0.0) -> SetJob:
    """Return poker cards alternating between designs with the given edge colours."""
    copies = tuple(Copy("Cards", 2 + i % len(edges), 1, i % len(edges)) for i in range(9))
    return SetJob("Cards", mm(63), mm(88), mm(3), gap, copies, True, edges=edges)


def test_shared_cut_lines_between_different_edges_are_warned_about_once():
    result = plan([cards((("#fbf6ec", "#1f2a44"), ("#fbf6ec", "#6b1f2a")))], Sheet(*PAPERS["a4"]))
    assert result.warnings == [
        'set "Cards": neighbouring pieces share a cut line but their edges differ (#1f2a44 next to #6b1f2a on '
        'page 2); a cut off by a hair shows the other colour: use cut = "gutter" to keep them apart']
    same = plan([cards((("#fbf6ec", "#1f2a44"), ("#fbf6ec", "#1f2a44")))], Sheet(*PAPERS["a4"]))
    assert same.warnings == []
    apart = plan([cards((("#fbf6ec", "#1f2a44"), ("#fbf6ec", "#6b1f2a")), gap=mm(6))], Sheet(*PAPERS["a4"]))
    assert apart.warnings == []


def test_cut_key_default_shared_and_errors():
    problems = Problems()
    spec = parse_spec(tomllib.loads('[sets.A]\nsize = "poker"\n[sets.B]\nsize = "poker"\ncut = "shared"\n'
                                    '[sets.C]\nsize = "poker"\ncut = "lasers"\n'), problems)
    assert (spec.sets["A"].cut, spec.sets["B"].cut) == ("auto", "shared")
    assert [str(p) for p in problems.items] == ['layouts.toml: set "C": unknown cut "lasers" (use auto, gutter, '
                                                'shared)']


def test_gutter_default_and_shared_cut_in_a_build(tmp_path):
    project = make_project(tmp_path, layouts=CARD_LAYOUT.replace('cut = "shared"\n', 'cut = "gutter"\n'))
    problems = Problems()
    loaded = load_project(project, problems)
    (job,) = make_jobs(loaded, selected_sets(loaded, ()))
    assert job.gap == mm(6) and not job.narrow  # a gutter asked for is never narrowed
    (project / "layouts.toml").write_text(CARD_LAYOUT)
    loaded = load_project(project, problems)
    (job,) = make_jobs(loaded, selected_sets(loaded, ()))
    assert job.gap == 0.0 and job.edges == (("#ffffff", "#203040"), ("#ffffff", "#203040"))


def test_a_frame_runs_into_the_bleed(tmp_path):
    layouts = CARD_LAYOUT.replace('background = "#ffffff"', 'background = "#ffffff"\n'
                                  'border = { colour = "#aa0000", width = "1mm" }')
    project = make_project(tmp_path, layouts=layouts)
    problems = Problems()
    loaded = load_project(project, problems)
    layout, cset = loaded.spec.sets["Cards"], loaded.workbook.sets["Cards"]
    scene = Composer(project, problems, loaded.builtins()).scene(layout, layout.front, cset, cset.rows[0])
    framed = [op for op in scene.ops if isinstance(op, RectOp) and op.style.stroke == "#aa0000"]
    outer = min(op.box.x - op.style.stroke_width / 2 for op in framed)
    assert outer <= -mm(3) + 1e-6  # the frame's colour covers the whole bleed
