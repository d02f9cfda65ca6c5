"""The Battle for Seven Cities referee: event dispatch, windows that close lazily, and the flow of rounds."""

from __future__ import annotations

import copy
from typing import Callable, ClassVar, Mapping

from playproof.errors import PlayproofError
from playproof.playtest.engine import (TABLE, Decision, Engine, Event, EventKind, Setup, Status, Violation,
                                       example_project)
from playproof.playtest.games.battle_for_seven_cities import actions, cards, legal, offers, runner
from playproof.playtest.games.battle_for_seven_cities.board import DIRECTIONS, Board
from playproof.playtest.games.battle_for_seven_cities.common import is_reaction
from playproof.playtest.games.battle_for_seven_cities.data import GameData, clock_minutes, load
from playproof.playtest.games.battle_for_seven_cities.kept import PileCodes, TurnParts
from playproof.playtest.games.battle_for_seven_cities.rules import GAME_ID, RULES
from playproof.playtest.games.battle_for_seven_cities.state import Hand, Phase, State

DEFAULT_ROUND_CAP = 0
"""No round cap by default: the rules end the game only when a player has 7 future cities (variant `rounds=N`)."""
MARKER = EventKind.MARKER
PLAYER_VERBS = frozenset(("start", "points", "move", "travel", "build", "recycle", "end", "discard", "play", "place",
                          "pass"))
TABLE_VERBS = frozenset(("tile", "clock", "first", "city", "winner", "reshuffle"))
"""Records only the table writes (`draw` and `hand` may be written either way)."""
OBSERVATIONS = frozenset(("city", "first", "winner", "reshuffle", "hand"))
"""Logged consequences: checked against the state; round draws still to come are not skipped by them."""
QUIET = frozenset(("hand", "reshuffle"))
"""Records that interrupt nothing: a reaction may still answer what came before them."""
Handler = Callable[["BattleEngine", Event, list[str], list[Violation]], None]


class BattleEngine(Engine):
    """Referee of Battle for Seven Cities."""

    game_id: ClassVar[str] = GAME_ID
    title: ClassVar[str] = "Battle for Seven Cities"
    rules = RULES
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    from playproof.playtest.games.battle_for_seven_cities.heuristic import heuristic  # bots' value of a position
    options: ClassVar[dict[str, str]] = {
        "start": "Setup: the time the game started (h:mm), for the clock cards; default 12:00",
        "first": "Setup: who holds the time-shift card (no clock cards dealt)",
        "clock": "before (default: nearest time not past the start) | upcoming (nearest time after it)",
        "rounds": "round cap (a variant the rules do not have): the game ends after this round at the latest "
                  "(default: no cap)",
        "win-count": "all (default: past and future cities count) | future (only future cities count)",
        "tokens": "corner (default: railway and wall cover 3 tiles meeting at a corner) | connected",
        "defend": "any (default: any opponent of the attacker plays Defend City) | owner (only the attacked "
                  "city's owner)",
        "expedition": "past (default: the token must be in the past) | twin (from the future too, touching the "
                      "past tile under the token)",
        "recycle": "any (default: a player out of tokens destroys any of their cities) | unshielded (not on a "
                   "shielded tile)",
        "shortage": "copy (default: every past city is copied forward, with a stand-in token if its owner has "
                    "none left) | skip (a past city whose owner has no token left is not copied)",
        "layout": "Setup: the starting tile-groups' anchors q,r (default: the Board Layout sheet)",
    }

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.data = _data(setup)
        players = tuple(setup.players)
        if not self.min_players <= len(players) <= self.max_players or len(set(players)) != len(players):
            raise PlayproofError(f"Battle for Seven Cities needs 2 to 6 different players, got {len(players)}")
        self.round_cap = _whole(setup.options.get("rounds"), DEFAULT_ROUND_CAP, "rounds")
        _check_options(setup.options)
        self.numbers = self.data.numbers
        self.layout = _layout(setup.options.get("layout"), self.data)
        self.s = State(board=Board(self.data), seats=players)
        # the variant options with a fixed set of values as played, and the cards' special moves by code
        self.choices = {name: setup.options.get(name) or allowed[0] for name, allowed in CHOICES.items()}
        self.special_moves = {code: moves for code, moves in legal.SPECIAL_MOVES.items()
                              if code in self.data.cards and self.data.cards[code].special}
        # kept by random play's fast path (offers.py): a turn's moves, and the sorted codes of the pile drawn from
        self.turn_parts: TurnParts | None = None
        self.draw_codes: PileCodes | None = None
        self._set_up(players)

    def _set_up(self, players: tuple[str, ...]) -> None:
        """Deal out the supplies and the deck for this player count."""
        s = self.s
        deck = self.data.deck(len(players))
        s.deck.cards, s.deck.size = deck, sum(deck.values())
        s.hands = {p: Hand() for p in players}
        s.supply = {p: self.data.cities_per_player for p in players}
        s.shield_supply = self.data.shields
        s.past_deck = list(self.data.past_groups)
        first = self.setup.options.get("first", "").strip()
        if first:
            if first not in players:
                raise PlayproofError(f'Setup first="{first}" is not one of the players ({", ".join(players)})')
            s.first, s.order = first, s.clockwise_from(first)  # no clock cards are dealt

    def __deepcopy__(self, memo: dict[int, object]) -> BattleEngine:
        """Return an independent copy of the game for search (clone): the state copied, setup and data shared."""
        twin = copy.copy(self)
        twin.s = self.s.copy()
        twin.forget()
        return twin

    # -- the Engine contract -------------------------------------------------------------

    def apply(self, event: Event) -> list[Violation]:
        """Check one event, apply it whatever the verdict, and return every violation."""
        self.forget()  # what the fast path kept may not hold after this event
        if event.kind is MARKER:
            if actions.shows_turn_over(self, event):
                self.close_unwritten(event)
            return []
        found: list[Violation] = []
        handler = HANDLERS.get(event.verb)
        if event.actor != TABLE and event.actor not in self.s.seats:
            found.append(self.v("log-known-verb", f'"{event.actor}" is not a player of this game', event))
            return found
        if handler is None:
            found.append(self.v("log-known-verb", f'"{event.verb}" is not a Battle for Seven Cities move', event))
            return found
        if event.actor == TABLE and event.verb in PLAYER_VERBS:
            found.append(self.v("log-known-verb", f'"{event.verb}" is a player\'s move, not the table\'s', event))
            return found
        if event.actor != TABLE and event.verb in TABLE_VERBS:
            found.append(self.v("log-known-verb", f'"{event.verb}" is the table\'s record: table: {event.text}', event))
            return found
        if self.s.phase is Phase.OVER and event.verb not in ("winner", "city"):
            found.append(self.v("win-end-of-round", f"the game ended at the end of round {self.s.round}", event))
            return found
        self.settle(event, found)
        handler(self, event, event.args.split(), found)
        self.advance(found)
        return found

    def decision(self) -> Decision | None:
        """Return whose decision it is and every legal move."""
        return legal.decision(self)

    offer = offers.offer  # the fast path of random play (see there)

    # random play's fast path applies the offered moves of a turn, a draw and a discard with these
    play_turn = offers.play_turn
    play_draw = offers.play_draw
    play_discard = offers.play_discard
    random_run = runner.run  # `playproof simulate` plays turns, closings and round draws through this (see there)

    def forget(self) -> None:
        """Drop what random play's fast path keeps (a turn's moves, the pile's codes): the state changed otherwise."""
        self.turn_parts = self.draw_codes = None

    def is_over(self) -> bool:
        """Return True when the game has ended."""
        return self.s.phase is Phase.OVER

    def scores(self) -> dict[str, int]:
        """Return each player's city count: all their cities ("the player with the most cities wins"),
        or only future ones with win-count=future."""
        era = "f" if self.option("win-count") == "future" else None
        return self.s.board.tokens(self.s.seats, era)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Return the cities that score, in parts that add up: future land, future water (and past)."""
        b, counts_past = self.s.board, self.option("win-count") == "all"
        parts = {}
        for player, total in self.scores().items():
            water = b.count(player, "f", water=True)
            parts[player] = {"future land": b.count(player, "f") - water, "future water": water}
            if counts_past:
                parts[player]["past"] = b.count(player, "p")
            parts[player]["total"] = total
        return parts

    def winners(self) -> list[str]:
        """Return the winner(s) named at the round's end that ended the game, or who leads now."""
        # Most cities win, future cities on water break a tie; a tie on both is a shared win.
        return list(self.s.winners if self.is_over() else self.leaders())

    def round_label(self) -> str:
        """Return the round number."""
        return f"Round {self.s.round}"

    def summary(self) -> str:
        """Return a one-line state description."""
        s = self.s
        cities = ", ".join(f"{p} {n}" for p, n in self.scores().items())
        who = f", {s.active} to act" if s.phase in (Phase.TURN, Phase.START) else ""
        return f"Round {s.round}, {s.phase}{who}; future cities: {cities}"

    def finish(self) -> list[Violation]:
        """Nothing an unfinished log leaves open is a violation: a session may stop any time."""
        return []

    # -- helpers the handlers share ------------------------------------------------------

    def option(self, name: str) -> str:
        """Return a variant option's value, or its default (the first of its CHOICES)."""
        return self.choices[name]

    def v(self, rule: str, message: str, event: Event | int,
          status: Status = Status.VIOLATION) -> Violation:
        """Return a violation of a rule of this game."""
        return self.violation(f"{GAME_ID}/{rule}", message, event, status)

    def begin_order(self, first: str) -> None:
        """Give the time-shift card to a player and go to the starting positions."""
        s = self.s
        s.first, s.order, s.turn = first, s.clockwise_from(first), 0
        s.phase = Phase.START

    def first_by_clock(self) -> str:
        """Return who holds the clock time nearest the start time (before it, or after it)."""
        start = clock_minutes(self.setup.options.get("start", "12:00")) or 0
        upcoming = self.setup.options.get("clock", "before") == "upcoming"

        def distance(player: str) -> int:
            """Minutes from the player's clock time to the start time (or back), round the dial."""
            time = self.data.clocks[self.s.clocks[player]]
            return (time - start) % 720 if upcoming else (start - time) % 720
        return min(self.s.clocks, key=lambda p: (distance(p), self.s.seats.index(p)))

    def settle(self, event: Event, found: list[Violation]) -> None:
        """Close whatever the event shows is over: reaction windows, missing setup, draws, a turn."""
        s = self.s
        if actions.shows_turn_over(self, event):
            self.close_unwritten(event)
        quiet = event.verb in QUIET  # a hand-size record or a reshuffle leaves a reaction open
        if s.offers and not quiet and not legal.answers_offer(self, event):
            s.offers.clear()
        while s.window is not None and not quiet and not cards.addresses_window(self, event):
            cards.close_window(self)
        if s.expedition is not None and not cards.continues_expedition(self, event):
            cards.abandon_expedition(self, event, found)
        if s.phase in (Phase.TILES, Phase.CLOCKS, Phase.START):
            actions.settle_setup(self, event, found)
        if (s.phase is Phase.DRAW and not actions.is_draw(self, event) and event.verb not in OBSERVATIONS
                and not is_reaction(self, event)):
            for player in list(s.draws_due):  # draws the log left out happened face down
                if s.can_draw():
                    actions.draw(self, player, None)
            s.draws_due.clear()
        if s.phase is Phase.CLOSE and not actions.continues_close(self, event):
            self.finish_turn(found)

    def advance(self, found: list[Violation]) -> None:
        """Move the flow on as far as it goes without anyone's decision."""
        s = self.s
        while s.window is not None and not cards.can_react(self):
            cards.close_window(self)
        while s.offers and not legal.can_offer(self, s.offers[0]):
            s.offers.pop(0)
        if s.phase is Phase.DRAW and (not s.draws_due or not s.can_draw()):
            s.draws_due.clear()
            self.start_turn(0)
        if s.phase is Phase.CLOSE and actions.close_done(self):
            self.finish_turn(found)

    def close_unwritten(self, event: Event) -> None:
        """Close a turn whose player used all their cards without writing `end` (nothing more to check)."""
        actions.close_turn(self, event.line)
        if actions.close_done(self):
            self.finish_turn([])

    def start_round_draws(self) -> None:
        """Queue the round's draws: every player, in player order, draws 3 cards."""
        s = self.s
        each, due = self.numbers["round_draw"], []
        for player in s.order:
            due += [player] * each
        s.draws_due = due
        s.phase = Phase.DRAW

    def start_turn(self, index: int) -> None:
        """Begin the turn of the player at an index of the player order."""
        s = self.s
        s.turn, s.phase = index, Phase.TURN
        s.points = s.extra_earned = s.extra_drawn = 0
        self.turn_parts = None
        s.dropped = None
        s.offers = legal.metropolis_offers(self)

    def finish_turn(self, found: list[Violation]) -> None:
        """End a turn: check the hand limit, then pass to the next player or end the round."""
        s = self.s
        player, limit = s.active, self.numbers["hand_limit"]
        if s.hands[player].size > limit:
            found.append(self.v("turn-hand-limit", f"{player} ended the turn holding {s.hands[player].size} "
                                f"cards; discard down to {limit}", s.end_line))
        self.next_turn()

    def next_turn(self) -> None:
        """Pass to the next player, or end the round after the last player's turn."""
        s = self.s
        s.last_earned = s.extra_earned
        if s.turn + 1 < len(s.order):
            self.start_turn(s.turn + 1)
        else:
            self.end_round()

    def end_round(self) -> None:
        """Run the correctional timeshift, check for a winner, and pass the time-shift card."""
        s = self.s
        actions.timeshift(self)
        if s.board.most(s.seats) >= self.numbers["win_cities"] or 0 < self.round_cap <= s.round:
            s.winners = self.leaders()
            s.phase = Phase.OVER
            return
        s.first = s.counterclockwise_next()
        s.order, s.round = s.clockwise_from(s.first), s.round + 1
        self.start_round_draws()
        self.advance([])

    def leaders(self) -> tuple[str, ...]:
        """Return the players with the most cities, future cities on water breaking ties."""
        scores = self.scores()
        key = {p: (scores[p], self.s.board.count(p, "f", water=True)) for p in self.s.seats}
        best = max(key.values())
        return tuple(p for p in self.s.seats if key[p] == best)


def _data(setup: Setup) -> GameData:
    """Load the workbook of the log's project (or the bundled example)."""
    project = setup.project or example_project(GAME_ID)
    if project is None:
        raise PlayproofError(f"no project for {GAME_ID}: give the log a [Project \"path\"] header")
    return load(project)


def _whole(value: str | None, default: int, name: str) -> int:
    """Return a whole-number option, or raise a readable error."""
    if value is None or value == "true":
        return default
    if not (value.strip().isascii() and value.strip().isdigit()) or int(value) < 1:
        raise PlayproofError(f'option {name}="{value}" must be a whole number of at least 1')
    return int(value)


def _layout(text: str | None, data: GameData) -> tuple[tuple[int, int], ...]:
    """Return the starting slots' anchors: the Board Layout sheet, or Setup layout="0,0 2,0 1,2"."""
    if text is None:
        return tuple((q, r) for _, q, r in data.layout)
    try:
        anchors = tuple((int(q), int(r)) for q, r in (pair.split(",") for pair in text.split()))
    except ValueError:
        anchors = ()
    hexes = [{(q + dq, r + dr) for dq, dr in data.cells} for q, r in anchors]
    union = set().union(*hexes) if hexes else set()
    if len(anchors) != len(data.layout) or len(union) != len(data.cells) * len(anchors) or not _connected(union):
        raise PlayproofError(f'Setup layout="{text}" must give {len(data.layout)} anchors q,r of tile-groups '
                             "that touch without overlapping, like layout=0,0 2,0 1,2")
    return anchors


def _connected(hexes: set[tuple[int, int]]) -> bool:
    """Return True when axial hexes form one connected piece."""
    todo, seen = [next(iter(hexes))], set()
    while todo:
        q, r = todo.pop()
        seen.add((q, r))
        todo += [(q + dq, r + dr) for dq, dr in DIRECTIONS.values() if (q + dq, r + dr) in hexes - seen]
    return seen == hexes


CHOICES = {"clock": ("before", "upcoming"), "defend": ("any", "owner"), "win-count": ("all", "future"),
           "tokens": ("corner", "connected"), "expedition": ("past", "twin"), "recycle": ("any", "unshielded"),
           "shortage": ("copy", "skip")}
"""Variant options with a fixed set of values; the first is the default."""


def _check_options(options: Mapping[str, str]) -> None:
    """Refuse option values the engine does not know, naming the accepted ones."""
    for name, allowed in CHOICES.items():
        if name in options and options[name] not in allowed:
            raise PlayproofError(f'option {name}="{options[name]}" must be one of: {", ".join(allowed)}')
    if "start" in options and clock_minutes(options["start"]) is None:
        raise PlayproofError(f'Setup start="{options["start"]}" must be a time like 19:40')


HANDLERS: dict[str, Handler] = {**actions.HANDLERS, **cards.HANDLERS}
offers.HANDLERS.update(HANDLERS)
