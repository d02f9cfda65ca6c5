"""Legal moves at every decision point: chance events for the table, choices for the players."""

from __future__ import annotations

from collections import Counter

from playproof.playtest.engine import TABLE, Decision
from playproof.playtest.games.seven_wonders_leaders import options
from playproof.playtest.games.seven_wonders_leaders.data import GameData
from playproof.playtest.games.seven_wonders_leaders.state import State


def present(counts: Counter[str]) -> list[str]:
    """Return the names counted above zero, sorted: `sorted(+counts)` without making a new Counter."""
    return sorted([name for name, count in counts.items() if count > 0])


class Decisions:
    """The decision() half of the engine: whose turn it is and every move they may make."""

    st: State
    data: GameData
    sides: str
    picks: dict[int, str]
    hand_size: int

    def _follow_up_decision(self) -> Decision:
        """Return the decision at the head of the follow-up queue."""
        st = self.st
        head = st.queue[0]
        i = head.city
        if head.kind == "draw":
            return Decision(TABLE, tuple(f"leaders {st.cities[i].name} {n}" for n in present(st.box)), "Rome B draws")
        offer = {"salvage": options.salvage_moves, "courtesan": options.courtesan_moves,
                 "recruit": options.extra_recruit_moves}
        moves = offer["salvage" if head.kind.startswith("salvage") else head.kind](st, i)
        return Decision(st.actor_of(i), tuple(moves), head.kind)

    def _decide_wonders(self) -> Decision:
        """Deal a board to the next city without one."""
        st = self.st
        city = next(c for c in st.cities if c.board is None)
        used = {c.board.name for c in st.cities if c.board is not None}
        moves = [f"wonder {city.name} {b.label}" for b in st.data.boards.values()
                 if b.name not in used and self.sides in ("any", b.side)]
        return Decision(TABLE, tuple(moves), "deal a Wonder board")

    def _decide_leaders(self) -> Decision:
        """Deal a Leader to the next player short of 4."""
        st = self.st
        limit = self.data.const("leaders_per_player", 4)
        p = next(p for p, h in enumerate(st.draft) if h.size() < limit)
        return Decision(TABLE, tuple(f"leaders {st.players[p]} {n}" for n in present(st.box)), "deal Leaders")

    def _decide_draft(self) -> Decision:
        """Let the next player keep a Leader from the draft hand."""
        st = self.st
        p = next(p for p in range(len(st.players)) if p not in self.picks)
        return Decision(st.players[p], tuple(f"draft {n}" for n in st.draft[p].distinct()), "draft a Leader")

    def _decide_recruit(self) -> Decision:
        """Let the next player play a Leader."""
        st = self.st
        p = next(i for i in st.choosers() if i not in st.choices)
        return Decision(st.players[p], tuple(options.recruit_moves(st, p)), "recruit, stage or discard a Leader")

    def _decide_deal(self) -> Decision:
        """Deal an Age card to the next player short of a full hand."""
        st = self.st
        size = self.data.const("hand_size", 7)
        p = next(p for p in range(len(st.players)) if st.cities[p].hand.size() < size)
        cards = present(st.deck) + st.guilds_available()
        return Decision(TABLE, tuple(f"deal {st.players[p]} {n}" for n in cards), f"deal Age {st.age}")

    def _decide_turn(self) -> Decision:
        """Let the next city choose its card (the controller draws first in a 2-player game)."""
        st = self.st
        if st.two_player and not st.drawn and st.turn < 7 and st.deck_size() > 0:
            cards = present(st.deck) + st.guilds_available()
            return Decision(TABLE, tuple(f"draw {st.players[st.controller]} {n}" for n in cards), "Free City draw")
        i = next(i for i in st.choosers() if i not in st.choices)
        moves = options.free_city_moves(st, i) if st.cities[i].free_city else options.card_moves(st, i)
        return Decision(st.actor_of(i), tuple(moves), f"Age {st.age} turn {st.turn}")
