"""Atomic writes now live in `playproof.atomic`, below both the playtest and output layers.

This name stays for the code that imports it here: it is the very same module object (so a
test that patches `playproof.output.atomic._replace` patches what every writer calls).
"""

from __future__ import annotations

import sys

from playproof import atomic as _atomic

sys.modules[__name__] = _atomic
