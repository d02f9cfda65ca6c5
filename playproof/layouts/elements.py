"""Elements of a side (text, shapes, images, tables): keys checked, lengths parsed once, fields found."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from playproof.errors import Location, PlayproofError, Problems
from playproof.layouts import keys as K
from playproof.layouts import schema as S
from playproof.records import FrozenRecord, SET

FIELD = re.compile(r"\{([^{}]+)\}")
_CONDITION = re.compile(r"^\s*(not\s+)?([^=!]+?)\s*(?:(==|!=)\s*(.*?))?\s*$")


class Length(FrozenRecord):
    """A length parsed once: absolute points, or a fraction of the reference (from %)."""

    __slots__ = ("points", "fraction")
    points: float
    fraction: float | None

    def __init__(self, points: float = 0.0, fraction: float | None = None) -> None:
        SET(self, "points", points)
        SET(self, "fraction", fraction)

    def resolve(self, reference: float) -> float:
        """Return the length in points for a reference (the frame's width, height or side)."""
        return self.fraction * reference if self.fraction is not None else self.points


class Condition(FrozenRecord):
    """An `if` condition: a field non-empty, empty (not), equal or unequal to a value."""

    __slots__ = ("field", "negate", "op", "value")
    field: str
    negate: bool
    op: str | None
    value: str

    def __init__(self, field: str, negate: bool = False, op: str | None = None, value: str = "") -> None:
        SET(self, "field", field)
        SET(self, "negate", negate)
        SET(self, "op", op)
        SET(self, "value", value)

    def holds(self, fields: dict[str, Any]) -> bool:
        """Return whether the condition holds for a row's fields."""
        raw = fields.get(self.field)
        text = "" if raw is None else format_value(raw)
        if self.op is None:
            result = text != ""
        else:
            result = (text == self.value) == (self.op == "==")
        return result != self.negate


@dataclass(frozen=True)
class Element:
    """One drawable element with its attributes (lengths parsed, templates kept as text)."""

    type: str
    attrs: dict[str, Any]
    where: str
    condition: Condition | None = None
    used_fields: frozenset[str] = field(init=False, compare=False)
    box_uses_fields: bool = field(init=False, compare=False)
    first_fields: dict[str, str] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        # computed once: every field the templates and condition use, and whether the box uses any
        used = {self.condition.field} if self.condition else set()
        for value in self.attrs.values():
            used |= fields_in(value)
        object.__setattr__(self, "used_fields", frozenset(used))
        box = any(fields_in(self.attrs.get(key)) for key in ("x", "y", "width", "height", "cell", "panel"))
        object.__setattr__(self, "box_uses_fields", box)
        first = {key: min(fields_in(value)) for key, value in self.attrs.items() if fields_in(value)}
        object.__setattr__(self, "first_fields", first)  # the column named when a value is wrong

    def fields(self) -> set[str]:
        """Return every field this element's templates and condition use."""
        return set(self.used_fields)


class Border(FrozenRecord):
    """A frame drawn inside the trim."""

    __slots__ = ("colour", "width", "radius")
    colour: str
    width: float
    radius: float | None

    def __init__(self, colour: str, width: float, radius: float | None = None) -> None:
        SET(self, "colour", colour)
        SET(self, "width", width)
        SET(self, "radius", radius)


class Side(FrozenRecord):
    """One face of a component: background colour, optional border, elements."""

    __slots__ = ("background", "border", "elements")
    background: str | None
    border: Border | None
    elements: tuple[Element, ...]

    def __init__(self, background: str | None, border: Border | None, elements: tuple[Element, ...]) -> None:
        SET(self, "background", background)
        SET(self, "border", border)
        SET(self, "elements", elements)

    def fields(self) -> set[str]:
        """Return every field this side uses."""
        used = fields_in(self.background) | (fields_in(self.border.colour) if self.border else set())
        for element in self.elements:
            used |= element.fields()
        return used


def fields_in(value: Any) -> set[str]:
    """Return the {field} names a template value uses."""
    if isinstance(value, str):
        return {name.strip() for name in FIELD.findall(value)}
    if isinstance(value, list):
        return set().union(*(fields_in(v) for v in value)) if value else set()
    return set()


def format_value(value: Any) -> str:
    """Return a cell value as printed text (3.0 prints as 3)."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return str(value)


_TEMPLATES: dict[str, tuple[str | None, tuple[str, ...], tuple[str, ...]]] = {}
"""Per template: its field when it is exactly "{field}" (else None), its literal texts and the fields between them."""
TEMPLATES_KEPT = 4096


def substitute(template: str, fields: dict[str, Any]) -> str:
    """Replace each {field} by the row's value (empty when the cell is empty)."""
    if "{" not in template:
        return template
    parts = _TEMPLATES.get(template)
    if parts is None:
        match = FIELD.fullmatch(template)
        pieces = FIELD.split(template)  # literal, field, literal, ... , literal: as FIELD.sub finds the fields
        if len(_TEMPLATES) >= TEMPLATES_KEPT:
            _TEMPLATES.clear()
        parts = _TEMPLATES[template] = (match.group(1).strip() if match else None, tuple(pieces[0::2]),
                                        tuple(name.strip() for name in pieces[1::2]))
    whole, literals, names = parts
    if whole is not None:
        value = fields.get(whole)
        return "" if value is None else format_value(value)
    text = literals[0]
    for name, literal in zip(names, literals[1:]):
        value = fields.get(name)
        text += ("" if value is None else value if type(value) is str else format_value(value)) + literal
    return text


def parse_condition(text: Any) -> Condition:
    """Parse `field`, `not field`, `field == value` or `field != value`."""
    match = _CONDITION.match(str(text))
    if not match or not match.group(2).strip():
        raise PlayproofError(f'if "{text}" must be "field", "not field", "field == value" or "field != value"')
    value = (match.group(4) or "").strip().strip("\"'")
    return Condition(match.group(2).strip(), bool(match.group(1)), match.group(3), value)


def parse_length_value(key: str, value: Any) -> Length | str:
    """Parse a length attribute once; a value holding {field} stays a template."""
    if isinstance(value, str) and "{" in value:
        return value
    if isinstance(value, str) and value.strip().endswith("%"):
        if key in K.FONT_LENGTHS:
            raise PlayproofError(f'{key} "{value}": a percentage is not allowed here')
        length = Length(fraction=S.checked_length(value, 1.0))
    else:
        length = Length(points=S.checked_length(value))
    amount = length.fraction if length.fraction is not None else length.points
    if key in K.FONT_LENGTHS and not 0 < amount <= S.MAX_FONT_PT:
        raise PlayproofError(f"{S.shown(value)} must be more than 0 and at most {S.MAX_FONT_PT:g}pt")
    if key in S.ELEMENT_NOT_NEGATIVE and amount < 0:
        raise PlayproofError(f"{S.shown(value)} must be 0 or more")
    return length


def parse_side(table: dict[str, Any], where: str, problems: Problems) -> Side:
    """Read background, border and elements of one side."""
    border = _border(table.get("border"), where, problems)
    raw_elements = table.get("elements", [])
    if not isinstance(raw_elements, list):
        problems.error(Location("layouts.toml"), f"{where}: elements must be a list of tables")
        raw_elements = []
    if len(raw_elements) > S.MAX_ELEMENTS:
        problems.error(Location("layouts.toml"), f"{where}: {len(raw_elements)} elements, more than "
                                                 f"{S.MAX_ELEMENTS}, the most a side may have")
        raw_elements = []
    elements = []
    for number, raw in enumerate(raw_elements, start=1):
        element = parse_element(raw, f"{where}, element {number}", problems)
        if element is not None:
            elements.append(element)
    background = table.get("background")
    return Side(str(background) if background is not None else None, border, tuple(elements))


def _border(value: Any, where: str, problems: Problems) -> Border | None:
    """Read a border table."""
    if value is None:
        return None
    if not isinstance(value, dict):
        problems.error(Location("layouts.toml"),
                       f'{where}: border must be a table like {{ colour = "#333333", width = "1mm" }}')
        return None
    for key in value:
        if key not in K.BORDER_KEYS:
            problems.warn(Location("layouts.toml"),
                          f'{where} border: unknown key "{key}" ignored{K.did_you_mean(key, K.BORDER_KEYS)} '
                          f'(accepted: {", ".join(sorted(K.BORDER_KEYS))})')
    try:
        radius = S.checked_length(value["radius"]) if "radius" in value else None
        width = S.checked_length(value.get("width", "0.5mm"))
        if width < 0 or (radius or 0) < 0:
            raise PlayproofError("width and radius must be 0 or more")
        return Border(str(value.get("colour", "#000000")), width, radius)
    except PlayproofError as exc:
        problems.error(Location("layouts.toml"), f"{where} border: {exc}")
        return None


def parse_element(raw: Any, where: str, problems: Problems) -> Element | None:
    """Read one element table, checking its type and keys; None when it cannot be used."""
    loc = Location("layouts.toml")
    if not isinstance(raw, dict):
        problems.error(loc, f"{where}: an element must be a table")
        return None
    kind = str(raw.get("type", ""))
    if kind not in K.ELEMENT_TYPES:
        problems.error(loc, f'{where}: unknown type "{kind}"{K.did_you_mean(kind, K.ELEMENT_TYPES)} '
                            f'(use {", ".join(K.ELEMENT_TYPES)})')
        return None
    accepted = K.ELEMENT_KEYS[kind]
    attrs: dict[str, Any] = {}
    given = set(raw)
    raw = S.typed(raw, S.ELEMENT, where, problems)
    for key in [k for k in raw if k in accepted and S.in_range(k, raw[k])]:
        problems.error(loc, f"{where}: {S.in_range(key, raw.pop(key))}")
    for key, value in raw.items():
        if key not in accepted:
            listing = ", ".join(sorted(accepted))
            problems.warn(loc, f'{where}: unknown key "{key}" for a {kind} ignored{K.did_you_mean(key, accepted)} '
                               f'(accepted: {listing})')
        elif key in K.LENGTH_KEYS:
            attrs[key] = _element_length(key, value, where, problems)
        elif key not in ("type", "if"):
            attrs[key] = value
    _check_required(kind, attrs.keys() | (given - set(raw)), where, problems)  # a key reported is not missing
    _check_fit(kind, attrs, where, problems)
    _check_choices(attrs, where, problems)
    condition = None
    if "if" in raw:
        try:
            condition = parse_condition(raw["if"])
        except PlayproofError as exc:
            problems.error(loc, f"{where}: {exc}")
    return Element(kind, attrs, where, condition)


def _check_fit(kind: str, attrs: dict[str, Any], where: str, problems: Problems) -> None:
    """Report a `fit` that is not one of the element type's choices (and drop it)."""
    choices = K.TEXT_FITS if kind == "text" else K.IMAGE_FITS
    if "fit" in attrs and attrs["fit"] not in choices:
        problems.error(Location("layouts.toml"), f'{where}: fit "{attrs.pop("fit")}" must be {" or ".join(choices)}')


CHOICES: dict[str, tuple[str, ...]] = {"align": ("left", "center", "right"), "valign": ("top", "middle", "bottom")}
"""Keys whose value is one of a few words."""


def _check_choices(attrs: dict[str, Any], where: str, problems: Problems) -> None:
    """Report (once, in layouts.toml) a value that is not one of its key's words, and drop it."""
    for key, choices in CHOICES.items():
        value = attrs.get(key)
        if value is None or "{" in str(value) or value in choices:
            continue
        del attrs[key]
        problems.error(Location("layouts.toml"), f'{where}: {key} "{value}" must be {", ".join(choices[:-1])} or '
                                                 f'{choices[-1]}{K.did_you_mean(str(value), choices)}')


REQUIRED: dict[str, tuple[str, ...]] = {
    "text": ("text",),
    "image": ("src",),
    "line": ("x1", "y1", "x2", "y2"),
    "polygon": ("sides",),
    "table": ("columns", "rows"),
}


def _check_required(kind: str, attrs: Any, where: str, problems: Problems) -> None:
    """Report keys an element type cannot do without."""
    missing = [k for k in REQUIRED.get(kind, ()) if k not in attrs]
    if missing:
        problems.error(Location("layouts.toml"), f'{where}: a {kind} needs {", ".join(missing)}')


def _element_length(key: str, value: Any, where: str, problems: Problems) -> Length | str:
    """Parse an element length, reporting a bad one."""
    try:
        return parse_length_value(key, value)
    except PlayproofError as exc:
        problems.error(Location("layouts.toml"), f"{where}: {key}: {exc}")
        return Length()
