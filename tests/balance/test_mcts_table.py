"""The MCTS bot's table of positions, its budget in CPU time of the searching thread, and its fixed-seed replay."""

from __future__ import annotations

import random
import time
from typing import Hashable

from playproof.balance.bots import MctsBot, make_bot, play
from playproof.balance.mcts import DEFAULT_BUDGET, SEED_BUDGETS
from playproof.balance.runner import Plan, engine_class
from playproof.playtest.engine import Decision, Engine, Event, Rule, RuleIndex, Setup, Violation

VALUES = {"a": 3, "b": 1, "c": 2}


class Collect(Engine):
    """A tiny game: Ann takes two tokens, one at a time, then Ben takes one; a token scores its value.

    Taking a then b reaches the same position as b then a: with a key, MCTS shares one node for it.
    """

    game_id = "collect"
    title = "Collect"
    rules = RuleIndex("collect", [Rule("collect/take", "take a token left", "play")])
    min_players = max_players = 2
    keyed = True
    pause = 0.0  # seconds each move sleeps (wall time that is not CPU time)

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.taken: dict[str, list[str]] = {p: [] for p in setup.players}

    def mover(self) -> str | None:
        ann, ben = self.setup.players
        return ann if len(self.taken[ann]) < 2 else ben if not self.taken[ben] else None

    def apply(self, event: Event) -> list[Violation]:
        time.sleep(self.pause)
        self.taken[event.actor].append(event.args)
        return []

    def decision(self) -> Decision | None:
        mover = self.mover()
        left = [t for t in VALUES if not any(t in got for got in self.taken.values())]
        return None if mover is None else Decision(mover, tuple(f"take {t}" for t in left))

    def is_over(self) -> bool:
        return self.mover() is None

    def scores(self) -> dict[str, int]:
        return {p: sum(VALUES[t] for t in got) for p, got in self.taken.items()}

    def position_key(self) -> Hashable | None:
        return tuple(frozenset(got) for got in self.taken.values()) if self.keyed else None


class Unkeyed(Collect):
    keyed = False


class Slow(Collect):
    pause = 0.004


def _search(cls: type[Collect], budget: int | None = 80, seed: int = 1) -> object:
    engine = cls(Setup(("Ann", "Ben")))
    decision = engine.decision()
    assert decision is not None
    return MctsBot(budget=budget).search(engine, decision, random.Random(seed))


def test_two_orders_of_the_same_moves_share_one_node() -> None:
    root = _search(Collect)
    ab = root.children["take a"].children["take b"]
    ba = root.children["take b"].children["take a"]
    assert ab is ba and ab.visits > 0
    assert root.visits == 80


def test_without_a_key_every_order_has_its_own_node() -> None:
    root = _search(Unkeyed)
    assert root.children["take a"].children["take b"] is not root.children["take b"].children["take a"]


def _pairs(root: object) -> list[object]:
    """Every node after two of Ann's moves, once per order that reaches it."""
    return [second for first in root.children.values() for second in first.children.values()]


def test_shared_statistics_count_the_walks_of_both_orders() -> None:
    # every walk that goes on past Ann's first move passes one node of two tokens taken: a node met by two
    # orders holds the walks of both, counted once
    for cls, distinct in ((Collect, 3), (Unkeyed, 6)):
        root = _search(cls, budget=200)
        pairs = _pairs(root)
        assert len(pairs) == 6 and len({id(p) for p in pairs}) == distinct
        assert sum(f.visits - 1 for f in root.children.values()) == sum(p.visits for p in {id(p): p for p in pairs}.values())


def test_the_same_seed_searches_the_same_tree() -> None:
    assert _search(Collect, seed=4).edges() == _search(Collect, seed=4).edges()


def test_a_budget_in_seconds_counts_cpu_time_not_wall_time() -> None:
    # every move sleeps 4 ms: a clock on the wall would stop a 0.02 s search after about five moves
    engine = Slow(Setup(("Ann", "Ben")))
    decision = engine.decision()
    assert decision is not None
    began = time.perf_counter()
    root = MctsBot(seconds=0.02).search(engine, decision, random.Random(1))
    walls = time.perf_counter() - began
    assert root.visits >= 10 and walls > 0.1


def test_the_same_players_next_decision_starts_from_the_kept_tree() -> None:
    engine = Collect(Setup(("Ann", "Ben")))
    bot, rng = MctsBot(budget=50), random.Random(3)
    decision = engine.decision()
    assert decision is not None
    move = bot.choose(engine, decision, rng)
    kept = bot._kept
    assert kept is not None and kept.root is not None and kept.root.visits > 1
    visits, walks = kept.root.visits, []
    original = bot._iterate

    def spy(search, world, rng, candidates):  # type: ignore[no-untyped-def]
        walks.append(search.root)
        original(search, world, rng, candidates)
    bot._iterate = spy  # type: ignore[method-assign]
    play(engine, "Ann", move)
    after = engine.decision()
    assert after is not None and after.actor == "Ann"
    bot.choose(engine, after, rng)
    assert len(walks) == 50 - visits and walks[0].visits == 50  # only what the budget still allows


def test_mcts_with_no_budget_named_spends_its_games_own() -> None:
    assert _search(Collect, budget=None).visits == DEFAULT_BUDGET  # not a seed game
    plan = Plan("battle-for-seven-cities", 2, 1, seed=3)
    engine = engine_class(plan)(plan.setup(0))
    rng = random.Random(3)
    while (decision := engine.decision()) is not None and (decision.actor == "table" or len(decision.moves) < 3):
        play(engine, decision.actor, rng.choice(decision.moves))
    assert decision is not None
    root = make_bot("mcts").search(engine, decision, rng)
    assert root.visits == SEED_BUDGETS["battle-for-seven-cities"] != DEFAULT_BUDGET
