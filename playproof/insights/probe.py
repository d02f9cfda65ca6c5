"""Probe a game for rule holes: bots play it looking for dead ends, endless games, loops, counters at their limits
and unreachable components.

Each finding carries a seed that plays the same game again (`playproof simulate GAME --seed S
--games 1 --logs DIR`), the moves that led there, and the rules the engine says are left open.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import random
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from playproof.balance.bots import Bot, seat_bots
from playproof.insights.names import name_key
from playproof.playtest.engine import Engine, Event, Setup
from playproof.playtest.holdings import limits_of
from playproof.playtest.simulate import player_names

LAST_MOVES = 12
"""How many of the moves that led to a finding are shown with it."""
LOOP_REPEATS = 3
"""A state met this many times in one game is reported as a loop (the game went round it twice)."""


@dataclass
class Finding:
    """One rule hole: what, in which game (its seed), the moves that led there, and the rules involved."""

    kind: str
    """`no legal move`, `no end`, `loop`, `counter below zero`, `counter at its limit`, `never offered`,
    `never taken`, `engine failure` or `kingmaker`."""
    message: str
    seed: int | None = None
    moves: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    state: str = ""

    def lines(self) -> list[str]:
        """Return the finding as text lines."""
        where = f" (seed {self.seed})" if self.seed is not None else ""
        lines = [f"{self.kind}: {self.message}{where}"]
        if self.moves:
            lines.append("  last moves: " + " / ".join(self.moves))
        if self.rules:
            lines.append("  rules involved: " + ", ".join(self.rules))
        if self.state:
            lines.append("  state: " + " ".join(self.state.split())[:300])
        return lines

    def to_dict(self) -> dict[str, Any]:
        """Return the finding as JSON-ready data."""
        return {"kind": self.kind, "message": self.message, "seed": self.seed, "last_moves": self.moves,
                "rules": self.rules, "state": self.state}


@dataclass
class ProbeResult:
    """What a probe found over its games, and what it saw offered and taken."""

    game: str
    players: int
    games: int
    bots: str
    findings: list[Finding] = field(default_factory=list)
    offered: set[str] = field(default_factory=set)
    taken: set[str] = field(default_factory=set)
    counters: set[str] = field(default_factory=set)
    """Paths of the counters already reported below zero (each is reported once, from the first game)."""
    limits: set[str] = field(default_factory=set)
    """Counters already reported at their upper limit (each is reported once, from the first game)."""
    loops_checked: bool = True
    """False when the engine's state holds something that cannot be digested: loops were not looked for."""

    def lines(self) -> list[str]:
        """Return the probe's answer as text."""
        head = [f"probed {self.game} for {self.players} players: {self.games} games, bots {self.bots}: "
                f"{len(self.findings)} finding(s)" + ("" if self.loops_checked else
                                                       " (loops not looked for: the engine's state cannot be pickled)")]
        return head + [line for f in self.findings for line in f.lines()]

    def to_dict(self) -> dict[str, Any]:
        """Return the probe's answer as JSON-ready data."""
        return {"game": self.game, "players": self.players, "games": self.games, "bots": self.bots,
                "loops_checked": self.loops_checked, "findings": [f.to_dict() for f in self.findings]}


class _StatePickler(pickle.Pickler):
    """A pickler that writes a function (a move generator built at set-up, a closure) as its name, the values it
    closes over and its defaults: code is not state, but what a closure holds is."""

    def reducer_override(self, obj: Any) -> Any:
        """Reduce functions by name and closure; everything else as pickle does."""
        if isinstance(obj, types.FunctionType):
            cells = tuple(cell.cell_contents for cell in obj.__closure__ or ())
            return tuple, ((f"{obj.__module__}.{obj.__qualname__}", cells, obj.__defaults__, obj.__kwdefaults__),)
        return NotImplemented


def _dumps(value: Any) -> bytes:
    """Return a value pickled (functions by name and closure when plain pickle refuses them)."""
    try:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):
        buffer = io.BytesIO()
        _StatePickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
        return buffer.getvalue()


def fingerprint(engine: Engine) -> bytes:
    """Return a digest of the engine's whole state (each attribute pickled apart: one holding a closure is pickled
    by the closure's name and values, the others at pickle's full speed)."""
    digest = hashlib.blake2b(digest_size=16)
    for name, value in engine.__dict__.items():
        digest.update(name.encode())
        digest.update(_dumps(value))
    return digest.digest()


def exact_state(engine: Engine) -> bool:
    """Return True when the engine's whole state can be digested, so loops can be found."""
    try:
        fingerprint(engine)
    except Exception:
        return False
    return True


MAX_DEPTH = 4
"""How deep into the engine's state counters are looked for (players' dicts of goods, their objects...)."""


def counters(value: Any, path: str = "", depth: int = 0) -> Iterator[tuple[str, int]]:
    """Yield (path, value) of every whole number in a state: counts of goods, cards, tokens (and much else)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path, value
        return
    if depth >= MAX_DEPTH:
        return
    if isinstance(value, dict):
        items: Iterable[tuple[Any, Any]] = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        items = ((k, v) for k, v in vars(value).items() if not k.startswith("_"))
    else:
        return
    for key, item in items:
        yield from counters(item, f"{path}.{key}" if path else str(key), depth + 1)


def state_counters(engine: Engine) -> dict[str, int]:
    """Return the whole numbers of an engine's state by path (its setup and shared read-only data left out)."""
    shared = {path.split(".", 1)[0] for path in engine.shared_attributes}
    state = {k: v for k, v in vars(engine).items() if k != "setup" and k not in shared and not k.startswith("_")}
    return dict(counters(state))


def _counter_findings(engine: Engine, start: dict[str, int], result: ProbeResult, setup: Setup,
                      recent: list[str]) -> None:
    """Add a finding for each counter that started at zero or more and is now below zero (once per probe)."""
    for path, value in state_counters(engine).items():
        if value < 0 and start.get(path, -1) >= 0 and path not in result.counters:
            result.counters.add(path)
            result.findings.append(Finding("counter below zero", f"{path} is {value} (it started at {start[path]})",
                                           setup.seed, list(recent), [], _state(engine)))


def _limit_findings(engine: Engine, below: set[str], result: ProbeResult, setup: Setup, recent: list[str],
                    count: int) -> None:
    """Add a finding for each counter that was below its upper limit and has reached it (once per probe)."""
    for name, found in limits_of(engine).items():
        if found.value < found.limit:
            below.add(name)
        elif name in below and name not in result.limits:
            result.limits.add(name)
            result.findings.append(Finding("counter at its limit", f"{name} reached its limit of {found.limit} "
                                           f"(now {found.value}) at move {count}", setup.seed, list(recent),
                                           [found.rule] if found.rule else [], _state(engine)))


def _open_rules(engine: Engine) -> list[str]:
    """Return the rules the engine says an unfinished game leaves open (on a copy: the state is kept)."""
    try:
        return sorted({v.rule for v in engine.clone().finish()})
    except Exception:  # an engine that cannot tell leaves the finding without rules
        return []


def _state(engine: Engine) -> str:
    """Return the engine's description of its state (empty when it cannot give one)."""
    try:
        return engine.summary()
    except Exception:
        return ""


def probe_game(engine_cls: type[Engine], setup: Setup, bots: list[Bot], max_moves: int,
               result: ProbeResult) -> list[tuple[str, Event]] | None:
    """Play one game, noting what was offered and taken, and add a finding where it cannot go on or loops.

    Return the moves of a game that ended, each with the round it was played in (None when it did not end).
    """
    played: list[tuple[str, Event]] = []
    engine = engine_cls(setup)
    rng = random.Random(setup.seed)
    seats = {name: seat for seat, name in enumerate(setup.players)}
    recent: list[str] = []
    seen: dict[bytes, int] = {}
    start = state_counters(engine)
    below: set[str] = set()
    limited = bool(limits_of(engine))  # an engine that names no limit is not asked again each move
    looped = not exact_state(engine)  # a state only described in words cannot tell a loop from a pause
    result.loops_checked &= not looped
    for count in range(max_moves + 1):  # the last pass finds the game still going: no end
        decision = engine.decision()
        if decision is None:
            return played
        if not decision.moves or count == max_moves:
            kind = "no legal move" if not decision.moves else "no end"
            message = (f"{decision.actor or 'the table'} has no legal move after {count} moves" if not decision.moves
                       else f"no end after {max_moves} moves")
            result.findings.append(Finding(kind, message, setup.seed, recent[-LAST_MOVES:], _open_rules(engine),
                                           _state(engine)))
            return None
        if not looped:
            key = fingerprint(engine)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= LOOP_REPEATS:
                looped = True
                result.findings.append(Finding("loop", f"the same state came back {LOOP_REPEATS} times by move "
                                                       f"{count}", setup.seed, recent[-LAST_MOVES:], [],
                                               _state(engine)))
        seat = seats.get(decision.actor)
        if seat is not None:  # what the table's chance draws is no player's choice
            _note(result.offered, engine, decision.actor, decision.moves)
        move = bots[seat].choose(engine, decision, rng) if seat is not None else rng.choice(decision.moves)
        event = Event(count + 1, decision.actor, *_split(move))
        if seat is not None:
            result.taken.update(engine.components_of(event))
        played.append((engine.round_label(), event))
        engine.apply(event)
        recent = (recent + [f"{decision.actor}: {move}"])[-LAST_MOVES:]
        _counter_findings(engine, start, result, setup, recent)
        if limited:
            _limit_findings(engine, below, result, setup, recent, count + 1)


def _note(offered: set[str], engine: Engine, actor: str, moves: tuple[str, ...]) -> None:
    """Remember every component a player was offered."""
    for move in moves:
        offered.update(engine.components_of(Event(0, actor, *_split(move))))


def _split(move: str) -> tuple[str, str]:
    """Return (verb, args) of a move text."""
    verb, _, args = move.partition(" ")
    return verb, args


def probe(engine_cls: type[Engine], players: int, games: int, seed: int = 1, bots: str = "random",
          max_moves: int = 5_000, options: dict[str, str] | None = None, project: Path | None = None,
          kingmakers: bool = False) -> ProbeResult:
    """Play `games` games (game i with seed + i) and return every rule hole found, components included
    (and, with `kingmakers`, the last round's kingmaker moments, found by the referee or by playouts)."""
    result = ProbeResult(engine_cls.game_id, players, games, bots)
    seat_list = seat_bots(bots, players)
    for index in range(games):
        setup = Setup(player_names(players), dict(options or {}), seed + index, project)
        try:
            played = probe_game(engine_cls, setup, seat_list, max_moves, result)
            if kingmakers and played:
                _kingmaker(engine_cls, setup, seat_list, played, result)
        except Exception as exc:  # an engine bug is a finding too, named by its seed
            result.findings.append(Finding("engine failure", f"{exc.__class__.__name__}: {exc}", setup.seed))
    if project is not None:
        result.findings += component_findings(project, result.offered, result.taken, games, players)
    return result


def _kingmaker(engine_cls: type[Engine], setup: Setup, bots: list[Bot], played: list[tuple[str, Event]],
               result: ProbeResult) -> None:
    """Add the game's first kingmaker moment in its last round, if the referee's evaluation or playouts show one."""
    from playproof.insights.kingmaker import kingmaker_in

    found = kingmaker_in(engine_cls, setup, bots, played)
    if found is not None:
        moves = [f"{e.actor}: {e.text}" for _, e in played[max(0, found.move_number - LAST_MOVES - 1):
                                                            found.move_number - 1]]
        how = " (by the referee's own evaluation)" if found.how == "referee" else ""
        result.findings.append(Finding("kingmaker", found.text() + how, setup.seed, moves))


def component_findings(project: Path, offered: set[str], taken: set[str], games: int,
                       players: int) -> list[Finding]:
    """Return the workbook's components no player was offered (or took) in any game, set by set.

    Only sets of which some component was offered are looked at (a board or a rules card is never taken).
    """
    from playproof.components.reader import read_project_workbook

    offered_keys = _keys(offered)
    taken_keys = _keys(taken)
    findings: list[Finding] = []
    for name, rows in _named_rows(read_project_workbook(project)).items():
        keys = {row: name_key(row) for row in rows}
        if not any(k in offered_keys for k in keys.values()):
            continue
        never = [row for row, key in keys.items() if key not in offered_keys]
        untaken = [row for row, key in keys.items() if key in offered_keys and key not in taken_keys]
        if never:
            findings.append(Finding("never offered", f"{name}: {_some(never, len(rows))} never part of a player's "
                                                     f"legal move in {games} games of {players} players (can it ever be taken?)"))
        if untaken:
            findings.append(Finding("never taken", f"{name}: {_some(untaken, len(rows))} offered but never taken "
                                                   f"in {games} games of {players} players"))
    return findings


def _some(names: list[str], of: int) -> str:
    """Return `3 of 12 (Ashby, Brookton, Foxhall)`, the names cut after 10."""
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    return f"{len(names)} of {of} ({shown})"


def _keys(components: set[str]) -> set[str]:
    """Return the name keys of components and of each of their words after the verb (`acquire Royal-Guard`)."""
    keys = set()
    for component in components:
        keys.add(name_key(component))
        keys.update(name_key(word) for word in component.split(" ")[1:])
    return keys


def _named_rows(workbook: Any) -> dict[str, list[str]]:
    """Return each component set's row names (sets without a `name` column are left out)."""
    found: dict[str, list[str]] = {}
    for set_name, component_set in workbook.sets.items():
        names = [str(row.fields.get("name")) for row in component_set.rows if row.fields.get("name")]
        if names:
            found[set_name] = list(dict.fromkeys(names))
    return found
