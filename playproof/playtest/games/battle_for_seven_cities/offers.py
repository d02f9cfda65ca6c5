"""Random play's fast path: a turn's, its closing's and the round draws' moves offered and applied directly.

With no reaction window, expedition or Metropolis offer open, the moves of a turn, of its closing
and of the round draws are offered without a `Decision` (the same moves, in the same order), and
an offered move is applied without `apply`'s checks of actor and verb and without `settle`: those
checks pass by construction, and `settle` has nothing to close there (the player whose turn it is
acts, or the table draws in order). The commonest moves (draws, points, steps, time travel, the
turn's end and discards: nearly all of a game) update the state directly, with only the part of
`advance` they can need; the others (building, recycling, cards played, a reshuffle) go through
their handler and the whole of `advance`. Draws and discards of face-down `?` cards are offered
by the full decision and applied by `apply`. Audit never comes here: `apply` checks every logged
event in full. `playproof simulate` plays the same moves through the runs of runner.py, which count
them instead of offering them (and must keep to the same moves in the same order); offers serve
the other random players (the balance runner's random seats) and what the runs leave to the loop.
"""

from __future__ import annotations

from typing import Callable

from playproof.playtest.engine import TABLE, Event, Offer, Violation, decision_offer
from playproof.playtest.games.battle_for_seven_cities import legal
from playproof.playtest.games.battle_for_seven_cities.actions import close_done, close_turn
from playproof.playtest.games.battle_for_seven_cities.board import twin
from playproof.playtest.games.battle_for_seven_cities.kept import PileCodes, TurnParts
from playproof.playtest.games.battle_for_seven_cities.referee import Referee
from playproof.playtest.games.battle_for_seven_cities.state import Phase, State


NOTHING: tuple[Violation, ...] = ()
"""What a move applied directly finds wrong: nothing (it was offered, so it is legal)."""
RESHUFFLE = "reshuffle"
_offer = tuple.__new__  # Offer(...) without the named tuple's own __new__ (one offer is made per move)
TURN, DRAW, CLOSE = Phase.TURN, Phase.DRAW, Phase.CLOSE


def offer(eng: Referee) -> Offer | None:
    """Return the pending decision's moves (the same moves, in the same order as `decision()`), or None at the end.

    A turn's, its closing's and the round draws' moves, with no reaction window, expedition or
    Metropolis offer open, are made here and applied directly by the offer's `play`; any other
    decision is offered as its texts, applied through `apply` (`full_offer`). The fast path keeps
    track of what its own moves change: the state is changed only through `apply` and offered moves.
    """
    s = eng.s
    if s.window is not None or s.expedition is not None or s.offers:
        return full_offer(eng)
    phase = s.phase
    if phase is TURN:
        player = s.order[s.turn]
        parts, hand = eng.turn_parts, s.hands[player].known
        if parts is None or parts.player != player or parts.hand is not hand:
            parts = eng.turn_parts = TurnParts(player, hand)
        moves = legal.turn_moves(eng, player, parts)
        return _offer(Offer, (player, len(moves), moves.__getitem__, eng.play_turn))
    if phase is DRAW:
        return _draw_offer(eng, s, s.draws_due[0]) or full_offer(eng)
    if phase is CLOSE:
        player = s.order[s.turn]
        if s.extra_drawn < s.extra_earned and (s.deck.size or s.blue.size):
            return _draw_offer(eng, s, player) or full_offer(eng)
        return _discard_offer(eng, s, player) or full_offer(eng)
    return full_offer(eng)


def full_offer(eng: Referee) -> Offer | None:
    """Return the pending decision as its texts, applied through `apply` (None when the game is over)."""
    decision = legal.decision(eng)
    return None if decision is None else decision_offer(decision)


def _draw_offer(eng: Referee, s: State, player: str) -> Offer | None:
    """The table draws a card for a player: any code still in the pile drawn from (then `reshuffle`)."""
    cards = s.deck.cards if s.deck.size else s.blue.cards
    kept = eng.draw_codes
    if kept is None or kept.cards is not cards or not kept.codes:
        codes = sorted(cards)
        if not codes:
            return None  # only face-down cards are left: `draw PLAYER ?`, through the full decision
        kept = eng.draw_codes = PileCodes(cards, codes)
    if not s.deck.size and s.blue.size:  # the table may say `reshuffle` before drawing from the refilled pile
        texts = [*map(legal.draw_texts(player).__getitem__, kept.codes), RESHUFFLE]
        return _offer(Offer, (TABLE, len(texts), texts.__getitem__, eng.play_draw))
    made = kept.offers.get(player)
    if made is None:
        texts = list(map(legal.draw_texts(player).__getitem__, kept.codes))
        made = kept.offers[player] = _offer(Offer, (TABLE, len(texts), texts.__getitem__, eng.play_draw))
    return made


def _discard_offer(eng: Referee, s: State, player: str) -> Offer | None:
    """The closing player discards a card of their hand (the full decision when it holds `?` cards)."""
    hand = s.hands[player]
    if hand.unknown:
        return None
    texts = list(map(legal.DISCARD_TEXTS.__getitem__, sorted(hand.known)))
    return _offer(Offer, (player, len(texts), texts.__getitem__, eng.play_discard))


def play_turn(eng: Referee, _k: int, event: Event) -> list[Violation] | tuple[Violation, ...]:
    """Apply an offered move of a turn: points, a step, time travel and the end directly, others by handler."""
    s, verb = eng.s, event.verb
    if verb == "points":
        code = event.args
        if to_blue(s, event.actor, code) and eng.turn_parts is not None:
            eng.turn_parts.head = None  # the hand's last card of that code: its moves go
        s.points += eng.data.cards[code].points
    elif verb == "move":
        pos = event.args
        s.points -= s.board.travel_cost(pos)  # offered: the points pay for it
        s.positions[event.actor] = pos
    elif verb == "travel":
        s.points -= eng.numbers["time_travel_cost"]
        s.positions[event.actor] = twin(s.positions[event.actor])
    elif verb == "end":
        close_turn(eng, event.line)
        return after_close(eng)
    else:
        return by_handler(eng, event)
    return NOTHING  # a turn's points and steps open nothing and end nothing: the flow stays where it is


def play_draw(eng: Referee, k: int, event: Event) -> list[Violation] | tuple[Violation, ...]:
    """Apply an offered draw (a round draw, or the closing player's extra card), or the reshuffle by handler."""
    s, kept = eng.s, eng.draw_codes
    if kept is None or k >= len(kept.codes):
        return by_handler(eng, event)
    codes, drawing = kept.codes, s.phase is DRAW
    code = codes[k]
    if drawing:
        player = s.draws_due.pop(0)
    else:
        player = s.order[s.turn]
        s.extra_drawn += 1
    if not s.deck.size:
        s.refill()
    cards = s.deck.cards
    left = cards[code] - 1  # Pile.take: the offered card is in the pile
    if left:
        cards[code] = left
    else:
        cards.pop(code)
        codes.remove(code)  # the pile's last card of that code: the codes kept are the pile's again
        kept.offers.clear()
    s.deck.size -= 1
    known = s.hands[player].known
    known[code] = known.get(code, 0) + 1
    if drawing:
        if not s.draws_due or not (s.deck.size or s.blue.size):  # the round's draws are over: its first turn begins
            s.draws_due.clear()
            eng.start_turn(0)
        return NOTHING
    return after_close(eng)


def play_discard(eng: Referee, _k: int, event: Event) -> list[Violation] | tuple[Violation, ...]:
    """Apply an offered discard of the closing player: a card of the hand to the blue pile."""
    to_blue(eng.s, event.actor, event.args)
    return after_close(eng)


def to_blue(s: State, player: str, code: str) -> bool:
    """Put a card of a hand on the blue pile; return True when it was the hand's last of its code."""
    known = s.hands[player].known
    left = known[code] - 1  # (the dict's own methods: Counter's `del` and missing keys are Python calls)
    if left:
        known[code] = left
    else:
        known.pop(code)
    blue = s.blue
    blue.size += 1
    blue.cards[code] = blue.cards.get(code, 0) + 1
    return not left


def after_close(eng: Referee) -> list[Violation] | tuple[Violation, ...]:
    """Finish a closing turn that needs nothing more (no extra draw due, the hand within the limit)."""
    if close_done(eng):
        eng.next_turn()  # finish_turn, whose hand-limit check close_done has just passed
    return NOTHING


def by_handler(eng: Referee, event: Event) -> list[Violation]:
    """Apply an offered move by its handler, then move the flow on."""
    found: list[Violation] = []
    eng.forget()  # building, recycling, cards played and reshuffles change more than the fast path keeps track of
    HANDLERS[event.verb](eng, event, event.args.split(), found)
    eng.advance(found)
    return found


Handler = Callable[["Referee", Event, list[str], list[Violation]], None]
HANDLERS: dict[str, Handler] = {}
"""The engine's move handlers by verb (filled in by the engine module, which imports this one)."""
