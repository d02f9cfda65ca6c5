"""Who holds the pen: one device records a session at a time; the others watch or take over explicitly.

A lease is held by a device (its client id) until that device releases it, another device
takes it over on purpose, or it has not been used for `ttl` seconds. The store's own
single-writer lock can later sit behind the same three calls (`claim`, `take_over`, `check`).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable, Protocol

from playproof.errors import PlayproofError

Clock = Callable[[], float]
DEFAULT_TTL = 15 * 60.0
"""A pen left unused this long (seconds) is free again: a phone that went to sleep does not block the table."""


class Pen(Protocol):
    """What the web app asks of a session's pen; `Leases` is one, the store's writer lock can be another."""

    def holder(self, session: int) -> str | None:
        """Return the device holding the session's pen, or None when it is free."""

    def claim(self, session: int, device: str) -> bool:
        """Take a free pen; return whether the device holds it."""

    def take_over(self, session: int, device: str) -> None:
        """Give the pen to the device, whoever held it."""

    def check(self, session: int, device: str) -> None:
        """Let the device write, or raise PenTaken."""


class PenTaken(PlayproofError):
    """Raised when a device writes to a session whose pen another device holds."""


@dataclass(frozen=True)
class Lease:
    """A device's hold on a session's pen."""

    session: int
    holder: str
    since: float
    used: float


class Leases:
    """The pens of every session this server records (thread-safe)."""

    def __init__(self, ttl: float = DEFAULT_TTL, clock: Clock = time.time) -> None:
        self.ttl, self.clock = ttl, clock
        self._held: dict[int, Lease] = {}
        self._lock = threading.Lock()

    def holder(self, session: int) -> str | None:
        """Return the device holding a session's pen, or None when it is free."""
        with self._lock:
            lease = self._live(session)
            return lease.holder if lease else None

    def claim(self, session: int, device: str) -> bool:
        """Take the pen when it is free (or already this device's); return whether this device holds it."""
        with self._lock:
            lease = self._live(session)
            if lease is not None and lease.holder != device:
                return False
            now = self.clock()
            self._held[session] = Lease(session, device, lease.since if lease else now, now)
            return True

    def take_over(self, session: int, device: str) -> None:
        """Give the pen to this device, whoever held it (an explicit hand-over at the table)."""
        with self._lock:
            now = self.clock()
            self._held[session] = Lease(session, device, now, now)

    def check(self, session: int, device: str) -> None:
        """Let a device write (claiming a free pen), or raise PenTaken when another device holds it."""
        if not self.claim(session, device):
            raise PenTaken("another device holds the pen for this session; tap “Take over” to record here")

    def release(self, session: int, device: str) -> None:
        """Free the pen when this device holds it."""
        with self._lock:
            lease = self._held.get(session)
            if lease is not None and lease.holder == device:
                del self._held[session]

    def _live(self, session: int) -> Lease | None:
        """Return the session's lease unless it has expired (expired ones are dropped)."""
        lease = self._held.get(session)
        if lease is not None and self.clock() - lease.used > self.ttl:
            del self._held[session]
            return None
        return lease
