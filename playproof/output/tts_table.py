"""Tabletop Simulator objects laid out as a table: grouped by set, copies in bags, stable GUIDs."""

from __future__ import annotations

import hashlib
from typing import Any

TABLE_HALF_WIDTH = 28.0  # objects are laid out within x = -28 .. 28 (the default table is about 60 units wide)
TABLE_TOP = 16.0  # the first set's row starts here (z grows away from the first seat)
GAP = 1.0  # between neighbouring objects and between sets' rows
CARD_SIZE = (2.3, 3.2)  # a card at scale 1 (units)


def guid(*parts: object) -> str:
    """Return a six-hex-digit GUID made from what an object is, so a rebuild keeps it."""
    return hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest()[:6]


def footprint(obj: dict[str, Any]) -> tuple[float, float]:
    """Return about how much table an object covers (x, z), in units."""
    if obj["Name"] in ("DeckCustom", "Card"):
        return CARD_SIZE
    inner = obj.get("ContainedObjects")
    if obj["Name"] in ("Bag", "Infinite_Bag") and inner:
        width, depth = footprint(inner[0])
        return max(width, 2.5), max(depth, 2.5)
    scale = float(obj.get("Transform", {}).get("scaleX", 1.0))  # tokens and tiles: their width in inches
    return max(scale, 1.0), max(scale, 1.0)


def bag(objects: list[dict[str, Any]], nickname: str, infinite: bool, key: str) -> dict[str, Any]:
    """Return a bag holding a design's copies (counted), or an infinite bag holding one."""
    contents = objects[:1] if infinite else objects
    label = f"{nickname} (endless)" if infinite else f"{nickname} x{len(objects)}"
    return {"Name": "Infinite_Bag" if infinite else "Bag", "GUID": guid(key, "bag"), "Nickname": label,
            "Description": f"{len(objects)} copies" if not infinite else "take as many as you need",
            "Transform": transform(0.0, 0.0), "ContainedObjects": contents}


def transform(x: float, z: float, face_down: bool = False) -> dict[str, float]:
    """Return a transform at (x, z) on the table; cards lie face down in their deck."""
    return {"posX": round(x, 3), "posY": 1.0, "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def lay_out(sets: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Place every set's objects in rows across the table, a set's objects together, the sets one below another."""
    placed: list[dict[str, Any]] = []
    z = TABLE_TOP
    for objects in sets:
        x, row_depth = -TABLE_HALF_WIDTH, 0.0
        for obj in objects:
            width, depth = footprint(obj)
            if x + width > TABLE_HALF_WIDTH and x > -TABLE_HALF_WIDTH:
                x, z = -TABLE_HALF_WIDTH, z - row_depth - GAP
                row_depth = 0.0
            position = obj["Transform"]
            obj["Transform"] = {**position, "posX": round(x + width / 2, 3), "posY": 1.0,
                                "posZ": round(z - depth / 2, 3)}
            x += width + GAP
            row_depth = max(row_depth, depth)
            placed.append(obj)
        z -= row_depth + 2 * GAP
    return placed
