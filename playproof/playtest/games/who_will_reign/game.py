"""The referee's core: state plus the market deck, draws, moons and tributes (table events)."""

from __future__ import annotations

from dataclasses import dataclass, field

from playproof.playtest.engine import Status, Violation
from playproof.playtest.games.who_will_reign.catalogue import MOON, Catalogue
from playproof.playtest.games.who_will_reign.grammar import Each, MoonEffect
from playproof.playtest.games.who_will_reign.moves import Move
from playproof.playtest.games.who_will_reign.rules import GAME_ID, RULES
from playproof.playtest.games.who_will_reign.scoring import path_count
from playproof.playtest.games.who_will_reign.state import (
    LAY, MARKET, OVER, PLAY, UNKNOWN, Land, Sister, State, Tribute, top_output,
)


@dataclass
class Game:
    """The state of one game with the catalogue it is played with, and its findings so far."""

    state: State
    catalogue: Catalogue
    banners_in_play: bool = True
    replace_when_full: bool = False
    found: list[Violation] = field(default_factory=list)
    line: int = 0
    moves_cache: dict[str, list] = field(default_factory=dict)
    """Per sister: [the discounts her prices hold for, gold and food she needs per market card, her version her
    placements hold for, the moves placing each court or guest market card]."""
    court_tails: dict[str, list] = field(default_factory=dict)
    """Per sister: [her version, what follows `acquire CARD` in her court card acquisitions, the same with
    expelling a guest (None until asked)]."""
    guest_moves: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    """Per (sister, guest card): the moves placing it near another sister's court."""
    land_moves: list = field(default_factory=lambda: [-1, {}])
    """[the lands' version, per improvement card: ("", the moves placing it on a land board)], the same for every
    sister."""
    banners_cache: dict[str, tuple[int, list[tuple[str, str, int, int]]]] = field(default_factory=dict)
    """Per sister, with her version: the banners whose cards she holds as (key, move, gold, food) to pay."""

    def flag(self, slug: str, message: str, status: Status = Status.VIOLATION) -> None:
        """Record a finding against a rule of the index, at the current log line."""
        rule = f"{GAME_ID}/{slug}"
        assert rule in RULES, rule
        self.found.append(Violation(rule, message, self.line, status))

    def name(self, key: str) -> str:
        """Return the printed name of a card key."""
        card = self.catalogue.cards.get(key)
        return card.name if card else key

    # --- setup -----------------------------------------------------------------------------

    def lay(self, move: Move) -> None:
        """Lay the land boards named (setup): the set number of different known boards."""
        wanted = self.catalogue.numbers["boards_dealt"]
        if self.state.phase != LAY:
            self.flag("setup-land-boards", "the land boards are already laid out")
            return
        known = [k for k in dict.fromkeys(move.names) if k in self.catalogue.boards]
        if UNKNOWN in move.names:
            self.flag("setup-land-boards", "some land boards laid are not revealed", Status.UNDETERMINED)
        elif len(known) != wanted or len(move.names) != wanted:
            self.flag("setup-land-boards", f"lay {wanted} different land boards of the "
                      f"{len(self.catalogue.boards)} (got {len(move.names)}, {len(known)} different known ones)")
        for key in known:
            board = self.catalogue.boards[key]
            self.state.lands[key] = Land(key, board.land, board.output)
        self.start_market()

    def start_market(self) -> None:
        """Begin dealing the market row."""
        self.state.phase = MARKET
        self.state.pending_draws = self.catalogue.numbers["market_size"]
        self.settle()

    # --- the market deck ---------------------------------------------------------------------

    def settle(self) -> None:
        """Stop waiting for draws that cannot happen (deck and discard pile both empty)."""
        s = self.state
        if s.pending_draws and not s.deck and not s.discard:
            s.pending_draws = 0
        if s.phase == MARKET and not s.pending_draws:
            s.phase = PLAY

    def reshuffle(self, logged: bool) -> None:
        """Shuffle the discard pile into a new market deck (only when the deck has run out)."""
        s = self.state
        if logged and s.deck:
            left = sum(s.deck.values())
            self.flag("discard-reshuffle", f"the market deck still holds {left} card{'s' * (left != 1)}; "
                      "the discard pile is shuffled in only when it runs out")
        s.deck.update(s.discard)
        s.discard.clear()

    def reveal(self, move: Move) -> None:
        """Draw a card into the market row; a Moon is resolved (or, in setup, discarded)."""
        s, key = self.state, move.card
        if not s.deck and s.discard:
            self.reshuffle(logged=False)  # ruling: an unlogged reshuffle is implied
        # "Replace the empty spot in the market row by drawing a new card": a draw needs an empty spot
        if not s.pending_draws and len(s.market) >= self.catalogue.numbers["market_size"]:
            self.flag("market-refill", f"the market row is full; {self.name(key) if key != UNKNOWN else 'a card'} "
                      "was drawn for no empty spot")
        if key == UNKNOWN:
            self._fill(UNKNOWN)
            return
        if not self._take_from_deck(key):
            return
        if self.catalogue.cards[key].kind == MOON:
            self._moon(key)
        else:
            self._fill(key)

    def draw_offered(self, key: str) -> None:
        """Draw a card the deck holds into a waiting market spot: `reveal` of a draw it offered, without the checks
        such a draw passes (the deck holds the card, a spot waits for it)."""
        deck = self.state.deck
        left = deck[key] - 1
        if left:
            deck[key] = left
        else:
            deck.pop(key)
        if self.catalogue.cards[key].kind == MOON:
            self._moon(key)
        else:
            self._fill(key)

    def _take_from_deck(self, key: str) -> bool:
        """Remove a drawn card from the deck; report a card the deck cannot hold."""
        s = self.state
        if s.deck[key] > 0:
            s.deck[key] -= 1
            if not s.deck[key]:
                del s.deck[key]
            return True
        if key in s.box:
            self.flag("moons-removed", f"{self.name(key)} was resolved and returned to the box; it cannot be drawn again")
            return False
        if s.discard[key] > 0:  # drawn from the discard pile: it leaves the pile, as written
            self.flag("market-deck-contents", f"{self.name(key)} is in the discard pile, not the market deck "
                      "(the pile becomes the deck only when the deck runs out)")
            s.discard[key] -= 1
            if not s.discard[key]:
                del s.discard[key]
            return True
        self.flag("market-deck-contents", f"{self.name(key)} is not in the market deck "
                  f"(every copy is in play, in the discard pile or out of the game)")
        return self.catalogue.cards[key].kind != MOON

    def _fill(self, key: str) -> None:
        """Put a drawn card into the market row, filling a waiting spot."""
        s = self.state
        if s.pending_draws:
            s.pending_draws -= 1
        s.market.append(key)
        self.settle()

    def discard(self, move: Move) -> None:
        """The table puts a card on the discard pile: a Moon of setup (a record), else a mistake applied as written."""
        s, key = self.state, move.card
        if key in s.box:
            # "Resolved Moons are returned to the box, not discarded"
            self.flag("moons-removed", f"{self.name(key)} was resolved: it goes back to the box, not to the "
                      "discard pile")
            s.box.discard(key)
            s.discard[key] += 1
        elif key in s.market:
            self.flag("sweep-whole-row", f"{self.name(key)} was discarded alone from the market row; only a sweep "
                      "discards market cards, the whole row")
            s.market.remove(key)
            s.discard[key] += 1
            self.need_draws(1)
        elif not (self.catalogue.cards[key].kind == MOON and s.discard[key] > 0):
            self.flag("discard-source", f"{self.name(key)} is not in the market row or the box; the table has no "
                      "such card to discard")

    def box(self, move: Move) -> None:
        """The table returns a card to the box: a resolved Moon (a record), else a mistake applied as written."""
        s, key = self.state, move.card
        is_moon = self.catalogue.cards[key].kind == MOON
        if is_moon and key in s.box:
            return
        if is_moon and s.discard[key] > 0:
            # setup: "If you reveal any Moons, ignore, discard, and replace them with another card"
            self.flag("setup-moons", f"{self.name(key)} was revealed in setup: it is discarded, not returned to "
                      "the box")
            s.discard[key] -= 1
            if not s.discard[key]:
                del s.discard[key]
            s.box.add(key)
            return
        self.flag("discard-source", f"only a Moon resolved in play goes back to the box; {self.name(key)} "
                  + ("is not one" if not is_moon else "has not been resolved"))

    def need_draws(self, count: int) -> None:
        """Wait for the table to draw cards into the market row's empty spots (a card drawn early filled one)."""
        s = self.state
        empty = self.catalogue.numbers["market_size"] - len(s.market)
        s.pending_draws = max(0, min(s.pending_draws + count, empty))
        self.settle()

    # --- moons -------------------------------------------------------------------------------

    def _moon(self, key: str) -> None:
        """Resolve a moon drawn in play and box it; in setup discard it instead."""
        s = self.state
        if s.phase == MARKET:
            s.discard[key] += 1  # setup: ignore, discard and replace
            self.settle()
            return
        s.box.add(key)
        effect = self.catalogue.cards[key].moon or MoonEffect()
        for each in effect.each:
            self._each(each)
        if effect.flood:
            self._flood(*effect.flood)
        if effect.tribute:
            s.tribute = Tribute(key, effect.tribute[0], effect.tribute[1])
        self.settle()

    def _each(self, each: Each) -> None:
        """Apply a moon's gain or loss to every sister (stores never drop below zero)."""
        for sister in self.state.sisters:
            if each.unless and path_count(sister, each.unless, self.catalogue):
                continue
            times = path_count(sister, each.per, self.catalogue) if each.per else 1
            self.change(sister, each.resource, each.amount * times)

    def _flood(self, land: str, threshold: int) -> None:
        """Discard the top improvement of every land of a kind producing at least the threshold."""
        for board in self.state.lands_of(land):
            if board.stack and top_output(board, self.catalogue) >= threshold:
                self.state.discard[board.stack.pop()] += 1
                self.state.lands_version += 1

    def change(self, sister: Sister, resource: str, amount: int) -> None:
        """Add (or take) food or gold; a sister's stores never drop below zero."""
        if resource == "gold":  # the two stores by name, without setattr/getattr (several times a turn)
            sister.gold = max(0, sister.gold + amount)
        elif resource == "food":
            sister.food = max(0, sister.food + amount)
        else:
            setattr(sister, resource, max(0, getattr(sister, resource) + amount))

    def pay_tribute(self, sister: Sister, move: Move) -> None:
        """Record a sister's payment towards an open tribute."""
        t = self.state.tribute
        if t is None:
            self.flag("moons-tribute", "no Moon is asking for a tribute now")
            return
        owed, held = t.owed - t.paid, getattr(sister, t.resource)
        if move.resource and move.resource != t.resource:
            self.flag("moons-tribute", f"the {self.name(t.moon)} asks for {t.resource}, not {move.resource}")
        if sister.name in t.spoken:
            self.flag("moons-tribute", f"{sister.name} has already paid towards the {self.name(t.moon)}")
        if move.amount > held:
            self.flag("moons-tribute", f"{sister.name} pays {move.amount} {t.resource} but holds only {held}")
        elif move.amount > owed:
            self.flag("moons-tribute", f"only {owed} {t.resource} is still owed to the {self.name(t.moon)}")
        paid = min(move.amount, held, owed)
        self.change(sister, t.resource, -paid)
        t.paid += paid
        t.spoken.add(sister.name)
        if t.paid >= t.owed or len(t.spoken) == len(self.state.sisters):
            self.close_tribute()

    def close_tribute(self) -> None:
        """End an open tribute: when it is not fully paid, every sister suffers the penalties."""
        t = self.state.tribute
        if t is None:
            return
        self.state.tribute = None
        if t.paid < t.owed:
            for penalty in (self.catalogue.cards[t.moon].moon or MoonEffect()).penalties:
                self._each(penalty)

    # --- game end ----------------------------------------------------------------------------

    def end_turn(self) -> None:
        """Pass the turn clockwise; at the end of a round with a full court the game ends."""
        s = self.state
        s.income_taken = False
        s.out_of_turn = ""
        s.active = (s.active + 1) % len(s.sisters)
        if s.active != s.first:
            return
        limit = self.catalogue.numbers["court_limit"]
        if any(len(x.court) >= limit for x in s.sisters):
            s.phase = OVER
        else:
            s.round += 1

