"""Drawing over art (issue 11): translucent colours, opacity, gradients, image fit, full bleed, dpi, text effects."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.errors import PlayproofError, Problems
from playproof.layouts.assets import colour_hex, parse_gradient, split_alpha
from playproof.layouts.compose import Composer
from playproof.layouts.draw_elements import fitted_box
from playproof.layouts.geometry import Box
from playproof.layouts.project import load_project
from playproof.layouts.scene import ImageOp, RectOp, TextOp
from playproof.units import mm
from print_fixtures import make_project

HEAD = '''
[sets.Cards]
size = "poker"
bleed = "3mm"
data_columns = ["name", "text", "art"]
background = "#ffffff"
'''
ROWS = [("name", "text"), ("Dragon", "Breathe fire on every foe. " * 8), ("Knight", "Short.")]


def element(body: str) -> str:
    """Return a layout with the card head and one element table."""
    return HEAD + "\n[[sets.Cards.elements]]\n" + body


def compose(tmp_path, layouts, rows=ROWS, images=()):
    """Compose the front of every row; return scenes and problem texts."""
    project = make_project(tmp_path, sheets={"Cards": rows}, layouts=layouts)
    for name, size in images:
        from PIL import Image

        Image.new("RGB", size, (0, 128, 0)).save(project / "assets" / name)
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout = loaded.spec.sets["Cards"]
    cset = loaded.workbook.sets["Cards"]
    scenes = [composer.scene(layout, layout.front, cset, row) for row in cset.rows]
    return scenes, [str(p) for p in problems.items]


def test_colours_with_opacity_are_colours():
    assert colour_hex("#00000080") == "#00000080"
    assert colour_hex("#0008") == "#00000088"
    assert colour_hex("#123456FF") == "#123456"  # fully opaque is the plain colour
    assert split_alpha("#00000080") == ("#000000", 128 / 255)


def test_a_gradient_has_an_angle_and_stops():
    gradient = parse_gradient("linear-gradient(90deg, #000000, #ff000080 40%, none)")
    assert gradient.angle == 90
    assert gradient.stops == ((0.0, "#000000"), (0.4, "#ff000080"), (1.0, "#00000000"))
    rgb, alpha = gradient.at(0.2)
    assert rgb == pytest.approx((0.5, 0.0, 0.0)) and alpha == pytest.approx((1 + 128 / 255) / 2)
    assert parse_gradient("linear-gradient(#000, #fff)").angle == 180


def test_a_bad_gradient_is_explained():
    with pytest.raises(PlayproofError) as info:
        parse_gradient("linear-gradient(90deg, #000000)")
    assert str(info.value) == ('"linear-gradient(90deg, #000000)" is not a gradient (use e.g. "linear-gradient(180deg, '
                               '#000000, #00000000)": an angle, then two or more colours, each optionally with a % '
                               'position)')


def test_a_translucent_background_and_gradient_fill_compose(tmp_path):
    layouts = element('type = "rect"\nfill = "linear-gradient(180deg, #00000000, #000000d0)"\nopacity = 0.5\n'
                      'bleed = true\n').replace('background = "#ffffff"', 'background = "#00000080"')
    scenes, problems = compose(tmp_path, layouts)
    assert problems == []
    background, panel = scenes[0].ops
    assert background.style.fill == "#00000080" and background.style.translucent
    assert panel.style.gradient.angle == 180 and panel.style.opacity == 0.5
    assert panel.box == Box(-mm(3), -mm(3), mm(69.5), mm(94.9))  # bleed = true: the whole piece with its bleed


def test_opacity_out_of_range_is_located(tmp_path):
    _, problems = compose(tmp_path, element('type = "rect"\nopacity = 2\n'))
    assert problems == ['layouts.toml: set "Cards", element 1: opacity = 2 must be between 0 and 1']


def test_a_bad_fit_is_located(tmp_path):
    _, problems = compose(tmp_path, element('type = "image"\nsrc = "gold"\nfit = "fill"\n'))
    assert problems == ['layouts.toml: set "Cards", element 1: fit "fill" must be contain or cover or stretch']


def test_image_fits():
    box = Box(0, 0, 100, 50)
    assert fitted_box(200, 200, box, "contain") == Box(25, 0, 50, 50)
    assert fitted_box(200, 200, box, "cover") == Box(0, -25, 100, 100)
    assert fitted_box(200, 200, box, "stretch") == box


def test_cover_art_is_clipped_to_its_box_and_not_a_safe_zone_problem(tmp_path):
    scenes, problems = compose(tmp_path, element('type = "image"\nsrc = "art"\nbleed = true\nfit = "cover"\n'),
                               images=[("art.png", (2000, 1000))])
    image = scenes[0].ops[1]
    assert isinstance(image, ImageOp)
    assert image.clip == Box(-mm(3), -mm(3), mm(69.5), mm(94.9))
    assert image.box.height == pytest.approx(mm(94.9)) and image.box.width > mm(69.5)
    assert problems == []


def test_an_icon_outside_the_safe_zone_is_still_warned_about(tmp_path):
    _, problems = compose(tmp_path, element('type = "image"\nsrc = "gold"\nx = "1mm"\ny = "10mm"\nwidth = "8mm"\n'
                                            'height = "8mm"\n'))
    assert problems == ['components.xlsx, sheet "Cards", row 2: set "Cards", element 1 (image) reaches outside the '
                        'safe zone (3.0 mm inside the cut line)']


def test_a_low_resolution_image_is_warned_about_once_with_its_dpi(tmp_path):
    _, problems = compose(tmp_path, element('type = "image"\nsrc = "small"\nx = "10mm"\ny = "10mm"\n'
                                            'width = "25.4mm"\nheight = "25.4mm"\n'),
                               images=[("small.png", (100, 100))])
    assert problems == ['layouts.toml: set "Cards", element 1: image "small.png" in set "Cards" prints at 100 dpi, '
                        'below 150 dpi (it will look blurry); use an image of at least 150 x 150 pixels']


def test_a_low_resolution_image_from_a_field_names_its_cell(tmp_path):
    rows = [("name", "text", "art"), ("Dragon", "x", "small"), ("Knight", "y", "small")]
    _, problems = compose(tmp_path, element('type = "image"\nsrc = "{art}"\nx = "10mm"\ny = "10mm"\n'
                                            'width = "25.4mm"\nheight = "25.4mm"\n'), rows=rows,
                          images=[("small.png", (100, 100))])
    assert problems == ['components.xlsx, sheet "Cards", row 2, column "art": image "small.png" in set "Cards" prints '
                        'at 100 dpi, below 150 dpi (it will look blurry); use an image of at least 150 x 150 pixels']


def test_fit_set_gives_every_card_the_smallest_size(tmp_path):
    body = 'type = "text"\ntext = "{text}"\nx = "5mm"\ny = "5mm"\nwidth = "50mm"\nheight = "20mm"\n'
    shrunk, _ = compose(tmp_path / "a", element(body))
    sizes = [scene.ops[1].block.size for scene in shrunk]
    assert sizes[0] < sizes[1] == 10
    same, problems = compose(tmp_path / "b", element(body + 'fit = "set"\n'))
    assert [scene.ops[1].block.size for scene in same] == [sizes[0], sizes[0]]
    assert problems == []


def test_fit_none_never_shrinks_and_warns(tmp_path):
    body = 'type = "text"\ntext = "{text}"\nx = "5mm"\ny = "5mm"\nwidth = "50mm"\nheight = "20mm"\nfit = "none"\n'
    scenes, problems = compose(tmp_path, element(body))
    assert scenes[0].ops[1].block.size == 10
    assert len(problems) == 1
    assert problems[0].startswith('components.xlsx, sheet "Cards", row 2, column "text": text overflows its box by ')
    assert problems[0].endswith(' mm at its size 10 pt (fit = "none" never shrinks it)')


def test_text_outline_and_shadow(tmp_path):
    body = ('type = "text"\ntext = "{name}"\nx = "5mm"\ny = "5mm"\nwidth = "50mm"\nheight = "10mm"\n'
            'colour = "#ffffff"\noutline = "#000000"\noutline_width = "1pt"\nshadow = "#00000080"\n')
    scenes, problems = compose(tmp_path, element(body))
    text = scenes[0].ops[1]
    assert isinstance(text, TextOp)
    assert (text.outline, text.outline_width, text.shadow) == ("#000000", 1.0, "#00000080")
    assert problems == []


def test_a_card_over_art_builds_to_pdf_and_svg(tmp_path):
    body = ('type = "image"\nsrc = "art"\nbleed = true\nfit = "cover"\nopacity = 0.8\n\n'
            '[[sets.Cards.elements]]\ntype = "rect"\nbleed = true\ny = "50%"\nheight = "50%"\n'
            'fill = "linear-gradient(180deg, #00000000, #000000d0 40%)"\n\n'
            '[[sets.Cards.elements]]\ntype = "text"\ntext = "{name}"\nx = "5mm"\ny = "60mm"\nwidth = "50mm"\n'
            'height = "10mm"\ncolour = "#ffffff"\noutline = "#000000"\nshadow = "#000000"\n')
    project = make_project(tmp_path, sheets={"Cards": ROWS}, layouts=element(body))
    from PIL import Image

    Image.new("RGB", (800, 1200), (200, 80, 40)).save(project / "assets" / "art.png")
    for fmt in ("pdf", "svg"):
        result = CliRunner().invoke(cli, ["build", str(project), "-o", str(tmp_path / fmt), "--format", fmt])
        assert result.exit_code == 0, result.output
    svg = next((tmp_path / "svg").rglob("*front.svg")).read_text()
    assert "linearGradient" in svg and "clip-path" in svg and "paint-order" in svg
    assert svg.count("</text>") == 2  # the shadow, then the outlined letters


def test_a_background_may_be_a_gradient(tmp_path):
    layouts = HEAD.replace('background = "#ffffff"', 'background = "linear-gradient(90deg, #000000, #ffffff)"')
    scenes, problems = compose(tmp_path, layouts)
    (background,) = scenes[0].ops
    assert isinstance(background, RectOp) and background.style.gradient.angle == 90
    assert background.box == Box(-mm(3), -mm(3), mm(69.5), mm(94.9))
    assert problems == []


def test_a_bad_gradient_background_is_located_in_layouts_toml(tmp_path):
    layouts = HEAD.replace('background = "#ffffff"', 'background = "linear-gradient(90deg, #000000)"')
    _, problems = compose(tmp_path, layouts)
    assert problems[0].startswith('layouts.toml: set "Cards" background: "linear-gradient(90deg, #000000)" is not a '
                                  'gradient')
