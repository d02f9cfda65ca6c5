"""Session ids in the page's addresses: at most 19 digits, so `/s/<5,000 digits>` is a 404, not a server error."""

from __future__ import annotations

from starlette.convertors import Convertor, register_url_convertor

MAX_ID_DIGITS = 19
"""A session id fits SQLite's 64-bit integer (2^63 - 1 has 19 digits); Python refuses to read 4,300 digits."""


class SessionId(Convertor[int]):
    """`{session:session}`: a whole number of at most 19 ASCII digits."""

    regex = f"[0-9]{{1,{MAX_ID_DIGITS}}}"

    def convert(self, value: str) -> int:
        """Return the id."""
        return int(value)

    def to_string(self, value: int) -> str:
        """Return the id as written in an address."""
        return str(value)


register_url_convertor("session", SessionId())
