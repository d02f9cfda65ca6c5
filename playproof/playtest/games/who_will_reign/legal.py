"""Every legal move at a decision point, written exactly as a log line would say it."""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Sequence

from playproof.playtest.engine import TABLE, Decision, Event, Offer, decision_offer
from playproof.playtest.games.who_will_reign.catalogue import COURT, GUEST, IMPROVEMENT, Card, log_name
from playproof.playtest.games.who_will_reign.game import Game
from playproof.playtest.games.who_will_reign.scoring import powers, tax_food
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


def _turn_moves(game: Game, sister: Sister) -> list[str]:
    """Every move the active sister may make now."""
    moves, parts, _ = turn(game, sister)
    return moves + [head + tail for head, tails in parts for tail in tails]


def offer(game: Game, play_turn: Play | None = None, play_draw: Play | None = None) -> Offer | None:
    """Return the pending decision's moves as `decision` gives them, a draw's and a turn's without a Decision.

    `play_turn` and `play_draw` apply an offered move of a turn or a draw (the engine's fast path).
    """
    state = game.state
    if state.phase == OVER or state.phase == LAY or state.tribute is not None:
        found = decision(game)
        return None if found is None else decision_offer(found)
    if state.pending_draws:
        if not state.deck:
            return _offer(Offer, (TABLE, 1, _RESHUFFLE.__getitem__, None))
        keys, reveals = list(state.deck), game.catalogue.reveals
        return _offer(Offer, (TABLE, len(keys), lambda k: reveals[keys[k]], play_draw))
    sister = state.current
    moves, parts, count = turn(game, sister)
    if not parts:
        return _offer(Offer, (sister.name, count, moves.__getitem__, play_turn))

    return _offer(Offer, (sister.name, count, lambda k: turn_move(moves, parts, k), play_turn))


def turn_move(moves: list[str], parts: list[Part], k: int) -> str:
    """Return the k-th move of a turn (`_turn_moves`) from its parts (`turn`), made alone."""
    if k < len(moves):
        return moves[k]
    k -= len(moves)
    for head, tails in parts:
        if k < len(tails):
            return head + tails[k]
        k -= len(tails)
    raise IndexError(k)


_RESHUFFLE = ("reshuffle",)
_offer = tuple.__new__
"""`Offer(actor, count, text, play)` without the Python-level `__new__` of a named tuple (one offer per move)."""
Play = Callable[[int, Event], Sequence[object]]
Part = tuple[str, list[str]]
"""A market card's acquisitions: a head and the tails that follow it (`acquire X` + ` replacing Y`...)."""
Turn = tuple[list[str], list[Part], int]


def _lays(game: Game) -> tuple[str, ...]:
    """Every choice of land boards to lay out (their order on the grid does not matter), made once per catalogue."""
    texts = game.catalogue.texts
    lays = texts.get("lay")
    if lays is None:
        boards = [log_name(b.name) for b in game.catalogue.boards.values()]
        dealt = game.catalogue.numbers["boards_dealt"]
        lays = texts["lay"] = tuple("lay " + " ".join(chosen) for chosen in combinations(boards, dealt))
    return lays


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
        return Decision(TABLE, _RESHUFFLE, "the market deck is empty")
    reveals = game.catalogue.reveals
    return Decision(TABLE, tuple(reveals[k] for k in state.deck), "draw a market card")


def turn(game: Game, sister: Sister) -> Turn:
    """Every move the active sister may make now: the moves without a card, each affordable market card's
    acquisitions as (head, tails) (a move is head + tail), and how many moves there are in all."""
    state, catalogue = game.state, game.catalogue
    moves = ["end"]
    food, gold = sister.food, sister.gold
    if not state.income_taken:
        moves.append("harvest")
        if food >= tax_food(state, catalogue):
            moves.append("tax")
    held = sister.powers or powers(sister, catalogue)
    sweep = catalogue.numbers["sweep_cost"]
    if gold >= (sweep if held.sweep is None or held.sweep > sweep else held.sweep):
        moves.append("sweep")
    if game.banners_in_play and not sister.banner and len(state.banners_taken) < len(catalogue.banners):
        cached = game.banners_cache.get(sister.name)
        met = cached[1] if cached is not None and cached[0] == sister.version else _banners_met(game, sister)
        if met:
            taken = state.banners_taken
            moves += [move for key, move, need_gold, need_food in met
                      if key not in taken and gold >= need_gold and food >= need_food]
    cached = game.moves_cache.get(sister.name)
    if cached is None or cached[0] != held.discounts or cached[2] != sister.version:
        cached = _acquisition_caches(game, sister, held.discounts)
    prices, placements = cached[1], cached[3]
    lands = game.land_moves
    if lands[0] != state.lands_version:
        lands = game.land_moves = [state.lands_version, {}]
    on_land = lands[1]
    parts: list[Part] = []
    count = len(moves)
    for key in dict.fromkeys(state.market):
        price = prices.get(key)
        if price is None:
            if key == UNKNOWN:
                continue
            card = catalogue.cards[key]
            price = prices[key] = (card.cost_gold - held.discounts.get(card.path, 0), card.cost_food)
        if gold >= price[0] and food >= price[1]:
            part = placements.get(key) or on_land.get(key)
            if part is None:
                card = catalogue.cards[key]
                if card.kind == COURT:  # the most frequent, made here without a call
                    part = placements[key] = (catalogue.acquires[key], _court_tails(game, sister, card.ability.expel))
                else:
                    part = _placements(game, sister, card)
                    (on_land if card.kind == IMPROVEMENT else placements)[key] = part
            parts.append(part)
            count += len(part[1])
    return moves, parts, count


def _acquisition_caches(game: Game, sister: Sister, discounts: dict[str, int]) -> list:
    """Return a sister's [discounts, prices of market cards (kept while her discounts hold), her version, her ways
    to place court and guest cards (kept while it holds)], renewing what no longer holds."""
    cached = game.moves_cache.get(sister.name)
    stamp = sister.version
    if cached is None:
        cached = game.moves_cache[sister.name] = [dict(discounts), {}, stamp, {}]
    if cached[0] != discounts:
        cached[0], cached[1] = dict(discounts), {}
    if cached[2] != stamp:
        cached[2], cached[3] = stamp, {}
    return cached


def _banners_met(game: Game, sister: Sister) -> list[tuple[str, str, int, int]]:
    """Return (key, move, gold, food) of every banner whose cards a sister holds, kept with her version."""
    held = powers(sister, game.catalogue).paths
    met = [banner[:4] for banner in _banners(game) if _holds_paths(held, banner[4])]
    game.banners_cache[sister.name] = (sister.version, met)
    return met


def _banners(game: Game) -> list[tuple[str, str, int, int, tuple[tuple[str, int], ...]]]:
    """Return (key, move, gold, food, path cards needed) of every banner, made once per catalogue."""
    texts = game.catalogue.texts
    banners = texts.get("banner")
    if banners is None:
        banners = texts["banner"] = [(key, f"banner {key}", b.requirement.pay_gold, b.requirement.pay_food,
                                      b.requirement.paths) for key, b in game.catalogue.banners.items()]
    return banners


def _holds_paths(held: dict[str, int], needed: tuple[tuple[str, int], ...]) -> bool:
    """Return True when a court holds (`held`: cards per path) the path cards a banner needs."""
    for path, n in needed:
        if held.get(path, 0) < n:
            return False
    return True


def _placements(game: Game, sister: Sister, card: Card) -> Part:
    """Every placement of an acquired improvement or guest (boards, sisters) as (head, tails); `turn` makes a
    court card's (`acquire CARD` and `_court_tails`) itself."""
    if card.kind == IMPROVEMENT:  # the same for every sister, kept by `turn` while the land holds
        return "", [f"acquire {card.label} on {game.catalogue.boards[b.key].name.replace(' ', '-')}"
                    for b in game.state.lands.values()
                    if b.land == card.land and card.output >= top_output(b, game.catalogue)]
    if card.kind == GUEST:  # the same all game long
        moves = game.guest_moves.get((sister.name, card.key))
        if moves is None:
            moves = game.guest_moves[(sister.name, card.key)] = [
                f"acquire {card.label} to {s.name}" for s in game.state.sisters if s is not sister]
        return "", moves
    return "", []


def _court_tails(game: Game, sister: Sister, expel: bool) -> list[str]:
    """Return what follows `acquire CARD` in a sister's court card acquisitions: with or without replacing a card
    of her court, then (`expel`: for a card that may expel) the same expelling each of her guests in turn; kept
    per version."""
    cached = game.court_tails.get(sister.name)
    if cached is None or cached[0] != sister.version:
        cards = game.catalogue.cards
        full = len(sister.court) >= game.catalogue.numbers["court_limit"]
        tails = [] if full else [""]
        if full or not game.replace_when_full:
            tails += [f" replacing {cards[k].label}" for k in dict.fromkeys(sister.court)]
        cached = game.court_tails[sister.name] = [sister.version, tails, None]
    if not expel:
        return cached[1]
    if cached[2] is None:
        cards = game.catalogue.cards
        cached[2] = cached[1] + [f"{t} expel {cards[g].label}" for t in cached[1] for g in dict.fromkeys(sister.guests)]
    return cached[2]
