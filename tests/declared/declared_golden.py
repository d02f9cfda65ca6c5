"""Recorded verdicts of the declared referee: every bundled example's logs, random games of each example and of
the starter game (the log `simulate` writes, move for move), the same games with lines left out or swapped, and
a few Who Will Reign? games translated into the declared game's words. Each is audited and its findings (line,
rule, status, message) and final scores are kept in data/declared_golden.json; test_declared_golden.py audits
them again and compares. Run `python tests/declared/declared_golden.py` to write the file anew (only when a
change of verdict is intended)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "declared"
GOLDEN = Path(__file__).resolve().parent / "data" / "declared_golden.json"
PLACEHOLDER = "<project>"


def example_games() -> list[str]:
    """Return the bundled declared examples that print (who-will-reign-declared is audited from translated logs)."""
    return sorted(p.name for p in EXAMPLES.iterdir() if (p / "layouts.toml").is_file())


def _damaged(text: str, seed: int) -> list[str]:
    """Return a log with a tenth of its lines left out, and one with a few neighbouring lines swapped."""
    rng = random.Random(seed)
    head, _, body = text.partition("\n\n")
    lines = body.splitlines()
    gapped = [line for line in lines if rng.random() > 0.1]
    swapped = list(lines)
    for _ in range(3):
        if len(swapped) > 2:
            at = rng.randrange(len(swapped) - 1)
            swapped[at], swapped[at + 1] = swapped[at + 1], swapped[at]
    return [head + "\n\n" + "\n".join(gapped) + "\n", head + "\n\n" + "\n".join(swapped) + "\n"]


def _random_logs(project: Path, game_id: str, players: int, games: int, seed: int) -> list[str]:
    """Return the logs of random games of a declared project (as `simulate` writes them), naming the project."""
    from playproof.playtest.declared import declared_engine
    from playproof.playtest.simulate import simulate_games

    engine = declared_engine(project, game_id)
    return [g.log.replace("\n\n", f'\n[Project "{project}"]\n\n', 1)
            for g in simulate_games(engine, players, games, seed)]


def _wwr_logs(games: int) -> list[str]:
    """Return random Who Will Reign? games of the hand-written engine in the declared game's words."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from wwr_translate import translate

    from playproof.playtest.engine import Setup
    from playproof.playtest.games.who_will_reign import WhoWillReign
    from playproof.playtest.simulate import game_log, play_random_game, player_names

    texts = []
    for i in range(games):
        setup = Setup(player_names(2 + i % 3), {}, 100 + i, None)
        _, played = play_random_game(WhoWillReign, setup, random.Random(100 + i))
        texts.append(translate(game_log(WhoWillReign, setup, played))[0])
    return texts


def corpus(starter: Path) -> Iterator[tuple[str, str, str]]:
    """Yield (name, project folder, log text) for every log the golden file records."""
    for game in example_games():
        project = EXAMPLES / game
        for path in sorted((project / "playtests").glob("*.log")):
            yield f"{game}/{path.name}", str(project), path.read_text().replace('[Project ".."]',
                                                                                f'[Project "{project}"]')
        players = 2 if game == "lantern-guild" else 3
        for index, text in enumerate(_random_logs(project, game, players, 3, 7)):
            yield f"{game}/random-{index}", str(project), text
            for kind, damaged in zip(("gapped", "swapped"), _damaged(text, index)):
                yield f"{game}/random-{index}-{kind}", str(project), damaged
    for players in (2, 4):
        for index, text in enumerate(_random_logs(starter, "starter", players, 2, 3)):
            yield f"starter/{players}p-random-{index}", str(starter), text
            for kind, damaged in zip(("gapped", "swapped"), _damaged(text, index)):
                yield f"starter/{players}p-random-{index}-{kind}", str(starter), damaged
    wwr = str(EXAMPLES / "who-will-reign-declared")  # the translated logs name it: written as <project>
    for index, text in enumerate(_wwr_logs(4)):
        yield f"who-will-reign-declared/random-{index}", wwr, text
        for kind, damaged in zip(("gapped", "swapped"), _damaged(text, index)):
            yield f"who-will-reign-declared/random-{index}-{kind}", wwr, damaged


def verdict(text: str, project: str) -> dict[str, object]:
    """Audit a log; return its findings, problems and final scores (the project folder written as <project>)."""
    from playproof.playtest.audit import audit_log
    from playproof.playtest.logparse import parse_log

    result = audit_log(parse_log(text, "golden.log"))
    clean = (lambda s: s.replace(project, PLACEHOLDER)) if project else (lambda s: s)
    return {"log": hashlib.sha256(clean(text).encode()).hexdigest()[:16],
            "findings": [[f.line, f.rule, f.status.value, clean(f.message)] for f in result.findings],
            "problems": [clean(str(p)) for p in result.problems],
            "scores": sorted([p, s] for p, s in (result.engine.final_scores.items() if result.engine else []))}


def verdicts() -> dict[str, dict[str, object]]:
    """Return the verdict of every log of the corpus, by name."""
    from playproof.scaffold import create_project

    with tempfile.TemporaryDirectory() as tmp:
        starter = Path(tmp) / "starter"
        create_project(starter)
        return {name: verdict(text, project) for name, project, text in corpus(starter)}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    GOLDEN.write_text(json.dumps(verdicts(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
