"""Every legal move at a decision point, written exactly as a log line would say it."""

from __future__ import annotations

from itertools import combinations

from playproof.playtest.engine import TABLE, Decision
from playproof.playtest.games.who_will_reign.catalogue import COURT, GUEST, IMPROVEMENT, Card, log_name
from playproof.playtest.games.who_will_reign.game import Game
from playproof.playtest.games.who_will_reign.scoring import powers, sweep_cost, tax_food
from playproof.playtest.games.who_will_reign.state import LAY, OVER, UNKNOWN, Sister, top_output


def decision(game: Game) -> Decision | None:
    """Return the pending decision: setup, a tribute, a draw, or the active sister's turn."""
    state = game.state
    if state.phase == OVER:
        return None
    if state.phase == LAY:
        return Decision(TABLE, _lays(game), "lay the land boards")
    if state.tribute is not None:
        return _tribute(game)
    if state.pending_draws:
        return _draws(game)
    return Decision(state.current.name, tuple(_turn_moves(game, state.current)), f"{state.current.name}'s turn")


def _lays(game: Game) -> tuple[str, ...]:
    """Every choice of land boards to lay out (their order on the grid does not matter)."""
    boards = [log_name(b.name) for b in game.catalogue.boards.values()]
    dealt = game.catalogue.numbers["boards_dealt"]
    return tuple("lay " + " ".join(chosen) for chosen in combinations(boards, dealt))


def _tribute(game: Game) -> Decision:
    """The next sister (clockwise from the active one) who has not yet paid towards a tribute."""
    state, tribute = game.state, game.state.tribute
    assert tribute is not None
    count = len(state.sisters)
    sister = next(state.sisters[(state.active + i) % count] for i in range(count)
                  if state.sisters[(state.active + i) % count].name not in tribute.spoken)
    most = min(getattr(sister, tribute.resource), tribute.owed - tribute.paid)
    moves = tuple(f"pay {n} {tribute.resource}" for n in range(most + 1))
    return Decision(sister.name, moves, f"{game.name(tribute.moon)}: pay towards the tribute")


def _draws(game: Game) -> Decision:
    """The table draws a card for the market row (after reshuffling an exhausted deck)."""
    state = game.state
    if not state.deck:
        return Decision(TABLE, ("reshuffle",), "the market deck is empty")
    reveals = game.catalogue.reveals
    return Decision(TABLE, tuple(reveals[k] for k in state.deck), "draw a market card")


def _turn_moves(game: Game, sister: Sister) -> list[str]:
    """Every move the active sister may make now."""
    state, catalogue = game.state, game.catalogue
    moves = ["end"]
    if not state.income_taken:
        moves.append("harvest")
        if sister.food >= tax_food(state, catalogue):
            moves.append("tax")
    if sister.gold >= sweep_cost(sister, catalogue):
        moves.append("sweep")
    moves += _banner_moves(game, sister)
    discounts = powers(sister, catalogue).discounts
    for key in dict.fromkeys(state.market):
        if key != UNKNOWN:
            moves += _acquire_moves(game, sister, catalogue.cards[key], discounts)
    return moves


def _banner_moves(game: Game, sister: Sister) -> list[str]:
    """The banners a sister may take up now."""
    banners = game.catalogue.banners
    if not game.banners_in_play or sister.banner or len(game.state.banners_taken) == len(banners):
        return []
    held = powers(sister, game.catalogue).paths
    moves = []
    for key, banner in banners.items():
        req = banner.requirement
        if key in game.state.banners_taken or sister.gold < req.pay_gold or sister.food < req.pay_food:
            continue
        if all(held.get(p, 0) >= n for p, n in req.paths):
            moves.append(f"banner {key}")
    return moves


def _acquire_moves(game: Game, sister: Sister, card: Card, discounts: dict[str, int]) -> list[str]:
    """Every legal way for a sister to acquire one market card (none when she cannot pay)."""
    if sister.gold < card.cost_gold - discounts.get(card.path, 0) or sister.food < card.cost_food:
        return []
    version = game.state.lands_version if card.kind == IMPROVEMENT else sister.version
    cached = game.moves_cache.get((sister.name, card.key))
    if cached is None or cached[0] != version:
        cached = game.moves_cache[(sister.name, card.key)] = (version, _placements(game, sister, card))
    return cached[1]


def _placements(game: Game, sister: Sister, card: Card) -> list[str]:
    """Every placement of an acquired card: boards, sisters, replacements and expulsions."""
    head = f"acquire {card.label}"
    if card.kind == IMPROVEMENT:
        return [f"{head} on {game.catalogue.boards[b.key].name.replace(' ', '-')}"
                for b in game.state.lands.values()
                if b.land == card.land and card.output >= top_output(b, game.catalogue)]
    if card.kind == GUEST:
        return [f"{head} to {s.name}" for s in game.state.sisters if s is not sister]
    if card.kind != COURT:
        return []
    return _court_moves(game, sister, card, head)


def _court_moves(game: Game, sister: Sister, card: Card, head: str) -> list[str]:
    """Court card acquisitions: with or without replacing, and expelling a guest if allowed."""
    cards = game.catalogue.cards
    full = len(sister.court) >= game.catalogue.numbers["court_limit"]
    heads = [] if full else [head]
    if full or not game.replace_when_full:
        heads += [f"{head} replacing {cards[k].label}" for k in dict.fromkeys(sister.court)]
    if card.ability.expel:
        heads += [f"{h} expel {cards[g].label}" for h in list(heads) for g in dict.fromkeys(sister.guests)]
    return heads
