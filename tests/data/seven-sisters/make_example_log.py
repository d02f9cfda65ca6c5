"""Write examples/seven-sisters/playtests/evening.log: a complete legal game as a table logs it.

A seeded bot plays (preferring to place servants), the deals stay hidden (no `deal` lines),
and the table's consequences are logged as `table:` claims: each favour, the final scores and
the winner. Run `python tests/data/seven-sisters/make_example_log.py` to regenerate it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from playproof.playtest.engine import Event, Setup
from playproof.playtest.games.seven_sisters import ENGINE

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ("Ann", "Ben", "Cat")
HEADER = """[Game "seven-sisters"]
[Rules "2011"]
[Players "{players}"]
[Date "2026-11-20"]
[Setup "first={first}"]{variant}
[Components "1.0"]
[Seed "{seed}"]
"""


def choose(moves: tuple[str, ...], rng: random.Random) -> str:
    """Pick a move the way a casual player might: place servants rather than hold back."""
    placing = [m for m in moves if " A " in m or " D " in m]
    if placing and rng.random() < 0.75:
        longest = max(len(m.split()) for m in placing)
        return rng.choice([m for m in placing if len(m.split()) >= longest - 1])
    buybacks = [m for m in moves if m.startswith("buyback ") and m != "buyback none"]
    if buybacks:
        return rng.choice(buybacks[-3:] + ["buyback none"])
    return rng.choice(moves)


def write(seed: int = 11, players: tuple[str, ...] = PLAYERS, variant: str = "") -> str:
    """Play one game and return its log text."""
    rng = random.Random(seed)
    options = {"first": players[0], **({variant: "true"} if variant else {})}
    engine = ENGINE(Setup(players, options))
    header = HEADER.format(players=", ".join(players), first=players[0], seed=seed,
                           variant=f'\n[Variant "{variant}"]' if variant else "")
    lines, shown_round, claimed = header.splitlines() + [""], 0, 0
    while (decision := engine.decision()) is not None:
        if engine.step != "score" and engine.round != shown_round:
            shown_round = engine.round
            lines.append(f"== Round {shown_round} ==")
        move = choose(decision.moves, rng)
        verb, _, args = move.partition(" ")
        was_scoring, was_pass = engine.step == "score", engine.pass_no
        assert engine.apply(Event(0, decision.actor, verb, args)) == []
        if verb != "deal":
            lines.append(f"{decision.actor}: {move}")
        if not was_scoring and engine.pass_no != was_pass:
            lines.append("-- Scoring --")
        done = engine.pass_no - (engine.step == "score")
        if done > claimed:
            claimed = done
            lines += favour_claims(engine, engine.previous if engine.step == "score" else engine.results)
            if engine.step == "score":
                lines.append("-- Final scoring --")
    lines += [f"table: score {p} {n}" for p, n in engine.scores().items()]
    lines.append("table: winner " + " ".join(engine.names[p] for p in engine.champions))
    return "\n".join(lines) + "\n"


def favour_claims(engine: ENGINE, results: dict) -> list[str]:  # type: ignore[type-arg]
    """Return the table's record of who won each sister's favour in a scoring."""
    names, lines = engine.data.sisters, []
    for sister in engine.table.order:
        winner = results[("favour", sister)]
        lines.append(f"table: favour {names[sister]} {'none' if winner is None else engine.names[winner]}")
    return lines


GAMES = {
    "evening": lambda: write(),
    "random-order": lambda: write(23, ("Ann", "Ben", "Cat", "Dee"), "random-order"),
}

if __name__ == "__main__":
    # evening-mistakes.log was made by hand from evening.log: regenerate evening only with care.
    for name in sys.argv[1:] or ["random-order"]:
        (ROOT / "examples" / "seven-sisters" / "playtests" / f"{name}.log").write_text(
            GAMES[name](), encoding="utf-8")
