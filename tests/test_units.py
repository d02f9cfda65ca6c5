import pytest

from playproof.errors import PlayproofError
from playproof.units import mm, parse_length, to_mm


@pytest.mark.parametrize(
    "text, points",
    [("63mm", mm(63)), ("6.3cm", mm(63)), ("1in", 72.0), ("18pt", 18.0), ("2.5 in", 180.0), (10, mm(10))],
)
def test_lengths_in_every_unit(text, points):
    assert parse_length(text) == pytest.approx(points)


def test_percent_is_of_the_reference():
    assert parse_length("50%", reference=100.0) == pytest.approx(50.0)


def test_percent_without_reference_is_an_error():
    with pytest.raises(PlayproofError, match="a percentage is not allowed here"):
        parse_length("50%")


def test_nonsense_is_an_error_naming_the_value():
    with pytest.raises(PlayproofError) as exc:
        parse_length("three mm")
    assert str(exc.value) == "'three mm' is not a length (use e.g. 63mm, 2.5in, 18pt, 50%)"


def test_round_trip_mm():
    assert to_mm(parse_length("88mm")) == pytest.approx(88.0)
