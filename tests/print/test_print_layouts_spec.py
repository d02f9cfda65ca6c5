"""layouts.toml reading: keys documented, lengths, shapes, inheritance, and exact problem messages."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from playproof.errors import PlayproofError, Problems
from playproof.layouts import keys as K
from playproof.layouts.elements import Length, parse_condition
from playproof.layouts.spec import load_spec, paper_from, parse_cells, parse_spec
from playproof.units import mm

DOCS = Path(__file__).resolve().parents[2] / "docs" / "layouts.md"


def spec_of(text: str):
    """Parse a layouts document, returning the spec and the problems."""
    problems = Problems()
    return parse_spec(tomllib.loads(text), problems), problems


def messages(problems: Problems) -> list[str]:
    """Return every problem as text."""
    return [str(p) for p in problems.items]


def test_every_accepted_key_is_documented():
    docs = DOCS.read_text()
    undocumented = [k for k in sorted(K.all_keys()) if not re.search(rf"(^|[^a-z_]){k}( =|`|\b)", docs)]
    assert undocumented == []
    for kind in K.ELEMENT_TYPES + K.SHAPES:
        assert kind in docs


def test_every_documented_toml_block_parses():
    docs = DOCS.read_text()
    blocks = re.findall(r"```toml\n(.*?)```", docs, re.S)
    assert blocks
    for block in blocks:
        spec, problems = spec_of(block)
        assert not [p for p in problems.errors if "sheet" not in str(p)], messages(problems)


def test_named_and_custom_sizes_in_points():
    spec, problems = spec_of('[sets.A]\nsize = "bridge"\n[sets.B]\nsize = "2.5in x 3.5in"\n[sets.C]\nshape = "circle"\n'
                             'diameter = "25mm"\n')
    assert not problems.items
    assert (spec.sets["A"].width, spec.sets["A"].height) == pytest.approx((mm(57.15), mm(88.9)))  # true bridge size
    assert (spec.sets["B"].width, spec.sets["B"].height) == pytest.approx((180.0, 252.0))
    assert spec.sets["C"].width == pytest.approx(mm(25))
    assert spec.sets["A"].bleed == pytest.approx(mm(3))


@pytest.mark.parametrize("paper, half, quarter", [
    ("a4", (148.5, 210.0), (105.0, 148.5)),            # A5 and A6
    ("letter", (139.7, 215.9), (107.95, 139.7)),       # half-letter and a quarter of Letter
])
def test_sizes_that_follow_the_paper(paper, half, quarter):
    text = (f'[game]\npaper = "{paper}"\n[sets.Pad]\nsize = "half-page"\nbleed = "0mm"\n'
            '[sets.Aid]\nsize = "quarter-page"\n[sets.Poster]\nsize = "Page"\n')
    spec, problems = spec_of(text)
    assert not problems.items
    sizes = {name: (round(s.width / mm(1), 2), round(s.height / mm(1), 2)) for name, s in spec.sets.items()}
    assert sizes == {"Pad": half, "Aid": quarter, "Poster": (round(spec.paper.width / mm(1), 2),
                                                             round(spec.paper.height / mm(1), 2))}


def test_a_paper_size_follows_the_paper_chosen_at_build_time():
    from playproof.layouts.spec import fit_to_paper

    spec, _ = spec_of('[sets.Pad]\nsize = "half-page"\n')
    fit_to_paper(spec.sets.values(), paper_from("letter"))
    assert (spec.sets["Pad"].width, spec.sets["Pad"].height) == pytest.approx((mm(139.7), mm(215.9)))
    _, problems = spec_of('[sets.Pad]\nsize = "half-pages"\n')
    assert any("page, half-page, quarter-page" in m for m in messages(problems))


def test_hex_by_side_and_by_width():
    spec, _ = spec_of('[sets.F]\nshape = "hex"\nside = "20mm"\n[sets.P]\nshape = "hex"\nhex = "pointy"\nwidth = "40mm"\n')
    flat, pointy = spec.sets["F"], spec.sets["P"]
    assert (flat.width, flat.height) == pytest.approx((mm(40), mm(20) * 3 ** 0.5))
    assert pointy.width == pytest.approx(mm(40))
    assert pointy.height == pytest.approx(2 * mm(40) / 3 ** 0.5)


def test_screens_and_boards_default_to_a_real_bleed_and_screens_to_three_panels():
    spec, _ = spec_of('[sets.S]\nshape = "screen"\nsize = "270mm x 150mm"\n[sets.B]\nshape = "board"\n'
                      'size = "400mm x 300mm"\n')
    assert spec.sets["S"].bleed == mm(3) and spec.sets["S"].panels == 3  # issue 11: real bleed everywhere
    assert spec.sets["B"].bleed == mm(3)


def test_lengths_are_parsed_once_percent_kept_as_fraction():
    spec, _ = spec_of('[sets.A]\n[[sets.A.elements]]\ntype = "rect"\nx = "10%"\ny = "4mm"\nwidth = "{w}"\n')
    attrs = spec.sets["A"].front.elements[0].attrs
    assert attrs["x"] == Length(fraction=0.1)
    assert attrs["y"] == Length(points=mm(4))
    assert attrs["width"] == "{w}"


def test_extends_inherits_keys_and_prepends_elements():
    spec, problems = spec_of('''
[sets.Base]
abstract = true
size = "mini"
background = "#ffffff"
elements = [ { type = "rect", fill = "#000000" } ]
[sets.Child]
extends = "Base"
background = "#ff0000"
elements = [ { type = "text", text = "{name}" } ]
''')
    assert list(spec.sets) == ["Child"]
    child = spec.sets["Child"]
    assert (child.width, child.front.background) == (mm(44), "#ff0000")
    assert [e.type for e in child.front.elements] == ["rect", "text"]
    assert not problems.items


def test_extends_errors():
    _, problems = spec_of('[sets.A]\nextends = "B"\n[sets.B]\nextends = "A"\n[sets.C]\nextends = "Nope"\n')
    assert messages(problems) == [
        'layouts.toml: set "A": extends loops through A -> B -> A',
        'layouts.toml: set "B": extends loops through B -> A -> B',
        'layouts.toml: set "C": extends unknown set "Nope"',
    ]


def test_unknown_keys_warn_with_the_accepted_list():
    _, problems = spec_of('[sets.A]\ncolour = "red"\n[[sets.A.elements]]\ntype = "circle"\nradius = "3mm"\n')
    circle_keys = ", ".join(sorted(K.ELEMENT_KEYS["circle"]))
    set_keys = ", ".join(sorted(K.SET_KEYS))
    assert messages(problems) == [
        f'layouts.toml: set "A": unknown key "colour" ignored (accepted: {set_keys})',
        f'layouts.toml: set "A", element 1: unknown key "radius" for a circle ignored (accepted: {circle_keys})',
    ]


def test_element_errors():
    _, problems = spec_of('[sets.A]\nshape = "oval"\n[[sets.A.elements]]\ntype = "txt"\n'
                          '[[sets.A.elements]]\ntype = "text"\nx = "three"\n[[sets.A.elements]]\ntype = "text"\n'
                          'text = "x"\nsize = "50%"\n[[sets.A.elements]]\ntype = "image"\nif = "a =! b"\nsrc = "x"\n')
    assert messages(problems) == [
        'layouts.toml: set "A": unknown shape "oval" (use rect, hex, circle, board, screen)',
        'layouts.toml: set "A", element 1: unknown type "txt"; did you mean "text"? (use text, rect, circle, line, '
        'polygon, image, table)',
        "layouts.toml: set \"A\", element 2: x: 'three' is not a length (use e.g. 63mm, 2.5in, 18pt, 50%)",
        'layouts.toml: set "A", element 2: a text needs text',
        'layouts.toml: set "A", element 3: size: size "50%": a percentage is not allowed here',
        'layouts.toml: set "A", element 4: if "a =! b" must be "field", "not field", "field == value" or '
        '"field != value"',
    ]


def test_set_size_errors():
    _, problems = spec_of('[sets.A]\nsize = "huge"\n[sets.B]\nshape = "board"\n[sets.C]\nshape = "hex"\n'
                          '[sets.D]\nshape = "hex"\nside = "1cm"\ncells = "0,0 0,0"\n')
    assert messages(problems) == [
        'layouts.toml: set "A": size "huge" is not poker, bridge, euro, mini-euro, mini, tarot, square, page, half-page, '
        'quarter-page or "W x H" '
        'like "63mm x 88mm"',
        'layouts.toml: set "B": a board needs a size like "400mm x 300mm"',
        'layouts.toml: set "C": a hex needs side = "20mm" or width = "40mm"',
        'layouts.toml: set "D": cells "0,0 0,0" must list at least one cell, each once',
    ]


def test_print_options_and_their_errors():
    spec, problems = spec_of('[print]\nduplex = "short"\nback_offset = "1mm, -0.5mm"\nfold = true\n')
    assert spec.options.duplex == "short" and spec.options.fold
    assert spec.options.back_offset == pytest.approx((mm(1), mm(-0.5)))
    assert not problems.items
    _, problems = spec_of('[print]\nduplex = "both"\nback_offset = "1mm"\n[game]\npaper = "b5"\n')
    assert messages(problems) == [
        'layouts.toml: unknown paper "b5" (use a4, letter, a3, legal or e.g. "210mm x 297mm")',
        'layouts.toml: [print]: duplex "both" must be long, short or none',
        'layouts.toml: [print] back_offset: "1mm" is not a pair of lengths like "1mm, -0.5mm"',
    ]


def test_invalid_toml_names_the_line(tmp_path):
    (tmp_path / "layouts.toml").write_text('[sets.A]\nx = "0"; y = "1"\n')
    with pytest.raises(PlayproofError) as exc:
        load_spec(tmp_path, Problems())
    assert str(exc.value) == "layouts.toml: Expected newline or end of document after a statement (at line 2, column 8)"


def test_missing_layouts_file(tmp_path):
    with pytest.raises(PlayproofError) as exc:
        load_spec(tmp_path, Problems())
    assert str(exc.value) == f"{tmp_path}: no layouts.toml found (see docs/layouts.md)"


def test_papers():
    assert paper_from("Letter").width == 612.0
    assert paper_from("100mm x 150mm").height == pytest.approx(mm(150))


def test_cells_and_conditions():
    assert parse_cells("0,0 1,0 0,1 1,-1") == ((0, 0), (1, 0), (0, 1), (1, -1))
    assert parse_cells([[0, 0], [1, 0]]) == ((0, 0), (1, 0))
    with pytest.raises(PlayproofError, match=r'cells "a,b" must be axial q,r pairs like "0,0 1,0 0,1 1,1"'):
        parse_cells("a,b")
    fields = {"kind": "wild", "gold": None, "n": 3.0}
    assert parse_condition("kind == wild").holds(fields)
    assert not parse_condition("kind != wild").holds(fields)
    assert parse_condition("not gold").holds(fields)
    assert not parse_condition("gold").holds(fields)
    assert parse_condition("n == 3").holds(fields)


def test_extends_inherits_the_back_unless_the_child_gives_one():
    spec, problems = spec_of('''
[sets.Base]
abstract = true
back = { background = "#111111", elements = [ { type = "rect", fill = "#222222" } ] }
[sets.Same]
extends = "Base"
[sets.Own]
extends = "Base"
back = { background = "#333333" }
''')
    assert not problems.items
    assert spec.sets["Same"].back.background == "#111111" and len(spec.sets["Same"].back.elements) == 1
    assert spec.sets["Own"].back.background == "#333333" and spec.sets["Own"].back.elements == ()
