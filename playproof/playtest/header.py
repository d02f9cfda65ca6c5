"""A log's header turned into the game's engine class and its Setup."""

from __future__ import annotations

import difflib
from pathlib import Path

from playproof.errors import Location, PlayproofError, Problems
from playproof.playtest.engine import TABLE, Engine, Setup, player_range
from playproof.playtest.games import is_known, resolve_engine
from playproof.playtest.logmodel import EntryKind, Log
from playproof.playtest.logparse import players_of
from playproof.playtest.projectfind import ProjectNotFound, locate, refereed

HEADER_KEYS = ("Game", "Rules", "Players", "Date", "Setup", "Variant", "Components", "Seed", "Project", "Engine",
               "Referee", "Content")
"""Header keys playproof reads; any other `[Key "value"]` is kept and shown in reports."""


def engine_of(log: Log, game: str | None = None, base: Path | None = None,
              engine: str | None = None, project: Path | None = None) -> type[Engine]:
    """Return the referee of the log's [Game] (or `game` when given): see playproof.playtest.games.resolve_engine.

    `project` (--project) overrides where the log's project is looked for (playtest.projectfind)."""
    return engine_and_project(log, game, base, engine, project)[0]


Found = tuple[str, "Path | None"]
"""The game id a log's project was looked for by, and the folder found (None: the log has no project)."""


def engine_and_project(log: Log, game: str | None = None, base: Path | None = None, engine: str | None = None,
                       project: Path | None = None) -> tuple[type[Engine], Found]:
    """Return the referee of the log (see engine_of) and the project it was found in, by the id looked for."""
    game_id = game or log.header.get("Game", "")
    if not log.problems and all(entry.kind is EntryKind.BLANK for entry in log.entries):
        raise PlayproofError(f"{log.name}: the log is empty")
    if not game_id:
        raise PlayproofError(f'{log.name}: no [Game "..."] header; name the game, e.g. [Game "seven-sisters"]')
    _engine_named(log, engine)
    try:
        folder = log_project(log, base, game_id, project)
        return refereed(log, resolve_engine(game_id, folder, engine), folder), (game_id, folder)
    except ProjectNotFound:  # already names the log and its line
        raise
    except PlayproofError as exc:
        line = 0 if game else log.header_line("Game")  # a game named with --game is not on a line of the log
        raise PlayproofError(f"{log.name}:{line}: {exc}" if line else f"{log.name}: {exc}") from None


def _engine_named(log: Log, engine: str | None) -> None:
    """A log refereed by a designer's Python engine says so in [Engine]; it is never imported from the log."""
    named = log.header.get("Engine", "").strip()
    if named and engine is None:
        raise PlayproofError(f"{log.name}:{log.header_line('Engine')}: this log was refereed by the Python engine "
                             f'"{named}"; pass --engine {named} to use it again (playproof never imports code '
                             "a log names)")


def log_project(log: Log, base: Path | None, game_id: str, project: Path | None = None) -> Path | None:
    """Return the log's game project: `project` when given, else wherever [Project] went (projectfind.locate)."""
    return locate(log, base, game_id, is_known(game_id), project)


def setup_of(log: Log, engine: type[Engine], problems: Problems, base: Path | None = None,
             project: Path | None = None, found: Found | None = None) -> Setup:
    """Return the Setup the header describes, recording each bad header value as a problem (`found`: where
    engine_and_project found the project, reused when it looked by the engine's own id)."""
    header = log.header
    _check_keys(log, problems)
    players = tuple(players_of(log))
    _check_players(log, engine, players, problems)
    options = parse_variant(header.get("Variant", ""))
    _check_options(log, engine, options, "Variant", problems)
    setup_items = _setup_items(log, problems)
    _check_options(log, engine, setup_items, "Setup", problems)
    options.update(setup_items)
    seed = _seed(log, problems)
    if found is not None and found[0] == engine.game_id:
        project = found[1]
    else:
        project = log_project(log, base, engine.game_id, project)
    return Setup(players=players, options=options, seed=seed, project=project)


def parse_variant(text: str) -> dict[str, str]:
    """Return Variant options: `name` means {"name": "true"}, `name=value` as given (comma separated)."""
    options: dict[str, str] = {}
    for item in (i.strip() for i in text.split(",")):
        if item:
            name, sep, value = item.partition("=")
            options[name.strip()] = value.strip() if sep else "true"
    return options


def _check_options(log: Log, engine: type[Engine], options: dict[str, str], key: str, problems: Problems) -> None:
    """Warn about options the engine does not list (when it lists any), naming the ones it knows."""
    unknown = [name for name in options if engine.options and name not in engine.options]
    for name in unknown:
        known = ", ".join(engine.options)
        problems.warn(Location(log.name, line=log.header_line(key)),
                      f'unknown option "{name}" for {engine.game_id} (known options: {known})')


def _setup_items(log: Log, problems: Problems) -> dict[str, str]:
    """Return the `key=value; key=value` items of the [Setup] header."""
    items: dict[str, str] = {}
    for item in (i.strip() for i in log.header.get("Setup", "").split(";")):
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            where = Location(log.name, line=log.header_line("Setup"))
            problems.error(where, f'[Setup] item "{item}" is not key=value')
            continue
        items[key.strip()] = value.strip()
    return items


def _check_keys(log: Log, problems: Problems) -> None:
    """Warn about a header key that looks like a misspelt key playproof reads (`[Playres]`, `[players]`)."""
    known = {key.lower(): key for key in HEADER_KEYS}
    for key in log.header:
        if key in HEADER_KEYS:
            continue
        close = difflib.get_close_matches(key.lower(), known, n=1, cutoff=0.75)
        if close:
            problems.warn(Location(log.name, line=log.header_line(key)),
                          f"unknown header [{key}]; did you mean [{known[close[0]]}]?")


def _check_players(log: Log, engine: type[Engine], players: tuple[str, ...], problems: Problems) -> None:
    """Record what is wrong with the [Players] header as problems on its line."""
    where = Location(log.name, line=log.header_line("Players") or None)
    for message in players_errors(engine, players):
        problems.error(where, message)


def players_errors(engine: type[Engine], players: tuple[str, ...]) -> list[str]:
    """Return what is wrong with the players: a game has the engine's number of players, each named once."""
    if not players:
        return ['[Players "..."] header missing or empty; list the players in seat order']
    errors = []
    if any(p.lower() == TABLE for p in players):
        errors.append(f'"{TABLE}" cannot be a player\'s name: it is the actor of chance events')
    if len({p.lower() for p in players}) != len(players):
        errors.append(f"a player is named twice in [Players \"{', '.join(players)}\"]")
    if not engine.min_players <= len(players) <= engine.max_players:
        errors.append(f"{engine.game_id} is for {player_range(engine)}, not {len(players)}")
    return errors


def _seed(log: Log, problems: Problems) -> int | None:
    """Return the [Seed] as an integer, or None."""
    text = log.header.get("Seed", "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        problems.error(Location(log.name, line=log.header_line("Seed")), f'[Seed "{text}"] is not a whole number')
        return None
