"""A fast copy of a game of Who Will Reign? for search bots, and the key of a position.

It copies what a move can change (stores, courts, the land, the market, the deck...) and shares the
read-only catalogue, as `Engine.clone` does with `copy.deepcopy`, several times faster: a search bot
copies the game thousands of times a move. Lists of move texts kept per (sister, card) are shared
between copies (they are built once and never changed); the caches that hold them are copied, each being
stamped with a counter of its own copy.

`position_key` is everything on the table and whose move it is, however the game got there: the
MCTS bot's table of positions joins the nodes of a position reached by two orders of moves. It
leaves out what only remembers the past (the log line, the findings, cached move lists and the
counters that key them); the game has no hidden information once a card is revealed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol, TypeVar

from playproof.playtest.games.who_will_reign.game import Game
from playproof.playtest.games.who_will_reign.state import Land, Sister, State, Tribute


class Played(Protocol):
    """An engine holding a game of Who Will Reign? (the referee)."""

    game: Game


EngineT = TypeVar("EngineT", bound=Played)

COPIED: dict[type, tuple[str, ...]] = {
    Game: ("state", "found", "moves_cache", "court_tails", "guest_moves", "land_moves", "banners_cache"),
    State: ("sisters", "deck", "lands", "market", "discard", "box", "banners_taken", "tribute", "by_name",
            "outputs"),
    Sister: ("court", "guests"),
    Land: ("stack",),
    Tribute: ("spoken",),
}
"""Each class's fields that change in place; its other fields are values, frozen, or read-only and shared."""


def clone(engine: EngineT) -> EngineT:
    """Return an independent copy of a game for search (what `copy.deepcopy` gives, the catalogue shared)."""
    twin = object.__new__(type(engine))
    twin.__dict__.update(engine.__dict__)
    twin.game = _game(engine.game)
    return twin


def _twin(obj: Any, **fields: Any) -> Any:
    """Return a shallow copy of a dataclass instance with some fields replaced."""
    twin = object.__new__(type(obj))
    twin.__dict__.update(obj.__dict__)
    twin.__dict__.update(fields)
    return twin


def _game(game: Game) -> Game:
    """Copy the game: its state, its findings and its caches of move texts."""
    return _twin(game, state=_state(game.state), found=list(game.found), **_caches(game))


def _caches(game: Game) -> dict[str, Any]:
    """Copy the game's caches of move texts: each is stamped with a counter of its own copy (a sister's or the
    lands' version), so two copies that went different ways may reach the same count; sharing a cache would
    let one read the other's moves. The move texts themselves are never changed and stay shared."""
    return {"moves_cache": {k: [v[0], dict(v[1]), v[2], dict(v[3])] for k, v in game.moves_cache.items()},
            "court_tails": {k: list(v) for k, v in game.court_tails.items()},
            "guest_moves": dict(game.guest_moves),
            "land_moves": [game.land_moves[0], dict(game.land_moves[1])],
            "banners_cache": dict(game.banners_cache)}


def _state(state: State) -> State:
    """Copy the table: every sister, land board and card pile, the tribute in progress."""
    sisters = [_twin(s, court=list(s.court), guests=list(s.guests)) for s in state.sisters]
    lands = {k: _twin(land, stack=list(land.stack)) for k, land in state.lands.items()}
    tribute = state.tribute
    return _twin(state, sisters=sisters, deck=Counter(state.deck), lands=lands, market=list(state.market),
                 discard=Counter(state.discard), box=set(state.box), banners_taken=dict(state.banners_taken),
                 tribute=None if tribute is None else _twin(tribute, spoken=set(tribute.spoken)),
                 by_name={s.name.lower(): s for s in sisters}, outputs=dict(state.outputs))


def position_key(engine: Played) -> tuple[object, ...]:
    """Return a value equal for two games whose futures are the same: stores, courts, land, piles, turn, tribute."""
    game = engine.game
    state = game.state
    tribute = state.tribute
    return (
        game.banners_in_play, game.replace_when_full, getattr(engine, "tiebreak", ""),
        state.phase, state.active, state.first, state.round, state.income_taken, state.out_of_turn, state.late,
        state.pending_draws,
        None if tribute is None else (tribute.moon, tribute.resource, tribute.owed, tribute.paid,
                                      frozenset(tribute.spoken)),
        tuple((s.name, s.food, s.gold, tuple(s.court), tuple(s.guests), s.banner) for s in state.sisters),
        tuple((k, land.land, land.base, tuple(land.stack)) for k, land in state.lands.items()),
        tuple(state.market), frozenset((+state.deck).items()), frozenset((+state.discard).items()),
        frozenset(state.box), frozenset(state.banners_taken.items()),
    )
