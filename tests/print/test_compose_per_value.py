"""An element that uses row fields is composed once per distinct value of them (a suit's icon, a shared text)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from playproof.errors import ProblemsError
from playproof.layouts import draw_elements
from playproof.output.build import build

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import page_compare  # noqa: E402
import print_bench  # noqa: E402


def _counted(monkeypatch, kind: str) -> list[str]:
    calls: list[str] = []
    real = draw_elements.DRAWERS[kind]

    def counted(ctx, element):
        calls.append(str(ctx.row.row))
        return real(ctx, element)

    monkeypatch.setitem(draw_elements.DRAWERS, kind, counted)
    return calls


def test_a_per_row_icon_is_composed_once_per_suit(tmp_path: Path, monkeypatch) -> None:
    calls = _counted(monkeypatch, "image")
    project = print_bench.make_deck(tmp_path, 20, "csv", "icons")
    ours = build(project, tmp_path / "out").outputs[0]
    assert len(calls) == 4  # flame, leaf, moon, sun
    theirs = tmp_path / "hand.pdf"
    import handwritten_reportlab

    handwritten_reportlab.main(project, theirs, "icons")
    assert all(d.same for d in page_compare.compare(ours, theirs, [1, 3, 5], dpi=60))


def test_a_shared_text_is_laid_out_once(tmp_path: Path, monkeypatch) -> None:
    calls = _counted(monkeypatch, "text")
    project = print_bench.make_deck(tmp_path, 6, "csv")
    rows = (project / "Cards.csv").read_text().splitlines()
    same = [",".join(row.split(",")[:2] + ["Take one gold."]) for row in rows[1:]]
    (project / "Cards.csv").write_text("\n".join(rows[:1] + same) + "\n")
    build(project, tmp_path / "out")
    assert len(calls) == 6 + 1 + 1  # each card's own name, the rules text they share once, the back's title


def test_each_row_with_a_missing_image_is_still_reported(tmp_path: Path) -> None:
    project = print_bench.make_deck(tmp_path, 8, "csv", "icons")
    (project / "assets" / "moon.svg").unlink()
    with pytest.raises(ProblemsError) as raised:
        build(project, tmp_path / "out")
    missing = [p for p in raised.value.problems if 'image "moon.svg" not found' in p.message]
    assert len(missing) == 2  # rows 4 and 8 have the moon
    assert len({str(p.location) for p in missing}) == 2


def test_a_text_whose_only_field_is_its_text_works_out_its_paint_once(tmp_path: Path, monkeypatch) -> None:
    calls: list[int] = []
    real = draw_elements._text_paint
    monkeypatch.setattr(draw_elements, "_text_paint", lambda *args: calls.append(1) or real(*args))
    project = print_bench.make_deck(tmp_path, 20, "csv")
    build(project, tmp_path / "out")
    assert len(calls) == 2 + 1  # the title's and the rules text's plans; the back's title, composed once


def test_a_bad_colour_of_a_text_is_reported_once_in_layouts_toml(tmp_path: Path) -> None:
    project = print_bench.make_deck(tmp_path, 12, "csv")
    layouts = project / "layouts.toml"
    layouts.write_text(layouts.read_text().replace('size = "9pt",', 'size = "9pt", colour = "#12345",', 1))
    with pytest.raises(ProblemsError) as raised:
        build(project, tmp_path / "out")
    assert [str(p) for p in raised.value.problems if "#12345" in p.message] == [
        'layouts.toml: set "Cards", element 3: colour: "#12345" is not a colour (use #rrggbb, #rrggbbaa with '
        'opacity, or a name like "navy")']


def test_an_element_whose_values_never_repeat_stops_keeping_its_ops(tmp_path: Path, monkeypatch) -> None:
    from playproof.layouts import compose
    from playproof.output import build as build_module

    monkeypatch.setattr(compose, "UNSHARED", 5)
    composers: list[compose.Composer] = []
    real = build_module.Composer

    class Kept(real):  # type: ignore[misc,valid-type]
        def __init__(self, *args) -> None:
            super().__init__(*args)
            composers.append(self)

    monkeypatch.setattr(build_module, "Composer", Kept)
    project = print_bench.make_deck(tmp_path, 20, "csv", "icons")
    build(project, tmp_path / "out")
    kept = composers[0].value_ops
    assert len(kept) == 5 + 5 + 4  # the names' and rules texts' first five; the four suits' icons, kept for good
