"""Safe on a network: an access token off loopback, a device cookie, CSRF tokens and an Origin check.

- Bound to loopback, the app answers only to loopback host names (no DNS rebinding).
- Bound to any other address, every request needs the random access token, given once in the
  URL (`?token=...`, as printed and in the QR code) and then kept in a SameSite cookie.
- A state-changing request (POST) must carry the device's CSRF token (header or form field),
  come from a page of this server (Origin, else Referer) and carry the SameSite device cookie.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from dataclasses import dataclass, field
from urllib.parse import urlsplit

DEVICE_COOKIE = "pp_device"
TOKEN_COOKIE = "pp_token"
CSRF_HEADER = "x-playproof-csrf"
CSRF_FIELD = "csrf"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")


def is_loopback(host: str) -> bool:
    """Return True for an address only this machine reaches (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_secret() -> str:
    """Return a fresh random token (URL-safe, 128 bits or more)."""
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class Policy:
    """What the server demands of every request, given the address it is bound to."""

    host: str
    token: str | None = None
    """The access token every request must show; None on loopback."""
    secret: str = field(default_factory=new_secret)
    """Signs CSRF tokens; new at every start, so a restarted server asks pages to reload."""

    @classmethod
    def for_host(cls, host: str, token: str | None = None) -> Policy:
        """Return the policy of a bind address: a token is required (random unless given) off loopback."""
        return cls(host, None if is_loopback(host) else (token or new_secret()))

    def allowed_host(self, host_header: str) -> bool:
        """Return whether a Host header may be served (loopback names only when bound to loopback)."""
        if self.token is not None:
            return True
        try:
            name = urlsplit(f"//{host_header}").hostname or ""
        except ValueError:  # `Host: [` is no address at all
            return False
        return name in LOOPBACK_NAMES or is_loopback(name)

    def token_ok(self, given: str | None) -> bool:
        """Return whether an access token is the server's (always, when none is required)."""
        return self.token is None or (given is not None and _same(given, self.token))

    def csrf_for(self, device: str) -> str:
        """Return the CSRF token of a device (an HMAC of its cookie, so it cannot be guessed from outside)."""
        return hmac.new(self.secret.encode(), device.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:32]

    def csrf_ok(self, device: str | None, given: str | None) -> bool:
        """Return whether a request's CSRF token matches its device cookie."""
        return bool(device and given) and _same(self.csrf_for(device or ""), given or "")


def _same(given: str, expected: str) -> bool:
    """Compare secrets in constant time as bytes (compare_digest refuses non-ASCII text: a header of é was a 500)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def device_tag(device: str) -> str:
    """Return a short public name for a device (shown as who holds the pen; never the cookie itself)."""
    return hashlib.sha256(device.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def new_device() -> str:
    """Return a new device id for the device cookie."""
    return secrets.token_urlsafe(18)


def same_origin(origin: str | None, referer: str | None, scheme: str, host_header: str) -> bool:
    """Return whether a request comes from a page of this server: its Origin, else its Referer, names us."""
    ours = f"{scheme}://{host_header}".lower()
    if origin:
        return origin.lower() == ours
    if referer:
        try:
            parts = urlsplit(referer)
        except ValueError:  # `Referer: http://[` names no page
            return False
        return f"{parts.scheme}://{parts.netloc}".lower() == ours
    return False
