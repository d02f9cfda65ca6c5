"""Replay stays linear with corrections: superseded amends are tried on clones, with the same results."""

from __future__ import annotations

import random
import time

from playproof.playtest.audit import Finding, _amend_slips, _finding, audit_log
from playproof.playtest.engine import Status
from playproof.playtest.logparse import parse_log
from playproof.playtest.replay import Corrections, Replay, as_amended_by, corrections_of, events_of, run, \
    superseded_amends


def rerun_amend_slips(replay: Replay, fixes: Corrections) -> list[Finding]:
    """Return the slips of superseded amends the old way: one whole replay per amend (the reference)."""
    found: list[Finding] = []
    for line, fixed_by in superseded_amends(replay.log, fixes).items():
        amend = replay.log.entry(line)
        events = events_of(replay.log, fixes=as_amended_by(fixes, amend))
        _, violations = run(replay.engine_cls, replay.setup, events, replay.log.name)
        found += [_finding(replay.log.name, v, fixed_by) for v in violations
                  if v.line == line and v.status is Status.VIOLATION]
    return found


def nim_log(seed: int, moves: int = 60) -> str:
    """Return a Nim log with random slips, amends (some amended again or undone), undos and reveals."""
    rng = random.Random(seed)
    lines = ['[Game "nim"]', '[Players "Ann, Ben, Cat"]', f'[Variant "stones={moves * 3}"]', ""]
    players, moved = ["Ann", "Ben", "Cat"], []
    for turn in range(moves):
        line = len(lines) + 1
        who = players[turn % 3] if rng.random() > 0.1 else rng.choice(players)
        take = "?" if rng.random() < 0.05 else str(rng.choice([1, 1, 2, 3, 4]))
        lines.append(f"{who}: take {take}")
        moved.append((line, who))
        if take == "?" and rng.random() < 0.8:
            lines.append(f"reveal {line}: {rng.choice([1, 2, 5])}")
        roll = rng.random()
        target, actor = rng.choice(moved)
        if roll < 0.25:
            amend = len(lines) + 1
            lines.append(f"amend {target}: {rng.choice(players)}: take {rng.choice([1, 2, 4])}")
            if rng.random() < 0.5:
                lines.append(f"amend {target}: {actor}: take {rng.choice([1, 2, 4])}")
            elif rng.random() < 0.3:
                lines.append(f"undo {amend}")
        elif roll < 0.3 and turn % 7 == 0:
            lines.append(f"== Round {turn // 7 + 1} ==")
    return "\n".join(lines) + "\n"


def test_amend_slips_match_one_replay_per_amend(nim: str) -> None:
    total = 0
    for seed in range(40):
        log = parse_log(nim_log(seed), f"r{seed}.log")
        result = audit_log(log)
        assert result.replay is not None  # a correction of a line already corrected is an error line, skipped
        fixes = corrections_of(log)
        expected = rerun_amend_slips(result.replay, fixes)
        assert _amend_slips(result.replay, fixes) == expected
        total += len(expected)
    assert total > 20  # the logs do exercise slips in superseded amends


def test_audit_time_is_linear_in_amends(nim: str) -> None:
    def cpu(amends: int) -> float:
        text = nim_log_with_amends(4000, amends)
        start = time.process_time()
        result = audit_log(parse_log(text, "long.log"))
        assert len(result.slips) == amends
        return time.process_time() - start

    few, many = min(cpu(10) for _ in range(2)), min(cpu(200) for _ in range(2))
    assert many < few * 3 + 0.2  # a replay per amend made 200 amends about 20x slower than 10


def nim_log_with_amends(moves: int, amends: int) -> str:
    """Return a legal Nim log of `moves` moves whose first `amends` moves are amended twice (the first amend a slip)."""
    lines = ['[Game "nim"]', '[Players "Ann, Ben"]', f'[Variant "stones={moves * 2}"]', ""]
    step = max(1, moves // max(amends, 1))
    for turn in range(moves):
        who = "Ann" if turn % 2 == 0 else "Ben"
        lines.append(f"{who}: take 1")
        if turn % step == 0 and turn // step < amends:
            target = len(lines)
            lines += [f"amend {target}: {who}: take 9", f"amend {target}: {who}: take 1"]
    return "\n".join(lines) + "\n"
