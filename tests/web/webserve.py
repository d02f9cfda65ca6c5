"""Helpers of the web tests: `playproof serve` in a subprocess on a free loopback port, and a phone's screen."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NIM_PLUGIN = ROOT / "examples" / "plugins" / "nim"
CHROMIUM = Path(os.environ.get("PLAYPROOF_CHROMIUM", "/usr/bin/chromium"))
"""Debian's chromium (PLAYPROOF_CHROMIUM names another build of it)."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
if str(NIM_PLUGIN) not in sys.path:
    sys.path.insert(0, str(NIM_PLUGIN))



def free_port() -> int:
    """Return a loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """`playproof serve` running in a subprocess over a database (with the Nim example on its path)."""

    def __init__(self, db: Path, port: int, log: Path, extra: tuple[str, ...] = ()) -> None:
        self.db, self.port, self.log, self.extra = db, port, log, extra
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Served:
        """Start the server and wait until it answers."""
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(NIM_PLUGIN)]), RL_useA85="0")
        command = [sys.executable, "-c", "from playproof.cli import main; main()", "serve", "--db", str(self.db),
                   "--port", str(self.port), "--engine", "playproof_nim:Nim", *self.extra]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"playproof serve exited: {self.log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"playproof serve did not answer in 30 s: {self.log.read_text()}")

    def kill(self) -> None:
        """Kill the server at once (SIGKILL: no shutdown, nothing flushed)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Stop the server (Ctrl-C), killing it when it does not stop."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
