"""A template's fields are replaced as FIELD.sub replaces them: the template is split once and kept."""

from __future__ import annotations

import random

from playproof.layouts import elements
from playproof.layouts.elements import FIELD, format_value, substitute

PIECES = ["{", "}", "{name}", "{ name }", "{cost}", "{missing}", "{{name}}", "**", "a", " ", "é", "{}", "x{", "}y"]
FIELDS = {"name": "Lamp", "cost": 3.0, "text": "", "n": 2.5, "none": None}


def _by_sub(template: str, fields: dict[str, object]) -> str:
    """The definition: each {field} by its value as printed, empty when the cell is empty or missing."""
    return FIELD.sub(lambda m: format_value(v) if (v := fields.get(m.group(1).strip())) is not None else "", template)


def test_substitute_replaces_fields_as_the_pattern_finds_them() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        template = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 7)))
        assert substitute(template, FIELDS) == _by_sub(template, FIELDS), template
        assert substitute(template, {}) == _by_sub(template, {}), template


def test_a_whole_field_and_the_kept_templates() -> None:
    assert substitute("{cost}", FIELDS) == "3" and substitute("{none}", FIELDS) == ""
    assert substitute("{n}", FIELDS) == "2.5"
    assert substitute("**{name}** costs {cost}", FIELDS) == "**Lamp** costs 3"
    elements._TEMPLATES.clear()
    for n in range(elements.TEMPLATES_KEPT + 10):  # many templates (from cells): the kept ones are bounded
        assert substitute(f"{{name}}{n}", FIELDS) == f"Lamp{n}"
    assert len(elements._TEMPLATES) <= elements.TEMPLATES_KEPT
