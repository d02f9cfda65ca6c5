"""The consistency harness itself: it passes a consistent engine and catches each kind of disagreement."""

from __future__ import annotations

from consistency import check, numbers_changed, simulated_events, wrong_actor

from playproof.playtest.engine import Decision, Engine, Event, Rule, RuleIndex, Setup, Violation

RULES = RuleIndex("count-up", [Rule("count-up/1-turn", "Players add in seat order.", "1"),
                               Rule("count-up/2-step", "Add 1 or 2; the total never passes 10.", "2")])


class CountUp(Engine):
    """Players in turn add 1 or 2 to a total; the game ends at 10."""

    game_id, title, rules, min_players, max_players = "count-up", "Count up", RULES, 2, 2
    lenient = False  # a deliberately broken check, to prove the harness catches it
    offers_too_much = False  # a deliberately broken enumeration

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.total, self.turn = 0, 0

    def apply(self, event: Event) -> list[Violation]:
        found = []
        if event.actor != self.setup.players[self.turn]:
            found.append(self.violation("1-turn", "out of turn", event))
        step = int(event.args)
        if not self.lenient and (step not in (1, 2) or self.total + step > 10):
            found.append(self.violation("2-step", f"cannot add {step}", event))
        self.total, self.turn = self.total + step, 1 - self.turn
        return found

    def decision(self) -> Decision | None:
        if self.total >= 10:
            return None
        steps = (1, 2, 3) if self.offers_too_much else tuple(s for s in (1, 2) if self.total + s <= 10)
        return Decision(self.setup.players[self.turn], tuple(f"add {s}" for s in steps))

    def is_over(self) -> bool:
        return self.total >= 10

    def scores(self) -> dict[str, int]:
        return {p: 0 for p in self.setup.players}


SETUP = Setup(("Ann", "Ben"))


def _run(engine_cls: type[Engine]) -> list[str]:
    events = simulated_events(CountUp, SETUP, 3)
    return check(engine_cls, SETUP, events, [wrong_actor, numbers_changed], cuts=8, per_cut=6).problems


def test_a_consistent_engine_passes() -> None:
    assert _run(CountUp) == []


def test_a_check_that_misses_a_mistake_is_caught() -> None:
    lenient = type("Lenient", (CountUp,), {"lenient": True})
    assert any("not flagged" in p for p in _run(lenient))


def test_an_enumeration_offering_an_illegal_move_is_caught() -> None:
    greedy = type("Greedy", (CountUp,), {"offers_too_much": True})
    assert any("offered move rejected" in p for p in _run(greedy))
