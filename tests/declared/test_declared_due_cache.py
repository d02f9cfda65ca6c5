"""The referee reuses a due condition's answer (and the end's) while what it reads is unchanged: audits come out
the same with the reuse on and off, on every example log, on random games and on random games with lines left
out."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from declared_helpers import EXAMPLES
from playproof.playtest.audit import audit_log
from playproof.playtest.declared import declared_engine, due, flow
from playproof.playtest.logparse import parse_log
from playproof.playtest.simulate import simulate_games

GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())


def verdicts(text: str, cache: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, str]]:
    """Return the findings of a log and its final scores, with the reuse of due answers on or off."""
    monkeypatch.setattr(due, "CACHE", cache)
    monkeypatch.setattr(flow, "KEEP", cache)
    result = audit_log(parse_log(text, "x.log"))
    scores = sorted(result.engine.final_scores.items()) if result.engine else []
    return [(f.line, f.rule, f.status.value) for f in result.findings] + [(0, "scores", str(scores))]


def logs_of(game: str, seed: int) -> list[str]:
    """Return a few random games' logs of an example, and each with a tenth of its lines left out."""
    project = EXAMPLES / game
    engine = declared_engine(project, game)
    played = [g.log.replace("\n\n", f'\n[Project "{project}"]\n\n', 1)
              for g in simulate_games(engine, 2 if game == "lantern-guild" else 3, 4, seed)]
    rng = random.Random(seed)
    gapped = []
    for text in played:
        head, _, body = text.partition("\n\n")
        lines = [line for line in body.splitlines() if rng.random() > 0.1]
        gapped.append(head + "\n\n" + "\n".join(lines) + "\n")
    return played + gapped


@pytest.mark.parametrize("game", GAMES)
def test_reusing_due_answers_changes_no_verdict(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [p.read_text() for p in sorted((EXAMPLES / game / "playtests").glob("*.log"))]
    texts = [t.replace('[Project ".."]', f'[Project "{EXAMPLES / game}"]') for t in texts] + logs_of(game, 11)
    for text in texts:
        assert verdicts(text, True, monkeypatch) == verdicts(text, False, monkeypatch)
