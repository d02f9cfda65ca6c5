"""Stable Tabletop Simulator object ids: the same component gets the same GUID in every export of its game.

TTS matches objects by GUID, so an export of version 4 re-imported over version 3 updates each
card, token and deck instead of adding a second copy. A GUID is made from the game's name, the
kind of object, its nickname (the design's key), its set and its copy number, never from its
row, so moving rows or changing a card's numbers keeps it.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from typing import Any

GUID_DIGITS = 6
"""TTS writes six hex digits."""
_ROW = re.compile(r"\s+row\s+\d+$")


def stable_guids(objects: list[dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """Return the objects (and the objects they contain) with a stable, unique "GUID" each; the input is kept."""
    seen: Counter[tuple[str, ...]] = Counter()
    used: set[str] = set()
    return [_with_guid(obj, game, seen, used) for obj in objects]


def _with_guid(obj: dict[str, Any], game: str, seen: Counter[tuple[str, ...]], used: set[str]) -> dict[str, Any]:
    """Return a copy of one object with its GUID, its contained objects given theirs."""
    identity = (str(obj.get("Name", "")), str(obj.get("Nickname", "")),
                _ROW.sub("", str(obj.get("Description", ""))))
    copy = seen[identity]
    seen[identity] += 1
    made = {**obj, "GUID": _guid(game, identity, copy, used)}
    if isinstance(obj.get("ContainedObjects"), list):
        made["ContainedObjects"] = [_with_guid(o, game, seen, used) for o in obj["ContainedObjects"]]
    return made


def _guid(game: str, identity: tuple[str, ...], copy: int, used: set[str]) -> str:
    """Return six hex digits from the object's identity, salted further on the rare clash within one export."""
    salt = 0
    while True:
        text = "\x1f".join((game, *identity, str(copy), str(salt)))
        guid = hashlib.sha256(text.encode()).hexdigest()[:GUID_DIGITS]
        if guid not in used:
            used.add(guid)
            return guid
        salt += 1
