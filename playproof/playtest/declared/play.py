"""A logged move read against its Moves row: who moves whom, which components, where, the amount, the dice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playproof.playtest.declared.model import Comp, Game, MoveSpec, Part
from playproof.playtest.declared.rules import count_words
from playproof.playtest.declared.sheets import name_key
from playproof.playtest.engine import TABLE


@dataclass
class Play:
    """One move as the engine reads it; `problem` says why its words do not fit the row."""

    spec: MoveSpec
    actor: str
    target: str = ""
    comps: list[Comp] = field(default_factory=list)
    hidden: int = 0
    """How many of the components are written `?` (hidden)."""
    amount: int | None = None
    problem: str = ""
    check: str = ""
    """The rule a problem breaks, after the verb: '' (the move as declared), `count` or `dice`."""
    turn: str = ""
    """The player whose turn it is (a table move naming no player uses that player's zones)."""
    source: str | None = None
    """The zone the log names to take from (None: the row's, or the first of them holding the component)."""
    dest: str | None = None
    cell: tuple[int, int] | None = None
    faces: tuple[Any, ...] = ()
    paid: int | None = None
    changes: list[tuple[str, str, Any]] | None = None
    """What checking the move found it pays and does to counters (applying it reuses them)."""

    @property
    def comp(self) -> Comp | None:
        """Return the (first) component the move names, or None."""
        return self.comps[0] if self.comps else None

    @property
    def mover(self) -> str:
        """Return the player whose zones the move uses: the player it names, else its actor (or the turn's)."""
        return self.target or (self.turn if self.actor == TABLE else self.actor)

    @property
    def to_zone(self) -> str | None:
        """Return the zone the move puts into."""
        return self.dest or self.spec.dest


def default_phrase(spec: MoveSpec) -> tuple[Part, ...]:
    """Return how a move is written when its row gives no phrase: `[player] [components] [cell] [amount]`."""
    parts = [Part("player", "PLAYER")] if spec.names_player else []
    if spec.takes_component:
        parts.append(Part("cards", "CARD"))
    return tuple(parts)


def parse_play(game: Game, players: tuple[str, ...], spec: MoveSpec, actor: str, args: str,
               turn: str = "") -> Play:
    """Read a move's words as its Moves row declares them."""
    play = Play(spec, actor, turn=turn)
    words = args.split()
    if spec.dice:
        _faces(game, play, words)
        return play
    if spec.phrase:
        _phrase(game, players, play, spec.phrase, words)
        return play
    if spec.names_player:
        play.target = _player(players, words[0] if words else "")
        if not play.target:
            play.problem = f"{spec.verb} names a player first (one of {', '.join(players)})"
            return play
        words = words[1:]
    if _grid_dest(game, spec) and words and _cell(words[-1]) is not None:
        play.cell = _cell(words.pop())
    if words and _is_amount(words[-1]) and (spec.cost is not None or not spec.takes_component):
        play.amount = int(words.pop())
    if spec.takes_component:
        _components(game, play, words)
    elif words:
        play.problem = f"{spec.verb} takes no {'component' if spec.bulk or not spec.sets else 'more'}: " \
                       f"\"{' '.join(words)}\""
    return play


def _grid_dest(game: Game, spec: MoveSpec) -> bool:
    """Return True when the move puts into a grid (its log names a cell)."""
    return any(game.zones[z].grid for z in spec.dests)


def _phrase(game: Game, players: tuple[str, ...], play: Play, phrase: tuple[Part, ...], words: list[str]) -> None:
    """Read the words of a move by its declared phrase (`buy CARD pay N`, `harvest [taking N food]`)."""
    spec, pos, skipping = play.spec, 0, 0
    for index, part in enumerate(phrase):
        if part.group and part.group == skipping:
            continue
        if part.group and (index == 0 or phrase[index - 1].group != part.group):
            if pos >= len(words) or words[pos].lower() != part.text:
                skipping = part.group  # an optional group the line leaves out
                continue
        if part.kind == "cards":
            stop = _next_word(phrase, index, words, pos)
            _components(game, play, words[pos:stop])
            pos = stop
            if play.problem:
                return
            continue
        if pos >= len(words):
            play.problem = f"{spec.verb} is written `{spec.verb} {phrase_text(phrase)}`: {part.text} is missing"
            return
        word = words[pos]
        pos += 1
        if not _fill(game, players, play, part, word):
            return
    if pos < len(words):
        play.problem = f"{spec.verb} is written `{spec.verb} {phrase_text(phrase)}`: \"{' '.join(words[pos:])}\" " \
                       "is left over"


def _next_word(phrase: tuple[Part, ...], index: int, words: list[str], pos: int) -> int:
    """Return where the components of a phrase end: at the next written word that is there, else before the words
    left for the required parts after them (one word each)."""
    rest = phrase[index + 1:]
    lowered = [w.lower() for w in words]
    for later in rest:
        if later.kind == "word" and later.text in lowered[pos:]:
            return lowered.index(later.text, pos)
    return max(pos + 1, len(words) - sum(1 for later in rest if not later.group))


def _fill(game: Game, players: tuple[str, ...], play: Play, part: Part, word: str) -> bool:
    """Read one word into its part; record a problem and return False when it does not fit."""
    spec, shape = play.spec, f"`{play.spec.verb} {phrase_text(play.spec.phrase)}`"
    if part.kind == "word":
        if word.lower() != part.text:
            play.problem = f"{spec.verb} is written {shape}: expected \"{part.text}\", found \"{word}\""
        return not play.problem
    if part.kind == "player":
        play.target = _player(players, word)
        if not play.target:
            play.problem = f"{part.text} must be a player (one of {', '.join(players)}), not \"{word}\""
    elif part.kind == "number":
        if not _is_amount(word):
            play.problem = f"{part.text} must be a whole number, not \"{word}\""
        else:
            play.amount = int(word)
    elif part.kind in ("from", "to"):
        zones = spec.sources if part.kind == "from" else spec.dests
        zone = next((z for z in zones if name_key(z) == name_key(word)), None)
        if zone is None:
            play.problem = f"{part.text} must be one of {', '.join(zones)}, not \"{word}\""
        elif part.kind == "from":
            play.source = zone
        else:
            play.dest = zone
    elif part.kind == "cell":
        play.cell = _cell(word)
        if play.cell is None:
            play.problem = f"{part.text} must be a cell written x,y (like 2,-1), not \"{word}\""
    return not play.problem


def phrase_text(phrase: tuple[Part, ...]) -> str:
    """Return a phrase as the designer wrote it (optional groups in brackets)."""
    words = []
    for index, part in enumerate(phrase):
        opens = part.group and (index == 0 or phrase[index - 1].group != part.group)
        closes = part.group and (index + 1 == len(phrase) or phrase[index + 1].group != part.group)
        words.append("[" * bool(opens) + part.text + "]" * bool(closes))
    return " ".join(words)


def _cell(word: str) -> tuple[int, int] | None:
    """Return a grid cell written `x,y`, or None."""
    x, comma, y = word.partition(",")
    try:
        return (int(x), int(y)) if comma else None
    except ValueError:
        return None


def _is_amount(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 15


def _player(players: tuple[str, ...], word: str) -> str:
    """Return the player a word names (any letter case), or ''."""
    lower = word.lower()
    return next((p for p in players if p.lower() == lower), "")


def _components(game: Game, play: Play, words: list[str]) -> None:
    """Read the components a move names (`?` for a hidden one), and check how many it takes."""
    spec = play.spec
    if [w.lower() for w in words] == ["none"] and spec.count[0] == 0:
        return  # a move that may name no component says so: `table: discards none`
    if not words:
        if spec.count[0] == 0:
            return
        play.problem = f"{spec.verb} names no component ({', '.join(spec.sets)})"
        return
    whole = game.component(name_key(" ".join(words))) if len(words) > 1 else None
    for word in ([] if whole else words):
        if word == "?":
            play.hidden += 1
            continue
        comp = game.component(name_key(word))
        if comp is None:
            named = " ".join(words) if spec.count == (1, 1) else word
            play.problem = play.problem or f"no component is named \"{named}\""
            if spec.count == (1, 1):
                return
            continue
        play.comps.append(comp)
    if whole:
        play.comps.append(whole)
    for comp in play.comps:
        if comp.set not in spec.sets and not play.problem:
            play.problem = f"{comp.name} is a {comp.set} component; {spec.verb} takes {', '.join(spec.sets)}"
    if not play.problem:
        play.problem = count_problem(spec, len(play.comps) + play.hidden)
        play.check = "count" if play.problem else ""


def count_problem(spec: MoveSpec, count: int) -> str:
    """Return why a move naming `count` components takes the wrong number of them ('' when it is right)."""
    low, high = spec.count
    if low <= count and (high is None or count <= high):
        return ""
    return f"{spec.verb} takes {count_words(spec.count)}, not {count}"


def play_text(play: Play) -> str:
    """Return a move as `verb words`, as the recorder and the simulator write it."""
    spec = play.spec
    if spec.dice:
        return " ".join([spec.verb] + [str(f) for f in play.faces])
    cards = [c.name.replace(" ", "-") for c in play.comps] + ["?"] * play.hidden
    if not spec.phrase:
        parts = [spec.verb] + ([play.target] if play.target else []) + cards
        if play.cell is not None:
            parts.append(f"{play.cell[0]},{play.cell[1]}")
        if play.amount is not None:
            parts.append(str(play.amount))
        return " ".join(parts)
    words = [spec.verb]
    for index, part in enumerate(spec.phrase):
        if part.group and not _group_filled(play, spec.phrase, part.group, cards):
            continue
        words.extend(_written(play, part, cards))
    return " ".join(words)


def _group_filled(play: Play, phrase: tuple[Part, ...], group: int, cards: list[str]) -> bool:
    """Return True when a move has a value for every part of an optional group (so the group is written)."""
    return all(_written(play, p, cards) for p in phrase if p.group == group and p.kind != "word")


def _written(play: Play, part: Part, cards: list[str]) -> list[str]:
    """Return the words a phrase part is written with for a move."""
    if part.kind == "word":
        return [part.text]
    if part.kind == "cards":
        return cards
    value = {"player": play.target, "number": "" if play.amount is None else str(play.amount),
             "from": play.source or "", "to": play.dest or "",
             "cell": "" if play.cell is None else f"{play.cell[0]},{play.cell[1]}"}[part.kind]
    return [value] if value else []


KEEP = "-"
"""A roll's word for a die kept as it lies (its face of the turn's last roll is kept): `Ann: reroll - 4 - 6 1`."""


def kept_roll(last: tuple[Any, ...], faces: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """Return the dice as they lie after a roll that keeps some (`-`) of the last roll's, or None when there is no
    last roll of as many dice to keep from."""
    if KEEP not in faces:
        return faces
    if len(last) != len(faces):
        return None
    return tuple(old if new == KEEP else new for old, new in zip(last, faces))


def _faces(game: Game, play: Play, words: list[str]) -> None:
    """Read the faces of a roll: one word per die the move rolls, each a face of its die."""
    spec = play.spec
    if len(words) != len(spec.dice):
        play.check = "dice"
        play.problem = f"{spec.verb} rolls {len(spec.dice)} {'die' if len(spec.dice) == 1 else 'dice'} " \
                       f"({', '.join(spec.dice)}): write one face each, not {len(words)}"
        return
    faces: list[Any] = []
    for die, word in zip(spec.dice, words):
        known = game.dice[die]
        face = next((f for f in known if str(f).lower() == word.lower()), None)
        if face is None and word == KEEP:
            faces.append(KEEP)  # the die keeps its face of the turn's last roll
            continue
        if face is None and not play.problem:
            play.check = "dice"
            play.problem = f"{word} is not a face of {die} ({', '.join(str(f) for f in dict.fromkeys(known))})"
        faces.append(face if face is not None else (int(word) if _is_amount(word) else word))
    play.faces = tuple(faces)  # as written: the table goes on from the roll it believed it made
