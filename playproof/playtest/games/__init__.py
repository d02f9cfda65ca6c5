"""Rules engines by game id; each module is imported only when its game is asked for."""

from __future__ import annotations

from importlib import import_module

from playproof.errors import PlayproofError
from playproof.playtest.engine import Engine

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
    module = import_module(module_name)
    return module.ENGINE
