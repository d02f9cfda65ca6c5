"""Random play's runs: the commonest moves of a random game drawn and applied here, move after move.

`playproof simulate` hands the engine its generator's bits (an index is drawn from them as
`rng.randrange(count)` draws it) and its list of events (see `simulate.RandomRun`). With no reaction
window, expedition or Metropolis offer open, a turn, its closing and the round draws are played
here: the moves are those `offers.offer` offers (the same moves, in the same order, so a seed
plays the same game), but only counted, and the move drawn is applied without its text being
made and parsed again. A turn keeps what its points and steps leave as they are (the hand's codes,
the recycling and special moves on the token's tile) in locals from move to move. A move that
changes more (building, recycling, a card played, a reshuffle) goes through its handler; the
run then returns, and anything else is left to the loop's offer.
"""

from __future__ import annotations

from functools import lru_cache

from playproof.playtest.engine import TABLE, Event
from playproof.playtest.games.battle_for_seven_cities import legal
from playproof.playtest.games.battle_for_seven_cities.actions import close_turn
from playproof.playtest.games.battle_for_seven_cities.board import twin
from playproof.playtest.games.battle_for_seven_cities.kept import PileCodes
from playproof.playtest.games.battle_for_seven_cities.offers import by_handler, to_blue
from playproof.playtest.games.battle_for_seven_cities.referee import Referee
from playproof.playtest.games.battle_for_seven_cities.state import Phase, State
from playproof.playtest.simulate import Bits, SimulationError, below, quick_event as event

TURN, DRAW, CLOSE = Phase.TURN, Phase.DRAW, Phase.CLOSE
POSITIONAL = legal.POSITIONAL
NO_BUILD = 1 << 30
"""The building cost of a tile where the player cannot build (no points reach it)."""


def run(eng: Referee, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play moves while a turn, its closing or the round draws are pending; return the last event's line.

    Stops at `limit` events, at the end of its round (so that a caller may take the round's scores), at
    the end of the game and wherever the loop's offer must take over.
    """
    s = eng.s
    round_ = s.round
    while line < limit and s.round == round_ and s.window is None and s.expedition is None and not s.offers:
        phase = s.phase
        if phase is TURN:
            done = _turns(eng, s, bits, events, line, limit)
        elif phase is DRAW:
            done = _draw(eng, s, s.draws_due[0], bits, events, line, limit)
        elif phase is CLOSE:
            done = _close(eng, s, bits, events, line, limit)
        else:
            return line
        if done == line:
            return line  # nothing this run plays: the loop's offer decides
        line = done
    return line


def _turns(eng: Referee, s: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play turns one after another, each with its closing, until the round's last turn is over, a move goes
    through its handler, a Metropolis offer opens or a closing is left to the loop's offer."""
    eng.turn_parts = None  # the hand changes here without the offer's parts knowing
    round_ = s.round
    while True:
        line = _turn(eng, s, bits, events, line, limit)
        if s.phase is not CLOSE:  # a move went through its handler, or the limit is reached
            return line
        line = _close(eng, s, bits, events, line, limit)
        if s.phase is not TURN or s.offers or s.round != round_:
            return line


def _turn(eng: Referee, s: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """Play the active player's turn move by move until it ends or a move goes through its handler: the k-th
    move is `legal.turn_moves`' k-th (`end`, each code of the hand for its points, the steps and time travel
    the points pay for, `build`, the recycling moves, then each special move)."""
    player, board, specials, append = s.order[s.turn], s.board, eng.special_moves, events.append
    cards, positions, travel_cost, blue = eng.data.cards, s.positions, eng.numbers["time_travel_cost"], s.blue
    walks, tiles, cities, rails = board.walks, board.tiles, board.cities, board.rail_tiles
    known = s.hands[player].known
    codes = sorted(known)
    special = [code for code in codes if code in specials]
    free = s.supply[player] > 0  # a city token is left: the player may build, and recycles nothing
    recycle = [] if free else legal.recycle_moves(eng, player)
    here, tail, levels, head, points = positions[player], None, None, len(codes) + 1, s.points
    static: dict[str, list[str]] = {}  # special moves that do not depend on the token's tile, by code
    while line < limit:
        if levels is None:  # the token's tile changed: the steps from it (`legal.walks_from`), its building cost
            steps, levels = walks.get(here) or legal.walks_from(eng, here)
            top = len(levels) - 1
            cost = tiles[here].build
            if cost is None or not free or here in cities:
                cost = NO_BUILD
        if tail is None:  # the token's tile changed under a card of POSITIONAL, or a special card's last copy went
            tail = recycle + _specials(eng, player, special, static) if special else recycle
            positional = not POSITIONAL.isdisjoint(special)
        walk = levels[points if points < top else top]
        if walk is None:
            walk = legal.walk_for(eng, steps, levels, points)
        build = cost <= points
        steps_end = head + len(walk)
        count = steps_end + build + len(tail)
        size = count.bit_length()  # k = rng.randrange(count), inlined (simulate.below)
        k = bits(size)
        while k >= count:
            k = bits(size)
        line += 1
        if k == 0:
            append(event(line, player, "end", ""))
            close_turn(eng, line)
            return line
        if k < head:  # a card played for its points goes to the blue pile (offers.to_blue)
            code = codes[k - 1]
            append(event(line, player, "points", code))
            left = known[code] - 1
            if left:
                known[code] = left
            else:  # the hand's last card of that code: its moves go
                known.pop(code)
                codes.remove(code)
                head -= 1
                if code in specials:
                    special.remove(code)
                    tail = None
            blue.size += 1
            held = blue.cards
            held[code] = held.get(code, 0) + 1
            points += cards[code].points
        elif k < steps_end:
            text = walk[k - head]
            if text == "travel":
                append(event(line, player, "travel", ""))
                points -= travel_cost
                here = twin(here)
            else:
                here = text[5:]  # "move TILE"
                append(event(line, player, "move", here))
                points -= 0 if here in rails else tiles[here].travel  # Board.travel_cost
            positions[player] = here
            levels = None
            if positional:
                tail = None
        else:
            s.points = points
            text = "build" if build and k == steps_end else tail[k - steps_end - build]
            return _by_handler_run(eng, events, line, player, text)
        s.points = points
    return line


def _close(eng: Referee, s: State, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """The closing player draws the extra cards earned and discards down to the hand limit; then the next turn
    begins (or the round ends). Returns where the loop's offer must take over (a hand with `?` cards)."""
    player, cap = s.order[s.turn], eng.numbers["hand_limit"]
    hand = s.hands[player]
    known = hand.known
    while True:
        if s.extra_drawn < s.extra_earned and (s.deck.size or s.blue.size):  # an extra card is due
            if line >= limit:
                return line
            done = _draw(eng, s, player, bits, events, line, limit)
            if done == line or s.phase is not CLOSE:
                return done
            line = done
            continue
        if sum(known.values()) + hand.unknown <= cap:  # actions.close_done
            eng.next_turn()  # finish_turn, whose hand-limit check has just passed
            return line
        if hand.unknown or line >= limit:
            return line  # `discard ?` is the loop's offer's
        codes = sorted(known)
        code = codes[below(bits, len(codes))]
        line += 1
        events.append(event(line, player, "discard", code))
        to_blue(s, player, code)


def _specials(eng: Referee, player: str, special: list[str], static: dict[str, list[str]]) -> list[str]:
    """Return the special moves of the hand's codes, in order (those of `turn_moves`' tail); those of
    cards not in `legal.POSITIONAL` are kept in `static` for the rest of the turn."""
    moves: list[str] = []
    moves_of = eng.special_moves
    for code in special:
        if code in POSITIONAL:
            moves += moves_of[code](eng, player)
        else:
            found = static.get(code)
            if found is None:
                found = static[code] = moves_of[code](eng, player)
            moves += found
    return moves


def _by_handler_run(eng: Referee, events: list[Event], line: int, actor: str, text: str) -> int:
    """Apply a drawn move through its handler (it may change anything): the run goes back to the top."""
    verb, _, args = text.partition(" ")
    made = event(line, actor, verb, args)
    found = by_handler(eng, made)
    if found:
        raise SimulationError(f"engine rejected its own legal move {made}: {found}")
    events.append(made)
    return line


def _draw(eng: Referee, s: State, player: str, bits: Bits, events: list[Event], line: int, limit: int) -> int:
    """The table draws a card for a player (the round's draws one after another, or the closing player's extra
    card), or says `reshuffle` when the draw pile is empty; as `offers._draw_offer` and `offers.play_draw`."""
    drawing, due, hands, append = s.phase is DRAW, s.draws_due, s.hands, events.append
    while True:
        deck = s.deck
        full = deck.size
        cards = deck.cards if full else s.blue.cards
        kept = eng.draw_codes
        if kept is None or kept.cards is not cards or not kept.codes:
            codes = sorted(cards)
            if not codes:
                return line  # only face-down cards are left: `draw PLAYER ?`, the loop's offer
            kept = eng.draw_codes = PileCodes(cards, codes)
        codes = kept.codes
        count = len(codes)
        drawn = count if full or not s.blue.size else count + 1  # the table may first say `reshuffle`
        size = drawn.bit_length()  # k = rng.randrange(drawn), inlined (simulate.below)
        k = bits(size)
        while k >= drawn:
            k = bits(size)
        line += 1
        if k == count:
            return _by_handler_run(eng, events, line, TABLE, "reshuffle")
        code = codes[k]
        append(event(line, TABLE, "draw", draw_args(player)[code]))
        if drawing:
            due.pop(0)
        else:
            s.extra_drawn += 1
        if not full:
            s.refill()
            deck = s.deck
            cards = deck.cards
        left = cards[code] - 1
        if left:
            cards[code] = left
        else:
            cards.pop(code)
            codes.remove(code)
            kept.offers.clear()
        deck.size -= 1
        known = hands[player].known
        known[code] = known.get(code, 0) + 1
        if not drawing:
            return line  # the closing goes on (_close)
        if not due or not (deck.size or s.blue.size):  # the round's draws are over: its first turn begins
            due.clear()
            eng.start_turn(0)
            return line
        if line >= limit:
            return line
        player = due[0]


@lru_cache(maxsize=64)
def draw_args(player: str) -> legal.Texts:
    """Return a draw's arguments `PLAYER CODE` by code (bounded: player names vary by log)."""
    return legal.Texts(f"{player} ")

