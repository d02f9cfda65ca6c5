"""What the benchmark scripts share: their command-line options and the line naming machine and date."""

from __future__ import annotations

import argparse
import platform
from datetime import datetime, timezone


def parse_args(description: str, default_games: int) -> argparse.Namespace:
    """Read --games and --seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def run_heading(title: str) -> str:
    """Return `title, date UTC, machine, Python version`: what RESULTS.md records with each run."""
    return (f"{title}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, "
            f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
