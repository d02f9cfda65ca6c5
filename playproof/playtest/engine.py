"""The rules-engine contract every game module implements.

A game module (playproof/playtest/games/<game>.py) defines a RuleIndex and one Engine
subclass. The framework feeds it the log's events in order; `apply` checks an event,
returns *every* violation it finds, and applies the event anyway (the table's game goes on).
Consequences the rules decide are derived by the engine; when the log records one, the
engine compares it with its own and reports a disagreement as a violation.
"""

from __future__ import annotations

import copy
import random
import re
import sys
from functools import lru_cache
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, fields
from enum import Enum
from pathlib import Path
from typing import Callable, ClassVar, Hashable, Iterator, Mapping, NamedTuple, Sequence

UNKNOWN_TOKEN = re.compile(r"(?<![^\s,;/(\[])\?(?![^\s,;/)\]])")
"""A `?` standing alone (between spaces or `, ; / ( ) [ ]`) marks hidden information in a move."""

TABLE = "table"
"""Actor of events nobody decides: deals, draws, flips, reveals of chance, derived results."""


@dataclass(frozen=True)
class Rule:
    """One rule of a game's rule index."""

    id: str
    summary: str
    section: str
    text: str = ""
    """The rulebook's own sentence(s) this rule checks, quoted (or, for a declared rule, its sheet and row)."""

    @property
    def sentence(self) -> str:
        """The rule as players read it: the rulebook's quote, else the summary (a declared rule's text quotes its
        sheet row, `Moves!A4: verb=...`, so its summary, which opens with the row's note, is what players read)."""
        quotes_row = bool(self.section) and self.text.startswith(f"{self.section}:")
        return self.summary if quotes_row or not self.text else self.text


class RuleIndex:
    """Every rule a game's engine checks, by stable id (`<game>/<section>-<slug>`)."""

    def __init__(self, game_id: str, rules: list[Rule]) -> None:
        self.game_id = game_id
        self._rules = {r.id: r for r in rules}
        bad = [r.id for r in rules if not r.id.startswith(game_id + "/")]
        if bad or len(self._rules) != len(rules):
            raise ValueError(f"rule ids must be unique and start with {game_id}/: {bad}")

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __len__(self) -> int:
        return len(self._rules)

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]


class EventKind(str, Enum):
    """What a log event is."""

    MOVE = "move"  # "Actor: verb args" — a player's decision or a table event
    MARKER = "marker"  # round/phase marker; verb is "round" or "phase", args its label


@dataclass(frozen=True)
class Event:
    """One log event as an engine sees it (corrections and reveals already applied)."""

    line: int
    actor: str
    verb: str
    args: str = ""
    kind: EventKind = EventKind.MOVE

    @property
    def text(self) -> str:
        """The move as written after the actor: `verb args`."""
        return f"{self.verb} {self.args}".strip()

    @property
    def has_unknown(self) -> bool:
        """True when hidden information (`?`) in this event has not been revealed."""
        return UNKNOWN_TOKEN.search(self.args) is not None


def _plain_event() -> bool:
    """Return True when a hot loop (random play, a replay) may make an event by filling its `__dict__` at once.

    `Event` is a frozen dataclass: its generated `__init__` writes each of its five fields through
    `object.__setattr__`, about a tenth of a random game's time. While it has exactly those fields,
    kept in its `__dict__`, and nothing to run after `__init__`, an equal event is made by filling
    that dict at once (`tests/games/test_offer_speed_equivalence.py` checks that they are equal).
    """
    names = tuple(f.name for f in fields(Event))
    return names == ("line", "actor", "verb", "args", "kind") and not hasattr(Event, "__post_init__") \
        and not hasattr(Event, "__slots__")


PLAIN_EVENT = _plain_event()


class Status(str, Enum):
    """A finding is a violation, or cannot be told yet because hidden information decides it."""

    VIOLATION = "violation"
    UNDETERMINED = "undetermined"


@dataclass(frozen=True)
class Violation:
    """A rule broken (or possibly broken) by the event on a log line."""

    rule: str
    message: str
    line: int
    status: Status = Status.VIOLATION


@dataclass(frozen=True)
class Decision:
    """Whose decision it is now and every legal move (`verb args` texts) they may make."""

    actor: str
    moves: tuple[str, ...]
    prompt: str = ""


class Offer(NamedTuple):
    """The moves of a pending decision, made one at a time on demand (random play, bots).

    `count` moves, the k-th written by `text(k)` exactly as `decision().moves[k]` (same moves, same
    order). `play(k, event)`, when given, applies the k-th move (its event written from `text(k)`)
    without parsing or re-checking it: the engine offered it, so it is legal by construction. It
    returns what the engine found wrong anyway (nothing, unless the engine has a bug). Audit never
    takes this path: a log from a table is checked in full by `apply`. (A named tuple: one is made
    for every move of a random game.)
    """

    actor: str
    count: int
    text: Callable[[int], str]
    play: Callable[[int, Event], Sequence[object]] | None = None


def decision_offer(decision: Decision) -> Offer:
    """Return an offer of a decision's moves as texts (applied through the full `apply`)."""
    return Offer(decision.actor, len(decision.moves), decision.moves.__getitem__)


@dataclass(frozen=True)
class Setup:
    """How a game was set up: players in seat order, variant options, seed, its project."""

    players: tuple[str, ...]
    options: Mapping[str, str] = field(default_factory=dict)
    seed: int | None = None
    project: Path | None = None


class Engine(ABC):
    """A game's referee: state, cheap predicates, legal moves, and checks of logged events."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    rules: ClassVar[RuleIndex]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, str]] = {}
    """Variant options this engine accepts (name -> one-line description)."""
    checks_rules: ClassVar[bool] = True
    """False for a game with no referee: its logs are recorded and reported, no rule is checked."""
    shared_attributes: ClassVar[tuple[str, ...]] = ()
    cooperative: ClassVar[bool] = False
    table_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs only the table makes (a deal, a refill): a bare line with one of them is refused by the recorder with a
    hint to write `table: ...`, never recorded as the player's move."""
    """True for a cooperative game: the players win or lose together (`winners()` is everyone or nobody)."""
    """Dotted attribute paths of read-only data (the workbook's cards...) that `clone` shares instead of copying."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    @abstractmethod
    def apply(self, event: Event) -> list[Violation]:
        """Check an event, apply it whatever the verdict, and return every violation."""

    @abstractmethod
    def decision(self) -> Decision | None:
        """Return the decision pending now with its legal moves, or None when the game is over."""

    def offer(self) -> Offer | None:
        """Return the pending decision's moves made on demand, or None when the game is over.

        The moves and their order are those of `decision()`. The default wraps `decision()`; an
        engine may override it to make only the move chosen and to apply offered moves directly.
        """
        decision = self.decision()
        return None if decision is None else decision_offer(decision)

    @abstractmethod
    def is_over(self) -> bool:
        """Return True when the game has ended."""

    @abstractmethod
    def scores(self) -> dict[str, int]:
        """Return each player's score now (final scores once the game is over)."""

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Return each player's score split into named parts (default: just the total)."""
        return {p: {"total": s} for p, s in self.scores().items()}

    def winners(self) -> list[str]:
        """Return who wins (several on a shared win): by default the highest score; override for tie-breaks."""
        scores = self.scores()
        best = max(scores.values(), default=None)
        return [p for p, s in scores.items() if s == best] if best is not None else []

    def round_label(self) -> str:
        """Return the current round (or age, day...) as a short label for reports."""
        return ""

    def summary(self) -> str:
        """Return a short human-readable description of the current state."""
        return ""

    def finish(self) -> list[Violation]:
        """Called after the last event of a log; report what an unfinished game leaves open."""
        return []

    def clone(self) -> Engine:
        """Return an independent copy of this state for search (bots); read-only game data is shared."""
        memo: dict[int, object] = {}
        for path in self.shared_attributes:
            found: object = self
            for name in path.split("."):
                found = getattr(found, name)
            memo[id(found)] = found
        return copy.deepcopy(self, memo)

    def determinize(self, observer: str, rng: random.Random) -> Engine:
        """Return a copy in which what `observer` cannot see is dealt afresh, consistent with what they saw.

        Search bots plan on such copies so that they do not peek at hidden cards. The default is a
        plain clone (perfect information): an engine whose game hides information overrides it.
        """
        return self.clone()

    def position_key(self) -> Hashable | None:
        """Return a value equal for equal positions however reached, for search bots' table of positions.

        The default None gives no table. A key must tell apart every two states whose futures differ.
        """
        return None

    def heuristic(self, player: str) -> float:
        """Return how well a player is doing now, for bots (default: score lead over the best opponent)."""
        scores = self.scores()
        others = [s for p, s in scores.items() if p != player]
        return scores.get(player, 0) - (max(others) if others else 0)

    def holdings(self) -> Mapping[str, Sequence[str]] | None:
        """Return what each player holds now (the components in their tableau, court or hand), by player.

        None (the default) when the engine cannot say; reports then show takers only. A declared game's
        holdings are read from its players' own zones (playtest/holdings.py).
        """
        return None

    def best_reachable(self, player: str) -> int | None:
        """Return the highest final score a player can still reach from here (None: the engine cannot say).

        Kingmaker moments use it where an engine gives it (insights/kingmaker.py): a player whose best
        reachable score is below another's score now can no longer win; without it, bot playouts decide.
        Scores must never fall for this bound to hold.
        """
        return None

    def limits(self) -> Mapping[str, tuple[int, int]]:
        """Return the engine's counters that have an upper limit, as (value now, limit) by name (`Ann coins`).

        `playproof probe` flags a counter that reaches its limit. The default names none; a declared game's
        counters with a `max` are read from its Counters sheet.
        """
        return {}

    def components_of(self, event: Event) -> tuple[str, ...]:
        """Return what a player's move takes (cards, tiles, actions), for balance statistics.

        The default is the kind of move: its verb and first word (`buy Market`, `play Greed/Lust`);
        an engine that knows its components names them.
        """
        return move_kind(event)

    def violation(self, rule: str, message: str, event: Event | int,
                  status: Status = Status.VIOLATION) -> Violation:
        """Build a violation of a rule of this game (rule given with or without the game prefix)."""
        rule_id = rule if rule.startswith(self.game_id + "/") else f"{self.game_id}/{rule}"
        if rule_id not in self.rules:
            raise KeyError(f"{rule_id} is not in the {self.game_id} rule index")
        line = event.line if isinstance(event, Event) else event
        return Violation(rule_id, message, line, status)


def move_kind(event: Event) -> tuple[str, ...]:
    """Return what `Engine.components_of` names by default: a move's verb and first word (no state needed)."""
    first = event.args.split(" ", 1)[0].rstrip(",;") if event.args else ""
    return (f"{event.verb} {first}".strip(),)


def player_range(engine: type[Engine]) -> str:
    """Return how many players a game is for, as a phrase: "4 players", "2-6 players"."""
    low, high = engine.min_players, engine.max_players
    return f"{low} players" if low == high else f"{low}-{high} players"


@lru_cache(maxsize=None)
def example_project(game_id: str) -> Path | None:
    """Return the bundled example project of a seed game, where this installation has it (looked up once)."""
    candidates = [
        Path(__file__).resolve().parents[2] / "examples" / game_id,
        Path(sys.prefix) / "share" / "playproof" / "examples" / game_id,
    ]
    return next((p for p in candidates if p.is_dir()), None)
