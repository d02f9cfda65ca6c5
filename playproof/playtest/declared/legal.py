"""Legal moves of a declared game: the table's due moves first, else the turn player's moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from playproof.playtest.declared.expr import Unknown
from playproof.playtest.declared.model import MoveSpec
from playproof.playtest.declared.play import Play, play_text
from playproof.playtest.declared.state import Ctx
from playproof.playtest.engine import TABLE, Decision

if TYPE_CHECKING:
    from playproof.playtest.declared.engine import DeclaredEngine


def decision(engine: DeclaredEngine) -> Decision | None:
    """Return who decides now and every move they may make with no finding (None once the game is over)."""
    if engine.over or not engine.players:
        return None
    due = [text for spec in engine.game.moves.values() if spec.actor == "table" and spec.due is not None
           for text in legal_texts(engine, spec, TABLE, due_only=True)]
    if due:
        return Decision(TABLE, tuple(due), "the table")
    player = engine.turn_player
    moves = tuple(text for spec in engine.game.moves.values() if spec.actor != "table"
                  for text in legal_texts(engine, spec, player))
    return Decision(player, moves, f"{player}'s turn")


def legal_texts(engine: DeclaredEngine, spec: MoveSpec, actor: str, due_only: bool = False) -> Iterator[str]:
    """Yield each legal `verb args` of a row (one text per copy of a component, so a random pick is fair)."""
    for target in (engine.players if spec.names_player else ("",)):
        if due_only and not _due(engine, spec, target or engine.turn_player):
            continue
        for play, copies in _candidates(engine, spec, actor, target):
            if not engine.check(play, 0):
                yield from [play_text(play)] * copies


def _due(engine: DeclaredEngine, spec: MoveSpec, player: str) -> bool:
    """Return True when a table move's `due` condition holds for a player."""
    try:
        return bool(spec.due(Ctx(engine.state, player, None, engine)))  # type: ignore[misc]
    except Unknown:
        return False


def _candidates(engine: DeclaredEngine, spec: MoveSpec, actor: str, target: str) -> Iterator[tuple[Play, int]]:
    """Yield each distinct move of a row (by component design) with how many copies offer it."""
    if not spec.takes_component:
        yield Play(spec, actor, target, turn=engine.turn_player), 1
        return
    if spec.source is None:
        return
    zone = engine.state.zone(spec.source, target or (engine.turn_player if actor == TABLE else actor))
    copies: dict[str, int] = {}
    designs = {}
    for comp, _ in zone.items:
        if comp.set not in spec.sets:
            continue
        copies[comp.key] = copies.get(comp.key, 0) + 1
        designs[comp.key] = comp
    for key, count in copies.items():
        yield Play(spec, actor, target, designs[key], turn=engine.turn_player), count
