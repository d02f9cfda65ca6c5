"""A consistency harness for any rules engine: legal-move enumeration and the checks must agree.

At many points of a game (a legal example log, or a simulated game), the harness takes the
engine's state and tries:

(a) every move `decision()` offers: applying it must give no finding at all;
(b) moves `decision()` does not offer, made from the offered ones by a game's mutators (wrong
    counts, wrong places, wrong actors): applying it must give at least one violation, every
    finding on that very line.

A disagreement is a bug in the enumeration or in the checks. Each game's test module supplies
its mutators (the vocabulary of mistakes a table can make) and, where a game has several
spellings of one move, a `same` predicate telling two texts apart from a real change.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

from playproof.playtest.engine import Decision, Engine, Event, EventKind, Setup, Status
from playproof.playtest.logparse import parse_log
from playproof.playtest.replay import events_of, prepare
from playproof.playtest.simulate import play_random_game

Mutator = Callable[[Engine, Decision], Iterable[tuple[str, str]]]
"""Given a state and its decision, yield (actor, `verb args`) moves a table might wrongly make."""


@dataclass
class Report:
    """What the harness tried and what disagreed."""

    cuts: int = 0
    offered: int = 0
    mutated: int = 0
    kinds: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)

    def fail(self, text: str) -> None:
        """Record a disagreement (the first few are enough to debug)."""
        if len(self.problems) < 25:
            self.problems.append(text)


def log_events(text: str, name: str = "<log>") -> tuple[type[Engine], Setup, list[Event]]:
    """Return the engine class, setup and events of a log's text."""
    replay = prepare(parse_log(text, name))
    return replay.engine_cls, replay.setup, events_of(replay.log)


def simulated_events(engine_cls: type[Engine], setup: Setup, seed: int) -> list[Event]:
    """Return the events of one random legal game."""
    return play_random_game(engine_cls, setup, random.Random(seed))[1]


def states(engine_cls: type[Engine], setup: Setup, events: Sequence[Event], cuts: int,
           rng: random.Random) -> Iterator[tuple[Engine, int]]:
    """Yield the engine after `cuts` chosen prefixes of the events (and at the start), with the next line number."""
    chosen = sorted(rng.sample(range(len(events) + 1), min(cuts, len(events) + 1)))
    engine = engine_cls(setup)
    done = 0
    for cut in chosen:
        for event in events[done:cut]:
            engine.apply(event)
        done = cut
        yield engine, (events[cut - 1].line + 1 if cut else 1)


def try_move(engine: Engine, actor: str, text: str, line: int) -> list:
    """Apply one move to a copy of the engine; return its findings."""
    probe = copy.deepcopy(engine)
    verb, _, args = text.partition(" ")
    return probe.apply(Event(line, actor, verb, args))


def check(engine_cls: type[Engine], setup: Setup, events: Sequence[Event], mutators: Sequence[Mutator],
          cuts: int = 20, per_cut: int = 12, seed: int = 0,
          same: Callable[[str, str], bool] | None = None, report: Report | None = None) -> Report:
    """Run (a) and (b) at `cuts` points of a game; return what was tried and every disagreement."""
    report = report or Report()
    rng = random.Random(seed)
    for engine, line in states(engine_cls, setup, events, cuts, rng):
        decision = engine.decision()
        if decision is None:
            continue
        report.cuts += 1
        _offered(engine, decision, line, per_cut, rng, report)
        _mutated(engine, decision, line, mutators, per_cut, rng, same, report)
    return report


def _offered(engine: Engine, decision: Decision, line: int, per_cut: int, rng: random.Random,
             report: Report) -> None:
    """(a) every offered move (a sample of `per_cut`) is accepted without a finding."""
    moves = list(decision.moves)
    for text in rng.sample(moves, min(per_cut, len(moves))):
        report.offered += 1
        report.kinds.add(text.split(" ", 1)[0])
        found = try_move(engine, decision.actor, text, line)
        if found:
            report.fail(f"offered move rejected after line {line - 1}: {decision.actor}: {text} -> {found}")


def _mutated(engine: Engine, decision: Decision, line: int, mutators: Sequence[Mutator], per_cut: int,
             rng: random.Random, same: Callable[[str, str], bool] | None, report: Report) -> None:
    """(b) a move not offered is flagged, on its own line only."""
    offered = set(decision.moves)
    candidates = [(a, t) for mutator in mutators for a, t in mutator(engine, decision)
                  if not (a == decision.actor and (t in offered or (same and any(same(t, o) for o in offered))))]
    for actor, text in rng.sample(candidates, min(per_cut, len(candidates))):
        report.mutated += 1
        found = try_move(engine, actor, text, line)
        standing = [v for v in found if v.status is Status.VIOLATION]
        if not standing or any(v.line != line for v in found):
            report.fail(f"not offered but {'not flagged' if not standing else 'flagged elsewhere'} after line "
                        f"{line - 1}: {actor}: {text} -> {found} (offered to {decision.actor}: "
                        f"{list(decision.moves)[:6]}...)")


# Generic mutators: most games can use these; a game adds its own for its vocabulary.

def wrong_actor(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move made by another player than the one whose decision it is."""
    others = [p for p in engine.setup.players if p != decision.actor]
    for text in decision.moves[:3]:
        for other in others[:2]:
            yield other, text


_NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")
"""A number standing alone; a minus after a non-word character is its sign (the hex cell `1,-1`), while the
`5` of `Coral-5` is a number of its own."""


def numbers_changed(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move with one of its numbers one more or one less (a wrong count or payment)."""
    for text in decision.moves[:6]:
        for match in _NUMBER.finditer(text):
            value = int(match.group())
            for changed in (value + 1, value - 1):
                if changed >= 0 or value < 0:
                    yield decision.actor, text[:match.start()] + str(changed) + text[match.end():]


def words_swapped(vocabulary: Sequence[str]) -> Mutator:
    """A mutator that replaces a word of an offered move by another word of the game's vocabulary."""
    words = set(vocabulary)

    def mutate(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
        for text in decision.moves[:4]:
            tokens = text.split(" ")
            for i, token in enumerate(tokens[1:], start=1):
                if token in words:
                    for other in sorted(words - {token})[:3]:
                        yield decision.actor, " ".join(tokens[:i] + [other] + tokens[i + 1:])
    return mutate


def markers_skipped(events: Sequence[Event]) -> list[Event]:
    """Return the moves of a game without its round/phase markers (markers are not decisions)."""
    return [e for e in events if e.kind is EventKind.MOVE]
