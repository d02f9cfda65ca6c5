"""The README's test command runs in a fresh shell inside the venv its first command made; CI runs it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTRACT = (r"awk '/^Run the tests/{found=1} found && /^```sh$/{inblock=1; next} "
           r"inblock && /^```$/{exit} inblock{print}' README.md")


def _sh_blocks() -> list[str]:
    """Return the README's sh code blocks in order."""
    return re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)


def _test_command() -> str:
    """Return the README's test command as .ci/run extracts it."""
    return subprocess.run(["bash", "-c", EXTRACT], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_ci_runs_the_readme_test_command_word_for_word():
    ci = (ROOT / ".ci" / "run").read_text()
    assert EXTRACT in ci and 'bash -c "$test_command"' in ci
    assert "python3 -m venv --clear .venv" in ci
    assert _test_command() == _sh_blocks()[1]


def test_install_command_makes_the_venv_the_test_command_activates():
    install, test = _sh_blocks()[:2]
    assert install.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install .")
    assert test.startswith(". .venv/bin/activate && ")


def _fake_venv(folder: Path) -> Path:
    """Make a .venv whose pip and python only log their arguments; return the log."""
    log = folder / "calls.log"
    bin_dir = folder / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "activate").write_text(f'export PATH="{bin_dir}:$PATH"\n')
    for tool in ("pip", "python"):
        script = bin_dir / tool
        script.write_text(f'#!/bin/sh\necho "venv-{tool} $*" >> "{log}"\n')
        script.chmod(0o755)
    return log


def test_readme_test_command_uses_the_venv_in_a_fresh_shell(tmp_path):
    log = _fake_venv(tmp_path)
    stub_bin = tmp_path / "system-bin"
    stub_bin.mkdir()
    for tool in ("pip", "python"):  # a system pip/python the command must not reach
        (stub_bin / tool).write_text(f'#!/bin/sh\necho "system-{tool} $*" >> "{log}"\nexit 1\n')
        (stub_bin / tool).chmod(0o755)
    env = {"PATH": f"{stub_bin}:/usr/bin:/bin", "HOME": str(tmp_path)}
    result = subprocess.run(["bash", "--noprofile", "--norc", "-c", _test_command()], cwd=tmp_path,
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    calls = log.read_text().splitlines()
    assert calls == ['venv-pip install .[test,png,web,cluster,watch,pdfx,vision]', "venv-python -m pytest"]


def test_readme_says_what_to_install_first_on_each_system():
    readme = (ROOT / "README.md").read_text()
    first = readme[:readme.index("```sh")]
    for system in ("Debian/Ubuntu", "macOS", "Windows"):
        assert system in first
    assert "python3-venv" in first and "externally-managed-environment" in first
    assert ".venv\\Scripts\\Activate.ps1" in first
