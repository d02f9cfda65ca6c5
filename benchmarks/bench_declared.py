"""Declared games: audit throughput (events/s) and simulate throughput (games/s), one core, CPU time.

Usage: python benchmarks/bench_declared.py [--games N] [--seed S]
The starter game of `playproof new` and the examples under examples/declared/ are played at random
(`simulate`, every offered move checked), then the logs are audited (parse and replay, best of 3), and
replayed by the engine alone (no parsing, no per-log set-up).
Targets (issue 21): audit of a declared game >= 50,000 events/s; random simulate of each example >= 200 games/s.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_common import parse_args, run_heading  # noqa: E402
from playproof.playtest.audit import audit_log  # noqa: E402
from playproof.playtest.declared import declared_engine  # noqa: E402
from playproof.playtest.logparse import parse_log  # noqa: E402
from playproof.playtest.replay import events_of  # noqa: E402
from playproof.playtest.simulate import simulate_games  # noqa: E402
from playproof.scaffold import create_project  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "declared"


def _cpu(work: Callable[[], object]) -> float:
    began = time.process_time()
    work()
    return time.process_time() - began


def bench(project: Path, game_id: str, players: int, games: int, seed: int) -> tuple[str, ...]:
    """Return one table row: game, players, games/s, events/game, events, audit events/s."""
    engine = declared_engine(project, game_id)
    played: list[str] = []
    seconds = _cpu(lambda: played.extend(g.log for g in simulate_games(engine, players, games, seed)))
    logs = [text.replace("\n\n", f'\n[Project "{project}"]\n\n', 1) for text in played]
    events = sum(len(events_of(parse_log(t))) for t in logs)
    audit = min(_cpu(lambda: _audit_all(logs)) for _ in range(3))
    parsed = [(tuple(p.strip() for p in log.header["Players"].split(",")), events_of(log))
              for log in (parse_log(text) for text in logs)]
    replay = min(_cpu(lambda: _replay_all(engine, parsed)) for _ in range(3))
    return (game_id, str(players), f"{games / seconds:,.0f}", f"{events / games:.0f}", f"{events:,}",
            f"{events / audit:,.0f}", f"{events / replay:,.0f}")


def _replay_all(engine: type, parsed: list[tuple[tuple[str, ...], list]]) -> None:
    """Replay every log's events through a fresh engine (the referee's own time: no parsing)."""
    from playproof.playtest.engine import Setup

    for players, events in parsed:
        game = engine(Setup(players))
        for event in events:
            game.apply(event)


def _audit_all(logs: list[str]) -> None:
    """Audit every log; one that does not audit clean stops the benchmark."""
    for i, text in enumerate(logs):
        result = audit_log(parse_log(text, f"bench-{i}"))
        if result.findings or result.problems:
            raise SystemExit(f"bench-{i} did not audit clean: {result.findings[:3]} {result.problems[:3]}")


def main() -> None:
    args = parse_args(__doc__.splitlines()[0], 100)
    print(run_heading("bench_declared"))
    print("| game | players | simulate games/s | events/game | events audited | audit events/s | engine events/s |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        starter = Path(tmp) / "starter"
        create_project(starter)
        rows = [bench(starter, "starter", 2, args.games, args.seed), bench(starter, "starter", 4, args.games, args.seed)]
        rows += [bench(folder, folder.name, 3 if folder.name != "lantern-guild" else 2, max(10, args.games // 4),
                       args.seed) for folder in sorted(EXAMPLES.iterdir()) if (folder / "layouts.toml").is_file()]
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
