"""Battle for Seven Cities: legal-move enumeration and the checks agree (tests/games/consistency.py).

At many points of the legal example log and of simulated games, every move `decision()` offers
must pass without a finding, and every move a table might wrongly make instead (wrong actor,
wrong numbers, wrong words, wrong tiles, wrong cards, wrong piles, wrong records) must be
flagged on its own line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from consistency import Report, check, log_events, numbers_changed, simulated_events, words_swapped

from playproof.playtest.engine import TABLE, Decision, Engine, Event, Setup
from playproof.playtest.games.battle_for_seven_cities import ENGINE
from playproof.playtest.games.battle_for_seven_cities.actions import shows_turn_over
from playproof.playtest.games.battle_for_seven_cities.board import DIRECTIONS
from playproof.playtest.games.battle_for_seven_cities.legal import reaction_allowed

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "battle-for-seven-cities" / "playtests"
NAMES = ("Ann", "Ben", "Cat", "Dee", "Eve", "Fay")
TILE = re.compile(r"\b([pf])([A-Z])(\d+)\b")
CODES = ("AP4", "AP3", "AP2", "ATLANTIS", "RAIL", "WALL", "BURN", "EXPEDITION", "TAKEOVER", "METROPOLIS",
         "DEFEND", "REMOTE", "SANDS", "ARMY", "EMBASSY", "ENEMY")


def wrong_actor(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move made by another player.

    No mistake: a reaction that player may play too, or any move once the active player has used all
    their cards (another player's move then shows the turn is over)."""
    others = [p for p in engine.setup.players if p != decision.actor]
    for text in decision.moves[:4]:
        verb, _, args = text.partition(" ")
        for other in others[:2]:
            if not reaction_allowed(engine, other, text) and not shows_turn_over(engine, Event(0, other, verb, args)):
                yield other, text


def tiles_changed(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """An offered move naming another tile: the next cell, or the same cell in the other era.

    (The tile after `from` in a railway or wall move may be any tile of the token: not changed.)"""
    for text in decision.moves[:8]:
        for match in TILE.finditer(text.split(" from ")[0]):
            era, slot, cell = match.groups()
            for other in (f"{era}{slot}{int(cell) % 4 + 1}", f"{'p' if era == 'f' else 'f'}{slot}{cell}"):
                yield decision.actor, text[:match.start()] + other + text[match.end():]


def cards_changed(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A card played or discarded that is not in the hand (or not the right one)."""
    for text in decision.moves[:10]:
        verb, _, rest = text.partition(" ")
        if verb in ("points", "play", "discard"):
            code, _, tail = rest.partition(" ")
            for other in CODES:
                if other != code and not engine.s.hands[decision.actor].known.get(other):
                    yield decision.actor, f"{verb} {other} {tail}".strip()
                    break


def piles_wrong(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """A card sent to the wrong discard pile (points and discards to blue; special actions to red)."""
    for text in decision.moves[:10]:
        verb, _, rest = text.partition(" ")
        code = rest.split(" ")[0] if rest else ""
        if verb in ("points", "discard"):
            yield decision.actor, f"{text} to red"
        elif verb == "play" and code not in ("DEFEND", "SANDS", "METROPOLIS"):
            yield decision.actor, f"{text} to blue"


def records_wrong(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """The table records a wrong hand size, city owner or city token count, or reshuffles too early.

    (A record that an attacked city is gone is no mistake: it says the attack went undefended.)"""
    s = engine.s
    for player in engine.setup.players[:3]:
        yield TABLE, f"hand {player} {s.hands[player].size + 1}"
        if s.hands[player].size:
            yield TABLE, f"hand {player} {s.hands[player].size - 1}"
    attacked = s.window.pos if s.window is not None and s.window.kind == "defend" else None
    for pos, (owner, tokens) in list(s.board.cities.items())[:3]:
        yield TABLE, f"city {pos} {owner} {tokens + 1}"
        if pos != attacked:
            yield TABLE, f"city {pos} none"
    yield TABLE, "reshuffle red"
    if s.deck.size:
        yield TABLE, "reshuffle"
    if decision.moves[0].startswith("draw "):
        yield TABLE, f"{decision.moves[0]} from red"
        if s.deck.size:
            yield TABLE, f"{decision.moves[0]} from blue"


BARE = ("end", "travel", "build", "play BURN", "play ATLANTIS", "play EXPEDITION", "play DEFEND", "play SANDS",
        "pass", "discard AP2")


def bare_moves(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """Moves without a target made at the wrong moment: ending, travelling, building, a card, a pass."""
    for text in BARE:
        yield decision.actor, text


def wrong_moments(engine: Engine, decision: Decision) -> Iterator[tuple[str, str]]:
    """Building, burning, founding Atlantis or landing elsewhere than the token's tile, recycling with
    tokens left, drawing out of time."""
    s = engine.s
    player = decision.actor if decision.actor in s.hands else s.active
    if not player:
        return
    here = s.positions.get(player)
    if here is not None:
        for near in s.board.neighbours.get(here, ())[:2]:
            yield from ((player, f"{verb} {near}") for verb in ("build", "travel", "play BURN", "play ATLANTIS"))
    for pos, (owner, _) in list(s.board.cities.items())[:2]:
        if s.supply[player] > 0 or owner != player:
            yield player, f"recycle {pos}"
    code = next(iter(s.source().cards), "?")
    if not decision.moves[0].startswith("draw") and not shows_turn_over(engine, Event(0, TABLE, "draw", "")):
        yield TABLE, f"draw {player} {code}"


MUTATORS = [wrong_actor, numbers_changed, words_swapped(CODES + tuple(DIRECTIONS) + NAMES[:3]),
            tiles_changed, cards_changed, piles_wrong, records_wrong, bare_moves, wrong_moments]


def same(a: str, b: str) -> bool:
    """Two spellings of one move: tile names in any case, a railway's or wall's tiles in any order."""
    return _canonical(a) == _canonical(b)


def _canonical(text: str) -> str:
    """Return a move with its tile names sorted where their order does not matter (RAIL, WALL)."""
    words = text.split(" ")
    if words[:2] in (["play", "RAIL"], ["play", "WALL"]):
        cut = words.index("from") if "from" in words else len(words)
        words = words[:2] + sorted(words[2:cut]) + words[cut:]
    return " ".join(words)


def test_the_legal_example_log_agrees_with_the_checks() -> None:
    engine_cls, setup, events = log_events((EXAMPLES / "evening-game.log").read_text(), "evening-game.log")
    report = check(engine_cls, setup, events, MUTATORS, cuts=40, per_cut=20, same=same)
    assert report.problems == []
    assert report.offered > 200 and report.mutated > 300 and "place" in report.kinds


def test_the_hidden_hands_log_agrees_where_the_cards_are_known() -> None:
    # a face-down card may be any card: playing one is "cannot tell yet", not a violation, so the
    # mutators that change cards stay out here
    engine_cls, setup, events = log_events((EXAMPLES / "hidden-hands.log").read_text(), "hidden-hands.log")
    mutators = [wrong_actor, numbers_changed, tiles_changed, records_wrong, wrong_moments]
    report = check(engine_cls, setup, events, mutators, cuts=20, per_cut=15, same=same)
    assert report.problems == [] and report.mutated > 100


VARIANTS = [{}, {"defend": "owner"}, {"expedition": "twin", "tokens": "connected"},
            {"recycle": "unshielded", "shortage": "skip", "win-count": "future"}]


def test_simulated_games_agree_with_the_checks() -> None:
    report = Report()
    for seed in range(30):
        players = NAMES[: 2 + seed % 5]
        options = {**VARIANTS[seed % len(VARIANTS)], **({"rounds": str(2 + seed % 4)} if seed % 3 else {})}
        setup = Setup(players, options, seed=seed)
        check(ENGINE, setup, simulated_events(ENGINE, setup, seed), MUTATORS, cuts=12, per_cut=10, seed=seed,
              same=same, report=report)
    assert report.problems == []
    assert {"points", "move", "travel", "build", "end", "discard", "draw", "play", "tile", "start"} <= report.kinds
