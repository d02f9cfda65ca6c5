"""Rich text, wrapping with real metrics, shrink-to-fit, overflow and glyph warnings, composed scenes."""

from __future__ import annotations

import pytest

from playproof.errors import Problems
from playproof.layouts.compose import Composer
from playproof.layouts.fonts import FontBook
from playproof.layouts.project import load_project
from playproof.layouts.scene import ImageOp, TextOp
from playproof.layouts.text import Piece, Typesetter, parse_rich
from playproof.units import mm
from print_fixtures import CARD_LAYOUT, make_project

FONTS = FontBook()
FAMILY = FONTS.family("DejaVuSans")
SETTER = Typesetter(FONTS, lambda name: 1.0)


def test_rich_text_pieces():
    words = parse_rich("**Gold** *x* :gold:2 a\\*b", lambda n: n == "gold")
    assert words == [[Piece("Gold", bold=True)], " ", [Piece("x", italic=True)], " ",
                     [Piece("gold", icon=True), Piece("2")], " ", [Piece("a"), Piece("*"), Piece("b")]]


def test_unknown_icon_stays_text():
    assert parse_rich(":nope:", lambda n: False) == [[Piece(":nope:")]]


def test_lines_never_exceed_the_box_and_keep_every_word():
    text = "Take one fruit from the supply and place it on the sister of your choice, then draw."
    block = SETTER.layout(parse_rich(text, lambda n: False), FAMILY, 10, mm(40), mm(100))
    assert len(block.lines) > 1
    assert all(line.width <= mm(40) + 1e-6 for line in block.lines)
    joined = " ".join(p.piece.text for line in block.lines for p in line.pieces)
    assert joined == text


def test_a_long_word_breaks_between_characters():
    url = "https://example.com/a/very/long/path/that/cannot/fit/in/one/line"
    block = SETTER.layout(parse_rich(url, lambda n: False), FAMILY, 10, mm(30), mm(100))
    assert len(block.lines) > 2
    assert all(line.width <= mm(30) + 1e-6 for line in block.lines)
    assert "".join(p.piece.text for line in block.lines for p in line.pieces) == url


def test_shrink_to_fit_picks_the_largest_size_that_fits():
    words = parse_rich("word " * 40, lambda n: False)
    block = SETTER.fit(words, FAMILY, 12, 6, mm(40), mm(20))
    assert block.fits and 6 <= block.size < 12
    bigger = SETTER.layout(words, FAMILY, block.size + 0.25, mm(40), mm(20))
    assert not bigger.fits


def test_newlines_break_lines():
    block = SETTER.layout(parse_rich("one\ntwo", lambda n: False), FAMILY, 10, mm(50), mm(50))
    assert [[p.piece.text for p in line.pieces] for line in block.lines] == [["one"], ["two"]]


def compose(tmp_path, rows, layouts=CARD_LAYOUT):
    """Compose the front of every row; return scenes and problem texts."""
    project = make_project(tmp_path, sheets={"Cards": rows}, layouts=layouts)
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout = loaded.spec.sets["Cards"]
    cset = loaded.workbook.sets["Cards"]
    scenes = [composer.scene(layout, layout.front, cset, row) for row in cset.rows]
    return scenes, [str(p) for p in problems.items]


def test_overflow_warning_names_component_field_and_overflow(tmp_path):
    _, problems = compose(tmp_path, [("name", "text"), ("Gold", "many words " * 200)])
    assert len(problems) == 1
    assert problems[0].startswith('components.xlsx, sheet "Cards", row 2, column "text": text overflows its box by ')
    assert problems[0].endswith(" mm even at the minimum size 6 pt")


def test_missing_glyph_is_reported(tmp_path):
    _, problems = compose(tmp_path, [("name", "text"), ("Gold \u4e2d", "fine")])
    assert problems == ['components.xlsx, sheet "Cards", row 2, column "name": the font DejaVuSans-Bold has no glyph '
                        'for "\u4e2d" (U+4E2D); add a font that has it to fonts/']


def test_unknown_icon_warns(tmp_path):
    _, problems = compose(tmp_path, [("name", "text"), ("Gold", "Gain :silver: 2")])
    assert problems == ['components.xlsx, sheet "Cards", row 2, column "text": :silver: is not an icon (no '
                        "assets/silver.svg, .png or .jpg); printed as text"]


def test_inline_icon_sits_on_the_baseline(tmp_path):
    scenes, problems = compose(tmp_path, [("name", "text"), ("Gold", "Gain :gold: 2")])
    assert problems == []
    text = [op for op in scenes[0].ops if isinstance(op, TextOp)][1]
    (line,) = text.block.lines
    icon = [p for p in line.pieces if p.font is None][0]
    assert icon.piece.text == "gold" and icon.width == pytest.approx(0.9 * text.block.size)


def test_text_outside_the_safe_zone_warns(tmp_path):
    layouts = CARD_LAYOUT.replace('x = "4mm"\ny = "40mm"', 'x = "1mm"\ny = "40mm"')
    _, problems = compose(tmp_path, [("name", "text"), ("Gold", "Gain")], layouts)
    assert problems == ['components.xlsx, sheet "Cards", row 2: set "Cards", element 2 (text) reaches outside the '
                        "safe zone (3.0 mm inside the cut line)"]


def test_bad_colour_from_a_field_is_an_error(tmp_path):
    layouts = CARD_LAYOUT.replace('background = "#ffffff"', 'background = "{colour}"')
    _, problems = compose(tmp_path, [("name", "text", "colour"), ("Gold", "x", "#12345"), ("Fruit", "y", "navy")],
                          layouts)
    assert problems == ['components.xlsx, sheet "Cards", row 2, column "colour": "#12345" is not a colour (use '
                        '#rrggbb, #rrggbbaa with opacity, or a name like "navy")']


def test_conditions_and_missing_image(tmp_path):
    layouts = CARD_LAYOUT + '\n[[sets.Cards.elements]]\ntype = "image"\nsrc = "{icon}"\nif = "icon"\n' \
                            'x = "20mm"\ny = "20mm"\nwidth = "10mm"\nheight = "10mm"\n'
    scenes, problems = compose(tmp_path, [("name", "text", "icon"), ("A", "x", "gold"), ("B", "y", None),
                                          ("C", "z", "star")], layouts)
    assert [sum(isinstance(op, ImageOp) for op in s.ops) for s in scenes] == [1, 0, 0]
    assert problems == ['components.xlsx, sheet "Cards", row 4, column "icon": image "star" not found in assets/']


def test_rotated_text_turns_about_its_box_and_is_checked_turned(tmp_path):
    from playproof.layouts.scene import RotatedOp

    element = ('\n[[sets.Cards.elements]]\ntype = "text"\ntext = "{name}"\nx = "1.5mm"\ny = "40mm"\nwidth = "60mm"\n'
               'height = "8mm"\nrotation = "{turn}"\n')
    layouts = CARD_LAYOUT + element
    rows = [("name", "text", "turn"), ("Gold", "x", 0), ("Fruit", "y", 90), ("Wild", "z", "lots")]
    scenes, problems = compose(tmp_path, rows, layouts)
    assert problems == [
        'components.xlsx, sheet "Cards", row 2: set "Cards", element 3 (text) reaches outside the safe zone (3.0 mm '
        "inside the cut line)",
        'components.xlsx, sheet "Cards", row 4, column "turn": set "Cards", element 3: rotation "lots" must be a '
        "number of degrees",
        'components.xlsx, sheet "Cards", row 4: set "Cards", element 3 (text) reaches outside the safe zone (3.0 mm '
        "inside the cut line)",
    ]
    turned = scenes[1].ops[-1]
    assert isinstance(turned, RotatedOp) and turned.angle == 90
    assert (turned.cx, turned.cy) == pytest.approx((mm(31.5), mm(44)))
