"""--format tts loads as a table: bags of counted copies, sets grouped on the table, names, stable GUIDs, hosted images.

The saved object is checked against Tabletop Simulator's save format: each object's fields and
their types (the ObjectState shapes TTS writes, as the tts-types project documents them), the
custom deck limits (10 x 7 cards a sheet, the last slot hidden, card ids inside their sheet) and
image sizes (at most 10,000 px a side; playproof keeps to 4096).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner

from playproof.cli import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
pytest.importorskip("pypdfium2")

NUMBER = (int, float)
TRANSFORM = {k: NUMBER for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")}
COMMON = {"Name": str, "GUID": str, "Nickname": str, "Description": str, "Transform": dict}
BY_NAME = {
    "DeckCustom": {"DeckIDs": list, "CustomDeck": dict, "ContainedObjects": list},
    "Card": {"CardID": int, "CustomDeck": dict},
    "Bag": {"ContainedObjects": list},
    "Infinite_Bag": {"ContainedObjects": list},
    "Custom_Token": {"CustomImage": dict},  # a stack of copies also has "Number": int (checked below)
    "Custom_Tile": {"CustomImage": dict},
}
CUSTOM_DECK = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
               "UniqueBack": bool, "Type": int}
CUSTOM_IMAGE = {"ImageURL": str, "ImageSecondaryURL": str, "ImageScalar": NUMBER, "WidthScale": NUMBER}


def problems_in(obj: dict, where: str = "") -> list[str]:
    """Return every way an object (and what it contains) breaks TTS's save format."""
    name = obj.get("Name")
    where = f"{where}/{name}:{obj.get('Nickname')}"
    if name not in BY_NAME:
        return [f"{where}: unknown object type"]
    found = [f"{where}: {key} is not {kind}" for key, kind in {**COMMON, **BY_NAME[name]}.items()
             if not isinstance(obj.get(key), kind) or isinstance(obj.get(key), bool) and kind is not bool]
    if not re.fullmatch(r"[0-9a-f]{6}", str(obj.get("GUID"))):
        found.append(f"{where}: GUID {obj.get('GUID')!r} is not six hex digits")
    found += [f"{where}: Transform.{k}" for k, kind in TRANSFORM.items()
              if not isinstance(obj.get("Transform", {}).get(k), kind)]
    for number, entry in obj.get("CustomDeck", {}).items():
        found += [f"{where}: CustomDeck.{k}" for k, kind in CUSTOM_DECK.items() if not isinstance(entry.get(k), kind)]
        if not (1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7) or not number.isdigit():
            found.append(f"{where}: sheet {number} is {entry['NumWidth']} x {entry['NumHeight']}")
    if name == "Card":
        deck, index = divmod(obj["CardID"], 100)
        entry = obj["CustomDeck"].get(str(deck))
        if entry is None or index >= entry["NumWidth"] * entry["NumHeight"] - 1:
            found.append(f"{where}: CardID {obj['CardID']} outside its sheet")
    if name == "DeckCustom" and obj["DeckIDs"] != [c.get("CardID") for c in obj["ContainedObjects"]]:
        found.append(f"{where}: DeckIDs differ from the cards it holds")
    image = obj.get("CustomImage")
    if image is not None:
        found += [f"{where}: CustomImage.{k}" for k, kind in CUSTOM_IMAGE.items() if not isinstance(image.get(k), kind)]
    for inner in obj.get("ContainedObjects", []):
        found += problems_in(inner, where)
    return found


def everything(objects: list[dict]) -> list[dict]:
    """Return every object, contained ones too."""
    return [o for obj in objects for o in [obj] + everything(obj.get("ContainedObjects", []))]


def build_tts(out: Path, *extra: str, project: Path = EXAMPLES / "seven-sisters") -> dict:
    """Build a project's TTS export at a low dpi and return the saved object."""
    result = CliRunner().invoke(cli, ["build", str(project), "-o", str(out), "--format", "tts", "--dpi", "30",
                                      *extra])
    assert result.exit_code == 0, result.output
    return json.loads((out / "tts" / f"{project.name}.json").read_text())


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict:
    """Seven Sisters' saved object."""
    return build_tts(tmp_path_factory.mktemp("tts"))


def test_the_saved_object_matches_the_tts_save_format(saved):
    assert [p for obj in saved["ObjectStates"] for p in problems_in(obj)] == []
    assert isinstance(saved["SaveName"], str) and isinstance(saved["ObjectStates"], list)


def test_the_format_check_catches_a_broken_object(saved):
    deck = json.loads(json.dumps(next(o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom")))
    deck["ContainedObjects"][0]["CardID"] = 199
    deck["GUID"] = "deck"
    found = problems_in(deck)
    assert any("GUID 'deck'" in p for p in found) and any("CardID 199 outside its sheet" in p for p in found)


def test_copies_are_counted_in_stacks_not_strewn(saved):
    objects = saved["ObjectStates"]
    assert len(objects) == 22  # 2 decks, 7 + 3 + 2 stacks of tokens, 2 markers, 6 screens: not 143 loose tokens
    goods = [o for o in objects if o["Nickname"].startswith("Goods")]
    assert [(o["Name"], o["Number"], o["CustomImage"]["CustomToken"]["Stackable"]) for o in goods] == [
        ("Custom_Token", 50, True), ("Custom_Token", 50, True)]
    stacks = [o for o in everything(objects) if "Number" in o]
    assert all(isinstance(o["Number"], int) and o["Number"] >= 2 and "ContainedObjects" not in o for o in stacks)
    markers = [o for o in objects if o["Nickname"].startswith("Marker")]
    assert sum(o["Number"] for o in stacks) + len(markers) == 143  # every token copy, in 10 stacks and 2 lone ones


@pytest.mark.parametrize("word, expected", [("bag", [("Bag", 50), ("Bag", 50)]),
                                            ("Infinite", [("Infinite_Bag", 1), ("Infinite_Bag", 1)])])
def test_the_tts_column_chooses_a_bag_or_an_endless_supply(tmp_path, word, expected):
    project = goods_with_tts_column(tmp_path, word)
    saved = build_tts(tmp_path / "out", "--only", "Goods", project=project)
    assert [(o["Name"], len(o["ContainedObjects"])) for o in saved["ObjectStates"]] == expected


def test_a_word_the_tts_column_does_not_know_is_one_located_error(tmp_path):
    project = goods_with_tts_column(tmp_path, "stak")
    result = CliRunner().invoke(cli, ["build", str(project), "--format", "tts", "--only", "Goods",
                                      "-o", str(tmp_path / "out")])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert 'sheet "Goods", row 2, column "tts": "stak" is not stack, bag or infinite' in result.output


def test_objects_lie_on_the_table_grouped_by_set(saved):
    bands: dict[str, tuple[float, float]] = {}
    for obj in saved["ObjectStates"]:
        x, z = obj["Transform"]["posX"], obj["Transform"]["posZ"]
        assert -30 <= x <= 30 and -30 <= z <= 20, obj["Nickname"]
        group = obj["Nickname"].rsplit(" ", 2)[0] if obj["Name"] == "Bag" else obj["Description"].split(" row ")[0] \
            if obj["Name"] != "DeckCustom" else obj["Nickname"]
        low, high = bands.get(group, (z, z))
        bands[group] = (min(low, z), max(high, z))
    ordered = sorted(bands.values(), key=lambda b: -b[1])
    assert all(a[0] > b[1] for a, b in zip(ordered, ordered[1:]))  # no set's row band overlaps another's
    positions = [(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in saved["ObjectStates"]]
    assert len(set(positions)) == len(positions)  # nothing stacked on one spot


def test_nicknames_come_from_the_components_and_guids_are_unique(saved):
    every = everything(saved["ObjectStates"])
    assert not [o["Nickname"] for o in every if re.fullmatch(r"row-\d+", o["Nickname"])]
    cards = next(o for o in saved["ObjectStates"] if o["Nickname"] == "Influence Cards")["ContainedObjects"]
    assert len({c["Nickname"] for c in cards}) > 1 and all(c["Nickname"] for c in cards)
    guids = [o["GUID"] for o in every]
    assert len(guids) == len(set(guids))


def test_guids_are_stable_across_rebuilds(saved, tmp_path):
    again = build_tts(tmp_path)
    first = [o["GUID"] for o in everything(saved["ObjectStates"])]
    assert [o["GUID"] for o in everything(again["ObjectStates"])] == first


def goods_with_tts_column(tmp_path: Path, word: str) -> Path:
    """Return a copy of Seven Sisters whose Goods rows all say `word` in a new `tts` column."""
    import openpyxl

    project = Path(shutil.copytree(EXAMPLES / "seven-sisters", tmp_path / "seven-sisters",
                                   ignore=shutil.ignore_patterns("out")))
    book = openpyxl.load_workbook(project / "components.xlsx")
    sheet = book["Goods"]
    sheet.cell(1, sheet.max_column + 1).value = "tts"
    for row in range(2, sheet.max_row + 1):
        sheet.cell(row, sheet.max_column).value = word
    book.save(project / "components.xlsx")
    return project


def test_images_are_addressed_under_the_image_url(tmp_path):
    saved = build_tts(tmp_path, "--only", "Markers", "--only", "Sister Tiles", "--image-url",
                      "https://example.com/my game/tts/")
    urls = [u for o in everything(saved["ObjectStates"]) for u in
            [*(e[k] for e in o.get("CustomDeck", {}).values() for k in ("FaceURL", "BackURL")),
             *(o.get("CustomImage", {}).get(k) for k in ("ImageURL", "ImageSecondaryURL") if "CustomImage" in o)]]
    assert urls and all(u.startswith("https://example.com/my game/tts/") for u in urls)
    for url in urls:  # each address names a file written under DIR/tts
        assert (tmp_path / "tts" / unquote(urlparse(url[len("https://example.com/my game/tts/"):]).path)).is_file()


def test_a_bad_image_url_is_one_error_line(tmp_path):
    result = CliRunner().invoke(cli, ["build", str(EXAMPLES / "seven-sisters"), "-o", str(tmp_path), "--format",
                                      "tts", "--image-url", "file:///etc"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == ('Error: --image-url "file:///etc" must be an http:// or https:// '
                                              'address, like "https://example.com/my-game/tts"')
