"""Every remaining user-visible print message, with its exact text."""

from __future__ import annotations

import tomllib

import pytest

from playproof.errors import PlayproofError, Problems
from playproof.layouts.compose import Composer
from playproof.layouts.imposition import Copy, SetJob, Sheet, plan
from playproof.layouts.project import load_project
from playproof.layouts.spec import parse_spec
from playproof.units import mm
from print_fixtures import make_project


def spec_messages(text: str) -> list[str]:
    """Parse a layouts document and return its problems as text."""
    problems = Problems()
    parse_spec(tomllib.loads(text), problems)
    return [str(p) for p in problems.items]


@pytest.mark.parametrize("toml, message", [
    ('sets = 3', "layouts.toml: [sets] must be a table of component sets"),
    ('game = 3', "layouts.toml: [game] must be a table"),
    ('[sets.A]\nback = 3', 'layouts.toml: set "A": back must be a table'),
    ('[sets.A]\nborder = "red"', 'layouts.toml: set "A": border must be a table like { colour = "#333333", width = "1mm" }'),
    ('[sets.A]\nborder = { color = "red" }',
     'layouts.toml: set "A" border: unknown key "color" ignored; did you mean "colour"? (accepted: colour, radius, '
     'width)'),
    ('[sets.A]\nelements = 3', 'layouts.toml: set "A": elements must be a list of tables'),
    ('[sets.A]\nelements = [3]', 'layouts.toml: set "A", element 1: an element must be a table'),
    ('[sets.A]\nshape = "circle"', 'layouts.toml: set "A": a circle needs a diameter'),
    ('[sets.A]\nshape = "screen"\nsize = "270mm x 150mm"\npanels = 0',
     'layouts.toml: set "A": panels must be a whole number from 1 to 12'),
    ('[sets.A]\n[[sets.A.elements]]\ntype = "polygon"\nsides = 2',
     'layouts.toml: set "A", element 1: sides = 2 must be between 3 and 100'),
    ('[sets.A]\n[[sets.A.elements]]\ntype = "table"\ncolumns = ["A"]\nrows = 0',
     'layouts.toml: set "A", element 1: rows = 0 must be between 1 and 500'),
    ('[sets.A]\nshape = "hex"\nhex = "round"\nside = "1cm"', 'layouts.toml: set "A": hex "round" must be flat or pointy'),
    ('[sets.A]\nbleed = "lots"', "layouts.toml: set \"A\" bleed: 'lots' is not a length (use e.g. 63mm, 2.5in, 18pt, 50%)"),
    ('[stuff]\na = 1', 'layouts.toml: the top level: unknown key "stuff" ignored (accepted: data, game, print, sets)'),
    ('[sets.A]\n[[sets.A.elements]]\ntype = "table"\ncolumns = ["A"]',
     'layouts.toml: set "A", element 1: a table needs rows'),
])
def test_layout_messages(toml, message):
    assert spec_messages(toml) == [message]


CARD = '''
[sets.Cards]
size = "poker"
[[sets.Cards.elements]]
{element}
'''


def compose_messages(tmp_path, element: str, rows=None, shape: str = "") -> list[str]:
    """Compose every row's front with one element and return the problems as text."""
    layouts = CARD.replace("{element}", element)
    if shape:
        layouts = layouts.replace('size = "poker"', shape)
    project = make_project(tmp_path, layouts=layouts, sheets={"Cards": rows or [("name",), ("Gold",)]})
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout, cset = loaded.spec.sets["Cards"], loaded.workbook.sets["Cards"]
    for row in cset.rows:
        composer.scene(layout, layout.front, cset, row)
    return [str(p) for p in problems.items]


@pytest.mark.parametrize("element, message", [
    ('type = "polygon"\nsides = "{name}"', 'set "Cards", element 1: sides must be a whole number and rotation a '
                                          "number of degrees"),
    ('type = "table"\ncolumns = ["A", "{name}"]\nrows = 3\ncolumn_widths = ["1mm", "2mm", "3mm"]',
     'set "Cards", element 1: column_widths lists 3 widths for 2 columns'),
    ('type = "table"\ncolumns = ["A", "{name}"]\nrows = 3\ncolumn_widths = ["80mm"]',
     'set "Cards", element 1: column_widths leave no room for the other columns'),
    ('type = "rect"\nwidth = "{name}"', "set \"Cards\", element 1: width: 'Gold' is not a length (use e.g. 63mm, "
                                       "2.5in, 18pt, 50%)"),
])
def test_composing_messages(tmp_path, element, message):
    (found,) = compose_messages(tmp_path, element)
    column = ', column "name"' if "width:" in message or "sides must" in message or "column_w" in message else ""
    assert found == f'components.xlsx, sheet "Cards", row 2{column}: {message}'


def test_cell_outside_the_group(tmp_path):
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{name}"\ncell = 3\nx = "10mm"\ny = "5mm"\n'
                                       'width = "10mm"\nheight = "6mm"',
                             shape='shape = "hex"\nside = "15mm"\ncells = "0,0 1,0"')
    assert found == ['layouts.toml: set "Cards", element 1: cell 3 is not one of the 2 cells']


def test_a_panel_that_is_not_there_is_reported_once_in_layouts_toml(tmp_path):
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{name}"\npanel = 4\nx = "5mm"\ny = "5mm"\n'
                                       'width = "20mm"\nheight = "9mm"', rows=[("name",), ("Gold",), ("Wine",)])
    assert found == ['layouts.toml: set "Cards", element 1: panel 4 is not one of the 1 panels']


def test_cells_from_a_field_are_checked_per_row(tmp_path):
    layouts = '[sets.Cards]\nshape = "hex"\nside = "15mm"\ncells = "{cells}"\n'
    project = make_project(tmp_path, layouts=layouts, sheets={"Cards": [("cells",), ("0,0 1,0",), ("0,0 x",)]})
    problems = Problems()
    load_project(project, problems)
    assert [str(p) for p in problems.items] == [
        'components.xlsx, sheet "Cards", row 3, column "cells": cells "0,0 x" must be axial q,r pairs like '
        '"0,0 1,0 0,1 1,1"']


def test_broken_svg_and_image(tmp_path):
    project = make_project(tmp_path, layouts=CARD.replace("{element}", 'type = "image"\nsrc = "{name}"'),
                           sheets={"Cards": [("name",), ("bad.svg",), ("bad.png",)]})
    (project / "assets" / "bad.svg").write_text("<svg")
    (project / "assets" / "bad.png").write_bytes(b"not a png")
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout, cset = loaded.spec.sets["Cards"], loaded.workbook.sets["Cards"]
    for row in cset.rows:
        composer.scene(layout, layout.front, cset, row)
    texts = [str(p) for p in problems.items]
    assert texts[0] == ('components.xlsx, sheet "Cards", row 2, column "name": assets/bad.svg: the image has no size '
                        "(an SVG needs width and height or a viewBox)")
    assert texts[1].startswith('components.xlsx, sheet "Cards", row 3, column "name": assets/bad.png: cannot read '
                               "image (")


def test_broken_project_font(tmp_path):
    project = make_project(tmp_path, layouts=CARD.replace("{element}", 'type = "text"\ntext = "{name}"\nfont = "Bad"'))
    (project / "fonts").mkdir()
    (project / "fonts" / "Bad.ttf").write_bytes(b"not a font")
    problems = Problems()
    loaded = load_project(project, problems)
    composer = Composer(project, problems, loaded.builtins())
    layout, cset = loaded.spec.sets["Cards"], loaded.workbook.sets["Cards"]
    with pytest.raises(PlayproofError) as exc:
        composer.scene(layout, layout.front, cset, cset.rows[0])
    assert str(exc.value).startswith("fonts/Bad.ttf: cannot embed this font (")
    assert str(exc.value).endswith("); use a TrueType-flavoured .ttf or .otf file")


def test_paper_too_small_even_for_parts():
    job = SetJob("Board", mm(400), mm(300), 0.0, 0.0, (Copy("Board", 2, 1, 0),), False, overlap=mm(45))
    with pytest.raises(PlayproofError) as exc:
        plan([job], Sheet(mm(60), mm(60)))
    assert str(exc.value) == 'set "Board": the paper is too small to print it even in parts'


def test_not_a_project_folder(tmp_path):
    with pytest.raises(PlayproofError) as exc:
        load_project(tmp_path / "nope", Problems())
    assert str(exc.value) == (f"{tmp_path / 'nope'}: not a project folder; create one with: playproof new "
                              f"{tmp_path / 'nope'}")


def test_a_hint_quotes_a_folder_with_spaces(tmp_path):
    with pytest.raises(PlayproofError) as exc:
        load_project(tmp_path / "Space Game", Problems())
    assert str(exc.value) == (f'{tmp_path / "Space Game"}: not a project folder; create one with: playproof new '
                              f'"{tmp_path / "Space Game"}"')


def test_no_components(tmp_path):
    (tmp_path / "layouts.toml").write_text("")
    with pytest.raises(PlayproofError) as exc:
        load_project(tmp_path, Problems())
    assert str(exc.value) == f"{tmp_path}: no components.xlsx and no .csv component files found"


def test_a_polygon_whose_sides_come_from_a_field_is_checked_when_drawn(tmp_path):
    found = compose_messages(tmp_path, 'type = "polygon"\nsides = "{n}"\nfill = "{name}"',
                             rows=[("name", "n"), ("Gold", 2), ("Big", 100000000)])
    assert found == [f'components.xlsx, sheet "Cards", row {row}, column "n": set "Cards", element 1: a polygon needs 3 '
                     'to 100 sides' for row in (2, 3)]


def test_a_layout_problem_is_located_in_layouts_toml_and_reported_once(tmp_path):
    rows = [("name",), ("Gold",), ("Fruit",), ("Wine",)]
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{name}"\nalign = "centre"\nfont = "Comic"\n'
                                       'x = "5mm"\ny = "5mm"\nwidth = "20mm"\nheight = "9mm"', rows=rows)
    assert found == [
        'layouts.toml: set "Cards", element 1: align "centre" must be left, center or right; did you mean "center"?',
        'layouts.toml: set "Cards", element 1: unknown font "Comic" (available: DejaVuSans, DejaVuSans-Bold, '
        "DejaVuSans-BoldOblique, DejaVuSans-Oblique; add .ttf files to the project's fonts/ folder)"]


def test_an_align_from_a_field_is_checked_per_row(tmp_path):
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{name}"\nalign = "{name}"\nx = "5mm"\ny = "5mm"\n'
                                       'width = "20mm"\nheight = "9mm"')
    assert found == ['components.xlsx, sheet "Cards", row 2: set "Cards", element 1: align must be left, center or '
                     'right and valign top, middle or bottom']


def test_an_unknown_key_suggests_the_closest_one(tmp_path):
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{name}"\nsizee = "9pt"')
    assert found[0].startswith('layouts.toml: set "Cards", element 1: unknown key "sizee" for a text ignored; '
                               'did you mean "size"? (accepted: align, ')


def test_a_missing_field_names_its_element_and_key_and_the_closest_column(tmp_path):
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{titel}"', rows=[("name", "title"), ("Gold", "x")])
    assert found[0] == ('layouts.toml: set "Cards", element 1, text: uses {titel} but components.xlsx, sheet "Cards", '
                        'has no column "titel"; did you mean {title}?')


def test_a_bad_value_written_in_layouts_toml_is_reported_once_there(tmp_path):
    rows = [("name",), ("Gold",), ("Fruit",), ("Wine",)]
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{name}"\ncolour = "mauvish"\nrotation = "tilted"\n'
                                       'x = "5mm"\ny = "5mm"\nwidth = "20mm"\nheight = "9mm"', rows=rows)
    assert found == ['layouts.toml: set "Cards", element 1: colour: "mauvish" is not a colour (use #rrggbb, '
                     '#rrggbbaa with opacity, or a name like "navy")',
                     'layouts.toml: set "Cards", element 1: rotation "tilted" must be a number of degrees']


def test_a_misspelt_font_suggests_the_closest_one(tmp_path):
    found = compose_messages(tmp_path, 'type = "text"\ntext = "{name}"\nfont = "DejaVuSan"\nx = "5mm"\ny = "5mm"\n'
                                       'width = "20mm"\nheight = "9mm"')
    assert found == ['layouts.toml: set "Cards", element 1: unknown font "DejaVuSan"; did you mean "DejaVuSans"? '
                     '(available: DejaVuSans, DejaVuSans-Bold, DejaVuSans-BoldOblique, DejaVuSans-Oblique; add .ttf '
                     "files to the project's fonts/ folder)"]


def test_a_set_naming_a_misspelt_sheet_suggests_the_sheet(tmp_path):
    layouts = CARD.replace("{element}", 'type = "text"\ntext = "{name}"').replace(
        "[sets.Cards]", '[sets.Cards]\nsheet = "Card"')
    project = make_project(tmp_path, layouts=layouts, sheets={"Cards": [("name",), ("Gold",)]})
    problems = Problems()
    load_project(project, problems)
    assert str(problems.items[0]) == ('layouts.toml: set "Cards": no sheet "Card" in the workbook; did you mean '
                                      '"Cards"? (sheets: Cards)')
