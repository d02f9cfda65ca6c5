"""Who Will Reign?: the hand-written engine against its declaration in rules sheets, on random games.

Usage: python benchmarks/declared_wwr_parity.py [--games N] [--seed S]
Plays N random games with the hand-written engine (`simulate`'s random play; 2, 3 and 4 players in turn, seed
S + i), writes each game's log, translates it into the declared game's words (tests/declared/wwr_translate.py)
and audits it with the declared referee (examples/declared/who-will-reign-declared). A game the hand-written
engine played is legal, so the declared referee must find nothing in it: the result is how many games agree,
the first difference of each game that does not, and the CPU time of both audits (the declared seed game's
audit should be within 3x the hand-written engine's, issue 21 item 12).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "declared"))

from bench_common import machine, parse_args  # noqa: E402
from playproof.playtest.audit import audit_log  # noqa: E402
from playproof.playtest.engine import Setup  # noqa: E402
from playproof.playtest.games.who_will_reign import WhoWillReign  # noqa: E402
from playproof.playtest.logparse import parse_log  # noqa: E402
from playproof.playtest.simulate import game_log, play_random_game, player_names  # noqa: E402
from wwr_translate import translate  # noqa: E402


def main() -> None:
    args = parse_args(__doc__.splitlines()[0], 1000)
    print(f"declared_wwr_parity: {machine()}")
    agree, events, hand_cpu, declared_cpu = 0, 0, 0.0, 0.0
    kinds: Counter[str] = Counter()
    firsts: list[str] = []
    for i in range(args.games):
        seed, players = args.seed + i, 2 + i % 3
        setup = Setup(player_names(players), {}, seed, None)
        _, played = play_random_game(WhoWillReign, setup, random.Random(seed))
        text = game_log(WhoWillReign, setup, played)
        events += len(played)
        began = time.process_time()
        hand = audit_log(parse_log(text, f"wwr-{seed}.log"))
        hand_cpu += time.process_time() - began
        declared_text, lines = translate(text)
        began = time.process_time()
        declared = audit_log(parse_log(declared_text, f"wwr-{seed}.log"))
        declared_cpu += time.process_time() - began
        if hand.findings or hand.problems:
            raise SystemExit(f"seed {seed}: the hand-written engine flags its own game: {hand.findings[:2]}")
        if declared.problems:
            raise SystemExit(f"seed {seed}: the declared log does not read: {declared.problems[:2]}")
        if not declared.findings:
            agree += 1
            continue
        first = declared.findings[0]
        line = lines[first.line - 1] if first.line else 0
        kinds[first.rule] += 1
        firsts.append(f"seed {seed} ({players} players), line {line} `{text.splitlines()[line - 1] if line else ''}`: "
                      f"{first.rule}: {first.message}")
    print(f"| games | agree | differ | events | hand-written audit events/s | declared audit events/s | ratio |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {args.games} | {agree} | {args.games - agree} | {events:,} | {events / hand_cpu:,.0f} | "
          f"{events / declared_cpu:,.0f} | {declared_cpu / hand_cpu:.2f} |")
    for rule, count in kinds.most_common():
        print(f"first difference {rule}: {count} game(s)")
    for line in firsts[:20]:
        print("  " + line)


if __name__ == "__main__":
    main()
