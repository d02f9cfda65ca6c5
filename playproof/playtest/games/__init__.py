"""Rules engines by game id; each module is imported only when its game is asked for.

A game's referee is found, in this order: an engine named explicitly (`--engine module:Class`);
a seed game bundled with playproof; an installed plugin (entry-point group `playproof.games`);
the rules a game project declares in its workbook. A game with none of these is still recorded
and reported, with no referee. No code is ever imported because a log, a workbook or a project
folder names it: only bundled modules, installed plugins and an engine named on the command line.
"""

from __future__ import annotations

import difflib
import sys
from functools import lru_cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from playproof.errors import PlayproofError, Problems, ProblemsError
from playproof.playtest.engine import Engine, RuleIndex, Setup

MODULES: dict[str, str] = {
    "seven-sisters": "playproof.playtest.games.seven_sisters",
    "four-sisters": "playproof.playtest.games.four_sisters",
    "battle-for-seven-cities": "playproof.playtest.games.battle_for_seven_cities",
    "who-will-reign": "playproof.playtest.games.who_will_reign",
    "7-wonders-leaders": "playproof.playtest.games.seven_wonders_leaders",
}

ENTRY_POINT_GROUP = "playproof.games"
"""Installed packages register a game's engine here: `<game-id> = "package.module:EngineClass"`."""


def game_ids() -> list[str]:
    """Return the ids of every game with an engine: the seed games, then installed plugins."""
    return list(MODULES) + [name for name in _plugins() if name not in MODULES]


def _plugins() -> dict[str, EntryPoint]:
    """Return the installed plugins' entry points by game id (read from metadata; nothing is imported)."""
    return _plugins_on(tuple(sys.path))


@lru_cache(maxsize=4)
def _plugins_on(path: tuple[str, ...]) -> dict[str, EntryPoint]:
    """Read the entry points once per import path (an audit of many logs must not rescan metadata per log)."""
    return {ep.name.strip().lower(): ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def find_engine(game_id: str) -> type[Engine]:
    """Return the engine class of a seed game or an installed plugin, or raise a clear error naming the known games."""
    key = game_id.strip().lower()
    module_name = MODULES.get(key)
    if module_name is not None:
        return _load_module(game_id, module_name)
    plugin = _plugins().get(key)
    if plugin is not None:
        return _load_plugin(plugin)
    raise PlayproofError(f'unknown game "{game_id}" (known games: {", ".join(game_ids())})')


def _load_module(game_id: str, module_name: str) -> type[Engine]:
    """Import a bundled game module and return its ENGINE."""
    try:
        return import_module(module_name).ENGINE
    except (ImportError, AttributeError) as exc:
        raise PlayproofError(f'the engine of "{game_id}" cannot be loaded ({exc.__class__.__name__}: {exc})') from exc


def _load_plugin(plugin: EntryPoint) -> type[Engine]:
    """Load an installed plugin's engine class (a module's ENGINE, or the class the entry point names)."""
    try:
        loaded = plugin.load()
    except Exception as exc:  # a broken plugin package must be one clear error, whatever it raises
        raise PlayproofError(f'the plugin engine of "{plugin.name}" ({plugin.value}) cannot be loaded '
                             f"({exc.__class__.__name__}: {exc})") from exc
    return _engine_class(getattr(loaded, "ENGINE", loaded), f'plugin "{plugin.name}" ({plugin.value})')


def register(game_id: str, module_name: str) -> None:
    """Register (or replace) the engine module of a game id in this process (a module exporting ENGINE)."""
    MODULES[game_id.strip().lower()] = module_name


def load_engine_spec(spec: str) -> type[Engine]:
    """Return the engine class named on the command line as `module:Class` (or a module with ENGINE)."""
    module_name, _, attr = spec.strip().partition(":")
    if not module_name:
        raise PlayproofError(f'--engine "{spec}": name an engine as module:Class, e.g. --engine my_game:Engine')
    try:
        module = import_module(module_name)
    except Exception as exc:  # the designer's module may fail in any way while importing
        raise PlayproofError(f'--engine "{spec}": cannot import {module_name} ({exc.__class__.__name__}: {exc})') \
            from exc
    found = getattr(module, attr or "ENGINE", None)
    if found is None:
        raise PlayproofError(f'--engine "{spec}": {module_name} has no {attr or "ENGINE"}')
    return _engine_class(found, f'--engine "{spec}"')


def _engine_class(found: object, origin: str) -> type[Engine]:
    """Check that what a plugin or --engine names is an engine class with a game id."""
    if not (isinstance(found, type) and issubclass(found, Engine)) or not getattr(found, "game_id", ""):
        raise PlayproofError(f"{origin} is not a playproof engine (a subclass of playproof.playtest.engine.Engine "
                             "with a game_id)")
    return found


def resolve_engine(game_id: str, project: Path | None = None, engine: str | None = None) -> type[Engine]:
    """Return the referee of a game: --engine, a seed game, a plugin, the project's declared rules, else none."""
    if engine is not None:
        return load_engine_spec(engine)
    key = game_name(game_id, project).strip().lower()
    if is_known(key):
        return find_engine(key)
    declared = project_engine(project, key) if project is not None else None
    if declared is not None:
        return declared
    _refuse_likely_typo(game_id)
    from playproof.playtest.noreferee import no_referee

    return no_referee(game_id)


def game_name(game: str, project: Path | None) -> str:
    """Return a game's id: a project named by its folder (`rules examples/my-game`) is known by the folder's name,
    as its sessions are, never by the path typed (which would also name rule ids and the logs' files)."""
    if project is not None and ("/" in game or "\\" in game or Path(game).is_dir()):
        return project.resolve().name.lower()
    return game


def project_engine(project: Path, game_id: str) -> type[Engine] | None:
    """Return the engine a game project declares in its workbook's rules sheets, or None when it declares none."""
    from playproof.playtest.declared import declared_engine, has_rules

    return declared_engine(project, game_id) if has_rules(project) else None


def _refuse_likely_typo(game_id: str) -> None:
    """A game id one slip away from a known game is a typo, not a new game: say which one was meant."""
    key = game_id.strip().lower()
    close = difflib.get_close_matches(key, game_ids(), n=1, cutoff=0.85)
    if close or not key:
        hint = f'; did you mean "{close[0]}"?' if close else ""
        raise PlayproofError(f'unknown game "{game_id}"{hint} (known games: {", ".join(game_ids())})')


def is_known(game_id: str) -> bool:
    """Return True for a seed game or an installed plugin's game (their engines need no project)."""
    key = game_id.strip().lower()
    return key in MODULES or key in _plugins()


def find_project(game_id: str, near: Path | None = None) -> Path | None:
    """Return the project folder of a game: `near` or a parent of it holding a workbook, else ./<game-id>."""
    candidates = [near, near.parent] if near is not None else []
    candidates.append(Path.cwd() / game_id.strip())
    return next((c for c in candidates if c is not None and _is_project(c)), None)


def _is_project(folder: Path) -> bool:
    """Return True for a folder holding a game project's workbook or layouts, or rules sheets as CSV files."""
    if not folder.is_dir():
        return False
    if any((folder / name).is_file() for name in ("components.xlsx", "layouts.toml")):
        return True
    from playproof.playtest.declared import has_rules

    return has_rules(folder)


def find_rules(game_id: str) -> RuleIndex:
    """Return the rule index of a game (its module's RULES, else its engine's `rules`)."""
    return rules_of(find_engine(game_id))


def rules_of(engine: type[Engine]) -> RuleIndex:
    """Return the rule index of an engine class (its module's RULES, else its `rules`)."""
    module = import_module(engine.__module__)
    found = getattr(module, "RULES", None)
    return found if isinstance(found, RuleIndex) and found.game_id == engine.game_id else engine.rules


def available_engines() -> dict[str, type[Engine] | Exception]:
    """Return each registered game's engine class, or the exception its module raised on import."""
    found: dict[str, type[Engine] | Exception] = {}
    for game_id in MODULES:
        try:
            found[game_id] = find_engine(game_id)
        except Exception as exc:  # a game module still being written must not hide the others
            found[game_id] = exc
    return found


def check_engine_data(game_id: str, project: Path, problems: Problems) -> None:
    """Load a project's workbook through its game's rules engine, recording what the engine refuses."""
    from playproof.playtest.declared import check_rules, has_rules

    if not is_known(game_id) and has_rules(project):  # declared rules: every problem located in its sheet
        return check_rules(project, problems)
    try:
        engine = resolve_engine(game_id, project)
        players = tuple(f"P{i + 1}" for i in range(max(1, engine.min_players)))
        engine(Setup(players, project=project))
    except ProblemsError as exc:
        problems.items.extend(exc.problems)
    except PlayproofError as exc:
        problems.error(None, f"the {game_id} rules engine cannot use this workbook: {exc}")


def game_of_project(project: Path, game_id: str | None) -> str | None:
    """Return the game whose engine checks a project: the one named, else the folder's name if it has a referee."""
    if game_id is not None:
        if not resolve_engine(game_id, project).checks_rules:  # an unknown game is an error naming the known ones
            raise PlayproofError(f'unknown game "{game_id}" (known games: {", ".join(game_ids())}), and '
                                 f"{project} declares no rules")
        return game_id.strip().lower()
    name = project.resolve().name
    if is_known(name) or project_engine(project, name) is not None:
        return name
    return None
