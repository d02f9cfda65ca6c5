"""Tabletop Simulator export: deck sheets, backs and a saved object that TTS imports.

Cards become custom decks (`DeckCustom`): face sheets of at most 10 x 7 cards whose last slot
holds the hidden-card image, each sheet at most 4096 px a side (TTS's recommended size; it
refuses sheets over 10,000 px). Other pieces become `Custom_Token` (hexes, circles: their
shape comes from the image's transparency) or `Custom_Tile` (boards, large rectangles).
A design's copies of a non-card piece form one stack (TTS's `Number`: stackable tokens and tiles),
or go in one bag (counted) or an infinite bag when its row's `tts` column says "bag" or "infinite". Objects are laid out on the table grouped by set, named after the
component, with GUIDs that stay the same from one build to the next. Images are referenced by
local file:/// addresses, or under --image-url for a mod others can load. Format: the Tabletop Simulator Knowledge
Base (custom-content/custom-deck.md, custom-tile.md, custom-token.md) and saved objects that
TTS writes.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playproof.layouts.spec import SetLayout
from playproof.output.atomic import write_text_atomic
from playproof.output.cardimages import DPI, CardImage, Design, designs, pixels, render, save_png, slug
from playproof.output.export import ExportJob
from playproof.output.ttsids import stable_guids
from playproof.output.tts_table import bag, guid, lay_out, transform
from playproof.units import mm

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_SHEET_PX = 4096
CARD_MAX = mm(130)  # a rectangle at most this long a side is a card; longer ones are tiles
NO_BACK = "#3a3a3a"
TOKEN_THICKNESS = 0.1


@dataclass(frozen=True)
class Grid:
    """The cards of one face sheet: columns, rows, and how many card faces it holds (last slot hidden)."""

    columns: int
    rows: int
    cards: int


def grid_for(cards: int) -> Grid:
    """Return the smallest grid (at least 2 x 2, at most 10 x 7) holding `cards` faces and the hidden slot."""
    slots = cards + 1
    columns = min(MAX_COLUMNS, max(2, slots))
    rows = max(2, math.ceil(slots / columns))
    if rows > MAX_ROWS:
        raise ValueError(f"{cards} cards do not fit one sheet")
    return Grid(columns, rows, cards)


def chunks(items: list[Design], size: int = MAX_COLUMNS * MAX_ROWS - 1) -> list[list[Design]]:
    """Split designs into groups of at most one sheet (69 faces)."""
    return [items[i:i + size] for i in range(0, len(items), size)]


def is_card(layout: SetLayout) -> bool:
    """Return whether a set is imported as cards (a rectangle no longer than CARD_MAX a side)."""
    return layout.shape == "rect" and max(layout.width, layout.height) <= CARD_MAX


def sheet_dpi(grid: Grid, width: float, height: float, dpi: float) -> float:
    """Return the dpi that keeps a sheet of this grid within MAX_SHEET_PX a side."""
    fit = min(MAX_SHEET_PX * 72 / (grid.columns * width), MAX_SHEET_PX * 72 / (grid.rows * height))
    return min(dpi, math.floor(fit))


def paste_sheet(grid: Grid, images: list[Any], hidden: Any) -> Any:
    """Return a sheet image: the images in row order, the hidden image in the last slot."""
    from PIL import Image

    width, height = images[0].size
    sheet = Image.new("RGB", (grid.columns * width, grid.rows * height), "white")
    for index, image in enumerate(images + [None] * (grid.columns * grid.rows - 1 - len(images)) + [hidden]):
        if image is not None:
            cell = image.convert("RGBA").resize((width, height)) if image.size != (width, height) else image
            cell = cell.convert("RGBA")  # transparent corners stay white on the sheet
            sheet.paste(cell, ((index % grid.columns) * width, (index // grid.columns) * height), cell)
    return sheet


def plain_back(size: tuple[int, int]) -> Any:
    """Return a plain back for a set that has none."""
    from PIL import Image

    return Image.new("RGB", size, NO_BACK)


class TtsWriter:
    """Collects decks and pieces into one saved object."""

    def __init__(self, job: ExportJob) -> None:
        self.job = job
        self.folder = job.out / "tts"
        self.dpi = job.options.dpi or DPI
        self.sets: list[list[dict[str, Any]]] = []
        self.written: list[Path] = []
        self.deck_id = 0
        self.base_url: str | None = getattr(job.options, "image_url", None)

    def save(self, image: Any, name: str) -> str:
        """Save an image under the tts folder; return its address (under --image-url, else file:///)."""
        from urllib.parse import quote

        target = save_png(image, self.folder / name, self.dpi)
        self.written.append(target)
        if self.base_url:
            return f"{self.base_url}/{quote(target.relative_to(self.folder).as_posix())}"
        return target.resolve().as_uri()

    def deck(self, layout: SetLayout) -> None:
        """Add a set of cards: one CustomDeck entry per face sheet, one Card per copy."""
        fronts = [d for d in designs(self.job, layout, ("front",)) if d.copies > 0]
        if not fronts:
            return
        backs = {d.row: d for d in designs(self.job, layout, ("back",))}
        unique_back = layout.back is not None and _back_per_row(layout)
        cards: list[dict[str, Any]] = []
        custom: dict[str, dict[str, Any]] = {}
        for number, group in enumerate(chunks(fronts), 1):
            entry, group_cards = self._sheet(layout, group, backs, unique_back, number)
            custom[str(self.deck_id)] = entry
            cards += group_cards
        self.sets.append([_deck_object(layout.name, cards, custom)])

    def _sheet(self, layout: SetLayout, group: list[Design], backs: dict[int, Design], unique_back: bool,
               number: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Render one face sheet (and its back) and return its CustomDeck entry and its cards."""
        self.deck_id += 1
        grid = grid_for(len(group))
        dpi = sheet_dpi(grid, group[0].scene.width, group[0].scene.height, self.dpi)
        faces = [card.image for card in render(self.job, group, dpi, "trim")]
        back_designs = [backs[d.row] for d in group if d.row in backs]
        back_images = [card.image for card in render(self.job, back_designs, dpi, "trim")] if back_designs else []
        hidden = back_images[0] if back_images else plain_back(faces[0].size)
        stem = f"{slug(layout.name) or 'set'}-{number}"
        face_url = self.save(paste_sheet(grid, faces, hidden), f"{stem}-faces.png")
        if unique_back:
            back_url = self.save(paste_sheet(grid, back_images, hidden), f"{stem}-backs.png")
        else:
            back_url = self.save(hidden, f"{stem}-back.png")
        entry = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": grid.columns, "NumHeight": grid.rows,
                 "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        cards = [_card(self.deck_id * 100 + index, d, entry, self.deck_id, copy)
                 for index, d in enumerate(group) for copy in range(1, d.copies + 1)]
        return entry, cards

    def pieces(self, layout: SetLayout) -> None:
        """Add each design of a set of non-card pieces: a Custom_Token or Custom_Tile, its copies in a stack
        (or a bag, or an infinite bag, as the row's `tts` column says)."""
        items = [d for d in designs(self.job, layout) if d.copies > 0]
        images = {(c.design.row, c.design.side): c for c in render(self.job, items, self.dpi, "trim")}
        objects = []
        for design in (d for d in items if d.side == "front"):
            front = images[(design.row, "front")]
            back = images.get((design.row, "back"), front)
            urls = [self.save(card.image, f"{slug(layout.name) or 'set'}/{card.design.key}-{card.design.side}.png")
                    for card in ((front, back) if back is not front else (front,))]
            key = f"{layout.name}|{design.row}"
            copies = [{**_piece(layout, front, urls[0], urls[-1]), "GUID": guid(key, copy)}
                      for copy in range(1, design.copies + 1)]
            if design.supply == "stack" or (len(copies) == 1 and design.supply == "bag"):
                objects.append(stack(copies[0], len(copies)))
            else:
                objects.append(bag(copies, design.name, design.infinite, key))
        self.sets.append(objects)

    def write(self) -> list[Path]:
        """Write the saved object; return every file written."""
        save = {"SaveName": self.job.project.name, "GameMode": "", "Date": "", "Table": "", "Sky": "",
                "Note": f"Made by playproof from {self.job.name}", "Rules": "", "XmlUI": "", "LuaScript": "",
                "ObjectStates": stable_guids(lay_out(self.sets), self.job.project.name), "TabStates": {},
                "VersionNumber": ""}
        target = self.folder / f"{self.job.name}.json"
        write_text_atomic(target, json.dumps(save, indent=2, ensure_ascii=False) + "\n")
        return self.written + [target]


def _back_per_row(layout: SetLayout) -> bool:
    """Return whether a set's back differs from row to row."""
    from playproof.output.build import _uses_row

    return _uses_row(layout, "back")


def _card(card_id: int, design: Design, entry: dict[str, Any], deck: int, copy: int) -> dict[str, Any]:
    """Return one Card of a deck."""
    return {"Name": "Card", "GUID": guid(design.set, design.row, copy), "Nickname": design.name,
            "Description": f"{design.set} row {design.row}", "CardID": card_id, "CustomDeck": {str(deck): entry},
            "Transform": _unit()}


def _deck_object(name: str, cards: list[dict[str, Any]], custom: dict[str, Any]) -> dict[str, Any]:
    """Return a DeckCustom (or a lone Card when the set has one copy), face down."""
    if len(cards) == 1:
        return {**cards[0], "Transform": transform(0.0, 0.0, face_down=True)}
    return {"Name": "DeckCustom", "GUID": guid(name, "deck"), "Nickname": name,
            "Description": f"{len(cards)} cards",
            "Transform": transform(0.0, 0.0, face_down=True), "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": custom, "ContainedObjects": cards}


def _piece(layout: SetLayout, front: CardImage, face_url: str, back_url: str) -> dict[str, Any]:
    """Return a Custom_Token (shaped by transparency) or a Custom_Tile (a rectangle)."""
    width_in = front.design.scene.width / 72
    placed = {**transform(0.0, 0.0), "scaleX": round(width_in, 3), "scaleZ": round(width_in, 3)}
    base = {"Nickname": front.design.name, "Description": f"{front.design.set} row {front.design.row}",
            "Transform": placed}
    image = {"ImageURL": face_url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0,
             "WidthScale": 0.0}
    if layout.shape in ("hex", "circle"):
        image["CustomToken"] = {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False,
                                "Stackable": True}
        return {"Name": "Custom_Token", **base, "CustomImage": image}
    image["CustomTile"] = {"Type": 0, "Thickness": TOKEN_THICKNESS, "Stackable": False, "Stretch": True}
    return {"Name": "Custom_Tile", **base, "CustomImage": image}


def stack(piece: dict[str, Any], copies: int) -> dict[str, Any]:
    """Return a design's copies as one stack (TTS's `Number`), or the piece itself when there is one copy."""
    if copies == 1:
        return piece
    image = piece["CustomImage"]
    kind = "CustomToken" if "CustomToken" in image else "CustomTile"
    return {**piece, "Description": f"{piece['Description']}, a stack of {copies}", "Number": copies,
            "CustomImage": {**image, kind: {**image[kind], "Stackable": True}}}


def _unit() -> dict[str, float]:
    """Return an identity transform (cards inside a deck)."""
    return {"posX": 0.0, "posY": 0.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


class TabletopSimulator:
    """--format tts: deck sheets, backs, tiles and tokens, and a saved object for Tabletop Simulator."""

    title = "tts"

    def write(self, job: ExportJob) -> list[Path]:
        """Write DIR/tts/<set>-N-faces.png, backs, pieces, and DIR/tts/<project>.json."""
        writer = TtsWriter(job)
        for layout in job.layouts:
            (writer.deck if is_card(layout) else writer.pieces)(layout)
        return writer.write()


__all__ = ["TabletopSimulator", "grid_for", "pixels"]
