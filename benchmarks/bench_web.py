"""Benchmark `playproof serve`: a recorded line's round trip, and 50 watchers of one session.

Round trip: one client posts a line; the time until a second client, watching the session's
server-sent events, receives the view with that line marked ✓. Watchers: N clients watch one
session while lines are recorded; every watcher must receive every view (none lost), and the
time until the last of them has a line is measured. The server is `playproof serve` in its own
process over a scratch database, with the Nim example engine (examples/plugins/nim).

Run from the repository root: `python benchmarks/bench_web.py [--lines 100] [--watchers 50]`
(needs the web extra and httpx).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench_common import run_heading

ROOT = Path(__file__).resolve().parents[1]
NIM = ROOT / "examples" / "plugins" / "nim"


def free_port() -> int:
    """Return a free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    """Start `playproof serve` and wait until it answers."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(NIM)]), RL_useA85="0")
    server = subprocess.Popen([sys.executable, "-c", "from playproof.cli import main; main()", "serve", "--db",
                               str(db), "--port", str(port), "--engine", "playproof_nim:Nim"], env=env,
                              stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return server
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("playproof serve did not start")


async def writer(base: str) -> tuple[httpx.AsyncClient, int, str]:
    """Start a Nim session with a huge heap as a device would; return its client, session id and CSRF token."""
    client = httpx.AsyncClient(base_url=base, headers={"Origin": base}, timeout=30)
    home = (await client.get("/")).text
    csrf = re.search(r'name="csrf" content="([0-9a-f]+)"', home).group(1)
    answer = await client.post("/start", data={"csrf": csrf, "game": "nim", "players": "Ann, Ben",
                                               "variant": "stones=1000000", "timed": "1"})
    session = int(answer.headers["location"].rsplit("/", 1)[1])
    return client, session, csrf


class Watcher:
    """One device watching a session: the time each version (line count) reached it, and whether it was ✓."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.changed = asyncio.Event()

    async def watch(self, base: str, session: int) -> None:
        """Read the session's events until cancelled."""
        async with httpx.AsyncClient(base_url=base, timeout=None) as client:
            async with client.stream("GET", f"/s/{session}/events") as stream:
                event = ""
                async for line in stream.aiter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "view":
                        view = json.loads(line[6:])
                        if re.search(rf'class="line move ok" data-number="{view["version"]}"', view["log"]) or \
                                not self.seen:
                            self.seen[view["version"]] = time.perf_counter()
                        self.ready.set()
                        self.changed.set()


async def wait_for(watchers: list[Watcher], version: int) -> None:
    """Wait until every watcher has seen a version."""
    for watcher in watchers:
        while version not in watcher.seen:
            watcher.changed.clear()
            await watcher.changed.wait()


async def record_lines(base: str, count: int, watchers_n: int) -> dict[str, float]:
    """Record `count` lines with `watchers_n` watchers; return the latency figures (ms) and lost updates."""
    client, session, csrf = await writer(base)
    watchers = [Watcher() for _ in range(watchers_n)]
    tasks = [asyncio.create_task(w.watch(base, session)) for w in watchers]
    await asyncio.gather(*(w.ready.wait() for w in watchers))
    first, last = [], []
    for i in range(count):
        player = "Ann" if i % 2 == 0 else "Ben"
        started = time.perf_counter()
        answer = await client.post(f"/s/{session}/lines", json={"line": f"{player}: take 1"},
                                   headers={"X-Playproof-CSRF": csrf})
        version = answer.json()["version"]
        await asyncio.wait_for(wait_for(watchers, version), 30)
        times = [w.seen[version] - started for w in watchers]
        first.append(min(times) * 1000)
        last.append(max(times) * 1000)
    lost = sum(1 for w in watchers for v in range(version - count + 1, version + 1) if v not in w.seen)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await client.aclose()
    return {"median": statistics.median(first), "p95": _p95(first), "max": max(first),
            "last_median": statistics.median(last), "last_p95": _p95(last), "lost": lost}


def _p95(values: list[float]) -> float:
    """Return the 95th percentile."""
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def main() -> None:
    """Run both measurements and print them as RESULTS.md rows."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=100)
    parser.add_argument("--watchers", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder) / "s.db", port)
        try:
            base = f"http://127.0.0.1:{port}"
            one = asyncio.run(record_lines(base, args.lines, 1))
            many = asyncio.run(record_lines(base, max(10, args.lines // 2), args.watchers))
        finally:
            server.terminate()
            server.wait()
    print(run_heading("bench_web"))
    print("| watchers | lines | post → ✓ at first watcher, median ms | p95 ms | max ms | "
          "at last watcher, median ms | p95 ms | lost updates |")
    print("|---|---|---|---|---|---|---|---|")
    for n, lines, r in ((1, args.lines, one), (args.watchers, max(10, args.lines // 2), many)):
        print(f"| {n} | {lines} | {r['median']:.1f} | {r['p95']:.1f} | {r['max']:.1f} | {r['last_median']:.1f} | "
              f"{r['last_p95']:.1f} | {int(r['lost'])} |")


if __name__ == "__main__":
    main()
