"""The 7 Wonders Leaders referee: flow of phases, checks of every event, legal moves."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace

from playproof.errors import PlayproofError
from playproof.playtest.engine import TABLE, Decision, Engine, Event, EventKind, Setup, Violation, example_project
from playproof.playtest.games.seven_wonders_leaders import checks, options, resolve, runs, table
from playproof.playtest.games.seven_wonders_leaders.city import City, Hand
from playproof.playtest.games.seven_wonders_leaders.data import Card, GameData, load
from playproof.playtest.games.seven_wonders_leaders.decide import Decisions
from playproof.playtest.games.seven_wonders_leaders.followups import FollowUps
from playproof.playtest.games.seven_wonders_leaders.moves import (
    PLAYER_VERBS, TABLE_VERBS, Move, MoveError, parse_move, parse_science, split_city,
)
from playproof.playtest.games.seven_wonders_leaders.offers import Dealer, HandOffer, Offers
from playproof.playtest.games.seven_wonders_leaders.rules import GAME_ID, OPTIONS, RULES, sides_option, whole_option
from playproof.playtest.games.seven_wonders_leaders.scoring import breakdown
from playproof.playtest.games.seven_wonders_leaders.state import (
    FREE_CITY, NOTHING_PAID, Choice, Finding, Payment, State, broken,
)

# what may be logged once Age III is over: counts, scores, wild symbols chosen and the winner
_AFTER_THE_END = ("coins", "score", "tokens", "science", "winner")
_MARKER = EventKind.MARKER
_TURN_VERBS = frozenset(("build", "stage", "discard"))
_CHANCE = {"leaders": "_table_leaders", "deal": "_table_deal", "draw": "_table_draw"}
"""The method applying each chance event (by name: bound methods kept on the engine would make a reference cycle)."""


class SevenWondersLeaders(Offers, Decisions, FollowUps, Engine):
    """Referee of 7 Wonders with the Leaders expansion, 2 to 7 players."""

    game_id = GAME_ID
    title = "7 Wonders Leaders"
    rules = RULES
    min_players = 2
    max_players = 7
    options = OPTIONS
    from playproof.playtest.games.seven_wonders_leaders.heuristic import heuristic  # bots' value of a position
    random_run = runs.run  # `playproof simulate` plays all but the follow-ups through this (see runs.py)

    def __init__(self, setup: Setup) -> None:
        """Load the project's numbers and set up the cities."""
        super().__init__(setup)
        project = setup.project or example_project(GAME_ID)
        if project is None:
            raise PlayproofError("7-wonders-leaders: no project given and the example project is not installed")
        self.data: GameData = load(project)
        self.sides = sides_option(setup.options.get("sides", "any"))
        self.st = self._new_state(setup)
        self.late_discards = "late-discards" in setup.options
        self.st.rome_stage_discount = whole_option(setup.options.get("rome-stage-discount", "0"), "rome-stage-discount")
        self.st.extra_purchases = "extra-purchases" in setup.options
        self.canon = self.data.canonical_names()  # shared by every engine on this workbook
        self.city_names = [c.name for c in self.st.cities]
        self.seats = "|".join(self.city_names)
        self.texts = self.data.parsed_for(("players", self.seats))
        """Players' move texts parsed for these seats, by verb and arguments (shared by every engine on them)."""
        self.table_texts = self.data.parsed_for(("table", self.seats))
        """The table's deals parsed for these seats: (player, names) by verb and arguments."""
        self.seat = {p: i for i, p in enumerate(self.st.players)}
        self.hand_size = self.data.const("hand_size", 7)
        self.picks: dict[int, str] = {}
        self.applied = 0
        """Events applied through `apply` (a finished game's score sheets are kept while it stays the same)."""
        self.sheets: tuple[State, int, dict[str, dict[str, int]]] | None = None
        self.dealer = Dealer(self)
        """The table's offers of Age cards, with the names it may deal kept from one deal to the next."""
        self.hand_offer = HandOffer(self)
        """A city's offer of its plays."""

    def __deepcopy__(self, memo: dict[int, object]) -> SevenWondersLeaders:
        """Return an independent copy of the game for search (clone): the state copied, setup and data shared."""
        twin = copy.copy(self)
        twin.st = self.st.copy()
        twin.picks = dict(self.picks)
        twin.dealer, twin.hand_offer = Dealer(twin), HandOffer(twin)
        twin.sheets = None
        return twin

    def _new_state(self, setup: Setup) -> State:
        """Return the state before the first event: cities with their starting coins."""
        if not 2 <= len(setup.players) <= 7:
            raise PlayproofError(f"7-wonders-leaders is played by 2 to 7 players, not {len(setup.players)}")
        cities = [City(p, coins=self.data.const("start_coins", 6)) for p in setup.players]
        if len(cities) == 2:
            cities.append(City(FREE_CITY, free_city=True, coins=self.data.const("start_coins_free_city", 3)))
        pool = self.data.leader_pool(frozenset(setup.options))
        return State(self.data, list(setup.players), cities, pool, box=Counter(pool),
                     draft=[Hand() for _ in setup.players])

    # ----------------------------------------------------------------- the contract

    def apply(self, event: Event) -> list[Violation]:
        """Check an event, apply it whatever the verdict, and return every violation."""
        self.applied += 1
        if event.kind is _MARKER:
            return []
        try:
            verb = event.verb
            st = self.st
            if verb == "deal" and event.actor == TABLE and st.phase != "over":  # (half of a log)
                found = self._deal(event.args.strip())
            elif verb in _TURN_VERBS and st.phase == "turn" and not st.queue and not st.two_player:
                found = self._turn_event(event)  # (most of the rest: a play in a turn)
            else:
                found = self._dispatch(event)
        except MoveError as exc:
            found = [broken("move-syntax", str(exc), unsure=event.has_unknown)]
        return [self.violation(rule, message, event, status) for rule, message, status in found] if found else []

    def decision(self) -> Decision | None:
        """Return the decision pending now with every legal move, or None once the game is over."""
        st = self.st
        if st.phase == "over":
            return None
        if st.queue:
            return self._follow_up_decision()
        return getattr(self, f"_decide_{st.phase}")()

    def is_over(self) -> bool:
        """Return True after Age III's conflicts."""
        return self.st.phase == "over"

    def scores(self) -> dict[str, int]:
        """Return each player's total score now."""
        return {p: lines["total"] for p, lines in self._sheets().items()}

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Return each player's score sheet lines."""
        return {p: dict(lines) for p, lines in self._sheets().items()}

    def _sheets(self) -> dict[str, dict[str, int]]:
        """Return each player's score sheet, worked out once for a finished game (asked for its scores,
        their lines and its winners): kept for this state while no further event is applied."""
        st = self.st
        kept = self.sheets
        if kept is not None and kept[0] is st and kept[1] == self.applied and st.phase == "over":
            return kept[2]
        sheets = {p: breakdown(st, i) for i, p in enumerate(st.players)}
        self.sheets = (st, self.applied, sheets) if st.phase == "over" else None
        return sheets

    def winners(self) -> list[str]:
        """Return the players with the most points, the most coins breaking a tie (still tied: shared)."""
        # Before the end of Age III this names who leads with the points and coins so far.
        scores = self.scores()
        rank = {p: (scores[p], self.st.cities[i].coins) for i, p in enumerate(self.st.players)}
        best = max(rank.values())
        return [p for p in self.st.players if rank[p] == best]

    def round_label(self) -> str:
        """Return the Age (or the Leader draft) as a label."""
        if self.st.phase in ("wonders", "leaders", "draft"):
            return "Leaders"
        return "End" if self.st.phase == "over" else f"Age {self.st.age}"

    def summary(self) -> str:
        """Return coins and structures per city."""
        return "; ".join(f"{c.name}: {c.coins} coins, {len(c.structures)} cards, {c.stages} stages"
                         for c in self.st.cities)

    # ----------------------------------------------------------------- dispatch

    def _dispatch(self, event: Event) -> list[Finding]:
        """Route an event to the table or to a player's move."""
        if self.st.phase == "over" and event.verb not in _AFTER_THE_END:
            return [broken("flow-out-of-turn", "the game is over")]
        if event.actor == TABLE:
            return self._table(event.verb, event.args.strip())
        p = self.seat.get(event.actor)
        if p is None:
            raise MoveError(f'"{event.actor}" is not a player of this game ({", ".join(self.st.players)})')
        if event.verb == "science":
            return self._science(p, event.args)
        if event.verb in TABLE_VERBS:  # a table event written as a player's: the wrong actor
            return [broken("flow-out-of-turn", f"{event.actor} cannot {event.verb}: that is the table's to do")]
        by_args = self.texts.get(event.verb)
        move = by_args.get(event.args) if by_args is not None else None
        if move is None:
            move = self.data.remember(self.texts, event.verb, event.args,
                                      self._canon_move(parse_move(event.verb, event.args, self.city_names)))
        return self._player(p, move)

    def _turn_event(self, event: Event) -> list[Finding]:
        """Apply a player's play in a turn of more than 2 players with nothing queued (what `_dispatch` and
        `_player` do for it, their other cases skipped)."""
        p = self.seat.get(event.actor)
        by_args = self.texts.get(event.verb)
        move = by_args.get(event.args) if by_args is not None else None
        if p is None or move is None or event.actor == TABLE:
            return self._dispatch(event)
        return self._turn_choice(p, move)

    def _deal(self, args: str) -> list[Finding]:
        """Apply `table: deal PLAYER NAMES` (what `_table` does for it, with its texts looked up first)."""
        by_args = self.table_texts.get("deal")
        found = by_args.get(args) if by_args is not None else None
        if found is None:
            return self._table("deal", args)
        p, names = found
        st = self.st
        if len(names) == 1 and (st.phase == "deal" or st.phase == "recruit") and not st.queue:
            hand = st.cities[p].hand
            deck = st.deck
            name = names[0]
            if len(hand.cards) - hand.hidden_out < self.hand_size - 1 and deck[name] > 0:
                # one card from the deck into a hand it does not fill: `_table_deal` with nothing more to do
                self.dealer.deck = None
                deck[name] -= 1
                hand.cards.append(name)
                return []
        return self._table_deal(p, names)

    def _canon_move(self, move: Move) -> Move:
        """Return the move with card and Leader names spelt as in the workbook."""
        name = self.canon.get(move.name.lower(), move.name)
        if name == move.name:
            return move
        return replace(move, name=name)

    def _table(self, verb: str, args: str) -> list[Finding]:
        """Apply a chance event or check a logged consequence."""
        st = self.st
        if verb == "deal" or verb == "leaders" or verb == "draw":  # (most of a log: asked first)
            by_args = self.table_texts.get(verb)
            found = by_args.get(args) if by_args is not None else None
            if found is None:
                player, rest = self._split_player(args)
                names = [n if n == "?" else self.canon.get(n.lower(), n) for n in table.names_list(rest)]
                found = self.data.remember(self.table_texts, verb, args, (player, names))
            return getattr(self, _CHANCE[verb])(found[0], list(found[1]))
        if verb == "coins":
            return table.check_coins(st, args)
        if verb == "score":
            return table.check_score(st, args)
        if verb == "tokens":
            return table.check_tokens(st, args)
        if verb == "winner":
            if st.phase != "over":
                return [broken("flow-out-of-turn", "the winner is named once Age III's conflicts are over")]
            return table.check_winner(st, args, self.winners())
        if verb == "wonder":
            return self._wonder(args)
        if verb == "pass":
            return self._pass(args)
        if verb == "science" and st.two_player and args.lower().startswith(FREE_CITY.lower() + " "):
            return self._science(st.index(FREE_CITY), args[len(FREE_CITY):])  # the Free City's wild symbol
        if verb in PLAYER_VERBS:  # a player's choice written as the table's: the wrong actor
            return [broken("flow-out-of-turn", f"the table cannot {verb}: a player makes that choice")]
        raise MoveError(f'unknown table verb "{verb}" (verbs: {", ".join(TABLE_VERBS)})')

    def _science(self, p: int, args: str) -> list[Finding]:
        """Record the symbol a city gives a wild science source (its own, or a copied guild's) at the end."""
        st = self.st
        source, symbol = parse_science(args)
        if st.phase != "over":
            return [broken("flow-out-of-turn", "wild science symbols are chosen at the end of the game")]
        city = st.cities[p]
        name = "wonder" if source.lower() == "wonder" else self.canon.get(source.lower(), source)
        if name not in city.wild_sources() + options.copied_wild_sources(st, p):
            return [broken("science-wild", f"{city.name} has no wild science symbol on {source}")]
        if name in city.science_picks:
            return [broken("science-wild", f"{city.name} already chose the symbol of {source}")]
        city.science_picks[name] = symbol
        return []

    def _pass(self, args: str) -> list[Finding]:
        """Record the way the table passed hands in this Age (or in the Leader draft)."""
        st = self.st
        way = args.strip().lower()
        if way not in ("left", "right"):
            raise MoveError(f'pass needs left or right, got "{args.strip()}"')
        if st.phase in ("wonders", "over"):
            return [broken("flow-out-of-turn", "hands pass in the Leader draft and in an Age")]
        st.passing = way
        drafting = st.phase in ("leaders", "draft")
        rule_way = "right" if drafting or st.age == 2 else "left"
        if way == rule_way or len(st.players) == 2:  # 2 players swap hands: both ways are one
            return []
        what = "the Leader draft" if drafting else f"Age {st.age}"
        return [broken("pass-direction", f"hands pass {rule_way} in {what}, not {way}")]

    def _split_player(self, args: str) -> tuple[int, str]:
        """Split `Ann rest` into a player index and the rest."""
        name, rest = split_city(args, self.st.players)
        return self.st.players.index(name), rest

    # ----------------------------------------------------------------- set-up and deals

    def _wonder(self, args: str) -> list[Finding]:
        """Give a city its board during set-up."""
        found = [] if self.st.phase == "wonders" else [broken("flow-out-of-turn", "Wonder boards are dealt at set-up")]
        found += table.deal_wonder(self.st, args, self.sides)
        if all(c.board is not None for c in self.st.cities) and self.st.phase == "wonders":
            self.st.phase = "leaders"
        return found

    def _table_leaders(self, p: int, names: list[str]) -> list[Finding]:
        """Deal Leaders to a player (set-up) or draw them for Rome B's first stage."""
        st = self.st
        head = st.queue[0] if st.queue else None
        if head is not None and head.kind == "draw" and head.city == p:
            found = table.deal_leaders(st, st.players[p], names, 0, st.cities[p].leader_hand)
            head.count -= len(names)
            if head.count < 0:
                wanted = head.count + len(names)
                found.append(broken("draw-leaders", f"Rome B draws {wanted} more Leaders, not {len(names)}"))
            if head.count <= 0 or not +st.box:
                self._pop_follow_up()
            return found
        if st.phase != "leaders":
            return [broken("flow-out-of-turn", "Leaders are dealt before the draft")]
        limit = self.data.const("leaders_per_player", 4)
        hand = st.draft[p]
        found = table.deal_leaders(st, st.players[p], names, limit, hand)
        if hand.size() >= limit and all(h.size() >= limit for h in st.draft):  # (the last hand to fill: all full)
            st.phase = "draft"
        return found

    def _table_deal(self, p: int, names: list[str]) -> list[Finding]:
        """Deal Age cards to a player."""
        st = self.st
        if st.phase not in ("deal", "recruit") or st.queue:
            return [broken("flow-out-of-turn", "Age cards are dealt at the start of an Age")]
        self.dealer.forget()
        hand = st.cities[p].hand
        found = table.deal_cards(st, st.players[p], names, hand, self.hand_size)
        if len(hand.cards) - hand.hidden_out >= self.hand_size:  # (`Hand.size`)
            self._maybe_start_turns()
        return found

    def _table_draw(self, p: int, names: list[str]) -> list[Finding]:
        """Draw the Free City pile's top card into the controller's hand (2 players)."""
        st = self.st
        if not st.two_player or st.phase != "turn" or st.drawn or p != st.controller or len(names) != 1:
            return [broken("flow-out-of-turn", "only the Free City's controller draws one card, once a turn")]
        st.drawn = True
        self.dealer.forget()
        found = table.deal_cards(st, st.players[p], names, st.cities[p].hand, None)
        self._maybe_resolve()
        return found

    def _maybe_start_turns(self) -> None:
        """Start the Age's first turn once recruitment is over and every hand is dealt."""
        st = self.st
        size = self.hand_size
        if st.phase == "deal" and all(st.cities[i].hand.size() >= size for i in range(len(st.players))):
            self._start_turn(1)

    # ----------------------------------------------------------------- player moves

    def _player(self, p: int, move: Move) -> list[Finding]:
        """Check and record a player's move in the phase it belongs to."""
        st = self.st
        if st.queue or st.phase != "turn" or st.two_player:  # (else `_fill_unlogged` has nothing to fill)
            self._fill_unlogged(move)
            if st.queue:
                return self._follow_up(p, move)
        if st.phase == "turn" and move.verb in ("build", "stage", "discard"):  # (most moves: asked first)
            return self._turn_choice(p, move)
        if st.phase == "draft" and move.verb == "draft":
            return self._draft(p, move.name)
        if st.phase == "recruit" and move.verb in ("recruit", "stage", "discard") and not move.for_free_city:
            return self._recruit_choice(p, move)
        return [broken("flow-out-of-turn", f"{st.players[p]} cannot {move.verb} now ({st.phase_name()})")]

    def _fill_unlogged(self, move: Move) -> None:
        """Deal unseen cards a terse log left out, when a move shows the table went past them."""
        st = self.st
        if st.queue:
            head = st.queue[0]
            if head.kind == "draw" and move.verb != "leaders":
                st.cities[head.city].leader_hand.cards += ["?"] * head.count  # Rome B's draw, unseen
                self._pop_follow_up()
                self._fill_unlogged(move)
            return
        if st.phase == "leaders" and move.verb == "draft":
            for hand in st.draft:  # the Leader deal was not written down
                hand.cards += ["?"] * max(0, self.data.const("leaders_per_player", 4) - hand.size())
            st.phase = "draft"
        elif st.phase == "deal" and move.verb in ("build", "stage", "discard"):
            for i in range(len(st.players)):  # the Age's deal was not written down
                st.cities[i].hand.cards += ["?"] * max(0, self.hand_size - st.cities[i].hand.size())
            self._maybe_start_turns()
        elif st.phase == "turn" and st.two_player and not st.drawn and len(st.choices) == len(st.cities):
            st.drawn = True  # the Free City's draw was not written down
            st.cities[st.controller].hand.cards.append("?")
            self._maybe_resolve()

    def _draft(self, p: int, name: str) -> list[Finding]:
        """Keep one Leader from the draft hand."""
        st = self.st
        if p in self.picks:
            return [broken("flow-once-per-turn", f"{st.players[p]} already drafted in this round")]
        if name != "?" and name not in st.data.leaders:
            raise MoveError(f'no Leader named "{name}"')
        held = st.draft[p].holds(name) if name != "?" else None
        message = f"{name} is not in the Leader hand {st.players[p]} drafts from"
        found = [] if held else [broken("leaders-draft-hand", message, held is None)]
        self.picks[p] = name
        if len(self.picks) == len(st.players):
            self._end_draft_round()
        return found

    def _end_draft_round(self) -> None:
        """Keep the picks, pass the hands to the right, and keep the last card after round 3."""
        st = self.st
        for p, name in self.picks.items():
            st.draft[p].take(name)
            st.cities[p].leader_hand.cards.append(name)
        self.picks = {}
        n = len(st.players)
        came_from = -1 if st.passing == "left" else 1  # passing right, a hand comes from the left
        st.draft = [st.draft[(p + came_from) % n] for p in range(n)]
        if all(h.size() <= 1 for h in st.draft):
            for p, h in enumerate(st.draft):
                st.cities[p].leader_hand.cards.extend(c for c in h.cards)
                st.draft[p] = Hand()
            st.passing = ""
            self._start_recruitment()

    def _recruit_choice(self, p: int, move: Move) -> list[Finding]:
        """Check a Leader played in the Recruitment phase and hold it until all have chosen."""
        st = self.st
        if p in st.choices:
            return [broken("flow-once-per-turn", f"{st.players[p]} already played a Leader in this Recruitment phase")]
        city = st.cities[p]
        leader = st.data.leaders.get(move.name)
        if leader is None and move.name != "?":
            raise MoveError(f'no Leader named "{move.name}"')
        found = checks.leader_in_hand(city, move.name) + checks.free_only_to_build(st, p, move)
        payment = Payment()
        if move.verb == "recruit" and leader is not None:
            price = checks.leader_price(st, p, leader)
            found += checks.check_recruit(st, p, leader, price=price)
            payment.bank = min(price, city.coins)
            found += checks.purchases_for_a_leader(st, p, move, price, payment)
        elif move.verb == "stage":
            stage_found, payment = checks.check_stage(st, p, move)
            found += stage_found
        elif move.verb == "discard":
            discard_found, payment = checks.check_discard(st, p, move)
            found += discard_found
        st.choices[p] = Choice(p, move, payment, city.leader_hand)
        if st.all_chose():  # (else a city that chooses has not chosen yet: wait)
            self._maybe_resolve()
        return found

    def _turn_choice(self, p: int, move: Move) -> list[Finding]:
        """Check a card played this turn and hold it until every choice is in."""
        st = self.st
        if move.for_free_city and (not st.two_player or p != st.controller):
            return [broken("flow-out-of-turn", f"{st.players[p]} does not control the Free City this turn")]
        i = st.index(FREE_CITY) if move.for_free_city else p
        if st.turn == 7 and i not in st.choosers():
            return [broken("flow-out-of-turn", f"{st.cities[i].name} has no card to play in turn {st.turn}")]
        if i in st.choices:
            return [broken("flow-once-per-turn", f"{st.cities[i].name} already chose a card this turn")]
        card = st.data.cards[st.age].get(move.name)
        if card is None and move.name != "?":
            raise MoveError(f'no Age {st.age} card named "{move.name}"')
        city = st.cities[i]
        hand = st.cities[st.controller].hand if city.free_city else city.hand  # `State.real_hand`
        shared = st.two_player and hand is st.cities[st.controller].hand
        found = [] if not shared and move.name in hand.cards else checks.in_hand(st, i, move.name)
        if move.free and move.verb != "build":
            found += checks.free_only_to_build(st, i, move)
        if move.verb == "discard" and not city.free_city and move.plain:
            st.choices[i] = Choice(i, move, NOTHING_PAID, hand)  # a plain discard needs no further check
        else:
            found_play, payment = self._check_play(i, move, card)
            found += found_play
            st.choices[i] = Choice(i, move, payment, hand)
        if st.turn < 7 and len(st.choices) < len(st.cities):
            return found  # (what `_maybe_resolve` finds first: every city chooses in turns 1-6)
        self._maybe_resolve()
        return found

    def _check_play(self, i: int, move: Move, card: Card | None) -> tuple[list[Finding], Payment]:
        """Check how a card is played: as a structure, a Wonder stage or a discard."""
        st = self.st
        found: list[Finding]
        if move.verb == "build" and card is not None:
            found, payment = checks.check_build(st, i, move, card)
        elif move.verb == "build":
            found = [broken("build-resources", "a hidden card cannot be checked until revealed", True)]
            payment = Payment()
        elif move.verb == "stage":
            found, payment = checks.check_stage(st, i, move)
        else:
            found, payment = checks.check_discard(st, i, move)
        if st.cities[i].free_city and card is not None:
            found += options.free_city_duty(st, i, move.verb, card)
        return found, payment

    # ----------------------------------------------------------------- phases

    def _maybe_resolve(self) -> None:
        """Resolve the turn (or Recruitment) once every choice, and the Free City's draw, is in."""
        st = self.st
        if st.phase == "turn" and st.turn < 7:
            if len(st.choices) < len(st.cities):
                return  # every city chooses in turns 1-6
        elif not st.all_chose():
            return
        if st.phase == "turn" and st.two_player and not st.drawn and st.turn < 7 and st.deck_size() > 0:
            return
        resolve.resolve(st)
        if st.phase == "turn" and st.turn == 6 and not self.late_discards:
            # the Age's last cards are discarded at the end of turn 6, so a Halikarnassos stage
            # built in that turn may already take one of them
            self._discard_last_cards()
        while st.queue and not self._follow_up_has_choice(st.queue[0]):
            st.queue.pop(0)
        if not st.queue:
            self._after_resolution()

    def _after_resolution(self) -> None:
        """Continue after a turn or a Recruitment phase and its follow-ups."""
        st = self.st
        if st.phase == "recruit":
            if st.age == 3:
                for c in st.cities:
                    st.box.update(n for n in c.leader_hand.cards if n != "?")
                    c.leader_hand = Hand()
            st.phase = "deal"
            self._maybe_start_turns()
        elif st.phase == "turn":
            self._next_turn()

    def _start_recruitment(self) -> None:
        """Open the Recruitment phase of the current Age (and prepare its deck)."""
        st = self.st
        st.phase = "recruit"
        st.deck = table.age_deck(st)
        st.guilds_left = max(len(st.players), 3) + 2 if st.age == 3 else 0
        st.dealt_guilds = []
        if not st.choosers():
            self._after_resolution()

    def _start_turn(self, turn: int) -> None:
        """Begin a turn of the Age."""
        st = self.st
        st.phase, st.turn, st.drawn = "turn", turn, False
        st.controller = (turn - 1) % 2 if st.two_player else 0

    def _next_turn(self) -> None:
        """Pass the hands, or end the Age after its last turn."""
        st = self.st
        if st.turn < 6:
            self._pass_hands()
            self._start_turn(st.turn + 1)
            return
        if st.turn == 6:
            self._discard_last_cards()  # with late-discards, only now (after the follow-ups)
        if st.turn == 6 and any(c.hand.size() for c in st.cities):
            self._start_turn(7)  # Babylon B plays its last card
            return
        for c in st.cities:
            self._discard_hand(c)
        self._end_age()

    def _discard_last_cards(self) -> None:
        """After turn 6, discard every last card but Babylon B's, and the Free City pile's rest."""
        st = self.st
        for c in st.cities:
            if not c.free_city and "play_seventh" not in c.profile.flags:
                self._discard_hand(c)
        st.discard.extend(n for n, k in st.deck.items() for _ in range(k))
        st.deck = Counter()

    def _discard_hand(self, city: City) -> None:
        """Put a hand's last cards on the discard pile."""
        self.st.discard.extend(city.hand.cards)
        city.hand = Hand()

    def _pass_hands(self) -> None:
        """Pass hands left in Ages I and III and right in Age II (the 2 players swap)."""
        st = self.st
        hands = [st.cities[i].hand for i in range(len(st.players))]
        n = len(hands)
        way = st.passing or ("right" if st.age == 2 else "left")
        step = -1 if way == "right" else 1
        for i in range(n):
            st.cities[(i + step) % n].hand = hands[i]

    def _end_age(self) -> None:
        """Resolve conflicts and open the next Age, or end the game after Age III."""
        st = self.st
        resolve.conflicts(st)
        st.passing = ""
        if st.age == 3:
            st.phase = "over"
            return
        st.age += 1
        self._start_recruitment()
