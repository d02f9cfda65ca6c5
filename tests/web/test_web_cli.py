"""`playproof serve` as a command: its options are documented, a missing extra is one clear line; the pen; the QR code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.web.lease import Leases, PenTaken
from playproof.web.security import Policy, device_tag, is_loopback, same_origin

DOCS = Path(__file__).resolve().parents[2] / "docs" / "playtest.md"


def test_every_serve_option_is_documented() -> None:
    from playproof.commands.web_commands import COMMANDS

    docs = DOCS.read_text(encoding="utf-8")
    options = {opt for c in COMMANDS for p in c.params for opt in p.opts if opt.startswith("--")}
    assert options >= {"--host", "--port", "--token", "--card", "--no-qr", "--engine", "--db"}
    assert sorted(o for o in options if f"`{o}" not in docs) == []
    assert "`playproof serve" in (DOCS.parents[1] / "README.md").read_text(encoding="utf-8")


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "starlette", None)  # an import of starlette now fails, as when not installed
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "s.db")])
    assert result.exit_code == 1
    assert result.output == 'Error: `playproof serve` needs starlette (the web extra): pip install "playproof[web]"\n'


def test_the_core_cli_does_not_import_the_web_stack() -> None:
    code = "import sys, playproof.cli; print(sorted(m for m in ('starlette', 'uvicorn', 'segno') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_free_pen_goes_to_the_first_device_and_others_must_take_over() -> None:
    leases = Leases(ttl=60, clock=Clock())
    assert leases.holder(1) is None
    assert leases.claim(1, "ann") and not leases.claim(1, "ben")
    leases.check(1, "ann")
    with pytest.raises(PenTaken, match="another device holds the pen for this session; tap “Take over”"):
        leases.check(1, "ben")
    leases.take_over(1, "ben")
    assert leases.holder(1) == "ben" and not leases.claim(1, "ann")
    assert leases.claim(2, "ann")  # one pen per session


def test_an_unused_pen_is_free_again_after_its_time_and_can_be_released() -> None:
    clock = Clock()
    leases = Leases(ttl=60, clock=clock)
    leases.claim(1, "ann")
    clock.now += 59
    leases.check(1, "ann")  # writing keeps it
    clock.now += 59
    assert leases.holder(1) == "ann"
    clock.now += 2
    assert leases.holder(1) is None and leases.claim(1, "ben")
    leases.release(1, "ann")
    assert leases.holder(1) == "ben"
    leases.release(1, "ben")
    assert leases.holder(1) is None


def test_security_helpers() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert same_origin("http://127.0.0.1:8765", None, "http", "127.0.0.1:8765")
    assert not same_origin("http://127.0.0.1:9999", None, "http", "127.0.0.1:8765")
    assert same_origin(None, "http://127.0.0.1:8765/s/1", "http", "127.0.0.1:8765")
    assert not same_origin(None, "http://evil.example/?http://127.0.0.1:8765", "http", "127.0.0.1:8765")
    assert not same_origin(None, None, "http", "127.0.0.1:8765")
    policy = Policy.for_host("0.0.0.0", "tok")
    assert policy.token_ok("tok") and not policy.token_ok("tak") and not policy.token_ok(None)
    assert policy.csrf_ok("device", policy.csrf_for("device")) and not policy.csrf_ok("other", policy.csrf_for("device"))
    assert Policy.for_host("127.0.0.1").token_ok(None)
    assert len(device_tag("device")) == 8 and device_tag("device") != "device"


def test_the_address_is_printed_with_its_token_and_qr_code(tmp_path: Path) -> None:
    pytest.importorskip("segno")
    from playproof.web.qr import table_card, terminal_qr
    from playproof.web.server import table_url

    assert table_url("127.0.0.1", 8765, None) == "http://127.0.0.1:8765/"
    url = table_url("0.0.0.0", 8765, "abc")
    assert url.startswith("http://") and url.endswith(":8765/?token=abc")
    assert "█" in terminal_qr(url)
    card = table_card(url, tmp_path / "card.pdf")
    assert card.read_bytes().startswith(b"%PDF")


def test_a_port_in_use_is_one_error_line(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "s.db"), "--port", str(port)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: cannot listen on 127.0.0.1:{port} (Address already in use)")
