"""How strong the bots are: MCTS against greedy and greedy against random, seats swapped, with 95 % intervals.

For each game and pairing, half the games put bot A in seat 1 and half in seat 2 (other seats, in games of
more players, are random), so the first-player effect cancels; a shared win counts as a share. The answer is
A's win rate with its Wilson interval, against an even share of the seats the two bots hold.

    python benchmarks/bench_bots.py --games 60 --budget 60 who-will-reign four-sisters:4
    python benchmarks/bench_bots.py --games 100 starter tidepool-tricks
    python benchmarks/bench_bots.py --games 40 --mcts mcts:0.2s:2 --pairing mcts seven-sisters:3

`--mcts` names the MCTS bot in full (budget in iterations or seconds, rollout depth: see
`playproof.balance.bots.make_bot`); `--pairing` runs only `mcts` (MCTS vs greedy) or `greedy`
(greedy vs random). The seconds column is CPU time of this process; CPU s per game divides it by the
games, and the last column extrapolates it to 1,000 games on 2 cores (`simulate --jobs 2` with both
cores free: CPU s per game x 1,000 / 2, in minutes).

`--max-events N` plays the games one at a time and stops any game after N events (the runner's own
cap is 100,000): such a game, a Day that bots stall, counts as won by nobody and is reported apart.

`starter` is the game `playproof new` makes; a folder under examples/declared/ is named by its id;
`GAME:N` plays it with N players (default --players).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from bench_common import run_heading  # noqa: E402
from playproof.balance import runner  # noqa: E402
from playproof.balance.runner import Plan, run_local  # noqa: E402
from playproof.balance.stats import Rate  # noqa: E402
from playproof.errors import PlayproofError  # noqa: E402


def project_of(game: str, workdir: Path) -> tuple[str, str | None]:
    """Return (game id, project folder) for a seed game, the starter game or a declared example."""
    if game == "starter":
        from playproof.scaffold import create_project

        folder = workdir / "starter"
        create_project(folder)
        return "starter", str(folder)
    declared = ROOT / "examples" / "declared" / game
    return game, str(declared) if declared.is_dir() else None


def pairing(game: str, project: str | None, players: int, a: str, b: str, games: int,
            max_events: int | None = None, seed: int = 1) -> tuple[Rate, float, int]:
    """Return bot a's win rate against bot b (seats 1 and 2 swapped half the time), the seconds taken and
    how many games were stopped at `max_events` (counted as won by nobody). The first half plays seeds
    `seed`, `seed + 1`...; the second half (seats swapped) `seed + 10,000`..."""
    rest = ["random"] * (players - 2)
    began = time.process_time()
    first, stalled = wins_of(Plan(game, players, games // 2, seed=seed, bots=",".join([a, b, *rest]),
                                  project=project), 0, max_events)
    second, more = wins_of(Plan(game, players, games - games // 2, seed=seed + 10_000, bots=",".join([b, a, *rest]),
                                project=project), 1, max_events)
    return Rate(first + second, games), time.process_time() - began, stalled + more
    # with more than two players the others are random, and A's even share is still 1 / players


def wins_of(plan: Plan, seat: int, max_events: int | None) -> tuple[float, int]:
    """Return a seat's wins over a plan's games and how many games were stopped at `max_events` (None: no cap)."""
    if max_events is None:
        return run_local(plan).wins[seat], 0
    runner.MAX_EVENTS, wins, stalled = max_events, 0.0, 0  # play_game reads the runner's cap
    for i in range(plan.games):
        try:
            wins += run_local(replace(plan, games=1, seed=plan.seed + i)).wins[seat]  # game i's own seed
        except PlayproofError:
            stalled += 1
    return wins, stalled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_to_play", nargs="+", metavar="GAME")
    parser.add_argument("--games", type=int, default=60, help="games per pairing (default 60)")
    parser.add_argument("--budget", type=int, default=100, help="MCTS iterations per move (default 100)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--mcts", help="the MCTS bot in full, e.g. mcts:0.2s:2 (default mcts:BUDGET)")
    parser.add_argument("--pairing", choices=("mcts", "greedy", "both"), default="both",
                        help="mcts: MCTS vs greedy; greedy: greedy vs random (default both)")
    parser.add_argument("--max-events", type=int, help="stop a game after N events (won by nobody, reported)")
    parser.add_argument("--seed", type=int, default=1,
                        help="first seed (default 1; the seats-swapped half starts at SEED + 10,000): runs with "
                             "seeds 20,000 apart play different games and can be summed")
    args = parser.parse_args()
    print(run_heading("bench_bots: bot strength"))
    print("| game | players | pairing | games | A's win rate [95 %] | even share | CPU s | CPU s per game "
          "| 1,000 games on 2 cores |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as workdir:
        for spec in args.games_to_play:
            game, _, count = spec.partition(":")
            players = int(count) if count else args.players
            game_id, project = project_of(game, Path(workdir))
            mcts = args.mcts or f"mcts:{args.budget}"
            pairs = {"mcts": [(mcts, "greedy")], "greedy": [("greedy", "random")]}
            for a, b in pairs.get(args.pairing, pairs["mcts"] + pairs["greedy"]):
                rate, seconds, stalled = pairing(game_id, project, players, a, b, args.games, args.max_events, args.seed)
                games = f"{rate.trials} ({stalled} stopped at {args.max_events} events)" if stalled else rate.trials
                each = seconds / max(1, rate.trials)
                print(f"| {game} | {players} | {a} vs {b} | {games} | {rate.text()} | {100 / players:.0f} % | "
                      f"{seconds:.0f} | {each:.2f} | {each * 1000 / 2 / 60:.1f} min |", flush=True)


if __name__ == "__main__":
    main()
