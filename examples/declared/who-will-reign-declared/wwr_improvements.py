"""Who Will Reign?'s declared referee plus the one rule family its sheets cannot say: where an improvement goes.

Gap G2 (README.md): the log names the board (`acquire Orchard on Applegarth`, a zone per board). The Moves
row's condition reads that zone (`last(to, output)`, `last(to, land)`), so "never lowers the output" and "of
its own land" are declared for a board that already carries an improvement; but an empty board's land, and whether
it was laid at all, are not in the zone (the board card is in `realm`) and a condition cannot name the zone's
board. This hook checks those after the declared checks found nothing. Audit with `--engine wwr_improvements:ENGINE` (this folder on the
import path); without it the declared rules alone apply.
"""

from __future__ import annotations

from pathlib import Path

from playproof.playtest.declared import DeclaredEngine, Play, declared_engine
from playproof.playtest.engine import Event, Rule, Violation

GAME = "who-will-reign-declared"


class Improvements(DeclaredEngine):
    """An improvement goes on a laid board of its land, and never lowers the board's output."""

    extra_rules = (
        Rule(f"{GAME}/hook-improvements-board-type", "An improvement goes on a laid board of its own land.",
             "hook", "she places it on top of a Village Board (any board that provides gold) of her choice. ... "
             "Farm Improvements ... must be placed on Farm Boards (any board that provides food)."),
        Rule(f"{GAME}/hook-improvements-no-lower", "An improvement never lowers a board's output.", "hook",
             "Village Improvements can be placed on top of other Village Improvements, as long as the gold "
             "provided does not decrease."),
    )

    def check_move(self, play: Play, event: Event) -> list[Violation]:
        if play.spec.verb != "acquire" or play.comp is None or play.comp.set != "Land Improvements" or \
                play.dest is None:
            return []
        card, board = play.comp, self.game.comps.get(play.dest)
        laid = any(comp.key == play.dest for comp, _ in self.state.zone("realm", play.mover).items)
        if board is None or not laid or board.fields.get("land") != card.fields.get("land"):
            where = f"{board.name if board else play.dest} is not on the board" if board is None or not laid \
                else f"{board.name} is a {board.fields.get('land')}"
            return [self.violation("hook-improvements-board-type",
                                   f"{card.name} goes on a {card.fields.get('land')}; {where}", event)]
        stack = self.state.zone(play.dest, play.mover).items
        now = stack[-1][0].fields.get("output") if stack else board.fields.get("output")
        if (card.fields.get("output") or 0) < (now or 0):
            return [self.violation("hook-improvements-no-lower", f"{card.name} makes {card.fields.get('output')}, "
                                   f"less than the {now} {board.name} makes now", event)]
        return []


ENGINE = declared_engine(Path(__file__).parent, GAME, base=Improvements)
