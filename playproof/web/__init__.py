"""The table's web app: `playproof serve` records sessions from phone browsers, live for every device.

Its dependencies (Starlette, uvicorn, segno) are the optional `web` extra; they are imported only
by `playproof serve`, and a missing one says exactly what to install.
"""

from __future__ import annotations

from importlib import import_module

from playproof.errors import PlayproofError

INSTALL_HINT = 'pip install "playproof[web]"'
REQUIRED = ("starlette", "uvicorn")


def require_web() -> None:
    """Raise a clear error naming what to install when the web extra is missing."""
    for name in REQUIRED:
        try:
            import_module(name)
        except ImportError as exc:
            raise PlayproofError(f"`playproof serve` needs {name} (the web extra): {INSTALL_HINT}") from exc
