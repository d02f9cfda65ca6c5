"""Who Will Reign?'s logs in the words of its declared rules (examples/declared/who-will-reign-declared).

The declared game reads the seed game's lines as they are (`acquire Orchard on Applegarth paying 3 gold`,
`harvest taking 5 food`, `pay 2 gold`, `market ...`, `discards ...`), except what a phrase still cannot say;
each rewrite names its gap (GAPS.md, examples/declared/who-will-reign-declared/README.md):

- one component part and one number per phrase (G5, G8): `acquire C replacing R` is `replace R` then
  `acquire C`, `acquire C expel G` is `expel G` then `acquire C`; `stock P food F gold G` is two `stock` lines;
  `acquire C paying 2 gold 1 food` loses its food, `tax paying F food taking G gold` its food;
- a component is known by its name only (G6): `banner wisdom` is `banner Banner-of-Wisdom`;
- `acquire C from discard` loses `from discard` (the card is then not in the row, as the seed game rules).

`translate` returns the declared log and, for each of its lines, the line of the original it stands for;
`back_translate` turns the declared referee's own random games into the seed game's words.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "examples" / "declared" / "who-will-reign-declared"
GAME_ID = "who-will-reign-declared"

_LINE = re.compile(r"^(?P<time>(?:\d+:)?\d+:\d+ )?(?P<actor>[^:#\s]+): (?P<verb>\S+)(?P<args>[^#]*)(?P<note>#.*)?$")
def _move(actor: str, verb: str, args: str) -> list[str] | None:
    """Return the declared lines (without time) of one move of the seed game's vocabulary; None: as written."""
    words = args.split()
    lower = [w.lower() for w in words]
    if actor == "table":
        if verb == "stock" and "food" in lower and "gold" in lower:  # one number per phrase (G5)
            sister = words[0]
            return [f"table: stock {sister} {r} {words[lower.index(r) + 1]}" for r in ("food", "gold")]
        return None
    if verb == "tax" and "paying" in lower:  # one number per phrase (G5): the food paid is dropped
        at = lower.index("paying")
        return [f"{actor}: tax " + " ".join(words[:at] + words[at + 3:])]
    if verb == "banner" and words and not lower[0].startswith("banner"):  # no alias (G6)
        return [f"{actor}: banner Banner-of-{words[0].capitalize()} " + " ".join(words[1:])]
    if verb == "acquire" and words:
        lines: list[str] = []
        kept: list[str] = []
        i = 0
        while i < len(words):
            word = lower[i]
            if word in ("replacing", "expel") and i + 1 < len(words):  # one component part per phrase (G5, G8)
                lines.append(f"{actor}: {'replace' if word == 'replacing' else 'expel'} {words[i + 1]}")
                i += 2
            elif word == "from" and i + 1 < len(words):  # taken from a pile: the row's card is missing (G4)
                i += 2
            elif word == "paying" and i + 4 < len(words) and lower[i + 2] == "gold" and lower[i + 4] == "food":
                kept += words[i:i + 3]  # `paying 2 gold 1 food`: one number per phrase (G5)
                i += 5
            else:
                kept.append(words[i])
                i += 1
        if not lines and kept == words:
            return None
        return lines + [f"{actor}: acquire " + " ".join(kept)]
    return None


def translate(text: str, project: Path = PROJECT) -> tuple[str, list[int]]:
    """Return a seed log in the declared game's words, and the original line of each of its lines (from 1)."""
    out: list[str] = []
    lines: list[int] = []
    has_project = False
    for number, line in enumerate(text.splitlines(), start=1):
        match = _LINE.match(line)
        if line.startswith("[Rules ") or line.startswith("[Project "):
            new = [f'[Project "{project}"]']
            has_project = True
        elif line.startswith("[Game "):
            new = [f'[Game "{GAME_ID}"]'] + ([] if has_project or "[Rules " in text or "[Project " in text
                                             else [f'[Project "{project}"]'])
        elif line.startswith(("[", "==", "#")) or not line.strip() or match is None or \
                re.match(r"^(?:\d+:)?\d+:\d+ *$|^reveal \d+:", line):
            new = [line]
        else:
            moves = _move(match["actor"], match["verb"], match["args"].strip())
            time = match["time"] or ""
            new = [line] if moves is None else [time + m for m in moves]
        out.extend(new)
        lines.extend([number] * len(new))
    return "\n".join(out) + "\n", lines


DERIVED = {"discard", "bless", "box", "suffer", "close", "flood"}
"""The declared game's derived table moves: the hand-written engine works them out itself (they are not written)."""


def back_translate(text: str) -> str:
    """Return a log of the declared game (its own random play) in the seed game's words, for the hand-written
    engine: `replace`/`expel` join the `acquire` that follows, banners are named by their path, derived moves
    are left out (the hand-written engine works them out)."""
    out: list[str] = []
    pending: list[str] = []
    for line in text.splitlines():
        if line.startswith("[Game "):
            out.append('[Game "who-will-reign"]')
            continue
        if line.startswith("[") or not line.strip():
            if not line.startswith("[Project "):
                out.append(line)
            continue
        actor, _, move = line.partition(": ")
        verb, _, args = move.partition(" ")
        if actor == "table" and verb in DERIVED:
            continue
        if verb in ("replace", "expel"):
            pending.append(("replacing " if verb == "replace" else "expel ") + args)
            continue
        if verb == "acquire":
            out.append(f"{actor}: acquire {args} " + " ".join(pending))
            pending = []
        elif verb == "banner":
            out.append(f"{actor}: banner {args.split()[0].split('-')[-1].lower()} " + " ".join(args.split()[1:]))
        else:
            out.append(line)
    return "\n".join(o.rstrip() for o in out) + "\n"


def random_logs(count: int) -> list[str]:
    """Return random Who Will Reign? games in the declared game's words, and each with a move left out."""
    import random

    from playproof.playtest.engine import Setup
    from playproof.playtest.games.who_will_reign import WhoWillReign
    from playproof.playtest.simulate import game_log, play_random_game, player_names

    logs = []
    for seed in range(count):
        setup = Setup(player_names(2 + seed % 3), {}, seed, None)
        _, played = play_random_game(WhoWillReign, setup, random.Random(seed))
        logs.append(translate(game_log(WhoWillReign, setup, played))[0])
    return logs + [one_move_less(text, seed) for seed, text in enumerate(logs)]


def one_move_less(text: str, seed: int) -> str:
    """Return a log with one of its moves left out (its table owes, or a player played out of turn)."""
    import random

    lines = text.split("\n")
    moves = [i for i, line in enumerate(lines) if ": " in line and not line.startswith("[")]
    del lines[random.Random(seed).choice(moves)]
    return "\n".join(lines)
