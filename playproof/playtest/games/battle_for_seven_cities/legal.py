"""Every legal move at the pending decision, written exactly as a log line would be."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Callable

from playproof.playtest.engine import TABLE, Decision, Event
from playproof.playtest.games.battle_for_seven_cities.board import LAND, keep, twin
from playproof.playtest.games.battle_for_seven_cities.cards import can_place, placements
from playproof.playtest.games.battle_for_seven_cities.kept import TurnParts
from playproof.playtest.games.battle_for_seven_cities.referee import Referee
from playproof.playtest.games.battle_for_seven_cities.state import Phase
from playproof.playtest.games.battle_for_seven_cities.windows import ANSWERS, any_defender


class Texts(dict[str, str]):
    """Move texts made once per card code or tile name (decisions offer them again and again)."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def __missing__(self, key: str) -> str:
        """Make the text of a key not seen before: the prefix, then the key."""
        text = self[key] = self.prefix + key
        return text


POINTS_TEXTS = Texts("points ")
MOVE_TEXTS = Texts("move ")
DISCARD_TEXTS = Texts("discard ")
TAKEOVER_TEXTS = Texts("play TAKEOVER ")


@lru_cache(maxsize=64)
def draw_texts(player: str) -> Texts:
    """Return `draw PLAYER CODE` by code (bounded: player names vary by log)."""
    return Texts(f"draw {player} ")


def decision(eng: Referee) -> Decision | None:
    """Return the pending decision: reaction windows and expeditions first, then the phase's."""
    s = eng.s
    if s.phase is Phase.OVER:
        return None
    if s.window is not None:
        w = s.window
        prompt = (f"defend {w.pos} against {w.card}, or pass" if w.kind == "defend"
                  else f"sweep the new city on {w.pos} away with SANDS, or pass")
        return Decision(w.reactor, (f"play {ANSWERS[w.kind]}", "pass"), prompt)
    if s.expedition is not None:
        return _expedition(eng)
    if s.offers:
        player = s.offers[0]
        return Decision(player, (*_metropolis(eng, player), "pass"), "play Metropolis out of turn, or pass")
    return PHASES[s.phase](eng)


def metropolis_offers(eng: Referee) -> list[str]:
    """Return the other players (in turn order) who could play Metropolis before this turn begins."""
    s = eng.s
    hands, order, turn = s.hands, s.order, s.turn
    for player in order:  # (a loop, not a comprehension: asked before every turn, and nobody holds one most often)
        if hands[player].known.get("METROPOLIS", 0) > 0:
            break
    else:
        return []
    return [p for p in order[turn + 1:] + order[:turn] if can_offer(eng, p)]


def can_offer(eng: Referee, player: str) -> bool:
    """Return True when a player holds a Metropolis card with a tile to play it on."""
    return eng.s.hands[player].known.get("METROPOLIS", 0) > 0 and bool(_metropolis_sites(eng, player))


def answers_offer(eng: Referee, event: Event) -> bool:
    """Return True for the asked player's Metropolis or pass."""
    if event.actor != eng.s.offers[0]:
        return False
    return event.verb == "pass" or (event.verb == "play" and event.args.split()[:1] in (["METROPOLIS"], ["metropolis"]))


def reaction_allowed(eng: Referee, player: str, text: str) -> bool:
    """Return True when a player may make this reaction move now (reactions need not wait to be asked)."""
    words = text.split(" ")
    if words[0] != "play" or len(words) < 2 or not _may_hold(eng, player, words[1]):
        return False
    window = eng.s.window
    if words[1] == "METROPOLIS":
        return text in _metropolis(eng, player)
    if words[1] == "DEFEND" and window is not None and window.kind == "defend":
        return player != window.actor and (player == window.reactor or any_defender(eng))
    return words[1] == "SANDS" and window is not None and window.kind == "sands" and player == window.reactor


def _may_hold(eng: Referee, player: str, code: str) -> bool:
    """Return True when a player's hand holds (or, face down, may hold) a card."""
    hand = eng.s.hands[player]
    return hand.known.get(code, 0) > 0 or hand.unknown > 0


def _tiles(eng: Referee) -> Decision:
    """The table lays the next past tile-group of the starting board."""
    return Decision(TABLE, tuple(f"tile {g}" for g in eng.s.past_deck), "lay a past tile-group")


def _clocks(eng: Referee) -> Decision:
    """The table deals the next player (in seat order) a clock card still in the deck."""
    s = eng.s
    player = next(p for p in s.seats if p not in s.clocks)
    free = [t for t in eng.data.clocks if t not in s.clocks.values()]
    return Decision(TABLE, tuple(f"clock {player} {t}" for t in free), "deal a clock card")


def _start(eng: Referee) -> Decision:
    """The next player in player order picks any future tile."""
    return Decision(eng.s.active, tuple(f"start {p}" for p in eng.s.board.ordered("f")), "starting tile")


def _draw(eng: Referee) -> Decision:
    """The table deals the next round draw."""
    return _draw_for(eng, eng.s.draws_due[0])


def _draw_for(eng: Referee, player: str) -> Decision:
    """The table draws a card for a player: any code still in the draw pile."""
    s = eng.s
    texts = draw_texts(player)
    moves = tuple([texts[code] for code in sorted(s.source().cards)]) or (f"draw {player} ?",)
    if not s.deck.size and s.blue.size:
        moves += ("reshuffle",)  # the table may say so before drawing from the refilled pile
    return Decision(TABLE, moves, f"{player} draws")


def _close(eng: Referee) -> Decision:
    """After `end`: extra cards are drawn, then the player discards down to the limit."""
    s = eng.s
    player = s.active
    if s.extra_drawn < s.extra_earned and (s.deck.size or s.blue.size):
        return _draw_for(eng, player)
    hand = s.hands[player]
    moves = tuple(f"discard {c}" for c in sorted(hand.known)) + (("discard ?",) if hand.unknown else ())
    return Decision(player, moves, f"discard down to {eng.numbers['hand_limit']}")


def _expedition(eng: Referee) -> Decision:
    """The table draws the expedition's group; then its player places it (and may found a city)."""
    s = eng.s
    trip = s.expedition
    assert trip is not None
    if trip.group is None:
        return Decision(TABLE, tuple(f"tile {g}" for g in s.past_deck), "expedition tile-group")
    slot = s.board.next_slot()
    land = [i for i, t in enumerate(eng.data.past_groups[trip.group], start=1) if t in LAND]
    cities = [""] + ([f" city p{slot}{i}" for i in land] if s.supply[trip.player] > 0 else [])
    moves = tuple(f"place {cell} {d}{c}" for cell, d in placements(eng, trip.base) for c in cities)
    return Decision(trip.player, moves, f"place {trip.group} touching {trip.base} (and found a city?)")


def _turn(eng: Referee) -> Decision:
    """The active player: play cards, move, travel, build, special actions, or end the turn."""
    s = eng.s
    return Decision(s.active, tuple(turn_moves(eng, s.active)), f"turn: {s.points} point{'s' * (s.points != 1)} "
                    "to spend")


POSITIONAL = frozenset(("ATLANTIS", "BURN", "EXPEDITION", "REMOTE"))
"""Cards whose special moves depend on the tile the player's token is on (made afresh every time: cheaply)."""


def turn_moves(eng: Referee, player: str, parts: TurnParts | None = None) -> list[str]:
    """Return a turn's moves: end, cards for their points, steps, time travel, building, recycling, special actions.

    `parts` holds what earlier calls in the same turn made (see TurnParts); without it all is made afresh.
    """
    s = eng.s
    if parts is None:
        parts = TurnParts(player, s.hands[player].known)
    specials = eng.special_moves
    if parts.head is None:
        codes = sorted(parts.hand)
        parts.head = ["end", *map(POINTS_TEXTS.__getitem__, codes)]
        parts.codes = [code for code in codes if code in specials]
    board, points, here = s.board, s.points, s.positions[player]
    steps, levels = board.walks.get(here) or walks_from(eng, here)
    walk = levels[points if points < len(levels) else -1]
    moves = parts.head + (walk if walk is not None else walk_for(eng, steps, levels, points))
    cost = board.tiles[here].build
    if cost is not None and cost <= points and here not in board.cities and s.supply[player] > 0:
        moves.append("build")
    if parts.recycle is None:
        parts.recycle = recycle_moves(eng, player)
    moves += parts.recycle
    for code in parts.codes:
        if code in POSITIONAL:
            moves += specials[code](eng, player)
        else:
            found = parts.static.get(code)
            if found is None:
                found = parts.static[code] = specials[code](eng, player)
            moves += found
    return moves


def walks_from(eng: Referee, here: str) -> tuple[list[tuple[str, int]], list[list[str] | None]]:
    """Return (and remember until a token is laid or the tile gains a neighbour) the steps from a tile
    with their costs, and room for the moves that 0, 1, 2... points pay for (made when first asked)."""
    board = eng.s.board
    rails, tiles, walls = board.rail_tiles, board.tiles, board.wall_tiles
    steps = [(MOVE_TEXTS[n], 0 if n in rails else tiles[n].travel)  # Board.travel_cost, read once for each step
             for n in board.neighbours[here] if n not in walls]
    top = max(eng.numbers["time_travel_cost"], 0)
    for _, cost in steps:  # these points pay for all
        if cost > top:
            top = cost
    found = board.walks[here] = (steps, [None] * (top + 1))
    return found


def walk_for(eng: Referee, steps: list[tuple[str, int]], levels: list[list[str] | None], points: int) -> list[str]:
    """Return (and remember) the steps and time travel some points pay for."""
    points = min(points, len(levels) - 1)
    found = levels[points] = [text for text, cost in steps if cost <= points]
    if eng.numbers["time_travel_cost"] <= points:
        found.append("travel")
    return found


def recycle_moves(eng: Referee, player: str) -> list[str]:
    """Return the player's cities that may be destroyed for their token (only when none is left in the supply)."""
    s = eng.s
    if s.supply[player] > 0:
        return []
    spare = eng.option("recycle") == "unshielded"
    return [f"recycle {p}" for p, (who, _) in s.board.cities.items()
            if who == player and not (spare and s.board.protected(p))]


def _targets(eng: Referee, player: str) -> list[str]:
    """Tiles with an opponent's unprotected city."""
    board = eng.s.board
    return [p for p, (who, _) in board.cities.items() if who != player and not board.protected(p)]


def _atlantis(eng: Referee, player: str) -> list[str]:
    """Build Atlantis: on the empty past light sea under the token."""
    s = eng.s
    here = s.positions[player]
    ok = here[0] == "p" and s.board.terrain[here] == "light sea" and here not in s.board.cities
    return ["play ATLANTIS"] if ok and s.supply[player] > 0 else []


def _tokens(kind: str) -> Callable[[Referee, str], list[str]]:
    """Return the move generator of Build Railway or Build Wall."""
    def moves(eng: Referee, player: str) -> list[str]:
        """Every corner free of the other token, from the supply or moving a placed token (the same for
        every player and every board laid and tokened the same way: remembered)."""
        board = eng.s.board
        found = board.token_moves.get(kind)
        if found is not None:
            return found
        blocked = board.wall_tiles if kind == "RAIL" else board.rail_tiles
        placed = board.rails if kind == "RAIL" else board.walls
        total = eng.data.railways if kind == "RAIL" else eng.data.walls
        shape = eng.option("tokens")
        key = (kind, shape, eng.data.cells, board.anchors, blocked, tuple(placed), total)
        found = _TOKEN_MOVES.get(key)
        if found is None:
            sources = ([""] if len(placed) < total else []) + [f" from {t[0]}" for t in placed]
            shapes = board.all_chains() if shape == "connected" else board.all_corners()
            trios = [t for t in shapes if not blocked.intersection(t)]
            found = keep(_TOKEN_MOVES, key, [f"play {kind} {' '.join(t)}{src}" for t in trios for src in sources],
                         TOKEN_MOVES_KEPT)
        board.token_moves[kind] = found
        return found
    return moves


TOKEN_MOVES_KEPT = 128
"""How many boards' railway and wall moves are kept (the oldest go first; a board's list may hold hundreds)."""
_TOKEN_MOVES: dict[tuple[object, ...], list[str]] = {}
"""Build Railway and Build Wall moves by card, token shape, board layout and the tokens laid."""


def _burn(eng: Referee, player: str) -> list[str]:
    """Burn City: an opponent's unprotected city on the land under the token."""
    board = eng.s.board
    here = eng.s.positions[player]
    ok = board.terrain[here] in LAND and board.owner(here) not in (None, player) and not board.protected(here)
    return ["play BURN"] if ok else []


def _expedition_play(eng: Referee, player: str) -> list[str]:
    """Expedition: when a group is left and one fits against the token's past tile."""
    s = eng.s
    here = s.positions[player]
    if here[0] != "p" and eng.option("expedition") == "past":
        return []
    base = here if here[0] == "p" else twin(here)
    room = s.past_deck and s.future_next <= len(eng.data.future_groups) and can_place(eng, base)
    return ["play EXPEDITION"] if room else []


def _takeover(eng: Referee, player: str) -> list[str]:
    """Hostile Takeover: opponents' unprotected cities next to one of the player's."""
    board = eng.s.board
    if eng.s.supply[player] <= 0:
        return []
    cities, shields, near = board.cities, board.shields, board.neighbours
    mine = {p for p, (who, _) in cities.items() if who == player}
    return [TAKEOVER_TEXTS[p] for p, (who, _) in cities.items()
            if who != player and p not in shields and not mine.isdisjoint(near[p])]


def _metropolis(eng: Referee, player: str) -> list[str]:
    """Metropolis: the player's single future cities with 3+ cities around."""
    return [f"play METROPOLIS {p}" for p in _metropolis_sites(eng, player)]


def _metropolis_sites(eng: Referee, player: str) -> list[str]:
    """Return the tiles where a player may play Metropolis: their single future cities with 3+ cities around."""
    board = eng.s.board
    if eng.s.supply[player] <= 0:
        return []
    single = (player, 1)
    return [p for p, city in board.cities.items() if city == single and p[0] == "f" and board.cities_around(p) >= 3]


def _remote(eng: Referee, player: str) -> list[str]:
    """Remote Construction: empty future tiles next to the token in the future."""
    s = eng.s
    here = s.positions[player]
    if here[0] != "f" or s.supply[player] <= 0:
        return []
    return [f"play REMOTE {n}" for n in s.board.neighbours[here] if n not in s.board.cities]


def _army(eng: Referee, player: str) -> list[str]:
    """Standing Army: every tile without a shield, while the player may place one."""
    s = eng.s
    mine = sum(1 for who in s.board.shields.values() if who == player)
    if s.shield_supply <= 0 or mine >= eng.numbers["shields_per_player"]:
        return []
    return [f"play ARMY {p}" for p in s.board.ordered("p") + s.board.ordered("f") if p not in s.board.shields]


def _embassy(eng: Referee, player: str) -> list[str]:
    """Embassy: one or two other players to a tile with the player's city."""
    s = eng.s
    others = [p for p in s.seats if p != player]
    groups = [(p,) for p in others] + list(combinations(others, 2))
    mine = [p for p, (who, _) in s.board.cities.items() if who == player]
    return [f"play EMBASSY {p} {' '.join(g)}" for p in mine for g in groups]


def _enemy(eng: Referee, player: str) -> list[str]:
    """The Enemy of my Enemy: an opponent's unprotected city to a third player with a token."""
    s = eng.s
    moves = []
    for pos in _targets(eng, player):
        owner = s.board.owner(pos)
        moves += [f"play ENEMY {pos} {a}" for a in s.seats if a not in (player, owner) and s.supply[a] > 0]
    return moves


SPECIAL_MOVES = {
    "ATLANTIS": _atlantis, "RAIL": _tokens("RAIL"), "WALL": _tokens("WALL"), "BURN": _burn,
    "EXPEDITION": _expedition_play, "TAKEOVER": _takeover, "METROPOLIS": _metropolis,
    "REMOTE": _remote, "ARMY": _army, "EMBASSY": _embassy, "ENEMY": _enemy,
}
PHASES = {Phase.TILES: _tiles, Phase.CLOCKS: _clocks, Phase.START: _start, Phase.DRAW: _draw,
          Phase.TURN: _turn, Phase.CLOSE: _close}
