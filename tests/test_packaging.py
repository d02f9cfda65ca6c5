"""The installed package carries what an installed playproof needs outside the source tree."""

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def data_file_patterns() -> list[str]:
    """Return every glob pattern of pyproject's data-files table."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    return [pattern for patterns in table.values() for pattern in patterns]


def example_files() -> list[str]:
    """Return the example projects' files that git would ship (no build output)."""
    files = (ROOT / "examples").rglob("*")
    return [p.relative_to(ROOT).as_posix() for p in files
            if p.is_file() and "out" not in p.relative_to(ROOT).parts]


def test_every_example_file_is_installed_as_data() -> None:
    patterns = data_file_patterns()
    missing = [f for f in example_files() if not any(fnmatch.fnmatchcase(f, p) for p in patterns)]
    assert missing == []


def test_data_files_install_each_file_beside_its_project() -> None:
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    for target, patterns in table.items():
        for pattern in patterns:
            folder = pattern.rsplit("/", 1)[0]
            assert target == "share/playproof/" + folder
