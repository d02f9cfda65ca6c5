"""Who Will Reign?'s logs in the words of its declared rules (examples/declared/who-will-reign-declared).

The declared game reads most lines as they are. What the rules sheets cannot read is rewritten here, and each
rewrite names the gap it stands for (GAPS.md, examples/declared/who-will-reign-declared/README.md):

- one Moves row per verb, and a phrase has no optional parts (gaps G3, G4): `acquire C on B` is `improve C on B`,
  `acquire C to P` is `send C to P`; `acquire C replacing R` is `replace R` then `acquire C`; `acquire C expel G`
  is `expel G` then `acquire C`; `harvest taking N food` is `harvest N`, `tax ... taking N gold` is `tax N`,
  `sweep paying N gold` is `sweep N`, `acquire C paying N gold` is `acquire C N`;
- a phrase has one number (G5): `stock P food F gold G` is `stockfood P F` and `stockgold P G`;
  `pay N gold|food` is `pay N`; `tax paying F food` loses its food;
- a component is known by its name only (G6): `banner wisdom` is `banner Banner-of-Wisdom`;
- a claim about a whole zone cannot be checked (G7): `discards ...` becomes a comment.

`translate` returns the declared log and, for each of its lines, the line of the original it stands for.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "examples" / "declared" / "who-will-reign-declared"
GAME_ID = "who-will-reign-declared"

_LINE = re.compile(r"^(?P<time>(?:\d+:)?\d+:\d+ )?(?P<actor>[^:#\s]+): (?P<verb>\S+)(?P<args>[^#]*)(?P<note>#.*)?$")
_AMOUNT = re.compile(r"\b(paying|taking) (\d+) (gold|food)(?: (\d+) (gold|food))?")


def _amounts(args: str) -> tuple[str, dict[str, dict[str, int]]]:
    """Return the words before `paying`/`taking` and what each clause states ({'paying': {'gold': 2}})."""
    found: dict[str, dict[str, int]] = {}
    for match in _AMOUNT.finditer(args):
        clause = found.setdefault(match[1], {})
        clause[match[3]] = int(match[2])
        if match[4]:
            clause[match[5]] = int(match[4])
    return _AMOUNT.sub("", args).strip(), found


def _move(actor: str, verb: str, args: str) -> list[str]:
    """Return the declared lines (without time) of one move of the seed game's vocabulary."""
    words, stated = _amounts(args)
    parts = words.split()
    if actor == "table":
        if verb == "discards":
            return []
        if verb == "stock" and parts:
            sister, rest = parts[0], parts[1:]
            pairs = dict(zip(rest[::2], rest[1::2]))
            return [f"table: stock{resource} {sister} {pairs[resource]}" for resource in ("food", "gold")
                    if resource in pairs]
        return [f"table: {verb} {words}".rstrip()]
    paid, taken = stated.get("paying", {}), stated.get("taking", {})
    if verb == "harvest":
        return [f"{actor}: harvest" + (f" {taken['food']}" if "food" in taken else "")]
    if verb == "tax":
        return [f"{actor}: tax" + (f" {taken['gold']}" if "gold" in taken else "")]
    if verb == "sweep":
        return [f"{actor}: sweep" + (f" {paid['gold']}" if "gold" in paid else "")]
    if verb == "pay" and len(parts) == 2:
        return [f"{actor}: pay {parts[0]}"]
    if verb == "banner" and parts:
        name = parts[0] if parts[0].lower().startswith("banner") else f"Banner-of-{parts[0].capitalize()}"
        amount = sum(paid.values()) if paid else None
        return [f"{actor}: banner {name}" + (f" {amount}" if amount is not None else "")]
    if verb == "acquire" and parts:
        card, rest = parts[0], parts[1:]
        lower = [w.lower() for w in rest]
        if "on" in lower and len(rest) > lower.index("on") + 1:
            return [f"{actor}: improve {card} on {rest[lower.index('on') + 1]}"]
        if "to" in lower and len(rest) > lower.index("to") + 1:
            return [f"{actor}: send {card} to {rest[lower.index('to') + 1]}"]
        amount = f" {paid['gold']}" if "gold" in paid else ""
        lines = [f"{actor}: acquire {card}{amount}"]
        if "replacing" in lower and len(rest) > lower.index("replacing") + 1:
            lines.insert(0, f"{actor}: replace {rest[lower.index('replacing') + 1]}")
        if "expel" in lower and len(rest) > lower.index("expel") + 1:
            lines.insert(0, f"{actor}: expel {rest[lower.index('expel') + 1]}")
        return lines
    return [f"{actor}: {verb} {words}".rstrip()]


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
            moves = _move(match["actor"], match["verb"], match["args"])
            time = match["time"] or ""
            new = [time + m for m in moves] or ["# " + line]
        out.extend(new)
        lines.extend([number] * len(new))
    return "\n".join(out) + "\n", lines


DERIVED = {"discard", "bless", "box", "suffer", "close", "flood"}
"""The declared game's derived table moves: the hand-written engine works them out itself (they are not written)."""


def back_translate(text: str) -> str:
    """Return a log of the declared game (its own random play) in the seed game's words, for the hand-written
    engine: `improve`/`send` are `acquire ... on|to`, `replace`/`expel` join the `acquire` that follows,
    `pay N` names the open tribute's resource, derived moves are left out."""
    out: list[str] = []
    pending: list[str] = []
    resource = "gold"
    for line in text.splitlines():
        if line.startswith("[Game "):
            out.append('[Game "who-will-reign"]')
            continue
        if line.startswith("[Project ") or line.startswith("[") or not line.strip():
            out.append(line) if not line.startswith("[Project ") else None
            continue
        actor, _, move = line.partition(": ")
        verb, _, args = move.partition(" ")
        if actor == "table" and verb in DERIVED:
            continue
        if actor == "table" and verb == "reveal" and args.lower().replace("-", " ") in (
                "famine moon", "war moon", "plague moon"):
            resource = "food" if args.lower().startswith("famine") else "gold"
        if verb in ("replace", "expel"):
            pending.append(("replacing " if verb == "replace" else "expel ") + args)
            continue
        if verb == "acquire":
            out.append(f"{actor}: acquire {args} " + " ".join(pending))
            pending = []
            continue
        if verb == "improve":
            out.append(f"{actor}: acquire {args}")
        elif verb == "send":
            out.append(f"{actor}: acquire {args}")
        elif verb == "banner":
            out.append(f"{actor}: banner {args.split('-')[-1].lower()}")
        elif verb == "pay":
            out.append(f"{actor}: pay {args} {resource}")
        else:
            out.append(line)
    return "\n".join(o.rstrip() for o in out) + "\n"
