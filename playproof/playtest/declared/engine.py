"""The generic referee of a declared game: checks each logged move against the Moves row it names."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from playproof.errors import PlayproofError
from playproof.playtest.declared.expr import Unknown, as_number
from playproof.playtest.declared.model import Game, MoveSpec
from playproof.playtest.declared.play import Play, parse_play
from playproof.playtest.declared.rules import counter_range, move_rule
from playproof.playtest.declared.sheets import name_key
from playproof.playtest.declared.state import Ctx, State, ZoneState
from playproof.playtest.engine import TABLE, Decision, Engine, Event, EventKind, Rule, Setup, Status, Violation


class DeclaredEngine(Engine):
    """A referee built from rules sheets; subclass it and override `check_move` for a rule sheets cannot say."""

    game: ClassVar[Game]
    extra_rules: ClassVar[tuple[Rule, ...]] = ()
    """Rules a subclass's `check_move` reports, besides the declared ones (ids `<game>/<name>`)."""
    options = {"first": "the player who takes the first turn (default: the first seat)"}

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.players = tuple(setup.players)
        self.state = State(self.game, self.players)
        self.current = self._first(setup.options.get("first", "").strip())
        self.turns = 0
        self.actions = 0
        self.uses: dict[str, int] = {}
        self.phase = 0
        self.over = False
        self.end_pending = False

    def _first(self, first: str) -> int:
        """Return the seat of the player who takes the first turn (option `first`; default the first seat)."""
        seats = [p.lower() for p in self.players]
        if first and first.lower() not in seats:
            raise PlayproofError(f'first={first} is not one of the players ({", ".join(self.players)})')
        return seats.index(first.lower()) if first else 0

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
        return world

    # ---- the hook -------------------------------------------------------------------------------------------
    def check_move(self, play: Play, event: Event) -> list[Violation]:
        """Return violations of rules the sheets cannot say (override in a subclass; default none)."""
        return []

    # ---- the contract ---------------------------------------------------------------------------------------
    def apply(self, event: Event) -> list[Violation]:
        """Check a logged move (or a phase marker, or a claim), apply it as written, return the findings."""
        if event.kind is EventKind.MARKER:
            self._marker(event)
            return []
        if event.actor == TABLE and event.verb in ("score", "winner"):
            return self._claim(event)
        if event.actor != TABLE and event.actor not in self.players:
            return [self.violation("moves-verbs", f'"{event.actor}" is neither a player nor the table', event)]
        spec = self.game.moves.get(event.verb)
        if spec is None:
            return [self.violation("moves-verbs", f'"{event.verb}" is not a move of {self.title} '
                                   f"(moves: {', '.join(self.game.moves)})", event)]
        play = parse_play(self.game, self.players, spec, event.actor, event.args, self.turn_player)
        found = self.check(play, event.line)
        found += self.check_move(play, event) if not found else []
        self.perform(play)
        return found

    def decision(self) -> Decision | None:
        """Return the table's due moves, else the moves of the player whose turn it is."""
        from playproof.playtest.declared.legal import decision
        return decision(self)

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> dict[str, int]:
        return {p: sum(parts.values()) for p, parts in self._parts().items()}

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        return {p: {**parts, "total": sum(parts.values())} for p, parts in self._parts().items()}

    def winners(self) -> list[str]:
        """Return the players with the highest score (the highest tie-break among them)."""
        scores = self.scores()
        best = max(scores.values(), default=0)
        tied = [p for p, s in scores.items() if s == best]
        breaker = self.game.turn.tiebreak
        if breaker is None or len(tied) < 2:
            return tied
        marks = {p: as_number(self._eval(breaker, p)) for p in tied}
        top = max(marks.values())
        return [p for p in tied if marks[p] == top]

    def heuristic(self, player: str) -> float:
        """Return how well a player stands for bots: the Turn sheet's `heuristic`, else the score lead."""
        stated = self.game.turn.heuristic
        return float(as_number(self._eval(stated, player))) if stated is not None else super().heuristic(player)

    def round_label(self) -> str:
        return str(self.round_number)

    def summary(self) -> str:
        """Describe whose turn it is, the counters and the public shared zones."""
        parts = ["game over" if self.over else f"{self.players[self.current]} to play"]
        for name, owners in self.state.counters.items():
            parts.append(f"{name} " + ", ".join(f"{o or 'table'} {v}" for o, v in owners.items()))
        for name, spec in self.game.zones.items():
            if not spec.per_player and spec.visibility == "public":
                zone = self.state.zones[name][""]
                parts.append(f"{name}: " + (", ".join(c.name for c, _ in zone.items) or "empty"))
        return "; ".join(parts)

    @property
    def round_number(self) -> int:
        return self.turns // max(1, len(self.players)) + 1

    @property
    def turn_player(self) -> str:
        return self.players[self.current] if self.players else ""

    # ---- checking -------------------------------------------------------------------------------------------
    def check(self, play: Play, line: int) -> list[Violation]:
        """Return every violation of a move in the current state, without changing it."""
        spec, game_id = play.spec, self.game_id
        if self.over:
            return [self.violation("turn-end", f"the game is over; {spec.verb} on line {line} comes after its end",
                                   line)]
        found = self._who(play, line)
        if play.problem:
            return found + [Violation(move_rule(game_id, spec.verb), play.problem + f" ({spec.origin})", line)]
        if not found:
            found += self._turn_limits(play, line)
        found += self._component(play, line)
        ctx = Ctx(self.state, play.mover, play.comp, self)
        found += self._condition(play, ctx, line)
        paid, cost_found = self._cost(play, ctx, line)
        play.paid = paid
        found += cost_found
        if not found:
            found += self._counters(play, ctx, paid, line) + self._capacity(play, line)
        return found

    def _who(self, play: Play, line: int) -> list[Violation]:
        """The table makes table moves; a turn move is made by the player whose turn it is."""
        spec, actor = play.spec, play.actor
        if (spec.actor == "table") != (actor == TABLE):
            who = "the table" if spec.actor == "table" else "a player"
            return [Violation(move_rule(self.game_id, spec.verb), f"{spec.verb} is made by {who}, not {actor} "
                              f"({spec.origin})", line)]
        if spec.actor == "turn" and actor != self.turn_player:
            return [self.violation("turn-order", f"it is {self.turn_player}'s turn, not {actor}'s", line)]
        return []

    def _turn_limits(self, play: Play, line: int) -> list[Violation]:
        """A move's phase, its limit per turn, and the actions of a turn."""
        spec, found = play.spec, []
        phases = self.game.turn.phases
        if spec.phase and phases.index(spec.phase) < self.phase:
            found.append(Violation(move_rule(self.game_id, spec.verb, "phase"), f"{spec.verb} belongs to the "
                                   f"{spec.phase} phase, but the turn is in the {phases[self.phase]} phase "
                                   f"({spec.origin})", line))
        if spec.limit is not None and self.uses.get(spec.verb, 0) >= spec.limit:
            found.append(Violation(move_rule(self.game_id, spec.verb, "limit"), f"{spec.verb} is allowed "
                                   f"{spec.limit} time(s) a turn ({spec.origin})", line))
        limit = self.game.turn.actions
        if spec.action and limit is not None and spec.actor != "table" and self.actions >= limit:
            found.append(self.violation("turn-actions", f"{play.actor} has made {self.actions} action(s) this "
                                        f"turn, the most a turn allows", line))
        return found

    def _component(self, play: Play, line: int) -> list[Violation]:
        """The component a move takes is one it may take, and is in the zone it comes from."""
        spec, comp = play.spec, play.comp
        if not spec.takes_component or spec.source is None:
            return []
        zone = self.state.zone(spec.source, play.mover)
        rule = move_rule(self.game_id, spec.verb, "from")
        if play.hidden:
            return [] if zone.size > 0 else [Violation(rule, f"{spec.source} is empty ({spec.origin})", line)]
        if comp is None:
            return []
        if spec.where is not None and not self._holds(spec.where, play):
            return [Violation(move_rule(self.game_id, spec.verb), f"{comp.name} is not a component {spec.verb} "
                              f"may take ({spec.origin})", line)]
        if zone.index(comp.key) >= 0 or (zone.unknown and self._owed(comp.key) is not None):
            return []
        return [Violation(rule, f"{comp.name} is not in {self._zone_name(spec.source, play.mover)} "
                          f"({self._copies(comp.key)}) ({spec.origin})", line)]

    def _copies(self, key: str) -> str:
        comp = self.game.comps[key]
        return f"{comp.count} cop{'y is' if comp.count == 1 else 'ies are'} printed"

    def _zone_name(self, zone: str, player: str) -> str:
        return f"{player}'s {zone}" if self.game.zones[zone].per_player else f"the {zone}"

    def _owed(self, key: str) -> ZoneState | None:
        """Return a zone a hidden move may have taken this component from, or None."""
        for owners in self.state.zones.values():
            for zone in owners.values():
                if zone.pending and zone.index(key) >= 0:
                    return zone
        return None

    def _holds(self, fn: Any, play: Play) -> bool:
        """Evaluate a condition for a move; a hidden value counts as holding."""
        try:
            return bool(fn(Ctx(self.state, play.mover, play.comp, self)))
        except Unknown:
            return True

    def _condition(self, play: Play, ctx: Ctx, line: int) -> list[Violation]:
        """A move's condition holds (undetermined when hidden components decide it)."""
        spec = play.spec
        if spec.condition is None:
            return []
        try:  # a condition that had to look at hidden components cannot be told (either way)
            holds = spec.condition(ctx)
            if holds and not ctx.uncertain:
                return []
            status = Status.UNDETERMINED if ctx.uncertain else Status.VIOLATION
        except Unknown:
            status = Status.UNDETERMINED
        what = f"{spec.verb} {play.comp.name}" if play.comp else spec.verb
        return [Violation(move_rule(self.game_id, spec.verb, "condition"), f"{what} is not allowed now: "
                          f"{spec.texts.get('condition', '')} does not hold{_hidden(status)} ({spec.origin})", line,
                          status)]

    def _cost(self, play: Play, ctx: Ctx, line: int) -> tuple[int, list[Violation]]:
        """Return what the move pays: the amount it states, which must be the cost, else the cost."""
        spec = play.spec
        if spec.cost is None:
            return 0, []
        rule = move_rule(self.game_id, spec.verb, "cost")
        try:
            cost = int(as_number(spec.cost(ctx)))
        except Unknown:
            if play.amount is None:
                return 0, []
            return play.amount, [Violation(rule, f"the cost of the hidden component is not known ({spec.origin})",
                                           line, Status.UNDETERMINED)]
        if play.amount is None or play.amount == cost:
            return cost, []
        what = play.comp.name if play.comp else spec.verb
        return play.amount, [Violation(rule, f"{what} costs {cost}, not {play.amount} ({spec.origin})", line)]

    def _counters(self, play: Play, ctx: Ctx, paid: int, line: int) -> list[Violation]:
        """Counters a move changes stay within their range."""
        found = []
        play.changes = self._changes(play, ctx, paid)
        for name, owner, value in play.changes:
            spec = self.game.counters[name]
            if (spec.low is not None and value < spec.low) or (spec.high is not None and value > spec.high):
                who = f"{owner}'s " if owner else ""
                found.append(self.violation(f"counters-{name_key(name)}", f"{who}{name} would be {value}, outside "
                                            f"{counter_range(spec)} ({spec.origin})", line))
        return found

    def _changes(self, play: Play, ctx: Ctx, paid: int) -> list[tuple[str, str, int]]:
        """Return each counter a move changes as (name, owner, new value)."""
        spec, payer = play.spec, play.actor if play.actor != TABLE else play.mover
        deltas: dict[tuple[str, str], int] = {}
        if spec.pay is not None and paid:
            key = (spec.pay, self.state.counter_owner(spec.pay, payer))
            deltas[key] = -paid
        for name, fn in spec.gains:
            try:
                gain = int(as_number(fn(ctx)))
            except Unknown:
                gain = 0
            key = (name, self.state.counter_owner(name, payer))
            deltas[key] = deltas.get(key, 0) + gain
        return [(n, o, self.state.counters[n][o] + d) for (n, o), d in deltas.items()]

    def _capacity(self, play: Play, line: int) -> list[Violation]:
        """A zone with a capacity holds no more than it."""
        spec = play.spec
        if spec.dest is None or self.game.zones[spec.dest].capacity is None:
            return []
        capacity = self.game.zones[spec.dest].capacity or 0
        adding = self.state.zone(spec.source, play.mover).size if spec.bulk and spec.source else 1
        if self.state.zone(spec.dest, play.mover).size + adding <= capacity:
            return []
        return [self.violation(f"zones-{name_key(spec.dest)}-capacity", f"{spec.dest} holds at most {capacity} "
                               f"({self.game.zones[spec.dest].origin})", line)]

    # ---- applying -------------------------------------------------------------------------------------------
    def perform(self, play: Play) -> None:
        """Apply a move as written (whatever the verdict), then pass the turn and end the game as declared."""
        from playproof.playtest.declared.apply import perform
        perform(self, play)

    def _eval(self, fn: Any, player: str) -> Any:
        try:
            return fn(Ctx(self.state, player, None, self))
        except Unknown:
            return 0

    def _parts(self) -> dict[str, dict[str, int]]:
        return {p: {name: int(as_number(self._eval(fn, p))) for name, fn in self.game.scoring} for p in self.players}

    def _marker(self, event: Event) -> None:
        """A phase marker moves the turn to that phase."""
        label = event.args.strip().lower()
        if event.verb == "phase" and label in self.game.turn.phases:
            self.phase = self.game.turn.phases.index(label)

    def _claim(self, event: Event) -> list[Violation]:
        """A score or winner the table records must be the declared scoring's."""
        from playproof.playtest.declared.apply import check_claim
        return check_claim(self, event)


def _sees(visibility: str, owner: str, observer: str) -> bool:
    """Return True when a player sees what a zone holds: a public zone, or their own zone of `owner` visibility."""
    return visibility == "public" or (visibility == "owner" and owner == observer)


def _hidden(status: Status) -> str:
    return " (or may not: hidden components decide it)" if status is Status.UNDETERMINED else ""


def play_for(engine: DeclaredEngine, spec: MoveSpec, actor: str, args: str) -> Play:
    """Return a move read against its row (for the recorder and the legal-move listing)."""
    return parse_play(engine.game, engine.players, spec, actor, args, engine.turn_player)
