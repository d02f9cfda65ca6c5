"""Random play's runs: the commonest moves of a random game drawn and applied here, move after move.

`playproof simulate` hands the engine its generator's bits (an index is drawn from them as
`rng.randrange(count)` draws it) and its list of events (see `simulate.RandomRun`). With no reaction
window, expedition or Metropolis offer open, the round is played here: each turn, its closing (extra
cards, discards) and the next turn, one after another without returning to the loop, and the
round's draws. The moves are those `offers.offer` offers (the same moves, in the same order, so a
seed plays the same game), but only counted, and the move drawn is applied without its text being
made and parsed again. A turn keeps what its points and steps leave as they are (the hand's codes,
the points, the recycling and special moves on the token's tile) in locals from move to move. A
move that changes more (building, recycling, a card played, a reshuffle) goes through its handler;
the run then goes back to the top, and anything else is left to the loop's offer.
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
    player, specials, append, board = s.order[s.turn], eng.special_moves, events.append, s.board
    value, positions, travel_cost = eng.data.cards, s.positions, eng.numbers["time_travel_cost"]
    walks, tiles, cities, rails = board.walks, board.tiles, board.cities, board.rail_tiles
    codes = sorted(s.hands[player].known)
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
            rest = len(tail)
            positional = not POSITIONAL.isdisjoint(special)
        walk = levels[points if points < top else top]
        if walk is None:
            walk = legal.walk_for(eng, steps, levels, points)
        steps_end = head + len(walk)
        count = steps_end + (cost <= points) + rest
        size = count.bit_length()  # k = rng.randrange(count), inlined (simulate.below)
        k = bits(size)
        while k >= count:
            k = bits(size)
        line += 1
        if k < head:
            if not k:
                append(event(line, player, "end", ""))
                close_turn(eng, line)
                return line
            code = codes[k - 1]  # a card played for its points goes to the blue pile
            append(event(line, player, "points", code))
            if to_blue(s, player, code):  # the hand's last card of that code: its moves go
                del codes[k - 1]
                head -= 1
                if code in specials:
                    special.remove(code)
                    tail = None
            points += value[code].points
        elif k < steps_end:
            here = walk[k - head]
            if here == "travel":
                append(event(line, player, "travel", ""))
                points -= travel_cost
                here = twin(positions[player])
            else:
                here = here[5:]  # "move TILE"
                append(event(line, player, "move", here))
                points -= 0 if here in rails else tiles[here].travel  # Board.travel_cost
            positions[player] = here
            levels = None
            if positional:
                tail = None
        else:
            s.points = points
            text = "build" if k == steps_end and cost <= points else tail[k - steps_end - (cost <= points)]
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
    drawing = s.phase is DRAW
    while True:
        deck = s.deck
        cards = deck.cards if deck.size else s.blue.cards
        kept = eng.draw_codes
        if kept is None or kept.cards is not cards or not kept.codes:
            codes = sorted(cards)
            if not codes:
                return line  # only face-down cards are left: `draw PLAYER ?`, the loop's offer
            kept = eng.draw_codes = PileCodes(cards, codes)
        if deck.size:
            line, player = _draws(eng, s, player, kept, bits, events, line, limit)
        else:
            count = len(kept.codes)
            k = below(bits, count + 1 if s.blue.size else count)  # the table may first say `reshuffle`
            line += 1
            if k == count:
                return _by_handler_run(eng, events, line, TABLE, "reshuffle")
            s.refill()
            player = _drawn(s, player, kept, k, events, line)
        if not drawing or s.phase is not DRAW:
            return line  # the extra card of a closing turn (_close goes on), or the round's first turn has begun
        due = s.draws_due
        if not due or not (s.deck.size or s.blue.size):  # the round's draws are over: its first turn begins
            due.clear()
            eng.start_turn(0)
            return line
        if line >= limit:
            return line


def _draws(eng: Referee, s: State, player: str, kept: PileCodes, bits: Bits, events: list[Event], line: int,
           limit: int) -> tuple[int, str]:
    """Draw from the draw pile while it holds cards: one card for the closing player, or the round's draws one
    after another; return the last line and who draws next."""
    deck, due, hands, append = s.deck, s.draws_due, s.hands, events.append
    cards, codes = deck.cards, kept.codes
    count = len(codes)
    size = count.bit_length()
    texts, known = draw_args(player), hands[player].known
    while True:
        k = bits(size)  # k = rng.randrange(count), inlined (simulate.below)
        while k >= count:
            k = bits(size)
        line += 1
        code = codes[k]
        append(event(line, TABLE, "draw", texts[code]))
        left = cards[code] - 1
        if left:
            cards[code] = left
        else:  # the pile's last card of that code: the codes kept are the pile's again
            cards.pop(code)
            del codes[k]
            kept.offers.clear()
            count -= 1
            size = count.bit_length()
        deck.size -= 1
        known[code] = known.get(code, 0) + 1
        if s.phase is not DRAW:
            s.extra_drawn += 1
            return line, player
        del due[0]
        if not due or not deck.size or not count or line >= limit:
            return line, due[0] if due else player
        if due[0] != player:
            player = due[0]
            texts, known = draw_args(player), hands[player].known


def _drawn(s: State, player: str, kept: PileCodes, k: int, events: list[Event], line: int) -> str:
    """Draw the k-th code kept from the pile just refilled from the blue pile; return who draws next."""
    codes = kept.codes
    code = codes[k]
    events.append(event(line, TABLE, "draw", draw_args(player)[code]))
    cards = s.deck.cards
    left = cards[code] - 1
    if left:
        cards[code] = left
    else:
        cards.pop(code)
        del codes[k]
        kept.offers.clear()
    s.deck.size -= 1
    known = s.hands[player].known
    known[code] = known.get(code, 0) + 1
    if s.phase is not DRAW:
        s.extra_drawn += 1
        return player
    due = s.draws_due
    del due[0]
    return due[0] if due else player


@lru_cache(maxsize=64)
def draw_args(player: str) -> legal.Texts:
    """Return a draw's arguments `PLAYER CODE` by code (bounded: player names vary by log)."""
    return legal.Texts(f"{player} ")

