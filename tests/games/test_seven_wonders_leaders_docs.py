"""The 7 Wonders Leaders rulings document cannot drift from the engine's vocabulary."""

from __future__ import annotations

from pathlib import Path

from playproof.playtest.games.seven_wonders_leaders import ENGINE, RULES
from playproof.playtest.games.seven_wonders_leaders.data import EFFECT_ARITY
from playproof.playtest.games.seven_wonders_leaders.moves import PLAYER_VERBS, TABLE_VERBS
from playproof.playtest.games.seven_wonders_leaders.scoring import LINES

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rulings" / "7-wonders-leaders.md").read_text(encoding="utf-8")


def test_every_rule_id_is_documented() -> None:
    assert [r.id for r in RULES if f"`{r.id}`" not in DOC] == []


def test_every_verb_is_documented() -> None:
    assert [v for v in PLAYER_VERBS if f"Ann: {v} " not in DOC] == []
    assert [v for v in TABLE_VERBS if f"table: {v} " not in DOC] == []


def test_every_effect_kind_option_and_score_line_is_documented() -> None:
    assert [k for k in EFFECT_ARITY if f"`{k}" not in DOC and f"`{k}:" not in DOC and f", `{k}" not in DOC
            and f"{k}`" not in DOC] == []
    assert [o for o in ENGINE.options if f"`{o}" not in DOC] == []
    assert [line for line in LINES if f"`{line}`" not in DOC] == []


def test_every_rule_quotes_the_rulebook_on_the_rulings_page() -> None:
    table = DOC.split("## What each rule checks, in the rulebook's words", 1)[1]
    assert [r.id for r in RULES if not r.text.strip() or f"| `{r.id}` | {r.text} |" not in table] == []
