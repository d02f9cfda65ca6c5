"""Special actions of the action cards, the reactions, and placing an expedition's tile-group."""

from __future__ import annotations

from typing import Callable

from playproof.playtest.engine import TABLE, Event
from playproof.playtest.games.battle_for_seven_cities.board import DIRECTIONS, LAND, keep, twin
from playproof.playtest.games.battle_for_seven_cities.common import (
    Found, card_code, check_active, check_pile, check_supply, discard_to, is_reaction, place_city, position,
    remove_cities, split_pile, take_card)
from playproof.playtest.games.battle_for_seven_cities.referee import Referee
from playproof.playtest.games.battle_for_seven_cities.state import Expedition
from playproof.playtest.games.battle_for_seven_cities.windows import (
    addresses_window, any_defender, attack, can_react, close_window, defend, founded, pass_defence)


Special = Callable[["Referee", Event, list[str], Found], None]
__all__ = ["HANDLERS", "addresses_window", "can_react", "close_window", "continues_expedition",
           "abandon_expedition", "placements"]


# the six neighbours of a pointy-top hex, in words for messages
_COMPASS = {"e": "east", "w": "west", "ne": "north-east", "nw": "north-west", "se": "south-east", "sw": "south-west"}

def play(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: play CODE ...` — a card is played for its special action (then to the red pile)."""
    args, pile = split_pile(eng, args, event, found)
    code = card_code(eng, args[0], event, found) if args else None
    if code is None:
        if not args:
            found.append(eng.v("log-known-verb", "play names a card: play BURN", event))
        return
    card = eng.data.cards[code]
    if card.special and not card.reaction:
        check_active(eng, event, found)
    take_card(eng, event.actor, code, event, found)
    if not card.special:
        found.append(eng.v("cards-no-special", f"{card.title} ({code}) has no special action; "
                           f"play it for its points: points {code}", event))
        discard_to(eng, pile or "blue", code)
        return
    # a special action's card goes to the red pile; a reaction card to either pile, the player's choice
    eng.s.pile = (pile or "red") if card.reaction else check_pile(eng, code, pile, "red", event, found)
    if code not in ("BURN", "TAKEOVER"):
        discard_to(eng, eng.s.pile, code)  # an attack's card waits for Defend City
    SPECIALS[code](eng, event, args[1:], found)


def _city_target(eng: Referee, rule: str, pos: str, player: str, event: Event, found: Found) -> str | None:
    """Check a tile holds an opponent's unprotected city (rule of the card); return its owner."""
    owner = eng.s.board.owner(pos)
    if owner is None or owner == player:
        found.append(eng.v(rule, f"{pos} holds no opponent's city", event))
    elif eng.s.board.protected(pos):
        found.append(eng.v(rule, f"the city on {pos} is protected by a shield", event))
    return owner


def atlantis(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Build Atlantis (`play ATLANTIS [TILE]`): a city on the empty past light sea under the token."""
    player = event.actor
    pos = own_tile(eng, "cards-atlantis", args, event, found)
    kind = eng.s.board.tiles[pos]
    if (kind.era, kind.terrain) != ("past", "light sea"):
        found.append(eng.v("cards-atlantis", f"Atlantis rises only from past light sea; {player} is on "
                           f"{kind.era} {kind.terrain}", event))
    if eng.s.board.owner(pos):
        found.append(eng.v("cards-atlantis", f"{pos} already has a city", event))
    check_supply(eng, player, event, found)
    place_city(eng, player, pos)
    founded(eng, player, pos, event.line)


def _token(kind: str) -> Special:
    """Return the handler of Build Railway or Build Wall."""
    rule = "cards-railway" if kind == "rail" else "cards-wall"
    name = "railway" if kind == "rail" else "wall"

    def handler(eng: Referee, event: Event, args: list[str], found: Found) -> None:
        """`play RAIL a b c [from d]`: three tiles at one corner, none carrying the other token."""
        words = [a.lower() for a in args]
        source = args[words.index("from") + 1] if "from" in words and words.index("from") + 1 < len(args) else None
        texts = args[:words.index("from")] if "from" in words else args
        tiles = [p for p in (position(eng, t, event, found) for t in texts) if p is not None]
        if len(texts) != 3 or len(tiles) != 3 or len(set(tiles)) != 3:
            found.append(eng.v(rule, f"a {name} covers exactly 3 different tiles, not {len(texts)}", event))
            return
        trio = tuple(sorted(tiles))
        _check_shape(eng, rule, name, trio, event, found)
        blocked = eng.s.board.wall_tiles if kind == "rail" else eng.s.board.rail_tiles
        if blocked.intersection(trio):
            other = "the wall" if kind == "rail" else "a railway"
            covered = sorted(blocked.intersection(trio))
            found.append(eng.v(rule, f"{', '.join(covered)} carr{'ies' if len(covered) == 1 else 'y'} {other}", event))
        _move_token(eng, kind, rule, name, trio, source, event, found)
    return handler


def _check_shape(eng: Referee, rule: str, name: str, trio: tuple[str, ...], event: Event, found: Found) -> None:
    """Check 3 tiles meet at one corner (or, with tokens=connected, form a chain in one era)."""
    board = eng.s.board
    if eng.setup.options.get("tokens") == "connected":
        ok, shape = board.connected(trio), "a connected chain of one era"
    else:
        ok, shape = trio in board.corners(trio[0]), "3 tiles of one era meeting at one corner"
    if not ok:
        found.append(eng.v(rule, f"a {name} must lie on {shape}; {', '.join(trio)} do not", event))


def _move_token(eng: Referee, kind: str, rule: str, name: str, trio: tuple[str, ...],
                source: str | None, event: Event, found: Found) -> None:
    """Place a token from the supply, or move the one named by `from POS`."""
    board = eng.s.board
    tokens = list(board.rails if kind == "rail" else board.walls)
    total = eng.data.railways if kind == "rail" else eng.data.walls
    if source is not None:
        pos = position(eng, source, event, found)
        moved = next((t for t in tokens if pos in t), None)
        if moved is None:
            found.append(eng.v(rule, f"no {name} lies on {source} to be moved", event))
        else:
            tokens.remove(moved)
    elif len(tokens) >= total:
        found.append(eng.v(rule, f"all {total} {name} token(s) are on the board; move one with "
                           f"`from POS`", event))
        tokens.pop(0)
    board.set_tokens(kind, tokens + [trio])


def own_tile(eng: Referee, rule: str, args: list[str], event: Event, found: Found) -> str:
    """Return the tile a card acts on: the token's tile, or the one the log names (checked against it)."""
    here = eng.s.positions[event.actor]
    named = position(eng, args[0], event, found) if args else None
    if named is None or named == here:
        return here
    found.append(eng.v(rule, f"the card acts on the tile {event.actor}'s token is on ({here}), not {named}", event))
    return named


def burn(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Burn City (`play BURN [TILE]`): an opponent's unprotected city on the soil, forest or mountain
    under the token."""
    pos = own_tile(eng, "cards-burn", args, event, found)
    if eng.s.board.terrain[pos] not in LAND:
        found.append(eng.v("cards-burn", f"only soil, forest or mountain cities burn; {pos} is "
                           f"{eng.s.board.terrain[pos]}", event))
    _city_target(eng, "cards-burn", pos, event.actor, event, found)
    attack(eng, event.actor, "BURN", pos, event.line)


def takeover(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Hostile Takeover: swap an opponent's unprotected city next to one of yours for your own."""
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        discard_to(eng, eng.s.pile, "TAKEOVER")
        return
    board = eng.s.board
    _city_target(eng, "cards-takeover", pos, event.actor, event, found)
    if not any(board.owner(n) == event.actor for n in board.neighbours[pos]):
        found.append(eng.v("cards-takeover", f"{event.actor} has no city next to {pos}", event))
    check_supply(eng, event.actor, event, found)
    attack(eng, event.actor, "TAKEOVER", pos, event.line)


def metropolis(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Metropolis: a second city on a future tile of yours with 3+ cities around it."""
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        return
    board, player = eng.s.board, event.actor
    city = board.cities.get(pos)
    if pos[0] != "f" or city is None or city != (player, 1):
        found.append(eng.v("cards-metropolis", f"a Metropolis needs a future tile with a single city of "
                           f"{player}'s; {pos} does not have one", event))
    around = board.cities_around(pos)
    if around < 3:
        stand = "no city stands" if around == 0 else f"only {around} cit{'y stands' if around == 1 else 'ies stand'}"
        found.append(eng.v("cards-metropolis", f"{stand} around {pos}; a Metropolis needs at least 3", event))
    check_supply(eng, player, event, found)
    place_city(eng, player, pos, 2)


def defend_city(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Defend City: the attacked city's owner cancels a Burn City or Hostile Takeover."""
    window = eng.s.window
    if window is None or window.kind != "defend":
        found.append(eng.v("cards-defend", "Defend City answers a Burn City or Hostile Takeover just played; "
                           "none is waiting", event))
    elif event.actor == window.actor or (window.reactor != event.actor and not any_defender(eng)):
        owner = eng.s.board.owner(window.pos)
        found.append(eng.v("cards-defend", f"only {owner}, whose city is attacked, may defend it"
                           if event.actor != window.actor else "nobody defends against their own card", event))
    else:
        defend(eng)


def remote(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Remote Construction: a city on an empty future tile next to the token (in the future)."""
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        return
    here, board = eng.s.positions[event.actor], eng.s.board
    if here[0] != "f" or pos[0] != "f" or not board.adjacent(here, pos):
        found.append(eng.v("cards-remote", f"{pos} is not a future tile next to {event.actor}'s token on {here}",
                           event))
    if board.owner(pos):
        found.append(eng.v("cards-remote", f"{pos} already has a city", event))
    check_supply(eng, event.actor, event, found)
    place_city(eng, event.actor, pos)
    if board.tiles[pos].extra_card:
        eng.s.extra_earned += 1


def sands(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Sands of Time: sweep away an opponent's new past city over one of your future cities."""
    window = eng.s.window
    if window is None or window.kind != "sands" or window.reactor != event.actor:
        found.append(eng.v("cards-sands", f"Sands of Time answers an opponent's city just founded on a past "
                           f"tile over one of {event.actor}'s future cities; there is none", event))
        return
    eng.s.window = None
    if eng.s.board.protected(window.pos):
        found.append(eng.v("cards-sands", f"the city on {window.pos} is protected by a shield", event))
    remove_cities(eng, window.pos)


def army(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Standing Army: a shield from the supply on a tile without one."""
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        return
    s, limit = eng.s, eng.numbers["shields_per_player"]
    if pos in s.board.shields:
        found.append(eng.v("cards-army", f"{pos} already has a shield", event))
    if s.shield_supply <= 0:
        found.append(eng.v("cards-army", "no shield token is left in the supply", event))
    if sum(1 for who in s.board.shields.values() if who == event.actor) >= limit:
        found.append(eng.v("cards-army-limit", f"{event.actor} already has {limit} shields on the board", event))
    s.board.shields[pos] = event.actor
    s.shield_supply = max(0, s.shield_supply - 1)


def embassy(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Embassy: one or two other players' tokens move to a tile with your city."""
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        return
    guests = args[1:]
    if eng.s.board.owner(pos) != event.actor:
        found.append(eng.v("cards-embassy", f"{pos} holds no city of {event.actor}'s", event))
    bad = [g for g in guests if g not in eng.s.seats or g == event.actor]
    if not 1 <= len(guests) <= 2 or len(set(guests)) != len(guests) or bad:
        found.append(eng.v("cards-embassy", "Embassy moves one or two other players' tokens "
                           f"(not {', '.join(guests) or 'nobody'})", event))
    for guest in guests:
        if guest in eng.s.seats:
            eng.s.positions[guest] = pos


def enemy(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """The Enemy of my Enemy: an opponent's unprotected city becomes a third player's city."""
    pos = position(eng, args[0], event, found) if args else None
    if pos is None:
        return
    owner = _city_target(eng, "cards-enemy", pos, event.actor, event, found)
    ally = args[1] if len(args) > 1 else ""
    if ally not in eng.s.seats or ally in (event.actor, owner):
        found.append(eng.v("cards-enemy", f'the new city must belong to a third player, not "{ally}"', event))
        remove_cities(eng, pos)
        return
    if eng.s.supply[ally] <= 0:
        found.append(eng.v("cards-enemy", f"{ally} has no city token left", event))
    place_city(eng, ally, pos)
    founded(eng, ally, pos, event.line)


def expedition(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """Expedition: the top past tile-group is drawn next (`table: tile P#`), then placed."""
    s = eng.s
    base = s.positions[event.actor]
    # "In the past place the top tile-group ... touching the tile your player token is currently on":
    # the token must be in the past (variant expedition=twin: or in the future, over the past tile under it)
    if base[0] != "p" and eng.option("expedition") == "past":
        found.append(eng.v("cards-expedition", f"{event.actor}'s token is on the future tile {base}; an expedition's "
                           "group is laid in the past, touching the past tile the token is on", event))
    base = base if base[0] == "p" else twin(base)
    if not s.past_deck or s.future_next > len(eng.data.future_groups):
        found.append(eng.v("cards-expedition", "no tile-group is left to explore", event))
        return
    if not can_place(eng, base):
        found.append(eng.v("cards-expedition", f"no tile-group fits against {base} without overlapping", event))
        return
    s.expedition = Expedition(event.actor, base)


def can_place(eng: Referee, base: str) -> bool:
    """Return True when some new group can touch a past tile without overlapping."""
    board = eng.s.board
    known = board.room.get(base)
    if known is None:  # the answer holds until a group is laid (Board.lay forgets it)
        key = (eng.data.cells, board.anchors, base)
        known = _ROOM.get(key)
        if known is None:
            q, r = board.coordinate(base)
            known = any(board.fits((q + dq - cq, r + dr - cr)) for cq, cr in eng.data.cells
                        for dq, dr in DIRECTIONS.values())
            keep(_ROOM, key, known, ROOM_KEPT)
        board.room[base] = known
    return known


ROOM_KEPT = 1 << 11
_ROOM: dict[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], str], bool] = {}
"""Whether a group fits against a past tile, by the groups' shape, where groups were laid, and the tile:
the same for every game with that board (the starting board is the same in every game of a layout)."""


def placements(eng: Referee, base: str) -> list[tuple[int, str]]:
    """Return every (cell, direction) that lays a new group touching a past tile without overlapping
    (several spellings may lay the group in the same place)."""
    board = eng.s.board
    q, r = board.coordinate(base)
    fits: dict[tuple[int, int], bool] = {}
    found = []
    for index, (cq, cr) in enumerate(eng.data.cells, start=1):
        for name, (dq, dr) in DIRECTIONS.items():
            anchor = (q + dq - cq, r + dr - cr)
            if fits.setdefault(anchor, board.fits(anchor)):
                found.append((index, name))
    return found


def place(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ann: place 2 ne [city pD3]` — the drawn group's cell 2 goes north-east of the base tile."""
    s = eng.s
    trip = s.expedition or s.dropped  # an interrupted expedition was flagged once already
    s.dropped = None
    if trip is None or trip.player != event.actor:
        found.append(eng.v("cards-expedition", f"{event.actor} has no expedition tile-group to place", event))
        return
    cell, direction = (args + ["", ""])[:2]
    if not cell.isdigit() or not 1 <= int(cell) <= len(eng.data.cells) or direction.lower() not in DIRECTIONS:
        found.append(eng.v("log-known-verb", f"place names a cell 1-{len(eng.data.cells)} and a direction "
                           f"({', '.join(DIRECTIONS)}): place 2 ne", event))
        return
    if trip.group is None:
        found.append(eng.v("setup-past-deck", "no tile-group was drawn for the expedition (table: tile P#)", event))
        trip.group = s.past_deck[0]
    _lay_expedition(eng, trip, int(cell), direction.lower(), args[2:], event, found)


def _lay_expedition(eng: Referee, trip: Expedition, cell: int, direction: str, rest: list[str],
                    event: Event, found: Found) -> None:
    """Lay the drawn past group and its future twin, then found the optional city."""
    s, board = eng.s, eng.s.board
    q, r = board.coordinate(trip.base)
    dq, dr = DIRECTIONS[direction]
    cq, cr = eng.data.cells[cell - 1]
    anchor = (q + dq - cq, r + dr - cr)
    s.expedition = None
    if not board.fits(anchor):
        where = _COMPASS.get(direction, direction)
        found.append(eng.v("cards-expedition", f"the new tile-group with its cell {cell} {where} of {trip.base} "
                           "would overlap tiles already laid", event))
        s.past_deck.remove(trip.group)
        return
    s.past_deck.remove(trip.group)
    slot = board.lay(anchor, trip.group, s.future_next)
    s.future_next += 1
    if rest:
        _settle_city(eng, slot, rest, event, found)


def _settle_city(eng: Referee, slot: str, rest: list[str], event: Event, found: Found) -> None:
    """Found the expedition's city on soil, forest or mountain of the new past group."""
    pos = position(eng, rest[1], event, found) if len(rest) == 2 and rest[0].lower() == "city" else None
    if pos is None:
        if len(rest) != 2 or rest[0].lower() != "city":
            found.append(eng.v("log-known-verb", "an expedition's city is written: place 2 ne city pD3", event))
        return
    if pos[0] != "p" or pos[1] != slot or eng.s.board.terrain[pos] not in LAND:
        found.append(eng.v("cards-expedition", f"the expedition's city goes on soil, forest or mountain of the "
                           f"new past group (slot {slot}), not {pos}", event))
    check_supply(eng, event.actor, event, found)
    place_city(eng, event.actor, pos)
    founded(eng, event.actor, pos, event.line)


def continues_expedition(eng: Referee, event: Event) -> bool:
    """Return True for the events that carry an expedition on (the draw, then the placing) or may interrupt it."""
    trip = eng.s.expedition
    assert trip is not None
    if is_reaction(eng, event) or (event.actor == TABLE and event.verb in ("hand", "city", "reshuffle")):
        return True  # a reaction may come at any point, a record changes nothing: the expedition goes on
    return (event.verb == "tile" and trip.group is None) or (event.verb == "place" and event.actor == trip.player)


def abandon_expedition(eng: Referee, event: Event, found: Found) -> None:
    """Drop an expedition the log never completed (a drawn group goes back on top of the deck)."""
    # rule: the card's group is placed ("place it with at least 1 tile touching..."), before anything else
    trip = eng.s.expedition
    assert trip is not None
    step = "placed (place CELL DIR)" if trip.group else "drawn (table: tile P#) and placed"
    found.append(eng.v("cards-expedition", f"{trip.player}'s expedition was never finished: its tile-group is "
                       f"{step} before play goes on", event))
    eng.s.expedition, eng.s.dropped = None, trip


def pass_(eng: Referee, event: Event, args: list[str], found: Found) -> None:
    """`Ben: pass` — Ben lets a reaction window close (or declines a Metropolis) without reacting."""
    window, offers = eng.s.window, eng.s.offers
    if window is not None and window.reactor == event.actor:
        if not pass_defence(eng):  # any opponent of the attacker may defend: each is asked in turn
            close_window(eng)
    elif offers and offers[0] == event.actor:
        offers.pop(0)
    else:
        found.append(eng.v("turn-active-player", f"nobody asked {event.actor} to react: pass answers a reaction "
                           "window or a Metropolis offer", event))


SPECIALS: dict[str, Special] = {
    "ATLANTIS": atlantis, "RAIL": _token("rail"), "WALL": _token("wall"), "BURN": burn,
    "EXPEDITION": expedition, "TAKEOVER": takeover, "METROPOLIS": metropolis, "DEFEND": defend_city,
    "REMOTE": remote, "SANDS": sands, "ARMY": army, "EMBASSY": embassy, "ENEMY": enemy,
}
HANDLERS = {"play": play, "place": place, "pass": pass_}
