"""Names matched in any spelling: `Royal Guard`, `royal-guard` and `ROYAL_GUARD` are one card."""

from __future__ import annotations

import re


def name_key(name: str) -> str:
    """Return a name in a form every spelling shares (`Royal Guard`, `royal-guard`, `ROYAL_GUARD`: `royalguard`)."""
    return re.sub(r"[^0-9a-z]+", "", name.casefold())
