"""Rules engines by game id; each module is imported only when its game is asked for."""

from __future__ import annotations

from importlib import import_module
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


def game_ids() -> list[str]:
    """Return the ids of every game with an engine."""
    return list(MODULES)


def find_engine(game_id: str) -> type[Engine]:
    """Return the engine class of a game, or raise a clear error naming the known games."""
    module_name = MODULES.get(game_id.strip().lower())
    if module_name is None:
        known = ", ".join(MODULES)
        raise PlayproofError(f'unknown game "{game_id}" (known games: {known})')
    try:
        return import_module(module_name).ENGINE
    except (ImportError, AttributeError) as exc:
        raise PlayproofError(f'the engine of "{game_id}" cannot be loaded ({exc.__class__.__name__}: {exc})') from exc


def register(game_id: str, module_name: str) -> None:
    """Register (or replace) the engine module of a game id, e.g. a designer's own game."""
    MODULES[game_id.strip().lower()] = module_name


def find_rules(game_id: str) -> RuleIndex:
    """Return the rule index of a game (its module's RULES, else its engine's `rules`)."""
    engine = find_engine(game_id)
    module = import_module(engine.__module__)
    return getattr(module, "RULES", None) or engine.rules


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
    engine = find_engine(game_id)
    players = tuple(f"P{i + 1}" for i in range(engine.min_players))
    try:
        engine(Setup(players, project=project))
    except ProblemsError as exc:
        problems.items.extend(exc.problems)
    except PlayproofError as exc:
        problems.error(None, f"the {game_id} rules engine cannot use this workbook: {exc}")


def game_of_project(project: Path, game_id: str | None) -> str | None:
    """Return the game whose engine checks a project: the one named, else the folder's name if it is a game."""
    if game_id is not None:
        find_engine(game_id)  # an unknown game is an error naming the known ones
        return game_id.strip().lower()
    name = project.resolve().name
    return name if name in MODULES else None
