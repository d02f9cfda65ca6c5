"""The Seven Sisters referee: the round's steps in order, each logged move checked and applied."""

from __future__ import annotations

import copy

from playproof.errors import PlayproofError
from playproof.playtest.engine import (TABLE, Decision, Engine, Event, EventKind, Setup, Status,
                                       Violation, example_project)
from playproof.playtest.games.seven_sisters import scoring
from playproof.playtest.games.seven_sisters.actions import ActionContext, perform
from playproof.playtest.games.seven_sisters.data import load_data
from playproof.playtest.games.seven_sisters.legal import move_texts
from playproof.playtest.games.seven_sisters.moves import (Buyback, Claim, Deal, Envy, Flip, Move,
                                                          MoveError, Play, PlayerMove, Refill,
                                                          SisterMove, Take, move_parser)
from playproof.playtest.games.seven_sisters.rules import GAME_ID, OPTIONS, RULES
from playproof.playtest.games.seven_sisters.scoring_pass import ScoringPass
from playproof.playtest.games.seven_sisters.state import Table

MARKER = EventKind.MARKER
DEAL_PROMPT = "deal a card (hands are secret: the deal may stay unlogged, or use ? for unseen cards)"
STEPS = ("first", "tiles", "place", "deal", "flip", "take", "play", "score", "over")
"""The steps of a game in the order they come round after round."""
STEP_NAMES = {"first": "drawing of the first player", "tiles": "laying of the tiles",
              "place": "round-start placement", "deal": "deal", "flip": "turn-marker flip",
              "take": "taking of goods", "play": "card play", "score": "scoring", "over": "end"}
"""Each step as a player would name it."""
HOME_STEP = {Deal: "deal", Flip: "flip", Take: "take", Play: "play", Envy: "score", Buyback: "score"}
SISTER_VERB_STEP = {"place": "place", "tile": "tiles", "wrath": "score"}
PLAYER_VERB_STEP = {"first": "first", "pride": "score"}


MUTABLE = (list, dict, set)


def _copied(value: object) -> object:
    """Return a copy of nested lists, dicts and sets (their immutable items shared)."""
    kind = type(value)
    if kind is list:
        return [_copied(v) if type(v) in MUTABLE else v for v in value]  # type: ignore[attr-defined]
    if kind is dict:
        return {k: _copied(v) if type(v) in MUTABLE else v for k, v in value.items()}  # type: ignore[attr-defined]
    return set(value)  # type: ignore[call-overload]


class SevenSistersEngine(ScoringPass, Engine):
    """Referee of one game of Seven Sisters."""

    game_id = GAME_ID
    title = "Seven Sisters"
    rules = RULES
    min_players = 2
    max_players = 6
    options = OPTIONS
    from playproof.playtest.games.seven_sisters.heuristic import heuristic  # bots' value of a position

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        project = setup.project or example_project(GAME_ID)
        if project is None:
            raise PlayproofError("seven-sisters: no project folder was given and the bundled "
                                 "example project is not installed")
        self.data = load_data(project)
        self.names = setup.players
        self._check_player_count()
        self.parser = move_parser(self.data, setup.players)
        self.texts = move_texts(self.data, setup.players)
        self.table = Table.new(self.data, len(setup.players))
        self.actions = ActionContext(self.data, self.table, 0, self.names[0], self.names)
        self.cards_dealt, self.cards_played = self.data.n("cards_dealt"), self.data.n("cards_played")
        self.opts = {k.strip().lower(): str(v).strip() for k, v in setup.options.items()}
        self._init_flow()
        self._init_scoring()
        self.final_pass = self._rounds() + 1
        self._setup_from_options()

    def _check_player_count(self) -> None:
        """Refuse a game the components cannot seat."""
        low, high = self.data.n("min_players"), self.data.max_players
        if not low <= len(self.names) <= high:
            raise PlayproofError(f"Seven Sisters is played by {low} to {high} players (one player "
                                 f"screen each), not {len(self.names)}")

    def _init_flow(self) -> None:
        """Set the round bookkeeping before the first round."""
        n = len(self.names)
        self.step = "first"
        self.round = 0
        self.hands: list[list[str | None]] = [[] for _ in range(n)]
        self.plays = [0] * n
        self.taken = [False] * n
        self.turn = 0
        self.skipped: int | None = None
        """The player an out-of-turn card passed over: his late card is no second finding."""
        self.deal_seat = 0
        """The seat the deal reached: every seat from the first player's up to it holds its cards."""
        self.deck_left = 0
        self.seen: dict[str, int] = {}
        self._reset_deck()
        self.facedown = list(self.data.markers)
        self.preset: list[int] = []
        self.marker: int | None = None
        self._event: Event | None = None
        self._found: list[Violation] = []
        self.adds_given: list[int] | None = None
        """Servants each seat added at this round's start (None before the adds, and in round 1)."""
        self.refilled: set[int] = set()
        """Seats whose `refill` line this round was read."""
        self.shown: tuple[Table, int] | None = None
        """The table and round as they were after a round's last card, until the next line."""
        self.history: list[Event] = []
        """Every line read, to score a pass again in the order the table followed."""
        self.reorders: dict[int, list[int]] = {}
        """Per scoring pass the table scored out of order, the order it followed (ruling 26)."""

    def _setup_from_options(self) -> None:
        """Apply the header's Setup items: first player, tile order, preset markers."""
        if "first" in self.opts:
            self.table.first = self._setup_player(self.opts["first"])
        if "markers" in self.opts:
            self.preset = [self._setup_number(v) for v in self.opts["markers"].replace(",", " ").split()]
        if "order" in self.opts:
            self.table.order = self._setup_order(self.opts["order"])
        elif self.flag("random-order"):
            self.table.order = []
        if "first" in self.opts:
            self._after_first()

    def _rounds(self) -> int:
        """Return the rounds before the final scoring: the workbook's, or the variant's."""
        text = self.opts.get("rounds", str(self.data.n("rounds")))
        most = len(self.data.markers)
        if not text.isdigit() or not 1 <= int(text) <= most:
            raise PlayproofError(f'Variant "rounds={text}": play 1 to {most} rounds (one turn marker '
                                 "each)")
        return int(text)

    def _setup_player(self, name: str) -> int:
        """Return the seat a Setup item names."""
        seat = self.parser.player_index.get(name.lower())
        if seat is None:
            raise PlayproofError(f'Setup "first={name}": {name} is not one of the players '
                                 f"({', '.join(self.names)})")
        return seat

    def _setup_number(self, text: str) -> int:
        """Return a preset turn marker value."""
        if not text.isdigit():
            raise PlayproofError(f'Setup "markers": "{text}" is not a turn marker value')
        return int(text)

    def _setup_order(self, text: str) -> list[int]:
        """Return the tile order a Setup item gives: every sister exactly once."""
        try:
            order = [self.parser.sister(t) for t in text.replace(",", " ").split()]
        except MoveError as exc:
            raise PlayproofError(f'Setup "order": {exc.message}') from exc
        if sorted(order) != list(range(len(self.data.sisters))):
            raise PlayproofError(f'Setup "order": name each of the {len(self.data.sisters)} '
                                 "sisters exactly once")
        return order

    def flag(self, name: str) -> bool:
        """Return True when a variant flag is set."""
        return self.opts.get(name, "false").lower() not in ("false", "no", "0", "off")

    # ----- the engine contract -------------------------------------------------------------

    def apply(self, event: Event) -> list[Violation]:
        """Check an event, apply it as the table did, and return every violation."""
        self._event, self._found = event, []
        self.history.append(event)
        if event.kind is MARKER:
            if event.verb == "phase" and "final" in event.args.lower():
                self.mark_final()
            return self._found
        self.shown = None
        known = self.parser.events.get((event.actor, event.verb, event.args))
        if known is not None:  # the same text read before (the engine's own offered moves repeat)
            seat, move, home = known
            if home is not None and home == self.step:  # a move of the step being played
                self._handlers[home](self, move, seat)
            else:
                self._dispatch(move, seat)
            return self._found
        actor = event.actor.lower()
        is_table = actor == TABLE
        seat = -1 if is_table else self.parser.player_index.get(actor, -2)
        if seat == -2:
            self.report("log-actor", f"{event.actor} is not a player of this game "
                        f"({', '.join(self.names)}) nor the table")
            return self._found
        try:
            move = self.parser.parse(event.verb, event.args, is_table)
        except MoveError as exc:
            self.report(exc.rule, exc.message)
            return self._found
        self.parser.remember(event.actor, event.verb, event.args, seat, move, HOME_STEP.get(type(move)))
        self._dispatch(move, seat)
        return self._found

    def report(self, rule: str, message: str, line: int | None = None,
               status: Status = Status.VIOLATION) -> None:
        """Record a violation of the event being applied (or of an earlier line)."""
        assert self._event is not None
        self._found.append(self.violation(rule, message, line or self._event.line, status))

    def decision(self) -> Decision | None:
        """Return the pending decision and every legal move, or None once the game is over."""
        step = self.step
        if step == "over":
            return None
        if step == "score":
            return self.scoring_decision()
        return self._deciders[step](self)

    def __deepcopy__(self, memo: dict[int, object]) -> SevenSistersEngine:
        """Return an independent copy of this engine's state (its data, parser and texts are shared)."""
        clone = copy.copy(self)
        for name, value in vars(self).items():
            if name == "history":  # append-only: a plain copy
                clone.history = value.copy()
            elif type(value) in MUTABLE:
                setattr(clone, name, _copied(value))
        clone.table = copy.copy(self.table)
        for name, value in vars(self.table).items():
            if type(value) is list:
                setattr(clone.table, name, _copied(value))
        clone.actions = ActionContext(self.data, clone.table, 0, self.names[0], self.names)
        return clone

    def follow_table(self, order: list[int]) -> None:
        """Score this pass again in the order the table followed: reread the log (its findings given)."""
        event, found = self._event, self._found
        clone = SevenSistersEngine(self.setup)
        clone.reorders = {**self.reorders, self.pass_no: order}
        for earlier in self.history[:-1]:
            clone.apply(earlier)
        clone.history.append(self.history[-1])
        vars(self).update(vars(clone))
        self._event, self._found = event, found

    def finish(self) -> list[Violation]:
        """At the end of a log in the final scoring, settle what is left and check final claims."""
        self._found = []
        if self.step == "score" and self.pass_no == self.final_pass:
            self._event = self._event or Event(0, TABLE, "end")
            self.skip_scoring()
        return self._found

    def is_over(self) -> bool:
        """Return True after the final scoring."""
        return self.step == "over"

    def winners(self) -> list[str]:
        """Return the winner(s): most points, then most Sloth favours, then most servants on tiles."""
        if self.step == "over":
            return [self.names[p] for p in self.champions]
        # Before the final scoring the same tie-breaks rank the scores so far: who leads now.
        totals = list(self.scores().values())
        return [self.names[p] for p in scoring.winners(self.shown_table(), totals)]

    def shown_table(self) -> Table:
        """Return the table as the last line left it: before the scoring its last card started."""
        return self.shown[0] if self.shown is not None and self.step != "over" else self.table

    def round_label(self) -> str:
        """Return the round being played."""
        if self.shown is not None and self.step != "over":
            return f"Round {self.shown[1]}"
        if self.step == "over" or self.pass_no >= self.final_pass:
            return "Final scoring"
        return f"Round {self.round}" if self.round else "Setup"

    def summary(self) -> str:
        """Return the state in a few lines."""
        t = self.shown_table()
        step = "play (the scoring follows)" if t is not self.table else self.step
        lines = [f"{self.round_label()}, step {step}; first player {self.names[t.first]}; "
                 f"Wrath marker on {self.data.sisters[t.wrath]}"]
        for seat, name in enumerate(self.names):
            lines.append(f"{name}: playable {t.playable[seat]}, reserve {t.reserve[seat]}, "
                         f"gold {t.gold[seat]}, fruit {t.fruit[seat]}, favours {sum(t.favours[seat])}")
        return "\n".join(lines)

    # ----- dispatch --------------------------------------------------------------------------

    def _dispatch(self, move: Move, seat: int) -> None:
        """Bring the flow to the move's step (where the table may skip one) and handle the move."""
        kind = type(move)
        home = HOME_STEP.get(kind)
        if home is None:
            if kind is Refill:
                self._refill(move, seat)  # type: ignore[arg-type]
                return
            if kind is SisterMove and move.verb == "scoring":  # type: ignore[union-attr]
                self.announce(move.sister)  # type: ignore[union-attr]
                return
            if kind is Claim:
                self.claim(move)  # type: ignore[arg-type]
                return
            steps = SISTER_VERB_STEP if kind is SisterMove else PLAYER_VERB_STEP
            home = steps[move.verb]  # type: ignore[union-attr]
            if seat < 0 and home != "first" and home != "tiles" or home == "first" and self.step != "first":
                self._table_claim(move)  # type: ignore[arg-type]
                return
        if home == "score" and self.step != "score" and self.late_buyback(move, seat):  # type: ignore[arg-type]
            return
        if self.step != home and not self._catch_up(home, move):
            return
        self._handlers[home](self, move, seat)

    def _table_claim(self, move: SisterMove | PlayerMove) -> None:
        """`table: wrath SISTER` and `table: first PLAYER` (after setup) state where a marker lies."""
        if isinstance(move, SisterMove):
            self.claim(Claim(("wrath",), move.sister, "The Wrath marker"))
        else:
            self.claim(Claim(("first",), move.player, "The first-player marker"))

    def _catch_up(self, home: str, move: Move) -> bool:
        """Advance over steps the log left out, when it may; return False if the move is out of place."""
        if STEPS.index(self.step) < STEPS.index("play") < STEPS.index(home):  # the card play is never skipped:
            self._out_of_place(home, move)  # report the move alone, not steps it could never have skipped
            return False
        while self.step != home:
            if not self._may_skip(home):
                self._out_of_place(home, move)
                return False
            self._skip_step()
        return True

    def _may_skip(self, home: str) -> bool:
        """Return True when the current step may be passed over to reach the move's step."""
        current, target = STEPS.index(self.step), STEPS.index(home)
        if self.step == "score":
            return home in ("place", "deal", "flip", "take", "play") and self.pass_no < self.final_pass
        if self.step in ("play", "over"):
            return False
        return target > current

    def _out_of_place(self, home: str, move: Move) -> None:
        """Report a move that belongs to another step of the round."""
        first = self.table.first
        if home == "place" and self.round > 1 and self.step == "deal" and not self.table.reserve[first]:
            self.report("5-first-places", f"{self.names[first]} (first player) has no servant in "
                        "reserve, so there is no round-start placement this round")
        elif home == "place":
            self.report("5-first-places", "The round-start placement comes only at the start of "
                        "rounds 2-4, before the deal")
        elif home == "tiles":
            self.report("setup-tile-order", "The sister tiles are laid out before the first round")
        elif self.step == "over":
            self.report("log-wrong-step", "The game is over")
        else:
            self.report("log-wrong-step", f"This move belongs to the {STEP_NAMES[home]}, but the "
                        f"table is at the {STEP_NAMES[self.step]} of {self.round_label().lower()}")

    def _skip_step(self) -> None:
        """Finish the current step with what the rules assume when the log is silent."""
        step = self.step
        if step == "first":
            self._after_first()
        elif step == "tiles":
            self.report("setup-tile-order", "Lay every sister tile (`table: tile SISTER`) before "
                        "the first round")
            self.table.order += [s for s in range(len(self.data.sisters)) if s not in self.table.order]
            self._begin_round(1)
        elif step == "place":
            self.report("5-first-places", f"{self.names[self.table.first]} (first player) did not "
                        "place a servant from reserve at the start of the round")
            self._round_adds()
        elif step == "deal":
            self._deal_hidden()
        elif step == "flip":
            self.report("2-flip-marker", "The first player flips a turn marker (`table: flip N`) "
                        "before anyone takes goods")
            self.marker, self.step = None, "take"
        elif step == "take":
            self._skip_takes()
        else:
            self.skip_scoring()

    # ----- setup and round start ----------------------------------------------------------

    def _after_first(self) -> None:
        """Go on after the first player is known: tiles in the variant, else round 1."""
        if self.flag("random-order") and len(self.table.order) < len(self.data.sisters):
            self.step = "tiles"
        else:
            self._begin_round(1)

    def _first(self, move: PlayerMove, seat: int) -> None:
        """The table draws the first player at random."""
        self.table.first = move.player
        self._after_first()

    def _tile(self, move: SisterMove, seat: int) -> None:
        """Lay the next sister tile of the random-order variant."""
        if move.sister in self.table.order:
            self.report("setup-tile-order", f"{self.data.sisters[move.sister]} is already on the table")
        else:
            self.table.order.append(move.sister)
        if len(self.table.order) == len(self.data.sisters):
            self._begin_round(1)

    def _begin_round(self, number: int) -> None:
        """Start a round: the round-start placement (rounds 2+), then the deal."""
        n = len(self.names)
        self.round = number
        self.hands = [[] for _ in range(n)]
        self.plays, self.taken = [0] * n, [False] * n
        self.adds_given, self.refilled = None, set()
        if number == 1:
            self._start_deal()
        elif self.table.reserve[self.table.first]:
            self.step = "place"
        else:
            self._round_adds()

    def _place(self, move: SisterMove, seat: int) -> None:
        """The first player places one servant from reserve on any sister."""
        first = self.table.first
        if seat != first:
            self.report("log-turn-order", f"{self.names[first]}, the first player, places the "
                        f"round-start servant, not {self.names[seat]}")
        self.table.place_from_reserve(first, move.sister)
        if move.more:  # "takes one servant from his reserve stock": more are placed as written
            self.report("5-first-places", f"The first player places one servant from reserve, not "
                        f"{1 + len(move.more)}")
            for sister in move.more:
                self.table.place_from_reserve(first, sister)
        self._round_adds()

    def _round_adds(self) -> None:
        """Each player adds two reserve servants to playable, the last player one; then the deal."""
        if self.adds_given is None:
            self._give_adds()
        self._start_deal()

    def _adds_due(self, position: int) -> int:
        """Return the servants the player at a position from the first adds (the last player fewer)."""
        last = position == len(self.names) - 1
        return self.data.n("round_start_add_last" if last else "round_start_add")

    def _give_adds(self) -> None:
        """Move each player's round-start servants from reserve to playable, as far as it lasts."""
        given = [0] * len(self.names)
        for i, seat in enumerate(self.table.seats_from_first()):
            given[seat] = self.table.call_up(seat, self._adds_due(i))
        self.adds_given = given

    def _refill(self, move: Refill, seat: int) -> None:
        """A player says how many servants he added at the round's start; apply it as he did."""
        name = self.names[seat]
        if seat in self.refilled:
            self.report("log-turn-order", f"{name} already added servants at the start of this round")
            return
        self.refilled.add(seat)
        if self.step == "place" and self.adds_given is None:
            self._give_adds()  # the adds may be told before the round-start placement
        given = self.adds_given[seat] if self.adds_given is not None else None
        if given is None or self.step not in ("place", "deal", "flip", "take"):
            self.report("5-round-adds", "Servants are added from reserve only at the start of each "
                        "round after the first, before the deal")
            given = 0
        elif move.count != given:
            self.report("5-round-adds", self._adds_message(seat, given, move.count))
        self._adjust_playable(seat, move.count - given)

    def _adds_message(self, seat: int, given: int, count: int) -> str:
        """Say how many servants a player adds at the round's start and why."""
        position = self.table.seats_from_first().index(seat)
        due = self._adds_due(position)
        who = "the last player" if position == len(self.names) - 1 else "each player but the last"
        short = f" (his reserve held {given})" if given < due else ""
        return f"{self.names[seat]} adds {given} servant{'s' if given != 1 else ''}{short}: {who} adds {due}, not {count}"

    def _adjust_playable(self, seat: int, change: int) -> None:
        """Move servants between a player's reserve and playable stock (as far as they last)."""
        if change > 0:
            self.table.call_up(seat, change)
        elif change < 0:
            back = min(-change, self.table.playable[seat])
            self.table.playable[seat] -= back
            self.table.reserve[seat] += back

    # ----- deal, goods ------------------------------------------------------------------------

    def _start_deal(self) -> None:
        """Shuffle when the deck cannot serve the deal (or every round in the variant)."""
        need = len(self.names) * self.data.n("cards_dealt")
        if self.flag("reshuffle-every-round") or self.deck_left < need:
            self._reset_deck()
        self.step, self.deal_seat = "deal", self.table.first

    def _reset_deck(self) -> None:
        """Shuffle every card into the deck."""
        self.deck_left, self.seen = self.data.deck_size, {}
        self.deck_cards = list(self.data.cards)
        """Cards of which a copy may still be in the deck, in the workbook's order."""
        self.deal_texts = [list(d.values()) for d in self.texts.deals]
        """Per seat, the `deal` move texts of deck_cards, kept aligned with it."""

    def _shuffle_discards(self) -> None:
        """The deck ran out during a deal: every card not in a hand is shuffled into a new deck."""
        self._reset_deck()
        for hand in self.hands:
            for card in hand:
                if card is not None:
                    self._see(card)
        self.deck_left = self.data.deck_size - sum(len(h) for h in self.hands)

    def _deal(self, move: Deal, seat: int) -> None:
        """Deal cards to a player: never more than six a round, never a card the deck lacks."""
        hand, size = self.hands[move.player], self.cards_dealt
        if len(hand) + len(move.cards) > size:
            self.report("1-deal-six", f"{self.names[move.player]} would hold "
                        f"{len(hand) + len(move.cards)} cards; each player is dealt {size}")
        for card in move.cards:
            if not self.deck_left or not self.deck_cards:
                self._shuffle_discards()
            if card is not None:
                self._see(card)
            hand.append(card)
            self.deck_left = max(0, self.deck_left - 1)
        if len(hand) >= size and min(map(len, self.hands)) >= size:
            self.step = "flip"

    def _see(self, card: str) -> None:
        """Count a card seen since the shuffle; more copies than the deck holds is impossible."""
        seen = self.seen.get(card, 0) + 1
        self.seen[card] = seen
        copies = self.data.cards[card]
        if seen == copies:
            index = self.deck_cards.index(card)
            del self.deck_cards[index]
            for texts in self.deal_texts:
                del texts[index]
        elif seen > copies:
            self.report("1-card-available", f"The deck holds {copies} {card} card"
                        f"{'s' if copies != 1 else ''}, and {'all' if copies > 1 else 'it'} "
                        "already came out since the last shuffle")

    def _deal_hidden(self) -> None:
        """Complete every hand with cards nobody logged (the deal is secret)."""
        size = self.data.n("cards_dealt")
        for hand in self.hands:
            missing = max(0, size - len(hand))
            hand.extend([None] * missing)
            self.deck_left = max(0, self.deck_left - missing)
        self.step = "flip"

    def _flip(self, move: Flip, seat: int) -> None:
        """The first player flips a face-down turn marker."""
        if move.value is not None:
            self._check_flip(move.value)
            if move.value in self.facedown:
                self.facedown.remove(move.value)
        if self.preset:
            self.preset.pop(0)
        self.marker, self.step = move.value, "take"

    def _check_flip(self, value: int) -> None:
        """Check the flipped value against the face-down markers and the Setup's order."""
        if value not in self.facedown:
            left = ", ".join(map(str, self.facedown)) or "none"
            self.report("2-flip-marker", f"No face-down turn marker shows {value} (face down: {left})")
        elif self.preset and value != self.preset[0]:
            self.report("2-flip-marker", f"The Setup lists {self.preset[0]} as this round's turn "
                        f"marker, not {value}")

    def _take(self, move: Take, seat: int) -> None:
        """A player takes gold and fruit totalling the turn marker, clockwise from the first player."""
        self._check_take_turn(seat)
        t, total = self.table, move.gold + move.fruit
        if self.marker is None:
            self.report("2-take-total", "Cannot tell yet whether the goods total the turn marker: "
                        "its value is hidden", status=Status.UNDETERMINED)
        elif total != (due := min(self.marker, t.supply_gold + t.supply_fruit)):
            short = f" and the supply holds only {due} goods" if due < self.marker else ""
            self.report("2-take-total", f"The turn marker shows {self.marker}{short}: take {due} goods "
                        f"in all, not {total}")
        if move.gold > t.supply_gold:
            self.report("2-take-supply", f"The supply holds only {t.supply_gold} gold")
        if move.fruit > t.supply_fruit:
            self.report("2-take-supply", f"The supply holds only {t.supply_fruit} fruit")
        t.take_goods(seat, move.gold, move.fruit)
        self.taken[seat] = True
        if all(self.taken):
            self._start_play()

    def _check_take_turn(self, seat: int) -> None:
        """Goods are taken once each, clockwise from the first player."""
        if self.taken[seat]:
            self.report("log-turn-order", f"{self.names[seat]} already took goods this round")
            return
        expected = self._next_taker()
        if seat != expected:
            self.report("log-turn-order", f"It is {self.names[expected]}'s turn to take goods, "
                        f"not {self.names[seat]}'s")

    def _next_taker(self) -> int:
        """Return the next player to take goods, clockwise from the first player."""
        seat, n = self.table.first, len(self.names)
        while self.taken[seat]:
            seat = (seat + 1) % n
        return seat

    def _skip_takes(self) -> None:
        """Players the log shows taking nothing broke the goods rule."""
        due = min(self.marker or 0, self.table.supply_gold + self.table.supply_fruit)
        missing = [self.names[s] for s in self.table.seats_from_first() if not self.taken[s]]
        if due:
            self.report("2-take-total", f"{', '.join(missing)} took no goods; the turn marker "
                        f"shows {self.marker}")
        self._start_play()

    # ----- playing cards ------------------------------------------------------------------------

    def _start_play(self) -> None:
        """Cards are played clockwise from the first player."""
        self.step, self.turn, self.skipped = "play", self.table.first, None

    def _play(self, move: Play, seat: int) -> None:
        """Check and apply a played card and its action, then pass the turn on."""
        catching_up = seat == self.skipped and seat != self.turn
        if not catching_up:
            self._check_play_turn(seat)
        if move.card is None:
            self.report("3-card-in-hand", f"Cannot tell yet which card {self.names[seat]} played: "
                        "it is hidden", status=Status.UNDETERMINED)
            self._discard(seat, None)
        else:
            self._discard(seat, move.card)
            for rule, message in perform(self.actions.acting(seat, self.names[seat]), move):
                self.report(rule, message)
        self.plays[seat] += 1
        if catching_up:  # the player passed over plays his card late; the turn stays where it is
            self.skipped = None
            return
        self.skipped = self.turn if seat != self.turn and self.plays[self.turn] < self.cards_played else None
        self._pass_turn(seat)

    def _check_play_turn(self, seat: int) -> None:
        """Only the player whose turn it is plays, five cards a round."""
        if self.plays[seat] >= self.cards_played:
            self.report("3-five-cards", f"{self.names[seat]} has already played "
                        f"{self.cards_played} cards this round")
        elif seat != self.turn:
            self.report("log-turn-order", f"It is {self.names[self.turn]}'s turn to play a card, "
                        f"not {self.names[seat]}'s")

    def _discard(self, seat: int, card: str | None) -> None:
        """Take a played card out of the player's hand, checking he could hold it."""
        hand = self.hands[seat]
        if card is not None and card in hand:
            hand.remove(card)
        elif None in hand:
            hand.remove(None)
            if card is not None:
                self._see(card)
        elif card is not None:
            held = ", ".join(sorted(c for c in hand if c)) or "no cards"
            self.report("3-card-in-hand", f"{self.names[seat]} was not dealt {card} this round "
                        f"(holds {held})")
            self._see(card)

    def _pass_turn(self, seat: int) -> None:
        """Pass the turn clockwise to the next player with cards to play, or go to scoring."""
        n, most = len(self.names), self.cards_played
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.plays[nxt] < most:
                self.turn = nxt
                return
        # The scoring follows at once; the state shown at this line is the table before it.
        self.shown = (self.table.copy(), self.round)
        self.start_scoring()

    # ----- decisions ------------------------------------------------------------------------------

    def _decide_first(self) -> Decision:
        """The table draws the first player."""
        return Decision(TABLE, self.texts.firsts, "draw the first player")

    def _decide_tiles(self) -> Decision:
        """The table lays the next sister tile (random-order variant)."""
        names = self.data.sisters
        moves = tuple(f"tile {names[s]}" for s in range(len(names)) if s not in self.table.order)
        return Decision(TABLE, moves, "lay the next sister tile")

    def _decide_place(self) -> Decision:
        """The first player places a reserve servant on any sister."""
        return Decision(self.names[self.table.first], self.texts.places,
                        "place a servant from reserve on a sister")

    def _decide_deal(self) -> Decision:
        """The table deals the next card."""
        size, hands, n = self.cards_dealt, self.hands, len(self.names)
        seat = self.deal_seat  # hands only grow in the deal: seats before this one stay full
        while len(hands[seat]) >= size:
            seat = (seat + 1) % n
        self.deal_seat = seat
        if self.deck_left and self.deck_cards:
            return Decision(TABLE, tuple(self.deal_texts[seat]), DEAL_PROMPT)
        # The deck is out: the discards will be shuffled, so any card not in a hand may come.
        held: dict[str, int] = {}
        for card in (c for h in self.hands for c in h if c is not None):
            held[card] = held.get(card, 0) + 1
        texts = self.texts.deals[seat]
        return Decision(TABLE, tuple(t for c, t in texts.items() if held.get(c, 0) < self.data.cards[c]),
                        DEAL_PROMPT)

    def _decide_flip(self) -> Decision:
        """The table flips a face-down turn marker."""
        values = [self.preset[0]] if self.preset else sorted(set(self.facedown))
        return Decision(TABLE, tuple(f"flip {v}" for v in values), "flip a turn marker")

    def _decide_take(self) -> Decision:
        """The next player takes goods."""
        seat = self._next_taker()
        if self.marker is not None:
            return Decision(self.names[seat], self.texts.take_moves(self.table, self.marker),
                            "take gold and fruit")
        # The marker is hidden: any take one of the face-down values allows may be right.
        values = sorted(set(self.facedown)) or [0]
        moves = dict.fromkeys(m for v in values for m in self.texts.take_moves(self.table, v))
        return Decision(self.names[seat], tuple(moves), "take gold and fruit")

    def _decide_play(self) -> Decision:
        """The player whose turn it is plays a card."""
        seat, hand = self.turn, self.hands[self.turn]
        cards = list(dict.fromkeys(hand))
        if None in hand:
            cards = list(dict.fromkeys(c for c in cards + self.deck_cards if c is not None))
        return Decision(self.names[seat], self.texts.play_moves(self.table, seat, cards),
                        "play an influence card")

    _deciders = {
        "first": _decide_first, "tiles": _decide_tiles, "place": _decide_place,
        "deal": _decide_deal, "flip": _decide_flip, "take": _decide_take, "play": _decide_play,
    }
    _handlers = {
        "first": _first, "tiles": _tile, "place": _place, "deal": _deal, "flip": _flip,
        "take": _take, "play": _play, "score": ScoringPass.score_move,
    }
