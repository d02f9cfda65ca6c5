"""Declared games: audit throughput (events/s) and simulate throughput (games/s), one core, CPU time.

Usage: python benchmarks/bench_declared.py [--games N] [--seed S] [--code DIR ...] [--runs R]
The starter game of `playproof new` and the examples under examples/declared/ are played at random
(`simulate`, every offered move checked), then the logs are audited (parse and replay, best of 3), and
replayed by the engine alone (no parsing, no per-log set-up). The declared Who Will Reign? audits random games
of the hand-written engine translated into its words (tests/declared/wwr_translate.py), against the hand-written
engine auditing the same games. Each checkout (`--code`, repeatable: e.g. the main checkout and this one) is
measured in a fresh process per run, the checkouts alternated run by run; the table gives the median and range.
Targets (issues 21 and 25): audit of a declared game >= 50,000 events/s; random simulate of each example >= 200
games/s; the declared Who Will Reign?'s audit within 3x the hand-written engine's time.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
CODE = Path(os.environ.get("BENCH_DECLARED_CODE") or HERE.parent)
"""The checkout measured (a child process measures the one it is given)."""
sys.path.insert(0, str(CODE))
sys.path.insert(0, str(HERE))

from bench_common import compare_checkouts, figure  # noqa: E402  (benchmarks/ is on the path now)

WWR = "who-will-reign-declared"


def _cpu(work: Callable[[], object]) -> float:
    began = time.process_time()
    work()
    return time.process_time() - began


def bench(project: Path, game_id: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Return one game's figures: games/s, events/game, events, audit events/s, engine events/s."""
    from playproof.playtest.declared import declared_engine
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.replay import events_of
    from playproof.playtest.simulate import simulate_games

    engine = declared_engine(project, game_id)
    played: list[str] = []
    seconds = _cpu(lambda: played.extend(g.log for g in simulate_games(engine, players, games, seed)))
    logs = [text.replace("\n\n", f'\n[Project "{project}"]\n\n', 1) for text in played]
    events = sum(len(events_of(parse_log(t))) for t in logs)
    audit = min(_cpu(lambda: _audit_all(logs)) for _ in range(3))
    parsed = [(tuple(p.strip() for p in log.header["Players"].split(",")), events_of(log))
              for log in (parse_log(text) for text in logs)]
    replay = min(_cpu(lambda: _replay_all(engine, parsed)) for _ in range(3))
    return {"game": game_id, "players": players, "simulate": games / seconds, "per_game": events / games,
            "events": events, "audit": events / audit, "engine": events / replay}


def bench_wwr(games: int, seed: int) -> dict[str, Any]:
    """Return the declared Who Will Reign?'s audit events/s against the hand-written engine's on the same games."""
    import random

    sys.path.insert(0, str(CODE / "tests" / "declared"))
    from wwr_translate import translate

    from playproof.playtest.engine import Setup
    from playproof.playtest.games.who_will_reign import WhoWillReign
    from playproof.playtest.simulate import game_log, play_random_game, player_names

    hand_logs, declared_logs, events = [], [], 0
    for i in range(games):
        setup = Setup(player_names(2 + i % 3), {}, seed + i, None)
        _, played = play_random_game(WhoWillReign, setup, random.Random(seed + i))
        text = game_log(WhoWillReign, setup, played)
        hand_logs.append(text)
        declared_logs.append(translate(text)[0])
        events += len(played)
    _audit_all(declared_logs)  # the declared game's rules are read once, as any audit of many logs does
    hand = min(_cpu(lambda: _audit_all(hand_logs)) for _ in range(3))
    declared = min(_cpu(lambda: _audit_all(declared_logs)) for _ in range(3))
    return {"game": WWR, "players": "2-4", "events": events, "hand": events / hand, "audit": events / declared,
            "ratio": declared / hand}


def _replay_all(engine: type, parsed: list[tuple[tuple[str, ...], list]]) -> None:
    """Replay every log's events through a fresh engine (the referee's own time: no parsing)."""
    from playproof.playtest.engine import Setup

    for players, events in parsed:
        game = engine(Setup(players))
        for event in events:
            game.apply(event)


def _audit_all(logs: list[str]) -> None:
    """Audit every log; one that does not audit clean stops the benchmark."""
    from playproof.playtest.audit import audit_log
    from playproof.playtest.logparse import parse_log

    for i, text in enumerate(logs):
        result = audit_log(parse_log(text, f"bench-{i}"))
        if result.findings or result.problems:
            raise SystemExit(f"bench-{i} did not audit clean: {result.findings[:3]} {result.problems[:3]}")


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """Measure every declared game of the checkout (in this process)."""
    from playproof.scaffold import create_project

    examples = CODE / "examples" / "declared"
    with tempfile.TemporaryDirectory() as tmp:
        starter = Path(tmp) / "starter"
        create_project(starter)
        rows = [bench(starter, "starter", 2, games, seed), bench(starter, "starter", 4, games, seed)]
        rows += [bench(folder, folder.name, 3 if folder.name != "lantern-guild" else 2, max(10, games // 4), seed)
                 for folder in sorted(examples.iterdir()) if (folder / "layouts.toml").is_file()]
    if (examples / WWR).is_dir():
        rows.append(bench_wwr(max(10, games // 2), seed))
    return rows


def table(code: Path, runs: list[list[dict[str, Any]]]) -> list[str]:
    """Return the markdown table of one checkout's runs (median and range per figure)."""
    lines = [f"{code}:", "",
             "| game | players | simulate games/s | events/game | audit events/s | engine events/s |",
             "|---|---|---|---|---|---|"]
    for index, first in enumerate(runs[0]):
        rows = [run[index] for run in runs]
        if first["game"] == WWR:
            continue
        lines.append(f"| {first['game']} | {first['players']} | {figure([r['simulate'] for r in rows])} | "
                     f"{first['per_game']:.0f} | {figure([r['audit'] for r in rows])} | "
                     f"{figure([r['engine'] for r in rows])} |")
    wwr = [r for run in runs for r in run if r["game"] == WWR]
    if wwr:
        ratios = [r["ratio"] for r in wwr]
        lines += ["", "| game | events | hand-written audit events/s | declared audit events/s | declared/hand-written |",
                  "|---|---|---|---|---|",
                  f"| {WWR} | {wwr[0]['events']:,} | {figure([r['hand'] for r in wwr])} | "
                  f"{figure([r['audit'] for r in wwr])} | {median(ratios):.1f} ({min(ratios):.1f}-{max(ratios):.1f}) |"]
    return lines


def main() -> None:
    compare_checkouts(Path(__file__).resolve(), "BENCH_DECLARED_CODE", __doc__ or "", 100, measure, table)


if __name__ == "__main__":
    main()
