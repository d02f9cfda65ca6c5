"""Conflict arithmetic: modified values and who is defeated, Queens' rules included."""

from __future__ import annotations

from dataclasses import dataclass

from playproof.playtest.games.four_sisters.data import Card, GameData
from playproof.playtest.games.four_sisters.state import OUBLIETTE, SCHEME, Conflict

MOOT = "moot"
DEFEAT = "defeat"
TIE = "tie"  # no Queen: the defender accepts defeat or not
QUEEN_TIE = "queen-tie"  # a Queen tied: the other card (or both Queens) lose, owners choose where


@dataclass(frozen=True)
class Judgement:
    """The rules' verdict on a Conflict before any player's choice."""

    kind: str
    defeated: dict[str, str]  # room -> destination, for DEFEAT
    losers: tuple[str, ...] = ()  # rooms whose owners choose a destination, for QUEEN_TIE
    queen: bool = False


def card_at(data: GameData, board: dict[str, str | None], room: str) -> Card:
    """Return the card in an occupied Room."""
    card = board[room]
    if card is None:
        raise ValueError(f"Room {room} is empty")
    return data.cards[card]


def modified_value(data: GameData, board: dict[str, str | None], room: str, boost: int) -> int:
    """Return a card's value in Conflict: +1 per side-sharing friendly card, +1 per discard."""
    card = card_at(data, board, room)
    friends = sum(1 for r in data.neighbours[room]
                  if (other := board[r]) is not None and data.cards[other].team == card.team)
    return card.value + friends + boost


def judge(data: GameData, board: dict[str, str | None], conflict: Conflict,
          sabbath: bool) -> Judgement:
    """Return who is defeated in a Conflict whose target and discards are settled."""
    room, target = conflict.room, conflict.target
    assert target is not None
    attacker, innocent = card_at(data, board, room), card_at(data, board, target)
    queen = attacker.is_queen or innocent.is_queen
    mine = modified_value(data, board, room, conflict.boosts.get(conflict.player, 0))
    theirs = modified_value(data, board, target, conflict.boosts.get(conflict.defender or "", 0))
    if mine == theirs:
        if not queen:
            return Judgement(TIE, {}, queen=False)
        # A tie with a Queen: the opposing card loses; two tied Queens both lose
        losers = tuple(r for r, c in ((room, attacker), (target, innocent)) if not c.is_queen)
        return Judgement(QUEEN_TIE, {}, losers or (room, target), queen=True)
    winner, loser = (attacker, target) if mine > theirs else (innocent, room)
    lost = card_at(data, board, loser)
    # Queens fall only to Aces or Queens, except in a Sabbath game
    if lost.is_queen and not sabbath and not (winner.is_ace or winner.is_queen):
        return Judgement(MOOT, {}, queen=True)
    # A Queen's victim goes to the Oubliette; other defeated cards go under their Scheme
    return Judgement(DEFEAT, {loser: OUBLIETTE if winner.is_queen else SCHEME}, queen=queen)
