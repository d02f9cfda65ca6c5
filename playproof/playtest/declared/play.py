"""A logged move read against its Moves row: who moves whom, which component, the amount paid."""

from __future__ import annotations

from dataclasses import dataclass

from playproof.playtest.declared.model import Comp, Game, MoveSpec
from playproof.playtest.declared.sheets import name_key
from playproof.playtest.engine import TABLE


@dataclass
class Play:
    """One move as the engine reads it; `problem` says why its arguments do not fit the row."""

    spec: MoveSpec
    actor: str
    target: str = ""
    comp: Comp | None = None
    hidden: bool = False
    amount: int | None = None
    problem: str = ""
    turn: str = ""
    """The player whose turn it is (a table move naming no player uses that player's zones)."""
    paid: int | None = None
    changes: list[tuple[str, str, int]] | None = None
    """What checking the move found it pays and does to counters (applying it reuses them)."""

    @property
    def mover(self) -> str:
        """Return the player whose zones the move uses: the player it names, else its actor (or the turn's)."""
        return self.target or (self.turn if self.actor == TABLE else self.actor)


def parse_play(game: Game, players: tuple[str, ...], spec: MoveSpec, actor: str, args: str,
               turn: str = "") -> Play:
    """Read `[player] [component] [amount]` as the Moves row declares them."""
    play = Play(spec, actor, turn=turn)
    words = args.split()
    if spec.names_player:
        play.target = _player(players, words[0] if words else "")
        if not play.target:
            play.problem = f"{spec.verb} names a player first (one of {', '.join(players)})"
            return play
        words = words[1:]
    if spec.cost is not None and words and _is_amount(words[-1]):
        play.amount = int(words.pop())
    if spec.takes_component:
        _component(game, play, words)
    elif words:
        play.problem = f"{spec.verb} takes no {'component' if spec.bulk or not spec.sets else 'more'}: " \
                       f"\"{' '.join(words)}\""
    return play


def _is_amount(word: str) -> bool:
    return word.isdigit()


def _player(players: tuple[str, ...], word: str) -> str:
    """Return the player a word names (any letter case), or ''."""
    lower = word.lower()
    return next((p for p in players if p.lower() == lower), "")


def _component(game: Game, play: Play, words: list[str]) -> None:
    """Read the component a move names (`?` when hidden)."""
    spec = play.spec
    if words == ["?"]:
        play.hidden = True
        return
    if not words:
        play.problem = f"{spec.verb} names no component ({', '.join(spec.sets)})"
        return
    comp = game.comps.get(name_key(" ".join(words)))
    if comp is None:
        play.problem = f"no component is named \"{' '.join(words)}\""
    elif comp.set not in spec.sets:
        play.problem = f"{comp.name} is a {comp.set} component; {spec.verb} takes {', '.join(spec.sets)}"
    play.comp = comp


def play_text(play: Play) -> str:
    """Return a move as `verb args`, as the recorder and the simulator write it."""
    parts = [play.spec.verb]
    if play.target:
        parts.append(play.target)
    if play.comp is not None:
        parts.append(play.comp.name.replace(" ", "-"))
    elif play.hidden:
        parts.append("?")
    return " ".join(parts)
