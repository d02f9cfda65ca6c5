"""docs/rules-sheets.md documents every sheet, column, word, key, function and variable the reader accepts."""

from __future__ import annotations

import re

from declared_helpers import ROOT
from playproof.playtest.declared.expr import FUNCTIONS, VARIABLES
from playproof.playtest.declared.sheets import CHOICES, COLUMNS, TURN_CHOICES, TURN_KEYS

DOCS = (ROOT / "docs" / "rules-sheets.md").read_text()


def section(title: str) -> str:
    """Return the text of a `## title` section."""
    match = re.search(rf"^## {title}\n(.*?)(?=^## |\Z)", DOCS, re.S | re.M)
    assert match, f"no section ## {title}"
    return match.group(1)


def test_every_sheet_and_column_is_documented_in_its_section() -> None:
    missing = [(sheet, column) for sheet, columns in COLUMNS.items() for column in columns
               if column != "note" and f"| `{column}` |" not in section(sheet)]
    assert missing == []
    assert "`note`" in DOCS


def test_every_accepted_word_is_documented() -> None:
    missing = [(sheet, column, word) for (sheet, column), words in CHOICES.items() for word in words
               if f"`{word}`" not in section(sheet)]
    missing += [("Turn", key, word) for key, words in TURN_CHOICES.items() for word in words
                if f"`{word}`" not in section("Turn")]
    assert missing == []


def test_every_turn_key_is_documented() -> None:
    assert [key for key in TURN_KEYS if f"| `{key}` |" not in section("Turn")] == []


def test_every_function_and_variable_is_documented() -> None:
    text = section("Expressions")
    assert [f for f in FUNCTIONS if f"`{f}(" not in text] == []
    assert [v for v in VARIABLES if f"`{v}`" not in text] == []


def test_every_kind_of_rule_id_is_documented() -> None:
    kinds = ["moves-<verb>", "moves-<verb>-from", "moves-<verb>-cost", "moves-<verb>-condition",
             "moves-<verb>-phase", "moves-<verb>-limit", "moves-verbs", "counters-<name>", "zones-<name>-capacity",
             "turn-order", "turn-actions", "turn-end", "scoring-score", "scoring-winner"]
    assert [k for k in kinds if f"| `{k}` |" not in DOCS] == []
