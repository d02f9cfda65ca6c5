"""probe flags counters that reach their upper limit, and finds loops in engines whose state holds a closure."""

from __future__ import annotations

import random

import pytest
from pathlib import Path

from playproof.insights.probe import exact_state, fingerprint, probe
from playproof.playtest.engine import Decision, Engine, Event, RuleIndex, Setup, Violation
from playproof.playtest.games import resolve_engine
from playproof.playtest.holdings import Limit, limits_of

LANTERN = Path(__file__).resolve().parents[2] / "examples" / "declared" / "lantern-guild"


class Bank(Engine):
    """Players take a coin each turn (at most 3 each: the bank's limit) until six turns are played; with seed 2 the
    turn goes round a circle of two states, and a move generator made at set-up (a closure) lies in the state."""

    game_id, title, min_players, max_players = "bank", "Bank", 2, 2
    rules = RuleIndex("bank", [])

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.coins = {"Ann": 0, "Ben": 0}
        self.turns = 0

        def offered(player: str, kind: str = "take") -> tuple[str, ...]:
            """The moves of a player (a closure over the game's own word for it)."""
            return (f"{kind} coin",)

        self.offered = offered

    def apply(self, event: Event) -> list[Violation]:
        """Take a coin, never beyond 3."""
        self.coins[event.actor] = min(3, self.coins[event.actor] + 1)
        self.turns = (self.turns + 1) % 2 if self.setup.seed == 2 else self.turns + 1
        return []

    def decision(self) -> Decision | None:
        """Ann and Ben in turn, six turns."""
        if self.turns >= 6:
            return None
        player = self.setup.players[self.turns % 2]
        return Decision(player, self.offered(player))

    def is_over(self) -> bool:
        """Return whether six turns were played."""
        return self.turns >= 6

    def scores(self) -> dict[str, int]:
        """Score the coins."""
        return dict(self.coins)

    def limits(self) -> dict[str, tuple[int, int]]:
        """Each player's coins, at most 3."""
        return {f"{player} coins": (value, 3) for player, value in self.coins.items()}


def test_a_counter_reaching_its_limit_is_flagged_once_with_its_seed_and_moves() -> None:
    result = probe(Bank, 2, 3, seed=1, max_moves=40)  # seeds 1 and 3 end; seed 2 loops
    limits = [f for f in result.findings if f.kind == "counter at its limit"]
    assert [(f.message, f.seed) for f in limits] == [("Ann coins reached its limit of 3 (now 3) at move 5", 1),
                                                     ("Ben coins reached its limit of 3 (now 3) at move 6", 1)]
    assert limits[0].moves == ["Ann: take coin", "Ben: take coin", "Ann: take coin", "Ben: take coin",
                               "Ann: take coin"]
    assert "counter at its limit: Ann coins reached its limit of 3 (now 3) at move 5 (seed 1)" in result.lines()


def test_a_loop_is_found_in_a_state_that_holds_a_closure() -> None:
    engine = Bank(Setup(("Ann", "Ben"), {}, 2))
    assert exact_state(engine)  # plain pickle refuses the closure; the probe digests it by name and values
    result = probe(Bank, 2, 1, seed=2, max_moves=40)
    assert result.loops_checked
    assert [f.kind for f in result.findings if f.kind == "loop"] == ["loop"]


def test_a_closure_over_other_values_is_another_state() -> None:
    first, second = Bank(Setup(("Ann", "Ben"), {}, 1)), Bank(Setup(("Ann", "Ben"), {}, 1))
    assert fingerprint(first) == fingerprint(second)
    second.offered = lambda player, kind="buy": (f"{kind} coin",)
    assert fingerprint(first) != fingerprint(second)
    first.offered = lambda player, kind="sell": (f"{kind} coin",)  # the same function but for its default
    assert fingerprint(first) != fingerprint(second)
    second.coins["Ann"] = 1
    first.coins["Ann"] = 1
    first.offered = second.offered
    assert fingerprint(first) == fingerprint(second)


def test_battle_for_seven_cities_is_looked_at_for_loops() -> None:
    engine_cls = resolve_engine("battle-for-seven-cities", None)
    engine = engine_cls(Setup(("Ann", "Ben"), {}, 1))
    before = fingerprint(engine)
    decision = engine.decision()
    assert decision is not None and exact_state(engine)
    verb, _, args = random.Random(1).choice(decision.moves).partition(" ")
    engine.apply(Event(1, decision.actor, verb, args))
    assert fingerprint(engine) != before  # a move changes the key
    result = probe(engine_cls, 2, 1, seed=1)
    assert result.loops_checked and "loops not looked for" not in result.lines()[0]


def test_a_declared_games_counters_have_their_max_and_rule() -> None:
    engine_cls = resolve_engine("lantern-guild", LANTERN)
    engine = engine_cls(Setup(("Ann", "Ben"), {}, 1, LANTERN))
    found = limits_of(engine)
    assert found["Ann coins"] == Limit(0, 30, "lantern-guild/counters-coins")
    assert "lantern-guild/counters-coins" in engine.rules
    assert limits_of(Bank(Setup(("Ann", "Ben"), {}, 1)))["Ben coins"] == Limit(0, 3, "")


def test_a_kingmaker_found_by_the_referees_own_evaluation_needs_no_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    from crown_engine import Throne  # type: ignore[import-not-found]
    from playproof.insights import kingmaker

    def no_playout(*args: object) -> None:
        raise AssertionError("the referee's evaluation decides: no bot plays out")

    monkeypatch.setattr(kingmaker, "playout", no_playout)
    result = probe(Throne, 3, 1, seed=1, kingmakers=True)
    assert [(f.kind, f.message) for f in result.findings] == [
        ("kingmaker", "Cat can no longer win but decides who does at move 3: crown Ann -> Ann; crown Ben -> Ben "
                      "(by the referee's own evaluation)")]
    assert probe(Throne, 3, 1, seed=3, kingmakers=True).findings == []  # Cat can reach 9: she can still win


def test_a_move_the_referee_cannot_decide_is_played_out() -> None:
    from crown_engine import Throne  # type: ignore[import-not-found]
    from playproof.balance.bots import seat_bots
    from playproof.insights.kingmaker import can_still_win, kingmaker_in, referee_winners

    setup = Setup(("Ann", "Ben", "Cat"), {}, 2)
    engine = Throne(setup)
    for actor, move in (("Ann", "pass"), ("Ben", "pass")):
        engine.apply(Event(0, actor, move, ""))
    assert (can_still_win(engine, "Cat"), can_still_win(engine, "Ben")) == (False, True)
    rested = engine.clone()
    rested.apply(Event(0, "Cat", "rest", ""))
    assert referee_winners(rested) is None  # Ann 5, Ben 4 who may still gain 1: both can still win
    played = [("", Event(i, a, v, "")) for i, (a, v) in enumerate([("Ann", "pass"), ("Ben", "pass"),
                                                                   ("Cat", "rest"), ("Ben", "gain")])]
    found = kingmaker_in(Throne, setup, seat_bots("greedy", 3), played)
    assert found is not None and found.how == "playouts"  # the rest was played out by the greedy bots
    assert dict(found.choices) == {"crown Ann": ("Ann",), "crown Ben": ("Ben",), "rest": ("Ann", "Ben")}


def test_a_sessions_kingmaker_says_the_referee_found_it(tmp_path: Path) -> None:
    import json

    from click.testing import CliRunner

    from playproof.cli import cli

    log = tmp_path / "throne.log"
    log.write_text('[Game "throne"]\n[Players "Ann, Ben, Cat"]\n[Seed "1"]\n\nAnn: pass\nBen: pass\nCat: crown Ben\n'
                   "Ben: gain\n", encoding="utf-8")
    out = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["report", str(log), "--kingmakers", "--engine", "crown_engine:Throne",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    [moment] = json.loads(out.read_text(encoding="utf-8"))["aggregate"]["insights"]["kingmakers"]
    assert (moment["player"], moment["move"], moment["how"]) == ("Cat", 3, "referee")
    page = tmp_path / "r.html"
    assert CliRunner().invoke(cli, ["report", str(log), "--kingmakers", "--engine", "crown_engine:Throne",
                                    "-o", str(page)]).exit_code == 0
    assert "<td>the referee</td>" in page.read_text(encoding="utf-8")
