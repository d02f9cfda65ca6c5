"""Checks and effects the move handlers share: turn, hand, tiles, action points, city tokens."""

from __future__ import annotations

from playproof.playtest.engine import Event, Status, Violation
from playproof.playtest.games.battle_for_seven_cities.board import parse_position
from playproof.playtest.games.battle_for_seven_cities.referee import Referee
from playproof.playtest.games.battle_for_seven_cities.state import Phase


Found = list[Violation]
DOING = {"points": "play a card for its points", "play": "play that card", "move": "move",
         "travel": "time travel", "build": "build", "recycle": "destroy a city for its token", "end": "end a turn"}


def check_active(eng: Referee, event: Event, found: Found) -> bool:
    """Check the actor is the player whose turn it is (rule: only they act)."""
    s = eng.s
    if s.phase is Phase.TURN and event.actor == s.active:
        return True
    now = f"it is {s.active}'s turn" if s.phase is Phase.TURN else f"the game is at {s.phase}"
    card = event.args.split()[:1] if event.verb == "play" else []
    doing = f"play {card[0].upper()}" if card else DOING.get(event.verb, event.verb)
    found.append(eng.v("turn-active-player", f"{event.actor} cannot {doing} now: {now}", event))
    return False


def take_card(eng: Referee, player: str, code: str, event: Event, found: Found) -> None:
    """Remove a card from a hand (rule: it must be there; undetermined while the hand has `?` cards)."""
    hand = eng.s.hands[player]
    if hand.known.get(code, 0) > 0:
        hand.known[code] -= 1
        if not hand.known[code]:
            del hand.known[code]
    elif hand.unknown > 0:
        hand.unknown -= 1
        found.append(eng.v("turn-card-in-hand", f"{player}'s hand holds unrevealed cards; {code} cannot be "
                           "checked until they are revealed", event, Status.UNDETERMINED))
    else:
        found.append(eng.v("turn-card-in-hand", f"{player} has no {code} card in hand", event))


def card_code(eng: Referee, text: str, event: Event, found: Found) -> str | None:
    """Return a known card code from log text, reporting an unknown one."""
    code = text.upper()
    if code in eng.data.cards:
        return code
    found.append(eng.v("log-known-verb", f'"{text}" is not a card code ({", ".join(eng.data.cards)})', event))
    return None


def position(eng: Referee, text: str, event: Event, found: Found) -> str | None:
    """Return a tile on the board from its name, reporting a malformed or missing one."""
    pos = parse_position(text)
    if pos is None or pos not in eng.s.board.tiles:
        what = "is not a tile name like fA2 or pB3" if pos is None else "is not on the board"
        found.append(eng.v("log-known-verb", f'"{text}" {what}', event))
        return None
    return pos


def spend(eng: Referee, cost: int, what: str, event: Event, found: Found) -> None:
    """Pay action points (rule: only points from cards played this turn)."""
    s = eng.s
    if cost > s.points:
        found.append(eng.v("ap-enough-points", f"{what} costs {cost} action point{'s' * (cost != 1)} but "
                           f"{event.actor} has {s.points} left this turn", event))
    s.points = max(0, s.points - cost)


def check_supply(eng: Referee, player: str, event: Event, found: Found) -> None:
    """Check the player has a city token left (rule: recycle one of your cities first)."""
    if eng.s.supply[player] <= 0:
        found.append(eng.v("build-city-supply", f"{player} has no city token left; destroy one of "
                           f"{player}'s own cities first (recycle POS)", event))


def place_city(eng: Referee, player: str, pos: str, tokens: int = 1, *, stand_in: bool = False) -> None:
    """Put a player's city (or metropolis) on a tile, using tokens from their supply (with stand_in, the
    supply may go below zero: those tokens must be freed again before the player builds)."""
    s = eng.s
    remove_cities(eng, pos)
    s.board.cities[pos] = (player, tokens)
    s.supply[player] = s.supply[player] - tokens if stand_in else max(0, s.supply[player] - tokens)


def remove_cities(eng: Referee, pos: str) -> None:
    """Take every city token off a tile and give them back to their owner."""
    city = eng.s.board.cities.pop(pos, None)
    if city is not None:
        eng.s.supply[city[0]] += city[1]


def draw(eng: Referee, player: str, code: str | None) -> None:
    """Draw a card (None: unknown) from the draw pile into a hand, refilling the pile if empty."""
    s = eng.s
    s.refill()
    s.deck.take(code)
    to_hand(eng, player, code)


def to_hand(eng: Referee, player: str, code: str | None) -> None:
    """Put a card (None: an unknown one) into a player's hand."""
    hand = eng.s.hands[player]
    if code is None:
        hand.unknown += 1
    else:
        hand.known[code] += 1


PILES = ("blue", "red")


def split_pile(eng: Referee, args: list[str], event: Event, found: Found) -> tuple[list[str], str | None]:
    """Return a move's arguments without a trailing `to blue` / `to red`, and the pile it names (or None)."""
    if len(args) < 2 or args[-2].lower() != "to":
        return args, None
    pile = args[-1].lower()
    if pile not in PILES:
        found.append(eng.v("log-known-verb", f'"{args[-1]}" is not a discard pile (to blue, to red)', event))
        return args[:-2], None
    return args[:-2], pile


def check_pile(eng: Referee, code: str, pile: str | None, expected: str, event: Event, found: Found) -> str:
    """Check a used card goes to the pile its text names (rule: blue for points and discards, red for
    special actions); return the pile it actually went to."""
    if pile is None or pile == expected:
        return expected
    found.append(eng.v("cards-discard-pile", f"{code} goes to the {expected} discard pile here, not the {pile} "
                       "one", event))
    return pile


def discard_to(eng: Referee, pile: str, code: str | None) -> None:
    """Put a used card (None: an unknown one) on the blue or the red discard pile."""
    (eng.s.blue if pile == "blue" else eng.s.red).add(code)


def is_reaction(eng: Referee, event: Event) -> bool:
    """Return True when an event plays a reaction card (allowed at any point, it interrupts nothing)."""
    code = event.args.split()[:1]
    return event.verb == "play" and bool(code) and getattr(eng.data.cards.get(code[0].upper()), "reaction", False)
