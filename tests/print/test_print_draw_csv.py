"""CSV files as Excel writes them in European locales: semicolons and a byte-order mark."""

from __future__ import annotations

import pytest

from playproof.components.reader import csv_delimiter, read_workbook
from playproof.errors import Problems


@pytest.mark.parametrize("header, delimiter", [
    ("name,text,count\r\n", ","),
    ("name;text;count\r\n", ";"),
    ("name\ttext\tcount\n", "\t"),
    ("name\n", ","),
    ('name;"cost, in gold";count\n', ";"),
])
def test_the_separator_is_sniffed_from_the_header(header, delimiter):
    assert csv_delimiter(header) == delimiter


def test_a_semicolon_csv_with_a_bom_reads_right(tmp_path):
    path = tmp_path / "Cards.csv"
    path.write_bytes("\ufeffname;text;count\r\nGold;Gain 2, then draw;2\r\nFruit;\"a;b\";1\r\n".encode("utf-8"))
    problems = Problems()
    cset = read_workbook(path, problems).sets["Cards"]
    assert cset.columns == ["name", "text", "count"]
    assert [(r.fields["name"], r.fields["text"], r.count) for r in cset.rows] == [
        ("Gold", "Gain 2, then draw", 2), ("Fruit", "a;b", 1)]
    assert not problems.items
