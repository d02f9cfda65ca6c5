"""Declared expressions alone: evaluations per second of each example's expressions on tables of random games.

Usage: python benchmarks/bench_expr.py [--games N] [--seed S] [--code DIR ...] [--runs R]
Each declared example is played at random (`simulate`, fixed seed; the declared Who Will Reign? a fifth of the
games: they are long) and its logs replayed; every 5th table is kept (a copy; at most 300 a game, evenly spread).
On every kept table, for every player, every expression that names no move (the Values sheet, the due
conditions, the Turn sheet's end and tie-breaks, the Scoring parts) is evaluated in a fresh context whose named
values are all worked out afresh (none kept for the table): what is timed is the evaluator (closures, aggregates,
named values), not the referee. One core, CPU time, the best of 3 rounds of about 0.2 s each. Each checkout
(`--code`, repeatable) is measured in a fresh process per run, the checkouts alternated run by run; the table
gives the median and range.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CODE = Path(os.environ.get("BENCH_EXPR_CODE") or HERE.parent)
"""The checkout measured (a child process measures the one it is given)."""
sys.path.insert(0, str(CODE))
sys.path.insert(0, str(HERE))

from bench_common import compare_checkouts, figure  # noqa: E402  (benchmarks/ is on the path now)

EVERY = 5
"""Keep every 5th table of a game."""
MOST = 300
"""Keep at most this many tables of one game (evenly spread over them)."""
WWR = "who-will-reign-declared"


def tables(project: Path, game_id: str, players: int, games: int, seed: int) -> tuple[type, list[Any]]:
    """Return the engine class and copies of every EVERY-th table met replaying random games."""
    from playproof.playtest.declared import declared_engine
    from playproof.playtest.engine import Setup
    from playproof.playtest.logparse import parse_log
    from playproof.playtest.replay import events_of
    from playproof.playtest.simulate import simulate_games

    engine_cls = declared_engine(project, game_id)
    kept = []
    for played in simulate_games(engine_cls, players, games, seed):
        log = parse_log(played.log)
        engine = engine_cls(Setup(tuple(p.strip() for p in log.header["Players"].split(","))))
        for index, event in enumerate(events_of(log)):
            engine.apply(event)
            if index % EVERY == 0:
                kept.append(engine.clone().state)
    return engine_cls, kept[::-(-len(kept) // MOST)]


def expressions(game: Any) -> list[Any]:
    """Return the game's expressions that name no move: values, due conditions, end, tie-breaks, score parts."""
    found = list(game.values.values())
    found += [spec.due for spec in game.moves.values() if spec.due is not None]
    found += [fn for fn in (game.turn.end,) if callable(fn)]
    found += list(game.turn.tiebreak or ()) + [fn for _, fn in game.scoring]
    return found


def bench(project: Path, game_id: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Return one game's figures: tables kept, expressions, evaluations per pass, evaluations/s."""
    from playproof.playtest.declared.expr import TooLarge, Unknown
    from playproof.playtest.declared.state import Ctx

    class Fresh(Ctx):
        """A context that keeps no named value for the table: each evaluation works every value out."""

        __slots__ = ()

        def shared_values(self) -> None:  # type: ignore[override]
            return None

    engine_cls, kept = tables(project, game_id, players, games, seed)
    fns = expressions(engine_cls.game)

    def evaluate_all() -> int:
        done = 0
        for state in kept:
            for player in state.players:
                for fn in fns:
                    with suppress(Unknown, TooLarge):  # a hidden or too large value is an evaluation too
                        fn(Fresh(state, player))
                    done += 1
        return done

    began = time.process_time()
    done = evaluate_all()
    passes = max(1, int(0.2 / max(time.process_time() - began, 1e-6)))  # a timed round of about 0.2 s
    best = float("inf")
    for _ in range(3):
        began = time.process_time()
        for _ in range(passes):
            evaluate_all()
        best = min(best, time.process_time() - began)
    return {"game": game_id, "tables": len(kept), "expressions": len(fns), "evaluations": done,
            "rate": done * passes / best if best else 0.0}


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """Measure every declared example of the checkout (in this process)."""
    from playproof.scaffold import create_project

    examples = CODE / "examples" / "declared"
    with tempfile.TemporaryDirectory() as tmp:
        starter = Path(tmp) / "starter"
        create_project(starter)
        rows = [bench(starter, "starter", 3, games, seed)]
        rows += [bench(folder, folder.name, 3 if folder.name != "lantern-guild" else 2,
                       games if folder.name != WWR else max(1, games // 5), seed)  # its games are long
                 for folder in sorted(examples.iterdir()) if (folder / "components.xlsx").is_file()]
    return rows


def table(code: Path, runs: list[list[dict[str, Any]]]) -> list[str]:
    """Return the markdown table of one checkout's runs (median and range of evaluations/s)."""
    lines = [f"{code}:", "", "| game | tables | expressions | evaluations | evaluations/s |", "|---|---|---|---|---|"]
    for index, first in enumerate(runs[0]):
        rates = [run[index]["rate"] for run in runs]
        lines.append(f"| {first['game']} | {first['tables']} | {first['expressions']} | {first['evaluations']:,} | "
                     f"{figure(rates)} |")
    return lines


def main() -> None:
    compare_checkouts(Path(__file__).resolve(), "BENCH_EXPR_CODE", __doc__ or "", 10, measure, table)


if __name__ == "__main__":
    main()
