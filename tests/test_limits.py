"""Every limit of playproof/limits.py is explained in docs/limits.md, and a refusal names it readably."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playproof import limits
from playproof.errors import PlayproofError

DOCS = Path(__file__).resolve().parents[1] / "docs" / "limits.md"


def test_every_limit_constant_is_explained_in_docs_limits() -> None:
    text = DOCS.read_text(encoding="utf-8")
    names = [name for name in vars(limits) if re.fullmatch(r"[A-Z][A-Z_]+", name) and name != "DOCS"]
    assert names, "no limits found"
    assert [name for name in names if f"`{name}`" not in text] == []


def test_a_refusal_names_the_value_the_limit_and_the_page() -> None:
    with pytest.raises(PlayproofError) as err:
        limits.check_at_most("--games", 10**12, limits.MAX_GAMES, "games in one run")
    assert str(err.value) == "--games is 1,000,000,000,000: at most 10,000,000 (games in one run); see docs/limits.md"
    limits.check_at_most("--games", limits.MAX_GAMES, limits.MAX_GAMES)  # the limit itself is allowed


def test_a_number_python_cannot_print_is_shown_by_its_size() -> None:
    with pytest.raises(PlayproofError) as err:
        limits.check_at_most("--players", 10**5000, limits.MAX_PLAYERS)
    assert str(err.value).startswith("--players is a number of about 5,0")
    assert str(err.value).endswith("digits: at most 100; see docs/limits.md")


def test_pixels_are_refused_over_the_limit_only() -> None:
    limits.check_pixels("page 1", 10_000, 15_000, 1200)
    with pytest.raises(PlayproofError, match="page 1 at 1200 dpi would be 10,000 x 15,001 pixels"):
        limits.check_pixels("page 1", 10_000, 15_001, 1200)
