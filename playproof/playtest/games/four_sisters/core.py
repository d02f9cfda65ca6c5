"""Four Sisters engine core: the state, argument parsing and the turn flow (steps 7 and 8)."""

from __future__ import annotations

from pathlib import Path

from playproof.errors import PlayproofError
from playproof.playtest.engine import Engine, Event, Setup, Status, Violation, example_project
from playproof.playtest.games.four_sisters.conflict import card_at
from playproof.playtest.games.four_sisters.data import GameData, load_game_data
from playproof.playtest.games.four_sisters.rules import GAME_ID, RULES
from playproof.playtest.games.four_sisters.state import (
    OVER, PASSED, REFILL, SETUP, START, Conflict, Outcome, Seat, Settled,
)

UNKNOWN = "?"
OPTIONS = {
    "sabbath": "This game is a Sabbath game: any card may defeat a Queen in Conflict.",
    "game": "Number of this game in the week-long series; every seventh one is a Sabbath game.",
    "suits": "Suit letters in seat order (default H C D S): Younger and Elder must alternate.",
    "partial-squander": "A player may discard part of her hand and place nothing.",
    "late-run-out": "Variant: a team loses by running out only once both partners have ended a turn "
                    "short of a full hand with an empty Scheme (a Scheme a Queen refilled makes her able again).",
    "early-run-out": "The default, in the rulebook's words (kept for older logs): a player whose Scheme ran "
                     "out is unable to draw, and a team loses once both its Schemes are empty.",
}


class BadMove(Exception):
    """A move whose text does not fit the vocabulary (reported as four-sisters/log-move)."""

    def __init__(self, message: str, status: Status = Status.VIOLATION) -> None:
        super().__init__(message)
        self.status = status


class Core(Engine):
    """Four Sisters state and the flow every move handler relies on."""

    game_id = GAME_ID
    title = "Four Sisters"
    rules = RULES
    min_players = 4
    max_players = 4
    options = OPTIONS

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.data: GameData = load_game_data(_project(setup))
        suits = _seat_suits(setup, self.data)
        self.order: list[str] = _turn_order(setup, self.data, suits)
        self.seating = tuple(self.order)  # keys the parsed move texts shared across engines
        self.seated_names: dict[str, str] = {}  # lower-case name -> as seated (first one wins)
        for name in self.order:
            self.seated_names.setdefault(name.lower(), name)
        self.seats: dict[str, Seat] = self._deal_schemes(setup, suits)
        self.owner: dict[str, str] = {s.suit: s.name for s in self.seats.values()}
        self.board: dict[str, str | None] = {room: None for room in self.data.rooms}
        self.oubliette: set[str] = set()
        self.hour = 1
        self.turn = 0  # index into self.order of the player whose turn it is
        self.turns_played = 0
        self.last_line = 0  # line of the latest event (findings of finish() point there)
        self.stage = SETUP
        self.owed: dict[str, int] = {p: self.data.hand_size for p in self.order}
        self.conflict: Conflict | None = None
        self.last_outcome: Outcome | None = None
        self.settled: Settled | None = None  # a Conflict the latest line resolved
        self.reopenable: Settled | None = None  # one this line may reopen with a further discard
        self.stormed: set[str] = set()
        self.passed = False  # the turn's player passed at step 1: her turn skips to the Clock
        self.end_reason = ""
        self.played_on = False  # a move was made after the Day ended (reported once)
        self.winner = ""
        self.sabbath = _is_sabbath(setup, self.data)
        self.partial_squander = setup.options.get("partial-squander", "") not in ("", "false")
        # "If a player's Scheme runs out, she is still considered playing, but is unable to draw ...
        # if both players on any team are unable to draw, that team has lost the Day": by default a
        # team loses once both Schemes are empty (variant late-run-out: once both partners ended a
        # turn needing a card they could not draw)
        self.late_run_out = setup.options.get("late-run-out", "") not in ("", "false")
        self.short: set[str] = set()
        """Players who ended a turn unable to draw a card they needed (the default reading)."""
        self.draw_memo: tuple[Event, tuple[str, str]] | None = None
        """The latest draw event parsed and what it names (the flow and the draw both read it)."""

    def _deal_schemes(self, setup: Setup, suits: list[str]) -> dict[str, Seat]:
        """Give each player her ten-card Scheme, its order secret."""
        seats = {}
        for name, suit in zip(setup.players, suits):
            cards = self.data.suit_cards(suit)
            seats[name] = Seat(name, suit, self.data.teams[suit], pool=set(cards), stack=len(cards))
        return seats

    # ----- small queries -------------------------------------------------------------------

    @property
    def current(self) -> str:
        """The player whose turn it is."""
        return self.order[self.turn]

    def team_of(self, card: str) -> str:
        """The team a card belongs to."""
        return self.data.cards[card].team

    def value(self, card: str) -> int:
        """A card's value (Queen 0, Ace 1)."""
        return self.data.values[card]

    def queens_in_oubliette(self) -> bool:
        """True when every Queen lies in the Oubliette."""
        return self.oubliette.issuperset(self.data.queens)

    def queens_in_chateau(self) -> bool:
        """True when every Queen is in a Room of the Chateau."""
        return set(self.board.values()).issuperset(self.data.queens)

    def room_of(self, card: str) -> str | None:
        """The Room holding a card, if it is in the Chateau."""
        return next((r for r, c in self.board.items() if c == card), None)

    def owner_at(self, room: str) -> str:
        """The player whose card lies in an occupied Room."""
        return self.owner[card_at(self.data, self.board, room).suit]

    def own_queen(self, seat: Seat) -> str:
        """The Queen of a player's suit."""
        return next(q for q in self.data.queens if self.data.cards[q].suit == seat.suit)

    # ----- parsing (raises BadMove) -------------------------------------------------------

    def parse_card(self, token: str, hidden_ok: bool = False) -> str:
        """Return a card id from a token like 7H or QS (`?` where hidden cards may be)."""
        card = token.upper()
        if card == UNKNOWN:
            if hidden_ok:
                return UNKNOWN
            raise BadMove("a card shown at the table is not recorded yet; reveal it to check "
                          "this move", Status.UNDETERMINED)
        if card not in self.data.cards:
            raise BadMove(f'"{token}" is not a card (write value then suit, like 7H, AS or QD)')
        return card

    def parse_room(self, token: str) -> str:
        """Return a Room name from a token like B2."""
        room = token.upper()
        if room not in self.board:
            rooms = f"{self.data.rooms[0]}-{self.data.rooms[-1]}"
            raise BadMove(f'"{token}" is not a Room of the Chateau ({rooms})')
        return room

    def parse_player(self, token: str) -> str:
        """Return a player's name as seated, matching case-insensitively."""
        name = self.seated_names.get(token.lower())
        if name is not None:
            return name
        raise BadMove(f'"{token}" is not a player ({", ".join(self.order)})')

    # ----- hand and Scheme effects ----------------------------------------------------------

    def take(self, seat: Seat, card: str, event: Event, out: list[Violation]) -> bool:
        """Remove a card from a hand to play it; report it when she cannot hold it."""
        if card == UNKNOWN:
            out.append(self.violation("hand-card", f"{seat.name}'s card is not recorded yet; "
                                      "reveal it to check it", event, Status.UNDETERMINED))
            if seat.unknown:
                seat.unknown -= 1
                seat.lost += 1
            return False
        if seat.take_from_hand(card):
            return True
        out.append(self.violation("hand-card", f"{card} is not in {seat.name}'s hand", event))
        return self._take_anyway(seat, card)

    def _take_anyway(self, seat: Seat, card: str) -> bool:
        """Let the table's game go on with a card still in her Scheme; False if it is elsewhere."""
        if seat.in_stack(card):
            seat.pull(card)
            return True
        if card in seat.bottom:
            seat.bottom.remove(card)
            return True
        return False

    def discard(self, seat: Seat, cards: list[str], event: Event, out: list[Violation]) -> int:
        """Discard cards from a hand to the Oubliette; return how many went."""
        gone = 0
        for card in cards:
            if self.take(seat, card, event, out):
                self.oubliette.add(card)
                gone += 1
            elif card == UNKNOWN:
                gone += 1
        return gone

    def draw(self, seat: Seat, card: str, event: Event, out: list[Violation]) -> None:
        """Draw the top card of a Scheme into the hand, checking it could be that card."""
        if seat.scheme_count == 0:
            out.append(self.violation("scheme-draw", f"{seat.name}'s Scheme is empty", event))
            return
        top = seat.next_draw()
        if card == UNKNOWN or card == top or (top is None and seat.stack and seat.may_be_hidden(card)):
            self._draw_top(seat, card)
        elif seat.in_stack(card) or card in seat.bottom:
            # Drawn out of order: the card the table drew is in her hand, the top stays on top
            where = top if top is not None else "a hidden card"
            out.append(self.violation("scheme-draw", f"{card} is not the top of {seat.name}'s Scheme "
                                      f"({where} is): the order may not change once play has begun",
                                      event))
            self._take_anyway(seat, card)
            seat.hand.append(card)
        else:
            why = (f"{card} is not in {seat.name}'s Scheme" if top is None else
                   f"the top of {seat.name}'s Scheme is {top}, not {card}")
            out.append(self.violation("scheme-draw", why, event))
            self._draw_top(seat, UNKNOWN)  # she drew her top card, whatever it was

    def _draw_top(self, seat: Seat, card: str) -> None:
        """Move the top of a Scheme into the hand (named as `card` when the top was hidden)."""
        top = seat.pop_top()
        if top != UNKNOWN:
            seat.hand.append(top)
        elif card != UNKNOWN:
            seat.pool.discard(card)
            seat.hand.append(card)
        else:
            seat.unknown += 1

    # ----- the turn flow -------------------------------------------------------------------

    def fill_draws(self) -> None:
        """Draw every owed card unseen (the log need not name hidden draws)."""
        for name, count in self.owed.items():
            seat = self.seats[name]
            for _ in range(min(count, seat.scheme_count)):
                self._draw_top(seat, UNKNOWN)
            self.owed[name] = 0

    def start_play(self) -> None:
        """End the opening draws: Hearts takes the first turn at one o'clock."""
        self.fill_draws()
        self.stage = START
        self.turn = 0

    def close_turn(self) -> None:
        """Step 7: owe the draws that bring the hand back to three; finish when none are owed."""
        if self.stage == PASSED:  # a pass has drawn its one replacement: no refill
            self.finish_turn()
            return
        seat = self.seats[self.current]
        self.owed[seat.name] = max(0, min(self.data.hand_size - seat.hand_count, seat.scheme_count))
        self.begin_refill()

    def begin_refill(self) -> None:
        """Enter the refill step, leaving it at once when nothing is owed."""
        self.stage = REFILL
        if self.owed[self.current] == 0:
            self.refilled()

    def refilled(self) -> None:
        """The owed draws are done: finish the turn, or after a pass wait for its end (step 8)."""
        # A pass skips to step 8: the turn is still hers until it ends, so a move she adds to
        # it is out of step (order-step), not a turn of her own
        if self.passed:
            self.stage = PASSED
        else:
            self.finish_turn()

    def finish_turn(self) -> None:
        """Step 8 and the end of the Day: advance the Clock, then end the Day or pass the turn."""
        # The Clock stands still while all four Queens are in the Chateau; after 6 comes 1
        if not self.queens_in_chateau():
            self.hour = self.hour % self.data.clock_hours + 1
        self.turns_played += 1
        self.conflict = None
        self.passed = False
        if all(self.board.values()):
            self.end_day("full", self.leading_team())
        elif out := self.teams_run_out():
            self.end_day("run-out", "none" if len(out) > 1 else self.other_team(out[0]))
        else:
            self.turn = (self.turn + 1) % len(self.order)
            self.stage = START

    def end_day(self, reason: str, winner: str) -> None:
        """Record that the Day is over and who won it."""
        self.stage = OVER
        self.end_reason = reason
        self.winner = winner

    def teams_run_out(self) -> list[str]:
        """Teams whose two players are both unable to draw: both Schemes empty (variant late-run-out: short)."""
        if self.late_run_out:
            self._note_short()
            if len(self.short) < 2:  # a team has two players: nobody has run out yet
                return []
            out = {s.team for s in self.seats.values()} - {s.team for s in self.seats.values()
                                                           if s.name not in self.short}
        else:
            out = set(self.data.teams.values()) - {s.team for s in self.seats.values() if s.scheme_count}
        return [t for t in dict.fromkeys(self.data.teams.values()) if t in out]

    def _note_short(self) -> None:
        """Mark the player whose turn ends short of a full hand with an empty Scheme."""
        # A Scheme refilled (Intrigue's Queen, a defeat, a Storm) makes a player able to draw again
        seat = self.seats[self.current]
        if not seat.scheme_count and seat.hand_count < self.data.hand_size:
            self.short.add(seat.name)
        if self.short:
            self.short = {name for name in self.short if not self.seats[name].scheme_count}

    def other_team(self, team: str) -> str:
        """The opposing team."""
        return next(t for t in self.data.teams.values() if t != team)

    def team_totals(self) -> dict[str, int]:
        """Each team's Chateau total, Queens counting their Day value."""
        totals = dict.fromkeys(self.data.teams.values(), 0)
        for card in self.board.values():
            if card is not None:
                info = self.data.cards[card]
                totals[info.team] += self.data.queen_day_value if info.is_queen else info.value
        return totals

    def leading_team(self) -> str:
        """The team with the higher total, or "none" on equal totals."""
        (a, x), (b, y) = self.team_totals().items()
        return a if x > y else b if y > x else "none"

    def jump_to(self, player: str) -> None:
        """Let the table's game go on with the player who actually moved."""
        self.turn = self.order.index(player)
        self.stage = START
        self.passed = False


def _project(setup: Setup) -> Path:
    """Return the project whose workbook holds the numbers."""
    project = setup.project or example_project(GAME_ID)
    if project is None:
        raise PlayproofError("four-sisters: no project given and no bundled example project found")
    return project


def _seat_suits(setup: Setup, data: GameData) -> list[str]:
    """Return each seat's suit letter, checking that partners sit opposite."""
    if len(setup.players) != len(data.suits):
        raise PlayproofError(f"four-sisters is played by {len(data.suits)} players (two teams, one "
                             f"suit each: {' '.join(data.suits)}), not {len(setup.players)}")
    default = [data.first_suit] + [s for s in _alternating(data) if s != data.first_suit]
    text = setup.options.get("suits", "")
    suits = [s.upper() for s in text.replace(",", " ").split()] if text else default
    teams = [data.teams.get(s) for s in suits]
    if (sorted(suits) != sorted(data.suits) or len(suits) != len(setup.players)
            or any(teams[i] == teams[(i + 1) % len(teams)] for i in range(len(teams)))):
        raise PlayproofError(f'four-sisters: suits "{text or " ".join(default)}" must give each of '
                             f"the {len(setup.players)} players one of {' '.join(data.suits)}, "
                             "Younger and Elder seats alternating")
    return suits


def _alternating(data: GameData) -> list[str]:
    """Return the suits in an order that alternates the teams, starting after the first suit."""
    first_team = data.teams[data.first_suit]
    mine = [s for s in data.suits if data.teams[s] == first_team and s != data.first_suit]
    theirs = [s for s in data.suits if data.teams[s] != first_team]
    order = []
    for i, suit in enumerate(theirs):
        order.append(suit)
        if i < len(mine):
            order.append(mine[i])
    return order


def _turn_order(setup: Setup, data: GameData, suits: list[str]) -> list[str]:
    """Return the players clockwise from the one holding the first suit (Hearts)."""
    start = suits.index(data.first_suit)
    players = list(setup.players)
    return players[start:] + players[:start]


def _is_sabbath(setup: Setup, data: GameData) -> bool:
    """True for a Sabbath game (variant `sabbath`, or game number a multiple of seven)."""
    if setup.options.get("sabbath", "") not in ("", "false"):
        return True
    number = setup.options.get("game", "")
    return number.isdigit() and int(number) % data.sabbath_every == 0
