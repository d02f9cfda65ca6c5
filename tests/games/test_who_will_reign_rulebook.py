"""Who Will Reign?: every rule quotes its rulebook sentence, and the rulings page maps each id to it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from playproof.cli import cli
from playproof.playtest.games.who_will_reign import RULES

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings" / "who-will-reign.md"


def _words(text: str) -> str:
    """Text with its whitespace collapsed (the page wraps nothing inside a table row, but be safe)."""
    return " ".join(text.split())


def test_every_rule_has_its_rulebook_text() -> None:
    assert [r.id for r in RULES if not r.text.strip()] == []


def test_the_rulings_page_maps_every_rule_id_to_its_sentence() -> None:
    page = _words(RULINGS.read_text(encoding="utf-8"))
    table = page[page.index("## Rulebook sentences"):page.index("## Examples")]
    missing = [r.id for r in RULES if f"| {r.id.split('/')[1]} | {_words(r.text)} |" not in table]
    assert missing == []


def test_rules_text_shows_the_sentence() -> None:
    result = CliRunner().invoke(cli, ["rules", "who-will-reign", "--text"])
    assert result.exit_code == 0
    assert "Pay 3 gold to discard all of the cards in the market row" in result.output
    assert "who-will-reign/discard-pile" in result.output
