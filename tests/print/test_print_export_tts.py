"""--format tts: deck sheets whose grid matches NumWidth/NumHeight, a saved object TTS imports."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image

from playproof.cli import cli
from playproof.output.tts import grid_for

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "battle-for-seven-cities"


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def local(url: str) -> Path:
    assert url.startswith("file:///")
    return Path(unquote(urlparse(url).path))


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    result = run("build", str(EXAMPLE), "-o", str(out), "--format", "tts", "--dpi", "40",
                 "--only", "Action Cards", "--only", "Clock Cards", "--only", "Player Tokens",
                 "--only", "Past Tile-Groups")
    assert result.exit_code == 0, result.output
    path = out / "tts" / "battle-for-seven-cities.json"
    return json.loads(path.read_text()), path.read_text()


def test_the_saved_object_round_trips_and_every_image_exists(save):
    data, text = save
    assert json.loads(json.dumps(data)) == data and json.loads(text) == data
    urls = [v for o in data["ObjectStates"] for v in _urls(o)]
    assert urls and all(local(url).is_file() for url in urls)


def _urls(obj):
    for entry in obj.get("CustomDeck", {}).values():
        yield entry["FaceURL"]
        yield entry["BackURL"]
    image = obj.get("CustomImage", {})
    yield from (image[k] for k in ("ImageURL", "ImageSecondaryURL") if k in image)


def test_decks_hold_every_copy_with_card_ids_inside_their_sheet(save):
    data, _ = save
    decks = {o["Nickname"]: o for o in data["ObjectStates"] if o["Name"] == "DeckCustom"}
    assert set(decks) == {"Action Cards", "Clock Cards"}
    action = decks["Action Cards"]
    assert len(action["ContainedObjects"]) == len(action["DeckIDs"]) == 67
    assert [c["CardID"] for c in action["ContainedObjects"]] == action["DeckIDs"]
    for deck in decks.values():
        for card in deck["ContainedObjects"]:
            number, index = divmod(card["CardID"], 100)
            entry = deck["CustomDeck"][str(number)]
            assert card["Name"] == "Card" and card["CustomDeck"] == {str(number): entry}
            assert index < entry["NumWidth"] * entry["NumHeight"] - 1  # the last slot is the hidden card


def test_each_sheet_pixel_grid_matches_num_width_and_height(save):
    data, _ = save
    for deck in (o for o in data["ObjectStates"] if o["Name"] == "DeckCustom"):
        for entry in deck["CustomDeck"].values():
            with Image.open(local(entry["FaceURL"])) as sheet:
                width, height = sheet.size
            assert width % entry["NumWidth"] == 0 and height % entry["NumHeight"] == 0
            assert max(width, height) <= 4096
            cell = (width // entry["NumWidth"], height // entry["NumHeight"])
            assert abs(cell[0] / cell[1] - 63 / 88) < 0.01  # poker cards, uncropped
            assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False


def test_non_card_pieces_are_tokens_shaped_by_transparency(save):
    data, _ = save
    tokens = [o for o in data["ObjectStates"] if o["Name"] == "Custom_Token"]
    assert len(tokens) == 6 + 11  # six player tokens, eleven past tile-groups
    with Image.open(local(tokens[0]["CustomImage"]["ImageURL"])) as image:
        assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0


@pytest.mark.parametrize("cards, grid", [(1, (2, 2)), (3, (4, 2)), (9, (10, 2)), (67, (10, 7)), (69, (10, 7))])
def test_grid_is_the_smallest_that_keeps_a_hidden_slot(cards, grid):
    assert (grid_for(cards).columns, grid_for(cards).rows) == grid


def test_seventy_cards_do_not_fit_one_sheet():
    with pytest.raises(ValueError):
        grid_for(70)


def test_a_set_of_more_than_69_designs_gets_several_sheets():
    from playproof.output.tts import chunks

    assert [len(group) for group in chunks(list(range(140)))] == [69, 69, 2]
