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
    """Yield each legal `verb args` of a row (once per component design, however many copies offer it)."""
    for target in (engine.players if spec.names_player else ("",)):
        if due_only and not _due(engine, spec, target or engine.turn_player):
            continue
        for play in _candidates(engine, spec, actor, target):
            if not engine.check(play, 0):
                yield play_text(play)


def _due(engine: DeclaredEngine, spec: MoveSpec, player: str) -> bool:
    """Return True when a table move's `due` condition holds for a player."""
    try:
        return bool(spec.due(Ctx(engine.state, player, None, engine)))  # type: ignore[misc]
    except Unknown:
        return False


def _candidates(engine: DeclaredEngine, spec: MoveSpec, actor: str, target: str) -> Iterator[Play]:
    """Yield each distinct move of a row (one per component design in the zone it takes from)."""
    if not spec.takes_component:
        yield Play(spec, actor, target, turn=engine.turn_player)
        return
    if spec.source is None:
        return
    zone = engine.state.zone(spec.source, target or (engine.turn_player if actor == TABLE else actor))
    designs = {comp.key: comp for comp, _ in zone.items if comp.set in spec.sets}
    for comp in designs.values():
        yield Play(spec, actor, target, comp, turn=engine.turn_player)
