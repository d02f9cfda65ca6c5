"""Random play's runs: the sisters' turns and the market row's refills drawn and applied here, move after move.

`playproof simulate` hands the engine its generator's bits (an index is drawn from them as
`rng.randrange(count)` draws it) and its list of events (see `simulate.RandomRun`). While no tribute
is open, every move of a turn and every draw into a waiting market spot is drawn here among the
moves `legal.offer` offers (the same moves in the same order: `legal.turn` makes them for both, and a
draw is `reveal CARD` for every card the deck holds, in its order), so a seed plays the same game; a
move is applied as the offer's `play` applies it, a draw without its text being made and parsed
again. The tributes, an empty deck (`reshuffle`), the setup and the end are left to the loop's offer.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from playproof.playtest.engine import TABLE, Event
from playproof.playtest.games.who_will_reign.game import Game
from playproof.playtest.games.who_will_reign.legal import turn, turn_move
from playproof.playtest.games.who_will_reign.state import PLAY
from playproof.playtest.simulate import Bits, SimulationError, quick_event


class Referee(Protocol):
    """The engine a run plays (the referee): its game, and how it applies an offered turn move."""

    game: Game

    def _play_turn(self, k: int, event: Event) -> Sequence[object]: ...


def run(engine: Referee, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play turns and market draws until the loop's offer must take over; return the last event's line.

    Stops at `limit` events, at the end of its round (so that a caller may take the round's scores), when a
    tribute opens, when the deck is empty with a draw waiting, and outside play (setup, the end of the game).
    """
    game = engine.game
    state, cards = game.state, game.catalogue.cards
    deck, append, play_turn, round_ = state.deck, events.append, engine._play_turn, state.round
    keys: list[str] | None = None  # the deck's cards in its order (`list(deck)`), kept from draw to draw
    while line < limit and state.phase == PLAY and state.tribute is None and state.round == round_:
        if state.pending_draws:
            if not deck:
                return line  # `reshuffle`, the loop's offer
            if keys is None:
                keys = list(deck)  # the draws `offer` offers, in its order
            count = len(keys)
        else:
            keys = None  # the deck is read again after a turn (its moves are not followed here)
            sister = state.current
            moves, parts, count = turn(game, sister)
        size = count.bit_length()  # k = rng.randrange(count), inlined (simulate.below)
        k = bits(size)
        while k >= count:
            k = bits(size)
        line += 1
        if state.pending_draws:
            key = keys[k]
            made = quick_event(line, TABLE, "reveal", cards[key].label)  # `reveal CARD`, as `offer` writes it
            game.line = line
            game.draw_offered(key)  # as `WhoWillReign._play_draw`, the card known
            if key not in deck:  # its last copy: the deck's order is the same without it
                del keys[k]
            found = game.found
        else:
            verb, _, args = (moves[k] if k < len(moves) else turn_move(moves, parts, k)).partition(" ")
            made = quick_event(line, sister.name, verb, args)
            found = play_turn(k, made)
        if found:
            raise SimulationError(f"engine rejected its own legal move {made}: {found}")
        append(made)
    return line
