"""Bad layouts.toml values: each one located error (file, set, element, key), never a traceback."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardening_support import invoke, one_error
from playproof.errors import PlayproofError, Problems
from playproof.layouts.spec import parse_spec
from print_fixtures import CARD_LAYOUT, make_project

SET_KEYS = [
    ('extends = ["X"]', 'layouts.toml: set "Cards": extends must be the name of one set in quotes, not a list'),
    ('fonts = "x"', "layouts.toml: set \"Cards\": fonts must be a table { ... }, not 'x'"),
    ("fonts = { body = 3 }", 'layouts.toml: set "Cards" fonts: body must be text in quotes, not 3'),
    ("data_columns = 5", 'layouts.toml: set "Cards": data_columns must be a list [...], not 5'),
    ("data_columns = [5]", 'layouts.toml: set "Cards" data_columns must list names in quotes, not 5'),
    ("bleed = inf", 'layouts.toml: set "Cards": bleed must be a length like "3mm", not inf'),
    ("bleed = nan", 'layouts.toml: set "Cards": bleed must be a length like "3mm", not nan'),
    ('bleed = "-3mm"', "layouts.toml: set \"Cards\" bleed: '-3mm' must be 0 or more"),
    ("corner_radius = 1e300", 'layouts.toml: set "Cards" corner_radius: 1e+300 is longer than 2 m, the longest '
                              "length accepted (see docs/limits.md)"),
    ('size = "0mm x 88mm"', 'layouts.toml: set "Cards": size "0mm x 88mm" must have a width and height above 0'),
    ('size = "10000mm x 10000mm"', "layouts.toml: set \"Cards\": size \"10000mm x 10000mm\": '10000mm' is longer "
                                   "than 2 m, the longest length accepted (see docs/limits.md)"),
    ("cut_lines = 3", 'layouts.toml: set "Cards": cut_lines must be true or false, not 3'),
    ('shape = "screen"\nsize = "270mm x 150mm"\npanels = 100000000', 'layouts.toml: set "Cards": panels must be a whole number from 1 to 12'),
    ('shape = "hex"\nside = "0mm"', "layouts.toml: set \"Cards\" side: '0mm' must be more than 0"),
    ('shape = "hex"\nside = "1cm"\ncells = "abc"', 'layouts.toml: set "Cards": cells "abc" must be axial q,r pairs '
                                                   'like "0,0 1,0 0,1 1,1"'),
    ('shape = "hex"\nside = "1cm"\ncells = "0,0 100000000,0"', 'layouts.toml: set "Cards": cells: at most 200 cells, '
                                                               "each coordinate from -200 to 200"),
    ('shape = "circle"\ndiameter = "-2cm"', "layouts.toml: set \"Cards\" diameter: '-2cm' must be more than 0"),
]

ELEMENTS = [
    ('size = "0pt"', "layouts.toml: set \"Cards\", element 1: size: '0pt' must be more than 0 and at most 500pt"),
    ('size = "-5pt"', "layouts.toml: set \"Cards\", element 1: size: '-5pt' must be more than 0 and at most 500pt"),
    ("min_size = 0", 'layouts.toml: set "Cards", element 1: min_size: 0 must be more than 0 and at most 500pt'),
    ('cell = "abc"', "layouts.toml: set \"Cards\", element 1: cell must be a number, not 'abc'"),
    ("line_height = 1e9", 'layouts.toml: set "Cards", element 1: line_height = 1000000000.0 must be between 0.1 and 10'),
    ("align = 3", 'layouts.toml: set "Cards", element 1: align must be text in quotes, not 3'),
]

NEW_ELEMENT = [
    ('type = "rect"\nwidth = "-5mm"', "layouts.toml: set \"Cards\", element 3: width: '-5mm' must be 0 or more"),
    ('type = "rect"\nx = inf', "layouts.toml: set \"Cards\", element 3: x: inf is not a length (use e.g. 63mm, "
                               "2.5in, 18pt, 50%)"),
    ('type = "table"\ncolumns = ["A"]\nrows = [1]', 'layouts.toml: set "Cards", element 3: rows must be a whole '
                                                   "number, not a list"),
    ('type = "table"\ncolumns = ["A"]\nrows = 100000000', 'layouts.toml: set "Cards", element 3: rows = 100000000 '
                                                          "must be between 1 and 500"),
    ('type = "polygon"\nsides = 100000000', 'layouts.toml: set "Cards", element 3: sides = 100000000 must be between '
                                            "3 and 100"),
    ('type = "image"\nsrc = 3', 'layouts.toml: set "Cards", element 3: src must be text in quotes, not 3'),
]


def _check(project: Path) -> str:
    """Run `playproof check` on a project, in bounded time, and return its one Error line."""
    started = time.perf_counter()
    line = one_error(invoke(["check", project]))
    assert time.perf_counter() - started < 20
    return line


@pytest.mark.parametrize(("keys", "message"), SET_KEYS)
def test_a_bad_set_key_is_one_located_error(tmp_path: Path, keys: str, message: str) -> None:
    layouts = CARD_LAYOUT.replace('size = "poker"\n', "") .replace('background = "#ffffff"\n',
                                                                    f'background = "#ffffff"\n{keys}\n', 1)
    if "shape" not in keys:
        layouts = layouts.replace('[sets.Cards]\n', '[sets.Cards]\nsize = "poker"\n', 1) if "size" not in keys \
            else layouts
    assert _check(make_project(tmp_path, layouts=layouts)) == f"Error: {message}"


@pytest.mark.parametrize(("key", "message"), ELEMENTS)
def test_a_bad_element_key_is_one_located_error(tmp_path: Path, key: str, message: str) -> None:
    layouts = CARD_LAYOUT.replace('size = "12pt"\n', "").replace('type = "text"\n', f'type = "text"\n{key}\n', 1)
    assert _check(make_project(tmp_path, layouts=layouts)) == f"Error: {message}"


@pytest.mark.parametrize(("element", "message"), NEW_ELEMENT)
def test_a_bad_element_is_one_located_error(tmp_path: Path, element: str, message: str) -> None:
    layouts = CARD_LAYOUT.replace("[sets.Cards.back]", f"[[sets.Cards.elements]]\n{element}\n\n[sets.Cards.back]")
    assert _check(make_project(tmp_path, layouts=layouts)) == f"Error: {message}"


def test_a_latin1_file_names_the_line_and_byte(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "layouts.toml").write_bytes(b'[game]\npaper = "a4"\nname = "Caf\xe9"\n')
    assert _check(project) == "Error: layouts.toml:3: not UTF-8 text (byte 0xe9); save the file as UTF-8"


def test_a_folder_named_layouts_toml(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "layouts.toml").unlink()
    (project / "layouts.toml").mkdir()
    assert _check(project) == "Error: layouts.toml: is a folder or device, not a file"


def test_toml_nested_50000_deep(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "layouts.toml").write_text("x = " + "[" * 50_000 + "]" * 50_000 + "\n")
    assert _check(project) == "Error: layouts.toml: tables or lists nested too deeply"


def test_a_huge_layouts_file_is_refused_before_parsing(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "layouts.toml").write_text("# x\n" * 300_000)
    assert _check(project) == "Error: layouts.toml: larger than 1024 kB, the largest accepted (see docs/limits.md)"


def test_a_ten_metre_card_is_refused_not_printed_on_36937_pages(tmp_path: Path) -> None:
    layouts = CARD_LAYOUT.replace('size = "poker"', 'size = "10000mm x 88mm"')
    out = tmp_path / "out"
    result = invoke(["build", make_project(tmp_path, layouts=layouts), "-o", out])
    assert one_error(result) == ("Error: layouts.toml: set \"Cards\": size \"10000mm x 88mm\": '10000mm' is longer "
                                 "than 2 m, the longest length accepted (see docs/limits.md)")
    assert not out.exists()


TOML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats() | st.text(max_size=12)
    | st.sampled_from(["3mm", "-1mm", "0", "50%", "poker", "{name}", "0,0 1,0", "hex", "screen", "nan", "1e308mm"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.sampled_from(
        ["type", "size", "text", "x", "width", "rows", "sides", "cell", "columns", "src", "min_size"]), children,
        max_size=4),
    max_leaves=12,
).filter(lambda v: v is not None)
SET_TABLES = st.dictionaries(
    st.sampled_from(["size", "shape", "extends", "bleed", "fonts", "side", "cells", "panels", "elements", "back",
                     "border", "data_columns", "diameter", "abstract", "sheet", "gap"]), TOML_VALUES, max_size=6)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["A", "B"]), SET_TABLES, max_size=2),
       st.dictionaries(st.sampled_from(["paper", "margin", "duplex", "back_offset", "fold"]), TOML_VALUES,
                       max_size=3))
def test_any_layouts_document_gives_problems_not_exceptions(sets: dict, printing: dict) -> None:
    problems = Problems()
    with contextlib.suppress(PlayproofError):  # a refusal is fine; any other exception fails the test
        parse_spec({"sets": sets, "print": printing}, problems)
    assert all(p.message for p in problems.items)
