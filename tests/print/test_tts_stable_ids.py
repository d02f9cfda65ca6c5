"""TTS exports keep stable object ids across versions, so a re-import updates rather than duplicates."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from playproof.cli import cli
from playproof.output.ttsids import stable_guids

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "declared" / "lantern-guild"


def guids(objects: list[dict]) -> list[str]:
    """Return every GUID, contained objects included, in order."""
    found = []
    for obj in objects:
        found.append(obj["GUID"])
        found += guids(obj.get("ContainedObjects", []))
    return found


def test_guids_are_stable_unique_and_ignore_the_row() -> None:
    card = {"Name": "Card", "Nickname": "Lamp", "Description": "Market row 3"}
    deck = {"Name": "DeckCustom", "Nickname": "Market", "ContainedObjects": [card, card]}
    first = stable_guids([deck, card], "Lantern Guild")
    moved = stable_guids([{**deck, "ContainedObjects": [{**card, "Description": "Market row 9"}] * 2},
                          {**card, "Description": "Market row 9"}], "Lantern Guild")
    assert guids(first) == guids(moved)
    assert len(set(guids(first))) == 4 and all(len(g) == 6 and int(g, 16) >= 0 for g in guids(first))
    assert "GUID" not in deck and "GUID" not in card  # the objects given are left as they were
    assert guids(stable_guids([deck], "Another Game")) != guids(first)[:3]


def test_a_reexport_after_a_change_keeps_every_id(tmp_path: Path) -> None:
    import openpyxl

    project = tmp_path / "g"
    shutil.copytree(EXAMPLE, project)
    runner = CliRunner()

    def export(out: str) -> list[str]:
        result = runner.invoke(cli, ["build", str(project), "-o", str(tmp_path / out), "--format", "tts", "--dpi", "20"])
        assert result.exit_code == 0, result.output
        return guids(json.loads((tmp_path / out / "tts" / "g.json").read_text())["ObjectStates"])

    before = export("v1")
    book = openpyxl.load_workbook(project / "components.xlsx")
    book["Market"]["B3"] = 5  # Lamp costs more: the same card, a new face
    book.save(project / "components.xlsx")
    after = export("v2")
    assert after == before and len(set(before)) == len(before) > 40
