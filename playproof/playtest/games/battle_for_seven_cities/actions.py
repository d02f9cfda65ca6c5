"""Setup, draws, action points, moving, building, end of turn and the correctional timeshift."""

from __future__ import annotations

from playproof.playtest.engine import TABLE, Event, EventKind, Violation
from playproof.playtest.games.battle_for_seven_cities.board import twin
from playproof.playtest.games.battle_for_seven_cities.common import (
    Found, card_code, check_active, check_pile, check_supply, discard_to, draw, is_reaction, place_city, position,
    remove_cities, spend, split_pile, take_card, to_hand)
from playproof.playtest.games.battle_for_seven_cities.referee import Referee
from playproof.playtest.games.battle_for_seven_cities.state import Phase
from playproof.playtest.games.battle_for_seven_cities.windows import founded


# -- setup -------------------------------------------------------------------------------

def settle_setup(eng: Referee, event: Event, found: Found) -> None:
    """Fill in setup steps a log skipped, reporting each, so play can be followed."""
    s = eng.s
    if s.phase is Phase.TILES and event.verb != "tile":
        laid = len(s.board.groups)
        found.append(eng.v("setup-past-deck", f"the starting board needs {len(eng.layout)} past "
                           f"tile-groups (table: tile P#); {laid} were laid", event))
        while s.phase is Phase.TILES:
            lay_start_group(eng, s.past_deck[0])
    if s.phase is Phase.CLOCKS and event.verb not in ("clock", "first"):
        found.append(eng.v("setup-clock-cards", "every player draws a clock card before play "
                           f"(table: clock PLAYER TIME); {len(s.clocks)} were dealt", event))
        eng.begin_order(eng.first_by_clock() if s.clocks else s.seats[0])
    if s.phase is Phase.START and event.verb not in ("start", "first"):
        missing = [p for p in s.order if p not in s.positions]
        found.append(eng.v("start-future-tile", f"{', '.join(missing)} chose no starting tile "
                           f"({missing[0]}: start fA1)", event))
        for player in missing:
            s.positions[player] = "fA1"
        eng.start_round_draws()


def lay_start_group(eng: Referee, group: str) -> None:
    """Lay a past tile-group (and the next future one) in the next slot of the starting board."""
    s = eng.s
    q, r = eng.layout[len(s.board.groups)]
    s.past_deck.remove(group)
    s.board.lay((q, r), group, s.future_next)
    s.future_next += 1
    if len(s.board.groups) == len(eng.layout):
        s.phase = Phase.CLOCKS if not s.first else Phase.START


def tile(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: tile P4` — a past tile-group is drawn (starting board, or an expedition)."""
    s = eng.s
    group = args[0].upper() if args else ""
    if group not in s.past_deck:
        where = "has already been laid" if group in eng.data.past_groups else "is not a past tile-group"
        found.append(eng.v("setup-past-deck", f'"{group}" {where}; the past deck holds {", ".join(s.past_deck)}',
                           event))
        group = s.past_deck[0] if s.past_deck else ""
    if s.expedition is not None and s.expedition.group is None and group:
        s.expedition.group = group
    elif s.phase is Phase.TILES and group:
        lay_start_group(eng, group)
    else:
        found.append(eng.v("setup-past-deck", "past tile-groups are drawn only for the starting board "
                           "and for an Expedition", event))


def clock(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: clock Ann 4:00` — a player draws a clock card."""
    s = eng.s
    player, time = (args + ["", ""])[:2]
    if s.phase is not Phase.CLOCKS or player not in s.seats or player in s.clocks \
            or time not in eng.data.clocks or time in s.clocks.values():
        found.append(eng.v("setup-clock-cards", _clock_problem(eng, player, time), event))
    if s.phase is Phase.CLOCKS and player in s.seats and time in eng.data.clocks:
        s.clocks[player] = time
        if len(s.clocks) == len(s.seats):
            eng.begin_order(eng.first_by_clock())


def _clock_problem(eng: Referee, player: str, time: str) -> str:
    """Return why a clock deal is wrong."""
    s = eng.s
    if s.phase is not Phase.CLOCKS:
        return "clock cards are dealt only before the first round, once each"
    if player not in s.seats:
        return f'"{player}" is not a player'
    if player in s.clocks:
        return f"{player} already drew the {s.clocks[player]} clock card"
    if time not in eng.data.clocks:
        return f'"{time}" is not a clock card ({", ".join(eng.data.clocks)})'
    return f"the {time} clock card was already dealt"


def first(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: first Ben` — the table says who holds the time-shift card; compare it."""
    s = eng.s
    claimed = " ".join(args)
    if claimed != s.first:
        rule = "order-first-player" if s.round == 1 else "timeshift-pass-card"
        found.append(eng.v(rule, f"the time-shift card belongs to {s.first or 'nobody yet'}, not {claimed}", event))


def start(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: start fB2` — a player puts their token on a future tile, in player order."""
    s = eng.s
    if s.phase is not Phase.START or event.actor != s.active:
        found.append(eng.v("turn-active-player", f"{event.actor} cannot choose a starting tile now"
                           + (f" ({s.active} chooses next)" if s.phase is Phase.START else ""), event))
    pos = position(eng, args[0], event, found) if args else None
    if pos is not None and pos[0] != "f":
        found.append(eng.v("start-future-tile", f"{pos} is in the past; tokens start on future tiles", event))
    s.positions[event.actor] = pos or "fA1"
    if s.phase is Phase.START:
        s.turn = len([p for p in s.order if p in s.positions])
        if s.turn >= len(s.order):
            eng.start_round_draws()


# -- draws and discards ------------------------------------------------------------------

def is_draw(eng: Referee, event: Event) -> bool:
    """Return True for a draw event (`table: draw Ann X` or `Ann: draw X`)."""
    return event.verb == "draw"


def draw_event(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: draw Ann AP3` (or `?`; `... from blue` / `from red` for a card taken from a discard pile)
    — a card goes from the draw pile to a hand."""
    pile = args[-1].lower() if len(args) > 2 and args[-2].lower() == "from" else None
    args = args[:-2] if pile else args
    player, code_text = (args[0] if args else "", args[1:2]) if event.actor == TABLE else (event.actor, args[:1])
    s = eng.s
    if player not in s.seats or not code_text or pile not in (None, "deck", "blue", "red"):
        found.append(eng.v("log-known-verb", "a draw names the player and the card: table: draw Ann AP3", event))
        return
    _check_draw_time(eng, player, event, found)
    hidden = code_text[0] == "?"
    code = None if hidden else card_code(eng, code_text[0], event, found)
    if pile in ("blue", "red") and (pile == "red" or s.deck.size):
        _draw_from_discards(eng, player, code, pile, event, found)
    elif not s.can_draw():
        found.append(eng.v("round-draw-pile", "the draw pile and the blue discard pile are both empty", event))
    elif code is not None and not s.source().cards.get(code):
        found.append(_missing_card(eng, code, event))
    if code is not None or hidden:
        draw(eng, player, code)


def _draw_from_discards(eng: Referee, player: str, code: str | None, pile: str, event: Event,
                        found: Found) -> None:
    """Take a card from a discard pile as the log says (rule: cards are drawn from the draw pile only)."""
    s = eng.s
    why = "the red pile never returns" if pile == "red" else f"the draw pile still holds {s.deck.size} cards"
    found.append(eng.v("round-draw-pile", f"cards are drawn from the draw pile, not the {pile} discard pile "
                       f"({why})", event))
    (s.blue if pile == "blue" else s.red).take(code)
    to_hand(eng, player, code)


def _missing_card(eng: Referee, code: str, event: Event) -> Violation:
    """Return the violation of drawing a card the draw pile cannot hold."""
    players = len(eng.s.seats)
    if not any(c == code and m <= players for c, m, _ in eng.data.copies):
        return eng.v("setup-player-count", f"{code} cards are badged for more than {players} players "
                     "and were removed from the deck", event)
    return eng.v("round-draw-pile", f"no {code} card is left in the draw pile", event)


def _check_draw_time(eng: Referee, player: str, event: Event, found: Found) -> None:
    """Check a draw is a round draw in player order or an earned extra card (and count it)."""
    s = eng.s
    if s.phase is Phase.DRAW:
        if s.draws_due and s.draws_due[0] == player:
            s.draws_due.pop(0)
            return
        due = f"{s.draws_due[0]} draws next" if s.draws_due else "every round draw is done"
        found.append(eng.v("round-draw-three", f"{player} cannot draw now: {due}", event))
        if player in s.draws_due:
            s.draws_due.remove(player)
    elif s.phase is Phase.CLOSE and player == s.active:
        s.extra_drawn += 1
        if s.extra_drawn > s.extra_earned:
            found.append(eng.v("turn-extra-cards", f"{player} built {_cities(s.extra_earned)} on future land with "
                               f"the extra-card symbol this turn, so may draw {_extra(s.extra_earned)}", event))
    elif player == s.last_closer:
        earned = f"already drew the {_extra(s.last_earned)} earned" if s.last_earned else "earned no extra card"
        found.append(eng.v("turn-extra-cards", f"{player} {earned} last turn", event))
    else:
        found.append(eng.v("round-draw-three", "cards are drawn only at the start of a round and as "
                           "extra cards after one's own turn", event))


def continues_close(eng: Referee, event: Event) -> bool:
    """Return True when an event belongs to the closing of the active player's turn (or may interrupt it)."""
    s = eng.s
    if is_reaction(eng, event) or event.verb in ("reshuffle", "hand", "discard"):
        # a reshuffle comes before an extra draw from an empty pile, a hand record closes nothing, and
        # another player's discard is their slip: the closing player may still discard
        return True
    discarding = s.hands[s.active].size > eng.numbers["hand_limit"]
    if event.actor == TABLE and event.verb == "city":
        return discarding or s.turn + 1 < len(s.order)  # a record mid-turn; after the round's last, the timeshift's
    if event.verb == "draw":  # the closing player's extra card; another draw is a slip while they discard
        named = event.args.split()[:1] == [s.active] if event.actor == TABLE else event.actor == s.active
        return named or discarding
    return event.actor == s.active and discarding  # acting after `end` is a slip; the discards still follow


def close_done(eng: Referee) -> bool:
    """Return True when a closing turn needs nothing more: no extra draw due, hand within the limit."""
    s = eng.s
    if s.extra_drawn < s.extra_earned and (s.deck.size or s.blue.size):
        return False  # an extra draw is due
    hand = s.hands[s.order[s.turn]]  # the active player's (closing a turn, the order has one)
    return sum(hand.known.values()) + hand.unknown <= eng.numbers["hand_limit"]


def discard(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: discard AP2` — a card goes to the blue pile at the end of Ann's own turn."""
    s = eng.s
    player, limit = event.actor, eng.numbers["hand_limit"]
    closing = s.phase is Phase.CLOSE and player == s.active
    if (closing or player == s.last_closer) and s.hands[player].size <= limit:
        held = s.hands[player].size
        found.append(eng.v("turn-hand-limit", f"{player} holds {held} card{'s' * (held != 1)}; discard down to "
                           f"{limit}, no further", event))
    elif not closing:
        found.append(eng.v("turn-hand-limit", f"{player} may discard only at the end of their own turn", event))
    args, pile = split_pile(eng, args, event, found)
    code = None if args[:1] == ["?"] else card_code(eng, args[0], event, found) if args else None
    if code is not None:
        take_card(eng, player, code, event, found)
    elif args[:1] == ["?"] and s.hands[player].unknown:
        s.hands[player].unknown -= 1
    discard_to(eng, check_pile(eng, code or "a discarded card", pile, "blue", event, found), code)


# -- action points, moving, building ---------------------------------------------------------

def points(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: points AP3` — a card is played for its action points (then to the blue pile)."""
    args, pile = split_pile(eng, args, event, found)
    code = card_code(eng, args[0], event, found) if args else None
    if code is None:
        return
    active = check_active(eng, event, found)
    take_card(eng, event.actor, code, event, found)
    discard_to(eng, check_pile(eng, code, pile, "blue", event, found), code)
    if active:  # points played out of turn are lost, not added to the active player's pool
        eng.s.points += eng.data.cards[code].points


def move(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: move fA2 fA3` — the token walks tile by tile, paying each tile's travel cost."""
    s, board = eng.s, eng.s.board
    if not args:
        found.append(eng.v("log-known-verb", "move names the tiles entered, in order: move fA2 fA3", event))
        return
    if not check_active(eng, event, found):
        return
    here, cost = s.positions[event.actor], 0
    for text in args:
        step = position(eng, text, event, found)
        if step is None:
            return
        if step == here:
            found.append(eng.v("move-adjacent", f"{event.actor}'s token is already on {step}; a move enters "
                               "another tile", event))
        elif not board.adjacent(here, step):
            found.append(eng.v("move-adjacent", f"{step} does not touch {here} in the same era", event))
        if step in board.wall_tiles:
            found.append(eng.v("move-wall", f"{step} is walled: it cannot be entered with action points", event))
        cost += board.travel_cost(step)
        here = step
    spend(eng, cost, f"moving to {here}", event, found)
    s.positions[event.actor] = here


def travel(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: travel` (or `travel pA1`) — time travel to the matching tile of the other era."""
    if not check_active(eng, event, found):
        return
    spend(eng, eng.numbers["time_travel_cost"], "time travel", event, found)
    landing = twin(eng.s.positions[event.actor])
    named = position(eng, args[0], event, found) if args else None
    if named is not None and named != landing:  # rule: "you land in the corresponding tile"
        found.append(eng.v("move-adjacent", f"time travel lands on the corresponding tile {landing}, not {named}",
                           event))
    eng.s.positions[event.actor] = named or landing


def build(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: build` (or `build fA2`) — a city on the token's tile, paid with action points."""
    s = eng.s
    if not check_active(eng, event, found):
        return
    here = s.positions[event.actor]
    pos = position(eng, args[0], event, found) if args else here
    if pos is None:
        return
    if pos != here:
        found.append(eng.v("build-own-tile", f"{event.actor}'s token is on {here}, not {pos}", event))
    kind = s.board.tiles[pos]
    if s.board.owner(pos):
        found.append(eng.v("build-empty-tile", f"{pos} already has {s.board.owner(pos)}'s city", event))
    if kind.build is None:
        found.append(eng.v("build-no-past-sea", f"no city can be built on {kind.era} {kind.terrain} ({pos})", event))
    spend(eng, kind.build or 0, f"building on {kind.era} {kind.terrain}", event, found)
    check_supply(eng, event.actor, event, found)
    place_city(eng, event.actor, pos)
    if kind.extra_card:
        s.extra_earned += 1
    founded(eng, event.actor, pos, event.line)


def recycle(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: recycle pA1` — out of city tokens, Ann destroys one of her own cities to reuse it."""
    s = eng.s
    check_active(eng, event, found)
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        return
    if s.supply[event.actor] > 0:
        found.append(eng.v("build-city-supply", f"{event.actor} still has {s.supply[event.actor]} city "
                           "token(s); a city is destroyed for its token only when none is left", event))
    if s.board.owner(pos) != event.actor:
        found.append(eng.v("build-city-supply", f"{pos} holds no city of {event.actor}'s", event))
        return
    # "you may destroy one of your cities on any tile"; variant recycle=unshielded spares shielded tiles
    if s.board.protected(pos) and eng.option("recycle") == "unshielded":
        found.append(eng.v("build-city-supply", f"the city on {pos} is protected by a shield", event))
    remove_cities(eng, pos)


def end(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: end` — Ann ends her turn; unused action points are lost."""
    if check_active(eng, event, found):
        close_turn(eng, event.line)


def close_turn(eng: Referee, line: int) -> None:
    """Begin closing the active player's turn (extra draws, discards); unused action points are lost."""
    s = eng.s
    s.phase, s.end_line, s.points, s.last_closer = Phase.CLOSE, line, 0, s.active


TURN_VERBS = ("points", "move", "travel", "build", "recycle", "end", "play", "place")


def shows_turn_over(eng: Referee, event: Event) -> bool:
    """Return True when an event shows that the active player's turn is over though no `end` was written."""
    # rule: "A turn ends when a player has used all their cards": with an empty hand, the next player's
    # move, a draw, a round or timeshift marker or the table's first/winner record closes the turn
    s = eng.s
    if s.phase is not Phase.TURN or (event.actor == s.active and event.verb != "draw"):
        return False  # the common case, cheaply: the active player's own move
    if s.hands[s.active].size or is_reaction(eng, event):
        return False
    if event.kind is EventKind.MARKER or event.verb == "draw":
        return True
    if event.actor == TABLE:
        return event.verb in ("first", "winner")
    return event.actor != s.active and event.verb in TURN_VERBS


# -- the correctional timeshift and logged consequences ----------------------------------------

def timeshift(eng: Referee) -> None:
    """Copy every past city onto its future tile unless a protected city (or its own) stands there."""
    board = eng.s.board
    cities, shields, copy_all = board.cities, board.shields, eng.option("shortage") == "copy"
    # the past tiles with a city, in slot and cell order (an empty past tile removes nothing); copying changes only
    # future tiles, so the filter, which reads `cities` as it goes, sees the past ones as they were
    for pos in filter(cities.__contains__, board.ordered("p")):
        owner, future = cities[pos][0], "f" + pos[1:]  # (twin of a past tile)
        there = cities.get(future)
        if there is not None and (there[0] == owner or future in shields):
            continue  # a city of the same owner stays as it is; a protected future city is not replaced
        # every past city is copied ("Each city in the past will now also copy"), with a stand-in token
        # when its owner has none left; variant shortage=skip: such a city is not copied
        if copy_all or eng.s.supply[owner] > 0:
            place_city(eng, owner, future, stand_in=True)


def city(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: city fA2 Ann [2]` (or `none`) — the table states who holds a tile (and how many of
    their city tokens stand there: 2 for a metropolis); compare it."""
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        return
    rest = args[1:]
    tokens = int(rest.pop()) if len(rest) > 1 and rest[-1].isdigit() else None
    claimed = " ".join(rest) or "none"
    actual, held = eng.s.board.cities.get(pos, ("none", 0))
    if claimed.lower() != actual.lower():
        found.append(eng.v("timeshift-copy-forward", f"{pos} holds {actual if actual != 'none' else 'no city'}"
                           f", not {claimed}", event))
    elif tokens is not None and tokens != held:
        found.append(eng.v("cards-metropolis", f"{pos} holds {held} of {actual}'s city tokens, not {tokens} "
                           "(a metropolis is 2)", event))


def hand(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: hand Ann 3` (or `Ann: hand 3`) — the table records how many cards a player holds; compare it."""
    player, count = (args[0] if args else "", args[1:2]) if event.actor == TABLE else (event.actor, args[:1])
    if player not in eng.s.seats or not count or not count[0].isdigit():
        found.append(eng.v("log-known-verb", "a hand record names the player and a number: table: hand Ann 3",
                           event))
        return
    held = eng.s.hands[player].size
    if int(count[0]) != held:
        found.append(eng.v("round-hand-size", f"{player} holds {held} card{'s' * (held != 1)}, not {count[0]}",
                           event))


def winner(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: winner Ann` — the table declares the winner(s); compare with the rules."""
    s = eng.s
    claimed = {name.strip() for name in " ".join(args).split(",") if name.strip()}
    if s.phase is not Phase.OVER:
        found.append(eng.v("win-end-of-round", f"the game is not over: nobody had {eng.numbers['win_cities']} "
                           "future cities at the end of a round", event))
    elif claimed != set(s.winners):
        cities = ", ".join(f"{p} {n}" for p, n in eng.scores().items())
        water = ", ".join(f"{p} {s.board.count(p, 'f', water=True)}" for p in s.seats)
        found.append(eng.v("win-most-cities", f"the winner is {', '.join(s.winners)}, not {', '.join(sorted(claimed))} "
                           f"(cities: {cities}; future cities on water: {water})", event))


def reshuffle(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`table: reshuffle` (or `reshuffle red`) — the blue discard pile becomes the draw pile (only when
    that is empty); done as written either way."""
    s = eng.s
    pile = args[0].lower() if args else "blue"
    if pile not in ("blue", "red"):
        found.append(eng.v("log-known-verb", f'"{args[0]}" is not a discard pile (reshuffle, reshuffle red)', event))
        return
    if pile == "red":
        found.append(eng.v("round-draw-pile", "only the blue discard pile is shuffled into the draw pile; the red "
                           "pile never returns", event))
    elif s.deck.size:
        found.append(eng.v("round-draw-pile", f"the draw pile still holds {s.deck.size} cards; the blue pile "
                           "is shuffled in only when it is empty", event))
    s.shuffle_in(pile)


HANDLERS = {
    "tile": tile, "clock": clock, "first": first, "start": start, "draw": draw_event,
    "discard": discard, "points": points, "move": move, "travel": travel, "build": build,
    "recycle": recycle, "end": end, "city": city, "winner": winner, "reshuffle": reshuffle,
    "hand": hand,
}


def _cities(count: int) -> str:
    """Return a count of cities in words: "no city", "1 city", "2 cities"."""
    return "no city" if count == 0 else f"{count} cit{'y' if count == 1 else 'ies'}"


def _extra(count: int) -> str:
    """Return a count of extra cards in words: "no extra card", "1 extra card", "2 extra cards"."""
    return "no extra card" if count == 0 else f"{count} extra card{'s' * (count != 1)}"
