"""Rules declared in the workbook: sheets that say how components move, read by a generic referee.

Public API: `has_rules(project)`, `declared_engine(project, game_id)`, `check_rules(project, problems)`,
and `DeclaredEngine` (the base class a designer's Python hook subclasses). The format is docs/rules-sheets.md.
"""

from __future__ import annotations

import os
import random
import re
import zipfile
from pathlib import Path
from stat import S_ISREG

from playproof.components.reader import read_project_workbook
from playproof.errors import PlayproofError, Problems, ProblemsError
from playproof.playtest.declared.build import build_game
from playproof.playtest.declared.engine import DeclaredEngine
from playproof.playtest.declared.expr import TooLarge, Unknown
from playproof.playtest.declared.state import Ctx
from playproof.playtest.declared.model import Game
from playproof.playtest.declared.play import Play
from playproof.playtest.declared.sheets import MARKER_SHEET, RULES_SHEETS
from playproof.playtest.engine import Engine, Event, RuleIndex, Setup

__all__ = ["has_rules", "declared_engine", "check_rules", "DeclaredEngine", "Play", "RULES_SHEETS"]

_CACHE: dict[tuple[str, str, type, tuple[float, ...]], type[DeclaredEngine]] = {}
_SHEET_NAME = re.compile(rb'<sheet [^>]*name="([^"]*)"')
_HAS_RULES: dict[tuple[str, int, int], bool] = {}
"""has_rules' answer per workbook (path, modification time, size): an audit of many logs reads it once."""
_HAS_RULES_KEPT = 256
_RESOLVED: dict[str, Path] = {}
"""Absolute project paths declared_engine was given that were already real (no symbolic link, no `..`): an audit
of many logs resolves its project's path once. A path through a link is resolved every time (the link may move)."""


def has_rules(project: Path) -> bool:
    """Return True when the project's workbook has a Moves sheet (read cheaply, without loading the workbook)."""
    xlsx = os.path.join(project, "components.xlsx")
    try:
        stat = os.stat(xlsx)
    except (OSError, ValueError):  # what is_file takes for no file
        stat = None
    if stat is not None and S_ISREG(stat.st_mode):  # a file (what is_file asks, without a second stat)
        key = (xlsx, stat.st_mtime_ns, stat.st_size)
        known = _HAS_RULES.get(key)
        if known is None:
            known = _workbook_has_rules(Path(xlsx))
            if len(_HAS_RULES) >= _HAS_RULES_KEPT:
                _HAS_RULES.clear()
            _HAS_RULES[key] = known
        return known
    project = Path(project)
    folder = project / "components" if (project / "components").is_dir() else project
    return (folder / f"{MARKER_SHEET}.csv").is_file()


def _workbook_has_rules(xlsx: Path) -> bool:
    """Return True when a workbook's list of sheets names a Moves sheet."""
    try:
        with zipfile.ZipFile(xlsx) as book:
            names = _SHEET_NAME.findall(book.read("xl/workbook.xml"))
    except (OSError, KeyError, zipfile.BadZipFile):
        return False
    return MARKER_SHEET.encode() in names


def _stamp(project: Path | None) -> tuple[float, ...]:
    """Return the modification times of the project's workbook files (a change reloads the rules)."""
    if project is None:
        return ()
    xlsx = project / "components.xlsx"
    try:
        stat = xlsx.stat()
    except (OSError, ValueError):  # what is_file takes for no file
        stat = None
    if stat is not None and S_ISREG(stat.st_mode):
        return (stat.st_mtime,)
    folder = project / "components" if (project / "components").is_dir() else project
    return tuple(sorted(p.stat().st_mtime for p in folder.glob("*.csv")))


LINK_KEY = "components"
"""A Game-sheet key: another project whose component sets these rules referee (path relative to this one)."""


def linked_project(project: Path, info: dict) -> Path | None:
    """Return the project a rules workbook takes its components from (its Game sheet's `components`), or None."""
    text = str(info.get(LINK_KEY) or "").strip()
    return (project / text).resolve() if text else None


def load_game(project: Path, game_id: str, problems: Problems, reading: Problems | None = None) -> Game:
    """Read a project's workbook (and the component sets of a linked project) and compile its declared rules."""
    workbook = read_project_workbook(project, problems if reading is None else reading)
    if MARKER_SHEET not in workbook.sets:
        raise PlayproofError(f"{project}: the workbook has no {MARKER_SHEET} sheet, so it declares no rules")
    linked = linked_project(project, workbook.info)
    if linked is not None:
        other = read_project_workbook(linked, Problems() if reading is not None else problems)
        workbook.sets = {**{k: v for k, v in other.sets.items() if k not in RULES_SHEETS}, **workbook.sets}
    return build_game(workbook, game_id, problems)


def _resolved(project: Path | str) -> Path:
    """Return a project's real folder (symbolic links followed); a path that is already real is checked once."""
    text = str(project)
    found = _RESOLVED.get(text)
    if found is None:
        found = Path(project).resolve()
        if str(found) == text:
            if len(_RESOLVED) >= _HAS_RULES_KEPT:
                _RESOLVED.clear()
            _RESOLVED[text] = found
    return found


def declared_engine(project: Path, game_id: str, *, base: type[DeclaredEngine] = DeclaredEngine) -> type[Engine]:
    """Return the engine class of a declared game (cached per project and workbook time); bad sheets raise."""
    project = _resolved(project)
    key = (str(project), game_id, base, _stamp(project))
    cached = _CACHE.get(key)
    if cached is not None and _stamp(cached.game.linked) == cached.game.linked_stamp:
        return cached
    problems = Problems()
    game = load_game(project, game_id, problems)
    game.linked = linked_project(project, {LINK_KEY: game.link})
    game.linked_stamp = _stamp(game.linked)
    if problems.errors:
        raise ProblemsError(problems.items)
    rules = game.rules if not base.extra_rules else RuleIndex(game_id, list(game.rules) + list(base.extra_rules))
    attrs = {"game": game, "game_id": game_id, "title": game.title, "rules": rules,
             "options": {**base.options, **game.turn.options},
             "min_players": game.turn.min_players, "max_players": game.turn.max_players,
             "cooperative": game.turn.cooperative, "table_verbs": _table_verbs(game), "__module__": base.__module__,
             "__doc__": f"The declared referee of {game.title}."}
    engine = type(f"Declared[{game_id}]", (base,), attrs)
    _CACHE[key] = engine
    return engine


def _table_verbs(game: Game) -> frozenset[str]:
    """Return the verbs only the table makes (every row of the verb is the table's)."""
    actors: dict[str, set[str]] = {}
    for spec in game.moves.values():
        actors.setdefault(spec.verb.lower(), set()).add(spec.actor)
    return frozenset(verb for verb, who in actors.items() if who == {"table"})


def check_rules(project: Path, problems: Problems) -> None:
    """Check a project's rules sheets for `playproof check`, recording each problem with its sheet and cell.

    Sheets that compile are then tried: a few random games, so an expression that cannot be evaluated for a
    player (a value that grows without bound) is found now, at its cell, not in the middle of an audit.
    """
    project = Path(project)
    if not has_rules(project):
        return
    try:
        before = len(problems.errors)
        game = load_game(project, project.resolve().name, problems, Problems())  # `check` reads the sets itself
        if len(problems.errors) == before:
            try_rules(game, problems)
    except PlayproofError as exc:
        problems.error(None, str(exc))


TRIAL_GAMES = 2
TRIAL_EVENTS = 400
"""Random games `check` plays to try the rules (at the fewest players, then the most), and the most events of each."""


def try_rules(game: Game, problems: Problems) -> None:
    """Play a few short random games; record where an expression fails (its cell) as a problem."""
    engine_cls = type(f"Trial[{game.game_id}]", (DeclaredEngine,), {
        "game": game, "game_id": game.game_id, "title": game.title, "rules": game.rules,
        "min_players": game.turn.min_players, "max_players": game.turn.max_players})
    counts = (game.turn.min_players, game.turn.max_players)  # the fewest players, then the most
    for seed in range(TRIAL_GAMES):
        players = tuple(f"P{n}" for n in range(1, counts[seed % 2] + 1))
        try:
            stuck = _trial(engine_cls, players, seed)
        except TooLarge as exc:
            problems.error(getattr(exc, "where", None), f"{exc} (found by playing a random game)")
            return
        if stuck:
            problems.warn(None, f"a random game of {len(players)} players got stuck before the end: {stuck}")
            return


def _trial(engine_cls: type[DeclaredEngine], players: tuple[str, ...], seed: int) -> str:
    """Play one random game of at most TRIAL_EVENTS events (moves the referee offers); return how it got stuck
    (a player with no legal move before the end), or ''."""
    rng = random.Random(seed)
    engine = engine_cls(Setup(players, seed=seed))
    _evaluate_all(engine)
    played: list[str] = []
    for _ in range(TRIAL_EVENTS):
        decision = engine.decision()
        if decision is None:
            break
        if not decision.moves:
            _evaluate_all(engine)
            return _stuck(decision.actor, played)
        verb, _, args = rng.choice(decision.moves).partition(" ")
        played.append(f"{decision.actor}: {verb} {args}".rstrip())
        engine._apply(Event(1, decision.actor, verb, args))
    _evaluate_all(engine)
    return ""


def _stuck(actor: str, played: list[str]) -> str:
    """Describe a random game that got stuck: who has no legal move, after which moves."""
    last = "; ".join(played[-3:]) or "none"
    return (f"{actor} has no legal move after {len(played)} move(s) (the last: {last}); does a move need "
            "`ends turn` = `yes`, a `due` table move or a way to pass?")


def _evaluate_all(engine: DeclaredEngine) -> None:
    """Evaluate the score parts, the tie-breaks and the end for every player (a failure raises TooLarge)."""
    turn = engine.game.turn
    fns = [fn for _, fn in engine.game.scoring] + list(turn.tiebreak) + \
        [f for f in (turn.end, turn.end_now, turn.order, turn.skip, turn.heuristic, turn.win, turn.lose)
         if f is not None]
    for player in engine.players:
        for fn in fns:
            try:
                fn(Ctx(engine.state, player))
            except Unknown:
                continue
