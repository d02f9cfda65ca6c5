"""Generic checks over every example project's playtests and every registered engine.

Each `X.log` without `-mistakes` must audit clean; each `X-mistakes.log` must give exactly the
multiset of `<line> <rule-id>` listed in `X-mistakes.expected`; random games of every engine
that imports must write logs that audit clean.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from playproof.playtest.audit import audit_file, audit_log, format_text, found_multiset, read_expected
from playproof.playtest.engine import Engine
from playproof.playtest.games import MODULES, find_engine
from playproof.playtest.logparse import parse_jsonl, parse_log
from playproof.playtest.simulate import simulate_games

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted(ROOT.glob("examples/*/playtests/*.log"))
CLEAN = [p for p in LOGS if not p.stem.endswith("-mistakes")]
MISTAKES = [p for p in LOGS if p.stem.endswith("-mistakes")]
TWINS = [p for p in sorted(ROOT.glob("examples/*/playtests/*.jsonl")) if p.with_suffix(".log").exists()]
SEED_GAMES = ["seven-sisters", "four-sisters", "battle-for-seven-cities", "who-will-reign", "7-wonders-leaders"]


def name(path: Path) -> str:
    """Return `game/file` for a test id."""
    return f"{path.parent.parent.name}/{path.name}"


def engine_of(game_id: str) -> type[Engine]:
    """Return a seed game's engine; every seed game must have one that imports."""
    return find_engine(game_id)


@pytest.mark.parametrize("path", CLEAN, ids=name)
def test_example_log_audits_clean(path: Path) -> None:
    result = audit_file(path)
    assert result.readable, "\n".join(format_text([result]))
    assert result.violations == [], "\n".join(format_text([result]))


@pytest.mark.parametrize("path", MISTAKES, ids=name)
def test_mistakes_log_finds_exactly_the_expected(path: Path) -> None:
    expected_path = path.with_suffix(".expected")
    assert expected_path.exists(), f"{expected_path.name} is missing beside {path.name}"
    result = audit_file(path)
    assert result.readable, "\n".join(format_text([result]))
    found, expected = found_multiset(result), read_expected(expected_path)
    assert found == expected, (f"missing: {sorted((expected - found).elements())}\n"
                               f"unexpected: {sorted((found - expected).elements())}")


@pytest.mark.parametrize("path", TWINS, ids=name)
def test_jsonl_twin_matches_its_log(path: Path) -> None:
    assert parse_jsonl(path.read_text(encoding="utf-8")).text() == path.with_suffix(".log").read_text(encoding="utf-8")


def test_every_seed_game_is_registered() -> None:
    assert [g for g in SEED_GAMES if g in MODULES] == SEED_GAMES


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_simulated_games_audit_clean(game_id: str) -> None:
    engine = engine_of(game_id)
    rng = random.Random(game_id)
    for players in sorted({engine.min_players, engine.max_players}):
        for game in simulate_games(engine, players, 2, rng.randrange(10_000)):
            result = audit_log(parse_log(game.log, f"{game_id}-{players}p-seed{game.seed}"))
            assert result.readable and result.findings == [], "\n".join(format_text([result]))


def test_simulated_nim_games_audit_clean(nim: str) -> None:
    engine = find_engine(nim)
    for game in simulate_games(engine, 3, 30, 7):
        result = audit_log(parse_log(game.log, f"nim-{game.seed}"))
        assert result.readable and result.findings == [] and result.engine is not None
        assert result.engine.scores() == game.scores


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_recorder_accepts_legal_moves_of_every_engine(game_id: str, tmp_path: Path) -> None:
    from playproof.playtest.recorder import Recorder
    from playproof.playtest.store import Store

    engine = engine_of(game_id)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"][:engine.min_players]
    recorder = Recorder.start(Store(tmp_path / "s.db"), game_id, names, timed=False)
    rng = random.Random(game_id)
    for _ in range(60):
        decision = recorder.decision()
        if decision is None:
            break
        outcome = recorder.enter(f"{decision.actor}: {rng.choice(decision.moves)}")
        assert outcome.lines() == [f"✓ line {outcome.entry.line}"]
    result = audit_log(recorder.log)
    assert result.readable and result.findings == [], "\n".join(format_text([result]))


@pytest.mark.parametrize("game_id", SEED_GAMES)
def test_each_seed_game_has_a_complete_legal_game_and_a_mistakes_log(game_id: str) -> None:
    folder = ROOT / "examples" / game_id / "playtests"
    assert folder.is_dir(), f"examples/{game_id}/playtests is missing"
    engine_of(game_id)
    complete = [p.name for p in CLEAN if p.parent == folder and (r := audit_file(p)).engine and r.engine.is_over()]
    assert complete, f"no example log of {game_id} plays a complete game"
    assert [p for p in MISTAKES if p.parent == folder], f"no <name>-mistakes.log for {game_id}"
