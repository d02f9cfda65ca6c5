"""The generic referee of a declared game: checks each logged move against the Moves row it names.

It stands on the layers below it, which import one way: the vocabulary (sheets, model, expr), the rules
compiled from the sheets (build, rules), and the table (state, flow, play, checks, apply, due, legal).
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar

from playproof.playtest.declared import legal
from playproof.playtest.declared.apply import perform, perform_late
from playproof.playtest.declared.checks import check, check_from, check_record
from playproof.playtest.declared.due import advance, check_claim, due_targets, late, settle
from playproof.playtest.declared.expr import TooLarge, Unknown, as_number
from playproof.playtest.declared.flow import begin, cooperative_result, end_phase
from playproof.playtest.declared.model import Game
from playproof.playtest.declared.play import Play, parse_play
from playproof.playtest.declared.state import Ctx, State
from playproof.playtest.engine import TABLE, Decision, Engine, Event, EventKind, Offer, Rule, Setup, Violation


READINGS = 4096
"""Log lines whose reading a game keeps (see DeclaredEngine._read)."""
_UNREAD = object()
"""A line not read yet (see DeclaredEngine.play_offered)."""


def fresh_play(play: Play) -> Play:
    """Return a copy of a move as read, before checking it (what checking and applying add is not copied)."""
    return Play(play.spec, play.actor, play.target, list(play.comps), play.hidden, play.amount, play.problem,
                play.check, play.turn, play.source, play.dest, play.cell, play.faces)


class DeclaredEngine(Engine):
    """A referee built from rules sheets; subclass it and override `check_move` for a rule sheets cannot say."""

    game: ClassVar[Game]
    extra_rules: ClassVar[tuple[Rule, ...]] = ()
    """Rules a subclass's `check_move` reports, besides the declared ones (ids `<game>/<name>`)."""
    options = {"first": "the player who takes the first turn (default: the first seat)",
               "dealer": "the dealer (with `first player` = `dealer left`; default: the last seat)"}

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.players = tuple(setup.players)
        self.state = State(self.game, self.players, setup.seed)
        self.state.options = dict(setup.options)
        self.state.epoch += 1  # values read option(...)
        begin(self.state, setup.options.get("first", "").strip(), setup.options.get("dealer", "").strip())
        advance(self.state)

    # ---- the flow, as attributes a hook or a report reads ------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.flow.over

    @property
    def turns(self) -> int:
        return self.state.flow.turns

    @property
    def actions(self) -> int:
        return self.state.flow.actions

    @property
    def round_number(self) -> int:
        return self.state.flow.round

    @property
    def turn_player(self) -> str:
        return self.state.flow.current

    def determinize(self, observer: str, rng: random.Random) -> DeclaredEngine:
        """Return a copy in which the components `observer` cannot see are dealt afresh among the zones hiding them.

        A zone is unseen when its visibility is `hidden`, or `owner` and another player's: the sizes of those
        zones stay as they are (what everyone can count), their contents are shuffled together.
        """
        world = self.clone()
        unseen = [zone for name, owners in world.state.zones.items() for owner, zone in owners.items()
                  if not _sees(self.game.zones[name].visibility, owner, observer)]
        pool = [item for zone in unseen for item in zone.items]
        rng.shuffle(pool)
        start = 0
        for zone in unseen:
            zone.items, start = pool[start:start + len(zone.items)], start + len(zone.items)
        world.state.due_cache = {}  # what the hidden zones hold changed
        world.state.epoch += 1
        return world

    # ---- the hook -------------------------------------------------------------------------------------------
    def check_move(self, play: Play, event: Event) -> list[Violation]:
        """Return violations of rules the sheets cannot say (override in a subclass; default none)."""
        return []

    def hook_refuses(self, play: Play) -> bool:
        """Return True when the subclass's `check_move` finds a move wrong (legal moves never offer it)."""
        if type(self).check_move is DeclaredEngine.check_move:
            return False
        return bool(self.check_move(play, Event(0, play.actor, play.spec.verb, "")))

    def refuser(self) -> Callable[[Play], bool] | None:
        """Return hook_refuses for the legal-move listing, or None when no subclass overrides `check_move`."""
        return None if type(self).check_move is DeclaredEngine.check_move else self.hook_refuses

    # ---- the contract ---------------------------------------------------------------------------------------
    def apply(self, event: Event) -> list[Violation]:
        """Check a logged line (a move, a marker or a claim), apply it, and return the findings."""
        try:
            return self._apply(event)
        except TooLarge as exc:
            return [self.violation("moves-verbs", f"a value grew too large to evaluate ({exc})", event)]

    def _apply(self, event: Event) -> list[Violation]:
        if event.kind is EventKind.MARKER:
            found = settle(self.state, event.line, "", self.perform)
            self._marker(event)
            return found
        claim = event.actor == TABLE and event.verb in ("score", "winner")
        table_verb = (event.verb if not claim else "") if event.actor == TABLE else None
        found = settle(self.state, event.line, table_verb, self.perform)
        if claim:
            return found + self._claim(event)
        if event.actor != TABLE and event.actor not in self.players:
            return found + [self.violation("moves-verbs", f'"{event.actor}" is neither a player nor the table',
                                           event)]
        return self._logged(event, found)

    def _logged(self, event: Event, found: list[Violation]) -> list[Violation]:
        """Read a move of a player or the table (what it owed before already made: `found`), check it and apply
        it; return `found` and its findings."""
        play = self._read(event)
        if play is None:
            verbs = ", ".join(dict.fromkeys(s.verb for s in self.game.moves.values()))
            return found + [self.violation("moves-verbs", f'"{event.verb}" is not a move of {self.title} '
                                           f"(moves: {verbs})", event)]
        spec = play.spec
        if spec.record:  # a record is checked against the table and changes nothing, even after the end
            return found + check_record(self.state, play, event.line)
        assumed = None if play.problem or not self.state.assumed else late(self.state, play)
        if assumed is not None:
            checked = [] if assumed == play.comps[0].key else check_from(self.state, play, event.line)
            perform_late(self.state, play, assumed)
            self.state.flow_version += 1
            advance(self.state)
            self.state.flow_version += 1
            return found + checked
        if spec.derived and event.actor == TABLE and not play.problem:
            claimed, wrong = check_claim(self.state, play, event.line)
            if claimed is None:
                return found + wrong
            play, found = claimed, found + wrong
        due_now = event.actor == TABLE and self.state.flow.over and bool(due_targets(self.state, spec))  # clean-up
        checked = check(self.state, play, event.line, due_now)
        if checked and checked[0].rule.endswith("/turn-end"):  # the table played on: one finding, nothing applied
            if self.state.flow.played_on:
                return found
            self.state.flow.played_on = True
            return found + checked[:1]
        if not checked and type(self).check_move is not DeclaredEngine.check_move:  # a subclass's hook
            checked += self.check_move(play, event)
        self.perform(play)
        return found + checked

    def offer(self) -> Offer | None:
        """Return the moves `decision` lists, in its order, with the same draws of chance; the move drawn is
        applied by `play_offered`."""
        return legal.offer(self)

    def play_offered(self, play: Play | None, event: Event, owed: bool = True) -> list[Violation]:
        """Apply a move that `offer` listed (the event written from its text), as `apply` would.

        Its verdict is known, no finding: it was listed because checking it found none. So when the line reads
        as that very move and making what the table owed first changed nothing, it is performed without being
        checked again; otherwise (a derived move's result, None; a record; a game with a hook) it goes through
        `apply`'s checks. `owed` False: no table move was due as the move was listed (the table is as it was
        then), so the table owes nothing before it.
        """
        try:
            if play is None or play.spec.record or play.spec.derived or \
                    type(self).check_move is not DeclaredEngine.check_move:
                return self._apply(event)
            state = self.state
            version = state.flow_version
            found = settle(state, event.line, event.verb if event.actor == TABLE else None, self.perform) \
                if owed else []
            read = self.game.readings.get((self.players, event.verb, event.actor, event.args, state.flow.current),
                                          _UNREAD)  # _read's kept reading, looked up here: compared only
            if read is _UNREAD:
                read = self._read(event, copy=False)
            if state.flow_version != version or read is None or state.assumed or not same_move(read, play):
                return self._logged(event, found)
            self.perform(play)
            return found
        except TooLarge as exc:
            return [self.violation("moves-verbs", f"a value grew too large to evaluate ({exc})", event)]

    def _read(self, event: Event, copy: bool = True) -> Play | None:
        """Read a line by the first row of its verb whose words fit (the first row's reading when none does).

        A reading depends only on the players, the line and whose turn it is: it is kept (game.readings, at most
        READINGS of them) and each use gets a fresh copy (`copy` False: the kept reading itself, only to be
        compared, never checked or applied).
        """
        key = (self.players, event.verb, event.actor, event.args, self.turn_player)
        readings = self.game.readings
        kept = readings.get(key, readings)
        if kept is not readings:
            return None if kept is None else fresh_play(kept) if copy else kept
        first: Play | None = None
        for spec in self.game.rows_of(event.verb):
            play = parse_play(self.game, self.players, spec, event.actor, event.args, self.turn_player)
            if not play.problem:
                first = play
                break
            first = first or play
        if len(readings) >= READINGS:
            readings.clear()
        readings[key] = None if first is None else fresh_play(first)
        return first

    def finish(self) -> list[Violation]:
        """At the end of a log, the referee makes the derived moves still due (the last trick is taken)."""
        settle(self.state, 0, "", self.perform)
        return []

    def check(self, play: Play, line: int) -> list[Violation]:
        """Return every violation of a move in the current state, without changing it."""
        due_now = play.actor == TABLE and bool(due_targets(self.state, play.spec))
        return check(self.state, play, line, due_now)

    def perform(self, play: Play) -> None:
        """Apply a move as written (whatever the verdict), then pass the turn and end the game as declared."""
        perform(self.state, play)
        self.state.flow_version += 1
        advance(self.state)
        self.state.flow_version += 1

    def decision(self) -> Decision | None:
        """Return the table's due moves, else the moves of the player whose turn it is."""
        return legal.decision(self)

    def is_over(self) -> bool:
        return self.state.flow.over and legal.first_due_text(self) is None

    def scores(self) -> dict[str, int]:
        return {p: sum(parts.values()) for p, parts in self._parts().items()}

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        return {p: {**parts, "total": sum(parts.values())} for p, parts in self._parts().items()}

    def winners(self) -> list[str]:
        """Return who wins: everyone or nobody in a cooperative game; else the highest score, then the tie-breaks."""
        if self.game.turn.cooperative:
            return list(self.players) if cooperative_result(self.state) == "won" else []
        scores = self.scores()
        best = max(scores.values(), default=0)
        tied = [p for p, s in scores.items() if s == best]
        for breaker in self.game.turn.tiebreak:
            if len(tied) < 2:
                break
            marks = {p: as_number(self._eval(breaker, p)) for p in tied}
            top = max(marks.values())
            tied = [p for p in tied if marks[p] == top]
        return tied

    def heuristic(self, player: str) -> float:
        """Return how well a player stands for bots: the Turn sheet's `heuristic`, else the score lead."""
        stated = self.game.turn.heuristic
        return float(as_number(self._eval(stated, player))) if stated is not None else super().heuristic(player)

    def round_label(self) -> str:
        """This round; once the game has ended as a new round began (`round > 3`), the last round played."""
        flow = self.state.flow
        if flow.over and flow.round_turns == 0 and flow.round > 1:
            return str(flow.round - 1)
        return str(flow.round)

    def summary(self) -> str:
        """Describe whose turn it is, the counters a player sees and the public shared zones."""
        flow = self.state.flow
        parts = ["game over" if flow.over else f"round {flow.round}, {flow.current} to play"]
        for name, owners in self.state.counters.items():
            if not self.game.counters[name].internal:
                parts.append(f"{name} " + ", ".join(f"{o or 'table'} {v}" for o, v in owners.items()))
        for name, spec in self.game.zones.items():
            if not spec.per_player and spec.visibility == "public":
                zone = self.state.zones[name][""]
                parts.append(f"{name}: " + (", ".join(c.name for c, _ in zone.items) or "empty"))
        if self.state.roll:
            parts.append("last roll " + " ".join(str(f) for f in self.state.roll))
        return "; ".join(parts)

    # ---- helpers ----------------------------------------------------------------------------------------------
    def _eval(self, fn: Any, player: str) -> Any:
        try:
            return fn(Ctx(self.state, player))
        except (Unknown, TooLarge):
            return 0

    def _parts(self) -> dict[str, dict[str, int]]:
        """Return each player's score parts (kept while no zone, counter, variable or roll changes)."""
        state, flow = self.state, self.state.flow
        key = (state.epoch, flow.current, flow.round, flow.turns, flow.actions, flow.first, flow.dealer, flow.started,
               state.roll)
        kept = getattr(self, "_kept_parts", None)
        if kept is None or kept[0] != key:
            kept = self._kept_parts = (key, {p: {name: int(as_number(self._eval(fn, p))) for name, fn in
                                                 self.game.scoring} for p in self.players})
        return {p: dict(parts) for p, parts in kept[1].items()}

    def _marker(self, event: Event) -> None:
        """A phase marker moves the turn (or the round) to that phase."""
        self.state.flow_version += 1
        label = event.args.strip().lower()
        if event.verb != "phase":
            return
        if label in self.game.turn.phases:
            self.state.flow.phase = self.game.turn.phases.index(label)
            return
        names = [p.name for p in self.game.turn.round_phases]
        if label in names:
            for _ in range(len(names)):
                if names[self.state.flow.rphase] == label:
                    break
                end_phase(self.state)

    def _claim(self, event: Event) -> list[Violation]:
        """`table: score Ann 12` and `table: winner Ann` are checked against the declared scoring."""
        words = event.args.replace(",", " ").split()
        names = {p.lower(): p for p in self.players}
        if event.verb == "score":
            if len(words) != 2 or words[0].lower() not in names or not words[1].lstrip("-").isdigit():
                return [self.violation("moves-verbs", "a score is recorded as `table: score <player> <points>`",
                                       event)]
            player, claimed = names[words[0].lower()], int(words[1])
            actual = self.scores()[player]
            if claimed == actual:
                return []
            return [self.violation("scoring-score", f"{player} scores {actual}, not {claimed}", event)]
        lowered = [w.lower() for w in words]
        if lowered in (["all"], ["everyone"]):
            claimed_set = set(self.players)
        elif lowered in (["none"], ["nobody"]):
            claimed_set = set()
        else:
            claimed_set = {names.get(w.lower(), w) for w in words}
        winners = self.winners()
        if claimed_set == set(winners):
            return []
        return [self.violation("scoring-winner", f"the winner is {' and '.join(winners) or 'nobody'}, not "
                               f"{' and '.join(sorted(claimed_set)) or 'nobody'}", event)]


def same_move(read: Play, offered: Play) -> bool:
    """Return True when a line read as a move names exactly the move offered (row, who, what, where, how much)."""
    return read.spec is offered.spec and read.actor == offered.actor and read.target == offered.target and \
        read.comps == offered.comps and read.hidden == offered.hidden and read.amount == offered.amount and \
        read.problem == offered.problem and read.check == offered.check and read.turn == offered.turn and \
        read.source == offered.source and read.dest == offered.dest and read.cell == offered.cell and \
        read.faces == offered.faces


def _sees(visibility: str, owner: str, observer: str) -> bool:
    """Return True when a player sees what a zone holds: a public zone, or their own zone of `owner` visibility."""
    return visibility == "public" or (visibility == "owner" and owner == observer)
