"""The Who Will Reign? referee: checks each logged move, applies it, and derives the rest."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, Mapping

from playproof.errors import PlayproofError
from playproof.playtest.engine import (
    TABLE, Decision, Engine, Event, EventKind, Offer, Setup, Status, Violation, example_project,
)
from playproof.playtest.games.who_will_reign import actions
from playproof.playtest.games.who_will_reign.catalogue import Catalogue, load_catalogue
from playproof.playtest.games.who_will_reign.game import Game
from playproof.playtest.games.who_will_reign.legal import decision, offer
from playproof.playtest.games.who_will_reign.moves import Move, MoveError, parse_move
from playproof.playtest.games.who_will_reign.rules import GAME_ID, RULES
from playproof.playtest.games.who_will_reign.scoring import crowns, crowns_breakdown
from playproof.playtest.games.who_will_reign.state import LAY, MARKET, OVER, PLAY, UNKNOWN, Sister, new_state

UNDETERMINED_RULE = {"pay": "moons-tribute", "stock": "table-resources", "score": "end-crowns",
                     "winner": "end-winner", "banner": "banners-available",
                     "discard": "discard-source", "box": "discard-source"}
TIEBREAKS = ("shared", "stores")


def catalogue_for(setup: Setup) -> Catalogue:
    """Return the catalogue of the game's project (the bundled example by default)."""
    project = setup.project or example_project(GAME_ID)
    if project is None:
        raise PlayproofError("who-will-reign: no project given and the bundled example is not installed")
    return load_catalogue(project)


class WhoWillReign(Engine):
    """Referee for Who Will Reign? (2-4 sisters)."""

    game_id: ClassVar[str] = GAME_ID
    title: ClassVar[str] = "Who Will Reign?"
    rules: ClassVar = RULES
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    from playproof.playtest.games.who_will_reign.heuristic import heuristic  # bots' value of a position
    from playproof.playtest.games.who_will_reign.clone import clone, position_key  # search bots' copies
    from playproof.playtest.games.who_will_reign.runs import run as random_run  # random play's turns and draws
    options: ClassVar[Mapping[str, str]] = {
        "no-banners": "first game: play without the Banners",
        "tiebreak": "shared (default: tied sisters share the crown) or stores (most food and gold left wins)",
        "first": "the youngest sister, who plays first (default: the first player listed)",
        "replace-when-full": "a court card may replace another only when the court is full",
    }

    def __init__(self, setup: Setup) -> None:
        """Set up the game: sisters, options and the catalogue of the project."""
        super().__init__(setup)
        players = setup.players
        if not self.min_players <= len(players) <= self.max_players:
            raise PlayproofError(f"{self.title} is played by {self.min_players} to {self.max_players} sisters "
                                 f"(got {len(players)})")
        self.tiebreak = setup.options.get("tiebreak", "shared").strip().lower()
        if self.tiebreak not in TIEBREAKS:
            raise PlayproofError(f'tiebreak must be one of: {", ".join(TIEBREAKS)} (got "{self.tiebreak}")')
        catalogue = catalogue_for(setup)
        state = new_state(players, catalogue, self._first(players))
        self.game = Game(state, catalogue, banners_in_play="no-banners" not in setup.options,
                         replace_when_full="replace-when-full" in setup.options)

    def _first(self, players: tuple[str, ...]) -> int:
        """Return the seat of the sister who plays first."""
        first = self.setup.options.get("first", "").strip().lower()
        names = [p.lower() for p in players]
        if first and first not in names:
            raise PlayproofError(f'first={first} is not one of the players ({", ".join(players)})')
        return names.index(first) if first else 0

    # --- the contract ------------------------------------------------------------------------

    def apply(self, event: Event) -> list[Violation]:
        """Check an event, apply it whatever the verdict, and return every violation."""
        if event.kind is EventKind.MARKER:
            return []
        game = self.game
        game.found, game.line = [], event.line
        by_table = event.actor.strip().lower() == TABLE
        if "?" in event.args and event.verb in UNDETERMINED_RULE and event.has_unknown:
            game.flag(UNDETERMINED_RULE[event.verb], f"{event.text} is not revealed", Status.UNDETERMINED)
            return game.found
        try:
            move = parse_move(event.verb, event.args, by_table, game.catalogue)
        except MoveError as exc:
            game.flag("play-known-move", str(exc))
            return game.found
        if by_table:
            self._table(move)
        else:
            self._sister(event.actor, move)
        return game.found

    def decision(self) -> Decision | None:
        """Return the decision pending now with its legal moves, or None when the game is over."""
        return decision(self.game)

    def offer(self) -> Offer | None:
        """Return the pending decision's moves (those of `decision`, in its order) without making a Decision."""
        return offer(self.game, self._play_turn, self._play_draw)

    def _play_turn(self, k: int, event: Event) -> list[Violation]:
        """Apply the current sister's offered turn move: `apply` without the checks an offered move passes."""
        game = self.game
        game.found, game.line = [], event.line
        move = parse_move(event.verb, event.args, False, game.catalogue)  # (kept per catalogue)
        state = game.state
        sister = state.sisters[state.active]
        if state.tribute is not None or state.phase != PLAY or state.pending_draws or state.out_of_turn:
            self._before_turn_move(sister)  # else it has nothing to do: no tribute, setup done, her turn
        actions.OFFERED_MOVES[move.verb](game, sister, move)
        return game.found

    def _play_draw(self, k: int, event: Event) -> list[Violation]:
        """Apply the table's offered draw into the market row, as `apply` does."""
        game = self.game
        game.found, game.line = [], event.line
        move = parse_move(event.verb, event.args, True, game.catalogue)  # (kept per catalogue)
        game.draw_offered(move.card)  # offered only with no tribute open and a market spot waiting
        return game.found

    def is_over(self) -> bool:
        """Return True when the game has ended."""
        return self.game.state.phase == OVER

    def scores(self) -> dict[str, int]:
        """Return each sister's crowns now (the totals of `score_breakdown`, most of them kept between calls)."""
        return crowns(self.game.state, self.game.catalogue)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Return each sister's crowns split into court, banner and guests."""
        state, catalogue = self.game.state, self.game.catalogue
        return {s.name: crowns_breakdown(s, state, catalogue) for s in state.sisters}

    def holdings(self) -> dict[str, list[str]]:
        """Return each sister's court cards, the guests at her court and her banner (for holders' win rates)."""
        named = self.game.catalogue.names
        return {s.name: [named.get(key, key) for key in (*s.court, *s.guests, *([s.banner] if s.banner else []))]
                for s in self.game.state.sisters}

    def round_label(self) -> str:
        """Return the current round."""
        return f"Round {self.game.state.round}"

    def summary(self) -> str:
        """Return the round, whose turn it is, and each sister's stores and court size."""
        state = self.game.state
        sisters = "; ".join(f"{s.name} {s.food} food {s.gold} gold {len(s.court)} court" for s in state.sisters)
        return f"Round {state.round}, {state.current.name} to play. {sisters}"

    def winners(self) -> list[str]:
        """Return the sisters with the most crowns (after the tiebreak option)."""
        state = self.game.state
        totals = self.scores()
        best = max(totals.values())
        tied = [s for s in state.sisters if totals[s.name] == best]
        if self.tiebreak == "stores":
            most = max(s.food + s.gold for s in tied)
            tied = [s for s in tied if s.food + s.gold == most]
        return [s.name for s in tied]

    # --- dispatch ----------------------------------------------------------------------------

    def _sister(self, actor: str, move: Move) -> None:
        """Check and apply a sister's move."""
        game, state = self.game, self.game.state
        sister = state.sister(actor)
        if sister is None:
            game.flag("play-turn-order", f'"{actor}" is not a sister of this game ({", ".join(self.setup.players)})')
            return
        if state.phase == OVER:
            self._after_the_end(f"the game ended at the end of round {state.round}; no more turns")
            return
        if move.verb == "pay":
            game.pay_tribute(sister, move)
            return
        if move.verb == "discard":  # never legal, in turn or out of it: the finding is the discard's own
            actions.discard(game, sister, move)
            return
        self._before_turn_move(sister)
        actions.SISTER_MOVES[move.verb](game, sister, move)

    def _after_the_end(self, message: str) -> None:
        """Report the first move after the end of the game; the moves that follow it are the same slip."""
        # "At the end of the round in which any sister's court becomes filled with 7 Court Cards, the game is over"
        if not self.game.state.late:
            self.game.flag("end-round", message)
            self.game.state.late = True

    def _before_turn_move(self, sister: Sister) -> None:
        """Close an open tribute and a setup left unfinished; check it is the sister's turn."""
        game, state = self.game, self.game.state
        game.close_tribute()
        if state.phase == LAY:
            game.flag("setup-land-boards", "the land boards were not laid out before play")
            game.start_market()
            state.pending_draws = 0  # nor was the market row dealt: the same slip, one finding
            game.settle()
        if state.pending_draws:
            spots = "1 market spot waits" if state.pending_draws == 1 else f"{state.pending_draws} market spots wait"
            game.flag("market-refill", f"{spots} to be refilled from the deck first")
            state.pending_draws = 0
            game.settle()
        if state.phase == MARKET:
            state.phase = "play"
        # "The youngest sister plays first and play continues clockwise": a run of moves out of turn is one slip
        if sister is state.current:
            state.out_of_turn = ""
        elif state.out_of_turn != sister.name:
            game.flag("play-turn-order", f"it is {state.current.name}'s turn, not {sister.name}'s")
            state.out_of_turn = sister.name

    def _table(self, move: Move) -> None:
        """Check and apply a table event: setup, draws, reshuffles, or a recorded consequence."""
        game, state = self.game, self.game.state
        if move.verb in _CHECKS:
            _CHECKS[move.verb](self, move)
            return
        if state.phase == OVER:
            self._after_the_end("the game is over; nothing more is drawn")
            return
        if move.verb == "discard":  # the table's bookkeeping: an open tribute stays open
            game.discard(move)
            return
        if move.verb == "box":
            game.box(move)
            return
        game.close_tribute()
        if move.verb == "lay":
            game.lay(move)
            return
        if state.phase == LAY:
            game.flag("setup-land-boards", "the land boards were not laid out before the market")
            game.start_market()
        if move.verb == "reveal":
            game.reveal(move)
        else:
            game.reshuffle(logged=True)

    # --- recorded consequences ---------------------------------------------------------------

    def _named(self, name: str) -> Sister | None:
        """Return a sister named by a table check, flagging an unknown name."""
        sister = self.game.state.sister(name)
        if sister is None:
            self.game.flag("play-known-move", f'"{name}" is not a sister of this game ({", ".join(self.setup.players)})')
        return sister

    def _check_stock(self, move: Move) -> None:
        """A recorded food/gold count must match the derived one."""
        sister = self._named(move.to)
        for resource, count in move.stores if sister else ():
            if getattr(sister, resource) != count:
                self.game.flag("table-resources", f"{sister.name} has {getattr(sister, resource)} {resource}, "
                               f"not {count}")

    def _check_market(self, move: Move) -> None:
        """A recorded market row must hold exactly the cards the log put there (`?` matches any card)."""
        row, named = self.game.state.market, move.names
        in_row, in_record = Counter(k for k in row if k != UNKNOWN), Counter(k for k in named if k != UNKNOWN)
        fits = (len(named) == len(row) and sum((in_row - in_record).values()) <= named.count(UNKNOWN)
                and sum((in_record - in_row).values()) <= row.count(UNKNOWN))
        if not fits:
            shown = ", ".join("?" if k == UNKNOWN else self.game.name(k) for k in row) or "nothing"
            absent = ", ".join(self.game.name(k) for k in (in_record - in_row).elements())
            self.game.flag("market-row", f"the market row holds {shown}" + (f", not {absent}" if absent else ""))

    def _check_discards(self, move: Move) -> None:
        """A recorded discard pile must hold the cards discarded since the last reshuffle (`?` matches any card)."""
        pile, named = self.game.state.discard, Counter(move.names)
        unknown = named.pop(UNKNOWN, 0)
        missing, extra = +(pile - named), +(named - pile)
        # "Discarded Unwanted Guests and swept cards are placed in the discard pile"
        if extra or sum(missing.values()) != unknown:
            shown = ", ".join(self.game.name(k) for k in sorted(pile.elements())) or "nothing"
            absent = ", ".join(self.game.name(k) for k in extra.elements())
            self.game.flag("discard-pile", f"the discard pile holds {shown}" + (f", not {absent}" if absent else ""))

    def _check_score(self, move: Move) -> None:
        """A recorded crown total must match the derived one."""
        sister = self._named(move.to)
        if sister is None:
            return
        parts = crowns_breakdown(sister, self.game.state, self.game.catalogue)
        if parts["total"] != move.amount:
            self.game.flag("end-crowns", f"{sister.name} has {parts['total']} crowns (court {parts['court']}, "
                           f"banner {parts['banner']}, guests {parts['guests']}), not {move.amount}")

    def _check_winner(self, move: Move) -> None:
        """A recorded winner must be the sister(s) with the most crowns, once the game is over."""
        if not self.is_over():
            self.game.flag("end-winner", "the game is not over yet; there is no winner")
            return
        named = sorted(n.lower() for n in move.names)
        winners = self.winners()
        if named != sorted(w.lower() for w in winners):
            totals = self.scores()
            self.game.flag("end-winner", f"the most crowns: {' and '.join(winners)} with {totals[winners[0]]}")


_CHECKS = {"market": WhoWillReign._check_market, "discards": WhoWillReign._check_discards,
           "stock": WhoWillReign._check_stock, "score": WhoWillReign._check_score,
           "winner": WhoWillReign._check_winner}
